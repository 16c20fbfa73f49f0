/* SPDX-License-Identifier: MIT */
/*
 * consistency_draw: the consistency scores on the report: the average and
 * 99.9 %-slowest-second lines and the DriveMaster score on the dispersion charts
 * (report_charts.c, report_steps.c call in), and the `consistency` table. The
 * numbers are the model's (result_step.cons_total, what results.csv has).
 */
#include "report_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "consistency_table.h"
#include "xalloc.h"

/* The first and last second of the step's per-second IOPS (its longest direction). */
static int step_span(const struct result_step *st, double *t0, double *t1)
{
	int best = 0;

	for (int d = 1; d < RESULT_NDIRS; d++)
		if (st->iops[d].n > st->iops[best].n)
			best = d;
	if (!st->iops[best].n)
		return 0;
	*t0 = st->iops[best].t[0];
	*t1 = st->iops[best].t[st->iops[best].n - 1];
	if (*t1 <= *t0)
		*t1 = *t0 + 1;
	return 1;
}

static void ref_line(struct chart *c, const char *prefix, const char *what, uint32_t color,
		     double t0, double t1, double y, enum chart_stroke stroke)
{
	double x[2] = { t0, t1 }, v[2] = { y, y };
	char *label = xasprintf("%s%s", prefix ? prefix : "", what);

	chart_series_add(c, label, color, x, v, 2);
	chart_series_stroke(c, c->nseries - 1, stroke);
	free(label);
}

void report__cons_lines(struct report *r, struct chart *c, const struct result_step *st,
			uint32_t color, const char *prefix, struct sbuf *cap)
{
	const struct consistency *k = &st->cons_total;
	char score[48], p999[48], avg[48];
	double t0, t1;
	char *text;

	if (!k->n || !isfinite(k->avg) || !step_span(st, &t0, &t1))
		return;
	cons_format(k, CONS_SCORE, score, sizeof(score));
	cons_format(k, CONS_P999, p999, sizeof(p999));
	cons_format(k, CONS_AVG, avg, sizeof(avg));
	ref_line(c, prefix, r->msg[M_CONS_AVG], color, t0, t1, k->avg, CHART_STROKE_DASHED);
	ref_line(c, prefix, r->msg[consistency_p999_is_min(k) ? M_CONS_MIN_LINE : M_CONS_P999],
		 color, t0, t1, k->p999_slowest, CHART_STROKE_DOTTED);
	if (prefix) {
		char *name = report__step_name(r, st);
		const char *v[2] = { name, score };

		text = msg_subst(r->msg[M_CONS_CAPTION_STEP], v, 2);
		free(name);
	} else {
		const char *v[3] = { score, p999, avg };

		text = msg_subst(r->msg[M_CONS_CAPTION], v, 3);
	}
	if (cap->len)
		sbuf_adds(cap, "; ");
	sbuf_adds(cap, text);
	free(text);
}

void report__cons_subtitle(struct chart *c, const char *base, struct sbuf *cap)
{
	if (cap->len) {
		char *sub = base && *base ? xasprintf("%s  /  %s", base, cap->buf)
					  : xstrdup(cap->buf);

		chart_set_subtitle(c, sub);
		free(sub);
	}
	sbuf_release(cap);
}

/* A step of the table: finished, outside rounds, not hidden, with per-second data. */
static int in_table(const struct result_step *st)
{
	return report__is_ok(st) && !st->scope && report__hint(st) != HINT_NONE &&
	       st->cons_total.n > 0;
}

/* A <rounds> element that counts: finished, with per-second data (a replay has none). */
static int counts(const struct result_step *st)
{
	return st->scope && report__is_ok(st) && st->cons_total.n > 0;
}

/* Whether two elements of a scope are one cell of it (its sweep coordinates). */
static int same_cell(const struct result_step *a, const struct result_step *b)
{
	return !strcmp(a->scope, b->scope) &&
	       !strcmp(a->cell ? a->cell : "", b->cell ? b->cell : "");
}

/* Appends st's per-second total IOPS (every direction) to *v. */
static void add_totals(const struct result_step *st, double **v, size_t *n, size_t *cap)
{
	size_t m = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		m = st->iops[d].n > m ? st->iops[d].n : m;
	XGROW(*v, *cap, *n + m + 1);
	memset(*v + *n, 0, m * sizeof(**v));
	for (int d = 0; d < RESULT_NDIRS; d++)
		for (size_t i = 0; i < st->iops[d].n; i++)
			(*v)[*n + i] += st->iops[d].v[i];
	*n += m;
}

/*
 * A row per cell of each <rounds> scope: its elements' seconds end to end, in round
 * order, scored as one run (DriveMaster's consistency of a saturation run). Returns
 * how many rows were marked (cons_table_add()).
 */
static int scope_rows(struct report *r, struct table *t)
{
	const struct result_run *run = r->run;
	int marked = 0;

	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		struct consistency c;
		double *v = NULL;
		size_t n = 0, cap = 0, j;
		int last = st->round;
		char a[16], b[16], *name, *label;

		if (!counts(st))
			continue;
		for (j = 0; j < i && !(counts(&run->steps[j]) && same_cell(&run->steps[j], st)); j++)
			;
		if (j < i)   /* that cell's row is made */
			continue;
		for (j = i; j < run->nsteps; j++)
			if (counts(&run->steps[j]) && same_cell(&run->steps[j], st)) {
				add_totals(&run->steps[j], &v, &n, &cap);
				last = run->steps[j].round;
			}
		consistency_compute(v, n, 60, &c);
		free(v);
		snprintf(a, sizeof(a), "%d", st->round);
		snprintf(b, sizeof(b), "%d", last);
		name = report__step_name(r, st);
		label = msg_subst(r->msg[M_CONS_ROUNDS], (const char *const[]){ name, a, b }, 3);
		marked += cons_table_add(t, label, &c);
		free(label);
		free(name);
	}
	return marked;
}

void report__build_consistency(struct report *r)
{
	const char *head[CONS_NCOLS] = {
		r->msg[M_STEP], r->msg[M_CONS_AVG], r->msg[M_CONS_P999], r->msg[M_CONS_SCORE],
		r->msg[M_CONS_AVG_SD], r->msg[M_CONS_SD], r->msg[M_CONS_SD_LAST],
	};
	struct table *t = cons_table_new(r->msg[M_CONS], r->msg[M_CONS_SUB], head);
	int marked = 0;

	for (size_t i = 0; i < r->run->nsteps; i++)
		if (in_table(&r->run->steps[i])) {
			char *name = report__step_name(r, &r->run->steps[i]);

			marked += cons_table_add(t, name, &r->run->steps[i].cons_total);
			free(name);
		}
	marked += scope_rows(r, t);
	cons_table_note(t, marked, r->msg[M_CONS_MIN_NOTE]);
	if (!t->nrows) {
		table_free(t);
		return;
	}
	report__add_chart(r, xstrdup("consistency"), NULL, t);
}
