/* SPDX-License-Identifier: MIT */
/* Tests of report_render(): files, SVG structure, PDF pages and fonts, PNG size. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "err.h"
#include "report.h"
#include "result.h"
#include "sbuf.h"
#include "xalloc.h"

struct fixture {
	struct result_run run;
	char dir[256];
};

static void series(struct result_series *s, int n, double base, double wobble)
{
	for (int i = 0; i < n; i++)
		result_series_push(s, i + 1, base + wobble * sin(i * 0.7) +
				   (i % 17 == 5 ? -base * 0.4 : 0));
}

static struct result_step *add_step(struct result_run *r, int index,
				    const char *name, const char *rw, uint64_t bs,
				    int qd, const char *status)
{
	struct result_step *st = result_run_add_step(r);

	st->index = index;
	st->name = xstrdup(name);
	st->rw = xstrdup(rw);
	st->bs = bs;
	st->iodepth = qd;
	st->numjobs = 1;
	st->status = xstrdup(status);
	return st;
}

/* Three steps: sequential read, a mixed random step, and one that failed. */
static void build_run(struct result_run *r)
{
	struct result_step *st;

	result_run_init(r);
	r->plan_name = xstrdup("quick");
	r->plan_title = xstrdup("快速測試");
	r->target = xstrdup("file target.bin (1 GiB)");
	r->ssdbench_version = xstrdup("0.1.0");
	r->fio_version = xstrdup("fio-3.33");
	r->ioengine = xstrdup("libaio");
	r->kernel = xstrdup("6.1.0-18-amd64");
	r->cpu = xstrdup("AMD Ryzen 7 7700X 8-Core Processor");
	r->hostname = xstrdup("bench01");
	r->started = xstrdup("2026-11-30T02:00:00Z");
	r->ended = xstrdup("2026-11-30T02:03:10Z");
	r->status = xstrdup("complete");
	st = add_step(r, 1, "循序讀取 seq1m-q8t1", "read", 1 << 20, 8, "ok");
	st->dir_stat[RESULT_READ] = (struct result_dirstat){ .iops = 3350,
		.bw_bytes = 3350.0 * 1048576, .clat_mean_us = 2380, .clat_p999_us = 5100 };
	series(&st->iops[RESULT_READ], 60, 3350, 120);
	st = add_step(r, 2, "rnd4k-q32t1-randrw", "randrw", 4096, 32, "ok");
	st->rwmixread = 70;
	st->dir_stat[RESULT_READ] = (struct result_dirstat){ .iops = 61000,
		.bw_bytes = 61000.0 * 4096, .clat_mean_us = 310, .clat_p999_us = 1900 };
	st->dir_stat[RESULT_WRITE] = (struct result_dirstat){ .iops = 26100,
		.bw_bytes = 26100.0 * 4096, .clat_mean_us = 420, .clat_p999_us = 2600 };
	series(&st->iops[RESULT_READ], 90, 61000, 4000);
	series(&st->iops[RESULT_WRITE], 90, 26100, 2500);
	add_step(r, 3, "rnd4k-write", "randwrite", 4096, 32, "failed");
}

static int setup(void **state)
{
	struct fixture *f = xcalloc(1, sizeof(*f));

	build_run(&f->run);
	snprintf(f->dir, sizeof(f->dir), "%s/test_report.XXXXXX", SB_BINARY_DIR);
	if (!mkdtemp(f->dir))
		return -1;
	*state = f;
	return 0;
}

static void rm_rf(const char *path)
{
	DIR *dir = opendir(path);
	struct dirent *e;

	if (dir) {
		while ((e = readdir(dir))) {
			char *sub;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			sub = xasprintf("%s/%s", path, e->d_name);
			rm_rf(sub);
			free(sub);
		}
		closedir(dir);
	}
	remove(path);
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	if (!getenv("SB_KEEP_OUTPUT"))
		rm_rf(f->dir);
	else
		printf("output kept in %s\n", f->dir);
	result_run_release(&f->run);
	free(f);
	return 0;
}

