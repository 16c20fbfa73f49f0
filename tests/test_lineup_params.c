/* SPDX-License-Identifier: MIT */
/* Unit tests for lineup_params: which parameters of matched tests differ. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lineup.h"
#include "lineup_params.h"
#include "testutil.h"
#include "version.h"
#include "xalloc.h"

#define MIB ((uint64_t)1 << 20)

static struct result_step *add(struct result_run *r, const char *name, int qd,
			       uint64_t runtime_ms, uint64_t range, const char *data)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup(name);
	st->status = xstrdup("ok");
	st->kind = xstrdup("workload");
	st->rw = xstrdup("randwrite");
	st->bs = 4096;
	st->iodepth = qd;
	st->numjobs = 1;
	st->rwmixread = -1;
	st->runtime_ms = runtime_ms;
	st->range_size = range;
	st->capacity = r->capacity;
	st->data = xstrdup(data);
	st->dir_stat[RESULT_WRITE].iops = 1000;
	return st;
}

static void test_diffs(void **state)
{
	struct result_run a, b;
	const struct result_run *runs[] = { &a, &b };
	const char *dirs[] = { "out/a", "out/b" };
	const char *labels[] = { "drvA", "drvB" };
	struct lineup_diff *df;
	struct lineup l;
	struct diag d;
	size_t n;

	(void)state;
	result_run_init(&a);
	result_run_init(&b);
	a.capacity = 100 * MIB;
	b.capacity = 200 * MIB;
	a.ioengine = xstrdup("libaio");
	b.ioengine = xstrdup("libaio");
	/* w: QD 32 against 16. r: alike (runtime 0.3 s apart, half of each target).
	 * z: the data pattern differs; its runtime too, by 1 s of 10 (over 2 % and 0.5 s). */
	add(&a, "w", 32, 60000, 50 * MIB, "random");
	add(&b, "w", 16, 60000, 100 * MIB, "random");
	add(&a, "r", 4, 60000, 50 * MIB, "random");
	add(&b, "r", 4, 60300, 100 * MIB, "random");
	add(&a, "z", 1, 10000, 50 * MIB, "random");
	add(&b, "z", 1, 11000, 30 * MIB, "zero");
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 2,
				      &(struct lineup_opts){ .labels = labels }, &d), 0);
	lineup_diffs(&l, &df, &n);
	assert_int_equal(n, 4);
	assert_string_equal(df[0].line, "w: iodepth 32 (drvA) vs 16 (drvB)");
	assert_string_equal(df[0].param, "iodepth");
	assert_int_equal(df[0].test, 0);
	assert_string_equal(df[0].values[0], "32");
	assert_string_equal(df[0].values[1], "16");
	assert_string_equal(df[1].line, "z: runtime 10.0 s (drvA) vs 11.0 s (drvB)");
	assert_string_equal(df[2].line, "z: range 50 % (drvA) vs 15 % (drvB)");
	assert_string_equal(df[3].line, "z: data random (drvA) vs zero (drvB)");
	lineup_diffs_free(df, n, l.nm);
	lineup_release(&l);
	result_run_release(&a);
	result_run_release(&b);
}

static void test_provenance(void **state)
{
	struct result_run a, b;
	const struct result_run *runs[] = { &a, &b };
	const char *dirs[] = { "out/a", "out/b" };
	struct lineup l;
	struct diag d;
	char *p;

	(void)state;
	result_run_init(&a);
	result_run_init(&b);
	a.drive_model = xstrdup("Acme X9");
	a.plan_name = xstrdup("quick");
	b.plan_name = xstrdup("quick");
	a.plan_sha256 = xstrdup("0123456789abcdef0123");
	b.plan_sha256 = xstrdup("0123456789abcdef0123");
	a.fio_version = xstrdup("fio-3.33");
	b.fio_version = xstrdup("fio-3.36");
	add(&a, "w", 1, 1000, 0, "random");
	add(&b, "w", 1, 1000, 0, "random");
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 2, &(struct lineup_opts){ 0 }, &d), 0);
	p = lineup_provenance(&l, "Plan");
	/* One plan named once; both fio versions. */
	assert_string_equal(p, "Acme X9, b  |  Plan: quick (sha256 0123456789ab)  |  "
			    "fio-3.33, fio-3.36  |  ssdbench " SSDBENCH_VERSION);
	free(p);
	lineup_release(&l);
	result_run_release(&a);
	result_run_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diffs),
		cmocka_unit_test(test_provenance),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
