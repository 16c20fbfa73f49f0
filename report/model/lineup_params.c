/* SPDX-License-Identifier: MIT */
/* lineup_params: the stimulus of matched tests, compared across columns. */
#include "lineup_params.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "sbuf.h"
#include "units.h"
#include "version.h"
#include "wording.h"
#include "xalloc.h"

/* A column's value of one parameter: text for the reader ("-": the archive does not
 * say, an import's missing field), a number to compare (NAN: compare the text), and
 * the tolerance of that number. */
struct pval {
	char text[64];
	double num, tol;
};

typedef void (*param_fn)(const struct lineup *l, const struct result_run *run,
			 const struct result_step *st, struct pval *v);

static void p_rw(const struct lineup *l, const struct result_run *run,
		 const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	snprintf(v->text, sizeof(v->text), "%s", st->rw ? st->rw : "-");
}

static void p_bs(const struct lineup *l, const struct result_run *run,
		 const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	if (!st->bs) {
		snprintf(v->text, sizeof(v->text), "-");
		return;
	}
	units_format_size_fio(st->bs, v->text, sizeof(v->text));
	v->num = (double)st->bs;
}

static void p_qd(const struct lineup *l, const struct result_run *run,
		 const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	snprintf(v->text, sizeof(v->text), st->iodepth > 0 ? "%d" : "-", st->iodepth);
	v->num = st->iodepth > 0 ? (double)st->iodepth : NAN;
}

static void p_jobs(const struct lineup *l, const struct result_run *run,
		   const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	snprintf(v->text, sizeof(v->text), st->numjobs > 0 ? "%d" : "-", st->numjobs);
	v->num = st->numjobs > 0 ? (double)st->numjobs : NAN;
}

static void p_mix(const struct lineup *l, const struct result_run *run,
		  const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	if (st->rwmixread < 0)
		snprintf(v->text, sizeof(v->text), "-");
	else
		snprintf(v->text, sizeof(v->text), "%d", st->rwmixread);
}

static void p_runtime(const struct lineup *l, const struct result_run *run,
		      const struct result_step *st, struct pval *v)
{
	char num[40];

	(void)l, (void)run;
	if (!st->runtime_ms) {
		snprintf(v->text, sizeof(v->text), "-");
		return;
	}
	snprintf(v->text, sizeof(v->text), "%s s",
		 chart_format_fixed((double)st->runtime_ms / 1000.0, 1, num, sizeof(num)));
	v->num = (double)st->runtime_ms;
	v->tol = fmax(500.0, 0.02 * v->num);
}

/* 1 when every column's target has a known capacity (an import may not say it). */
static int capacities_known(const struct lineup *l)
{
	for (size_t i = 0; i < l->nm; i++) {
		const struct result_run *run = l->m[i].run;
		uint64_t cap = run->capacity;

		for (size_t k = 0; !cap && k < run->nsteps; k++)
			cap = run->steps[k].capacity;
		if (!cap)
			return 0;
	}
	return 1;
}

/* The active range as a share of the target; where a column's capacity is unknown
 * (CrystalDiskMark's 1 GiB test file on a drive of unknown size), in bytes for all. */
static void p_range(const struct lineup *l, const struct result_run *run,
		    const struct result_step *st, struct pval *v)
{
	uint64_t cap = st->capacity ? st->capacity : run->capacity;
	char num[40];

	if (l->by || !st->range_size || (!cap && capacities_known(l))) {
		snprintf(v->text, sizeof(v->text), "-");
		return;
	}
	if (!capacities_known(l)) {
		units_format_size(st->range_size, v->text, sizeof(v->text));
		v->num = (double)st->range_size;
		v->tol = 0.005 * v->num;
		return;
	}
	v->num = 100.0 * (double)st->range_size / (double)cap;
	v->tol = 1.0;
	snprintf(v->text, sizeof(v->text), "%s %%", chart_format_fixed(v->num, 0, num, sizeof(num)));
}

static void p_data(const struct lineup *l, const struct result_run *run,
		   const struct result_step *st, struct pval *v)
{
	(void)l, (void)run;
	snprintf(v->text, sizeof(v->text), "%s", st->data ? st->data : "-");
}

static void p_engine(const struct lineup *l, const struct result_run *run,
		     const struct result_step *st, struct pval *v)
{
	(void)l, (void)st;
	snprintf(v->text, sizeof(v->text), "%s", run->ioengine ? run->ioengine : "-");
}

/* How a value is written in a mark: as the pattern, block size, QD, threads or
 * mix are in reviewer wording, else as its text. */
enum pword { PW_TEXT, PW_RW, PW_BS, PW_QD, PW_JOBS, PW_MIX };

