/* SPDX-License-Identifier: MIT */
/*
 * the dispersion chart's model, built without drawing: the inset the
 * template asks for, the average and 99.9 %-slowest lines, the score in the
 * caption, and the points kept as markers over a density raster; the numbers
 * recomputed here from fio's own log (the sample archive) or the series given.
 * And the lineup's write-saturation overlay per OP level, from 0 at each level, and
 * of a <rounds> scope, every round end to end from 0 where the rounds began.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "archive.h"
#include "consistency.h"
#include "disp.h"
#include "err.h"
#include "lineup.h"
#include "lineup_draw.h"
#include "report_fixture.h"
#include "report_int.h"
#include "result.h"
#include "testutil.h"
#include "xalloc.h"

#define DM SB_SOURCE_DIR "/samples/archives/drivemaster-wsat"
#define DM_LOG DM "/steps/003-consistency-rnd4k-q32-mix50/log_iops.1.log"

struct fixture {
	struct result_run run;
	struct report r;
	struct report_opts o;
};

/* The charts of f->run with template tmpl (a data path), in English. */
static void build(struct fixture *f, const char *tmpl)
{
	struct diag d;

	if (report_fixture_build(&f->r, &f->o, &f->run, tmpl, &d))
		fail_msg("%s", d.msg);
}

static struct chart *find(const struct fixture *f, const char *name)
{
	const struct doc_item *c = report_fixture_find(&f->r, name);

	if (c && c->c)
		return c->c;
	fail_msg("no chart '%s'", name);
	exit(1);   /* fail_msg() does not return; the analyser cannot tell */
}

