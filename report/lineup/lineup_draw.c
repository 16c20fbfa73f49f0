/* SPDX-License-Identifier: MIT */
/* lineup_draw: the lineup report's charts, delta tables, cover page and files. */
#include "lineup_draw.h"
#include "lineup_int.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive_files.h"
#include "card.h"
#include "chart.h"
#include "consistency_table.h"
#include "datadir.h"
#include "disp.h"
#include "err.h"
#include "gfx.h"
#include "html.h"
#include "i18n.h"
#include "lang.h"
#include "lineup_params.h"
#include "qos.h"
#include "rounds.h"
#include "safefile.h"
#include "sbuf.h"
#include "table.h"
#include "tmpl.h"
#include "units.h"
#include "vocab.h"
#include "wording.h"
#include "wcheck.h"
#include "xalloc.h"
#include "xlsx.h"
#include "xlsx_lineup.h"

#define PAGE_W 842.0       /* A4 landscape, as the run report */
#define PAGE_H 595.0
#define PAGE_MARGIN 48.0
#define DISPERSION_MIN_SECONDS 60
#define SWEEP_MIN_DEPTHS 3

/* ---- charts ---------------------------------------------------------------------- */

/* Whether column i is the reviewed drive, emphasised: a lineup's baseline, of two or more. */
static int reviewed(const struct lineup *l, size_t i)
{
	return i == l->base && l->nm > 1;
}

/*
 * Member i's series of test k in overlay c, named by its column (marked when its
 * stimulus differs: returns 1, and the caller notes it once, note_marks()); the
 * baseline's, the reviewed drive's, emphasised.
 */
static int add_series(const struct lineup_ctx *x, struct chart *c, size_t k, size_t i,
		      const double *xs, const double *ys, size_t n)
{
	int marked = 0;
	char *name = lineup__pass1_label(x, i);
	char *label = lineup__mark(x, k, i, name, &marked);

	chart_series_add(c, label, chart_palette(i), xs, ys, n);
	if (reviewed(x->l, i))
		chart_series_emph(c, c->nseries - 1);
	free(label);
	free(name);
	return marked;
}

/* The marks' note on c's subtitle when a series of it is marked. */
static void note_marks(const struct lineup_ctx *x, struct chart *c, int marked)
{
	char *sub;

	if (!marked)
		return;
	sub = lineup__with_mark_note(x, c->subtitle, 1);
	chart_set_subtitle(c, sub);
	free(sub);
}

static void build_bars(struct lineup_ctx *x, enum lineup_metric m)
{
	const struct lineup *l = x->l;
	char *mt = lineup__metric_title(x, m);
	char *title = x->tc->title ? msg_colon(x->s, x->tc->title, mt) : xstrdup(mt);
	struct chart *c = chart_new(CHART_BARG, title,
				    x->s[lineup_metric(m)->lower_better ? S_LOWER : S_HIGHER]);
	char *val, *sub;
	int marked = 0;

	free(title);
	free(mt);
	chart_set_axis_titles(c, lineup_metric(m)->unit, "");
	for (size_t t = 0; t < l->nt; t++) {
		char *group = lineup__test_title(x, &l->t[t]);

		for (size_t i = 0; i < l->nm; i++) {
			double v = l->t[t].v[i][m];
			char *text;

			if (!isfinite(v))
				continue;
			val = lineup__value_text(x, t, i, m);
			text = lineup__mark(x, t, i, val, &marked);
			free(val);
			chart_add_group_bar(c, group, x->label[i], v, text, chart_palette(i));
			chart_bar_err(c, c->nbars - 1, l->t[t].st[i][m].ci95);
			if (reviewed(l, i))
				chart_bar_emph(c, c->nbars - 1);
			free(text);
		}
		free(group);
	}
	if (!c->nbars) {
		chart_free(c);
		return;
	}
	sub = lineup__with_mark_note(x, c->subtitle, marked);
	chart_set_subtitle(c, sub);
	free(sub);
	lineup__add_item(x, xasprintf("lineup-bars-%s", lineup_metric(m)->id), c, NULL);
}

