/* SPDX-License-Identifier: MIT */
/*
 * lineup_passes: the `passes` kind of a lineup template, what a column of several
 * passes (a pass set, compare --pool) says of its passes: a table of the columns
 * (passes, what ran between them, auto's noise target, the widest interval) and per
 * metric a table of every test's mean ± 95 % interval, σ, cv, range and each pass's
 * value, and a chart of each pass against the mean (docs/passes.md). A lineup
 * without such a column gets nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup_int.h"
#include "sbuf.h"
#include "xalloc.h"

#define FIXED_COLS 5   /* test, mean ± 95 %, σ, cv %, min – max */
#define MAX_DRIFT_LINES 12   /* chart_palette()'s distinct colours */

/* The metrics whose widest interval the columns' table names: those --passes auto
 * waits on (docs/passes.md). */
static int rate_or_mean(enum lineup_metric m)
{
	return m == LM_IOPS || m == LM_MBPS || m == LM_CLAT_MEAN || m == LM_REPLAY_MBPS;
}

/* Member i's widest 95 % interval among those metrics, "test: metric ±4.1 %", or NULL. */
static char *widest(const struct lineup_ctx *x, size_t i)
{
	const struct lineup *l = x->l;
	double best = -1;
	size_t bt = 0;
	enum lineup_metric bm = LM_IOPS;

	for (size_t k = 0; k < l->nt; k++)
		for (int m = 0; m < LM_N; m++) {
			const struct stats *s = &l->t[k].st[i][m];
			double pct = s->ci95 / fabs(s->mean) * 100;

			if (rate_or_mean((enum lineup_metric)m) && s->n >= 2 && isfinite(pct) &&
			    pct > best) {
				best = pct;
				bt = k;
				bm = (enum lineup_metric)m;
			}
		}
	if (best < 0)
		return NULL;
	{
		char *name = lineup__test_title(x, &l->t[bt]), *mt = lineup__metric_title(x, bm);
		char *what = msg_colon(x->s, name, mt);
		char *out = xasprintf("%s ±%.1f %%", what, best);

		free(what);
		free(mt);
		free(name);
		return out;
	}
}

/* What ran between member i's passes, in the lineup's words. */
static const char *between(const struct lineup_ctx *x, const struct lineup_set *set)
{
	if (!set)
		return x->s[S_PASSES_POOL];
	if (set->between && !strcmp(set->between, "purge"))
		return x->s[S_PASSES_PURGE];
	if (set->between && !strcmp(set->between, "none"))
		return x->s[S_PASSES_NONE];
	return x->s[S_UNKNOWN];
}

/* The table of the columns of several passes. */
static void columns_table(struct lineup_ctx *x)
{
	const struct lineup *l = x->l;
	const char *head[6] = { x->s[S_DRIVES], x->s[S_PASSES_N], x->s[S_PASSES_REQ],
				x->s[S_PASSES_BETWEEN], x->s[S_PASSES_TARGET],
				x->s[S_PASSES_WIDEST] };
	struct table *t = table_new(lineup__heading(x, S_PASSES), x->s[S_PASSES_SUB], 6, head);

	table_set_keep(t, 1);
	for (size_t i = 0; i < l->nm; i++) {
		const struct lineup_set *set = l->m[i].set;
		char n[32], pct[32], *np, *target = NULL, *w;

		if (lineup_samples(l, i) < 2)
			continue;
		snprintf(n, sizeof(n), "%zu", lineup_samples(l, i));
		np = set && set->stopped ? msg_subst(x->s[S_PASSES_STOPPED],
						     (const char *const[]){ n }, 1) : xstrdup(n);
		if (set && set->noise_met >= 0) {
			snprintf(pct, sizeof(pct), "%g", set->noise_pct);
			target = msg_subst(x->s[set->noise_met ? S_PASSES_MET : S_PASSES_NOT_MET],
					   (const char *const[]){ pct }, 1);
		}
		w = widest(x, i);
		table_add_row(t, (const char *const[]){ x->label[i], np,
				set && set->requested ? set->requested : "–", between(x, set),
				target ? target : "–", w ? w : "–" }, NULL);
		free(w);
		free(target);
		free(np);
	}
	lineup__add_item(x, xstrdup("lineup-passes"), NULL, t);
}

/* "12,345", "–" for none; a new string. */
static char *value(enum lineup_metric m, double v)
{
	char buf[64];

	lineup__format_value(m, v, buf, sizeof(buf));
	return xstrdup(buf);
}

