/* SPDX-License-Identifier: MIT */
/* Tests of the charts a run produces: hints per step, pages per <rounds> scope, their values. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "datadir.h"
#include "report_fixture.h"
#include "report_int.h"
#include "result.h"
#include "sbuf.h"
#include "testutil.h"
#include "vocab.h"
#include "xalloc.h"

static struct result_step *step(struct result_run *r, const char *name,
				const char *chart, const char *scope, int round,
				const char *cell, uint64_t bs, double wiops)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup(name);
	st->status = xstrdup("ok");
	st->rw = xstrdup("randwrite");
	st->chart = chart ? xstrdup(chart) : NULL;
	st->scope = scope ? xstrdup(scope) : NULL;
	st->round = round;
	st->cell = cell ? xstrdup(cell) : NULL;
	st->bs = bs;
	st->iodepth = 32;
	st->numjobs = 1;
	st->dir_stat[RESULT_WRITE].iops = wiops;
	st->dir_stat[RESULT_WRITE].bw_bytes = wiops * (double)bs;
	return st;
}

static void per_second(struct result_step *st, int n, double iops)
{
	for (int i = 1; i <= n; i++) {
		result_series_push(&st->iops[RESULT_WRITE], i, iops);
		result_series_push(&st->written, i, (double)st->written_before + 1e6 * i);
	}
}

/* What the archive reader derives: the consistency of the per-second total. */
static void with_consistency(struct result_step *st)
{
	consistency_compute(st->iops[RESULT_WRITE].v, st->iops[RESULT_WRITE].n, 60,
			    &st->cons_total);
}

/*
 * Five steps outside rounds, one per hint (none, qos, dispersion, written, auto
 * with temperature); a steady-state scope of 2 mixes x 2 block sizes x 5 rounds;
 * a write-saturation scope of 2 rounds.
 */
static void build_run(struct result_run *r)
{
	static const uint64_t ns[] = { 100000, 1000000, 10000000 };
	static const uint64_t cnt[] = { 99000, 990, 9 };
	struct result_step *st;
	struct result_scope *s;
	struct result_track *t;

	result_run_init(r);
	r->plan_name = xstrdup("snia");
	r->capacity = 100000000;
	step(r, "purge", "none", NULL, 0, NULL, 4096, 0);
	st = step(r, "qos", "qos", NULL, 0, NULL, 4096, 1000);
	st->hist[RESULT_WRITE].ns = xmalloc(sizeof(ns));
	st->hist[RESULT_WRITE].count = xmalloc(sizeof(cnt));
	memcpy(st->hist[RESULT_WRITE].ns, ns, sizeof(ns));
	memcpy(st->hist[RESULT_WRITE].count, cnt, sizeof(cnt));
	st->hist[RESULT_WRITE].n = 3;
	st = step(r, "disp", "dispersion", NULL, 0, NULL, 4096, 900);
	result_labels_add(&st->labels, "*", "Dispersion step");
	per_second(st, 90, 900);
	st->iops[RESULT_WRITE].v[0] = 600;   /* one slow second of 90: the 99.9 % slowest */
	with_consistency(st);
	per_second(step(r, "fill", "written", NULL, 0, NULL, 131072, 500), 10, 500);
	st = step(r, "hot", NULL, NULL, 0, NULL, 4096, 700);
	per_second(st, 10, 700);
	with_consistency(st);
	for (int i = 0; i <= 10; i++)
		result_series_push(&st->temp_c, i, 40 + i);
	s = result_run_add_scope(r);
	s->name = xstrdup("ss");
	s->until = xstrdup("steady");
	s->verdict = xstrdup("steady");
	s->rounds = s->steady_round = s->window = 5;
	s->range = 0.2;
	s->slope = 0.1;
	t = result_scope_add_track(s);
	t->element = xstrdup("iops");
	t->metric = xstrdup("iops");
	t->dir = xstrdup("write");
	for (int round = 1; round <= 5; round++) {
		result_track_set(t, round, 1000 + 10 * round, NULL);
		for (int mix = 0; mix <= 100; mix += 100)
			for (int k = 4; k <= 64; k *= 16) {
				char *cell = xasprintf("mix=%d bs=%dk", mix, k);

				step(r, "iops", NULL, "ss", round, cell, (uint64_t)k * 1024,
				     1000.0 * (mix + 1) / k + round);
				free(cell);
			}
	}
	s = result_run_add_scope(r);
	s->name = xstrdup("wsat");
	s->until = xstrdup("written");
	s->verdict = xstrdup("written");
	s->rounds = 2;
	for (int round = 1; round <= 2; round++) {
		st = step(r, "wsat", NULL, "wsat", round, NULL, 4096, 300);
		st->written_before = (uint64_t)(round - 1) * 10000000;
		per_second(st, 10, 300 + 100 * round);   /* round 1 at 400, round 2 at 500 */
		with_consistency(st);
	}
}

