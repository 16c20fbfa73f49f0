/* SPDX-License-Identifier: MIT */
/*
 * Tests of chartdraw: a 1M-point dispersion chart stays under 1 MB as SVG, PDF and
 * PNG and opens in rsvg-convert and pdftoppm; small scatters stay vector; sweeps
 * and insets render; the reviewed drive is emphasised; a PDF's text is the CJK faces' own CFF outlines, the same
 * bytes every time. Set SB_CHART_OUT=DIR to keep the files for viewing.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <zlib.h>

#include "chartdraw.h"
#include "err.h"
#include "gfx_png.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

#define MB (1024 * 1024)

static struct gfx_fonts *fonts_for(const char *lang)
{
	struct gfx_fonts *f = NULL;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(gfx_fonts_new(&f, SB_SOURCE_DIR "/templates/fonts.conf", lang,
				       &d), 0);
	return f;
}

static char *out_path(const char *name)
{
	const char *keep = getenv("SB_CHART_OUT");

	return xasprintf("%s/%s", keep && *keep ? keep : testutil_dir, name);
}

static long file_size(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return (long)st.st_size;
}

/* A fio-like dispersion: a fresh-out-of-box plateau, a cliff, a bimodal steady state. */
static void dispersion(double *x, double *y, size_t n, double scale, unsigned seed)
{
	for (size_t i = 0; i < n; i++) {
		double t = (double)i * 2000.0 / (double)n;
		double r = (double)((seed = seed * 1103515245u + 12345u) >> 8 & 0xffff) / 65536.0;

		x[i] = t;
		if (t < 300)
			y[i] = scale * (420000 + 20000 * r);
		else if (r < 0.08)
			y[i] = scale * 8000 * r * 12; /* GC stalls */
		else
			y[i] = scale * ((r < 0.6 ? 90000 : 140000) + 25000 * (r - 0.5));
	}
}

static struct chart *big_scatter(size_t per_series)
{
	struct chart *c = chart_new(CHART_SCATTER, "4K 隨機寫入 IOPS 離散分佈",
				    "3 drives, 1 s samples");
	double *x = xmalloc(per_series * sizeof(*x)), *y = xmalloc(per_series * sizeof(*y));
	static const char *const names[] = { "Drive A", "Drive B", "Drive C" };

	chart_set_axis_titles(c, "Time (s)", "IOPS");
	for (int s = 0; s < 3; s++) {
		dispersion(x, y, per_series, 1.0 - 0.2 * s, 7u + (unsigned)s);
		chart_series_add(c, names[s], chart_palette((size_t)s), x, y, per_series);
	}
	chart_set_inset(c, 1600, 2000, 0, 200000);
	chart_set_footer(c, "Drive: Example SSD 2TB (FW 1.0)  |  Plan: pts  |  fio-3.33");
	free(x);
	free(y);
	return c;
}

static int tool_exists(const char *name)
{
	char *cmd = xasprintf("command -v %s > /dev/null 2>&1", name);
	int ok = system(cmd) == 0;

	free(cmd);
	return ok;
}

static void run_ok(const char *cmd)
{
	int st = system(cmd);

	if (st != 0)
		print_error("'%s' exited %d\n", cmd, st);
	assert_int_equal(st, 0);
}

/* SVG is well formed for libxml2 without XML_PARSE_HUGE; returns its <image> count. */
static int svg_images(const char *path)
{
	xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET);
	struct sbuf sb;
	int n = 0;

	assert_non_null(doc);
	xmlFreeDoc(doc);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	for (const char *p = sb.buf; (p = strstr(p, "<image")); p++)
		n++;
	sbuf_release(&sb);
	return n;
}