/* Metric m's table: a row per test and column of several passes. */
static void metric_table(struct lineup_ctx *x, enum lineup_metric m)
{
	const struct lineup *l = x->l;
	size_t np = lineup_max_passes(l), nc = FIXED_COLS + np, cols = 0;
	const char **head = xcalloc(nc, sizeof(*head));
	char **text = xcalloc(nc, sizeof(*text));
	char *mt = lineup__metric_title(x, m);
	char *title = x->tc->title ? msg_colon(x->s, x->tc->title, mt)
				   : msg_subst(x->s[S_PASSES_EACH], (const char *const[]){ mt }, 1);
	struct table *t;

	for (size_t i = 0; i < l->nm; i++)
		cols += lineup_samples(l, i) >= 2;
	head[0] = x->s[S_TEST];
	head[1] = x->s[S_MEAN_CI];
	head[2] = x->s[S_SD];
	head[3] = x->s[S_CV];
	head[4] = x->s[S_RANGE];
	for (size_t p = 0; p < np; p++) {
		char k[24];

		snprintf(k, sizeof(k), "%zu", p + 1);
		head[FIXED_COLS + p] = text[FIXED_COLS + p] =
			msg_subst(x->s[S_PASS_K], (const char *const[]){ k }, 1);
	}
	t = table_new(title, x->s[S_PASSES_EACH_SUB], nc, head);
	table_set_keep(t, 2);   /* the test and its mean in each part */
	for (size_t p = 0; p < np; p++)
		free(text[FIXED_COLS + p]);
	for (size_t k = 0; k < l->nt; k++)
		for (size_t i = 0; i < l->nm; i++) {
			const struct stats *s = &l->t[k].st[i][m];
			char *name, *lo, *hi;

			if (lineup_samples(l, i) < 2 || !s->n)
				continue;
			name = lineup__test_title(x, &l->t[k]);
			text[0] = cols > 1 ? msg_colon(x->s, name, x->label[i]) : xstrdup(name);
			text[1] = lineup__value_text(x, k, i, m);
			text[2] = value(m, s->sd);
			text[3] = isfinite(s->cv) ? xasprintf("%.1f", s->cv * 100) : xstrdup("–");
			lo = value(m, s->min);
			hi = value(m, s->max);
			text[4] = xasprintf("%s – %s", lo, hi);
			for (size_t p = 0; p < np; p++)
				text[FIXED_COLS + p] = p < l->t[k].np[i]
						       ? value(m, l->t[k].pv[i][p * LM_N + m]) : xstrdup("");
			table_add_row(t, (const char *const *)text, NULL);
			for (size_t c = 0; c < nc; c++)
				free(text[c]);
			free(lo);
			free(hi);
			free(name);
		}
	if (t->nrows)
		lineup__add_item(x, xasprintf("lineup-passes-%s", lineup_metric(m)->id), NULL, t);
	else
		table_free(t);
	free(title);
	free(mt);
	free(head);
	free(text);
}

/*
 * Metric m's passes as lines: a line per test (and column of several passes), each
 * pass's value in % of that test's mean, so that a drive that slows pass after pass
 * (not recovered between them) shows. Left out past MAX_DRIFT_LINES lines, where
 * the palette repeats and the lines could not be told apart.
 */
static void drift_chart(struct lineup_ctx *x, enum lineup_metric m)
{
	const struct lineup *l = x->l;
	size_t np = lineup_max_passes(l), cols = 0, lines = 0;
	double *px = xcalloc(np + 1, sizeof(*px)), *py = xcalloc(np + 1, sizeof(*py));
	char *mt = lineup__metric_title(x, m);
	char *title = msg_subst(x->s[S_PASSES_DRIFT], (const char *const[]){ mt }, 1);
	struct chart *c = chart_new(CHART_SWEEP, title, x->s[S_PASSES_DRIFT_SUB]);

	chart_set_axis_titles(c, x->s[S_PASS], x->s[S_PCT_MEAN]);
	chart_set_scales(c, CHART_LINEAR, CHART_LINEAR);
	chart_set_x_min_step(c, 1);
	for (size_t i = 0; i < l->nm; i++)
		cols += lineup_samples(l, i) >= 2;
	for (size_t k = 0; k < l->nt; k++)
		for (size_t i = 0; i < l->nm; i++) {
			const struct stats *s = &l->t[k].st[i][m];
			size_t n = 0;
			char *name, *label;

			if (s->n < 2 || !isfinite(s->mean) || s->mean == 0)
				continue;
			for (size_t p = 0; p < l->t[k].np[i]; p++) {
				double v = l->t[k].pv[i][p * LM_N + m];

				if (!isfinite(v))
					continue;
				px[n] = (double)(p + 1);
				py[n++] = v / s->mean * 100;
			}
			name = lineup__test_title(x, &l->t[k]);
			label = cols > 1 ? msg_colon(x->s, name, x->label[i]) : xstrdup(name);
			chart_series_add(c, label, chart_palette(lines++), px, py, n);
			free(label);
			free(name);
		}
	if (lines >= 1 && lines <= MAX_DRIFT_LINES)
		lineup__add_item(x, xasprintf("lineup-passes-drift-%s", lineup_metric(m)->id), c,
				 NULL);
	else
		chart_free(c);
	free(title);
	free(mt);
	free(px);
	free(py);
}

/* Metric m's table of every pass, then its passes as lines. */
static void metric_items(struct lineup_ctx *x, enum lineup_metric m)
{
	metric_table(x, m);
	drift_chart(x, m);
}

void lineup__build_passes(struct lineup_ctx *x)
{
	if (lineup_max_passes(x->l) < 2)
		return;
	columns_table(x);
	lineup__per_metric(x, metric_items);
}
