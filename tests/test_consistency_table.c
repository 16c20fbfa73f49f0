/* SPDX-License-Identifier: MIT */
/*
 * Tests of report/model/consistency_table.c: the consistency table's cells from
 * a per-second series built here, against the numbers worked out in the test.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "consistency_table.h"

#define N 2000

/* v[i] = 1000 + 2i: average 2999; 99.9 % of 2000 seconds exceed the 2nd slowest. */
static void ramp(double *v)
{
	for (size_t i = 0; i < N; i++)
		v[i] = 1000 + 2.0 * (double)i;
}

static void test_cells(void **state)
{
	double v[N], sd = 2 * sqrt((double)N * (N + 1) / 12.0); /* of 0..N-1, times 2 */
	double sd60 = 2 * sqrt(60.0 * 61 / 12.0);
	struct consistency c;
	char buf[64], want[64];
	(void)state;

	ramp(v);
	consistency_compute(v, N, 60, &c);
	cons_format(&c, CONS_AVG, buf, sizeof(buf));
	assert_string_equal(buf, "2,999");
	cons_format(&c, CONS_P999, buf, sizeof(buf));
	assert_string_equal(buf, "1,002");   /* v[1]: ceil(0.001 x 2000) = 2nd smallest */
	cons_format(&c, CONS_SCORE, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%.3f", 1002.0 / 2999.0);
	assert_string_equal(buf, want);
	cons_format(&c, CONS_AVG_SD, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%.2f", 2999.0 / sd);
	assert_string_equal(buf, want);
	cons_format(&c, CONS_SD, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%s%.0f", "1,", sd - 1000);
	assert_string_equal(buf, want);
	cons_format(&c, CONS_SD_LAST, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%.1f", sd60);   /* under 100: one decimal */
	assert_string_equal(buf, want);
}

/* Undefined numbers (one second: no sigma) and an empty series print a dash. */
static void test_undefined(void **state)
{
	double one = 500;
	struct consistency c;
	char buf[64];
	(void)state;

	consistency_compute(&one, 1, 60, &c);
	cons_format(&c, CONS_AVG, buf, sizeof(buf));
	assert_string_equal(buf, "500");
	cons_format(&c, CONS_SCORE, buf, sizeof(buf));
	assert_string_equal(buf, "1.000");
	for (int k = CONS_AVG_SD; k <= CONS_SD_LAST; k++) {
		cons_format(&c, (enum cons_col)k, buf, sizeof(buf));
		assert_string_equal(buf, "–");
	}
	consistency_compute(NULL, 0, 60, &c);
	for (int k = CONS_AVG; k < CONS_NCOLS; k++) {
		cons_format(&c, (enum cons_col)k, buf, sizeof(buf));
		assert_string_equal(buf, "–");
	}
}

static void test_table(void **state)
{
	const char *head[CONS_NCOLS] = { "Step", "avg", "p", "s", "a/sd", "sd", "sd60" };
	double v[N];
	struct consistency c;
	struct table *t = cons_table_new("T", "S", head);
	char buf[64];
	(void)state;

	ramp(v);
	consistency_compute(v, N, 60, &c);
	cons_table_add(t, "ramp", &c);
	assert_int_equal(t->ncols, CONS_NCOLS);
	assert_int_equal(t->nrows, 1);
	assert_string_equal(t->head[CONS_SCORE], "s");
	assert_string_equal(t->cells[CONS_NAME].text, "ramp");
	for (int k = CONS_AVG; k < CONS_NCOLS; k++) {
		cons_format(&c, (enum cons_col)k, buf, sizeof(buf));
		assert_string_equal(t->cells[k].text, buf);
	}
	table_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_undefined),
		cmocka_unit_test(test_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