static char *path_in(const struct fixture *f, const char *name)
{
	return xasprintf("%s/%s", f->dir, name);
}

static int exists(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0;
}

/* Reads width and height from the PNG's IHDR chunk. */
static void png_size(const char *path, uint32_t *w, uint32_t *h)
{
	unsigned char b[24];
	FILE *fp = fopen(path, "rb");

	assert_non_null(fp);
	assert_int_equal(fread(b, 1, sizeof(b), fp), sizeof(b));
	fclose(fp);
	assert_memory_equal(b, "\x89PNG\r\n\x1a\n", 8);
	assert_memory_equal(b + 12, "IHDR", 4);
	*w = (uint32_t)b[16] << 24 | (uint32_t)b[17] << 16 | (uint32_t)b[18] << 8 | b[19];
	*h = (uint32_t)b[20] << 24 | (uint32_t)b[21] << 16 | (uint32_t)b[22] << 8 | b[23];
}

static int count_elements(xmlNode *n, const char *name)
{
	int c = 0;

	for (; n; n = n->next) {
		if (n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name))
			c++;
		c += count_elements(n->children, name);
	}
	return c;
}

/* Parses an SVG; returns its height in points and checks the rest of its shape. */
static double check_svg(const char *path, double want_w)
{
	xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
	xmlNode *root;
	xmlChar *w, *h, *vb;
	double height;

	assert_non_null(doc);
	root = xmlDocGetRootElement(doc);
	assert_non_null(root);
	assert_string_equal((const char *)root->name, "svg");
	w = xmlGetProp(root, (const xmlChar *)"width");
	h = xmlGetProp(root, (const xmlChar *)"height");
	vb = xmlGetProp(root, (const xmlChar *)"viewBox");
	assert_non_null(w);
	assert_non_null(h);
	assert_non_null(vb);
	assert_true(fabs(strtod((const char *)w, NULL) - want_w) < 1e-6);
	assert_string_equal((const char *)w + strlen((const char *)w) - 2, "pt");
	height = strtod((const char *)h, NULL);
	assert_true(height > 200 && height < 2000);
	/*
	 * Text is <text> elements (--svg-text outlines: glyph outlines placed
	 * with <use>); lines and bars are paths.
	 */
	assert_true(count_elements(root, "text") > 4);
	assert_int_equal(count_elements(root, "use"), 0);
	assert_true(count_elements(root, "path") > 5);
	xmlFree(w);
	xmlFree(h);
	xmlFree(vb);
	xmlFreeDoc(doc);
	return height;
}

static void check_chart_files(const struct fixture *f, const char *sub,
			      const char *name, int png_width, double want_h)
{
	char *svg = xasprintf("%s/%s/%s.svg", f->dir, sub, name);
	char *png = xasprintf("%s/%s/%s.png", f->dir, sub, name);
	double h = check_svg(svg, 960);
	uint32_t pw, ph;

	if (want_h > 0)
		assert_true(fabs(h - want_h) < 1e-6);
	png_size(png, &pw, &ph);
	assert_int_equal(pw, png_width);
	assert_int_equal(ph, lround(h * png_width / 960));
	free(svg);
	free(png);
}

static void read_all(const char *path, struct sbuf *sb)
{
	sbuf_reset(sb);
	assert_int_equal(sbuf_read_file(sb, path), 0);
}

static size_t count_str(const struct sbuf *sb, const char *needle)
{
	size_t n = 0, len = strlen(needle);

	for (size_t i = 0; i + len <= sb->len; i++)
		n += !memcmp(sb->buf + i, needle, len);
	return n;
}

static int render(struct fixture *f, const char *pdf, const char *charts,
		  int png_width, struct diag *d)
{
	char *pdf_path = pdf ? path_in(f, pdf) : NULL;
	char *chart_dir = charts ? path_in(f, charts) : NULL;
	struct report_opts o = { pdf_path, chart_dir, png_width, NULL, NULL };
	int rc;

	diag_clear(d);
	rc = report_render(&f->run, &o, d);
	if (rc && getenv("SB_VERBOSE"))
		diag_print(d, stderr);
	free(pdf_path);
	free(chart_dir);
	return rc;
}

