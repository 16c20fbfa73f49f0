/* SPDX-License-Identifier: MIT */
/* Tests of rounds (window lines, IOPS matrix, end-to-end curves) and qos (latency bins). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "qos.h"
#include "result.h"
#include "rounds.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

static struct result_step *element(struct result_run *r, const char *scope, int round,
				   const char *cell, uint64_t bs, double riops, double wiops)
{
	struct result_step *st = result_run_add_step(r);

	st->index = (int)r->nsteps;
	st->name = xstrdup("iops");
	st->status = xstrdup("ok");
	st->scope = scope ? xstrdup(scope) : NULL;
	st->round = round;
	st->cell = cell ? xstrdup(cell) : NULL;
	st->bs = bs;
	st->dir_stat[RESULT_READ].iops = riops;
	st->dir_stat[RESULT_WRITE].iops = wiops;
	return st;
}

static struct result_scope *scope(struct result_run *r, const char *name, int rounds,
				  int steady_round)
{
	struct result_scope *s = result_run_add_scope(r);

	s->name = xstrdup(name);
	s->until = xstrdup("steady");
	s->verdict = xstrdup(steady_round ? "steady" : "not reached");
	s->rounds = rounds;
	s->steady_round = steady_round;
	s->window = 5;
	s->range = 0.20;
	s->slope = 0.10;
	return s;
}

/* The window is computed when the engine stored none: SNIA's numbers by hand. */
static void test_window_computed(void **state)
{
	const double y[] = { 90, 100, 104, 98, 102, 96, 100 };
	struct result_run run;
	struct result_scope *s;
	struct result_track *t;
	struct rounds_window w;
	(void)state;

	result_run_init(&run);
	s = scope(&run, "ss", 7, 7);
	t = result_scope_add_track(s);
	for (int r = 0; r < 7; r++)
		result_track_set(t, r + 1, y[r], NULL);
	assert_int_equal(rounds_window(s, t, &w), 0);
	/* Rounds 3..7: 104 98 102 96 100, mean 100, fit y = -x + 105. */
	assert_int_equal(w.first, 3);
	assert_int_equal(w.last, 7);
	assert_near(w.avg, 100, 1e-9);
	assert_near(w.band_lo, 90, 1e-9);
	assert_near(w.band_hi, 110, 1e-9);
	assert_near(w.w.slope, -1, 1e-9);
	assert_near(w.fit_first, 102, 1e-9);
	assert_near(w.fit_last, 98, 1e-9);
	assert_near(w.w.data_excursion, 8, 1e-9);
	assert_near(w.w.slope_excursion, 4, 1e-9);
	assert_true(w.steady);
	/* Fewer rounds than the window: nothing to draw. */
	t->n = 4;
	s->steady_round = 0;
	assert_int_equal(rounds_window(s, t, &w), -1);
	result_run_release(&run);
}

/* The engine's stored window wins; not reached shows the last round's window. */
static void test_window_stored(void **state)
{
	struct steady_window sw = { 2, 6, 50, 10, 10, 2.5, 40, 10, 5, 1, 0 };
	struct result_run run;
	struct result_scope *s;
	struct result_track *t;
	struct rounds_window w;
	(void)state;

	result_run_init(&run);
	s = scope(&run, "ss", 6, 0);
	s->range = 0.30;
	t = result_scope_add_track(s);
	for (int r = 1; r <= 5; r++)
		result_track_set(t, r, 50, NULL);
	result_track_set(t, 6, 60, &sw);
	assert_int_equal(rounds_window(s, t, &w), 0);
	assert_int_equal(w.first, 2);
	assert_int_equal(w.last, 6);
	assert_near(w.fit_first, 45, 1e-9);  /* 2.5 x 2 + 40 */
	assert_near(w.fit_last, 55, 1e-9);   /* 2.5 x 6 + 40 */
	assert_near(w.band_lo, 42.5, 1e-9);  /* +-15 % for a 30 % range */
	assert_near(w.band_hi, 57.5, 1e-9);
	assert_false(w.steady);              /* slope failed */
	result_run_release(&run);
}