/* How many seconds the step's per-second IOPS cover (its longest direction). */
static size_t seconds_of(const struct result_step *st)
{
	size_t n = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		n = st->iops[d].n > n ? st->iops[d].n : n;
	return n;
}

/* Whether the plan asked for a dispersion chart of the step ("chart" hint). */
static int wants_dispersion(const struct result_step *st)
{
	return chart_hint_of(st->chart) == HINT_DISPERSION;
}

/*
 * Column i's average and 99.9 %-slowest-second lines (dashed, dotted) in its colour
 * from its first second t0 to its last t1, as the report's dispersion has them; the
 * legend names each kind of line once, in grey.
 */
static void cons_lines(const struct lineup_ctx *x, struct chart *c, size_t i,
		       const struct result_step *st, double t0, double t1)
{
	const struct consistency *k = &st->cons_total;
	const struct {
		int what;
		double y;
		enum chart_stroke stroke;
	} lines[] = {
		{ M_CONS_AVG, k->avg, CHART_STROKE_DASHED },
		{ consistency_p999_is_min(k) ? M_CONS_MIN_LINE : M_CONS_P999, k->p999_slowest,
		  CHART_STROKE_DOTTED },
	};

	if (!k->n || !(t1 > t0))
		return;
	for (size_t j = 0; j < sizeof(lines) / sizeof(*lines); j++) {
		if (!isfinite(lines[j].y))
			continue;
		chart_add_legend(c, x->s[lines[j].what], CHART_COLOR_MUTED);
		chart_series_add(c, x->s[lines[j].what], chart_palette(i),
				 (double[]){ t0, t1 }, (double[]){ lines[j].y, lines[j].y },
				 2);
		chart_series_stroke(c, c->nseries - 1, lines[j].stroke);
	}
}

/*
 * Per-second IOPS per column, for tests of a minute or more or with the hint, each
 * column's consistency lines over it and the template's inset (disp_inset()).
 */
static void build_dispersion(struct lineup_ctx *x, size_t k)
{
	const struct lineup_test *t = &x->l->t[k];
	char *title = lineup__test_title(x, t), *ct;
	struct chart *c;
	size_t longest = 0;
	int hint = 0, marked = 0;
	double *span;   /* per column its first and last second; none: 0 and 0 */

	for (size_t i = 0; i < x->l->nm; i++) {
		size_t n = t->step[i] ? seconds_of(t->step[i]) : 0;

		longest = n > longest ? n : longest;
		hint |= t->step[i] && wants_dispersion(t->step[i]);
	}
	if (longest < (hint ? 2 : DISPERSION_MIN_SECONDS)) {
		free(title);
		return;
	}
	ct = msg_colon(x->s, lineup__heading(x, S_DISPERSION), title);
	c = chart_new(CHART_SCATTER, ct, x->s[x->l->by ? S_DISPERSION_SUB_BY : S_DISPERSION_SUB]);
	chart_set_axis_titles(c, x->s[S_TIME], "IOPS");
	if (x->tc->log_y)
		chart_set_scales(c, CHART_LINEAR, CHART_LOG10);
	span = xcalloc(2 * x->l->nm + 2, sizeof(*span));
	for (size_t i = 0; i < x->l->nm; i++) {
		double *st = NULL, *sv = NULL;  /* every direction together: a 50/50 mix is both */
		size_t n = t->step[i] ? rounds_total_iops(t->step[i], &st, &sv) : 0;

		if (n) {
			marked |= add_series(x, c, k, i, st, sv, n);
			span[2 * i] = st[0];
			span[2 * i + 1] = st[n - 1];
		}
		free(st);
		free(sv);
	}
	for (size_t i = 0; i < x->l->nm; i++)   /* the lines over every column's points */
		if (t->step[i])
			cons_lines(x, c, i, t->step[i], span[2 * i], span[2 * i + 1]);
	free(span);
	disp_inset(c, x->tc);
	note_marks(x, c, marked);
	lineup__add_item(x, xasprintf("lineup-dispersion-%zu", k + 1), c, NULL);
	free(ct);
	free(title);
}