/* The parameters that define a test's stimulus, in the order they are reported. */
static const struct {
	const char *name;     /* as fio spells the option */
	param_fn fn;
	int title;            /* its name for a reader (enum msg) */
	enum pword word;
} LINEUP_PARAMS[] = {
	{ "rw", p_rw, S_P_RW, PW_RW },
	{ "bs", p_bs, S_P_BS, PW_BS },
	{ "iodepth", p_qd, S_P_QD, PW_QD },
	{ "numjobs", p_jobs, S_P_JOBS, PW_JOBS },
	{ "rwmixread", p_mix, S_P_MIX, PW_MIX },
	{ "runtime", p_runtime, S_P_RUNTIME, PW_TEXT },
	{ "range", p_range, S_P_RANGE, PW_TEXT },    /* the active range, % of the target */
	{ "data", p_data, S_P_DATA, PW_TEXT },       /* the data pattern written */
	{ "ioengine", p_engine, S_P_ENGINE, PW_TEXT },
};
#define NPARAMS (sizeof(LINEUP_PARAMS) / sizeof(LINEUP_PARAMS[0]))

/* Parameter p of member i's element of test t into *v; 0 when unknown. */
static int value_of(const struct lineup *l, size_t t, size_t i, size_t p, struct pval *v)
{
	const struct result_step *st = l->t[t].step[i];

	memset(v, 0, sizeof(*v));
	v->num = NAN;
	if (!st)
		return 0;
	LINEUP_PARAMS[p].fn(l, l->m[i].run, st, v);
	return strcmp(v->text, "-") != 0;
}

static int same_value(const struct pval *a, const struct pval *b)
{
	if (isnan(a->num) || isnan(b->num))
		return !strcmp(a->text, b->text);
	return fabs(a->num - b->num) <= fmax(a->tol, b->tol);
}

/* Parameter p of test t: a difference appended to *out when two columns that say
 * their value differ (one that does not say is no difference). */
static void diff_one(const struct lineup *l, size_t t, size_t p, struct lineup_diff **out,
		     size_t *n)
{
	struct pval *v = xcalloc(l->nm, sizeof(*v));
	const struct pval *first = NULL;
	struct lineup_diff *df;
	struct sbuf sb;
	int differ = 0;

	for (size_t i = 0; i < l->nm; i++) {
		if (!value_of(l, t, i, p, &v[i]))
			continue;
		if (!first)
			first = &v[i];
		else if (!same_value(first, &v[i]))
			differ = 1;
	}
	if (!differ) {
		free(v);
		return;
	}
	*out = xrealloc(*out, (*n + 1) * sizeof(**out));
	df = &(*out)[(*n)++];
	df->test = t;
	df->param = LINEUP_PARAMS[p].name;
	df->title = LINEUP_PARAMS[p].title;
	df->values = xcalloc(l->nm, sizeof(*df->values));
	sbuf_init(&sb);
	sbuf_addf(&sb, "%s%s%s%s: %s", l->t[t].name, l->t[t].cell ? " [" : "",
		  l->t[t].cell ? l->t[t].cell : "", l->t[t].cell ? "]" : "", df->param);
	for (size_t i = 0, k = 0; i < l->nm; i++) {
		if (!l->t[t].step[i])
			continue;
		df->values[i] = xstrdup(strcmp(v[i].text, "-") ? v[i].text : "");
		sbuf_addf(&sb, "%s%s (%s)", k++ ? " vs " : " ", v[i].text, l->m[i].label);
	}
	df->line = sbuf_detach(&sb);
	free(v);
}

void lineup_diffs(const struct lineup *l, struct lineup_diff **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	for (size_t t = 0; t < l->nt; t++)
		for (size_t p = 0; p < NPARAMS; p++)
			diff_one(l, t, p, out, n);
}

void lineup_diffs_free(struct lineup_diff *d, size_t n, size_t nm)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < nm; k++)
			free(d[i].values[k]);
		free(d[i].values);
		free(d[i].line);
	}
	free(d);
}

size_t lineup_reference(const struct lineup *l, size_t t)
{
	if (l->t[t].step[l->base])
		return l->base;
	for (size_t i = 0; i < l->nm; i++)
		if (l->t[t].step[i])
			return i;
	return l->base;
}

/* Appends member i's value of parameter p of test t as reviewers write it. */
static void add_word(const struct lineup *l, size_t t, size_t i, size_t p,
		     const struct pval *v, const struct wording *w, struct sbuf *sb)
{
	const struct result_step *st = l->t[t].step[i];
	char bs[32];

	switch (LINEUP_PARAMS[p].word) {
	case PW_RW:
		wording_rw(st->rw, st->rwmixread, w, sb);
		break;
	case PW_BS:
		wording_bs(st->bs, bs, sizeof(bs));
		sbuf_adds(sb, bs);
		break;
	case PW_QD:
		wording_qd(st->iodepth, w, sb);
		break;
	case PW_JOBS:
		wording_threads(st->numjobs, w, sb);
		break;
	case PW_MIX:
		sbuf_addf(sb, "%d/%d", st->rwmixread, 100 - st->rwmixread);
		break;
	case PW_TEXT:
		sbuf_adds(sb, v->text);
		break;
	}
}

