/* SPDX-License-Identifier: MIT */
/* Tests of the SNIA steady-state test and the consistency metrics, on series built here. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "consistency.h"
#include "steady.h"

/* Asserts got == want up to rounding. */
#define near(got, want) near_at((got), (want), __LINE__)
static void near_at(double got, double want, int line)
{
	if (fabs(got - want) > 1e-9 * (fabs(want) + 1))
		fail_msg("line %d: got %.12g, want %.12g", line, got, want);
}

static void test_flat_is_steady(void **state)
{
	const double y[] = { 100, 100, 100, 100, 100 };
	struct steady_window w;

	(void)state;
	assert_int_equal(steady_test(y, 5, 5, 0.20, 0.10, &w), 1);
	assert_int_equal(w.first, 1);
	assert_int_equal(w.last, 5);
	near(w.avg, 100);
	near(w.data_excursion, 0);
	near(w.slope, 0);
	near(w.intercept, 100);
}

/* max - min exactly 20 % of the average passes (SNIA: "no more than"). */
static void test_range_on_the_limit(void **state)
{
	const double on[] = { 90, 110, 100, 100, 100 };
	const double past[] = { 89.9, 110, 100, 100, 100 };
	struct steady_window w;

	(void)state;
	assert_int_equal(steady_test(on, 5, 5, 0.20, 0.10, &w), 1);
	near(w.data_excursion, 20);
	near(w.max_data_excursion, 20);
	near(w.slope, 1);          /* sum (x-3)(y-100) = 10 over sum (x-3)^2 = 10 */
	near(w.slope_excursion, 4);
	assert_int_equal(steady_test(past, 5, 5, 0.20, 0.10, &w), 0);
	assert_int_equal(w.range_ok, 0);
	assert_int_equal(w.slope_ok, 1);
	near(w.avg, 99.98);
}

/* A line rising 2.5 a round over 5 rounds: slope excursion 10 = 10 % of 100. */
static void test_slope_on_the_limit(void **state)
{
	const double on[] = { 95, 97.5, 100, 102.5, 105 };
	const double past[] = { 94.98, 97.49, 100, 102.51, 105.02 };
	struct steady_window w;

	(void)state;
	assert_int_equal(steady_test(on, 5, 5, 0.20, 0.10, &w), 1);
	near(w.slope, 2.5);
	near(w.intercept, 92.5);
	near(w.slope_excursion, 10);
	near(w.max_slope_excursion, 10);
	assert_int_equal(steady_test(past, 5, 5, 0.20, 0.10, &w), 0);
	assert_int_equal(w.range_ok, 1);
	assert_int_equal(w.slope_ok, 0);
	near(w.slope_excursion, 10.04);
}

static void test_too_few_rounds(void **state)
{
	const double y[] = { 100, 100, 100, 100 };
	struct steady_window w;

	(void)state;
	assert_int_equal(steady_test(y, 4, 5, 0.20, 0.10, &w), -1);
	assert_int_equal(steady_first_round((const double *const[]){ y }, 1, 4, 5, 0.2, 0.1), 0);
}

/* Only the window counts: earlier rounds are ignored, later windows move on. */
static void test_first_round(void **state)
{
	const double y[] = { 200, 150, 120, 100, 101, 99, 100, 100 };
	const double *ys[] = { y };
	struct steady_window w;

	(void)state;
	/* Round 7's window 120,100,101,99,100: excursion 21 > 20.8 = 20 % of 104. */
	assert_int_equal(steady_test(y, 7, 5, 0.20, 0.10, &w), 0);
	near(w.avg, 104);
	near(w.data_excursion, 21);
	assert_int_equal(steady_first_round(ys, 1, 8, 5, 0.20, 0.10), 8);
	assert_int_equal(steady_test(y, 8, 5, 0.20, 0.10, &w), 1);
	assert_int_equal(w.first, 4);
	near(w.slope, -0.1);
	near(w.intercept, 100.6);
}

static void test_never_steady(void **state)
{
	const double y[] = { 100, 200, 100, 200, 100, 200, 100, 200 };
	const double *ys[] = { y };

	(void)state;
	assert_int_equal(steady_first_round(ys, 1, 8, 5, 0.20, 0.10), 0);
}