static void test_render(void **state)
{
	struct fixture *f = *state;
	struct diag d;
	struct sbuf pdf;
	char *p;

	assert_int_equal(render(f, "report.pdf", "charts", 0, &d), 0);
	check_chart_files(f, "charts", "step-001-iops", 1400, 600);
	check_chart_files(f, "charts", "step-002-iops", 1400, 600);
	check_chart_files(f, "charts", "summary", 1400, 0);
	/* Steps 1 and 2 have 60 s and more of samples: the dispersion chart. */
	check_chart_files(f, "charts", "dispersion", 1400, 600);
	/* No workload at two depths: none of the sweep charts. */
	for (int k = 0; k < 3; k++) {
		static const char *const sweeps[3] = { "mbps", "iops", "lat" };
		char name[64];

		snprintf(name, sizeof(name), "charts/sweep-qd-%s.svg", sweeps[k]);
		p = path_in(f, name);
		assert_false(exists(p));
		free(p);
	}
	p = path_in(f, "charts/step-003-iops.svg");  /* failed: no series, no chart */
	assert_false(exists(p));
	free(p);

	/* 1 cover page and 4 charts (no result card: no test both reads and writes); fonts
	 * are the Traditional Chinese face. */
	sbuf_init(&pdf);
	p = path_in(f, "report.pdf");
	read_all(p, &pdf);
	assert_memory_equal(pdf.buf, "%PDF-", 5);
	assert_int_equal(count_str(&pdf, "/Type /Page\n") +
			 count_str(&pdf, "/Type /Page "), 5);
	assert_true(count_str(&pdf, "NotoSansCJKtc-Regular") > 0);
	assert_true(count_str(&pdf, "NotoSansCJKtc-Bold") > 0);
	assert_int_equal(count_str(&pdf, "NotoSansCJKjp"), 0);
	/* The run's start, not the wall clock (cairo 1.16 omits the "D:"). */
	assert_true(count_str(&pdf, "/CreationDate (20261130020000") +
		    count_str(&pdf, "/CreationDate (D:20261130020000") > 0);
	sbuf_release(&pdf);
	free(p);
}

/* A finished step too short for fio's 1 s log window still gets its page. */
static void test_step_without_samples(void **state)
{
	struct fixture *f = *state;
	struct result_step *st = add_step(&f->run, 4, "short", "randread", 4096, 1, "ok");
	struct diag d;
	struct sbuf pdf;
	char *p;

	st->dir_stat[RESULT_READ] = (struct result_dirstat){ .iops = 9000,
		.bw_bytes = 9000.0 * 4096, .clat_mean_us = 100, .clat_p999_us = 300 };
	assert_int_equal(render(f, "report.pdf", "charts", 0, &d), 0);
	check_chart_files(f, "charts", "step-004-iops", 1400, 600);
	sbuf_init(&pdf);
	p = path_in(f, "report.pdf");
	read_all(p, &pdf);
	assert_int_equal(count_str(&pdf, "/Type /Page\n") +
			 count_str(&pdf, "/Type /Page "), 6);
	sbuf_release(&pdf);
	free(p);
}

/* The same run gives the same PDF bytes: fixed dates, fixed fonts. */
static void test_pdf_reproducible(void **state)
{
	struct fixture *f = *state;
	struct sbuf a, b;
	struct diag d;
	char *pa = path_in(f, "a.pdf"), *pb = path_in(f, "b.pdf");

	assert_int_equal(render(f, "a.pdf", NULL, 0, &d), 0);
	assert_int_equal(render(f, "b.pdf", NULL, 0, &d), 0);
	sbuf_init(&a);
	sbuf_init(&b);
	read_all(pa, &a);
	read_all(pb, &b);
	assert_int_equal(a.len, b.len);
	assert_memory_equal(a.buf, b.buf, a.len);
	sbuf_release(&a);
	sbuf_release(&b);
	free(pa);
	free(pb);
}

