/* SPDX-License-Identifier: MIT */
/* Unit tests for lineup: matching across archives, round selection, deltas, CSV. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "err.h"
#include "lineup.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

static struct result_step *add(struct result_run *r, const char *name, const char *cell,
			       double riops, double wiops, double mean_us)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup(name);
	st->cell = cell ? xstrdup(cell) : NULL;
	st->status = xstrdup("ok");
	st->kind = xstrdup("workload");
	st->dir_stat[RESULT_READ].iops = riops;
	st->dir_stat[RESULT_READ].bw_bytes = riops * 4096;
	st->dir_stat[RESULT_WRITE].iops = wiops;
	st->dir_stat[RESULT_WRITE].bw_bytes = wiops * 4096;
	st->clat_mean_us = mean_us;
	return st;
}

/* Rounds 1..n of element "ss" in scope "wsat", write IOPS from v. */
static void add_rounds(struct result_run *r, const double *v, int n, int steady, int window)
{
	struct result_scope *sc = result_run_add_scope(r);

	sc->name = xstrdup("wsat");
	sc->rounds = n;
	sc->steady_round = steady;
	sc->window = window;
	for (int i = 0; i < n; i++) {
		struct result_step *st = add(r, "ss", "op=0", 0, v[i], 50);

		st->scope = xstrdup("wsat");
		st->round = i + 1;
	}
}

struct fixture {
	struct result_run a, b;
	const struct result_run *runs[2];
};

static int setup(void **state)
{
	static const double ra[] = { 10, 20, 30 }, rb[] = { 100, 200, 300, 400, 500, 600 };
	struct fixture *f = xcalloc(1, sizeof(*f));

	result_run_init(&f->a);
	result_run_init(&f->b);
	f->a.drive_model = xstrdup("Model X");
	f->a.drive_firmware = xstrdup("1.0");
	add(&f->a, "rr", NULL, 1000, 0, 100);
	add(&f->a, "only-a", NULL, 5, 0, 1);
	add(&f->a, "rw", NULL, 0, 500, 200);
	add_rounds(&f->a, ra, 3, 0, 5);
	add(&f->b, "rw", NULL, 0, 400, 250);
	add(&f->b, "rr", NULL, 1200, 0, 80);
	add_rounds(&f->b, rb, 6, 5, 3);
	add(&f->b, "failed", NULL, 1, 0, 1)->status[0] = 'f';
	f->runs[0] = &f->a;
	f->runs[1] = &f->b;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	result_run_release(&f->a);
	result_run_release(&f->b);
	free(f);
	return 0;
}

static void test_match_and_delta(void **state)
{
	struct fixture *f = *state;
	const char *dirs[] = { "out/a", "/x/out/bdrive/" };
	struct lineup l;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(lineup_build(&l, f->runs, dirs, 2, &(struct lineup_opts){ 0 }, &d), 0);
	assert_string_equal(l.m[0].label, "Model X 1.0");
	assert_string_equal(l.m[1].label, "bdrive");
	/* The baseline's order; a failed step is no test; only-a is left out. */
	assert_int_equal(l.nt, 3);
	assert_string_equal(l.t[0].name, "rr");
	assert_string_equal(l.t[1].name, "rw");
	assert_string_equal(l.t[2].name, "ss");
	assert_string_equal(l.t[2].cell, "op=0");
	assert_int_equal(l.nleft, 1);
	assert_string_equal(l.left_out[0], "only-a: only in Model X 1.0");
	assert_near(lineup_delta(&l, 0, 1, LM_IOPS), 20.0, 1e-9);
	assert_near(lineup_delta(&l, 0, 1, LM_CLAT_MEAN), -20.0, 1e-9);
	assert_near(lineup_delta(&l, 0, 0, LM_IOPS), 0.0, 0);
	assert_near(lineup_delta(&l, 1, 1, LM_WRITE_IOPS), -20.0, 1e-9);
	assert_true(isnan(lineup_delta(&l, 0, 1, LM_WRITE_IOPS)));
	assert_near(l.t[1].v[1][LM_WRITE_MBPS], 400 * 4096 / 1e6, 1e-9);
	/* Rounds: the last one without steady state, the window mean with it. */
	assert_near(l.t[2].v[0][LM_WRITE_IOPS], 30, 0);
	assert_string_equal(l.t[2].how[0], "last round 3");
	assert_near(l.t[2].v[1][LM_WRITE_IOPS], 400, 1e-9);
	assert_string_equal(l.t[2].how[1], "steady window 3-5");
	assert_int_equal(l.t[2].step[1]->round, 5);
	assert_near(lineup_delta(&l, 2, 1, LM_WRITE_IOPS), (400.0 - 30) / 30 * 100, 1e-9);
	lineup_release(&l);
}

