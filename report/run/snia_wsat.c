/* SPDX-License-Identifier: MIT */
/*
 * snia_wsat: the SNIA PTS 2.0.2 write saturation (WSAT) pages of a <rounds>
 * scope run until an amount is written: IOPS against time, IOPS against total GB
 * written (TGBW, linear and log x), and the average, 99.999 % and maximum response
 * time against TGBW, one point per round as the spec plots them.
 */
#include "report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "qos.h"
#include "rounds.h"
#include "xalloc.h"

/* One round's point: where it ended and what it measured. */
struct wsat_point {
	double t_s;       /* end of the round, seconds since the scope began */
	double tgbw;      /* GB (10^9 B) written since the scope began, at its end */
	double iops;      /* every direction */
	double resp[3];   /* mean, 99.999 %, max response time in µs; NAN when none */
	int max_bound;    /* resp[2] is the highest bucket, not a measured maximum */
};

/*
 * The round's response time: mean, p99.999 (from the json+ bins; only with the
 * 100,000 I/Os it needs, and never above the maximum), max; each of completion
 * latency when fio reported no response time (no lat numbers or bins). *bound: the
 * max is a bucket's value, not a measured one (result_lat.max_bound).
 */
static void round_resp(const struct result_step *st, double out[3], int *bound)
{
	struct result_hist h = { 0 };

	qos_merge(st, qos_has_resp(st), &h);
	out[0] = st->resp.n ? st->resp.mean_us : st->clat_mean_us;
	out[2] = st->resp.n ? st->resp.max_us : st->clat_max_us;
	*bound = st->resp.n ? st->resp.max_bound : st->clat_max_bound;
	out[1] = result_pct_supported((double)qos_total(&h), 99.999) ?
		 fmin(qos_percentile(&h, 99.999), out[2] > 0 ? out[2] : INFINITY) : NAN;
	for (int i = 0; i < 3; i++)
		if (!(out[i] > 0))
			out[i] = NAN;
	result_hist_release(&h);
}

/* The rounds of scope s in the order they ran: one point each; free() the array. */
static struct wsat_point *wsat_points(const struct report *r, const struct result_scope *s,
				      size_t *n)
{
	struct wsat_point *p = xcalloc(r->run->nsteps + 1, sizeof(*p));
	double t = 0;
	uint64_t base = 0;
	int first = 1;

	*n = 0;
	for (size_t i = 0; i < r->run->nsteps; i++) {
		const struct result_step *st = &r->run->steps[i];
		struct wsat_point *q = &p[*n];

		if (!rounds_in_scope(st, s) || !report__is_ok(st))
			continue;
		if (first)   /* TGBW counts from the test's first round */
			base = st->written_before;
		first = 0;
		t += (double)st->runtime_ms / 1e3;
		q->t_s = t;
		q->tgbw = (double)(st->written_before - base +
				   st->dir_stat[RESULT_WRITE].io_bytes) / 1e9;
		q->iops = result_step_iops(st);
		round_resp(st, q->resp, &q->max_bound);
		(*n)++;
	}
	return p;
}

/* Points whose x and y are usable on the chart's axes (log: above 0). */
static void add_points(struct chart *c, const char *label, uint32_t color,
		       const double *x, const double *y, size_t n, int logx)
{
	double *px = xmalloc((n + 1) * sizeof(*px)), *py = xmalloc((n + 1) * sizeof(*py));
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && isfinite(y[i]) && (!logx || x[i] > 0)) {
			px[k] = x[i];
			py[k++] = y[i];
		}
	if (k)
		chart_series_add_own(c, label, color, px, py, k);
	else {
		free(px);
		free(py);
	}
}

/* Adds chart c as "snia-wsat-WHAT" (of the nth written scope: "-N" after the first). */
static void add_page(struct report *r, struct chart *c, const char *what, size_t nth)
{
	if (!c->nseries)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	report__add_chart(r, nth ? xasprintf("snia-wsat-%s-%zu", what, nth + 1)
				 : xasprintf("snia-wsat-%s", what), c, NULL);
}