struct fixture {
	struct result_run run;
	struct report r;
	struct report_opts o;
};

static int setup(void **state)
{
	struct fixture *f = xcalloc(1, sizeof(*f));
	struct diag d;
	char *path = datadir_path("templates/report-default.xml");

	diag_clear(&d);
	build_run(&f->run);
	f->o.lang = "en";
	f->r.run = &f->run;
	f->r.o = &f->o;
	if (report__load_msgs(&f->r, "en", &d) || tmpl_load(&f->r.tmpl, path, &d)) {
		print_error("%s\n", d.msg);
		free(path);
		return -1;
	}
	free(path);
	report__build_charts(&f->r);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	report_fixture_release(&f->r, &f->run);
	free(f);
	return 0;
}

static const struct doc_item *find(const struct fixture *f, const char *name)
{
	const struct doc_item *c = report_fixture_find(&f->r, name);

	if (!c)
		fail_msg("no chart '%s'", name);
	return c;
}

/* The pages, in order: hints decide the step charts, scopes get theirs (random
 * writes alone make no result card). */
static void test_which_charts(void **state)
{
	const struct fixture *f = *state;
	static const char *const want[] = {
		"step-002-qos", "step-002-hist", "step-003-dispersion", "step-004-written",
		"step-005-iops", "scope-ss-convergence", "scope-ss-window-1",
		"scope-ss-iops-table", "scope-ss-iops-bs", "scope-ss-iops-3d", "scope-wsat-written",
		"dispersion", "consistency", "summary",
	};
	struct sbuf got;

	sbuf_init(&got);
	for (size_t i = 0; i < f->r.doc.n; i++)
		sbuf_addf(&got, "%s ", f->r.doc.items[i].name);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (i >= f->r.doc.n || strcmp(f->r.doc.items[i].name, want[i]))
			fail_msg("chart %zu: want '%s'; got %s", i, want[i], got.buf);
	assert_int_equal(f->r.doc.n, sizeof(want) / sizeof(want[0]));
	sbuf_release(&got);
	/* The summary leaves out the hint-none step and the scopes' 22 elements. */
	assert_int_equal(find(f, "summary")->c->nbars, 4);
	/* Three steps at QD32 alone are no queue-depth sweep. */
	/* The dispersion overlay: only the 90 s step outside rounds (and its two lines). */
	assert_int_equal(find(f, "dispersion")->c->nseries, 3);
}

/*
 * Every chart hint a plan may give (common/vocab.h's table, the plan's choices) has
 * a builder of the step's own charts but "none"; "time" draws what "auto" does.
 */
static void test_every_hint(void **state)
{
	const struct fixture *f = *state;
	struct report r = f->r;
	struct result_step st = f->run.steps[4];   /* "hot": per-second data, no hint */
	int n = 0;

	for (int h = 0; chart_hint_names[h]; h++, n++) {
		assert_int_equal(chart_hint_of(chart_hint_names[h]), h);
		if (h == HINT_NONE)
			assert_null(report__step_builder((enum chart_hint)h));
		else if (!report__step_builder((enum chart_hint)h))
			fail_msg("the hint '%s' has no builder", chart_hint_names[h]);
	}
	assert_int_equal(n, HINT_N);
	assert_int_equal(chart_hint_of(NULL), HINT_AUTO);
	assert_int_equal(chart_hint_of("steady"), HINT_AUTO);
	/* "time" on the "hot" step: one more page, its IOPS over time */
	doc_init(&r.doc);
	st.chart = xstrdup("time");
	report__build_step(&r, &st, 0);
	free(st.chart);
	assert_int_equal(r.doc.n, 1);
	assert_string_equal(r.doc.items[0].name, "step-005-iops");
	doc_release(&r.doc);
}

