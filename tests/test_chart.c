/* SPDX-License-Identifier: MIT */
/* Tests of the chart model: nice ticks, tick labels, scales, layout, M4 thinning. */
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
#include "table.h"
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
	/* A null in fio's JSON reads as NaN: (int) of its log10 was undefined (UBSan). */
	check_si(NAN, 0, "n/a");
	check_si(INFINITY, 0, "n/a");
	check_si(-INFINITY, 1000, "n/a");
}

/* chart_format_fixed against the decimal rule, each case worked by hand. */
static void test_format_fixed(void **state)
{
	static const struct { double v; int dec; const char *want; } c[] = {
		{ 73312.5, 0, "73313" },   /* an exact binary half: %.0f gives 73312 */
		{ 0.5, 0, "1" }, { 1.5, 0, "2" }, { 2.5, 0, "3" }, { -2.5, 0, "-3" },
		{ 2.675, 2, "2.68" },      /* 2.67499999999999982236431605997495353221893310546875 */
		{ 1.005, 2, "1.01" }, { 0.125, 2, "0.13" }, { 9.995, 2, "10.00" },
		{ 999.96, 1, "1000.0" }, { 0.06, 1, "0.1" }, { 0.04, 1, "0.0" },
		{ -0.04, 1, "0.0" }, { 0.004, 1, "0.0" }, { 0, 3, "0.000" }, { 0.6, 0, "1" },
		{ 0.4, 0, "0" }, { 1234567, 0, "1234567" }, { 1e-7, 3, "0.000" },
		{ 123456789012.25, 1, "123456789012.3" }, { 12.3456, 3, "12.346" },
	};
	char buf[64];
	(void)state;

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		chart_format_fixed(c[i].v, c[i].dec, buf, sizeof(buf));
		assert_string_equal(buf, c[i].want);
	}
	chart_format_fixed(NAN, 2, buf, sizeof(buf));
	assert_string_equal(buf, "n/a");
	chart_format_fixed(123.456, 2, buf, 4);                  /* truncates, terminated */
	assert_string_equal(buf, "123");
}