static const struct chart_series *series(const struct chart *c, const char *label)
{
	const struct chart_series *s = report_fixture_series(c, label);

	if (!s)
		fail_msg("no series '%s'", label);
	return s;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* What the test expects of a dispersion chart, worked out from its seconds. */
struct expect {
	double avg, p999;               /* of the per-second totals */
	size_t n;                       /* seconds */
	double win[4];                  /* the inset: x0, x1, y0, y1 */
};

/*
 * From n seconds t[] with read r[] and write w[] IOPS: the mean total, the
 * ceil(0.001 n)-th smallest total, and the inset="auto" window (the last 30 % of
 * t's range; y the range of every point, total, read and write, in it, 5 % added
 * on each side, not below 0).
 */
static void expect_of(const double *t, const double *r, const double *w, size_t n,
		      struct expect *e)
{
	double *tot = xmalloc(n * sizeof(*tot)), sum = 0, lo = INFINITY, hi = -INFINITY;
	size_t k = (size_t)ceil(0.001 * (double)n);

	for (size_t i = 0; i < n; i++) {
		tot[i] = r[i] + w[i];
		sum += tot[i];
	}
	e->avg = sum / (double)n;
	e->n = n;
	e->win[1] = t[n - 1];
	e->win[0] = t[n - 1] - 0.3 * (t[n - 1] - t[0]);
	for (size_t i = 0; i < n; i++)
		if (t[i] >= e->win[0]) {
			lo = fmin(lo, fmin(tot[i], fmin(r[i], w[i])));
			hi = fmax(hi, fmax(tot[i], fmax(r[i], w[i])));
		}
	e->win[2] = fmax(0, lo - 0.05 * (hi - lo));   /* IOPS: not below 0 */
	e->win[3] = hi + 0.05 * (hi - lo);
	qsort(tot, n, sizeof(*tot), cmp_double);
	e->p999 = tot[k - 1];
	free(tot);
}

/* Inset window, both reference lines and the score caption as e says. */
static void check_chart(const struct chart *c, const struct expect *e)
{
	const struct chart_series *avg = series(c, "Average IOPS");
	/* under 1,000 seconds the line is the slowest second, and says so */
	const struct chart_series *p = series(c, e->n < 1000 ? "Slowest second (under 1,000 s)"
							      : "99.9 % slowest IOPS");
	char score[64];

	assert_int_equal(c->kind, CHART_SCATTER);
	assert_true(c->has_inset);
	for (int k = 0; k < 4; k++)
		if (fabs(c->inset_win[k] - e->win[k]) > 1e-6 * fmax(1, fabs(e->win[k])))
			fail_msg("inset_win[%d] %.6f, want %.6f", k, c->inset_win[k], e->win[k]);
	assert_int_equal(avg->stroke, CHART_STROKE_DASHED);
	assert_int_equal(p->stroke, CHART_STROKE_DOTTED);
	for (size_t k = 0; k < 2; k++) {
		assert_true(fabs(avg->y[k] - e->avg) < 1e-6 * e->avg);
		assert_true(fabs(p->y[k] - e->p999) < 1e-9 * e->p999);
	}
	snprintf(score, sizeof(score), "DriveMaster score %.3f", e->p999 / e->avg);
	if (!strstr(c->subtitle, score))
		fail_msg("'%s' not in the caption '%s'", score, c->subtitle);
}

/*
 * The committed drivemaster-wsat archive with the default template: the
 * consistency step's dispersion chart has the inset, both lines and the score,
 * recomputed from the step's per-second series as loaded; its first second is
 * fio's own IOPS log's (ms, value, direction), read here.
 */
static void test_drivemaster_sample(void **state)
{
	struct fixture *f = xcalloc(1, sizeof(*f));
	double t[64] = { 0 }, r[64] = { 0 }, w[64] = { 0 }, log_r = 0, log_w = 0, ms, v;
	const struct result_step *st = NULL;
	int dir;
	size_t n;
	struct expect e;
	struct diag d;
	FILE *fp = fopen(DM_LOG, "r");

	(void)state;
	assert_non_null(fp);
	while (fscanf(fp, "%lf, %lf, %d, %*[^\n]", &ms, &v, &dir) == 3)
		if (ms == 1000)
			*(dir ? &log_w : &log_r) += v;
	fclose(fp);
	diag_clear(&d);
	if (archive_load(DM, &f->run, &d))
		fail_msg("%s", d.msg);
	for (size_t i = 0; i < f->run.nsteps; i++)
		if (!strcmp(f->run.steps[i].name, "consistency-rnd4k-q32-mix50"))
			st = &f->run.steps[i];
	if (!st)
		fail_msg("no consistency step in %s", DM);
	n = st ? st->iops[RESULT_READ].n : 0;
	assert_true(n >= 2 && n <= 64 && st->iops[RESULT_WRITE].n == n);
	for (size_t i = 0; i < n; i++) {
		t[i] = st->iops[RESULT_READ].t[i];
		r[i] = st->iops[RESULT_READ].v[i];
		w[i] = st->iops[RESULT_WRITE].v[i];
	}
	assert_true(t[0] == 1 && r[0] == log_r && w[0] == log_w && log_r > 0 && log_w > 0);
	expect_of(t, r, w, n, &e);
	build(f, "templates/report-default.xml");
	check_chart(find(f, "step-003-dispersion"), &e);
	report_fixture_release(&f->r, &f->run);
	free(f);
}

/* Seconds of the long run: past CHART_DENSITY_MIN points in each series. */
#define LONG_N 25000
/* Every this many seconds a stall: 100 IOPS in all, the outliers. */
#define STALL_EVERY 5000

static double long_read(size_t i)
{
	return (i + 1) % STALL_EVERY ? 25000 + (double)(i * 7919 % 1000) : 50;
}

static double long_write(size_t i)
{
	return (i + 1) % STALL_EVERY ? 25000 + (double)(i * 104729 % 1000) : 50;
}

/* A 25,000 s 50/50 random mix with the dispersion hint, as drivemaster-wsat's. */
static void long_run(struct result_run *run)
{
	struct result_step *st;
	double *tot = xmalloc(LONG_N * sizeof(*tot));

	result_run_init(run);
	run->plan_name = xstrdup("drivemaster-wsat");
	st = result_run_add_step(run);
	st->index = 1;
	st->name = xstrdup("consistency-rnd4k-q32-mix50");
	st->kind = xstrdup("workload");
	st->status = xstrdup("ok");
	st->rw = xstrdup("randrw");
	st->chart = xstrdup("dispersion");
	st->bs = 4096;
	st->iodepth = 32;
	st->numjobs = 1;
	st->rwmixread = 50;
	for (size_t i = 0; i < LONG_N; i++) {
		result_series_push(&st->iops[RESULT_READ], (double)(i + 1), long_read(i));
		result_series_push(&st->iops[RESULT_WRITE], (double)(i + 1), long_write(i));
		tot[i] = long_read(i) + long_write(i);
	}
	for (int d = 0; d < 2; d++)
		st->dir_stat[d].iops = 25500;
	/* What the archive's loader does with the per-second totals. */
	consistency_compute(tot, LONG_N, 60, &st->cons_total);
	free(tot);
}

static void fake_text(void *ctx, enum chart_font f, const char *text, double *w, double *h)
{
	(void)ctx;
	*w = 5.0 * (double)strlen(text);
	*h = chart_font_spec(f)->size * 1.5;
}

/*
 * 25,000 seconds: the inset, lines and score as above; a density raster, over
 * which exactly the five stalls of each series stay markers.
 */
static void test_long_run(void **state)
{
	static const struct chart_measure fake = { fake_text, NULL };
	struct fixture *f = xcalloc(1, sizeof(*f));
	double *t = xmalloc(LONG_N * sizeof(*t)), *r = xmalloc(LONG_N * sizeof(*r));
	double *w = xmalloc(LONG_N * sizeof(*w));
	unsigned char *keep = xmalloc(LONG_N);
	struct expect e;
	struct chart *c;

	(void)state;
	for (size_t i = 0; i < LONG_N; i++) {
		t[i] = (double)(i + 1);
		r[i] = long_read(i);
		w[i] = long_write(i);
	}
	expect_of(t, r, w, LONG_N, &e);
	assert_true(e.win[2] < 100);   /* stalls at 20,000 s and 25,000 s are in the window */
	long_run(&f->run);
	build(f, "templates/report-default.xml");
	c = find(f, "step-001-dispersion");
	check_chart(c, &e);
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_true(chart_points(c) > CHART_DENSITY_MIN);
	assert_true(c->lay.density);
	assert_true(c->lay.inset.w > 0);
	for (size_t k = 0; k < 3; k++) {
		static const char *const names[3] = { "Read + Write", "Read", "Write" };
		const struct chart_series *s = series(c, names[k]);
		size_t kept = chart_outliers(s, &c->lay.view, keep), stalls = 0;

		assert_int_equal(s->n, LONG_N);
		for (size_t i = 0; i < LONG_N; i++) {
			int stall = (i + 1) % STALL_EVERY == 0;

			if (keep[i] != stall)
				fail_msg("%s: second %zu kept %d", names[k], i + 1, keep[i]);
			stalls += stall;
		}
		assert_int_equal(kept, stalls);
		assert_int_equal(kept, LONG_N / STALL_EVERY);
	}
	/* The inset hides no point of the zoomed window: it sits left of it. */
	assert_true(c->lay.inset.x + c->lay.inset.w < chart_map_x(c, c->inset_win[0]));
	/* A template's inset-corner wins: lower right, though it covers the window. */
	c->inset_corner = CHART_CORNER_LOWER_RIGHT;
	assert_int_equal(chart_layout(c, 960, 600, &fake), 0);
	assert_true(c->lay.inset.x > c->lay.plot.x + c->lay.plot.w / 2);
	assert_true(c->lay.inset.y > c->lay.plot.y + c->lay.plot.h / 2 - c->lay.inset.h);
	assert_true(c->lay.inset.x + c->lay.inset.w <= c->lay.plot.x + c->lay.plot.w);
	assert_true(c->lay.inset.y + c->lay.inset.h <= c->lay.plot.y + c->lay.plot.h);
	free(t);
	free(r);
	free(w);
	free(keep);
	report_fixture_release(&f->r, &f->run);
	free(f);
}

/* Writes a report template with one chart element of attributes attrs. */
static char *tmpl_with(const char *attrs)
{
	char *path = xasprintf("%s/t.xml", testutil_dir);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fprintf(fp, "<report>\n  <chart %s/>\n</report>\n", attrs);
	fclose(fp);
	return path;
}

/* inset-x, inset-y and inset="400s" as written; bad values at their line. */
static void test_template(void **state)
{
	static const char *const bad[] = {
		"kind=\"dispersion\" inset=\"sometimes\"",
		"kind=\"dispersion\" inset-x=\"5..1\"",
		"kind=\"dispersion\" inset-y=\"1..\"",
		"kind=\"summary\" inset=\"auto\"",
		"kind=\"dispersion\" inset-corner=\"lower-lft\"",
		"kind=\"summary\" inset-corner=\"upper-left\"",
	};
	struct chart *c = chart_new(CHART_SCATTER, "T", "");
	double x[4] = { 0, 100, 200, 300 }, y[4] = { 10, 20, 30, 40 };
	struct tmpl *t;
	struct diag d;
	char *path;

	(void)state;
	chart_series_add(c, "A", 0, x, y, 4);
	path = tmpl_with("kind=\"dispersion\" inset-x=\"50..250\" inset-y=\"0..100\"");
	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, path, &d), 0);
	assert_int_equal(disp_inset(c, &t->charts[0]), 1);
	assert_true(c->inset_win[0] == 50 && c->inset_win[1] == 250);
	assert_true(c->inset_win[2] == 0 && c->inset_win[3] == 100);
	tmpl_free(t);
	free(path);
	path = tmpl_with("kind=\"step-iops\" inset=\"150s\"");
	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, path, &d), 0);
	assert_int_equal(disp_inset(c, &t->charts[0]), 1);
	/* The last 150 s: 150..300, y the points there (30, 40) with 5 % of 10 each side. */
	assert_true(c->inset_win[0] == 150 && c->inset_win[1] == 300);
	assert_true(fabs(c->inset_win[2] - 29.5) < 1e-12 && fabs(c->inset_win[3] - 40.5) < 1e-12);
	tmpl_free(t);
	free(path);
	path = tmpl_with("kind=\"dispersion\" inset=\"auto\" inset-corner=\"lower-left\"");
	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, path, &d), 0);
	assert_int_equal(t->charts[0].inset_corner, CHART_CORNER_LOWER_LEFT);
	assert_int_equal(disp_inset(c, &t->charts[0]), 1);
	assert_int_equal(c->inset_corner, CHART_CORNER_LOWER_LEFT);
	tmpl_free(t);
	free(path);
	path = tmpl_with("kind=\"dispersion\" inset=\"none\"");
	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, path, &d), 0);
	assert_int_equal(disp_inset(c, &t->charts[0]), 0);
	tmpl_free(t);
	free(path);
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		path = tmpl_with(bad[i]);
		diag_clear(&d);
		if (tmpl_load(&t, path, &d) != -SB_EPARSE || d.line != 2)
			fail_msg("%s: not refused at line 2 (%s)", bad[i], d.msg);
		free(path);
	}
	chart_free(c);
}