static void test_png_width(void **state)
{
	struct fixture *f = *state;
	struct diag d;

	assert_int_equal(render(f, NULL, "small", 800, &d), 0);
	check_chart_files(f, "small", "step-001-iops", 800, 600);
	check_chart_files(f, "small", "summary", 800, 0);
}

static void test_bad_paths(void **state)
{
	struct fixture *f = *state;
	struct report_opts o = { NULL, NULL, 0, NULL, NULL };
	struct diag d;
	char *want;

	assert_true(render(f, NULL, "no/such/dir", 0, &d) < 0);
	want = path_in(f, "no/such/dir");
	assert_string_equal(d.file, want);
	assert_non_null(strstr(d.msg, want));
	free(want);

	assert_int_equal(render(f, "missing/report.pdf", NULL, 0, &d), -SB_ERENDER);
	want = path_in(f, "missing/report.pdf");
	assert_string_equal(d.file, want);
	assert_non_null(strstr(d.msg, want));
	free(want);

	o.pdf_path = "/dev/null";
	o.fonts_conf = "/nonexistent/fonts.conf";
	diag_clear(&d);
	assert_int_equal(report_render(&f->run, &o, &d), -SB_ERENDER);
	assert_string_equal(d.file, "/nonexistent/fonts.conf");
}

/* 200k points per second of a long soak: M4 keeps the SVG path small. */
static void test_long_series_thinned(void **state)
{
	struct fixture *f = *state;
	struct result_run run;
	struct result_step *st;
	struct report_opts o = { NULL, NULL, 0, "en", NULL };
	char *chart_dir = path_in(f, "long"), *svg;
	struct stat sb;
	struct diag d;

	result_run_init(&run);
	run.plan_name = xstrdup("soak");
	st = add_step(&run, 7, "soak", "randwrite", 4096, 32, "ok");
	series(&st->iops[RESULT_WRITE], 200000, 90000, 30000);
	o.chart_dir = chart_dir;
	diag_clear(&d);
	assert_int_equal(report_render(&run, &o, &d), 0);
	svg = xasprintf("%s/step-007-iops.svg", chart_dir);
	check_svg(svg, 960);
	assert_int_equal(stat(svg, &sb), 0);
	/* ~1700 columns x 4 points; the raw polyline alone would be ~4 MB. */
	assert_true(sb.st_size < 300 * 1024);
	free(svg);
	free(chart_dir);
	result_run_release(&run);
}

/*
 * 30 steps do not fit the cover: the table continues on the next page. (40 until the
 * cover carried the SNIA report header, which takes the room of about 9 rows.)
 */
static void test_cover_table_continues(void **state)
{
	struct fixture *f = *state;
	struct result_run run;
	struct report_opts o = { NULL, NULL, 0, NULL, NULL };
	char *pdf_path = path_in(f, "long.pdf");
	struct sbuf pdf;
	struct diag d;

	result_run_init(&run);
	run.plan_name = xstrdup("長測試計畫");
	for (int i = 1; i <= 30; i++)
		add_step(&run, i, "rnd4k-q1t1-read", "randread", 4096, 1, "pending");
	o.pdf_path = pdf_path;
	diag_clear(&d);
	assert_int_equal(report_render(&run, &o, &d), 0);
	sbuf_init(&pdf);
	read_all(pdf_path, &pdf);
	/* No charts (nothing finished), so every page is the cover's table. */
	assert_int_equal(count_str(&pdf, "/Type /Page\n") +
			 count_str(&pdf, "/Type /Page "), 2);
	sbuf_release(&pdf);
	free(pdf_path);
	result_run_release(&run);
}

