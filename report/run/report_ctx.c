/* SPDX-License-Identifier: MIT */
/*
 * report_ctx: the bottom of the report's stack: the UI strings' ids and loading,
 * and the helpers every chart builder (report_scopes, report_steps, report_charts)
 * and the pages (report.c) share. It calls none of them.
 */
#include "report_int.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "i18n.h"
#include "lang.h"
#include "units.h"
#include "wording.h"
#include "vocab.h"
#include "xalloc.h"

const char *report__datadir(void)
{
	return datadir_get();
}

int report__load_msgs(struct report *r, const char *lang, struct diag *d)
{
	int rc = msg_load(&r->strings, lang, d);

	if (!rc)
		r->msg = i18n_strings(r->strings);
	return rc;
}

/* The plan's display title (may be CJK), else its name. */
const char *report__plan_title(const struct report *r)
{
	const struct wording w = report__wording(r);

	return msg_or(wording_title(r->run, &w), "ssdbench");
}

/* the report's language ("zh-TW" when not given). */
const char *report__lang(const struct report *r)
{
	return msg_or(r->o ? r->o->lang : NULL, lang_default());
}

/* The report's wording: its language and its strings. */
struct wording report__wording(const struct report *r)
{
	return (struct wording){ report__lang(r), r->msg };
}

char *report__target_text(const struct report *r)
{
	struct wording w = report__wording(r);
	struct sbuf sb;

	sbuf_init(&sb);
	wording_target(r->run->target, &w, &sb);
	return sbuf_detach(&sb);
}

/* The element's access pattern in the report's language: "4K 隨機寫入 QD32 T1". */
void report__step_pattern(const struct report *r, const struct result_step *st,
			  struct sbuf *sb)
{
	struct wording w = report__wording(r);

	wording_pattern(st, &w, sb);
}

void report__step_pattern_new(const struct report *r, const struct result_step *st,
			      struct sbuf *sb)
{
	char *name = report__step_name(r, st);
	size_t at = sb->len;

	report__step_pattern(r, st, sb);
	if (sb->len > at && strstr(name, sb->buf + at)) {   /* the name says it */
		sb->len = at;
		sb->buf[at] = '\0';
	}
	free(name);
}

/* What run step i comes after: the step before it (its kind, and for a <rounds>
 * scope whether it reached steady state). */
static const struct {
	const char *kind;
	int steady;   /* -1: either; 1: a scope that reached steady state; 0: one that did not */
	enum msg words;
} befores[] = {
	{ "purge", -1, M_AFTER_PURGE },
	{ "precondition", -1, M_AFTER_FILL },
	{ "idle", -1, M_AFTER_IDLE },
	{ "workload", 1, M_AFTER_STEADY },
	{ "workload", 0, M_AFTER_ROUNDS },
};

enum msg report__after(const struct result_run *run, size_t i)
{
	while (run && i-- > 0) {
		const struct result_step *st = &run->steps[i];
		const struct result_scope *s = st->scope ? result_run_scope(run, st->scope) : NULL;
		int steady = s ? s->steady_round > 0 : -1;

		if (!st->kind || !strcmp(st->kind, "probe") || st->trace)
			continue;
		for (size_t k = 0; k < sizeof(befores) / sizeof(*befores); k++)
			if (!strcmp(befores[k].kind, st->kind) &&
			    (befores[k].steady == -1 || befores[k].steady == steady))
				return befores[k].words;
		return M_N;
	}
	return M_N;
}

/* st's place in run's steps, or run->nsteps when it is not one of them (a copy). */
static size_t place(const struct result_run *run, const struct result_step *st)
{
	uintptr_t p = (uintptr_t)st, first = (uintptr_t)run->steps;

	if (p < first || p >= first + run->nsteps * sizeof(*run->steps) ||
	    (p - first) % sizeof(*run->steps))
		return run->nsteps;
	return (p - first) / sizeof(*run->steps);
}

/* " (after steady state)" or " (step 7)": what tells st from the alike steps. */
static char *tell_apart(const struct report *r, const struct result_step *st,
			const struct result_step *const *alike, size_t n)
{
	const struct result_run *run = r->run;
	size_t at = place(run, st);
	enum msg a = at < run->nsteps ? report__after(run, at) : M_N;
	char num[24];
	char *t, *s;

	for (size_t i = 0; i < n && a != M_N; i++)
		if (report__after(run, place(run, alike[i])) == a)
			a = M_N;
	if (a != M_N)
		return msg_paren(r->msg, "", r->msg[a]);
	snprintf(num, sizeof(num), "%d", st->index);
	t = msg_subst(r->msg[M_STEP_N], (const char *const[]){ num }, 1);
	s = msg_paren(r->msg, "", t);
	free(t);
	return s;
}

