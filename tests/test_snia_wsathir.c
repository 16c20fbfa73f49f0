/* SPDX-License-Identifier: MIT */
/* WSAT/HIR: the SNIA WSAT and HIR pages built from a model, without drawing. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report_fixture.h"
#include "report_int.h"
#include "result.h"
#include "testutil.h"
#include "xalloc.h"

static struct result_step *step(struct result_run *r, const char *name, const char *scope,
				int round, double wiops, uint64_t runtime_ms)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup(name);
	st->kind = xstrdup("workload");
	st->status = xstrdup("ok");
	st->rw = xstrdup("randwrite");
	st->scope = scope ? xstrdup(scope) : NULL;
	st->round = round;
	st->bs = 4096;
	st->iodepth = 32;
	st->numjobs = 4;
	st->runtime_ms = runtime_ms;
	st->dir_stat[RESULT_WRITE].iops = wiops;
	return st;
}

static struct result_scope *scope(struct result_run *r, const char *name, const char *until)
{
	struct result_scope *s = result_run_add_scope(r);

	s->name = xstrdup(name);
	s->until = xstrdup(until);
	s->verdict = xstrdup(until);
	return s;
}

/*
 * WSAT: a precondition of 500 MB, then 3 rounds of 60 s writing 100, 200 and
 * 300 MB (the last one's response time bins: 99,999 I/Os at 100 µs, 1 at 5 ms).
 */
static void wsat_run(struct result_run *r)
{
	static const uint64_t ns[] = { 100000, 5000000 }, cnt[] = { 99999, 1 };
	uint64_t before = 500000000;
	struct result_step *st = NULL;

	result_run_init(r);
	r->plan_name = xstrdup("snia-wsat");
	step(r, "wipc", NULL, 0, 100, 5000)->dir_stat[RESULT_WRITE].io_bytes = before;
	scope(r, "wsat", "written")->rounds = 3;
	for (int k = 1; k <= 3; k++) {
		st = step(r, "w", "wsat", k, 1000.0 * k, 60000);
		st->written_before = before;
		st->dir_stat[RESULT_WRITE].io_bytes = (uint64_t)k * 100000000;
		before += st->dir_stat[RESULT_WRITE].io_bytes;
		st->resp.n = 100000;
		st->resp.mean_us = 100.0 * k;
		st->resp.max_us = 5000;
	}
	st->resp_hist[RESULT_WRITE].ns = xmalloc(sizeof(ns));
	st->resp_hist[RESULT_WRITE].count = xmalloc(sizeof(cnt));
	memcpy(st->resp_hist[RESULT_WRITE].ns, ns, sizeof(ns));
	memcpy(st->resp_hist[RESULT_WRITE].count, cnt, sizeof(cnt));
	st->resp_hist[RESULT_WRITE].n = 2;
	st->hist[RESULT_WRITE] = (struct result_hist){ xmalloc(sizeof(ns)), xmalloc(sizeof(cnt)), 2 };
	memcpy(st->hist[RESULT_WRITE].ns, ns, sizeof(ns));
	memcpy(st->hist[RESULT_WRITE].count, cnt, sizeof(cnt));
}

/*
 * HIR: a WIPC; 3 steady-state rounds of 60 s (the window of the last two steady,
 * average 2000); wait-1s: 3 access periods of 5 s (IOPS 3000, 4000, 6000), a
 * 30 s baseline (2100); wait-2s: 2 periods (5000, 7000, one failed between), a
 * baseline (2200).
 */
static void hir_run(struct result_run *r)
{
	struct result_scope *s;
	struct result_track *t;
	struct steady_window w = { .first = 2, .last = 3, .avg = 2000 };

	result_run_init(r);
	r->plan_name = xstrdup("snia-hir");
	step(r, "wipc", NULL, 0, 100, 5000);
	s = scope(r, "steady-state", "steady");
	s->rounds = 3;
	s->window = 2;
	t = result_scope_add_track(s);
	t->element = xstrdup("ss");
	t->metric = xstrdup("iops");
	t->dir = xstrdup("write");
	for (int k = 1; k <= 3; k++) {
		step(r, "ss", "steady-state", k, 1000 + 500 * k, 60000);
		result_track_set(t, k, 1000 + 500 * k, k >= 2 ? &w : NULL);
	}
	step(r, "a1", "wait-1s", 1, 3000, 5000);
	step(r, "a1", "wait-1s", 2, 4000, 5000);
	step(r, "a1", "wait-1s", 3, 6000, 5000);
	step(r, "base-1", NULL, 0, 2100, 30000);
	step(r, "a2", "wait-2s", 1, 5000, 5000);
	free(step(r, "a2", "wait-2s", 2, 9e9, 5000)->status);
	r->steps[r->nsteps - 1].status = xstrdup("failed");
	step(r, "a2", "wait-2s", 3, 7000, 5000);
	step(r, "base-2", NULL, 0, 2200, 30000);
}

struct fixture {
	struct result_run run;
	struct report r;
	struct report_opts o;
};

