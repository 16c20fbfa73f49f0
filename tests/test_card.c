/* SPDX-License-Identifier: MIT */
/*
 * Tests of report/model/card.c: the result card's tests (CrystalDiskMark's names,
 * read and write paired, what is left out) and its cells, each recomputed here from
 * the numbers the test gives the steps; the lineup's grid and its baseline row.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "card.h"
#include "result.h"
#include "xalloc.h"

static const struct card_words words = { "Card", "sub", "Test", "Drive", "Read", "Write",
					 "{} MB/s", "{} IOPS", "{} µs" };

/* A finished workload of run r: rw, bs, QD, jobs; dir's MB/s, IOPS and mean µs. */
static struct result_step *step(struct result_run *r, const char *name, const char *rw,
				uint64_t bs, int qd, int jobs, double mbps, double iops,
				double us)
{
	struct result_step *st = result_run_add_step(r);
	int dir = strstr(rw, "read") ? RESULT_READ : RESULT_WRITE;

	st->name = xstrdup(name);
	st->kind = xstrdup("workload");
	st->status = xstrdup("ok");
	st->rw = xstrdup(rw);
	st->bs = bs;
	st->iodepth = qd;
	st->numjobs = jobs;
	st->dir_stat[dir].bw_bytes = mbps * 1e6;
	st->dir_stat[dir].iops = iops;
	st->dir_stat[dir].clat_mean_us = us;
	return st;
}

/* CrystalDiskMark NVMe's eight, a mixed step, a step in rounds and a failed one. */
static void cdm(struct result_run *r, double scale)
{
	result_run_init(r);
	step(r, "s1r", "read", 1 << 20, 8, 1, 7012.346 * scale, 6687, 1195.5);
	step(r, "s2r", "read", 128 << 10, 32, 1, 5000 * scale, 38147, 838.8);
	step(r, "r1r", "randread", 4096, 32, 16, 2500 * scale, 610351.6, 838.1);
	step(r, "r2r", "randread", 4096, 1, 1, 69.41 * scale, 16945.8, 58.9);
	step(r, "mix", "randrw", 4096, 1, 1, 10, 10, 10);
	step(r, "s1w", "write", 1 << 20, 8, 1, 6500 * scale, 6199, 1290);
	step(r, "r2w", "randwrite", 4096, 1, 1, 250.5 * scale, 61157, 16.1);
	step(r, "in-rounds", "write", 128 << 10, 32, 1, 1, 1, 1)->scope = xstrdup("ss");
	free(step(r, "failed", "randwrite", 4096, 32, 16, 1, 1, 1)->status);
	r->steps[r->nsteps - 1].status = xstrdup("failed");
}

static void test_tests(void **state)
{
	struct result_run r;
	struct card_test t[8];
	size_t n;

	(void)state;
	cdm(&r, 1);
	n = card_tests(&r, t, 8);
	/* in run order of their first element; the mix, the round and the failure out */
	assert_int_equal(n, 4);
	assert_string_equal(t[0].name, "SEQ1M Q8T1");
	assert_string_equal(t[1].name, "SEQ128K Q32T1");
	assert_string_equal(t[2].name, "RND4K Q32T16");
	assert_string_equal(t[3].name, "RND4K Q1T1");
	assert_string_equal(t[0].rd->name, "s1r");
	assert_string_equal(t[0].wr->name, "s1w");
	assert_null(t[1].wr);   /* its write ran in rounds */
	assert_null(t[2].wr);   /* its write failed */
	assert_string_equal(t[3].wr->name, "r2w");
	/* a short array keeps the first tests */
	assert_int_equal(card_tests(&r, t, 2), 2);
	result_run_release(&r);
}