static void test_million_points(void **state)
{
	struct gfx_fonts *f = fonts_for("zh-TW");
	struct chart *c = big_scatter(333334);
	char *svg = out_path("dispersion-1m.svg"), *pdf = out_path("dispersion-1m.pdf");
	char *png = out_path("dispersion-1m.png"), *cmd;
	struct diag d;
	(void)state;

	assert_true(chart_points(c) >= 1000000);
	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 600, 0, NULL, &d), 0);
	assert_true(c->lay.density);
	assert_int_equal(chartdraw_file(c, f, GFX_PDF, pdf, 960, 600, 0, NULL, &d), 0);
	assert_int_equal(chartdraw_file(c, f, GFX_PNG, png, 960, 600, 1400, NULL, &d), 0);
	assert_true(file_size(svg) < MB);
	assert_true(file_size(pdf) < MB);
	assert_true(file_size(png) < MB);
	/* The main raster and the inset's own, re-binned one; text stays vector. */
	assert_int_equal(svg_images(svg), 2);
	/* scripts/setup installs both (librsvg2-bin, poppler-utils): missing is a failure. */
	if (!tool_exists("rsvg-convert") || !tool_exists("pdftoppm"))
		fail_msg("rsvg-convert or pdftoppm missing (scripts/setup installs them)");
	cmd = xasprintf("rsvg-convert -o '%s/rsvg.png' '%s'", testutil_dir, svg);
	run_ok(cmd);
	free(cmd);
	cmd = xasprintf("pdftoppm -r 50 -png '%s' '%s/pdfpage'", pdf, testutil_dir);
	run_ok(cmd);
	free(cmd);
	free(svg);
	free(pdf);
	free(png);
	chart_free(c);
	gfx_fonts_free(f);
}

/* Below the density threshold markers stay vector: no raster in the SVG. */
static void test_small_scatter_vector(void **state)
{
	struct gfx_fonts *f = fonts_for("en");
	struct chart *c = big_scatter(2000);
	char *svg = out_path("dispersion-6k.svg");
	struct diag d;
	(void)state;

	chart_set_scales(c, CHART_LINEAR, CHART_LOG10);
	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 600, 0, NULL, &d), 0);
	assert_false(c->lay.density);
	assert_int_equal(c->y.scale, CHART_LOG10);
	assert_int_equal(svg_images(svg), 0);
	assert_true(file_size(svg) < MB);
	free(svg);
	chart_free(c);
	gfx_fonts_free(f);
}

/* Occurrences of needle in a file that may hold NUL bytes. */
static int count_in(const struct sbuf *sb, const char *needle)
{
	size_t n = strlen(needle);
	int hits = 0;

	for (size_t i = 0; i + n <= sb->len; i++)
		hits += !memcmp(sb->buf + i, needle, n);
	return hits;
}

/*
 * A PDF embeds both Noto Sans CJK faces as CFF subsets with a ToUnicode map (real
 * text, the fonts' own outlines; not Type 3 glyph drawings), and the heap room
 * gfx makes for big blocks changes nothing: two PDFs of one chart in
 * one process, the first in fresh room and the second in what the first left,
 * are the same bytes.
 */
static void test_pdf_text(void **state)
{
	struct gfx_fonts *f = fonts_for("zh-TW");
	struct chart *c = big_scatter(1000);
	char *a = out_path("text-a.pdf"), *b = out_path("text-b.pdf"), *cmd;
	struct sbuf sa, sb;
	struct diag d;
	(void)state;

	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_PDF, a, 960, 600, 0, NULL, &d), 0);
	assert_int_equal(chartdraw_file(c, f, GFX_PDF, b, 960, 600, 0, NULL, &d), 0);
	sbuf_init(&sa);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sa, a), 0);
	assert_int_equal(sbuf_read_file(&sb, b), 0);
	assert_int_equal(sa.len, sb.len);
	assert_memory_equal(sa.buf, sb.buf, sa.len);
	/* Per face: Type0 and CIDFont dictionaries, a descriptor, a CFF FontFile3. */
	assert_int_equal(count_in(&sa, "/Subtype /CIDFontType0C"), 2);
	assert_int_equal(count_in(&sa, "/FontFile3"), 2);
	assert_int_equal(count_in(&sa, "/ToUnicode"), 2);
	assert_int_equal(count_in(&sa, "NotoSansCJKtc-Regular\n"), 3);
	assert_int_equal(count_in(&sa, "NotoSansCJKtc-Bold\n"), 3);
	assert_int_equal(count_in(&sa, "/Type3"), 0);
	if (tool_exists("pdftoppm")) {
		cmd = xasprintf("pdftoppm -r 30 -png '%s' '%s/textpage'", a, testutil_dir);
		run_ok(cmd);
		free(cmd);
	}
	sbuf_release(&sa);
	sbuf_release(&sb);
	free(a);
	free(b);
	chart_free(c);
	gfx_fonts_free(f);
}

