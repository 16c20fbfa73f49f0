/* SPDX-License-Identifier: MIT */
/*
 * Tests of the SNIA XSR and DIRTH pages (report/run/snia_xsr.c, snia_dirth.c), built
 * without drawing from hand-made runs and the shipped templates: XSR's table (mean
 * TP, peak ART and MRT, the recovery time, "not recovered"), DIRTH's TC x QD tables
 * and its MaxIOPS / MinART marks.
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

#include "datadir.h"
#include "report_fixture.h"
#include "report_int.h"
#include "result.h"
#include "testutil.h"
#include "xalloc.h"

struct fixture {
	struct result_run run;
	struct report r;
	struct report_opts o;
};

static struct result_step *el(struct result_run *r, const char *name, const char *scope,
			      int round, const char *cell, double mbs, double iops,
			      double art_us, double mrt_us)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup(name);
	st->kind = xstrdup("workload");
	st->status = xstrdup("ok");
	st->rw = xstrdup("write");
	st->scope = scope ? xstrdup(scope) : NULL;
	st->round = round;
	st->cell = cell ? xstrdup(cell) : NULL;
	st->bs = 1048576;
	st->iodepth = 32;
	st->numjobs = 1;
	st->runtime_ms = 60000;
	st->dir_stat[RESULT_WRITE].bw_bytes = mbs * 1e6;
	st->dir_stat[RESULT_WRITE].iops = iops;
	st->resp.n = 100;
	st->resp.mean_us = art_us;
	st->resp.max_us = mrt_us;
	return st;
}

static void scope(struct result_run *r, const char *name, int rounds)
{
	struct result_scope *s = result_run_add_scope(r);

	s->name = xstrdup(name);
	s->until = xstrdup("time");
	s->verdict = xstrdup("time");
	s->rounds = rounds;
}

/* Builds f's charts from its run with templates/report-snia-<which>.xml. */
static int build(struct fixture *f, const char *which)
{
	struct diag d;
	char *rel = xasprintf("templates/report-snia-%s.xml", which);
	char *path = datadir_path(rel);
	int rc;

	diag_clear(&d);
	f->o.lang = "en";
	f->r.run = &f->run;
	f->r.o = &f->o;
	rc = report__load_msgs(&f->r, "en", &d) || tmpl_load(&f->r.tmpl, path, &d);
	if (rc)
		print_error("%s\n", d.msg);
	else
		report__build_charts(&f->r);
	free(path);
	free(rel);
	return rc ? -1 : 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	report_fixture_release(&f->r, &f->run);
	free(f);
	return 0;
}

/* The page whose file stem is name (a test failure when there is none). */
static const struct doc_item *find(const struct fixture *f, const char *name)
{
	const struct doc_item *c = report_fixture_find(&f->r, name);

	if (!c)
		fail_msg("no page '%s'", name);
	return c;
}

static const char *cell(const struct table *t, size_t row, size_t col)
{
	assert_true(row < t->nrows && col < t->ncols);
	return t->cells[row * t->ncols + col].text;
}

/* Group 1: 1000, 2000, 3000 MB/s (mean 2000); group 2: 100, 200; group 3: g3[0..n3). */
static int setup_xsr(void **state, const double *g3, size_t n3)
{
	struct fixture *f = xcalloc(1, sizeof(*f));

	result_run_init(&f->run);
	f->run.plan_name = xstrdup("snia-xsr");
	scope(&f->run, "g1", 3);
	scope(&f->run, "g2", 2);
	scope(&f->run, "g3", (int)n3);
	for (int i = 1; i <= 3; i++)
		el(&f->run, "w1", "g1", i, NULL, 1000.0 * i, 1000, 100.0 * i, 1000.0 * i);
	el(&f->run, "w2", "g2", 1, NULL, 100, 100, 5000, 90000);
	el(&f->run, "w2", "g2", 2, NULL, 200, 100, 4000, 70000);
	for (size_t i = 0; i < n3; i++)
		el(&f->run, "w3", "g3", (int)i + 1, NULL, g3[i], 1000, 500, 2000);
	*state = f;
	return build(f, "xsr");
}

static int setup_xsr_recovers(void **state)
{
	static const double g3[] = { 500, 1500, 2000, 2500 };

	return setup_xsr(state, g3, 4);
}

static int setup_xsr_never(void **state)
{
	static const double g3[] = { 500, 1500, 1999 };

	return setup_xsr(state, g3, 3);
}