/*
 * A sequential pattern over time is in MB/s (its bandwidth log's bytes per second
 * over 10^6), as reviewers quote sequential results; a random one in IOPS; a
 * sequential one without a bandwidth log stays in IOPS.
 */
static void test_sequential_mbps(void **state)
{
	const struct fixture *f = *state;
	struct report r = f->r;
	struct result_step st = f->run.steps[4];   /* "hot": write IOPS per second */
	char seq[] = "write", rnd[] = "randwrite";
	const struct chart *c;

	memset(&st.bw, 0, sizeof(st.bw));
	for (size_t i = 0; i < st.iops[RESULT_WRITE].n; i++)
		result_series_push(&st.bw[RESULT_WRITE], st.iops[RESULT_WRITE].t[i],
				   1234567.0 * (double)(i + 1));
	st.rw = seq;
	doc_init(&r.doc);
	report__build_step(&r, &st, 0);
	c = r.doc.items[0].c;
	assert_string_equal(c->y.title, "MB/s");
	assert_int_equal(c->series[0].n, st.iops[RESULT_WRITE].n);
	assert_near(c->series[0].y[0], 1.234567, 1e-12);
	assert_near(c->series[0].y[9], 12.34567, 1e-12);
	doc_release(&r.doc);
	st.rw = rnd;
	doc_init(&r.doc);
	report__build_step(&r, &st, 0);
	assert_string_equal(r.doc.items[0].c->y.title, "IOPS");
	assert_near(r.doc.items[0].c->series[0].y[0], 700, 1e-12);
	doc_release(&r.doc);
	result_series_release(&st.bw[RESULT_WRITE]);
	st.rw = seq;
	doc_init(&r.doc);
	report__build_step(&r, &st, 0);
	assert_string_equal(r.doc.items[0].c->y.title, "IOPS");
	doc_release(&r.doc);
}

/*
 * the dispersion charts' average and 99.9 %-slowest lines and
 * score, and the table's rows (steps outside rounds with per-second data).
 */
static void test_consistency(void **state)
{
	const struct fixture *f = *state;
	const struct chart *c = find(f, "step-003-dispersion")->c;
	const struct table *t = find(f, "consistency")->t;
	double avg = (89 * 900.0 + 600) / 90;
	char want[160];

	assert_int_equal(c->nseries, 3);   /* the write points, then the two lines */
	assert_int_equal(c->series[0].stroke, CHART_STROKE_AUTO);
	assert_int_equal(c->series[1].stroke, CHART_STROKE_DASHED);
	assert_near(c->series[1].y[0], avg, 1e-9);
	assert_near(c->series[1].y[1], avg, 1e-9);
	assert_near(c->series[1].x[0], 1, 1e-9);
	assert_near(c->series[1].x[1], 90, 1e-9);
	assert_int_equal(c->series[2].stroke, CHART_STROKE_DOTTED);
	assert_near(c->series[2].y[0], 600, 1e-9);  /* k = ceil(0.09) = 1: the slowest */
	/* 90 seconds: the line is the slowest second, and says so */
	assert_string_equal(c->series[2].label, "Slowest second (under 1,000 s)");
	snprintf(want, sizeof(want), "DriveMaster score %.3f = 99.9 %% slowest 600 ÷ average "
		 "%.0f IOPS", 600 / avg, avg);
	assert_non_null(strstr(c->subtitle, want));
	c = find(f, "dispersion")->c;
	assert_string_equal(c->series[1].label, "Dispersion step: Average IOPS");
	snprintf(want, sizeof(want), "Dispersion step: DriveMaster score %.3f", 600 / avg);
	assert_non_null(strstr(c->subtitle, want));
	/* disp and hot (the others outside rounds have no seconds), then the wsat
	 * scope's one cell, its two rounds end to end; each under 1,000 s: marked */
	assert_int_equal(t->nrows, 3);
	assert_string_equal(t->cells[0].text, "Dispersion step *");
	assert_non_null(strstr(t->subtitle, "under 1,000 seconds"));
	snprintf(want, sizeof(want), "%.3f", 600 / avg);
	assert_string_equal(t->cells[3].text, want);
	/* no label, the wording; as others read alike and none follows a step of its own
	 * kind, its number (the plan's name "hot" is not the reader's) */
	assert_string_equal(t->cells[t->ncols].text, "4K random write QD32 T1 (step 5) *");
	assert_string_equal(t->cells[t->ncols + 3].text, "1.000");
	assert_string_equal(t->cells[t->ncols + 4].text, "–");   /* flat: no sigma */
	/* wsat: 10 s at 400 then 10 s at 500 IOPS: average 450, slowest 400, score
	 * 400 / 450, sigma the sample's: sqrt(20 x 50^2 / 19) */
	assert_string_equal(t->cells[2 * t->ncols].text,
			    "4K random write QD32 T1 (wsat) (rounds 1–2, end to end) *");
	assert_string_equal(t->cells[2 * t->ncols + 1].text, "450");
	assert_string_equal(t->cells[2 * t->ncols + 2].text, "400");
	snprintf(want, sizeof(want), "%.3f", 400.0 / 450);
	assert_string_equal(t->cells[2 * t->ncols + 3].text, want);
	snprintf(want, sizeof(want), "%.1f", sqrt(20 * 2500.0 / 19));  /* 1 decimal under 100 */
	assert_string_equal(t->cells[2 * t->ncols + 5].text, want);
}