/* --tests all: only-a is a test too, blank (no element, NAN, no Δ, no CSV row) in b. */
static void test_all_tests(void **state)
{
	struct fixture *f = *state;
	const char *dirs[] = { "out/a", "/x/out/bdrive/" };
	char *path = xasprintf("%s/all.csv", testutil_dir);
	size_t k = 0;
	struct lineup l;
	struct diag d;
	struct sbuf sb;

	diag_clear(&d);
	assert_int_equal(lineup_build(&l, f->runs, dirs, 2,
				      &(struct lineup_opts){ .all_tests = 1 }, &d), 0);
	assert_int_equal(l.nt, 4);
	assert_int_equal(l.nleft, 0);
	assert_int_equal(lineup_nshared(&l), 3);
	while (k < l.nt && strcmp(l.t[k].name, "only-a"))   /* in a's (the baseline's) order */
		k++;
	assert_true(k < l.nt);
	assert_non_null(l.t[k].step[0]);
	assert_null(l.t[k].step[1]);
	for (int m = 0; m < LM_N; m++)
		assert_true(isnan(l.t[k].v[1][m]));
	assert_true(isfinite(l.t[k].v[0][LM_IOPS]));
	assert_true(isnan(lineup_delta(&l, k, 1, LM_IOPS)));
	/* the shared tests as without it */
	assert_string_equal(l.t[0].name, "rr");
	assert_near(lineup_delta(&l, 0, 1, LM_IOPS), 20.0, 1e-9);
	assert_int_equal(lineup_write_csv(&l, path, &d), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	assert_non_null(strstr(sb.buf, "\r\nModel X 1.0,out/a,only-a,,iops,"));
	assert_null(strstr(sb.buf, "bdrive,/x/out/bdrive/,only-a"));
	sbuf_release(&sb);
	free(path);
	lineup_release(&l);
}

/* A steady-state test that was not reached compares its last window (SNIA). */
static void test_not_reached_window(void **state)
{
	struct fixture *f = *state;
	const char *dirs[] = { "out/a", "/x/out/bdrive/" };
	struct lineup l;
	struct diag d;

	diag_clear(&d);
	free(f->b.scopes[0].until);
	f->b.scopes[0].until = xstrdup("steady");
	f->b.scopes[0].steady_round = 0;
	assert_int_equal(lineup_build(&l, f->runs, dirs, 2, &(struct lineup_opts){ 0 }, &d), 0);
	/* rb = 100 ... 600, window 3: rounds 4-6. */
	assert_near(l.t[2].v[1][LM_WRITE_IOPS], (400 + 500 + 600) / 3.0, 1e-9);
	assert_string_equal(l.t[2].how[1], "last (not steady) window 4-6");
	assert_int_equal(l.t[2].step[1]->round, 6);
	lineup_release(&l);
}

static void test_baseline_labels_csv(void **state)
{
	struct fixture *f = *state;
	const char *dirs[] = { "a", "b" }, *labels[] = { NULL, "三號 \"fast\"" };
	char *path = xasprintf("%s/l.csv", testutil_dir);
	struct lineup l;
	struct sbuf sb;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(lineup_build(&l, f->runs, dirs, 2, &(struct lineup_opts){ .labels = labels, .base = 1 }, &d), 0);
	assert_string_equal(l.m[1].label, "三號 \"fast\"");
	/* b is the baseline: its order, and a's change against it. */
	assert_string_equal(l.t[0].name, "rw");
	assert_near(lineup_delta(&l, 1, 0, LM_IOPS), (1000.0 - 1200) / 1200 * 100, 1e-9);
	assert_int_equal(lineup_write_csv(&l, path, &d), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	assert_memory_equal(sb.buf, "\xEF\xBB\xBF" "drive,archive,test,cell,metric,", 34);
	assert_non_null(strstr(sb.buf, "\r\nModel X 1.0,a,rr,,iops,IOPS,1000.00,-16.67,higher,,,1,,,,,1 pass\r\n"));
	assert_non_null(strstr(sb.buf, "\r\n\"三號 \"\"fast\"\"\",b,rr,,clat_mean_us,µs,80.00,0.00,lower,,,1,,,,,\r\n"));
	assert_non_null(strstr(sb.buf, "\r\nModel X 1.0,a,ss,op=0,write_iops,IOPS,30.00,-92.50,higher,last round 3,,1,,,,,1 pass\r\n"));
	/* Unmeasured metrics have no row: rr did no writes. */
	assert_null(strstr(sb.buf, "a,rr,,write_iops"));
	sbuf_release(&sb);
	lineup_release(&l);
	free(path);
}

static void test_nothing_shared(void **state)
{
	struct result_run x, y;
	const struct result_run *runs[] = { &x, &y };
	const char *dirs[] = { "x", "y" };
	struct lineup l;
	struct diag d;

	(void)state;
	result_run_init(&x);
	result_run_init(&y);
	add(&x, "one", NULL, 1, 0, 1);
	add(&y, "two", NULL, 1, 0, 1);
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 2, &(struct lineup_opts){ 0 }, &d), -SB_EINVAL);
	assert_non_null(strstr(d.msg, "share no finished test"));
	assert_int_equal(l.nleft, 2);
	lineup_release(&l);
	result_run_release(&x);
	result_run_release(&y);
}