/* A finished element of the OP sweep run: cell, bytes written before it, capacity. */
static struct result_step *op_step(struct result_run *run, const char *name, const char *kind,
				   const char *cell, uint64_t before, uint64_t cap)
{
	struct result_step *st = result_run_add_step(run);

	st->index = (int)run->nsteps;
	st->name = xstrdup(name);
	st->kind = xstrdup(kind);
	st->status = xstrdup("ok");
	st->rw = xstrdup("randwrite");
	st->cell = cell ? xstrdup(cell) : NULL;
	st->bs = 4096;
	st->iodepth = 32;
	st->numjobs = 1;
	st->written_before = before;
	st->capacity = cap;
	for (int j = 1; j <= 3; j++) {
		result_series_push(&st->iops[RESULT_WRITE], j, 1000.0 * j);
		result_series_push(&st->written, j, (double)before + 100.0 * j);
	}
	return st;
}

/*
 * The lineup's saturation overlay by OP level: each level's % written from 0 at
 * its first element (OP 28's 1,000-byte precondition before the test counts),
 * not from the start of the run.
 */
static void test_saturation_by_op(void **state)
{
	struct result_run run;
	const struct result_run *runs[1] = { &run };
	const char *dirs[1] = { "op-run" };
	struct lineup l;
	struct diag d;
	size_t k = 0;

	(void)state;
	result_run_init(&run);
	run.plan_name = xstrdup("op");
	op_step(&run, "op0-w", "workload", "op=0", 0, 1000);
	op_step(&run, "op28-pre", "precondition", "op=28", 4000, 800);
	op_step(&run, "op28-w", "workload", "op=28", 5000, 800);
	diag_clear(&d);
	if (lineup_build(&l, runs, dirs, 1, &(struct lineup_opts){ .by = "op" }, &d))
		fail_msg("%s", d.msg);
	while (k < l.nt && strcmp(l.t[k].name, "op${op}-w"))
		k++;
	assert_true(k < l.nt);
	assert_int_equal(l.nm, 2);
	for (size_t i = 0; i < 2; i++) {
		int op28 = !strcmp(l.m[i].value, "28");
		double base = op28 ? 4000 : 0, cap = op28 ? 800 : 1000, *pct, *iops;
		uint64_t before = op28 ? 5000 : 0;
		size_t n = lineup_saturation(&l, k, i, &pct, &iops);

		assert_int_equal(n, 3);
		for (size_t j = 0; j < n; j++) {
			double want = 100 * ((double)before + 100.0 * (double)(j + 1) - base) / cap;

			if (fabs(pct[j] - want) > 1e-9)
				fail_msg("OP %s second %zu: %g %%, want %g %%", l.m[i].value, j + 1,
					 pct[j], want);
		}
		free(pct);
		free(iops);
	}
	lineup_release(&l);
	result_run_release(&run);
}