/* Convergence: one line per track, round on x; window: the SNIA lines. */
static void test_steady_charts(void **state)
{
	const struct fixture *f = *state;
	const struct chart *c = find(f, "scope-ss-convergence")->c;
	const struct chart_series *s;

	assert_int_equal(c->nseries, 1);
	/* the tracked element in the report's words, then what of it */
	assert_string_equal(c->series[0].label, "4K random write QD32 T1, Write IOPS");
	assert_int_equal(c->series[0].n, 5);
	assert_near(c->series[0].y[4], 1050, 1e-9);
	assert_string_equal(c->subtitle, "ss  /  Steady state reached at round 5");
	c = find(f, "scope-ss-window-1")->c;
	assert_int_equal(c->nseries, 5);
	/* Values 1010..1050, mean 1030; band +-10 %; fit y = 10 x + 1000. */
	s = &c->series[1];
	assert_string_equal(s->label, "Average");
	assert_int_equal(s->stroke, CHART_STROKE_DASHED);
	assert_near(s->x[0], 1, 0);
	assert_near(s->x[1], 5, 0);
	assert_near(s->y[0], 1030, 1e-9);
	assert_near(c->series[2].y[0], 1133, 1e-9);
	assert_near(c->series[3].y[0], 927, 1e-9);
	assert_int_equal(c->series[2].stroke, CHART_STROKE_DOTTED);
	assert_string_equal(c->series[2].label, "±10 % of average");
	s = &c->series[4];
	assert_string_equal(s->label, "Least-squares fit");
	assert_near(s->y[0], 1010, 1e-9);
	assert_near(s->y[1], 1050, 1e-9);
	assert_int_equal(c->nlegend, 4); /* the two band lines share a key */
	assert_non_null(strstr(c->subtitle, "slope excursion 40 (max 103)"));
}

