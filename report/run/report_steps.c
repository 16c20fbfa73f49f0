/* SPDX-License-Identifier: MIT */
/*
 * report_steps: a step's own charts as its plan hint asks (time, dispersion,
 * written, qos) and the QoS overlay. Above report_scopes (the written chart).
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qos.h"
#include "rounds.h"
#include "xalloc.h"

/* Latency histogram buckets per decade of latency. */
#define HIST_PER_DECADE 10
#define HIST_MAX 160

static const enum msg dir_msg[RESULT_NDIRS] = { M_READ, M_WRITE, M_TRIM };

/*
 * "4K 隨機讀取 QD32 T1", the access pattern, as a subtitle under a title naming the
 * step; nothing when the name says it already.
 */
static char *step_sub(const struct report *r, const struct result_step *st)
{
	struct sbuf sb;

	sbuf_init(&sb);
	report__step_pattern_new(r, st, &sb);
	return sbuf_detach(&sb);
}

static char *titled(const struct report *r, enum msg what, const struct result_step *st)
{
	char *name = report__step_name(r, st), *t = msg_colon(r->msg, name, r->msg[what]);

	free(name);
	return t;
}

/*
 * The step's per-second IOPS as a scatter, one colour and marker per direction; a
 * mixed workload's total ("read + write") first, as that is what the drive did.
 */
static void dispersion_chart(struct report *r, const struct result_step *st, int log_y)
{
	char *title = titled(r, M_DISPERSION, st), *sub = step_sub(r, st);
	struct chart *c = chart_new(CHART_SCATTER, title, sub);
	struct sbuf cap;
	int ndirs = 0;

	chart_set_axis_titles(c, r->msg[M_TIME], "IOPS");
	chart_set_scales(c, CHART_LINEAR, log_y ? CHART_LOG10 : CHART_LINEAR);
	for (int d = 0; d < RESULT_NDIRS; d++)
		ndirs += st->iops[d].n > 0;
	if (ndirs > 1) {
		double *t, *v;
		size_t n = rounds_total_iops(st, &t, &v);
		char *label = xasprintf("%s + %s", r->msg[M_READ], r->msg[M_WRITE]);

		chart_series_add(c, label, CHART_COLOR_TOTAL, t, v, n);
		free(label);
		free(t);
		free(v);
	}
	for (int d = 0; d < RESULT_NDIRS; d++)
		if (st->iops[d].n)
			chart_series_add(c, r->msg[dir_msg[d]], r->tmpl->dir_color[d],
					 st->iops[d].t, st->iops[d].v, st->iops[d].n);
	if (!c->nseries)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	sbuf_init(&cap);
	report__cons_lines(r, c, st, CHART_COLOR_TEXT, NULL, &cap);
	report__cons_subtitle(c, sub, &cap);
	report__add_chart(r, xasprintf("step-%03d-dispersion", st->index), c, NULL);
	free(title);
	free(sub);
}

/* "99.9%: 812 µs" at each nine the I/O count can support. */
static void add_qos_marks(struct chart *c, const struct result_hist *h,
			  const char *prefix, const char *colon)
{
	double total = (double)qos_total(h);

	for (int k = 0; k < QOS_NMARKS; k++) {
		double p = qos_marks[k], us = qos_percentile(h, p);
		char *label, num[40];

		/* 99.99 % needs 10,000 I/Os before it says anything. */
		if (!isfinite(us) || !result_pct_supported(total, p))
			continue;
		label = us < 1000 ? xasprintf("%s%g%%%s%s µs", prefix, p, colon,
					      chart_format_fixed(us, us < 100 ? 1 : 0, num, sizeof(num)))
				  : xasprintf("%s%g%%%s%s ms", prefix, p, colon,
					      chart_format_fixed(us / 1000, 2, num, sizeof(num)));
		chart_add_mark(c, us, 1 - p / 100, label);
		free(label);
	}
}

/* A QoS chart: response time (resp) or completion latency on x, as its title says. */
static struct chart *qos_chart(const struct report *r, const char *title,
			       const char *sub, int resp)
{
	struct chart *c = chart_new(CHART_SWEEP, title, sub);

	chart_set_axis_titles(c, r->msg[resp ? M_RESPONSE : M_LATENCY], r->msg[M_PERCENTILE]);
	chart_set_scales(c, CHART_LOG10, CHART_LOG10);
	chart_set_units(c, CHART_UNIT_SI, CHART_UNIT_NINES);
	return c;
}