static void test_format_grouped(void **state)
{
	char buf[32];
	(void)state;

	chart_format_grouped(3412.46, 1, buf, sizeof(buf));
	assert_string_equal(buf, "3,412.5");
	chart_format_grouped(NAN, 1, buf, sizeof(buf));
	assert_string_equal(buf, "n/a");
	chart_format_grouped(1234567, 0, buf, sizeof(buf));
	assert_string_equal(buf, "1,234,567");
	chart_format_grouped(999, 0, buf, sizeof(buf));
	assert_string_equal(buf, "999");
	chart_format_grouped(-1234.5, 1, buf, sizeof(buf));
	assert_string_equal(buf, "-1,234.5");
	chart_format_grouped(0.04, 1, buf, sizeof(buf));
	assert_string_equal(buf, "0.0");
	chart_format_grouped(73312.5, 0, buf, sizeof(buf));     /* exact half: up, not to even */
	assert_string_equal(buf, "73,313");
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
	chart_series_add(c, "Read", CHART_COLOR_READ, x, y, 60);
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
	/* y labels "0".."100,000" are at most 35 wide (7 characters of 5): 36 + 35 + 8. */
	assert_near(L->plot.x, 79);
	assert_near(L->ytick_right, 71);
	assert_near(L->plot.w, 960 - 36 - 79);
	assert_near(L->legend.w, 42);
	assert_near(L->legend.x, 79 + 845 - 42);
	assert_near(L->xtick_top, 123.5 + 405.75 + 8);
	assert_near(L->xtitle.x, 79 + (845 - 40) / 2.0);
	assert_near(L->xtitle.y + L->xtitle.h + 24, 600);
	/* y: 405.75 pt fits 8 intervals of 44 pt; 20000 is the first step that fits. */
	assert_ticks(&c->y.ticks,
		     (const double[]){ 0, 20000, 40000, 60000, 80000, 100000 }, 6, 20000);
	/* x: 0..59 s; 5 s ticks would be 71.7 pt apart, under the 80 pt pitch. */
	assert_ticks(&c->x.ticks, (const double[]){ 0, 10, 20, 30, 40, 50, 60 }, 7, 10);
	assert_near(chart_map_x(c, 30), 79 + 845 / 2.0);
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

	chart_series_add(c, "Read", CHART_COLOR_READ, x, y, 5);
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
		int hundreds = i / 100;

		x[i] = i + 0.5;
		y[i] = i % 100 == 71 ? -5.0 - hundreds : i % 100 == 37 ? 9.0 + hundreds : i % 7;
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

static void test_log_ticks(void **state)
{
	struct chart_ticks t;
	(void)state;

	chart_log_ticks(3, 9000, 10, 8, &t);  /* ends round outwards to powers */
	assert_ticks(&t, (const double[]){ 1, 10, 100, 1000, 10000 }, 5, 0);
	chart_log_ticks(1, 256, 2, 15, &t);   /* queue depths: every power of 2 */
	assert_ticks(&t, (const double[]){ 1, 2, 4, 8, 16, 32, 64, 128, 256 }, 9, 0);
	chart_log_ticks(1, 256, 2, 4, &t);    /* too many: every second power */
	assert_ticks(&t, (const double[]){ 1, 4, 16, 64, 256 }, 5, 0);
	chart_log_ticks(1e-6, 1, 10, 3, &t);  /* every other decade, outwards */
	assert_ticks(&t, (const double[]){ 1e-6, 1e-4, 1e-2, 1 }, 4, 0);
	chart_log_ticks(0, 0, 10, 5, &t);     /* no positive data: one decade */
	assert_ticks(&t, (const double[]){ 1, 10 }, 2, 0);
}

static void check_tick(enum chart_unit u, double v, const char *want)
{
	struct chart_axis a;
	char buf[32];

	memset(&a, 0, sizeof(a));
	a.scale = CHART_LOG10;
	a.unit = u;
	chart_format_tick(&a, v, buf, sizeof(buf));
	assert_string_equal(buf, want);
}

static void test_format_tick(void **state)
{
	(void)state;
	check_tick(CHART_UNIT_IEC, 4096, "4K");
	check_tick(CHART_UNIT_IEC, 131072, "128K");
	check_tick(CHART_UNIT_IEC, 1048576, "1M");
	check_tick(CHART_UNIT_IEC, 512, "512");
	check_tick(CHART_UNIT_IEC, 1536, "1.5K");
	check_tick(CHART_UNIT_NINES, 0.1, "90%");
	check_tick(CHART_UNIT_NINES, 0.01, "99%");
	check_tick(CHART_UNIT_NINES, 0.001, "99.9%");
	check_tick(CHART_UNIT_NINES, 1e-6, "99.9999%");
	check_tick(CHART_UNIT_NINES, 1, "0%");
	/* thousands grouped as magazines print them, SI from a million */
	check_tick(CHART_UNIT_SI, 1000, "1,000");
	check_tick(CHART_UNIT_SI, 250000, "250,000");
	check_tick(CHART_UNIT_SI, 1500000, "1.5M");
	check_tick(CHART_UNIT_SI, 0.001, "0.001");
}

/* A log y axis maps decades evenly and ignores values <= 0 for its range. */
static void test_layout_log(void **state)
{
	struct chart *c = chart_new(CHART_SCATTER, "T", "S");
	const double x[] = { 0, 10, 20, 30 }, y[] = { 0, 50, 5000, 420000 };
	const struct chart_rect *p = &c->lay.plot;
	(void)state;

	chart_set_axis_titles(c, "Time (s)", "IOPS");
	chart_set_scales(c, CHART_LINEAR, CHART_LOG10);
	chart_series_add(c, "A", chart_palette(0), x, y, 4);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_near(c->y.min, 10);
	assert_near(c->y.max, 1e6);
	assert_near(chart_map_y(c, 1e6), p->y);
	assert_near(chart_map_y(c, 10), p->y + p->h);
	assert_near(chart_map_y(c, 1e4), p->y + p->h * 0.4); /* decade 3 of 5 */
	assert_true(isnan(chart_map_y(c, 0)));
	assert_false(c->lay.density);
	assert_int_equal(c->series[0].marker, CHART_MARK_CIRCLE);
	chart_free(c);
}

/* A legend too wide for the y title's row moves to a row of its own. */
static void test_legend_collision(void **state)
{
	struct chart *c = iops_chart();
	const struct chart_layout *L = &c->lay;
	double top;
	char name[160];
	(void)state;

	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	top = L->plot.y;
	assert_near(L->legend.y, L->ytitle.y);
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	chart_series_add(c, name, chart_palette(1), c->series[0].x, c->series[0].y, 60);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	/* 42 + 18 + 22 + 795 = 877 pt of legend; with "IOPS" and the gap, > 888. */
	assert_near(L->legend.w, 877);
	assert_true(L->legend.y >= L->ytitle.y + L->ytitle.h);
	assert_near(L->legend.y, L->ytitle.y + 15.75 + 6);
	assert_near(L->plot.y, top + 6 + 15.75);
	/* The boxes do not overlap: the legend ends above the plot. */
	assert_true(L->legend.y + L->legend.h <= L->plot.y);
	chart_free(c);
}

/* Points land in the right cells; those outside the view are dropped. */
static void test_density(void **state)
{
	const double x[] = { 0, 0.5, 9.99, 10, 5, -1, 5 };
	const double y[] = { 0, 0.2, 9.99, 10, 5, 5, 11 };
	struct chart_series s = { NULL, 0, (double *)(uintptr_t)x, (double *)(uintptr_t)y,
				  7, NULL, NULL, 0, CHART_MARK_CIRCLE, CHART_STROKE_AUTO, 0, 0, NULL };
	struct chart_view v = { 0, 0, 100, 100, 0, 10, 0, 10, CHART_LINEAR, CHART_LINEAR };
	uint32_t counts[4 * 4] = { 0 };
	(void)state;

	assert_int_equal(chart_density(&s, &v, 4, 4, counts), 2);
	assert_int_equal(counts[3 * 4 + 0], 2);  /* (0,0) and (0.5,0.2): bottom left */
	assert_int_equal(counts[0 * 4 + 3], 2);  /* 9.99 and 10: top right */
	assert_int_equal(counts[2 * 4 + 2], 1);  /* (5,5): the centre's lower right */
	uint32_t sum = 0;
	for (int i = 0; i < 16; i++)
		sum += counts[i];
	assert_int_equal(sum, 5);                /* x = -1 and y = 11 are outside */
}

/* Past CHART_DENSITY_MIN points a scatter is a raster; the inset gets its window. */
static void test_density_and_inset(void **state)
{
	struct chart *c = chart_new(CHART_SCATTER, "T", "");
	size_t n = CHART_DENSITY_MIN + 1;
	double *x = xmalloc(n * sizeof(*x)), *y = xmalloc(n * sizeof(*y));
	(void)state;

	for (size_t i = 0; i < n; i++) {
		x[i] = (double)i / 10.0;
		y[i] = 1000 + (double)(i % 7);
	}
	chart_series_add(c, "A", chart_palette(0), x, y, n);
	chart_set_inset(c, 1000, 1500, 990, 1010);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_true(c->lay.density);
	assert_near(c->lay.inset.w, c->lay.plot.w * 0.36);
	assert_near(c->lay.inset.h, c->lay.plot.h * 0.40);
	assert_near(c->lay.inset.x + c->lay.inset.w, c->lay.plot.x + c->lay.plot.w - 12);
	assert_near(c->lay.inset.xmin, 1000);
	assert_near(c->lay.inset.ymax, 1010);
	assert_near(chart_view_x(&c->lay.inset, 1250),
		    c->lay.inset.x + c->lay.inset.w / 2);
	free(x);
	free(y);
	chart_free(c);
}

/* Okabe-Ito order, the first colours the read/write ones; twelve distinct, then a cycle. */
static void test_palette(void **state)
{
	(void)state;
	assert_int_equal(chart_palette(0), CHART_COLOR_READ);
	assert_int_equal(chart_palette(1), CHART_COLOR_WRITE);
	assert_int_equal(chart_palette(2), CHART_COLOR_TRIM);
	for (size_t i = 0; i < 12; i++)
		for (size_t k = 0; k < i; k++)
			assert_int_not_equal(chart_palette(i), chart_palette(k));
	assert_int_equal(chart_palette(12), chart_palette(0));
}

/* Direction-aware shading: more IOPS and less latency are both green. */
static void test_delta_color(void **state)
{
	uint32_t up, down, big;
	(void)state;

	assert_near(table_delta_pct(100, 112), 12);
	assert_near(table_delta_pct(200, 150), -25);
	assert_true(isnan(table_delta_pct(0, 5)));
	assert_int_equal(table_delta_color(0.5, TABLE_HIGHER_BETTER, 20), 0xffffffu);
	assert_int_equal(table_delta_color(NAN, TABLE_HIGHER_BETTER, 20), 0xffffffu);
	up = table_delta_color(10, TABLE_HIGHER_BETTER, 20);
	down = table_delta_color(-10, TABLE_LOWER_BETTER, 20);
	assert_int_equal(up, down);                    /* both better */
	assert_true(((up >> 8) & 0xff) > (up >> 16));  /* green over red */
	assert_int_equal(table_delta_color(10, TABLE_LOWER_BETTER, 20),
			 table_delta_color(-10, TABLE_HIGHER_BETTER, 20));
	assert_true((table_delta_color(10, TABLE_LOWER_BETTER, 20) >> 16) >
		    ((table_delta_color(10, TABLE_LOWER_BETTER, 20) >> 8) & 0xff));
	/* Saturates at full scale; bigger changes are darker until then. */
	big = table_delta_color(20, TABLE_HIGHER_BETTER, 20);
	assert_int_equal(big, 0x4fb99fu);
	assert_int_equal(table_delta_color(500, TABLE_HIGHER_BETTER, 20), big);
	assert_true((up & 0xff) > (big & 0xff));
}

/* SNIA's 3D columns: every column inside the plot, heights linear from 0, rows in depth. */
static void test_bar3d_geometry(void **state)
{
	static const char *const cats[] = { "4k", "64k", "1m" };
	const double x[] = { 0, 1, 2 }, front[] = { 80000, 9000, 600 }, back[] = { 40000, 0, 300 };
	struct chart *c = chart_new(CHART_BAR3D, "T", "S");
	const struct chart_rect *p = &c->lay.plot;
	struct chart_box3d b;
	struct chart_bar3d k, half;
	double top;

	(void)state;
	chart_set_axis_titles(c, "Block size", "IOPS");
	chart_set_categories(c, cats, 3);
	chart_series_add(c, "100/0", chart_palette(0), x, front, 3);
	chart_series_add(c, "0/100", chart_palette(1), x, back, 3);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_near(c->y.min, 0);
	assert_true(c->y.max >= 80000);
	chart_box3d(c, &b);
	assert_near(b.x, p->x);
	assert_near(b.base, p->y + p->h);
	assert_near(b.w + b.ox, p->w);
	assert_near(b.h + b.oy, p->h);
	assert_near(b.cell * 3, b.w);
	/* The front row's first column: centred in its cell, 0.1 of the depth back. */
	chart_bar3d(c, 0, 0, 80000, &k);
	assert_near(k.w, 0.6 * b.cell);
	assert_near(k.x, p->x + 0.2 * b.cell + 0.1 * b.ox);
	assert_near(k.y + k.h, b.base - 0.1 * b.oy);
	assert_near(k.h, 80000 / c->y.max * b.h);
	assert_near(k.dx, 0.3 * b.ox);
	chart_bar3d(c, 0, 0, 40000, &half);
	assert_near(half.h * 2, k.h);
	/* The axis's top value in the back row's last cell stays inside the plot. */
	chart_bar3d(c, 2, 1, c->y.max, &k);
	top = k.y - k.dy;
	assert_true(top >= p->y - 1e-9);
	assert_true(k.x + k.w + k.dx <= p->x + p->w + 1e-9);
	assert_near(k.h, b.h);
	/* Nothing, or less than the axis's 0, has no height. */
	chart_bar3d(c, 1, 1, 0, &k);
	assert_near(k.h, 0);
	chart_bar3d(c, 1, 1, -5, &k);
	assert_near(k.h, 0);
	chart_free(c);
}

static void test_table_layout(void **state)
{
	const char *head[] = { "", "IOPS", "p99 (us)" };
	const char *row[] = { "drive-a", "1,234,567", "12" };
	struct table *t = table_new("T", "S", 3, head);
	double share;

	(void)state;
	table_add_row(t, row, NULL);
	table_set_footer(t, "f");
	assert_int_equal(table_layout(t, 960, &fake), 0);
	/*
	 * Widest text plus 2 x 10 pad: "drive-a" 7 chars at 5 pt, 55; the values 9 and
	 * 8 chars, 65 and 60. The 960 - 72 - 180 px to spare are shared alike.
	 */
	share = (960.0 - 72 - 55 - 65 - 60) / 3;
	assert_near(t->col_w[0], 55 + share);
	assert_near(t->col_w[1], 65 + share);
	assert_near(t->col_w[2], 60 + share);
	assert_near(t->col_x[2], 36 + t->col_w[0] + t->col_w[1]);
	assert_near(t->col_x[2] + t->col_w[2], 960 - 36);
	assert_near(t->row_h, 9.5 * 1.5 + 12);
	/* footer line (the small font's, at 1.5 times its size), bottom pad */
	assert_near(t->height, t->footer_y + chart_font_spec(CHART_FONT_SMALL)->size * 1.5 + 24);
	assert_int_equal(t->cells[1].fill, TABLE_NO_FILL);
	assert_int_equal(table_layout(t, 150, &fake), -SB_EINVAL);
	/*
	 * Just room for the first label: it takes what is left; nothing to share. Under
	 * 480 pt the two 36 pt margins shrink in proportion (0.15 w in all), so w is
	 * 180 / 0.85.
	 */
	assert_int_equal(table_layout(t, (125 + 55) / (1 - 72.0 / 480), &fake), 0);
	assert_near(t->col_w[0], 55);
	assert_near(t->col_w[1], 65);
	assert_int_equal(t->cut, 0);
	/*
	 * Less: "p99 (us)" goes to two lines (40 pt), then the values' 105 pt are capped
	 * to the 95 left beside the first column: cut short, and t->cut says so.
	 */
	assert_int_equal(table_layout(t, (55 + 95) / (1 - 72.0 / 480), &fake), 0);
	assert_true(fabs(t->col_w[0] - 55) < 0.01);   /* the cap is bisected to 0.01 pt */
	assert_int_equal(t->cut, 1);
	table_free(t);
}

/* Temperature on a second axis: its own ticks, off zero, and room on the right. */
static void test_second_axis(void **state)
{
	double x[] = { 0, 50, 100 }, y[] = { 0, 87300, 40000 };
	double tx[] = { 0, 50, 100 }, ty[] = { 41, 66, 72 };
	struct chart *c = chart_new(CHART_LINE, "IOPS", "");
	const struct chart_layout *L = &c->lay;
	(void)state;

	chart_set_axis_titles(c, "Time (s)", "IOPS");
	chart_series_add(c, "Write", 0xe69f00u, x, y, 3);
	chart_set_y2(c, "Temperature (C)");
	chart_series_add_y2(c, "Temperature", 0xd55e00u, tx, ty, 3);
	chart_series_stroke(c, 1, CHART_STROKE_DASHED);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	/* The left axis ignores the temperatures; the right one spans only them. */
	assert_near(c->y.min, 0);
	assert_near(c->y.max, 100000);
	assert_near(c->y2.min, 40);
	assert_near(c->y2.max, 75);
	assert_near(c->y2.ticks.step, 5);
	assert_int_equal(c->y2.ticks.n, 8);
	/* Tick labels "40".."75" are 10 pt wide: the plot ends 8 + 10 pt short of the pad. */
	assert_near(L->plot.x + L->plot.w, 960 - 36 - 10 - 8);
	assert_near(L->y2tick_left, L->plot.x + L->plot.w + 8);
	/* The y2 title is right-aligned at the pad; the legend ends before it. */
	assert_near(L->y2title.x + L->y2title.w, 960 - 36);
	assert_near(L->y2title.y, L->ytitle.y);
	assert_true(L->legend.y == L->ytitle.y);
	assert_near(L->legend.x + L->legend.w, L->y2title.x - 24);
	/* The second axis maps onto the same box. */
	assert_near(chart_map_y2(c, 40), L->plot.y + L->plot.h);
	assert_near(chart_map_y2(c, 75), L->plot.y);
	assert_near(chart_map_y(c, 100000), L->plot.y);
	/* The legend knows which series draws each key. */
	assert_int_equal(c->nlegend, 2);
	assert_int_equal(c->legend[1].series, 1);
	assert_int_equal(c->series[1].stroke, CHART_STROKE_DASHED);
	assert_int_equal(c->series[1].y2, 1);
	chart_free(c);
}

/* Labels of marks on one spot stack without overlapping, and stay in the plot. */
static void test_marks(void **state)
{
	double x[] = { 10, 1000, 10000 }, y[] = { 1, 0.01, 0.00001 };
	struct chart *c = chart_new(CHART_SWEEP, "QoS", "");
	const struct chart_rect *p = &c->lay.plot;
	(void)state;

	chart_set_scales(c, CHART_LOG10, CHART_LOG10);
	chart_series_add(c, "Read", 0x0072b2u, x, y, 3);
	chart_add_mark(c, 1000, 0.01, "99%: 1.00 ms");
	chart_add_mark(c, 1000, 0.009, "99.1%: 1.00 ms");
	chart_add_mark(c, 1000, 0.008, "99.2%: 1.00 ms");
	chart_add_mark(c, 10000, 0.00001, "99.999%: 10.0 ms");
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_int_equal(c->nmarks, 4);
	/* First label: 6 pt right of its point, its bottom 3 pt above it. */
	assert_near(c->marks[0].box.x, chart_map_x(c, 1000) + 6);
	assert_near(c->marks[0].box.y + c->marks[0].box.h, chart_map_y(c, 0.01) - 3);
	assert_near(c->marks[0].box.w, 5.0 * strlen("99%: 1.00 ms"));
	for (size_t i = 0; i < c->nmarks; i++) {
		const struct chart_rect *b = &c->marks[i].box;

		for (size_t j = 0; j < i; j++) {
			const struct chart_rect *o = &c->marks[j].box;

			assert_false(b->x < o->x + o->w && o->x < b->x + b->w &&
				     b->y < o->y + o->h && o->y < b->y + b->h);
		}
		assert_true(b->y >= p->y && b->y + b->h <= p->y + p->h);
	}
	/* The second label moved down to just below the first. */
	assert_near(c->marks[1].box.y, c->marks[0].box.y + c->marks[0].box.h + 1);
	/* At the right edge the label goes left of its point. */
	assert_near(c->marks[3].box.x + c->marks[3].box.w, chart_map_x(c, 10000) - 6);
	chart_free(c);
}

/*
 * Optional marks (a QD sweep's "QD4" on four lines close together): each label at a
 * corner of its own point, on no other label and no other marked point, inside the
 * plot; where no corner is free, none. Points far apart are all labelled.
 */
static void test_marks_optional(void **state)
{
	struct chart *c = chart_new(CHART_SWEEP, "Latency vs IOPS", "");
	const struct chart_rect *p = &c->lay.plot;
	size_t shown = 0;
	(void)state;

	for (int s = 0; s < 4; s++) {   /* four patterns, QD1..QD4 each, near the origin */
		double x[4], y[4];

		for (int k = 0; k < 4; k++) {
			char qd[8];

			x[k] = 1000.0 * (k + 1) + 150.0 * s;
			y[k] = 100.0 + 10.0 * k + 5.0 * s;
			snprintf(qd, sizeof(qd), "QD%d", k + 1);
			chart_add_mark(c, x[k], y[k], qd);
			chart_mark_optional(c, c->nmarks - 1);
		}
		chart_series_add(c, "p", chart_palette((size_t)s), x, y, 4);
	}
	chart_series_add(c, "far", chart_palette(4), (double[]){ 2e4 }, (double[]){ 1000 }, 1);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	for (size_t i = 0; i < c->nmarks; i++) {
		const struct chart_rect *b = &c->marks[i].box;
		double px = chart_map_x(c, c->marks[i].x), py = chart_map_y(c, c->marks[i].y);

		if (c->marks[i].hidden)
			continue;
		shown++;
		/* a corner of its point: 6 pt beside it, touching its height band */
		assert_true(fabs(b->x - (px + 6)) < 1e-9 || fabs(b->x + b->w - (px - 6)) < 1e-9);
		assert_true(fabs(b->y + b->h - (py - 3)) < 1e-9 || fabs(b->y - (py + 3)) < 1e-9);
		assert_true(b->x >= p->x && b->x + b->w <= p->x + p->w);
		assert_true(b->y >= p->y && b->y + b->h <= p->y + p->h);
		for (size_t j = 0; j < c->nmarks; j++) {
			const struct chart_rect *o = &c->marks[j].box;
			double qx = chart_map_x(c, c->marks[j].x), qy = chart_map_y(c, c->marks[j].y);

			if (j == i)
				continue;
			assert_false(!c->marks[j].hidden && b->x < o->x + o->w && o->x < b->x + b->w &&
				     b->y < o->y + o->h && o->y < b->y + b->h);
			assert_false(qx + 4 > b->x && qx - 4 < b->x + b->w && qy + 4 > b->y &&
				     qy - 4 < b->y + b->h);
		}
	}
	assert_true(shown >= 1 && shown < c->nmarks);   /* some, not all, on a crowd */
	chart_free(c);
	/* the same points spread over the axis: every label */
	c = chart_new(CHART_SWEEP, "Latency vs IOPS", "");
	for (int k = 0; k < 4; k++) {
		chart_add_mark(c, 25000.0 * k, 1000.0 * k, "QD");
		chart_mark_optional(c, (size_t)k);
	}
	chart_series_add(c, "p", chart_palette(0), (double[]){ 0, 25000, 50000, 75000 },
			 (double[]){ 0, 1000, 2000, 3000 }, 4);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	for (size_t i = 0; i < c->nmarks; i++)
		assert_false(c->marks[i].hidden);
	chart_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nice_ticks),
		cmocka_unit_test(test_format_si),
		cmocka_unit_test(test_format_fixed),
		cmocka_unit_test(test_format_grouped),
		cmocka_unit_test(test_layout_line),
		cmocka_unit_test(test_layout_min_step),
		cmocka_unit_test(test_layout_bars),
		cmocka_unit_test(test_m4),
		cmocka_unit_test(test_log_ticks),
		cmocka_unit_test(test_format_tick),
		cmocka_unit_test(test_layout_log),
		cmocka_unit_test(test_legend_collision),
		cmocka_unit_test(test_density),
		cmocka_unit_test(test_density_and_inset),
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_delta_color),
		cmocka_unit_test(test_bar3d_geometry),
		cmocka_unit_test(test_table_layout),
		cmocka_unit_test(test_second_axis),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_marks_optional),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