/* The matrix: block sizes down, mixes across, mean of the window's rounds. */
static void test_matrix_pages(void **state)
{
	const struct fixture *f = *state;
	const struct table *t = find(f, "scope-ss-iops-table")->t;
	const struct chart *c = find(f, "scope-ss-iops-bs")->c;

	assert_int_equal(t->ncols, 3);
	assert_int_equal(t->nrows, 2);
	assert_string_equal(t->head[0], "Block size");
	assert_string_equal(t->head[1], "0/100");
	assert_string_equal(t->head[2], "100/0");
	assert_string_equal(t->cells[0].text, "4k");
	/* 4k, 100/0: 1000 x 101 / 4 + round, rounds 1..5 -> 25,253. */
	assert_string_equal(t->cells[2].text, "25,253");
	assert_string_equal(t->cells[3 + 1].text, "19"); /* 64k, 0/100: 15.6 + 3 */
	assert_non_null(strstr(t->subtitle, "rounds 1–5"));
	assert_int_equal(c->nseries, 2);
	assert_int_equal(c->x.scale, CHART_LOG2);
	assert_int_equal(c->x.unit, CHART_UNIT_IEC);
	assert_near(c->series[1].x[1], 65536, 0);
	/* The 3D columns: the table's rows along x, one series per column of it. */
	c = find(f, "scope-ss-iops-3d")->c;
	assert_int_equal(c->kind, CHART_BAR3D);
	assert_int_equal(c->ncats, 2);
	assert_string_equal(c->cats[0], "4k");
	assert_string_equal(c->cats[1], "64k");
	assert_int_equal(c->nseries, 2);
	assert_string_equal(c->series[1].label, "100/0");
	assert_near(c->series[1].x[0], 0, 0);
	assert_near(c->series[1].y[0], 25253, 1); /* the table's 25,253 */
}

/* The written chart's 100 % in the unit that keeps two digits: never "0.3 GB". */
static void test_capacity_unit(void **state)
{
	static const struct {
		uint64_t bytes;
		const char *want;
	} rows[] = {
		{ 268435456, "268 MB" },        /* 256 MiB */
		{ 2000000000, "2.0 GB" },
		{ 480103981056ULL, "480 GB" },
		{ 1024209543168ULL, "1.02 TB" },
	};
	const struct fixture *f = *state;

	for (size_t i = 0; i < sizeof(rows) / sizeof(*rows); i++) {
		struct report r = f->r;
		struct result_step st = f->run.steps[3];   /* "fill": per-second data */
		const struct result_step *els = &st;
		char *want = xasprintf("%% of capacity written (100 %% = %s)", rows[i].want);

		st.capacity = rows[i].bytes;
		doc_init(&r.doc);
		report__written_chart(&r, xstrdup("w"), "t", "s", &els, 1);
		assert_string_equal(r.doc.items[0].c->x.title, want);
		doc_release(&r.doc);
		free(want);
	}
}

/* Written: % of capacity over the scope's rounds; QoS: marks; temperature axis. */
static void test_other_pages(void **state)
{
	const struct fixture *f = *state;
	const struct chart *c = find(f, "scope-wsat-written")->c;

	assert_int_equal(c->series[0].n, 20);
	assert_near(c->series[0].x[0], 1, 1e-9);   /* 1 MB of 100 MB */
	assert_near(c->series[0].x[19], 20, 1e-9); /* 10 MB + 10 MB */
	assert_string_equal(c->x.title, "% of capacity written (100 % = 100 MB)");
	c = find(f, "step-002-qos")->c;
	assert_int_equal(c->x.scale, CHART_LOG10);
	assert_int_equal(c->y.unit, CHART_UNIT_NINES);
	assert_int_equal(c->nmarks, 3); /* 99.999 % needs 100,000 I/Os, not 99,999 */
	assert_string_equal(c->marks[0].label, "99%: 100 µs");
	assert_string_equal(c->marks[1].label, "99.9%: 1.00 ms");
	assert_near(c->marks[2].y, 1e-4, 1e-12);
	c = find(f, "step-005-iops")->c;
	assert_true(c->has_y2);
	assert_int_equal(c->nseries, 2);
	assert_true(c->series[1].y2);
	assert_string_equal(c->y2.title, "Temperature (°C)");
	c = find(f, "step-003-dispersion")->c;
	assert_int_equal(c->kind, CHART_SCATTER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_which_charts),
		cmocka_unit_test(test_every_hint),
		cmocka_unit_test(test_sequential_mbps),
		cmocka_unit_test(test_capacity_unit),
		cmocka_unit_test(test_steady_charts),
		cmocka_unit_test(test_matrix_pages),
		cmocka_unit_test(test_other_pages),
		cmocka_unit_test(test_consistency),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
