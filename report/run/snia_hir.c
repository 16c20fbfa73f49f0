/* SPDX-License-Identifier: MIT */
/*
 * snia_hir: the SNIA PTS 2.0.2 host idle recovery (HIR) pages: IOPS against time
 * over every wait state (each duty cycle's access periods, one point each, laid
 * end to end with the steady-state rounds before them and each return to
 * baseline, per second), and the table of each wait state's mean IOPS.
 */
#include "report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rounds.h"
#include "wording.h"
#include "xalloc.h"

/* One wait state: a duty cycle's access periods and the return to baseline after it. */
struct hir_state {
	const char *name;      /* the duty cycle's name ("wait-5s") */
	char *label;           /* what a reader is shown: its sweep values ("等待 5 秒") */
	double *x, *y;         /* each access period: its end (s), its IOPS */
	size_t n, xcap, ycap;
	double sum;            /* of the access periods' IOPS */
	double baseline;       /* the IOPS of the return to baseline after it; NAN: none */
};

struct hir {
	struct hir_state *st;
	size_t n, cap;
	const struct result_scope *steady;   /* the rounds before the first wait state */
	double t_end;                        /* seconds, end to end */
};

/* An element of a duty cycle: in a scope that is not a <rounds> one. */
static int is_duty(const struct result_run *run, const struct result_step *st)
{
	return report__is_ok(st) && st->scope && !result_run_scope(run, st->scope);
}

static double total_iops(const struct result_step *st)
{
	double v = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		v += st->dir_stat[d].iops;
	return v;
}

static struct hir_state *state_of(struct hir *h, const char *name)
{
	struct hir_state *s;

	for (size_t i = 0; i < h->n; i++)
		if (!strcmp(h->st[i].name, name))
			return &h->st[i];
	XGROW(h->st, h->cap, h->n + 1);
	s = &h->st[h->n++];
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->baseline = NAN;
	return s;
}

/* The first element charted: the rounds right before the first duty cycle, else it. */
static size_t first_element(const struct result_run *run, size_t duty,
			    const struct result_scope **steady)
{
	size_t k = duty;

	*steady = NULL;
	while (k > 0 && run->steps[k - 1].scope &&
	       result_run_scope(run, run->steps[k - 1].scope)) {
		*steady = result_run_scope(run, run->steps[k - 1].scope);
		k--;
	}
	return k;
}

/*
 * Walks the elements from the steady-state rounds on: access periods into their
 * wait state, the others' per-second IOPS into base (one curve per element, ends
 * in *ends). Returns 0, or -1 when the run has no duty cycle.
 */
static int hir_collect(const struct result_run *run, struct hir *h,
		       struct rounds_curve *base, size_t **ends, size_t *nends)
{
	size_t duty = 0, cap = 0, from;
	struct hir_state *last = NULL;
	double t0 = 0;

	while (duty < run->nsteps && !is_duty(run, &run->steps[duty]))
		duty++;
	if (duty == run->nsteps)
		return -1;
	for (size_t i = first_element(run, duty, &h->steady); i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (!report__is_ok(st))
			continue;
		if (is_duty(run, st)) {
			last = state_of(h, st->scope);
			t0 += st->runtime_ms ? (double)st->runtime_ms / 1e3 : 1;
			XGROW(last->x, last->xcap, last->n + 1);
			XGROW(last->y, last->ycap, last->n + 1);
			last->x[last->n] = t0;
			last->y[last->n++] = total_iops(st);
			last->sum += total_iops(st);
			continue;
		}
		if (last && isnan(last->baseline))
			last->baseline = total_iops(st);
		from = base->n;
		t0 = rounds_curve_add_time(base, st, t0, 0);
		if (base->n - from < 2) { /* too short for a line: its IOPS at its end */
			if (from == base->cap) {   /* x and y share cap, as rounds.c grows them */
				base->cap = from + 64;
				base->x = xrealloc(base->x, base->cap * sizeof(*base->x));
				base->y = xrealloc(base->y, base->cap * sizeof(*base->y));
			}
			base->x[from] = t0;
			base->y[from] = total_iops(st);
			base->n = from + 1;
		}
		XGROW(*ends, cap, *nends + 1);
		(*ends)[(*nends)++] = base->n;
	}
	h->t_end = t0;
	return 0;
}

/* The steady-state average: the window's of the scope's first tracking variable. */
static int steady_avg(const struct hir *h, double *avg)
{
	struct rounds_window w;

	if (!h->steady || !h->steady->ntracks || rounds_window(h->steady, &h->steady->tracks[0], &w))
		return -1;
	*avg = w.avg;
	return 0;
}

