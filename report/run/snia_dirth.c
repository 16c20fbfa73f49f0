/* SPDX-License-Identifier: MIT */
/*
 * snia_dirth: the SNIA demand intensity / response time histogram (DIRTH) pages,
 * also ECW's (template kind "dirth"): from the last round of the <rounds> scope
 * whose elements are swept over "tc" and "qd", demand variation (IOPS against QD,
 * a line per TC), demand intensity (ART against IOPS, a line per TC, the MaxIOPS
 * and MinART points marked) and the two as TC x QD tables; then each step outside
 * rounds in run order: a qos-hinted one (the Max/Mid/Min IOPS points) as its
 * response-time histogram with the MRT in the title, any other (the pre-writes)
 * as report_steps draws it. Above report_steps.c.
 */
#include "snia_xsrdirth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qos.h"
#include "rounds.h"
#include "wording.h"
#include "xalloc.h"

#define HIST_PER_DECADE 10
#define HIST_MAX 160

/* One cell of the last round: its TC, QD, total IOPS and ART (µs). */
struct di_point {
	int tc, qd;
	double iops, art_us;
};

/* The value of key ("tc") in a cell ("tc=32 qd=16"), or -1. */
static int cell_key(const char *cell, const char *key)
{
	size_t k = strlen(key);

	for (const char *p = cell; p && *p; p = strchr(p, ' ')) {
		while (*p == ' ')
			p++;
		if (!strncmp(p, key, k) && p[k] == '=')
			return atoi(p + k + 1);
	}
	return -1;
}

/*
 * The points of the last round of the first scope with tc/qd cells; *sc gets the
 * scope and *round its round. Returns the count (0 when no scope has them).
 */
static size_t di_points(const struct result_run *run, const struct result_scope **sc,
			int *round, struct di_point **out)
{
	struct di_point *p = xcalloc(run->nsteps + 1, sizeof(*p));
	size_t n = 0;

	for (size_t i = 0; i < run->nscopes && !n; i++) {
		const struct result_scope *s = &run->scopes[i];
		int last = 0;

		for (size_t j = 0; j < run->nsteps; j++) {
			const struct result_step *st = &run->steps[j];

			if (report__is_ok(st) && rounds_in_scope(st, s) && st->cell &&
			    cell_key(st->cell, "tc") > 0 && cell_key(st->cell, "qd") > 0 &&
			    st->round > last)
				last = st->round;
		}
		for (size_t j = 0; last && j < run->nsteps; j++) {
			const struct result_step *st = &run->steps[j];

			if (!report__is_ok(st) || !rounds_in_scope(st, s) || st->round != last ||
			    !st->cell || cell_key(st->cell, "tc") <= 0 ||
			    cell_key(st->cell, "qd") <= 0)
				continue;
			p[n].tc = cell_key(st->cell, "tc");
			p[n].qd = cell_key(st->cell, "qd");
			p[n].iops = result_step_iops(st);
			p[n++].art_us = st->resp.mean_us;
		}
		*sc = s;
		*round = last;
	}
	*out = p;
	return n;
}

/* Distinct values of TC (which = 0) or QD (1) in the order the plan ran them. */
static size_t distinct(const struct di_point *p, size_t n, int which, int *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		int v = which ? p[i].qd : p[i].tc, seen = 0;

		for (size_t j = 0; j < k; j++)
			seen |= out[j] == v;
		if (!seen)
			out[k++] = v;
	}
	return k;
}

/* One TC's points sorted by x (QD when by_qd, else IOPS) into x and y. */
static size_t tc_line(const struct di_point *p, size_t n, int tc, int by_qd, double *x,
		      double *y)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		double xv = by_qd ? p[i].qd : p[i].iops;
		double yv = by_qd ? p[i].iops : p[i].art_us / 1000;
		size_t j = k;

		if (p[i].tc != tc)
			continue;
		while (j > 0 && x[j - 1] > xv) {
			x[j] = x[j - 1];
			y[j] = y[j - 1];
			j--;
		}
		x[j] = xv;
		y[j] = yv;
		k++;
	}
	return k;
}