/* IOPS against QD on a log2 axis: ticks at the depths, IEC block sizes work too. */
static void test_sweep(void **state)
{
	static const double qd[] = { 1, 2, 4, 8, 16, 32, 64, 128, 256 };
	static const double rd[] = { 14e3, 27e3, 52e3, 98e3, 180e3, 310e3, 480e3,
				     610e3, 640e3 };
	static const double wr[] = { 60e3, 110e3, 190e3, 280e3, 330e3, 350e3, 355e3,
				     357e3, 358e3 };
	struct gfx_fonts *f = fonts_for("zh-CN");
	struct chart *c = chart_new(CHART_SWEEP, "IOPS 与队列深度", "4 KiB, 1 job");
	char *png = out_path("sweep.png"), *svg = out_path("sweep.svg");
	struct diag d;
	(void)state;

	chart_set_axis_titles(c, "队列深度 (QD)", "IOPS");
	chart_set_scales(c, CHART_LOG2, CHART_LINEAR);
	chart_series_add(c, "randread 4 KiB", chart_palette(0), qd, rd, 9);
	chart_series_add(c, "randwrite 4 KiB", chart_palette(1), qd, wr, 9);
	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_PNG, png, 960, 600, 1400, NULL, &d), 0);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 600, 0, NULL, &d), 0);
	assert_int_equal(c->x.ticks.n, 9);
	assert_true(c->x.ticks.v[0] == 1 && c->x.ticks.v[8] == 256);
	assert_int_equal(c->series[1].marker, CHART_MARK_SQUARE);
	assert_int_equal(svg_images(svg), 0);
	free(png);
	free(svg);
	chart_free(c);
	gfx_fonts_free(f);
}

#define EMPH_BAND "fill:rgb(100%,95.686275%,80%)"   /* CHART_COLOR_EMPH, 0xfff4cc */

/*
 * A lineup's reviewed drive: its line 1.8 times as heavy and drawn after (over) the
 * others, its legend key on a band; in grouped bars a band behind each of its rows.
 */
static void test_emph(void **state)
{
	static const double x[] = { 1, 2, 3 }, y[3][3] = { { 1, 2, 3 }, { 2, 3, 4 }, { 3, 4, 5 } };
	struct gfx_fonts *f = fonts_for("en");
	struct chart *c = chart_new(CHART_LINE, "QoS", "");
	char *svg = out_path("emph.svg");
	const char *thin, *heavy, *blue;
	struct diag d;
	struct sbuf sb;

	(void)state;
	for (int i = 0; i < 3; i++)
		chart_series_add(c, i == 0 ? "A" : i == 1 ? "B" : "C", chart_palette((size_t)i),
				 x, y[i], 3);
	chart_series_emph(c, 0);   /* the first drawn last */
	assert_true(c->legend[0].emph && !c->legend[1].emph);
	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 600, 0, NULL, &d), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, svg), 0);
	/* 0x0072b2, the first colour: cairo's rgb(0%,44.705882%,69.803922%) */
	blue = "stroke:rgb(0%,44.705882%,69.803922%)";
	heavy = strstr(sb.buf, "stroke-width:2.88;stroke-linecap:round;stroke-linejoin:round;");
	thin = strstr(sb.buf, "stroke-width:1.6;stroke-linecap:round;");
	assert_non_null(heavy);
	assert_non_null(thin);
	assert_true(thin < heavy);
	assert_true(!strncmp(strstr(heavy, "stroke:"), blue, strlen(blue)));
	assert_int_equal(count_in(&sb, "stroke-width:2.88;"), 1);
	assert_int_equal(count_in(&sb, EMPH_BAND), 1);
	sbuf_release(&sb);
	chart_free(c);
	/* grouped bars: two tests of three drives, the second drive's rows */
	c = chart_new(CHART_BARG, "IOPS", "");
	for (int t = 0; t < 2; t++)
		for (int i = 0; i < 3; i++) {
			chart_add_group_bar(c, t ? "T2" : "T1", i == 0 ? "A" : i == 1 ? "B" : "C",
					    10.0 + i, "10", chart_palette((size_t)i));
			if (i == 1)
				chart_bar_emph(c, c->nbars - 1);
		}
	assert_true(!c->legend[0].emph && c->legend[1].emph);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 0, 0, NULL, &d), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, svg), 0);
	assert_int_equal(count_in(&sb, EMPH_BAND), 2 + 1);
	sbuf_release(&sb);
	chart_free(c);
	free(svg);
	gfx_fonts_free(f);
}