/* The scope of test k's element in its reference column (NULL: none). */
static const char *scope_of(const struct lineup *l, size_t k)
{
	return l->t[k].step[lineup_reference(l, k)]->scope;
}

/*
 * Write IOPS against the share of capacity written, where both are known: a chart per
 * test, or per <rounds> scope with every round laid end to end, each column from 0
 * (lineup_saturation()); the scope's other tests are marked done.
 */
static void build_saturation(struct lineup_ctx *x, size_t k, char *done)
{
	const struct lineup_test *t = &x->l->t[k];
	const char *scope = scope_of(x->l, k);
	char *title = lineup__test_title(x, t), *ct = msg_colon(x->s, lineup__heading(x, S_SATURATION), title);
	struct chart *c = chart_new(CHART_SCATTER, ct, x->s[S_WRITTEN]);
	int marked = 0;

	for (size_t j = k; j < x->l->nt; j++)
		if (j == k || (scope && scope_of(x->l, j) && !strcmp(scope_of(x->l, j), scope)))
			done[j] = 1;
	chart_set_axis_titles(c, x->s[S_WRITTEN], "IOPS");
	for (size_t i = 0; i < x->l->nm; i++) {
		double *pct, *iops;
		size_t n = lineup_saturation(x->l, k, i, &pct, &iops);

		if (n >= DISPERSION_MIN_SECONDS)
			marked |= add_series(x, c, k, i, pct, iops, n);
		free(pct);
		free(iops);
	}
	note_marks(x, c, marked);
	if (c->nseries)
		lineup__add_item(x, xasprintf("lineup-saturation-%zu", k + 1), c, NULL);
	else
		chart_free(c);
	free(ct);
	free(title);
}

/* Exceedance: the share of I/Os slower than each bucket, from json+ bins. */
static void build_qos(struct lineup_ctx *x, size_t k)
{
	const struct lineup_test *t = &x->l->t[k];
	char *title = lineup__test_title(x, t), *ct = msg_colon(x->s, lineup__heading(x, S_QOS), title);
	struct chart *c = chart_new(CHART_LINE, ct, x->s[S_QOS_SUB]);
	int resp = 1;   /* response time when every drive's report has its bins */
	int marked = 0;

	for (size_t i = 0; i < x->l->nm; i++)
		resp &= !t->step[i] || qos_has_resp(t->step[i]);
	chart_set_axis_titles(c, x->s[resp ? S_RESPONSE : S_LATENCY], x->s[S_QOS_Y]);
	chart_set_scales(c, CHART_LOG10, CHART_LOG10);
	chart_set_units(c, CHART_UNIT_SI, CHART_UNIT_NINES);
	for (size_t i = 0; i < x->l->nm; i++) {
		const struct result_hist *h, *hw;
		double total = 0, cum = 0, *px, *py;
		size_t n = 0;

		if (!t->step[i])
			continue;   /* --tests all: a column without the test */
		h = qos_hist(t->step[i], RESULT_READ, resp);
		hw = qos_hist(t->step[i], RESULT_WRITE, resp);

		if (hw->n && (!h->n || t->step[i]->dir_stat[RESULT_WRITE].total_ios >
					       t->step[i]->dir_stat[RESULT_READ].total_ios))
			h = hw;
		for (size_t j = 0; j < h->n; j++)
			total += (double)h->count[j];
		if (!(total > 0))
			continue;
		px = xmalloc(h->n * sizeof(*px));
		py = xmalloc(h->n * sizeof(*py));
		for (size_t j = 0; j < h->n; j++) {
			cum += (double)h->count[j];
			if (total - cum <= 0)
				break;
			px[n] = (double)h->ns[j] / 1000.0;
			py[n++] = (total - cum) / total;
		}
		if (n)
			marked |= add_series(x, c, k, i, px, py, n);
		free(px);
		free(py);
	}
	note_marks(x, c, marked);
	if (c->nseries)
		lineup__add_item(x, xasprintf("lineup-qos-%zu", k + 1), c, NULL);
	else
		chart_free(c);
	free(ct);
	free(title);
}