/*
 * The element's display name: its label, else the reviewer wording; when another
 * measured step of the run reads alike without a label, with what tells it apart in
 * parentheses: its <rounds>' name, what it came after, or its number.
 */
char *report__step_name(const struct report *r, const struct result_step *st)
{
	struct wording w = report__wording(r);
	const char *lang = w.lang;
	char *name = wording_step(st, &w), *other, *both, *tail;
	const char *scope_of_alike = NULL;
	const struct result_step **alike;
	size_t nalike = 0;

	/* an unmeasured step (a purge, a pause) is in no chart's legend: its row in
	 * the step table has its number, and the plan's name is not the reader's */
	if (result_labels_get(&st->labels, lang) || !st->name ||
	    !(step_kind_flags(result_step_kind(st)) & STEP_MEASURED))
		return name;
	alike = xcalloc(r->run ? r->run->nsteps + 1 : 1, sizeof(const struct result_step *));
	for (size_t i = 0; r->run && i < r->run->nsteps; i++) {
		const struct result_step *o = &r->run->steps[i];

		/* bs, QD, jobs and mix are in the wording: steps that differ there differ */
		if (!o->name || !strcmp(o->name, st->name) || o->bs != st->bs ||
		    o->iodepth != st->iodepth || o->numjobs != st->numjobs ||
		    o->rwmixread != st->rwmixread || result_labels_get(&o->labels, lang))
			continue;
		other = wording_step(o, &w);
		if (!strcmp(other, name)) {
			scope_of_alike = nalike ? scope_of_alike : o->scope;
			alike[nalike++] = o;
		}
		free(other);
	}
	if (!nalike) {
		free(alike);
		return name;
	}
	/* in <rounds> of its own (XSR's access groups), the rounds' display name says
	 * which; else the step's name */
	if (st->scope && result_run_scope(r->run, st->scope) &&
	    (!scope_of_alike || strcmp(scope_of_alike, st->scope))) {
		char *sname = report__scope_name(r, result_run_scope(r->run, st->scope));

		both = msg_paren(r->msg, name, sname);
		free(sname);
	} else {
		tail = tell_apart(r, st, alike, nalike);
		both = xasprintf("%s%s", name, tail);
		free(tail);
	}
	free(alike);
	free(name);
	return both;
}

/* A <rounds> scope's display name: its label, else its name. */
char *report__scope_name(const struct report *r, const struct result_scope *s)
{
	struct wording w = report__wording(r);

	return wording_scope(s, &w);
}

void report__add_chart(struct report *r, char *name, struct chart *c, struct table *t)
{
	doc_add(&r->doc, name, c, t, 0, 0);
}


/* Seconds up to 10 min, minutes up to 10 h, then hours: ticks stay readable. */
static const struct {
	double upto, div;
	enum msg title;
} time_units[] = {
	{ 600, 1, M_TIME }, { 36000, 60, M_TIME_MIN }, { INFINITY, 3600, M_TIME_H },
};

void report__time_unit(const struct report *r, double tmax, double *div,
		       const char **title)
{
	size_t u = 0;

	while (tmax > time_units[u].upto)
		u++;
	*div = time_units[u].div;
	*title = r->msg[time_units[u].title];
}

void report__add_temp(const struct report *r, struct chart *c, const double *x,
		      const double *y, size_t n)
{
	if (!n)
		return;
	chart_set_y2(c, r->msg[M_TEMP]);
	chart_series_add_y2(c, r->msg[M_TEMP], CHART_COLOR_TEMP, x, y, n);
	chart_series_stroke(c, c->nseries - 1, CHART_STROKE_DASHED);
}

int report__is_ok(const struct result_step *st)
{
	/* Purge, idle and probe elements finish "ok" too, but fio measured nothing. */
	return st->status && !strcmp(st->status, "ok") && result_step_measured(st);
}

enum chart_hint report__hint(const struct result_step *st)
{
	return chart_hint_of(st->chart);
}