/* 1 when the SVG has a segment from (x0, y0) to (x1, y1), within 0.01 pt. */
static int has_segment(const char *svg, double x0, double y0, double x1, double y1)
{
	for (const char *p = strstr(svg, "d=\"M "); p; p = strstr(p + 1, "d=\"M ")) {
		double a, b, c, d;

		if (sscanf(p, "d=\"M %lf %lf L %lf %lf", &a, &b, &c, &d) == 4 &&
		    fabs(a - x0) < 0.01 && fabs(b - y0) < 0.01 && fabs(c - x1) < 0.01 &&
		    fabs(d - y1) < 0.01)
			return 1;
	}
	return 0;
}

/*
 * A 1 s step's one sample (fio's at 1.001 s): drawn as the window it averages,
 * (0.001 s, 1.001 s], a segment at its value, not a lone dot.
 */
static void test_one_sample(void **state)
{
	static const double t[] = { 1.001 }, v[] = { 22186.8 };
	struct gfx_fonts *f = fonts_for("en");
	struct chart *c = chart_new(CHART_LINE, "4K random read QD1 T1", "");
	char *svg = out_path("one-sample.svg");
	const struct chart_view *vw = &c->lay.view;
	struct diag d;
	struct sbuf sb;

	(void)state;
	chart_set_x_min_step(c, 1);
	chart_series_add(c, "Read", CHART_COLOR_READ, t, v, 1);
	diag_clear(&d);
	assert_int_equal(chartdraw_file(c, f, GFX_SVG, svg, 960, 600, 0, NULL, &d), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, svg), 0);
	assert_true(has_segment(sb.buf, chart_view_x(vw, 0.001), chart_view_y(vw, 22186.8),
				chart_view_x(vw, 1.001), chart_view_y(vw, 22186.8)));
	sbuf_release(&sb);
	chart_free(c);
	free(svg);
	gfx_fonts_free(f);
}

/*
 * A table with tile columns (the result card): a dark tile behind each row's label,
 * a light one behind each value of a tile column, a row tall enough for the large
 * values and the tiles' gaps; the plain column's cells on no tile.
 */
static void test_tiles(void **state)
{
	const char *head[] = { "Test", "Read MB/s", "Write MB/s", "Read IOPS" };
	struct gfx_fonts *f = fonts_for("en");
	struct table *t = table_new("Result card", "", 4, head);
	char *svg = out_path("tiles.svg");
	struct chart_measure m;
	struct diag d;
	struct sbuf sb;
	double th, tw;

	(void)state;
	table_add_row(t, (const char *const[]){ "SEQ1M Q8T1", "7,012.35", "6,500.00", "6,687" },
		      NULL);
	table_add_row(t, (const char *const[]){ "RND4K Q1T1", "69.41", "250.50", "16,946" },
		      NULL);
	for (size_t c = 0; c < 3; c++)
		table_set_tile(t, c);
	diag_clear(&d);
	assert_int_equal(chartdraw_table_file(t, f, GFX_SVG, svg, 960, 0, NULL, &d), 0);
	gfx_fonts_measure(f, &m);
	m.text(m.ctx, CHART_FONT_TITLE, "Ag", &tw, &th);
	assert_true(t->row_h >= th + 2 * TABLE_TILE_GAP);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, svg), 0);
	/* 0x37474f and 0xeef2f5 as cairo writes them */
	assert_int_equal(count_in(&sb, "fill:rgb(21.568627%,27.843137%,30.980392%)"), 2);
	assert_int_equal(count_in(&sb, "fill:rgb(93.333333%,94.901961%,96.078431%)"), 4);
	sbuf_release(&sb);
	table_free(t);
	free(svg);
	gfx_fonts_free(f);
}

