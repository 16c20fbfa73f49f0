/* SPDX-License-Identifier: MIT */
/* Tests of the chart model: nice ticks, tick labels, scales, layout, M4 thinning. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "chart.h"
#include "err.h"
#include "xalloc.h"

#define assert_near(a, b) assert_near_((a), (b), #a, __LINE__)

static void assert_near_(double a, double b, const char *expr, int line)
{
	if (fabs(a - b) > 1e-9 * (fabs(b) + 1)) {
		print_error("line %d: %s is %.12g, expected %.12g\n", line, expr, a, b);
		fail();
	}
}

static void assert_ticks(const struct chart_ticks *t, const double *want, int n,
			 double step)
{
	assert_int_equal(t->n, n);
	assert_near(t->step, step);
	for (int i = 0; i < n; i++)
		assert_near(t->v[i], want[i]);
}

static void test_nice_ticks(void **state)
{
	struct chart_ticks t;
	(void)state;

	chart_nice_ticks(0, 87300, 5, &t);
	assert_ticks(&t, (const double[]){ 0, 20000, 40000, 60000, 80000, 100000 }, 6,
		     20000);
	chart_nice_ticks(0, 87300, 8, &t);  /* 10000 would need 9 intervals */
	assert_ticks(&t, (const double[]){ 0, 20000, 40000, 60000, 80000, 100000 }, 6,
		     20000);
	chart_nice_ticks(0, 87300, 10, &t);
	assert_int_equal(t.n, 10);
	assert_near(t.step, 10000);
	assert_near(t.v[9], 90000);
	chart_nice_ticks(12, 58, 4, &t);  /* ends round outwards to the step */
	assert_ticks(&t, (const double[]){ 0, 20, 40, 60 }, 4, 20);
	chart_nice_ticks(0, 1, 5, &t);    /* decimals come out clean */
	assert_ticks(&t, (const double[]){ 0, 0.2, 0.4, 0.6, 0.8, 1 }, 6, 0.2);
	chart_nice_ticks(0, 3500000, 6, &t);
	assert_ticks(&t, (const double[]){ 0, 1e6, 2e6, 3e6, 4e6 }, 5, 1e6);
	chart_nice_ticks(0, 0, 5, &t);    /* no data: a unit axis */
	assert_ticks(&t, (const double[]){ 0, 0.2, 0.4, 0.6, 0.8, 1 }, 6, 0.2);
	chart_nice_ticks(-30, 70, 5, &t);  /* 20 would need -40..80, 6 intervals */
	assert_ticks(&t, (const double[]){ -50, 0, 50, 100 }, 4, 50);
}