static int same_but_qd(const struct result_step *a, const struct result_step *b)
{
	return !strcmp(a->rw ? a->rw : "", b->rw ? b->rw : "") && a->bs == b->bs &&
	       a->numjobs == b->numjobs && a->rwmixread == b->rwmixread;
}

/* IOPS against queue depth for the tests like test k, one line per drive. */
static void build_sweep(struct lineup_ctx *x, size_t k, char *done)
{
	const struct lineup *l = x->l;
	const struct result_step *ref = l->t[k].step[lineup_reference(l, k)];
	struct chart *c;
	double *qd = xmalloc(l->nt * sizeof(*qd)), *iops = xmalloc(l->nt * sizeof(*iops));
	double *err = xmalloc(l->nt * sizeof(*err));   /* each point's 95 % half-width */
	char bs[32];
	struct sbuf sub;

	wording_bs(ref->bs, bs, sizeof(bs));   /* "4K 隨機讀取" */
	sbuf_init(&sub);
	sbuf_addf(&sub, "%s ", bs);
	wording_rw(ref->rw, ref->rwmixread, &x->w, &sub);
	c = chart_new(CHART_SWEEP, lineup__heading(x, S_SWEEP), sub.buf);
	sbuf_release(&sub);
	chart_set_axis_titles(c, x->s[S_QD], "IOPS");
	chart_set_scales(c, CHART_LOG2, CHART_LINEAR);
	for (size_t i = 0; i < l->nm; i++) {
		size_t n = 0;

		for (size_t j = k; j < l->nt; j++) {
			const struct result_step *st = l->t[j].step[i];
			size_t p = n;

			if (!st || !same_but_qd(l->t[j].step[lineup_reference(l, j)], ref) ||
			    st->iodepth < 1)
				continue;
			done[j] = 1;
			while (p > 0 && qd[p - 1] != st->iodepth)
				p--;
			if (p > 0)
				continue;  /* a depth already drawn: the first test of it counts */
			p = n;
			while (p > 0 && qd[p - 1] > st->iodepth) {
				qd[p] = qd[p - 1];
				iops[p] = iops[p - 1];
				err[p] = err[p - 1];
				p--;
			}
			qd[p] = st->iodepth;
			iops[p] = l->t[j].v[i][LM_IOPS];
			err[p] = l->t[j].st[i][LM_IOPS].ci95;
			n++;
		}
		if (n >= SWEEP_MIN_DEPTHS) {
			chart_series_add(c, x->label[i], chart_palette(i), qd, iops, n);
			chart_series_err(c, c->nseries - 1, err);
			if (reviewed(l, i))
				chart_series_emph(c, c->nseries - 1);
		}
	}
	if (c->nseries)
		lineup__add_item(x, xasprintf("lineup-sweep-%zu", k + 1), c, NULL);
	else
		chart_free(c);
	free(qd);
	free(iops);
	free(err);
}

static void build_cover(struct lineup_ctx *x);

static void kind_bars(struct lineup_ctx *x)
{
	lineup__per_metric(x, build_bars);
}

static void kind_delta(struct lineup_ctx *x)
{
	lineup__per_metric(x, lineup__build_delta_table);
}

static void kind_sweep(struct lineup_ctx *x)
{
	char *done = xcalloc(x->l->nt + 1, 1);

	for (size_t k = 0; k < x->l->nt; k++)
		if (!done[k])
			build_sweep(x, k, done);
	free(done);
}

/* The overlays, drawn per test. */
static void per_test(struct lineup_ctx *x, void (*per)(struct lineup_ctx *, size_t))
{
	for (size_t k = 0; k < x->l->nt; k++)
		per(x, k);
}

static void kind_dispersion(struct lineup_ctx *x)
{
	per_test(x, build_dispersion);
}

static void kind_saturation(struct lineup_ctx *x)
{
	char *done = xcalloc(x->l->nt + 1, 1);

	for (size_t k = 0; k < x->l->nt; k++)
		if (!done[k])
			build_saturation(x, k, done);
	free(done);
}

static void kind_qos(struct lineup_ctx *x)
{
	per_test(x, build_qos);
}

/*
 * one table, a row per test and column with per-second data
 * ("test: column"), the numbers of the column's element (results.csv's).
 */