size_t lineup_mark(const struct lineup *l, size_t t, size_t i, const struct wording *w,
		   struct sbuf *sb)
{
	size_t ref = lineup_reference(l, t), n = 0;

	if (i == ref || !l->t[t].step[i])
		return 0;
	for (size_t p = 0; p < NPARAMS; p++) {
		struct pval a, b;

		if (!value_of(l, t, i, p, &a) || !value_of(l, t, ref, p, &b) ||
		    same_value(&a, &b))
			continue;
		if (w) {
			if (n)
				sbuf_addc(sb, ' ');
			add_word(l, t, i, p, &a, w, sb);
		} else {
			sbuf_addf(sb, "%s%s %s vs %s", n ? "; " : "", LINEUP_PARAMS[p].name,
				  a.text, b.text);
		}
		n++;
	}
	if (n && w)
		sbuf_adds(sb, LINEUP_MARK);
	return n;
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Appends ", " joined distinct values of the columns' field f (by k-th accessor). */
static void add_distinct(struct sbuf *sb, const struct lineup *l, int plan,
			 const struct wording *w)
{
	for (size_t i = 0, k = 0; i < l->nm; i++) {
		const struct result_run *r = l->m[i].run;
		size_t j;

		for (j = 0; j < i; j++) {
			const struct result_run *q = l->m[j].run;

			if (plan ? same_str(q->plan_name, r->plan_name) &&
					   same_str(q->plan_sha256, r->plan_sha256)
				 : same_str(q->fio_version, r->fio_version))
				break;
		}
		if (j < i)
			continue;
		if (plan) {
			/* the plan by its title: its name is its file's */
			sbuf_addf(sb, "%s%s", k++ ? wording_sep(w) : "", wording_title(r, w));
			if (r->plan_sha256)
				sbuf_addf(sb, "%ssha256 %.12s%s", w->s[W_OPEN], r->plan_sha256,
					  w->s[W_CLOSE]);
		} else {
			sbuf_addf(sb, "%s%s", k++ ? ", " : "",
				  r->fio_version ? r->fio_version : "fio ?");
		}
	}
}

/* "12 columns" in w's words */
static void add_ncolumns(struct sbuf *sb, size_t n, const struct wording *w)
{
	char num[24];
	const char *v = num;

	snprintf(num, sizeof(num), "%zu", n);
	msg_add(sb, w->s[S_NCOLUMNS], &v, 1);
}

#define PROVENANCE_LABELS_MAX 80   /* characters of column labels on the line */

char **lineup_labels(const struct lineup *l, const struct wording *w)
{
	char **v = xcalloc(l->nm ? l->nm : 1, sizeof(*v));

	for (size_t i = 0; i < l->nm; i++) {
		const struct lineup_member *m = &l->m[i];
		struct sbuf sb;
		char *cell;

		if (!l->by || !m->value) {
			v[i] = xstrdup(m->label);
			continue;
		}
		sbuf_init(&sb);
		if (m->drive)
			sbuf_addf(&sb, "%s ", m->drive);
		cell = xasprintf("%s=%s", l->by, m->value);
		wording_cell(cell, w, 0, &sb);
		free(cell);
		for (size_t j = 0; j < i; j++)   /* two alike stay two: "(2)" as lineup.c does */
			if (!strcmp(v[j], sb.buf ? sb.buf : "")) {
				sbuf_addf(&sb, " (%zu)", i + 1);
				break;
			}
		v[i] = sbuf_detach(&sb);
	}
	return v;
}

void lineup_labels_free(char **labels, size_t nm)
{
	for (size_t i = 0; labels && i < nm; i++)
		free(labels[i]);
	free(labels);
}

char *lineup_provenance(const struct lineup *l, const struct wording *w)
{
	char **labels = lineup_labels(l, w);
	size_t len = 0;
	struct sbuf sb;

	for (size_t i = 0; i < l->nm; i++)
		len += strlen(labels[i]) + 2;
	sbuf_init(&sb);
	if (len <= PROVENANCE_LABELS_MAX)
		for (size_t i = 0; i < l->nm; i++)
			sbuf_addf(&sb, "%s%s", i ? wording_sep(w) : "", labels[i]);
	else
		add_ncolumns(&sb, l->nm, w);
	lineup_labels_free(labels, l->nm);
	sbuf_addf(&sb, "  |  %s%s", w->s[S_PLAN], w->s[W_COLON]);
	add_distinct(&sb, l, 1, w);
	sbuf_addf(&sb, "  |  ");
	add_distinct(&sb, l, 0, w);
	sbuf_addf(&sb, "  |  ssdbench %s", SSDBENCH_VERSION);
	return sbuf_detach(&sb);
}
