/* SPDX-License-Identifier: MIT */
/*
 * the preset table and pagesplit, without cairo: a 42-bar summary, a
 * 15-test x 10-drive grouped bar chart and a 100-row table cut into parts that each
 * fit the page, every row once and in order, on the whole chart's value axis.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "chart.h"
#include "pagesplit.h"
#include "table.h"
#include "xalloc.h"

/* A fake font (as test_chart's): every byte 5 pt wide, lines 1.5 times the size. */
static void fake_text(void *ctx, enum chart_font f, const char *text, double *w,
		      double *h)
{
	(void)ctx;
	*w = 5.0 * (double)strlen(text);
	*h = chart_font_spec(f)->size * 1.5;
}

static const struct chart_measure fake = { fake_text, NULL };

#define PAGE_W 818.0  /* the report's chart page: A4 landscape less the margins */
#define AVAIL 549.0

static void free_parts(struct pagesplit_part *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		chart_free(p[i].c);
		table_free(p[i].t);
	}
	free(p);
}

static void test_presets(void **state)
{
	static const char *const names[] = { "archive", "print", "web", "slide", "85mm", "175mm" };
	double w, h;

	(void)state;
	for (int i = 0; i < CHART_PRESET_N; i++) {
		const struct chart_preset *p = chart_preset((enum chart_preset_id)i);
		double min = INFINITY;

		assert_string_equal(p->name, names[i]);
		assert_ptr_equal(chart_preset_find(names[i]), p);
		/* min_text is what the type scale holds: none of its sizes is smaller */
		for (int f = 0; f < CHART_FONT_N; f++)
			min = fmin(min, chart_preset_size(p, (enum chart_font)f));
		assert_true(fabs(min - p->min_text) < 1e-9);
	}
	assert_null(chart_preset_find("poster"));
	assert_true(chart_preset(CHART_PRESET_PRINT)->min_text >= 9);
	assert_true(chart_preset(CHART_PRESET_WEB)->min_text >= 11);
	/* web: 700 wide at the template's aspect ratio; --width 1000 lays it out wider */
	chart_preset_canvas(chart_preset(CHART_PRESET_WEB), 960, 600, 0, &w, &h);
	assert_true(w == 700 && fabs(h - 437.5) < 1e-9);
	chart_preset_canvas(chart_preset(CHART_PRESET_WEB), 960, 600, 1000, &w, &h);
	assert_true(w == 1000 && fabs(h - 625) < 1e-9);
	chart_preset_canvas(chart_preset(CHART_PRESET_WEB), 960, 0, 0, &w, &h);
	assert_true(w == 700 && h == 0); /* bars: as tall as their rows */
	chart_preset_canvas(chart_preset(CHART_PRESET_SLIDE), 900, 500, 1000, &w, &h);
	assert_true(w == 960 && h == 540);
	chart_preset_canvas(chart_preset(CHART_PRESET_ARCHIVE), 900, 500, 700, &w, &h);
	assert_true(w == 900 && h == 500);
}

static void test_split_bars(void **state)
{
	struct chart *c = chart_new(CHART_BARH, "Summary", "MB/s");
	struct pagesplit_part *parts;
	double row, over, whole_max;
	size_t n, want, seen = 0;
	char label[48];

	(void)state;
	chart_add_legend(c, "read", CHART_COLOR_READ);
	for (int i = 0; i < 42; i++) {
		snprintf(label, sizeof(label), "op%02d-step", i);
		chart_add_bar(c, label, "randwrite / 4 KiB / QD32", 100.0 * (i + 1), "v",
			      CHART_COLOR_READ);
	}
	assert_int_equal(chart_layout(c, PAGE_W, 0, &fake), 0);
	assert_true(c->lay.height > AVAIL);
	row = c->lay.row_h;
	over = c->lay.height - 42 * row;
	whole_max = c->x.max;
	/* rows a page holds: what is left of it after the title, legend and axis */
	want = (size_t)ceil(42.0 / floor((AVAIL - over) / row));
	n = pagesplit(c, NULL, PAGE_W, AVAIL, &fake, NULL, &parts);
	assert_int_equal(n, want);
	for (size_t k = 0; k < n; k++) {
		char title[64];

		snprintf(title, sizeof(title), "Summary (%zu/%zu)", k + 1, n);
		assert_non_null(parts[k].c);
		assert_null(parts[k].t);
		assert_string_equal(parts[k].c->title, title);
		assert_string_equal(parts[k].c->subtitle, "MB/s");
		assert_int_equal(parts[k].c->nlegend, 1);
		assert_int_equal(chart_layout(parts[k].c, PAGE_W, 0, &fake), 0);
		assert_true(parts[k].c->lay.height <= AVAIL);
		assert_true(fabs(parts[k].c->x.max - whole_max) < 1e-9);
		for (size_t b = 0; b < parts[k].c->nbars; b++, seen++) {
			snprintf(label, sizeof(label), "op%02zu-step", seen);
			assert_string_equal(parts[k].c->bars[b].label, label);
		}
	}
	assert_int_equal(seen, 42);
	free_parts(parts, n);
	/* a chart that fits is not split */
	assert_int_equal(pagesplit(c, NULL, PAGE_W, 1e6, &fake, NULL, &parts), 0);
	assert_null(parts);
	chart_free(c);
}