/* A chart of one scope's rounds; the caller adds its series. */
static struct chart *wsat_chart(const struct report *r, const struct result_scope *s,
				enum msg title, const char *xtitle, const char *ytitle,
				int logx, int logy)
{
	char *sub = report__scope_sub(r, s, r->msg[M_WSAT_SUB]);
	struct chart *c = chart_new(CHART_SWEEP, r->msg[title], sub);

	chart_set_axis_titles(c, xtitle, ytitle);
	chart_set_scales(c, logx ? CHART_LOG10 : CHART_LINEAR,
			 logy ? CHART_LOG10 : CHART_LINEAR);
	free(sub);
	return c;
}

/* Labels the last round's point with its TGBW: "1.074 GB written". */
static void mark_last(const struct report *r, struct chart *c, const struct wsat_point *p)
{
	char gb[48], *label;
	const char *v = gb;

	chart_format_grouped(p->tgbw, p->tgbw < 10 ? 3 : p->tgbw < 1000 ? 1 : 0, gb,
			     sizeof(gb));
	label = msg_subst(r->msg[M_TGBW_LAST], &v, 1);
	chart_add_mark(c, p->tgbw, p->iops, label);
	free(label);
}

static void wsat_pages(struct report *r, const struct result_scope *s, size_t nth)
{
	size_t n;
	struct wsat_point *p = wsat_points(r, s, &n);
	double *t = xmalloc((n + 1) * sizeof(*t)), *gb = xmalloc((n + 1) * sizeof(*gb));
	double *iops = xmalloc((n + 1) * sizeof(*iops)), *v = xmalloc((n + 1) * sizeof(*v));
	double div;
	const char *ttitle;
	static const enum msg resp_msg[3] = { M_AVERAGE, M_P99999, M_MAXIMUM };
	struct chart *c;

	report__time_unit(r, n ? p[n - 1].t_s : 0, &div, &ttitle);
	for (size_t i = 0; i < n; i++) {
		t[i] = p[i].t_s / div;
		gb[i] = p[i].tgbw;
		iops[i] = p[i].iops;
	}
	c = wsat_chart(r, s, M_WSAT_TIME, ttitle, "IOPS", 0, 0);
	add_points(c, "IOPS", chart_palette(0), t, iops, n, 0);
	add_page(r, c, "time", nth);
	for (int logx = 0; logx < 2; logx++) {
		c = wsat_chart(r, s, logx ? M_WSAT_TGBW_LOG : M_WSAT_TGBW,
			       r->msg[logx ? M_TGBW_LOG : M_TGBW], "IOPS", logx, 0);
		add_points(c, "IOPS", chart_palette(0), gb, iops, n, logx);
		if (n && p[n - 1].tgbw > 0)
			mark_last(r, c, &p[n - 1]);
		add_page(r, c, logx ? "tgbw-log" : "tgbw", nth);
	}
	/* The maximum is often orders above the mean: a log y keeps both readable. */
	c = wsat_chart(r, s, M_WSAT_RESP, r->msg[M_TGBW], r->msg[M_RESPONSE], 0, 1);
	for (int k = 0; k < 3; k++) {
		for (size_t i = 0; i < n; i++)
			v[i] = p[i].resp[k];
		add_points(c, r->msg[resp_msg[k]], chart_palette(k + 1), gb, v, n, 0);
	}
	{
		size_t nb = 0;
		char a[24], b[24];
		const char *av[2] = { a, b };

		for (size_t i = 0; i < n; i++)
			nb += p[i].max_bound != 0;
		if (nb) {   /* say which maxima are a bucket's, not measured */
			char *note;

			snprintf(a, sizeof(a), "%zu", nb);
			snprintf(b, sizeof(b), "%zu", n);
			note = msg_subst(r->msg[M_WSAT_MAX_BOUND], av, 2);
			chart_set_note(c, note);
			free(note);
		}
	}
	add_page(r, c, "resp", nth);
	free(t);
	free(gb);
	free(iops);
	free(v);
	free(p);
}

void report__build_wsat(struct report *r, const struct tmpl_chart *t)
{
	size_t nth = 0;

	(void)t;
	for (size_t i = 0; i < r->run->nscopes; i++) {
		const struct result_scope *s = &r->run->scopes[i];

		if (!strcmp(msg_or(s->until, ""), "written"))
			wsat_pages(r, s, nth++);
	}
}