static void kind_consistency(struct lineup_ctx *x)
{
	const char *head[CONS_NCOLS] = {
		x->s[S_TEST], x->s[S_CONS_AVG], x->s[S_CONS_P999], x->s[S_CONS_SCORE],
		x->s[S_CONS_AVG_SD], x->s[S_CONS_SD], x->s[S_CONS_SD_LAST],
	};
	struct table *t = cons_table_new(lineup__heading(x, S_CONS), x->s[S_CONS_SUB], head);
	int marked = 0;

	for (size_t k = 0; k < x->l->nt; k++)
		for (size_t i = 0; i < x->l->nm; i++) {
			const struct result_step *st = x->l->t[k].step[i];
			char *title, *label, *name;

			if (!st || !st->cons_total.n)
				continue;
			title = lineup__test_title(x, &x->l->t[k]);
			name = lineup__pass1_label(x, i);
			label = msg_colon(x->s, title, name);
			marked += cons_table_add(t, label, &st->cons_total);
			free(label);
			free(name);
			free(title);
		}
	cons_table_note(t, marked, x->s[M_CONS_MIN_NOTE]);
	if (t->nrows)
		lineup__add_item(x, xstrdup("lineup-consistency"), NULL, t);
	else
		table_free(t);
}

/* Column m's MB/s of element st: the lineup's value of the test it stands for. */
static double card_mbps(const void *ctx, size_t m, const struct result_step *st, int dir)
{
	return lineup_value_of(ctx, m, st, dir == RESULT_READ ? LM_READ_MBPS : LM_WRITE_MBPS);
}

/* The result cards as a grid: a row per column of the lineup, the baseline shaded. */
static void kind_card(struct lineup_ctx *x)
{
	const struct card_words w = { lineup__heading(x, M_CARD), x->s[M_CARD_GRID_SUB], x->s[S_TEST],
				      x->s[M_DRIVE], x->s[M_READ], x->s[M_WRITE],
				      x->s[M_COL_MBPS], x->s[M_COL_IOPS], x->s[M_COL_US] };
	const struct result_run **runs = xcalloc(x->l->nm + 1, sizeof(const struct result_run *));
	const char **labels = xcalloc(x->l->nm + 1, sizeof(*labels));
	struct table *t;

	for (size_t i = 0; i < x->l->nm; i++) {
		runs[i] = x->l->m[i].run;
		labels[i] = x->label[i];
	}
	t = card_grid(runs, labels, x->l->nm, x->l->base, &w, card_mbps, x->l);
	if (t)
		lineup__add_item(x, xstrdup("lineup-card"), NULL, t);
	free(runs);
	free(labels);
}

/* The builder of each kind a lineup template may name (TMPL_IN_LINEUP in tmpl.h). */
static void (*const builders[TMPL_NKINDS])(struct lineup_ctx *x) = {
	[TMPL_DRIVES] = build_cover,
	[TMPL_CARD] = kind_card,
	[TMPL_BARS] = kind_bars,
	[TMPL_DELTA] = kind_delta,
	[TMPL_SWEEP_QD] = kind_sweep,
	[TMPL_DISPERSION] = kind_dispersion,
	[TMPL_SATURATION] = kind_saturation,
	[TMPL_QOS] = kind_qos,
	[TMPL_CONSISTENCY] = kind_consistency,
	[TMPL_PASSES] = lineup__build_passes,
};

/* The items of template entry tc; a kind without data adds none. */
static void build_kind(struct lineup_ctx *x, const struct tmpl_chart *tc)
{
	x->tc = tc;
	if ((unsigned)tc->kind < TMPL_NKINDS && builders[tc->kind])
		builders[tc->kind](x);
}

/* ---- cover, files, PDF ------------------------------------------------------------- */

/* the tests whose stimulus differs between columns, when there are any:
 * a row per test and parameter, each column's value. */