/* One archive of an OP sweep: columns op=0, op=28, op=100, tests named op${op}-... */
static void test_by_key(void **state)
{
	static const char *const ops[] = { "0", "28", "100" };
	struct result_run r;
	const struct result_run *runs[] = { &r };
	const char *dirs[] = { "out/sweep" };
	struct lineup l;
	struct diag d;
	char *key;

	(void)state;
	result_run_init(&r);
	add(&r, "probe", NULL, 1, 0, 1);
	for (int i = 0; i < 3; i++) {
		char *n1 = xasprintf("op%s-before-rnd4k-q1-read", ops[i]);
		char *c1 = xasprintf("op=%s phase=before", ops[i]);
		char *n2 = xasprintf("op%s-steady", ops[i]), *c2 = xasprintf("op=%s", ops[i]);

		add(&r, n1, c1, 100.0 * (i + 1), 0, 10);
		add(&r, n2, c2, 0, 50.0 * (i + 2), 20.0 / (i + 1));
		if (i == 1)
			add(&r, "op28-extra", c2, 1, 0, 1);
		free(n1);
		free(c1);
		free(n2);
		free(c2);
	}
	key = lineup_pick_key(&r);
	assert_string_equal(key, "op");
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 1,
				      &(struct lineup_opts){ .by = key, .base_value = "op=28" }, &d), 0);
	assert_int_equal(l.nm, 3);
	assert_string_equal(l.m[0].label, "op=0");
	assert_string_equal(l.m[2].label, "op=100");
	assert_int_equal(l.base, 1);
	assert_int_equal(l.nt, 2);
	assert_string_equal(l.t[0].name, "op${op}-before-rnd4k-q1-read");
	assert_string_equal(l.t[0].cell, "phase=before");
	assert_string_equal(l.t[1].name, "op${op}-steady");
	assert_null(l.t[1].cell);
	assert_near(lineup_delta(&l, 0, 0, LM_IOPS), (100.0 - 200) / 200 * 100, 1e-9);
	assert_near(lineup_delta(&l, 1, 2, LM_WRITE_IOPS), (200.0 - 150) / 150 * 100, 1e-9);
	assert_int_equal(l.nleft, 2);
	assert_string_equal(l.left_out[0], "op${op}-extra: only in op=28");
	assert_string_equal(l.left_out[1], "probe: not swept over op");
	lineup_release(&l);

	/* By the phase instead: one value only, so nothing to compare. */
	assert_int_equal(lineup_build(&l, runs, dirs, 1,
				      &(struct lineup_opts){ .by = "phase" }, &d),
			 -SB_EINVAL);
	assert_non_null(strstr(d.msg, "one column only"));
	lineup_release(&l);
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, runs, dirs, 1,
				      &(struct lineup_opts){ .by = "op", .base_value = "5" }, &d),
			 -SB_EINVAL);
	assert_string_equal(d.msg, "no finished workload has op=5");
	lineup_release(&l);
	free(key);
	result_run_release(&r);
}