/* 2 mixes x 3 block sizes x 6 rounds, steady at round 6: mean of rounds 2..6. */
static void build_matrix_run(struct result_run *run, int steady_round)
{
	static const char *const bs_txt[] = { "64k", "4k", "512" };
	static const uint64_t bs[] = { 65536, 4096, 512 };

	result_run_init(run);
	scope(run, "ss", 6, steady_round);
	for (int r = 1; r <= 6; r++)
		for (int m = 0; m < 2; m++)
			for (int b = 0; b < 3; b++) {
				char *cell = xasprintf("mix=%d bs=%s", m ? 0 : 65, bs_txt[b]);
				double iops = 1000.0 * (b + 1) * (m + 1) + r;

				element(run, "ss", r, cell, bs[b], iops * 0.5, iops * 0.5);
				free(cell);
			}
	/* A failed element in round 3 is left out of its cell's mean. */
	free(run->steps[12].status);
	run->steps[12].status = xstrdup("failed");
	/* An element of another scope does not count. */
	element(run, "other", 6, "mix=65 bs=4k", 4096, 1e9, 0);
}

static void test_matrix(void **state)
{
	struct result_run run;
	struct rounds_matrix m;
	(void)state;

	build_matrix_run(&run, 6);
	assert_int_equal(rounds_matrix(&run, &run.scopes[0], &m), 0);
	assert_string_equal(m.row_key, "bs");
	assert_string_equal(m.col_key, "mix");
	assert_int_equal(m.first, 2);
	assert_int_equal(m.last, 6);
	assert_int_equal(m.nrows, 3);
	assert_int_equal(m.ncols, 2);
	/* Rows by block size, small to large; "512" is bytes. */
	assert_string_equal(m.rows[0], "512");
	assert_string_equal(m.rows[1], "4k");
	assert_string_equal(m.rows[2], "64k");
	assert_near(m.row_bytes[0], 512, 0);
	assert_near(m.row_bytes[2], 65536, 0);
	/* Columns as the plan ran them, read/write percent. */
	assert_string_equal(m.cols[0], "65/35");
	assert_string_equal(m.cols[1], "0/100");
	/* 512 B, 0/100: 6000 + r over rounds 2..6 -> 6004. */
	assert_near(m.v[0 * 2 + 1], 6004, 1e-9);
	/* 4k, 65/35: 2000 + r -> 2004. */
	assert_near(m.v[1 * 2 + 0], 2004, 1e-9);
	/* 64k, 65/35 lost round 3 (steps[12]): mean of 2, 4, 5, 6 -> 1004.25. */
	assert_near(m.v[2 * 2 + 0], 1004.25, 1e-9);
	rounds_matrix_release(&m);
	result_run_release(&run);

	/* Not reached: the last window all the same (SNIA: rounds x-4..x), 2..6. */
	build_matrix_run(&run, 0);
	assert_int_equal(rounds_matrix(&run, &run.scopes[0], &m), 0);
	assert_int_equal(m.first, 2);
	assert_int_equal(m.last, 6);
	assert_near(m.v[1 * 2 + 1], (4002 + 4003 + 4004 + 4005 + 4006) / 5.0, 1e-9);
	rounds_matrix_release(&m);
	result_run_release(&run);
}

/* LAT/TP: the ART matrix is the window rounds' mean of their mean response
 * times, the MRT matrix the maximum of their maxima; an element without response
 * times (resp.n == 0) is left out. */