static void test_xsr_table(void **state)
{
	struct fixture *f = *state;
	const struct table *t = find(f, "xsr-table")->t;

	assert_non_null(find(f, "xsr-tp")->c);
	assert_int_equal(find(f, "xsr-resp")->c->nseries, 3);
	assert_int_equal(t->nrows, 3);
	assert_string_equal(cell(t, 0, 0), "g1");
	assert_string_equal(cell(t, 0, 2), "3");
	assert_string_equal(cell(t, 0, 3), "2,000.0");
	assert_string_equal(cell(t, 0, 4), "0.300");   /* peak ART, ms */
	assert_string_equal(cell(t, 0, 5), "3.000");   /* peak MRT, ms */
	assert_string_equal(cell(t, 1, 3), "150.0");
	assert_string_equal(cell(t, 1, 4), "5.000");
	assert_string_equal(cell(t, 1, 5), "90.000");
	assert_string_equal(cell(t, 0, 6), "–");
	assert_string_equal(cell(t, 3 - 1, 3), "1,625.0");
	/* The third sample reaches group 1's 2000 MB/s: 3 minutes after group 3's start. */
	assert_string_equal(cell(t, 2, 6), "3.00");
}

static void test_xsr_never(void **state)
{
	struct fixture *f = *state;
	const struct table *t = find(f, "xsr-table")->t;

	assert_string_equal(cell(t, 2, 6), "not recovered");
}

/* Two rounds of TC 2 and 1 x QD 2 and 1: IOPS 100 x TC x QD + round, ART 1 ms x QD / TC. */
static int setup_dirth(void **state)
{
	struct fixture *f = xcalloc(1, sizeof(*f));
	struct result_step *st;

	result_run_init(&f->run);
	f->run.plan_name = xstrdup("snia-dirth");
	scope(&f->run, "dv", 2);
	for (int round = 1; round <= 2; round++)
		for (int tc = 2; tc >= 1; tc--)
			for (int qd = 2; qd >= 1; qd--) {
				char *c = xasprintf("tc=%d qd=%d", tc, qd);

				el(&f->run, "cell", "dv", round, c, 1, 100.0 * tc * qd + round,
				   1000.0 * qd / tc, 9000);
				free(c);
			}
	st = el(&f->run, "max-iops-histogram", NULL, 0, NULL, 1, 1000, 100, 12345);
	st->chart = xstrdup("qos");
	*state = f;
	return build(f, "dirth");
}

static void test_dirth_pages(void **state)
{
	struct fixture *f = *state;
	const struct table *iops = find(f, "dirth-iops-table")->t;
	const struct table *art = find(f, "dirth-art-table")->t;
	const struct chart *di = find(f, "dirth-demand-intensity")->c;

	/* The last round (2): rows TC 2, 1; columns QD 2, 1. */
	assert_int_equal(iops->nrows, 2);
	assert_string_equal(cell(iops, 0, 0), "2");
	assert_string_equal(cell(iops, 0, 1), "402");
	assert_string_equal(cell(iops, 1, 2), "102");
	assert_string_equal(cell(art, 0, 1), "1.000");
	assert_string_equal(cell(art, 1, 1), "2.000");
	assert_string_equal(cell(art, 0, 2), "0.500");
	assert_int_equal(find(f, "dirth-demand-variation")->c->nseries, 2);
	assert_int_equal(di->nseries, 2);
	assert_int_equal(di->nmarks, 2);
	assert_string_equal(di->marks[0].label, "MaxIOPS: TC 2 / QD 2, 402 IOPS, 1.000 ms");
	assert_string_equal(di->marks[1].label, "MinART: TC 2 / QD 1, 202 IOPS, 0.500 ms");
	/* the step as the report names it (the shipped plans label it; here its
	 * pattern), then the MRT */
	assert_non_null(strstr(find(f, "step-009-dirth-hist")->c->title,
			       "1M sequential write QD32 T1"));
	assert_non_null(strstr(find(f, "step-009-dirth-hist")->c->title,
			       ": response-time histogram, MRT 12.345 ms"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_xsr_table, setup_xsr_recovers, teardown),
		cmocka_unit_test_setup_teardown(test_xsr_never, setup_xsr_never, teardown),
		cmocka_unit_test_setup_teardown(test_dirth_pages, setup_dirth, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
