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
	static const char *const names[] = { "archive", "print", "web", "slide" };
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
	n = pagesplit(c, NULL, PAGE_W, AVAIL, &fake, &parts);
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
	assert_int_equal(pagesplit(c, NULL, PAGE_W, 1e6, &fake, &parts), 0);
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
		}
	n = pagesplit(c, NULL, PAGE_W, AVAIL, &fake, &parts);
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
		}
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
	n = pagesplit(NULL, t, PAGE_W, AVAIL, &fake, &parts);
	assert_true(n > 1);
	for (size_t k = 0; k < n; k++) {
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
	/* 300 pt: "average" over "IOPS", "slowest" over "second IOPS" */
	assert_int_equal(table_layout(t, 300, &fake), 0);
	assert_string_equal(t->head[1] + t->head_cut[1], "IOPS");
	assert_string_equal(t->head[2] + t->head_cut[2], "second IOPS");
	assert_true(t->body_y - t->head_y > 2 * t->head_h);
	table_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_presets),
		cmocka_unit_test(test_split_bars),
		cmocka_unit_test(test_split_groups),
		cmocka_unit_test(test_split_table),
		cmocka_unit_test(test_table_wrap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
