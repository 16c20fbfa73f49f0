/* SPDX-License-Identifier: MIT */
/*
 * report_ctx: the bottom of the report's stack: the UI strings' ids and loading,
 * and the helpers every chart builder (report_scopes, report_steps, report_charts)
 * and the pages (report.c) share. It calls none of them.
 */
#include "report_int.h"

#include <math.h>
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
	return msg_or(result_run_title(r->run, msg_or(r->o->lang, lang_default())),
			      "ssdbench");
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

/*
 * The element's display name: its label, else the reviewer wording; with its step
 * name in parentheses when another measured step of the run reads alike without a
 * label.
 */
char *report__step_name(const struct report *r, const struct result_step *st)
{
	struct wording w = report__wording(r);
	const char *lang = w.lang;
	char *name = wording_step(st, &w), *other, *both;
	const char *scope_of_alike = NULL;
	int alike = 0;

	/* an unmeasured step (a purge, a pause) is in no chart's legend: its row in
	 * the step table has its number, and the plan's name is not the reader's */
	if (result_labels_get(&st->labels, lang) || !st->name ||
	    !(step_kind_flags(result_step_kind(st)) & STEP_MEASURED))
		return name;
	for (size_t i = 0; r->run && i < r->run->nsteps && !alike; i++) {
		const struct result_step *o = &r->run->steps[i];

		/* bs, QD, jobs and mix are in the wording: steps that differ there differ */
		if (!o->name || !strcmp(o->name, st->name) || o->bs != st->bs ||
		    o->iodepth != st->iodepth || o->numjobs != st->numjobs ||
		    o->rwmixread != st->rwmixread || result_labels_get(&o->labels, lang))
			continue;
		other = wording_step(o, &w);
		alike = !strcmp(other, name);
		scope_of_alike = alike ? o->scope : NULL;
		free(other);
	}
	if (!alike)
		return name;
	/* in <rounds> of its own (XSR's access groups), the rounds' display name says
	 * which; else the step's name */
	if (st->scope && result_run_scope(r->run, st->scope) &&
	    (!scope_of_alike || strcmp(scope_of_alike, st->scope))) {
		char *sname = report__scope_name(r, result_run_scope(r->run, st->scope));

		both = xasprintf("%s (%s)", name, sname);
		free(sname);
	} else {
		both = xasprintf("%s (%s)", name, st->name);
	}
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