static void test_split_groups(void **state)
{
	struct chart *c = chart_new(CHART_BARG, "IOPS", NULL);
	struct pagesplit_part *parts;
	char test[32], drive[32];
	size_t n, seen = 0;

	(void)state;
	for (int t = 0; t < 15; t++)
		for (int d = 0; d < 10; d++) {
			snprintf(test, sizeof(test), "test-%02d", t);
			snprintf(drive, sizeof(drive), "Drive %d", d + 1);
			chart_add_group_bar(c, test, drive, 1000.0 * (t + 1), "v",
					    chart_palette((size_t)d));
			if (d == 2)   /* the reviewed drive */
				chart_bar_emph(c, c->nbars - 1);
		}
	n = pagesplit(c, NULL, PAGE_W, AVAIL, &fake, NULL, &parts);
	assert_true(n > 1);
	for (size_t k = 0; k < n; k++) {
		const struct chart *p = parts[k].c;

		assert_int_equal(chart_layout(parts[k].c, PAGE_W, 0, &fake), 0);
		assert_true(p->lay.height <= AVAIL);
		assert_int_equal(p->nlegend, 10);   /* every drive on every page */
		/* parts break between tests: each starts at a test's first drive */
		assert_string_equal(p->bars[0].label, "Drive 1");
		assert_string_equal(p->bars[p->nbars - 1].label, "Drive 10");
		for (size_t b = 0; b < p->nbars; b++, seen++) {
			snprintf(test, sizeof(test), "test-%02zu", seen / 10);
			assert_string_equal(p->bars[b].group, test);
			assert_int_equal(p->bars[b].emph, seen % 10 == 2);
		}
		for (size_t i = 0; i < p->nlegend; i++)   /* and its key, on every page */
			assert_int_equal(p->legend[i].emph, i == 2);
	}
	assert_int_equal(seen, 150);
	free_parts(parts, n);
	chart_free(c);
}

static void test_split_table(void **state)
{
	const char *head[] = { "step", "IOPS", "99.9 % slowest IOPS" };
	struct table *t = table_new("Consistency", "sub", 3, head);
	struct pagesplit_part *parts;
	size_t n, seen = 0;
	char name[32];

	(void)state;
	for (int r = 0; r < 100; r++) {
		snprintf(name, sizeof(name), "row-%03d", r);
		table_add_row(t, (const char *const[]){ name, "1,234", "1,000" }, NULL);
	}
	table_set_footer(t, "footer");
	/* parts titled in the language's brackets */
	n = pagesplit(NULL, t, PAGE_W, AVAIL, &fake, "{}（{}/{}）", &parts);
	assert_true(n > 1);
	for (size_t k = 0; k < n; k++) {
		char title[64];

		snprintf(title, sizeof(title), "Consistency（%zu/%zu）", k + 1, n);
		assert_string_equal(parts[k].t->title, title);
		assert_null(parts[k].c);
		assert_int_equal(table_layout(parts[k].t, PAGE_W, &fake), 0);
		assert_true(parts[k].t->height <= AVAIL);
		assert_string_equal(parts[k].t->footer, "footer");
		assert_string_equal(parts[k].t->head[2], "99.9 % slowest IOPS");
		for (size_t r = 0; r < parts[k].t->nrows; r++, seen++) {
			snprintf(name, sizeof(name), "row-%03zu", seen);
			assert_string_equal(parts[k].t->cells[r * 3].text, name);
		}
	}
	assert_int_equal(seen, 100);
	free_parts(parts, n);
	table_free(t);
}

/* A narrow canvas: headers go to two lines before anything is cut. */
static void test_table_wrap(void **state)
{
	const char *head[] = { "step", "average IOPS", "slowest second IOPS" };
	struct table *t = table_new("T", "", 3, head);

	(void)state;
	table_add_row(t, (const char *const[]){ "rnd4k", "1", "2" }, NULL);
	/* one line: 60 + 95 pt of headers and 72 of padding need 72 + 45 + 80 + 115 */
	assert_int_equal(table_layout(t, 960, &fake), 0);
	assert_int_equal(t->head_cut[1], 0);
	/* 260 pt, whose margins shrink to 36 x 260 / 480 pt each (under 480 pt): one line
	 * would need 0.15 x 260 + 240; "average" over "IOPS", "slowest" over "second IOPS" */
	assert_int_equal(table_layout(t, 260, &fake), 0);
	assert_string_equal(t->head[1] + t->head_cut[1], "IOPS");
	assert_string_equal(t->head[2] + t->head_cut[2], "second IOPS");
	assert_true(t->body_y - t->head_y > 2 * t->head_h);
	table_free(t);
}