static void test_table(void **state)
{
	struct result_run r;
	struct table *t;

	(void)state;
	cdm(&r, 1);
	t = card_table(&r, &words);
	assert_non_null(t);
	assert_int_equal(t->ncols, 7);
	assert_int_equal(t->nrows, 4);
	assert_int_equal(t->keep, 1);   /* split by columns, each part names the test */
	assert_string_equal(t->head[1], "Read MB/s");
	assert_string_equal(t->head[4], "Write IOPS");
	assert_string_equal(t->head[6], "Write µs");
	/* SEQ1M: 7,012.346 MB/s to two decimals, 6,687 IOPS, 1,195.5 µs */
	assert_string_equal(t->cells[0].text, "SEQ1M Q8T1");
	assert_string_equal(t->cells[1].text, "7,012.35");
	assert_string_equal(t->cells[2].text, "6,500.00");
	assert_string_equal(t->cells[3].text, "6,687");
	assert_string_equal(t->cells[4].text, "6,199");
	assert_string_equal(t->cells[5].text, "1,195.5");
	assert_string_equal(t->cells[6].text, "1,290.0");
	/* SEQ128K has no write: a dash in each of its write cells */
	assert_string_equal(t->cells[7 + 2].text, "–");
	assert_string_equal(t->cells[7 + 4].text, "–");
	assert_string_equal(t->cells[7 + 6].text, "–");
	/* RND4K Q1T1: 69.41 and 250.50 MB/s, 16,946 and 61,157 IOPS, 58.9 and 16.1 µs */
	assert_string_equal(t->cells[21 + 1].text, "69.41");
	assert_string_equal(t->cells[21 + 2].text, "250.50");
	assert_string_equal(t->cells[21 + 3].text, "16,946");
	assert_string_equal(t->cells[21 + 6].text, "16.1");
	/* CrystalDiskMark's tiles: the test's, then its read and write MB/s; the rest plain */
	for (size_t c = 0; c < t->ncols; c++)
		assert_int_equal(t->tile[c], c < 3);
	assert_int_equal(table_cell_font(t, 0), CHART_FONT_AXIS);
	assert_int_equal(table_cell_font(t, 1), CHART_FONT_TITLE);
	assert_int_equal(table_cell_font(t, 3), CHART_FONT_BODY);
	table_free(t);
	result_run_release(&r);
	/* a run without a read or write step outside rounds has no card */
	result_run_init(&r);
	step(&r, "mix", "randrw", 4096, 1, 1, 10, 10, 10);
	assert_null(card_table(&r, &words));
	/* nor one whose tests never both read and write: random writes, a fill */
	step(&r, "rw", "randwrite", 4096, 32, 1, 10, 10, 10);
	free(step(&r, "fill", "read", 4096, 32, 1, 10, 10, 10)->kind);
	r.steps[r.nsteps - 1].kind = xstrdup("precondition");
	assert_null(card_table(&r, &words));
	assert_int_equal(card_tests(&r, (struct card_test[4]){ 0 }, 4), 0);
	result_run_release(&r);
}

static void test_grid(void **state)
{
	struct result_run a, b;
	const struct result_run *runs[2] = { &a, &b };
	const char *labels[2] = { "A", "B" };
	struct table *t;

	(void)state;
	cdm(&a, 1);
	cdm(&b, 0.5);
	/* B, the baseline, runs one more test: its tests give the columns' order */
	step(&b, "extra", "randread", 8192, 4, 1, 1, 1, 1);
	t = card_grid(runs, labels, 2, 1, &words, NULL, NULL);
	assert_non_null(t);
	assert_int_equal(t->ncols, 1 + 2 * 5);
	assert_int_equal(t->nrows, 2);
	assert_int_equal(t->keep, 1);
	assert_string_equal(t->head[1], "SEQ1M Q8T1 Read MB/s");
	assert_string_equal(t->head[10], "RND8K Q4T1 Write MB/s");
	assert_string_equal(t->cells[0].text, "A");
	assert_string_equal(t->cells[1].text, "7,012.35");
	assert_string_equal(t->cells[9].text, "–");   /* A has no RND8K */
	assert_int_equal(t->cells[0].fill, TABLE_NO_FILL);
	/* B, the baseline, shaded; its MB/s half A's */
	assert_string_equal(t->cells[11].text, "B");
	assert_string_equal(t->cells[11 + 1].text, "3,506.17");
	assert_string_equal(t->cells[11 + 9].text, "1.00");
	assert_true(t->cells[11].fill != TABLE_NO_FILL);
	assert_true(t->cells[11 + 5].fill == t->cells[11].fill);
	table_free(t);
	result_run_release(&a);
	result_run_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tests),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_grid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