static void test_matrix_response(void **state)
{
	struct result_run run;
	struct rounds_matrix art, mrt;
	(void)state;

	build_matrix_run(&run, 6);
	for (size_t i = 0; i < 36; i++) {
		struct result_step *st = &run.steps[i];

		st->resp.n = 10;
		st->resp.mean_us = 10.0 * st->round + (double)(i % 6);
		st->resp.max_us = (st->round == 4 ? 5000.0 : 100.0 * st->round) + (double)(i % 6);
	}
	run.steps[29].resp.n = 0;   /* round 5, 0/100, 512 B */
	run.steps[36].resp.n = 1;   /* the other scope's element */
	run.steps[36].resp.max_us = 1e9;
	assert_int_equal(rounds_matrix_of(&run, &run.scopes[0], ROUNDS_ART, &art), 0);
	assert_int_equal(rounds_matrix_of(&run, &run.scopes[0], ROUNDS_MRT, &mrt), 0);
	assert_int_equal(art.first, 2);
	assert_int_equal(mrt.last, 6);
	/* 4k, 65/35 (i % 6 == 1): 10 r + 1 over rounds 2..6 -> 41; max at round 4. */
	assert_near(art.v[1 * 2 + 0], 41, 1e-9);
	assert_near(mrt.v[1 * 2 + 0], 5001, 1e-9);
	/* 64k, 65/35 lost round 3 (failed): 10 r over 2, 4, 5, 6 -> 42.5. */
	assert_near(art.v[2 * 2 + 0], 42.5, 1e-9);
	assert_near(mrt.v[2 * 2 + 0], 5000, 1e-9);
	/* 512 B, 0/100 without round 5's: 10 r + 5 over 2, 3, 4, 6 -> 42.5. */
	assert_near(art.v[0 * 2 + 1], 42.5, 1e-9);
	assert_near(mrt.v[0 * 2 + 1], 5005, 1e-9);
	rounds_matrix_release(&art);
	rounds_matrix_release(&mrt);
	result_run_release(&run);
}

/* Cells of one coordinate, or of different keys, make no matrix. */
static void test_matrix_refused(void **state)
{
	struct result_run run;
	struct rounds_matrix m;
	(void)state;

	result_run_init(&run);
	scope(&run, "ss", 1, 0);
	element(&run, "ss", 1, "qd=32", 4096, 1, 0);
	assert_int_equal(rounds_matrix(&run, &run.scopes[0], &m), -1);
	assert_int_equal(m.nrows, 0);
	rounds_matrix_release(&m);
	free(run.steps[0].cell);
	run.steps[0].cell = xstrdup("mix=65 bs=4k");
	element(&run, "ss", 1, "mix=65 qd=4", 4096, 1, 0);
	assert_int_equal(rounds_matrix(&run, &run.scopes[0], &m), -1);
	rounds_matrix_release(&m);
	result_run_release(&run);
}

/* IOPS against % of capacity: per second, read and write added, written interpolated. */
static void test_written_curve(void **state)
{
	struct result_run run;
	struct result_step *a, *b;
	struct rounds_curve c = { 0 };
	(void)state;

	result_run_init(&run);
	a = element(&run, "wsat", 1, NULL, 4096, 0, 0);
	b = element(&run, "wsat", 2, NULL, 4096, 0, 0);
	for (int i = 1; i <= 2; i++) {
		result_series_push(&a->iops[RESULT_WRITE], i, 100 * i);
		result_series_push(&a->iops[RESULT_READ], i, 10);
		result_series_push(&b->iops[RESULT_WRITE], i, 50);
	}
	/* a wrote 100 MB then 300 MB by its 2nd second; b continues from 300 MB. */
	result_series_push(&a->written, 2, 300e6);
	a->written_before = 0;
	b->written_before = 300000000;
	result_series_push(&b->written, 1, 400e6);
	result_series_push(&b->written, 2, 500e6);
	rounds_curve_add_written(&c, a, 1000000000);
	rounds_curve_add_written(&c, b, 1000000000);
	assert_int_equal(c.n, 4);
	assert_near(c.x[0], 15, 1e-9);  /* halfway to the first sample: 150 MB */
	assert_near(c.y[0], 110, 1e-9); /* 100 write + 10 read */
	assert_near(c.x[1], 30, 1e-9);
	assert_near(c.y[1], 210, 1e-9);
	assert_near(c.x[2], 40, 1e-9);
	assert_near(c.x[3], 50, 1e-9);
	assert_near(c.y[3], 50, 1e-9);
	rounds_curve_release(&c);
	/* No capacity: GB written. */
	rounds_curve_add_written(&c, b, 0);
	assert_near(c.x[1], 0.5, 1e-9);
	rounds_curve_release(&c);
	/* End to end in time: b starts where a's 60 s runtime ended. */
	a->runtime_ms = 60000;
	assert_near(rounds_curve_add_time(&c, a, 0, 0), 60, 1e-9);
	assert_near(rounds_curve_add_time(&c, b, 60, 0), 62, 1e-9);
	assert_near(c.x[2], 61, 1e-9);
	rounds_curve_release(&c);
	result_run_release(&run);
}