/* Chinese headers go to two lines before a full-width bracket as at a space. */
static void test_table_wrap_cjk(void **state)
{
	const char *head[] = { "step", "平均延遲（µs）", "IOPS 標準差 σ" };
	struct table *t = table_new("T", "", 3, head);

	(void)state;
	table_add_row(t, (const char *const[]){ "rnd4k", "1", "2" }, NULL);
	assert_int_equal(table_layout(t, 960, &fake), 0);
	assert_int_equal(t->head_cut[1], 0);
	/* the fake measures 5 pt a byte: 105 and 85 pt in one line, 60 and 45 in two */
	assert_int_equal(table_layout(t, 260, &fake), 0);
	assert_int_equal(t->head_cut[1], strlen("平均延遲"));
	assert_string_equal(t->head[1] + t->head_cut[1], "（µs）");
	assert_string_equal(t->head[2] + t->head_cut[2], "標準差 σ");
	table_free(t);
}

/* A tile column stays one in every part of a table split by columns or rows. */
static void test_split_tiles(void **state)
{
	const char *head[] = { "test", "read MB/s", "write MB/s", "read IOPS", "write IOPS" };
	struct table *t = table_new("Card", "", 5, head);
	struct pagesplit_part *parts;
	size_t n;

	(void)state;
	for (int r = 0; r < 40; r++)
		table_add_row(t, (const char *const[]){ "RND4K Q32T16", "1,234.56", "2,345.67",
							"301,398", "572,671" }, NULL);
	table_set_keep(t, 1);
	for (size_t c = 0; c < 3; c++)
		table_set_tile(t, c);
	n = pagesplit(NULL, t, 300, AVAIL, &fake, NULL, &parts);
	assert_true(n > 2);
	for (size_t k = 0; k < n; k++) {
		const struct table *p = parts[k].t;

		assert_int_equal(p->tile[0], 1);
		for (size_t c = 1; c < p->ncols; c++)
			assert_int_equal(p->tile[c], strstr(p->head[c], "MB/s") != NULL);
	}
	free_parts(parts, n);
	table_free(t);
}

#define WEB_W 700.0   /* the web preset's canvas */

/*
 * A 12-drive Δ table of two tests (cells as wide as "44,610 (+28.4%)", one marked): too
 * wide for the page or 700 pt, it is cut by columns into parts that each keep the
 * test and baseline columns, cut no cell short, hold every drive once and in order,
 * each as many as fit; in print each part is within a page, its two rows together.
 */
/* 1 when t's columns 0, 1 and n from from, as a table, fit w with no cell cut short. */
static int fits_with(const struct table *t, size_t from, size_t n, double w)
{
	const char *head[16], *row[16];
	struct table *p;
	int ok;

	head[0] = t->head[0];
	head[1] = t->head[1];
	for (size_t k = 0; k < n; k++)
		head[2 + k] = t->head[from + k];
	p = table_new(t->title, t->subtitle, n + 2, head);
	for (size_t r = 0; r < t->nrows; r++) {
		row[0] = t->cells[r * t->ncols].text;
		row[1] = t->cells[r * t->ncols + 1].text;
		for (size_t k = 0; k < n; k++)
			row[2 + k] = t->cells[r * t->ncols + from + k].text;
		table_add_row(p, row, NULL);
	}
	ok = !table_layout(p, w, &fake) && !p->cut;
	table_free(p);
	return ok;
}