static void check_si(double v, double step, const char *want)
{
	char buf[32];

	chart_format_si(v, step, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

static void test_format_si(void **state)
{
	(void)state;
	check_si(20000, 0, "20k");
	check_si(1500000, 0, "1.5M");
	check_si(0.5, 0, "0.5");
	check_si(0, 0, "0");
	check_si(999, 0, "999");
	check_si(1234, 0, "1.23k");
	check_si(2e9, 0, "2G");
	check_si(-20000, 0, "-20k");
	/* With the tick step: decimals enough to tell neighbours apart. */
	check_si(20000, 20000, "20k");
	check_si(0, 20000, "0");
	check_si(2500, 500, "2.5k");
	check_si(3000, 500, "3k");
	check_si(0.6000000000000001, 0.2, "0.6");
	check_si(1000000, 250000, "1M");
	check_si(1250000, 250000, "1.25M");
}

static void test_format_grouped(void **state)
{
	char buf[32];
	(void)state;

	chart_format_grouped(3412.46, 1, buf, sizeof(buf));
	assert_string_equal(buf, "3,412.5");
	chart_format_grouped(1234567, 0, buf, sizeof(buf));
	assert_string_equal(buf, "1,234,567");
	chart_format_grouped(999, 0, buf, sizeof(buf));
	assert_string_equal(buf, "999");
	chart_format_grouped(-1234.5, 1, buf, sizeof(buf));
	assert_string_equal(buf, "-1,234.5");
	chart_format_grouped(0.04, 1, buf, sizeof(buf));
	assert_string_equal(buf, "0.0");
	chart_format_grouped(1234567, 0, buf, 6);  /* truncates, stays terminated */
	assert_string_equal(buf, "1,234");
}

/* A fake font: every byte is 5 pt wide, lines are 1.5 times the font size. */
static void fake_text(void *ctx, enum chart_font f, const char *text, double *w,
		      double *h)
{
	(void)ctx;
	*w = 5.0 * (double)strlen(text);
	*h = chart_font_spec(f)->size * 1.5;
}

static const struct chart_measure fake = { fake_text, NULL };

static struct chart *iops_chart(void)
{
	struct chart *c = chart_new(CHART_LINE, "T", "S");
	double x[60], y[60];

	for (int i = 0; i < 60; i++) {
		x[i] = i;
		y[i] = i == 30 ? 87300 : 50000;
	}
	chart_set_axis_titles(c, "Time (s)", "IOPS");
	chart_add_series(c, "Read", CHART_COLOR_READ, x, y, 60);
	return c;
}

/*
 * Expected numbers, from the spacing table in chart.c: title at 28 + 19 * 1.5;
 * subtitle 6 below; 18 to the "IOPS"/legend row (15.75); 10 to the plot. Below
 * the plot: 8 + 15 (ticks) + 8 + 15.75 (x title) + 24 bottom pad.
 */
static void test_layout_line(void **state)
{
	struct chart *c = iops_chart();
	const struct chart_layout *L = &c->lay;
	(void)state;

	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_near(L->title.x, 36);
	assert_near(L->title.y, 28);
	assert_near(L->title.h, 28.5);
	assert_near(L->subtitle.y, 62.5);
	assert_near(L->ytitle.y, 97.75);
	assert_near(L->ytitle.w, 20);
	assert_near(L->plot.y, 123.5);
	assert_near(L->plot.h, 600 - 123.5 - 70.75);
	/* y labels "0".."100k" are at most 20 wide, as is "IOPS": 36 + 20 + 8. */
	assert_near(L->plot.x, 64);
	assert_near(L->ytick_right, 56);
	assert_near(L->plot.w, 960 - 36 - 64);
	assert_near(L->legend.w, 42);
	assert_near(L->legend.x, 64 + 860 - 42);
	assert_near(L->xtick_top, 123.5 + 405.75 + 8);
	assert_near(L->xtitle.x, 64 + (860 - 40) / 2.0);
	assert_near(L->xtitle.y + L->xtitle.h + 24, 600);
	/* y: 405.75 pt fits 8 intervals of 44 pt; 20000 is the first step that fits. */
	assert_ticks(&c->y.ticks,
		     (const double[]){ 0, 20000, 40000, 60000, 80000, 100000 }, 6, 20000);
	/* x: 0..59 s; 5 s ticks would be 71.7 pt apart, under the 80 pt pitch. */
	assert_ticks(&c->x.ticks, (const double[]){ 0, 10, 20, 30, 40, 50, 60 }, 7, 10);
	assert_near(chart_map_x(c, 30), 64 + 430);
	assert_near(chart_map_y(c, 50000), 123.5 + 405.75 / 2);
	assert_near(chart_map_y(c, 0), 123.5 + 405.75);
	assert_near(chart_map_y(c, 100000), 123.5);
	/* 60 points over 1720 columns: nothing to thin. */
	assert_int_equal(c->series[0].pn, 60);
	assert_int_equal(chart_layout(c, 960, 150, &fake), -SB_EINVAL);
	chart_free(c);
}

/* Five per-second samples: 0.5 s ticks would fit, min_step keeps whole seconds. */
static void test_layout_min_step(void **state)
{
	struct chart *c = chart_new(CHART_LINE, "T", "");
	const double x[] = { 1, 2, 3, 4, 5 }, y[] = { 9, 8, 9, 7, 9 };
	(void)state;

	chart_add_series(c, "Read", CHART_COLOR_READ, x, y, 5);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_near(c->x.ticks.step, 0.5);
	chart_set_x_min_step(c, 1);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_ticks(&c->x.ticks, (const double[]){ 0, 1, 2, 3, 4, 5 }, 6, 1);
	/* 9 * 1.04 = 9.36: headroom above the peak, y from zero. */
	assert_ticks(&c->y.ticks, (const double[]){ 0, 2, 4, 6, 8, 10 }, 6, 2);
	chart_free(c);
}

static void test_layout_bars(void **state)
{
	struct chart *c = chart_new(CHART_BARH, "T", "S");
	const struct chart_layout *L = &c->lay;
	(void)state;

	chart_set_axis_titles(c, "MB/s", "");
	chart_add_bar(c, "seq-read", "abc", 1000, "1,000 MB/s", CHART_COLOR_READ);
	chart_add_bar(c, "w", "", 250, "250 MB/s", CHART_COLOR_WRITE);
	chart_add_legend(c, "Read", CHART_COLOR_READ);
	chart_add_legend(c, "Write", CHART_COLOR_WRITE);
	chart_add_legend(c, "Read", CHART_COLOR_READ);
	assert_int_equal(c->nlegend, 2);
	assert_int_equal(chart_layout(c, 960, 0, &fake), 0);
	assert_near(L->plot.y, 123.5);
	assert_near(L->height, 123.5 + 2 * 40 + 70.75);  /* auto height */
	assert_near(L->row_h, 40);
	assert_near(L->bar_h, 22);
	assert_near(L->label_right, 36 + 40);   /* "seq-read" */
	assert_near(L->plot.x, 76 + 16);
	assert_near(L->plot.w, 960 - 36 - 50 - 8 - 92);  /* room for "1,000 MB/s" */
	assert_near(L->legend.w, 22 + 20 + 18 + 22 + 25);
	assert_near(L->legend.x, 960 - 36 - L->legend.w);
	assert_near(c->x.min, 0);
	assert_near(c->x.max, 1000);
	assert_near(chart_map_x(c, 250), 92 + 774 / 4.0);
	/* A fixed height shares the rows out; too small a height is refused. */
	assert_int_equal(chart_layout(c, 960, 123.5 + 70.75 + 100, &fake), 0);
	assert_near(L->row_h, 50);
	assert_near(L->bar_h, 22);
	assert_int_equal(chart_layout(c, 960, 123.5 + 70.75 + 30, &fake), -SB_EINVAL);
	chart_free(c);
}

/* Columns of 100 points; in each the minimum is at offset 71 and the maximum at 37. */
static void test_m4(void **state)
{
	enum { N = 1000, COLS = 10 };
	double x[N], y[N], ox[4 * COLS + 4], oy[4 * COLS + 4];
	size_t n;
	(void)state;

	for (int i = 0; i < N; i++) {
		x[i] = i + 0.5;
		y[i] = i % 100 == 71 ? -5.0 - i / 100 : i % 100 == 37 ? 9.0 + i / 100
									  : i % 7;
	}
	n = chart_m4(x, y, N, 0, N, COLS, ox, oy);
	assert_int_equal(n, 4 * COLS);
	for (int c = 0; c < COLS; c++) {
		int b = 100 * c;

		/* first, then max and min in the order they occur, then last */
		assert_near(ox[4 * c], x[b]);
		assert_near(oy[4 * c], y[b]);
		assert_near(ox[4 * c + 1], x[b + 37]);
		assert_near(oy[4 * c + 1], 9.0 + c);
		assert_near(ox[4 * c + 2], x[b + 71]);
		assert_near(oy[4 * c + 2], -5.0 - c);
		assert_near(ox[4 * c + 3], x[b + 99]);
		assert_near(oy[4 * c + 3], y[b + 99]);
	}
	/* One column: four points, whatever N. */
	n = chart_m4(x, y, N, 0, N, 1, ox, oy);
	assert_int_equal(n, 4);
	assert_near(oy[1], 9.0 + 9);
	assert_near(oy[2], -5.0 - 9);
	/* Fewer points than columns pass through unchanged. */
	n = chart_m4(x, y, 3, 0, 3, 40, ox, oy);
	assert_int_equal(n, 3);
	assert_near(ox[2], x[2]);
	/* A column whose first point is its minimum keeps it once. */
	n = chart_m4((const double[]){ 0, 1, 2 }, (const double[]){ 1, 3, 2 }, 3, 0,
		     3, 1, ox, oy);
	assert_int_equal(n, 3);
	assert_near(oy[0], 1);
	assert_near(oy[1], 3);
	assert_near(oy[2], 2);
	assert_int_equal(chart_m4(x, y, 0, 0, 1, 4, ox, oy), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nice_ticks),
		cmocka_unit_test(test_format_si),
		cmocka_unit_test(test_format_grouped),
		cmocka_unit_test(test_layout_line),
		cmocka_unit_test(test_layout_min_step),
		cmocka_unit_test(test_layout_bars),
		cmocka_unit_test(test_m4),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