static void hist(struct result_hist *h, const uint64_t *ns, const uint64_t *count,
		 size_t n)
{
	h->ns = xmalloc(n * sizeof(*ns));
	h->count = xmalloc(n * sizeof(*count));
	memcpy(h->ns, ns, n * sizeof(*ns));
	memcpy(h->count, count, n * sizeof(*count));
	h->n = n;
}

/* 100,000 I/Os: 90 % at 100 µs, 9.9 % at 1 ms, 99 at 10 ms, 1 at 100 ms. */
static void test_qos(void **state)
{
	const uint64_t ns[] = { 100000, 1000000, 10000000, 100000000 };
	const uint64_t cnt[] = { 90000, 9900, 99, 1 };
	struct result_step st;
	struct result_hist m = { NULL, NULL, 0 };
	double x[16], y[16];
	size_t n;
	(void)state;

	result_step_init(&st);
	hist(&st.hist[RESULT_READ], ns, cnt, 4);
	assert_int_equal(qos_total(&st.hist[RESULT_READ]), 100000);
	assert_near(qos_percentile(&st.hist[RESULT_READ], 90), 100, 1e-9);
	assert_near(qos_percentile(&st.hist[RESULT_READ], 99), 1000, 1e-9);
	/* 99,900 of 100,000 by 1 ms: exactly the 99.9th, whatever 99.9 rounds to. */
	assert_near(qos_percentile(&st.hist[RESULT_READ], 99.9), 1000, 1e-9);
	assert_near(qos_percentile(&st.hist[RESULT_READ], 99.99), 10000, 1e-9);
	assert_near(qos_percentile(&st.hist[RESULT_READ], 99.999), 10000, 1e-9);
	assert_near(qos_percentile(&st.hist[RESULT_READ], 100), 100000, 1e-9);
	/* The staircase: down at each bin, the last bin's drop to 0 left out. */
	n = qos_exceedance(&st.hist[RESULT_READ], x, y);
	assert_int_equal(n, 7);
	assert_near(x[0], 100, 1e-9);
	assert_near(y[0], 1, 1e-12);
	assert_near(y[1], 0.1, 1e-12);
	assert_near(x[3], 1000, 1e-9);
	assert_near(y[3], 0.001, 1e-12);
	assert_near(x[6], 100000, 1e-9);
	assert_near(y[6], 0.00001, 1e-12);
	/* Histogram, 1 bucket per decade: one bucket per bin, in percent. */
	n = qos_histogram(&st.hist[RESULT_READ], 1, x, y, 16);
	assert_int_equal(n, 4);
	assert_near(y[0], 90, 1e-9);
	assert_near(y[1], 9.9, 1e-9);
	assert_near(x[0], pow(10, 5.5) / 1e3, 1e-6);
	/* Merging directions adds equal bins and keeps the order. */
	hist(&st.hist[RESULT_WRITE], (const uint64_t[]){ 500000, 1000000 },
	     (const uint64_t[]){ 5, 7 }, 2);
	qos_merge(&st, 0, &m);
	assert_int_equal(m.n, 5);
	assert_int_equal(m.ns[1], 500000);
	assert_int_equal(m.count[2], 9907);
	assert_int_equal(qos_total(&m), 100012);
	result_hist_release(&m);
	result_step_release(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_window_computed),
		cmocka_unit_test(test_window_stored),
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_matrix_refused),
		cmocka_unit_test(test_matrix_response),
		cmocka_unit_test(test_written_curve),
		cmocka_unit_test(test_qos),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
