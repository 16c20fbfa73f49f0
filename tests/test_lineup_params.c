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
	st->data = data ? xstrdup(data) : NULL;
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

/* A language's strings for the marks: only the wording's own, as in en.xml. */
static const char *const *words(void)
{
	static const char *s[M_N];

	for (size_t i = 0; i < M_N; i++)
		s[i] = "";
	s[W_QD] = "QD{}";
	s[W_THREADS] = "T{}";
	s[W_RANDWRITE] = "random write";
	s[W_RANDREAD] = "random read";
	s[W_SEP] = ", ";
	s[W_COLON] = ": ";
	s[W_OPEN] = " (";
	s[W_CLOSE] = ")";
	s[S_PLAN] = "Plan";
	s[S_NCOLUMNS] = "{} columns";
	return s;
}

/*
 * The mark on the row: the column that ran a test unlike the baseline gets its
 * values in reviewer wording and a dagger, the CSV's fio names with both values; the
 * baseline and an alike column none; a field one archive does not say (an import's
 * data pattern, its range) is no difference, and the parameters table says unknown.
 */
static void test_marks(void **state)
{
	struct result_run a, b, c;
	const struct result_run *runs[] = { &a, &b, &c };
	const char *dirs[] = { "out/a", "out/b", "out/c" };
	const char *labels[] = { "drvA", "drvB", "imp" };
	const struct wording w = { "en", words() };
	struct result_step *st;
	struct lineup_diff *df;
	struct lineup l;
	struct diag d;
	struct sbuf sb;
	size_t n;

	(void)state;
	result_run_init(&a);
	result_run_init(&b);
	result_run_init(&c);
	a.capacity = b.capacity = 100 * MIB;
	/* w: drvB at QD16 with 4 threads, the import at QD32 saying nothing of its
	 * range, data or threads; r: alike but for the import's rw. */
	add(&a, "w", 32, 60000, 50 * MIB, "random");
	st = add(&b, "w", 16, 60000, 50 * MIB, "random");
	st->numjobs = 4;
	st = add(&c, "w", 32, 60000, 0, NULL);
	st->numjobs = 0;   /* not said either */
	add(&a, "r", 4, 60000, 50 * MIB, "random");
	add(&b, "r", 4, 60000, 50 * MIB, "random");
	st = add(&c, "r", 4, 60000, 0, NULL);
	free(st->rw);
	st->rw = xstrdup("randread");
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 3,
				      &(struct lineup_opts){ .labels = labels }, &d), 0);
	assert_int_equal(lineup_reference(&l, 0), 0);
	sbuf_init(&sb);
	assert_int_equal(lineup_mark(&l, 0, 0, &w, &sb), 0);   /* the baseline */
	assert_int_equal(lineup_mark(&l, 0, 2, &w, &sb), 0);   /* unknowns only */
	assert_int_equal(sb.len, 0);
	assert_int_equal(lineup_mark(&l, 0, 1, &w, &sb), 2);
	assert_string_equal(sb.buf, "QD16 T4" LINEUP_MARK);
	sbuf_release(&sb);
	sbuf_init(&sb);
	assert_int_equal(lineup_mark(&l, 0, 1, NULL, &sb), 2);
	assert_string_equal(sb.buf, "iodepth 16 vs 32; numjobs 4 vs 1");
	sbuf_release(&sb);
	sbuf_init(&sb);
	assert_int_equal(lineup_mark(&l, 1, 2, &w, &sb), 1);
	assert_string_equal(sb.buf, "random read" LINEUP_MARK);
	assert_int_equal(lineup_mark(&l, 1, 1, &w, &sb), 0);
	sbuf_release(&sb);
	/* The table: w's iodepth and numjobs, r's rw; never range or data. */
	lineup_diffs(&l, &df, &n);
	assert_int_equal(n, 3);
	assert_string_equal(df[0].param, "iodepth");
	assert_int_equal(df[0].title, S_P_QD);
	assert_string_equal(df[1].param, "numjobs");
	assert_string_equal(df[1].values[1], "4");
	assert_string_equal(df[1].values[2], "");   /* unknown */
	assert_string_equal(df[2].param, "rw");
	assert_string_equal(df[2].values[2], "randread");
	lineup_diffs_free(df, n, l.nm);
	lineup_release(&l);
	result_run_release(&a);
	result_run_release(&b);
	result_run_release(&c);
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
	a.plan_title = xstrdup("Quick test");
	b.plan_title = xstrdup("Quick test");
	p = lineup_provenance(&l, &(struct wording){ "en", words() });
	/* One plan named once, by its title; both fio versions. */
	assert_string_equal(p, "Acme X9, b  |  Plan: Quick test (sha256 0123456789ab)  |  "
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
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_provenance),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