static char *round_sub(const struct report *r, enum msg m, const struct result_scope *s,
		       int round)
{
	char a[16];
	const char *av[1] = { a };
	char *which, *sub;

	snprintf(a, sizeof(a), "%d", round);
	which = msg_subst(r->msg[m], av, 1);
	sub = report__scope_sub(r, s, which);
	free(which);
	return sub;
}

static char *tc_label(const struct report *r, int tc)
{
	char a[16];
	const char *av[1] = { a };

	snprintf(a, sizeof(a), "%d", tc);
	return msg_subst(r->msg[M_DI_TC], av, 1);
}

/* "MaxIOPS: TC 32 / QD 32, 12,345 IOPS, 2.104 ms" at the point, in r's punctuation. */
static void di_mark(const struct report *r, struct chart *c, const char *what,
		    const struct di_point *p)
{
	struct wording w = report__wording(r);
	const char *sep = wording_sep(&w);
	char iops[48], ms[48];
	char *label;

	chart_format_grouped(p->iops, 0, iops, sizeof(iops));
	label = xasprintf("%s%sTC %d / QD %d%s%s IOPS%s%s ms", what, r->msg[W_COLON], p->tc,
			  p->qd, sep, iops, sep,
			  chart_format_fixed(p->art_us / 1000, 3, ms, sizeof(ms)));
	chart_add_mark(c, p->iops, p->art_us / 1000, label);
	free(label);
}

static void di_charts(struct report *r, const struct di_point *p, size_t n,
		      const struct result_scope *s, int round)
{
	int *tcs = xcalloc(n + 1, sizeof(*tcs));
	size_t ntc = distinct(p, n, 0, tcs), imax = 0, imin = 0;
	double *x = xcalloc(n + 1, sizeof(*x)), *y = xcalloc(n + 1, sizeof(*y));
	char *sub = round_sub(r, M_DV_SUB, s, round);
	struct chart *dv = chart_new(CHART_SWEEP, r->msg[M_DV], sub), *di;

	free(sub);
	sub = round_sub(r, M_DI_SUB, s, round);
	di = chart_new(CHART_SWEEP, r->msg[M_DI], sub);
	free(sub);
	chart_set_axis_titles(dv, r->msg[M_QD], "IOPS");
	chart_set_scales(dv, CHART_LOG2, CHART_LINEAR);
	chart_set_axis_titles(di, "IOPS", r->msg[M_DI_ART]);
	chart_set_scales(di, CHART_LINEAR, CHART_LOG10);
	for (size_t k = 0; k < ntc; k++) {
		char *label = tc_label(r, tcs[k]);
		size_t m = tc_line(p, n, tcs[k], 1, x, y);

		chart_series_add(dv, label, chart_palette(k), x, y, m);
		m = tc_line(p, n, tcs[k], 0, x, y);
		chart_series_add(di, label, chart_palette(k), x, y, m);
		free(label);
	}
	for (size_t i = 1; i < n; i++) {
		if (p[i].iops > p[imax].iops)
			imax = i;
		if (p[i].art_us < p[imin].art_us)
			imin = i;
	}
	di_mark(r, di, "MaxIOPS", &p[imax]);
	di_mark(r, di, "MinART", &p[imin]);
	report__add_chart(r, xstrdup("dirth-demand-variation"), dv, NULL);
	report__add_chart(r, xstrdup("dirth-demand-intensity"), di, NULL);
	free(tcs);
	free(x);
	free(y);
}