/* Adds h's exceedance curve as a series; returns the points it has. */
static size_t add_exceedance(struct chart *c, const struct result_hist *h,
			     const char *label, uint32_t color)
{
	double *x = xmalloc((2 * h->n + 1) * sizeof(*x));
	double *y = xmalloc((2 * h->n + 1) * sizeof(*y));
	size_t n = qos_exceedance(h, x, y);

	if (n)
		chart_series_add(c, label, color, x, y, n);
	free(x);
	free(y);
	return n;
}

static int dirs_with_bins(const struct result_step *st, int resp)
{
	int n = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		n += qos_total(qos_hist(st, d, resp)) > 0;
	return n;
}

/*
 * Exceedance per direction with its nines marked, then the latency histogram: of
 * response time when fio reported its bins (qos_has_resp), else of completion
 * latency, the x axis saying which.
 */
static void qos_charts(struct report *r, const struct result_step *st)
{
	int resp = qos_has_resp(st);
	char *title = titled(r, M_QOS, st), *sub = step_sub(r, st);
	struct chart *c = qos_chart(r, title, sub, resp), *h;
	int many = dirs_with_bins(st, resp) > 1;
	double x[HIST_MAX], y[HIST_MAX];

	for (int d = 0; d < RESULT_NDIRS; d++) {
		char *prefix = many ? xasprintf("%s ", r->msg[dir_msg[d]]) : xstrdup("");
		const struct result_hist *dh = qos_hist(st, d, resp);

		if (add_exceedance(c, dh, r->msg[dir_msg[d]], r->tmpl->dir_color[d]))
			add_qos_marks(c, dh, prefix, r->msg[W_COLON]);
		free(prefix);
	}
	if (!c->nseries)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	report__add_chart(r, xasprintf("step-%03d-qos", st->index), c, NULL);
	free(title);
	title = titled(r, M_HIST, st);
	h = chart_new(CHART_SWEEP, title, sub);
	chart_set_axis_titles(h, r->msg[resp ? M_RESPONSE : M_LATENCY], r->msg[M_PCT_IOS]);
	chart_set_scales(h, CHART_LOG10, CHART_LINEAR);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		size_t n = qos_histogram(qos_hist(st, d, resp), HIST_PER_DECADE, x, y, HIST_MAX);

		if (n)
			chart_series_add(h, r->msg[dir_msg[d]], r->tmpl->dir_color[d], x, y, n);
	}
	if (!h->nseries)
		chart_set_note(h, r->msg[M_NO_SAMPLES]);
	report__add_chart(r, xasprintf("step-%03d-hist", st->index), h, NULL);
	free(title);
	free(sub);
}

/*
 * Whether a step's chart over time is in MB/s: a sequential pattern (rw without
 * "rand"), as reviewers quote sequential results, with its bandwidth logged.
 */
static int in_mbps(const struct result_step *st)
{
	int logged = 0;

	for (int d = 0; d < RESULT_NDIRS; d++) {
		if (st->iops[d].n && !st->bw[d].n)
			return 0;
		logged |= st->bw[d].n > 0;
	}
	return logged && st->rw && strncmp(st->rw, "rand", 4);
}

/* IOPS (MB/s for a sequential pattern) over time of one step, and its temperature
 * on a second axis. */