/*
 * Passes: archives 0-2 one column, 3-4 another (lineup_opts.pool). rr: 100, 110, 90
 * against 300, 310 (means 100 and 305, σ 10 and √50); rw: 50.5, 50, 49.5 against 50.2,
 * 49.8 (equal means). Worked by hand: the rr Δ is significant, the rw Δ within the noise.
 */
static void test_pooled_passes(void **state)
{
	static const double rr[] = { 100, 110, 90, 300, 310 }, rw[] = { 50.5, 50, 49.5, 50.2, 49.8 };
	const char *dirs[] = { "a/pass-1", "a/pass-2", "a/pass-3", "b/pass-1", "b/pass-2" };
	const char *labels[] = { "a", NULL, NULL, "b", NULL };
	const size_t pool[] = { 0, 0, 0, 1, 1 };
	struct result_run runs[5];
	const struct result_run *rp[5];
	double va = 100.0 / 3, vb = 50.0 / 2;
	struct lineup l;
	struct diag d;

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		result_run_init(&runs[i]);
		runs[i].plan_sha256 = xstrdup("same");
		add(&runs[i], "rr", NULL, rr[i], 0, 10);
		add(&runs[i], "rw", NULL, 0, rw[i], 20);
		rp[i] = &runs[i];
	}
	diag_clear(&d);
	assert_int_equal(lineup_build(&l, rp, dirs, 5, &(struct lineup_opts){
		.labels = labels, .pool = pool }, &d), 0);
	assert_int_equal(l.nm, 2);
	assert_int_equal(l.m[0].npass, 3);
	assert_int_equal(l.m[1].npass, 2);
	assert_string_equal(l.m[1].label, "b");
	assert_int_equal(lineup_max_passes(&l), 3);
	assert_string_equal(l.t[0].name, "rr");
	assert_near(l.t[0].v[0][LM_IOPS], 100, 1e-9);
	assert_near(l.t[0].v[1][LM_IOPS], 305, 1e-9);
	assert_near(l.t[0].st[0][LM_IOPS].sd, 10, 1e-9);
	assert_near(l.t[0].st[1][LM_IOPS].sd, sqrt(50), 1e-9);
	assert_near(l.t[0].st[0][LM_IOPS].ci95, 4.303 * 10 / sqrt(3), 0.01);
	assert_near(l.t[0].st[1][LM_IOPS].ci95, 12.706 * sqrt(50) / sqrt(2), 0.01);
	assert_near(l.t[0].pv[0][1 * LM_N + LM_IOPS], 110, 0);
	assert_near(lineup_delta(&l, 0, 1, LM_IOPS), 205.0, 1e-9);
	assert_near(l.t[0].w[1][LM_IOPS].df,
		    (va + vb) * (va + vb) / (va * va / 2 + vb * vb / 1), 1e-9);
	assert_true(l.t[0].w[1][LM_IOPS].p < 0.01);
	assert_int_equal(l.t[0].noise[1][LM_IOPS], LINEUP_NOISE_SIGNIFICANT);
	assert_string_equal(l.t[1].name, "rw");
	assert_near(l.t[1].w[1][LM_IOPS].p, 1, 1e-12);   /* equal means */
	assert_int_equal(l.t[1].noise[1][LM_IOPS], LINEUP_NOISE_WITHIN);
	lineup_release(&l);

	/* a pass of another plan is no pass of the column */
	free(runs[4].plan_sha256);
	runs[4].plan_sha256 = xstrdup("other");
	assert_int_equal(lineup_build(&l, rp, dirs, 5, &(struct lineup_opts){
		.labels = labels, .pool = pool }, &d), -SB_EINVAL);
	assert_non_null(strstr(d.msg, "another plan"));
	lineup_release(&l);
	for (size_t i = 0; i < 5; i++)
		result_run_release(&runs[i]);
}