static void build_params(struct lineup_ctx *x)
{
	const struct lineup *l = x->l;
	struct lineup_diff *df;
	const char **head, **row;
	struct table *t;
	size_t n;

	lineup_diffs(l, &df, &n);
	if (!n)
		return;
	head = xcalloc(l->nm + 2, sizeof(*head));
	row = xcalloc(l->nm + 2, sizeof(*row));
	head[0] = x->s[S_TEST];
	head[1] = x->s[S_PARAMETER];
	for (size_t i = 0; i < l->nm; i++)
		head[i + 2] = x->label[i];
	t = table_new(x->s[S_PARAMS], x->s[S_PARAMS_SUB], l->nm + 2, head);
	table_set_keep(t, 2);   /* the test and the parameter in each part */
	for (size_t k = 0; k < n; k++) {
		char *name = lineup__test_title(x, &l->t[df[k].test]);

		row[0] = name;
		row[1] = x->s[df[k].title];
		for (size_t i = 0; i < l->nm; i++)
			row[i + 2] = !df[k].values[i] ? "–" : *df[k].values[i] ? df[k].values[i]
									 : x->s[S_UNKNOWN];
		table_add_row(t, row, NULL);
		free(name);
	}
	lineup__add_item(x, xstrdup("lineup-params"), NULL, t);
	lineup_diffs_free(df, n, l->nm);
	free(head);
	free(row);
}

/* The document's title: a lineup's, or a pass set's report's (one column of passes). */
static int title_id(const struct lineup *l)
{
	return l->nm == 1 && l->m[0].npass > 1 ? S_PASSES : S_LINEUP;   /* a pass set's */
}

/* The drives (baseline marked) and what was left out, as tables. */
static void build_cover(struct lineup_ctx *x)
{
	const struct lineup *l = x->l;
	const char *head[5] = { x->s[l->by ? S_SCOPE : S_DRIVES], x->s[S_ARCHIVE],
				x->s[S_PLAN], x->s[S_TARGET], "fio" };
	char *sub;

	if (l->all_tests && l->nm > 1) {   /* --tests all: blanks where a column lacks a test */
		char nt[24], ns[24];

		snprintf(nt, sizeof(nt), "%zu", l->nt);
		snprintf(ns, sizeof(ns), "%zu", lineup_nshared(l));
		sub = msg_subst(x->s[l->by ? S_TESTS_SUB_ALL_BY : S_TESTS_SUB_ALL],
				(const char *const[]){ nt, ns }, 2);
	} else {
		sub = xasprintf("%zu %s", l->nt, x->s[l->by ? S_TESTS_SUB_BY : S_TESTS_SUB]);
	}
	char *title = x->tc->title ? xstrdup(x->tc->title) :
		l->by ? msg_subst(x->s[S_SCOPES], (const char *const[]){ wording_key(l->by, &x->w) }, 1)
		      : xstrdup(x->s[title_id(l)]);
	struct table *t = table_new(title, sub, 5, head);
	struct table *left;

	table_set_keep(t, 1);   /* the drive in each part */
	for (size_t i = 0; i < l->nm; i++) {
		const struct result_run *r = l->m[i].run;
		char *name = i == l->base && l->nm > 1
			     ? msg_paren(x->s, x->label[i], x->s[S_BASELINE]) : xstrdup(x->label[i]);
		const char *row[5] = { name, l->m[i].set ? l->m[i].set->dir : l->m[i].dir,
				       wording_title(r, &x->w),
				       NULL, r->fio_version };
		struct sbuf target;

		sbuf_init(&target);
		wording_target(r->target, &x->w, &target);
		row[3] = target.buf;
		table_add_row(t, row, NULL);
		sbuf_release(&target);
		free(name);
	}
	lineup__add_item(x, xstrdup("lineup-drives"), NULL, t);
	if (l->nm < 2) {   /* one column (a pass set's report): none to lack a test */
		free(title);
		free(sub);
		return;
	}
	left = table_new(x->s[l->by ? S_LEFT_OUT_BY : S_LEFT_OUT],
			 lineup_plans_differ(l) ? x->s[S_PLANS_DIFFER] : NULL, 1,
			 (const char *const[]){ x->s[S_TEST] });
	for (size_t i = 0; i < l->nleft; i++)
		table_add_row(left, (const char *const[]){ l->left_out[i] }, NULL);
	if (!l->nleft)
		table_add_row(left, (const char *const[]){ x->s[S_NONE] }, NULL);
	lineup__add_item(x, xstrdup("lineup-left-out"), NULL, left);
	free(title);
	free(sub);
	build_params(x);
}

