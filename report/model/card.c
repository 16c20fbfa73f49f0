/* SPDX-License-Identifier: MIT */
/* card: the result card and a lineup's grid of them (card.h). */
#include "card.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "msg.h"
#include "vocab.h"
#include "wording.h"
#include "xalloc.h"

#define CARD_MAX_TESTS 64

/* The directions a card shows: each rw's, and whether it is random. */
static const struct {
	const char *rw;
	int dir;      /* RESULT_READ or RESULT_WRITE */
	int random;
} rws[] = {
	{ "read", RESULT_READ, 0 },
	{ "randread", RESULT_READ, 1 },
	{ "write", RESULT_WRITE, 0 },
	{ "randwrite", RESULT_WRITE, 1 },
};

/* st's row of rws[], or -1 when the card does not show it. */
static int rw_of(const struct result_step *st)
{
	if (!st->status || strcmp(st->status, "ok") || result_step_kind(st) != STEP_WORKLOAD ||
	    !result_step_measured(st) || st->scope || !st->rw)
		return -1;
	for (size_t i = 0; i < sizeof(rws) / sizeof(*rws); i++)
		if (!strcmp(rws[i].rw, st->rw))
			return (int)i;
	return -1;
}

/* The test's name, CrystalDiskMark's: "SEQ1M Q8T1", "RND4K Q32T16". */
static void card_name(const struct result_step *st, char *buf, size_t n)
{
	int k = rw_of(st);
	char bs[16];

	wording_bs(st->bs, bs, sizeof(bs));
	snprintf(buf, n, "%s%s Q%dT%d", k >= 0 && rws[k].random ? "RND" : "SEQ", bs,
		 st->iodepth > 0 ? st->iodepth : 1, st->numjobs > 0 ? st->numjobs : 1);
}

size_t card_tests(const struct result_run *run, struct card_test *out, size_t max)
{
	size_t n = 0, both = 0;

	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		int k = rw_of(st);
		char name[48];
		size_t t = 0;

		if (k < 0)
			continue;
		card_name(st, name, sizeof(name));
		while (t < n && strcmp(out[t].name, name))
			t++;
		if (t == n) {
			if (n == max)
				continue;
			memset(&out[n], 0, sizeof(out[n]));
			snprintf(out[n].name, sizeof(out[n].name), "%s", name);
			n++;
		}
		/* a test run twice: its last run, as the steps table's last row */
		if (rws[k].dir == RESULT_READ)
			out[t].rd = st;
		else
			out[t].wr = st;
	}
	for (size_t t = 0; t < n; t++)
		both += out[t].rd && out[t].wr;
	return both ? n : 0;
}

static char *head_of(const char *tmpl, const char *dir)
{
	return msg_subst(tmpl, (const char *const[]){ dir }, 1);
}

/* MB/s as CrystalDiskMark prints it (two decimals), "–" when not measured. */
static void mbps(const struct result_step *st, int dir, char *buf, size_t n)
{
	if (st)
		chart_format_grouped(st->dir_stat[dir].bw_bytes / 1e6, 2, buf, n);
	else
		snprintf(buf, n, "–");
}

struct table *card_table(const struct result_run *run, const struct card_words *w)
{
	struct card_test tests[CARD_MAX_TESTS];
	size_t n = card_tests(run, tests, CARD_MAX_TESTS);
	char *h[6] = { head_of(w->mbps, w->read), head_of(w->mbps, w->write),
		       head_of(w->iops, w->read), head_of(w->iops, w->write),
		       head_of(w->us, w->read), head_of(w->us, w->write) };
	const char *head[7] = { w->test, h[0], h[1], h[2], h[3], h[4], h[5] };
	struct table *t = n ? table_new(w->title, w->sub, 7, head) : NULL;

	if (t) {
		table_set_keep(t, 1);   /* the test in each part of a narrow canvas */
		for (size_t c = 0; c < 3; c++)   /* the test and its MB/s, as tiles */
			table_set_tile(t, c);
	}

	for (size_t i = 0; i < n; i++) {
		char c[6][48];
		const char *row[7] = { tests[i].name, c[0], c[1], c[2], c[3], c[4], c[5] };

		for (int d = 0; d < 2; d++) {
			const struct result_step *st = d ? tests[i].wr : tests[i].rd;
			int dir = d ? RESULT_WRITE : RESULT_READ;

			mbps(st, dir, c[d], sizeof(c[d]));
			if (st) {
				chart_format_grouped(st->dir_stat[dir].iops, 0, c[2 + d],
						     sizeof(c[2 + d]));
				chart_format_grouped(st->dir_stat[dir].clat_mean_us, 1, c[4 + d],
						     sizeof(c[4 + d]));
			} else {
				snprintf(c[2 + d], sizeof(c[2 + d]), "–");
				snprintf(c[4 + d], sizeof(c[4 + d]), "–");
			}
		}
		table_add_row(t, row, NULL);
	}
	for (size_t i = 0; i < 6; i++)
		free(h[i]);
	return t;
}