/* A run with no finished step and no logs still gets a cover page. */
static void test_empty_run(void **state)
{
	struct fixture *f = *state;
	struct result_run empty;
	struct report_opts o = { NULL, NULL, 0, "en", NULL };
	char *pdf_path = path_in(f, "empty.pdf"), *chart_dir = path_in(f, "empty");
	struct sbuf pdf;
	struct diag d;

	result_run_init(&empty);
	add_step(&empty, 1, "pending", "read", 4096, 1, "pending");
	o.pdf_path = pdf_path;
	o.chart_dir = chart_dir;
	diag_clear(&d);
	assert_int_equal(report_render(&empty, &o, &d), 0);
	sbuf_init(&pdf);
	read_all(o.pdf_path, &pdf);
	assert_int_equal(count_str(&pdf, "/Type /Page\n") +
			 count_str(&pdf, "/Type /Page "), 1);
	sbuf_release(&pdf);
	free(pdf_path);
	free(chart_dir);
	result_run_release(&empty);
}

/* A reviewer's template: its charts only, in its order, at its sizes and titles. */
static void test_template(void **state)
{
	struct fixture *f = *state;
	char *tpl = path_in(f, "mine.xml"), *pdf = path_in(f, "report.pdf");
	char *charts = path_in(f, "charts"), *p;
	struct report_opts o = { pdf, charts, 700, "en", NULL };
	struct report_extra x = { .out = { .png_2x = 1, .date = "2026-01-02T03:04:05Z" },
				  .template_path = tpl };
	FILE *fp = fopen(tpl, "w");
	struct sbuf sb;
	struct diag d;

	assert_non_null(fp);
	fputs("<report>\n  <chart kind=\"summary\" width=\"700\" title=\"Overview\"/>\n"
	      "  <chart kind=\"dispersion\" width=\"800\" height=\"500\" log-y=\"true\"/>\n"
	      "</report>\n", fp);
	fclose(fp);
	diag_clear(&d);
	assert_int_equal(report_render_ext(&f->run, &o, &x, &d), 0);
	p = xasprintf("%s/dispersion.svg", charts);
	assert_true(fabs(check_svg(p, 800) - 500) < 1e-6);
	free(p);
	p = xasprintf("%s/summary.svg", charts);
	check_svg(p, 700);
	free(p);
	p = path_in(f, "charts/step-001-iops.svg"); /* not in the template */
	assert_false(exists(p));
	free(p);
	p = path_in(f, "charts/summary@2x.png");
	assert_true(exists(p));
	free(p);
	sbuf_init(&sb);
	read_all(pdf, &sb);
	assert_int_equal(count_str(&sb, "/Type /Page\n") + count_str(&sb, "/Type /Page "), 3);
	assert_true(count_str(&sb, "/CreationDate (20260102030405") +
		    count_str(&sb, "/CreationDate (D:20260102030405") > 0);
	sbuf_release(&sb);
	free(tpl);
	free(pdf);
	free(charts);
}

/* A broken template stops the report with its location: the bad value's column. */
static void test_template_error(void **state)
{
	static const char text[] = "<report>\n  <chart kind=\"pie\"/>\n</report>\n";
	struct fixture *f = *state;
	char *tpl = path_in(f, "bad.xml");
	struct report_opts o = { NULL, NULL, 0, "en", NULL };
	struct report_extra x = { .template_path = tpl };
	FILE *fp = fopen(tpl, "w");
	struct diag d;

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	diag_clear(&d);
	assert_int_equal(report_render_ext(&f->run, &o, &x, &d), -SB_EPARSE);
	assert_string_equal(d.file, tpl);
	assert_int_equal(d.line, 2);
	/* 'p' of "pie", counted from the first newline: line 2's column */
	assert_int_equal(d.col, (int)(strstr(text, "pie") - strchr(text, '\n')));
	free(tpl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_render, setup, teardown),
		cmocka_unit_test_setup_teardown(test_step_without_samples, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pdf_reproducible, setup, teardown),
		cmocka_unit_test_setup_teardown(test_png_width, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_long_series_thinned, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cover_table_continues, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_run, setup, teardown),
		cmocka_unit_test_setup_teardown(test_template, setup, teardown),
		cmocka_unit_test_setup_teardown(test_template_error, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