static struct fixture *build(void (*mk)(struct result_run *), const char *tmpl)
{
	struct fixture *f = xcalloc(1, sizeof(*f));
	struct diag d;

	mk(&f->run);
	if (report_fixture_build(&f->r, &f->o, &f->run, tmpl, &d))
		fail_msg("%s", d.msg);
	return f;
}

static void release(struct fixture *f)
{
	report_fixture_release(&f->r, &f->run);
	free(f);
}

static const struct doc_item *find(const struct fixture *f, const char *name)
{
	const struct doc_item *c = report_fixture_find(&f->r, name);

	if (!c)
		fail_msg("no chart '%s'", name);
	return c;
}

static const struct chart_series *series(const struct chart *c, const char *label)
{
	const struct chart_series *s = report_fixture_series(c, label);

	if (!s)
		fail_msg("no series '%s'", label);
	return s;
}

/* The four plots first, a point per round; TGBW from the scope's first round. */
static void test_wsat(void **state)
{
	struct fixture *f = build(wsat_run, "templates/report-snia-wsat.xml");
	static const char *const names[] = { "snia-wsat-time", "snia-wsat-tgbw",
					     "snia-wsat-tgbw-log", "snia-wsat-resp" };
	const struct chart *c;
	const struct chart_series *s;

	(void)state;
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(f->r.doc.items[i].name, names[i]);
	s = &find(f, "snia-wsat-time")->c->series[0];
	assert_int_equal(s->n, 3);
	assert_true(fabs(s->x[2] - 180) < 1e-9);   /* each round at its end, s */
	assert_true(fabs(s->y[1] - 2000) < 1e-9);
	for (size_t k = 1; k <= 2; k++) {
		c = find(f, names[k])->c;
		assert_int_equal(c->x.scale, k == 2 ? CHART_LOG10 : CHART_LINEAR);
		s = &c->series[0];
		assert_int_equal(s->n, 3);
		assert_true(fabs(s->x[0] - 0.1) < 1e-12 && fabs(s->x[2] - 0.6) < 1e-12);
		assert_int_equal(c->nmarks, 1);
		assert_string_equal(c->marks[0].label, "0.600 GB written");
	}
	c = find(f, "snia-wsat-resp")->c;
	assert_int_equal(c->nseries, 3);
	s = series(c, "Average");
	assert_true(fabs(s->y[2] - 300) < 1e-9);
	s = series(c, "Maximum");
	assert_true(fabs(s->y[0] - 5000) < 1e-9);
	s = series(c, "99.999 %");   /* only the last round has bins */
	assert_int_equal(s->n, 1);
	assert_true(fabs(s->y[0] - 100) < 1e-9);
	release(f);
}

/* Every wait state a series and a mark, the baseline, the table's means. */
static void test_hir(void **state)
{
	struct fixture *f = build(hir_run, "templates/report-snia-hir.xml");
	const struct chart *c = find(f, "snia-hir")->c;
	const struct table *t = find(f, "snia-hir-table")->t;
	const struct chart_series *s;
	size_t base = 0;

	(void)state;
	s = series(c, "wait-1s");
	assert_int_equal(s->n, 3);
	assert_true(fabs(s->y[2] - 6000) < 1e-9);
	s = series(c, "wait-2s");
	assert_int_equal(s->n, 2);   /* the failed period left out */
	assert_int_equal(c->nmarks, 2);
	assert_string_equal(c->marks[1].label, "wait-2s");
	for (size_t i = 0; i < c->nseries; i++)
		base += !strcmp(c->series[i].label, "Baseline");
	assert_int_equal(base, 5);   /* 3 rounds and 2 returns, without per-second data */
	s = series(c, "Steady-state average");
	assert_true(fabs(s->y[0] - 2000) < 1e-9);
	assert_non_null(t);
	assert_int_equal(t->nrows, 3);
	assert_string_equal(t->cells[0 * 4 + 2].text, "2,000");
	assert_string_equal(t->cells[1 * 4 + 0].text, "wait-1s");
	assert_string_equal(t->cells[1 * 4 + 1].text, "3");
	assert_string_equal(t->cells[1 * 4 + 2].text, "4,333");
	assert_string_equal(t->cells[1 * 4 + 3].text, "2,100");
	assert_string_equal(t->cells[2 * 4 + 1].text, "2");
	assert_string_equal(t->cells[2 * 4 + 2].text, "6,000");
	assert_string_equal(t->cells[2 * 4 + 3].text, "2,200");
	release(f);
}

/* A run of neither test: the kinds add nothing. */
static void test_neither(void **state)
{
	struct fixture *f = build(wsat_run, "templates/report-snia-hir.xml");

	(void)state;
	for (size_t i = 0; i < f->r.doc.n; i++)
		assert_null(strstr(f->r.doc.items[i].name, "snia-hir"));
	release(f);
	f = build(hir_run, "templates/report-snia-wsat.xml");
	for (size_t i = 0; i < f->r.doc.n; i++)
		assert_null(strstr(f->r.doc.items[i].name, "snia-wsat"));
	release(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wsat),
		cmocka_unit_test(test_hir),
		cmocka_unit_test(test_neither),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