static void hir_chart(struct report *r, struct hir *h, const struct rounds_curve *base,
		      const size_t *ends, size_t nends)
{
	struct chart *c = chart_new(CHART_SWEEP, r->msg[M_HIR], r->msg[M_HIR_SUB]);
	double div, avg;
	const char *xtitle;
	size_t from = 0;

	report__time_unit(r, h->t_end, &div, &xtitle);
	chart_set_axis_titles(c, xtitle, "IOPS");
	for (size_t i = 0; i < base->n; i++)
		base->x[i] /= div;
	for (size_t e = 0; e < nends; from = ends[e++]) /* one line per baseline element */
		if (ends[e] > from) {   /* a lone point keeps its marker */
			chart_series_add(c, r->msg[M_BASELINE], chart_palette(0), base->x + from,
					 base->y + from, ends[e] - from);
			if (ends[e] - from > 1)
				chart_series_stroke(c, c->nseries - 1, CHART_STROKE_PLAIN);
		}
	for (size_t i = 0; i < h->n; i++) {
		struct hir_state *s = &h->st[i];

		for (size_t k = 0; k < s->n; k++)
			s->x[k] /= div;
		chart_series_add(c, s->label, chart_palette(i + 1), s->x, s->y, s->n);
		chart_add_mark(c, s->x[0], s->y[0], s->label);
	}
	if (!steady_avg(h, &avg)) {
		double x[2] = { 0, h->t_end / div }, y[2] = { avg, avg };

		chart_series_add(c, r->msg[M_STEADY_AVG], CHART_COLOR_TEXT, x, y, 2);
		chart_series_stroke(c, c->nseries - 1, CHART_STROKE_DASHED);
	}
	report__add_chart(r, xstrdup("snia-hir"), c, NULL);
}

/* Wait state, access periods, their mean IOPS, the return to baseline's IOPS. */
static void hir_table(struct report *r, const struct hir *h)
{
	const char *head[4] = { r->msg[M_WAIT_STATE], r->msg[M_ACCESS_PERIODS],
				r->msg[M_MEAN_IOPS], r->msg[M_BASELINE_IOPS] };
	struct table *t = table_new(r->msg[M_HIR_TABLE], r->msg[M_HIR_TABLE_SUB], 4, head);
	char n[24], mean[48], base[48];
	const char *row[4] = { NULL, n, mean, base };
	double avg;

	if (!steady_avg(h, &avg)) {
		snprintf(n, sizeof(n), "%zu", h->steady->window > 0 ? (size_t)h->steady->window : 0);
		chart_format_grouped(avg, 0, mean, sizeof(mean));
		snprintf(base, sizeof(base), "–");
		row[0] = r->msg[M_STEADY_AVG];
		table_add_row(t, row, NULL);
	}
	for (size_t i = 0; i < h->n; i++) {
		const struct hir_state *s = &h->st[i];

		row[0] = s->label;
		snprintf(n, sizeof(n), "%zu", s->n);
		chart_format_grouped(s->sum / (double)s->n, 0, mean, sizeof(mean));
		if (isnan(s->baseline))
			snprintf(base, sizeof(base), "–");
		else
			chart_format_grouped(s->baseline, 0, base, sizeof(base));
		table_add_row(t, row, NULL);
	}
	report__add_chart(r, xstrdup("snia-hir-table"), NULL, t);
}

/*
 * A duty cycle's name for the reader: the sweep values of its elements ("等待 5
 * 秒"), else its own name.
 */
static char *state_label(const struct report *r, const char *name)
{
	struct wording w = report__wording(r);
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < r->run->nsteps && !sb.len; i++) {
		const struct result_step *st = &r->run->steps[i];

		if (st->scope && !strcmp(st->scope, name))
			wording_cell(st->cell, &w, 1, &sb);
	}
	if (!sb.len)
		sbuf_adds(&sb, name);
	return sbuf_detach(&sb);
}

void report__build_hir(struct report *r, const struct tmpl_chart *t)
{
	struct hir h = { 0 };
	struct rounds_curve base = { 0 };
	size_t *ends = NULL, nends = 0;

	(void)t;
	if (!hir_collect(r->run, &h, &base, &ends, &nends)) {
		for (size_t i = 0; i < h.n; i++)
			h.st[i].label = state_label(r, h.st[i].name);
		hir_chart(r, &h, &base, ends, nends);
		hir_table(r, &h);
	}
	for (size_t i = 0; i < h.n; i++) {
		free(h.st[i].x);
		free(h.st[i].y);
		free(h.st[i].label);
	}
	free(h.st);
	free(ends);
	rounds_curve_release(&base);
}