static void test_split_columns(void **state)
{
	const char *head[13], *row[13];
	char names[13][32];
	struct table *t, **cols;
	struct pagesplit_part *parts;
	double widths[] = { PAGE_W, WEB_W };
	size_t n;

	(void)state;
	head[0] = "Test";
	head[1] = "Drive 1 (baseline)";
	for (int i = 2; i < 13; i++) {
		snprintf(names[i], sizeof(names[i]), "Drive %d", i);
		head[i] = names[i];
	}
	t = table_new("Δ: IOPS", "value (Δ % against the baseline)", 13, head);
	table_set_keep(t, 2);
	for (int r = 0; r < 2; r++) {
		row[0] = r ? "4K random read QD32 T1" : "128K sequential read QD4 T1";
		row[1] = "44,610";
		for (int i = 2; i < 13; i++)
			row[i] = i == 7 ? "44,610 (+28.4%) QD16\u2020" : "44,610 (+28.4%)";
		table_add_row(t, row, NULL);
	}
	/* laid out whole at 700 pt, the cells are cut: what the split avoids */
	assert_int_equal(table_layout(t, WEB_W, &fake), 0);
	assert_int_equal(t->cut, 1);
	for (size_t w = 0; w < 2; w++) {
		size_t next = 2;

		n = pagesplit_columns(t, widths[w], &fake, NULL, &cols);
		assert_true(n > 1);
		for (size_t k = 0; k < n; k++) {
			struct table *p = cols[k];

			assert_int_equal(table_layout(p, widths[w], &fake), 0);
			assert_int_equal(p->cut, 0);
			assert_string_equal(p->head[0], "Test");
			assert_string_equal(p->head[1], "Drive 1 (baseline)");
			assert_string_equal(p->cells[p->ncols].text, "4K random read QD32 T1");
			for (size_t c = 2; c < p->ncols; c++, next++)
				assert_string_equal(p->head[c], head[next]);
			if (next < 13)   /* as many as fit: one more column would cut */
				assert_false(fits_with(t, next - (p->ncols - 2), p->ncols - 1,
						       widths[w]));
			table_free(p);
		}
		assert_int_equal(next, 13);   /* every drive once */
		free(cols);
	}
	/* print: the column parts, each within a page, none of its rows cut apart */
	n = pagesplit(NULL, t, PAGE_W, AVAIL, &fake, NULL, &parts);
	assert_true(n > 1);
	for (size_t k = 0; k < n; k++) {
		assert_int_equal(table_layout(parts[k].t, PAGE_W, &fake), 0);
		assert_true(parts[k].t->height <= AVAIL);
		assert_int_equal(parts[k].t->nrows, 2);
	}
	free_parts(parts, n);
	/* a table that keeps no columns is never cut by columns */
	table_set_keep(t, 0);
	assert_int_equal(pagesplit_columns(t, WEB_W, &fake, NULL, &cols), 0);
	table_free(t);
}

/*
 * A 12-drive lineup's bar legend at 700 pt: in rows, every entry inside the canvas;
 * twelve distinct colours; a 12-series overlay: twelve distinct colour and marker pairs.
 */
static void test_legend_12(void **state)
{
	struct chart *c = chart_new(CHART_BARG, "IOPS", "higher is better");
	struct chart *o = chart_new(CHART_SCATTER, "dispersion", NULL);
	double xs[2] = { 0, 1 }, ys[2] = { 1, 2 };
	char drive[32];
	size_t rows = 0;

	(void)state;
	for (int d = 0; d < 12; d++) {
		snprintf(drive, sizeof(drive), "Vendor Model %d 2TB", d + 1);
		chart_add_group_bar(c, "4K random read QD32 T1", drive, 1000.0 * (d + 1), "1,000",
				    chart_palette((size_t)d));
		chart_series_add(o, drive, chart_palette((size_t)d), xs, ys, 2);
	}
	assert_int_equal(chart_layout(c, WEB_W, 0, &fake), 0);
	assert_int_equal(c->nlegend, 12);
	for (size_t i = 0; i < c->nlegend; i++) {
		double w = 0, h = 0;

		fake_text(NULL, CHART_FONT_LEGEND, c->legend[i].label, &w, &h);
		assert_true(c->legend[i].x >= 0);
		assert_true(c->legend[i].x + 22 + w <= WEB_W);
		assert_true(c->legend[i].y >= c->lay.legend.y);
		assert_true(c->legend[i].y + h <= c->lay.legend.y + c->lay.legend.h + 0.01);
		assert_true(c->legend[i].y + h <= c->lay.plot.y);   /* above the bars */
		rows += !i || c->legend[i].y > c->legend[i - 1].y;
		for (size_t k = 0; k < i; k++)
			assert_int_not_equal(c->legend[i].color, c->legend[k].color);
	}
	assert_true(rows > 1);
	assert_int_equal(chart_layout(o, WEB_W, 400, &fake), 0);
	for (size_t i = 0; i < o->nseries; i++)
		for (size_t k = 0; k < i; k++)
			assert_true(o->series[i].color != o->series[k].color ||
				    o->series[i].marker != o->series[k].marker);
	chart_free(c);
	chart_free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets),
		cmocka_unit_test(test_split_bars),
		cmocka_unit_test(test_split_groups),
		cmocka_unit_test(test_split_table),
		cmocka_unit_test(test_table_wrap),
		cmocka_unit_test(test_table_wrap_cjk),
		cmocka_unit_test(test_split_tiles),
		cmocka_unit_test(test_split_columns),
		cmocka_unit_test(test_legend_12),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