/* The index of test name in l, or l->nt. */
static size_t test_named(const struct lineup *l, const char *name)
{
	size_t k = 0;

	while (k < l->nt && strcmp(l->t[k].name, name))
		k++;
	return k;
}

/*
 * Two drives' archives lined up: the saturation rounds (three elements of one
 * <rounds> scope after a fill) are one curve per drive, every round end to end, % written
 * from 0 where round 1 began (the fill before it not counted); a later test outside
 * rounds from 0 where it began, not where the run did.
 */
static void test_saturation_rounds(void **state)
{
	struct result_run run[2];
	const struct result_run *runs[2] = { &run[0], &run[1] };
	const char *dirs[2] = { "a", "b" };
	struct lineup l;
	struct diag d;
	size_t k;

	(void)state;
	for (int m = 0; m < 2; m++) {
		uint64_t cap = 1000 * (uint64_t)(m + 1), w = 0;

		result_run_init(&run[m]);
		run[m].plan_name = xstrdup("wsat");
		op_step(&run[m], "fill", "precondition", NULL, w, cap);
		w += 2 * cap;
		for (int r = 1; r <= 3; r++, w += 300) {
			struct result_step *st = op_step(&run[m], "sat", "workload", NULL, w, cap);

			st->scope = xstrdup("saturation");
			st->round = r;
		}
		op_step(&run[m], "cons", "workload", NULL, w + 5000, cap);
	}
	diag_clear(&d);
	if (lineup_build(&l, runs, dirs, 2, &(struct lineup_opts){ 0 }, &d))
		fail_msg("%s", d.msg);
	k = test_named(&l, "sat");
	assert_true(k < l.nt);
	for (size_t i = 0; i < 2; i++) {
		double cap = 1000.0 * (double)(i + 1), *pct, *iops;
		size_t n = lineup_saturation(&l, k, i, &pct, &iops);

		assert_int_equal(n, 9);
		for (size_t j = 0; j < n; j++) {
			size_t r = j / 3, s = j % 3;   /* round r + 1's second s + 1 */
			/* 300 bytes a round before it, 100 a second in it */
			double want = 100 * (300.0 * (double)r + 100.0 * (double)(s + 1)) / cap;

			if (fabs(pct[j] - want) > 1e-9 || iops[j] != 1000.0 * (double)(j % 3 + 1))
				fail_msg("drive %zu point %zu: %g %%, %g IOPS; want %g %%", i, j,
					 pct[j], iops[j], want);
		}
		free(pct);
		free(iops);
		n = lineup_saturation(&l, test_named(&l, "cons"), i, &pct, &iops);
		assert_int_equal(n, 3);
		for (size_t j = 0; j < n; j++)
			assert_true(fabs(pct[j] - 100 * 100.0 * (double)(j + 1) / cap) < 1e-9);
		free(pct);
		free(iops);
	}
	lineup_release(&l);
	result_run_release(&run[0]);
	result_run_release(&run[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_drivemaster_sample),
		cmocka_unit_test(test_long_run),
		cmocka_unit_test(test_template),
		cmocka_unit_test(test_saturation_by_op),
		cmocka_unit_test(test_saturation_rounds),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
