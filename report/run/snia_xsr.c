/* SPDX-License-Identifier: MIT */
/*
 * snia_xsr: the SNIA cross-stimulus recovery (XSR) pages (template kind "xsr"):
 * throughput against time over the access groups (each <rounds> scope of the run
 * is one group, in run order; a mark at each group's start), throughput with the
 * average and maximum response time (ART, MRT) of each sample against time, and
 * the table of each group's mean TP, peak ART and MRT, and the last group's
 * recovery time: from its start to the end of its first sample whose TP reaches
 * the first group's mean TP. Above report_ctx.c and rounds.c only.
 */
#include "snia_xsrdirth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rounds.h"
#include "xalloc.h"

/* A group's finished samples (rounds), in run order. */
struct xsr_group {
	const struct result_scope *s;
	const struct result_step **el;
	size_t n;
	double t0, t1;          /* seconds since the first group's start */
	double mean_mbs, peak_art_ms, peak_mrt_ms;
};

static double step_mbs(const struct result_step *st)
{
	double b = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		b += st->dir_stat[d].bw_bytes;
	return b / 1e6;
}

static double step_secs(const struct result_step *st)
{
	return (double)st->runtime_ms / 1000.0;
}

/* The groups of the run: its scopes with finished samples, timed end to end. */
static size_t xsr_groups(const struct result_run *run, struct xsr_group **out)
{
	struct xsr_group *g = xcalloc(run->nscopes + 1, sizeof(*g));
	size_t ng = 0;
	double t = 0;

	for (size_t i = 0; i < run->nscopes; i++) {
		struct xsr_group *x = &g[ng];

		x->s = &run->scopes[i];
		x->el = xcalloc(run->nsteps + 1, sizeof(const struct result_step *));
		x->t0 = t;
		for (size_t j = 0; j < run->nsteps; j++) {
			const struct result_step *st = &run->steps[j];

			if (!report__is_ok(st) || !rounds_in_scope(st, x->s))
				continue;
			x->el[x->n++] = st;
			x->mean_mbs += step_mbs(st);
			x->peak_art_ms = fmax(x->peak_art_ms, st->resp.mean_us / 1000);
			x->peak_mrt_ms = fmax(x->peak_mrt_ms, st->resp.max_us / 1000);
			t += step_secs(st);
		}
		x->t1 = t;
		if (!x->n) {
			free(x->el);
			continue;
		}
		x->mean_mbs /= (double)x->n;
		ng++;
	}
	*out = g;
	return ng;
}

static void xsr_groups_free(struct xsr_group *g, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(g[i].el);
	free(g);
}

/*
 * Seconds from the last group's start to the end of its first sample whose TP
 * reaches the first group's mean; -1 when none does (or fewer than 3 groups).
 */
static double xsr_recovery(const struct xsr_group *g, size_t ng)
{
	double t = 0;

	if (ng < 3)
		return -1;
	for (size_t i = 0; i < g[ng - 1].n; i++) {
		t += step_secs(g[ng - 1].el[i]);
		if (step_mbs(g[ng - 1].el[i]) >= g[0].mean_mbs)
			return t;
	}
	return -1;
}

/* Per-second MB/s of every sample of every group end to end, a line per group. */
static void tp_chart(struct report *r, const struct xsr_group *g, size_t ng)
{
	struct chart *c = chart_new(CHART_LINE, r->msg[M_XSR_TP], r->msg[M_XSR_TP_SUB]);
	const char *xtitle;
	double div;

	report__time_unit(r, g[ng - 1].t1, &div, &xtitle);
	chart_set_axis_titles(c, xtitle, r->msg[M_XSR_MBS]);
	for (size_t k = 0; k < ng; k++) {
		struct rounds_curve cv = { 0 };
		double t0 = g[k].t0;

		for (size_t i = 0; i < g[k].n; i++) {
			const struct result_step *st = g[k].el[i];
			int dm = RESULT_WRITE;

			for (int d = 0; d < RESULT_NDIRS; d++)
				if (st->bw[d].n > st->bw[dm].n)
					dm = d;
			for (size_t j = 0; j < st->bw[dm].n; j++) {
				double v = 0;

				for (int d = 0; d < RESULT_NDIRS; d++)
					if (j < st->bw[d].n)
						v += st->bw[d].v[j];
				if (cv.n == cv.cap) {
					cv.cap = cv.cap ? 2 * cv.cap : 64;
					cv.x = xrealloc(cv.x, cv.cap * sizeof(*cv.x));
					cv.y = xrealloc(cv.y, cv.cap * sizeof(*cv.y));
				}
				cv.x[cv.n] = (t0 + st->bw[dm].t[j]) / div;
				cv.y[cv.n++] = v / 1e6;
			}
			t0 += step_secs(st);
		}
		if (cv.n) {
			char *gname = report__scope_name(r, g[k].s);

			chart_series_add(c, gname, chart_palette(k), cv.x, cv.y, cv.n);
			if (k > 0)
				chart_add_mark(c, cv.x[0], cv.y[0], gname);
			free(gname);
		}
		rounds_curve_release(&cv);
	}
	if (!c->nseries)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	report__add_chart(r, xstrdup("xsr-tp"), c, NULL);
}