/* The lineup's strings (LINEUP_MSGS) in lang's file, with every document's. */
static int load_strings(struct lineup_ctx *x, struct diag *d)
{
	int rc = msg_load(&x->strings, x->lang, d);

	if (!rc) {
		x->s = i18n_strings(x->strings);
		x->w = (struct wording){ x->lang, x->s };
	}
	return rc;
}

/*
 * The lineup's default date: its newest run's start (ISO 8601 in UTC, which sorts as
 * text), so that the same archives give the same document; NULL when none has one.
 */
static const char *newest_start(const struct lineup *l)
{
	const char *date = NULL;

	for (size_t i = 0; i < l->nm; i++) {
		const char *s = l->m[i].run ? l->m[i].run->started : NULL;

		if (s && *s && (!date || strcmp(s, date) > 0))
			date = s;
	}
	return date;
}

/* The lineup in one language, written to o's paths. */
static int render_one(void *arg, const char *lang, const struct doc_out *o, struct diag *d)
{
	struct lineup_ctx x = *(const struct lineup_ctx *)arg;
	struct doc_kind k = { { 6, DOC_PAGE_H - DOC_FOOTER_H - 6, DOC_PAGE_H - DOC_FOOTER_H - 12,
				NULL, NULL, NULL },
			      { NULL, NULL, NULL }, { lineup__xlsx_head, &x } };
	struct html_words hw;
	int rc;

	x.lang = lang;
	doc_init(&x.doc);
	rc = load_strings(&x, d);
	if (!rc)
		rc = doc_begin(&x.doc, o, lang, x.tmpl->preset, newest_start(x.l),
			       x.o->fonts_conf, d);
	if (!rc)
		x.label = lineup_labels(x.l, &x.w);
	for (size_t i = 0; !rc && x.doc.check && i < x.l->nm; i++) {
		wcheck_run(x.doc.check, x.l->m[i].run);
		/* a column's label is the user's, or the drive's; by's "op=28" is worded */
		if (!x.l->by)
			wcheck_allow(x.doc.check, x.l->m[i].label);
		else if (x.l->m[i].drive)
			wcheck_allow(x.doc.check, x.l->m[i].drive);
	}
	if (!rc) {
		hw = (struct html_words){ x.s[S_H_ALT], x.s[S_H_SVG], x.s[M_H_DESC_BARS],
					  x.s[M_H_DESC_LINES] };
		k.html.words = &hw;
		x.doc.title = x.s[title_id(x.l)];
		x.doc.msg = x.s;
		for (size_t i = 0; i < x.tmpl->ncharts; i++)
			build_kind(&x, &x.tmpl->charts[i]);
		lineup__set_footers(&x);
		rc = doc_write(&x.doc, o, &k, d);
	}
	doc_release(&x.doc);
	lineup_labels_free(x.label, x.l->nm);
	i18n_free(x.strings);
	return rc;
}

int lineup_render(const struct lineup *l, const struct lineup_render_opts *o,
		  struct diag *d)
{
	struct lineup_ctx x = { .l = l, .o = o };
	char *tpath = o->template_path ? xstrdup(o->template_path)
		    : datadir_path(o->template_default ? o->template_default
						       : "templates/lineup-default.xml");
	int rc = tmpl_load_for(&x.tmpl, tpath, TMPL_FOR_LINEUP, d);

	if (!rc && o->own_dir && !doc_out_names_any(&o->out)) {
		struct doc_out out = o->out;
		struct doc_own w = { o->own_dir, ARCHIVE_REPORT_TMP, &out, o->say, render_one, &x };

		if (!out.nlangs) {
			out.langs[0] = lang_default();
			out.nlangs = 1;
		}
		rc = doc_out_own(&w, d);
	} else if (!rc) {
		rc = doc_out_each(&o->out, lang_default(), "lineup", o->say, render_one, &x, d);
	}
	tmpl_free(x.tmpl);
	free(tpath);
	return rc;
}