static void test_format_by_extension(void **state)
{
	(void)state;
	assert_int_equal(chartdraw_format("a/b.svg"), GFX_SVG);
	assert_int_equal(chartdraw_format("x.PDF"), GFX_PDF);
	assert_int_equal(chartdraw_format("x.png"), GFX_PNG);
	assert_int_equal(chartdraw_format("x.jpg"), -1);
	assert_int_equal(chartdraw_format(".png"), -1);
}

/* A PNG's IHDR colour type, its palette and transparency, and its inflated rows. */
struct png_read {
	int w, h, type;
	unsigned char plte[768], trns[256];
	size_t nplte, ntrns;
	unsigned char *rows;
	size_t nrows;
};

static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void png_read(const unsigned char *png, size_t n, struct png_read *r)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	unsigned char *idat = NULL;
	size_t nidat = 0, at = 8;
	uLongf len;

	memset(r, 0, sizeof(*r));
	assert_memory_equal(png, sig, 8);
	while (at + 12 <= n) {
		uint32_t clen = get32(png + at);
		const unsigned char *type = png + at + 4, *data = png + at + 8;

		assert_true(at + 12 + clen <= n);
		/* Every chunk's CRC covers its type and data. */
		assert_int_equal(crc32(0L, type, clen + 4), get32(data + clen));
		if (!memcmp(type, "IHDR", 4)) {
			r->w = (int)get32(data);
			r->h = (int)get32(data + 4);
			assert_int_equal(data[8], 8);
			r->type = data[9];
		} else if (!memcmp(type, "PLTE", 4)) {
			memcpy(r->plte, data, clen);
			r->nplte = clen / 3;
		} else if (!memcmp(type, "tRNS", 4)) {
			memcpy(r->trns, data, clen);
			r->ntrns = clen;
		} else if (!memcmp(type, "IDAT", 4)) {
			idat = xrealloc(idat, nidat + clen);
			memcpy(idat + nidat, data, clen);
			nidat += clen;
		}
		at += 12 + clen;
	}
	assert_int_equal(at, n);
	r->nrows = (size_t)r->h * (1 + (size_t)r->w * (r->type == 3 ? 1 : r->type == 2 ? 3 : 4));
	r->rows = xmalloc(r->nrows);
	len = r->nrows;
	assert_int_equal(uncompress(r->rows, &len, idat, nidat), Z_OK);
	assert_int_equal(len, r->nrows);
	free(idat);
}

/*
 * gfx_png_encode: a few colours become a palette with transparency (straight
 * alpha from cairo's premultiplied pixels), more than 256 become RGBA; every row
 * unfiltered, every pixel as given.
 */
static void test_png_encode(void **state)
{
	/* transparent, opaque red, half-opaque blue (premultiplied: 0x80 blue at 0x80). */
	const uint32_t few[6] = { 0, 0xffff0000u, 0x80000080u, 0x80000080u, 0, 0xffff0000u };
	uint32_t *many = xmalloc(300 * sizeof(*many));
	struct png_read r;
	unsigned char *png;
	size_t n;
	(void)state;

	png = gfx_png_encode(few, 3, 2, &n);
	assert_non_null(png);
	png_read(png, n, &r);
	assert_int_equal(r.w, 3);
	assert_int_equal(r.h, 2);
	assert_int_equal(r.type, 3);
	assert_int_equal(r.nplte, 3);
	assert_int_equal(r.ntrns, 3);
	for (int y = 0; y < 2; y++) {
		assert_int_equal(r.rows[y * 4], 0); /* filter: none */
		for (int x = 0; x < 3; x++) {
			unsigned i = r.rows[y * 4 + 1 + x];
			uint32_t want = few[y * 3 + x];
			unsigned a = want >> 24;

			assert_true(i < r.nplte);
			assert_int_equal(r.trns[i], a);
			if (a)
				for (int k = 0; k < 3; k++)
					assert_int_equal(r.plte[3 * i + k],
							 (((want >> (16 - 8 * k)) & 0xff) * 255 + a / 2) / a);
		}
	}
	free(r.rows);
	free(png);

	for (uint32_t i = 0; i < 300; i++) /* opaque greys and greens: 300 colours */
		many[i] = 0xff000000u | (i % 256) << 8 | (i < 256 ? i : 0);
	png = gfx_png_encode(many, 20, 15, &n);
	png_read(png, n, &r);
	assert_int_equal(r.type, 6);
	for (size_t i = 0; i < 300; i++) {
		const unsigned char *px = r.rows + (i / 20) * 81 + 1 + (i % 20) * 4;

		assert_int_equal(px[0], 0);
		assert_int_equal(px[1], i % 256);
		assert_int_equal(px[2], i < 256 ? i : 0);
		assert_int_equal(px[3], 255);
	}
	free(r.rows);
	free(png);
	free(many);
	assert_null(gfx_png_encode(few, 0, 2, &n));
}