/* Each sample's MB/s (left) and its ART and MRT in ms (right) at its end. */
static void resp_chart(struct report *r, const struct xsr_group *g, size_t ng)
{
	struct chart *c = chart_new(CHART_LINE, r->msg[M_XSR_RESP], r->msg[M_XSR_RESP_SUB]);
	size_t n = 0, cap = 1;
	double *x, *tp, *art, *mrt, div;
	const char *xtitle;

	for (size_t k = 0; k < ng; k++)
		cap += g[k].n;
	x = xmalloc(cap * sizeof(*x));
	tp = xmalloc(cap * sizeof(*tp));
	art = xmalloc(cap * sizeof(*art));
	mrt = xmalloc(cap * sizeof(*mrt));
	report__time_unit(r, g[ng - 1].t1, &div, &xtitle);
	chart_set_axis_titles(c, xtitle, r->msg[M_XSR_MBS]);
	chart_set_y2(c, r->msg[M_XSR_RESP_MS]);
	for (size_t k = 0; k < ng; k++) {
		double t = g[k].t0;

		for (size_t i = 0; i < g[k].n; i++) {
			const struct result_step *st = g[k].el[i];

			t += step_secs(st);
			x[n] = t / div;
			tp[n] = step_mbs(st);
			art[n] = st->resp.mean_us / 1000;
			mrt[n++] = st->resp.max_us / 1000;
		}
		if (k > 0 && g[k].n) {
			char *gname = report__scope_name(r, g[k].s);

			chart_add_mark(c, x[n - g[k].n], tp[n - g[k].n], gname);
			free(gname);
		}
	}
	chart_series_add(c, "TP", chart_palette(0), x, tp, n);
	chart_series_add_y2(c, "ART", chart_palette(1), x, art, n);
	chart_series_add_y2(c, "MRT", chart_palette(2), x, mrt, n);
	report__add_chart(r, xstrdup("xsr-resp"), c, NULL);
	free(x);
	free(tp);
	free(art);
	free(mrt);
}

static char *fmt_num(double v, int decimals)
{
	char buf[48];

	chart_format_grouped(v, decimals, buf, sizeof(buf));
	return xstrdup(buf);
}

/* The groups' table: samples, mean TP, peak ART / MRT, the last one's recovery. */
static void xsr_table(struct report *r, const struct xsr_group *g, size_t ng)
{
	const char *head[7] = { r->msg[M_XSR_GROUP], r->msg[M_PATTERN], r->msg[M_XSR_SAMPLES],
				r->msg[M_XSR_MEAN_TP], r->msg[M_XSR_PEAK_ART],
				r->msg[M_XSR_PEAK_MRT], r->msg[M_XSR_RECOVERY] };
	char a[32], b[16];
	const char *ab[2] = { a, b };
	char *sub, *cell[7];
	double rec = xsr_recovery(g, ng);
	struct table *t;

	snprintf(a, sizeof(a), "%zu", ng);
	snprintf(b, sizeof(b), "%d", 1);
	sub = msg_subst(r->msg[M_XSR_TABLE_SUB], ab, 2);
	t = table_new(r->msg[M_XSR_TABLE], sub, 7, head);
	for (size_t k = 0; k < ng; k++) {
		struct sbuf pat;

		sbuf_init(&pat);
		report__step_pattern(r, g[k].el[0], &pat);
		cell[0] = report__scope_name(r, g[k].s);
		cell[1] = sbuf_detach(&pat);
		cell[2] = xasprintf("%zu", g[k].n);
		cell[3] = fmt_num(g[k].mean_mbs, 1);
		cell[4] = fmt_num(g[k].peak_art_ms, 3);
		cell[5] = fmt_num(g[k].peak_mrt_ms, 3);
		if (k + 1 < ng || ng < 3)
			cell[6] = xstrdup("–");
		else if (rec < 0)
			cell[6] = xstrdup(r->msg[M_XSR_NOT_RECOVERED]);
		else
			cell[6] = fmt_num(rec / 60, 2);
		table_add_row(t, (const char *const *)cell, NULL);
		for (int i = 0; i < 7; i++)
			free(cell[i]);
	}
	report__add_chart(r, xstrdup("xsr-table"), NULL, t);
	free(sub);
}

void snia__build_xsr(struct report *r)
{
	struct xsr_group *g;
	size_t ng = xsr_groups(r->run, &g);

	if (ng) {
		tp_chart(r, g, ng);
		resp_chart(r, g, ng);
		xsr_table(r, g, ng);
	}
	xsr_groups_free(g, ng);
}