/*
 * A <rounds until="passes"> scope: every round is a sample of its test (the mean of
 * the rounds, their σ and interval, the CSV's selection "passes 1-N"); in a pass set
 * each pass's rounds are samples too.
 */
static void test_scope_passes(void **state)
{
	static const double a[] = { 100, 120, 110 }, b[] = { 130, 90, 100 };
	const char *dirs[] = { "s/pass-1", "s/pass-2" };
	const size_t pool[] = { 0, 0 };
	struct result_run runs[2];
	const struct result_run *rp[2] = { &runs[0], &runs[1] };
	struct lineup l;
	struct diag d;

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		struct result_scope *sc;

		result_run_init(&runs[i]);
		runs[i].plan_sha256 = xstrdup("same");
		add(&runs[i], "seq", NULL, 50, 0, 10);
		sc = result_run_add_scope(&runs[i]);
		sc->name = xstrdup("rep");
		sc->until = xstrdup("passes");
		sc->rounds = 3;
		for (int r = 0; r < 3; r++) {
			struct result_step *st = add(&runs[i], "rr", NULL, (i ? b : a)[r], 0, 20);

			st->scope = xstrdup("rep");
			st->round = r + 1;
		}
	}
	diag_clear(&d);
	/* one archive: the three rounds */
	assert_int_equal(lineup_build(&l, rp, dirs, 1, &(struct lineup_opts){ .one_column = 1 },
				      &d), 0);
	assert_int_equal(l.nt, 2);
	assert_string_equal(l.t[1].name, "rr");
	assert_int_equal(l.t[1].np[0], 3);
	assert_int_equal(l.t[0].np[0], 1);           /* a step outside: one sample */
	assert_int_equal(lineup_samples(&l, 0), 3);
	assert_near(l.t[1].v[0][LM_IOPS], 110, 1e-9);
	assert_near(l.t[1].st[0][LM_IOPS].sd, 10, 1e-9);
	assert_near(l.t[1].st[0][LM_IOPS].ci95, 4.303 * 10 / sqrt(3), 0.01);
	assert_near(l.t[1].pv[0][2 * LM_N + LM_IOPS], 110, 0);
	assert_string_equal(l.t[1].how[0], "passes 1-3");
	assert_int_equal(l.t[1].step[0]->round, 3);  /* the last round stands for it */
	lineup_release(&l);
	/* a pass set of two such runs: six samples, pass 1's rounds first */
	assert_int_equal(lineup_build(&l, rp, dirs, 2, &(struct lineup_opts){
		.pool = pool, .one_column = 1 }, &d), 0);
	assert_int_equal(l.t[1].np[0], 6);
	assert_int_equal(l.t[0].np[0], 2);
	assert_near(l.t[1].v[0][LM_IOPS], (100 + 120 + 110 + 130 + 90 + 100) / 6.0, 1e-9);
	assert_near(l.t[1].pv[0][3 * LM_N + LM_IOPS], 130, 0);
	assert_int_equal(l.t[1].st[0][LM_IOPS].n, 6);
	lineup_release(&l);
	for (size_t i = 0; i < 2; i++)
		result_run_release(&runs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_match_and_delta, setup, teardown),
		cmocka_unit_test_setup_teardown(test_baseline_labels_csv, setup, teardown),
		cmocka_unit_test_setup_teardown(test_all_tests, setup, teardown),
		cmocka_unit_test_setup_teardown(test_not_reached_window, setup, teardown),
		cmocka_unit_test(test_nothing_shared),
		cmocka_unit_test(test_by_key),
		cmocka_unit_test(test_pooled_passes),
		cmocka_unit_test(test_scope_passes),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