/* Every tracking variable must pass: one failing makes the round not steady. */
static void test_all_variables(void **state)
{
	const double a[] = { 100, 100, 100, 100, 100 };
	const double b[] = { 50, 70, 50, 70, 50 };
	const double *ys[] = { a, b };
	struct steady_window ws[2];

	(void)state;
	assert_int_equal(steady_test_all(ys, 2, 5, 5, 0.20, 0.10, ws), 0);
	assert_int_equal(ws[0].range_ok && ws[0].slope_ok, 1);
	assert_int_equal(ws[1].range_ok, 0);
	near(ws[1].avg, 58);
	assert_int_equal(steady_test_all(ys, 1, 5, 5, 0.20, 0.10, ws), 1);
}

static void test_consistency_ramp(void **state)
{
	double v[1000];
	struct consistency c;

	(void)state;
	for (int i = 0; i < 1000; i++)
		v[i] = i + 1;
	consistency_compute(v, 1000, 10, &c);
	assert_int_equal(c.n, 1000);
	near(c.avg, 500.5);
	near(c.stddev, sqrt(1000.0 * 1001 / 12));   /* sample sd of 1..n */
	near(c.avg_over_sd, 500.5 / sqrt(1000.0 * 1001 / 12));
	near(c.stddev_last, sqrt(10.0 * 11 / 12));  /* 991..1000 */
	near(c.min, 1);
	near(c.max, 1000);
	near(c.p999_slowest, 1);                    /* k = ceil(1) = the slowest */
	near(c.drivemaster, 1 / 500.5);
}

/* 5000 s with seven 10-IOPS dips; the score takes the 5th-slowest second (k = 5). */
static void test_consistency_drivemaster(void **state)
{
	double *v = malloc(5000 * sizeof(*v));
	struct consistency c;

	(void)state;
	for (int i = 0; i < 5000; i++)
		v[i] = i % 800 == 7 ? 10 : 100;    /* 7, 807, ..., 4807: 7 dips */
	consistency_compute(v, 5000, 150, &c);
	near(c.avg, (4993 * 100.0 + 7 * 10) / 5000);
	near(c.p999_slowest, 10);
	near(c.drivemaster, 10 / c.avg);
	near(c.stddev_last, 0);                 /* 4850..4999 hold no dip */
	v[807] = v[1607] = 100;                 /* five dips: the 5th slowest is one */
	consistency_compute(v, 5000, 0, &c);
	near(c.p999_slowest, 10);
	v[2407] = 100;                          /* four: the 5th slowest is 100 */
	consistency_compute(v, 5000, 0, &c);
	near(c.p999_slowest, 100);
	near(c.drivemaster, 100 / c.avg);
	free(v);
}

static void test_consistency_flat_and_empty(void **state)
{
	const double flat[] = { 7, 7, 7 };
	struct consistency c;

	(void)state;
	consistency_compute(flat, 3, 2, &c);
	near(c.stddev, 0);
	assert_true(isnan(c.avg_over_sd));      /* avg / 0: undefined, not a number */
	near(c.stddev_last, 0);
	near(c.drivemaster, 1);
	consistency_compute(flat, 1, 60, &c);   /* one second: no spread to speak of */
	near(c.avg, 7);
	assert_true(isnan(c.stddev));
	assert_true(isnan(c.avg_over_sd));
	assert_true(isnan(c.stddev_last));
	consistency_compute(NULL, 0, 10, &c);
	assert_int_equal(c.n, 0);
	near(c.avg, 0);
}

/* A tracking variable that is all zeros measured nothing: it is not steady. */
static void test_zeros_are_not_steady(void **state)
{
	const double zeros[] = { 0, 0, 0, 0, 0 };
	struct steady_window w;

	(void)state;
	assert_int_equal(steady_test(zeros, 5, 5, 0.20, 0.10, &w), 0);
	assert_int_equal(w.range_ok, 0);
	assert_int_equal(w.slope_ok, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat_is_steady),
		cmocka_unit_test(test_range_on_the_limit),
		cmocka_unit_test(test_slope_on_the_limit),
		cmocka_unit_test(test_too_few_rounds),
		cmocka_unit_test(test_first_round),
		cmocka_unit_test(test_never_steady),
		cmocka_unit_test(test_all_variables),
		cmocka_unit_test(test_consistency_ramp),
		cmocka_unit_test(test_zeros_are_not_steady),
		cmocka_unit_test(test_consistency_drivemaster),
		cmocka_unit_test(test_consistency_flat_and_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
