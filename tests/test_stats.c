/* SPDX-License-Identifier: MIT */
/*
 * Tests of common/stats against values that do not come from it: a printed table of
 * Student's t, the closed forms of t with 1 and 2 degrees of freedom, p-values
 * integrated numerically (Simpson, 200,000 steps, outside this code), and a Welch
 * test and a Holm step-down worked by hand.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "stats.h"

#define near(got, want, tol) near_at((got), (want), (tol), __LINE__)
static void near_at(double got, double want, double tol, int line)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("line %d: got %.12g, want %.12g (± %g)", line, got, want, tol);
}

/* t(0.975, df) as printed in statistics textbooks (three decimals). */
static void test_t_table(void **state)
{
	static const struct { double df, t; } table[] = {
		{ 1, 12.706 }, { 2, 4.303 }, { 3, 3.182 }, { 4, 2.776 }, { 5, 2.571 },
		{ 6, 2.447 }, { 7, 2.365 }, { 8, 2.306 }, { 9, 2.262 }, { 10, 2.228 },
		{ 11, 2.201 }, { 12, 2.179 }, { 13, 2.160 }, { 14, 2.145 }, { 15, 2.131 },
		{ 16, 2.120 }, { 17, 2.110 }, { 18, 2.101 }, { 19, 2.093 }, { 20, 2.086 },
		{ 21, 2.080 }, { 22, 2.074 }, { 23, 2.069 }, { 24, 2.064 }, { 25, 2.060 },
		{ 26, 2.056 }, { 27, 2.052 }, { 28, 2.048 }, { 29, 2.045 }, { 30, 2.042 },
		{ 40, 2.021 }, { 60, 2.000 }, { 120, 1.980 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		near(stats_t975(table[i].df), table[i].t, 0.0005);
	near(stats_t975(INFINITY), 1.960, 0.0005);
	assert_true(isnan(stats_t975(0)));
}

/* df 1 is Cauchy: p = 1 - 2 atan(t) / pi; df 2: p = 1 - t / sqrt(2 + t^2). */
static void test_t_closed_forms(void **state)
{
	(void)state;
	for (int i = 0; i < 136; i++) {
		double t = 0.37 * i;

		near(stats_t_p2(t, 1), 1 - 2 * atan(t) / M_PI, 1e-12);
		near(stats_t_p2(-t, 2), 1 - t / sqrt(2 + t * t), 1e-12);
	}
	/* numerically integrated elsewhere */
	near(stats_t_p2(4, 8), 0.0039497728, 1e-9);
	near(stats_t_p2(2, 10), 0.0733880348, 1e-9);
	near(stats_t_p2(2.5, 3.7), 0.0718220229, 1e-9);
	near(stats_t_p2(INFINITY, 5), 0, 0);
	assert_true(isnan(stats_t_p2(NAN, 5)));
}

static void test_of(void **state)
{
	const double v[] = { 10, NAN, 12, 11, 13, 9 };
	const double big[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3 };
	struct stats s;

	(void)state;
	stats_of(v, 6, &s);
	assert_int_equal(s.n, 5);
	near(s.mean, 11, 1e-12);
	near(s.sd, sqrt(2.5), 1e-12);                  /* (1+1+0+4+4)/4 */
	near(s.cv, sqrt(2.5) / 11, 1e-12);
	near(s.ci95, 2.776 * sqrt(2.5) / sqrt(5), 0.0005);
	near(s.min, 9, 0);
	near(s.max, 13, 0);
	stats_of(big, 3, &s);                          /* no digits lost to the mean */
	near(s.sd, 1, 1e-9);
	stats_of(v, 1, &s);                            /* one pass: no noise estimate */
	assert_int_equal(s.n, 1);
	near(s.mean, 10, 0);
	assert_true(isnan(s.sd) && isnan(s.ci95) && isnan(s.cv));
	stats_of(v + 1, 1, &s);
	assert_int_equal(s.n, 0);
	assert_true(isnan(s.mean));
}

/* Means 11 and 15, each variance 2.5 over 5: se 1, t 4, df 8. */
static void test_welch(void **state)
{
	const double a[] = { 10, 12, 11, 13, 9 }, b[] = { 15, 14, 16, 13, 17 };
	const double c[] = { 5, 5, 5 }, e[] = { 7, 7, 7 };
	struct stats sa, sb, sc, se;
	struct stats_welch w;

	(void)state;
	stats_of(a, 5, &sa);
	stats_of(b, 5, &sb);
	assert_int_equal(stats_welch(&sa, &sb, &w), 0);
	near(w.diff, 4, 1e-12);
	near(w.se, 1, 1e-12);
	near(w.df, 8, 1e-9);
	near(w.p, 0.0039497728, 1e-9);
	near(w.ci95, 2.306, 0.0005);
	/* unequal spreads and counts: df from Welch-Satterthwaite */
	stats_of(b, 3, &sb);                           /* 15 14 16: mean 15, var 1 */
	stats_welch(&sa, &sb, &w);
	near(w.df, pow(2.5 / 5 + 1.0 / 3, 2) /
		   (pow(2.5 / 5, 2) / 4 + pow(1.0 / 3, 2) / 2), 1e-9);
	stats_of(c, 3, &sc);
	stats_of(e, 3, &se);
	stats_welch(&sc, &se, &w);
	near(w.p, 0, 0);
	stats_welch(&sc, &sc, &w);
	near(w.p, 1, 0);
	stats_of(a, 1, &sa);
	assert_int_equal(stats_welch(&sa, &sb, &w), -1);
	assert_true(isnan(w.p));
}

static void test_holm(void **state)
{
	const double p[] = { 0.01, 0.04, NAN, 0.03, 0.005 };
	int sig[5];

	(void)state;
	/* 0.005 <= 0.05/4, 0.01 <= 0.05/3, 0.03 > 0.05/2: stops there */
	stats_holm(p, 5, 0.05, sig);
	assert_int_equal(sig[0], 1);
	assert_int_equal(sig[1], 0);
	assert_int_equal(sig[2], -1);
	assert_int_equal(sig[3], 0);
	assert_int_equal(sig[4], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_table),
		cmocka_unit_test(test_t_closed_forms),
		cmocka_unit_test(test_of),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_holm),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