static void iops_chart(struct report *r, const struct result_step *st)
{
	const char *xtitle;
	struct sbuf sub;
	struct chart *c;
	char *name;
	double tmax = 0, div;
	int mbps = in_mbps(st);

	for (int d = 0; d < RESULT_NDIRS; d++)
		if (st->iops[d].n)
			tmax = fmax(tmax, st->iops[d].t[st->iops[d].n - 1]);
	report__time_unit(r, tmax, &div, &xtitle);
	sbuf_init(&sub);
	report__step_pattern_new(r, st, &sub);
	name = report__step_name(r, st);
	c = chart_new(CHART_LINE, name, sub.buf);
	free(name);
	chart_set_axis_titles(c, xtitle, mbps ? "MB/s" : "IOPS");
	chart_set_x_min_step(c, 1);
	if (!tmax && !st->iops[RESULT_READ].n && !st->iops[RESULT_WRITE].n &&
	    !st->iops[RESULT_TRIM].n)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		const struct result_series *s = mbps ? &st->bw[d] : &st->iops[d];
		double *t = xmalloc((s->n + 1) * sizeof(*t));
		double *v = xmalloc((s->n + 1) * sizeof(*v));

		for (size_t i = 0; i < s->n; i++) {
			t[i] = s->t[i] / div;
			v[i] = mbps ? s->v[i] / 1e6 : s->v[i];
		}
		if (s->n)
			chart_series_add(c, r->msg[dir_msg[d]], r->tmpl->dir_color[d], t, v, s->n);
		free(t);
		free(v);
	}
	if (st->temp_c.n) {
		double *t = xmalloc(st->temp_c.n * sizeof(*t));

		for (size_t i = 0; i < st->temp_c.n; i++)
			t[i] = st->temp_c.t[i] / div;
		report__add_temp(r, c, t, st->temp_c.v, st->temp_c.n);
		free(t);
	}
	report__add_chart(r, xasprintf("step-%03d-iops", st->index), c, NULL);
	sbuf_release(&sub);
}

/* The builders below, one signature: a step's own charts for its hint. */
static void build_dispersion(struct report *r, const struct result_step *st, int log_y)
{
	dispersion_chart(r, st, log_y);
}

static void build_written(struct report *r, const struct result_step *st, int log_y)
{
	char *title = titled(r, M_WRITTEN_TITLE, st), *sub = step_sub(r, st);

	(void)log_y;
	report__written_chart(r, xasprintf("step-%03d-written", st->index), title, sub, &st, 1);
	free(title);
	free(sub);
}

static void build_qos(struct report *r, const struct result_step *st, int log_y)
{
	(void)log_y;
	qos_charts(r, st);
}

static void build_time(struct report *r, const struct result_step *st, int log_y)
{
	(void)log_y;
	iops_chart(r, st);
}

/* Nothing of its own: a sweep's steps are drawn together (sweep.c, sweep-qd). */
static void build_later(struct report *r, const struct result_step *st, int log_y)
{
	(void)r;
	(void)st;
	(void)log_y;
}

/* A step's charts for each hint of common/vocab.h's CHART_HINTS; none for "none". */
static const report__step_fn step_builders[HINT_N] = {
	[HINT_AUTO] = build_time,
	[HINT_TIME] = build_time,
	[HINT_DISPERSION] = build_dispersion,
	[HINT_WRITTEN] = build_written,
	[HINT_SWEEP] = build_later,
	[HINT_QOS] = build_qos,
	[HINT_NONE] = NULL,
};

report__step_fn report__step_builder(enum chart_hint h)
{
	return (unsigned)h < HINT_N ? step_builders[h] : NULL;
}

void report__build_step(struct report *r, const struct result_step *st, int log_y)
{
	report__step_fn fn = report__step_builder(report__hint(st));

	if (fn)
		fn(r, st, log_y);
}

/* A step of the summary's QoS overlay. */
static int in_overlay(const struct result_step *st)
{
	return report__is_ok(st) && !st->scope && report__hint(st) != HINT_NONE;
}

void report__build_qos_overlay(struct report *r)
{
	struct result_hist h = { NULL, NULL, 0 };
	struct chart *c;
	char *name;
	int resp = 1;   /* response time, when every step has its bins */

	for (size_t i = 0; i < r->run->nsteps; i++)
		if (in_overlay(&r->run->steps[i]) && dirs_with_bins(&r->run->steps[i], 0))
			resp &= qos_has_resp(&r->run->steps[i]);
	c = qos_chart(r, r->msg[M_QOS], r->msg[M_QOS_SUB], resp);
	for (size_t i = 0; i < r->run->nsteps; i++) {
		const struct result_step *st = &r->run->steps[i];

		if (!in_overlay(st))
			continue;
		qos_merge(st, resp, &h);
		name = report__step_name(r, st);
		add_exceedance(c, &h, name, chart_palette(c->nseries));
		free(name);
	}
	result_hist_release(&h);
	if (!c->nseries) {
		chart_free(c);
		return;
	}
	report__add_chart(r, xstrdup("qos"), c, NULL);
}