/*
 * gfx_png_encode_rgb (every PNG page): cairo's RGB24 rows, a pitch wider than the
 * page and the unused top byte set to noise. Few colours: a palette without tRNS;
 * more than 256: RGB; every pixel as given, the padding never read.
 */
static void test_png_encode_rgb(void **state)
{
	enum { W = 20, H = 15, PITCH = 23 };
	uint32_t *page = xmalloc(PITCH * H * sizeof(*page));
	struct png_read r;
	unsigned char *png;
	size_t n;
	(void)state;

	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < PITCH; x++)   /* padding: a colour of its own */
			page[y * PITCH + x] = x < W ? ((uint32_t)(y * 37 + x) << 24) |
						      (x % 2 ? 0xff0000u : 0x00ff00u) : 0x123456u;
	png = gfx_png_encode_rgb(page, W, H, PITCH, &n);
	assert_non_null(png);
	png_read(png, n, &r);
	assert_int_equal(r.type, 3);
	assert_int_equal(r.nplte, 2);    /* the top byte ignored, the padding unread */
	assert_int_equal(r.ntrns, 0);
	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < W; x++) {
			unsigned i = r.rows[y * (W + 1) + 1 + x];

			assert_int_equal(r.plte[3 * i], x % 2 ? 255 : 0);
			assert_int_equal(r.plte[3 * i + 1], x % 2 ? 0 : 255);
			assert_int_equal(r.plte[3 * i + 2], 0);
		}
	free(r.rows);
	free(png);

	for (size_t y = 0; y < H; y++)       /* 300 colours */
		for (size_t x = 0; x < W; x++)
			page[y * PITCH + x] = 0xab000000u | (uint32_t)(y * W + x) << 4;
	png = gfx_png_encode_rgb(page, W, H, PITCH, &n);
	png_read(png, n, &r);
	assert_int_equal(r.type, 2);
	for (size_t y = 0; y < H; y++) {
		assert_int_equal(r.rows[y * (3 * W + 1)], 0);   /* filter: none */
		for (size_t x = 0; x < W; x++) {
			const unsigned char *px = r.rows + y * (3 * W + 1) + 1 + 3 * x;
			uint32_t want = (uint32_t)(y * W + x) << 4;

			assert_int_equal(px[0], (want >> 16) & 0xff);
			assert_int_equal(px[1], (want >> 8) & 0xff);
			assert_int_equal(px[2], want & 0xff);
		}
	}
	free(r.rows);
	free(png);
	assert_null(gfx_png_encode_rgb(page, W, H, W - 1, &n));   /* a pitch too short */
	free(page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_png_encode),
		cmocka_unit_test(test_png_encode_rgb),
		cmocka_unit_test(test_million_points),
		cmocka_unit_test(test_small_scatter_vector),
		cmocka_unit_test(test_pdf_text),
		cmocka_unit_test(test_sweep),
		cmocka_unit_test(test_emph),
		cmocka_unit_test(test_one_sample),
		cmocka_unit_test(test_tiles),
		cmocka_unit_test(test_format_by_extension),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