/* A TC x QD table of IOPS (art = 0) or ART in ms (art = 1). */
static void di_table(struct report *r, const struct di_point *p, size_t n,
		     const struct result_scope *s, int round, int art)
{
	int *tcs = xcalloc(n + 1, sizeof(*tcs)), *qds = xcalloc(n + 1, sizeof(*qds));
	size_t ntc = distinct(p, n, 0, tcs), nqd = distinct(p, n, 1, qds);
	const char **head = xcalloc(nqd + 2, sizeof(*head));
	char **cells = xcalloc(nqd + 2, sizeof(*cells));
	char *sub = round_sub(r, M_DI_TABLE_SUB, s, round);
	struct table *t;

	head[0] = "TC \\ QD";
	for (size_t q = 0; q < nqd; q++)
		head[q + 1] = cells[q + 1] = xasprintf("%d", qds[q]);
	t = table_new(r->msg[art ? M_DI_ART_TABLE : M_DI_IOPS_TABLE], sub, nqd + 1, head);
	for (size_t q = 0; q < nqd; q++)
		free(cells[q + 1]);
	for (size_t k = 0; k < ntc; k++) {
		cells[0] = xasprintf("%d", tcs[k]);
		for (size_t q = 0; q < nqd; q++) {
			char buf[48] = "–";

			for (size_t i = 0; i < n; i++)
				if (p[i].tc == tcs[k] && p[i].qd == qds[q]) {
					if (art)
						chart_format_fixed(p[i].art_us / 1000, 3, buf,
								   sizeof(buf));
					else
						chart_format_grouped(p[i].iops, 0, buf, sizeof(buf));
				}
			cells[q + 1] = xstrdup(buf);
		}
		table_add_row(t, (const char *const *)cells, NULL);
		for (size_t q = 0; q <= nqd; q++)
			free(cells[q]);
	}
	report__add_chart(r, xstrdup(art ? "dirth-art-table" : "dirth-iops-table"), NULL, t);
	free(sub);
	free(head);
	free(cells);
	free(tcs);
	free(qds);
}

/*
 * The step's response-time histogram (all directions merged), its MRT (fio's lat max;
 * completion latency's without one) in the title.
 */
static void mrt_histogram(struct report *r, const struct result_step *st)
{
	int resp = qos_has_resp(st);
	struct result_hist h = { NULL, NULL, 0 };
	double x[HIST_MAX], y[HIST_MAX], mrt = st->resp.n ? st->resp.max_us : st->clat_max_us;
	char ms[32], num[24];
	char *name = report__step_name(r, st);   /* the plan's label, else the wording */
	const char *av[2] = { name, ms };
	char *title = NULL;
	struct sbuf sub;
	struct chart *c;
	size_t n;

	snprintf(ms, sizeof(ms), "%s ms", chart_format_fixed(mrt / 1000, 3, num, sizeof(num)));
	title = msg_subst(r->msg[M_DI_HIST], av, 2);
	free(name);
	sbuf_init(&sub);
	report__step_pattern(r, st, &sub);
	c = chart_new(CHART_SWEEP, title, sub.buf);
	chart_set_axis_titles(c, r->msg[resp ? M_RESPONSE : M_LATENCY], r->msg[M_PCT_IOS]);
	chart_set_scales(c, CHART_LOG10, CHART_LINEAR);
	qos_merge(st, resp, &h);
	n = qos_histogram(&h, HIST_PER_DECADE, x, y, HIST_MAX);
	if (n)
		chart_series_add(c, r->msg[M_DI_ALL_IOS], chart_palette(0), x, y, n);
	else
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	result_hist_release(&h);
	report__add_chart(r, xasprintf("step-%03d-dirth-hist", st->index), c, NULL);
	sbuf_release(&sub);
	free(title);
}

void snia__build_dirth(struct report *r, int log_y)
{
	const struct result_scope *s = NULL;
	struct di_point *p;
	int round = 0;
	size_t n = di_points(r->run, &s, &round, &p);

	if (n) {
		di_charts(r, p, n, s, round);
		di_table(r, p, n, s, round, 0);
		di_table(r, p, n, s, round, 1);
	}
	free(p);
	for (size_t i = 0; i < r->run->nsteps; i++) {
		const struct result_step *st = &r->run->steps[i];

		if (!report__is_ok(st) || st->scope || report__hint(st) == HINT_NONE)
			continue;
		if (report__hint(st) == HINT_QOS)
			mrt_histogram(r, st);
		else
			report__build_step(r, st, log_y);
	}
}