/* The baseline drive's row in a grid */
#define CARD_BASE_FILL CHART_COLOR_EMPH

/* Row m's MB/s of st in dir: the lineup's value (a mean of passes) or the element's. */
static void grid_mbps(double (*value)(const void *, size_t, const struct result_step *, int),
		      const void *ctx, size_t m, const struct result_step *st, int dir,
		      char *buf, size_t n)
{
	double v = value && st ? value(ctx, m, st, dir) : NAN;

	if (isfinite(v))
		chart_format_grouped(v, 2, buf, n);
	else
		mbps(st, dir, buf, n);
}

struct table *card_grid(const struct result_run *const *runs, const char *const *labels,
			size_t n, size_t base, const struct card_words *w,
			double (*value)(const void *ctx, size_t m, const struct result_step *st,
					int dir),
			const void *ctx)
{
	struct card_test *tests = xcalloc(n * CARD_MAX_TESTS + 1, sizeof(*tests));
	size_t *nt = xcalloc(n + 1, sizeof(*nt));
	char (*names)[48] = xcalloc(CARD_MAX_TESTS + 1, sizeof(*names));
	size_t nn = 0, ncols;
	struct table *t = NULL;
	const char **head;
	char **owned;

	/* the tests: the baseline's first, then what the others add, in their order */
	for (size_t k = 0; k < n; k++) {
		size_t m = k == 0 ? base : k <= base ? k - 1 : k;

		nt[m] = card_tests(runs[m], tests + m * CARD_MAX_TESTS, CARD_MAX_TESTS);
		for (size_t i = 0; i < nt[m]; i++) {
			size_t j = 0;

			while (j < nn && strcmp(names[j], tests[m * CARD_MAX_TESTS + i].name))
				j++;
			if (j == nn && nn < CARD_MAX_TESTS)
				snprintf(names[nn++], sizeof(names[0]), "%s",
					 tests[m * CARD_MAX_TESTS + i].name);
		}
	}
	ncols = 1 + 2 * nn;
	head = xcalloc(ncols, sizeof(*head));
	owned = xcalloc(ncols, sizeof(*owned));
	head[0] = w->drive;
	for (size_t j = 0; j < nn; j++)
		for (int d = 0; d < 2; d++) {
			char *dir = xasprintf("%s %s", names[j], d ? w->write : w->read);

			head[1 + 2 * j + d] = owned[1 + 2 * j + d] = head_of(w->mbps, dir);
			free(dir);
		}
	if (nn) {
		t = table_new(w->title, w->sub, ncols, head);
		table_set_keep(t, 1);   /* the drive in each part of a narrow canvas */
	}
	for (size_t m = 0; t && m < n; m++) {
		const char **row = xcalloc(ncols, sizeof(*row));
		uint32_t *fills = xcalloc(ncols, sizeof(*fills));
		char (*c)[48] = xcalloc(ncols, sizeof(*c));

		row[0] = labels[m];
		for (size_t j = 0; j < ncols; j++)
			fills[j] = m == base && n > 1 ? CARD_BASE_FILL : TABLE_NO_FILL;
		for (size_t j = 0; j < nn; j++) {
			const struct card_test *ct = NULL;

			for (size_t i = 0; i < nt[m]; i++)
				if (!strcmp(tests[m * CARD_MAX_TESTS + i].name, names[j]))
					ct = &tests[m * CARD_MAX_TESTS + i];
			grid_mbps(value, ctx, m, ct ? ct->rd : NULL, RESULT_READ, c[1 + 2 * j],
				  sizeof(c[0]));
			grid_mbps(value, ctx, m, ct ? ct->wr : NULL, RESULT_WRITE, c[2 + 2 * j],
				  sizeof(c[0]));
			row[1 + 2 * j] = c[1 + 2 * j];
			row[2 + 2 * j] = c[2 + 2 * j];
		}
		table_add_row(t, row, fills);
		free(row);
		free(fills);
		free(c);
	}
	for (size_t j = 0; j < ncols; j++)
		free(owned[j]);
	free(owned);
	free(head);
	free(names);
	free(nt);
	free(tests);
	return t;
}
