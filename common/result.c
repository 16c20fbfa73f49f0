/* SPDX-License-Identifier: MIT */
/* result: lifecycle of the results model. */
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "consistency.h"
#include "lang.h"
#include "vocab.h"
#include "xalloc.h"

void result_series_push(struct result_series *s, double t, double v)
{
	if (s->n == s->cap) {
		size_t cap = s->cap;

		XGROW(s->t, cap, s->n + 1);
		s->v = xrealloc(s->v, cap * sizeof(*s->v));
		s->cap = cap;
	}
	s->t[s->n] = t;
	s->v[s->n] = v;
	s->n++;
}

void result_series_release(struct result_series *s)
{
	free(s->t);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

void result_step_init(struct result_step *st)
{
	memset(st, 0, sizeof(*st));
	st->rwmixread = -1;
}

void result_hist_release(struct result_hist *h)
{
	free(h->ns);
	free(h->count);
	memset(h, 0, sizeof(*h));
}

void result_step_release(struct result_step *st)
{
	free(st->name);
	free(st->kind);
	free(st->scope);
	free(st->cell);
	free(st->chart);
	result_labels_release(&st->labels);
	free(st->data);
	free(st->ioengine);
	free(st->write_cache);
	free(st->dir);
	free(st->status);
	free(st->error);
	free(st->rw);
	free(st->started);
	free(st->ended);
	free(st->trace);
	free(st->values);
	free(st->replay_mode);
	free(st->replay_fit);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		result_series_release(&st->iops[d]);
		result_series_release(&st->bw[d]);
		result_series_release(&st->clat_us[d]);
		result_series_release(&st->lat_us[d]);
		result_hist_release(&st->hist[d]);
		result_hist_release(&st->resp_hist[d]);
	}
	result_series_release(&st->written);
	result_series_release(&st->temp_c);
	result_step_init(st);
}

void result_run_init(struct result_run *r)
{
	memset(r, 0, sizeof(*r));
}

void result_run_release(struct result_run *r)
{
	char **strs[] = {
		&r->plan_name, &r->plan_title, &r->plan_file, &r->plan_sha256, &r->target,
		&r->ssdbench_version, &r->fio_version, &r->ioengine, &r->kernel,
		&r->cpu, &r->hostname, &r->started, &r->ended, &r->status, &r->error,
		&r->drive_model, &r->drive_firmware, &r->failure, &r->drive_serial,
		&r->target_kind, &r->report,
		&r->report_langs, &r->sponsor,
		&r->archive_dir,
		&r->os, &r->board, &r->bios, &r->interface,
		&r->source.kind, &r->source.tool, &r->source.version, &r->source.file,
		&r->source.encoding, &r->source.profile, &r->source.test, &r->source.drive,
		&r->source.date, &r->source.comment,
	};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		free(*strs[i]);
	for (size_t i = 0; i < r->nsteps; i++)
		result_step_release(&r->steps[i]);
	free(r->steps);
	for (size_t i = 0; i < r->nscopes; i++) {
		struct result_scope *s = &r->scopes[i];

		for (size_t k = 0; k < s->ntracks; k++) {
			free(s->tracks[k].element);
			free(s->tracks[k].metric);
			free(s->tracks[k].dir);
			free(s->tracks[k].values);
			free(s->tracks[k].wins);
		}
		free(s->tracks);
		free(s->name);
		free(s->until);
		free(s->verdict);
		free(s->chart);
		result_labels_release(&s->labels);
	}
	free(r->scopes);
	for (size_t i = 0; i < r->ntitles; i++) {
		free(r->titles[i].lang);
		free(r->titles[i].text);
	}
	free(r->titles);
	result_labels_release(&r->target_labels);
	result_run_init(r);
}

struct result_step *result_run_add_step(struct result_run *r)
{
	struct result_step *st;

	XGROW(r->steps, r->cap, r->nsteps + 1);
	st = &r->steps[r->nsteps++];
	result_step_init(st);
	return st;
}

void result_run_add_title(struct result_run *r, const char *lang, const char *text)
{
	r->titles = xrealloc(r->titles, (r->ntitles + 1) * sizeof(*r->titles));
	r->titles[r->ntitles].lang = xstrdup(lang);
	r->titles[r->ntitles++].text = xstrdup(text);
}

const char *result_run_title(const struct result_run *r, const char *lang)
{
	for (size_t i = 0; lang && i < r->ntitles; i++)
		if (!strcmp(r->titles[i].lang, lang))
			return r->titles[i].text;
	return r->plan_title ? r->plan_title : r->plan_name;
}

void result_labels_add(struct result_labels *l, const char *lang, const char *text)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].lang, lang)) {
			free(l->v[i].text);
			l->v[i].text = xstrdup(text);
			return;
		}
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n].lang = xstrdup(lang);
	l->v[l->n++].text = xstrdup(text);
}

const char *result_labels_get(const struct result_labels *l, const char *lang)
{
	const char *base = lang_tag(lang_base(lang)), *any = NULL, *same = NULL;

	for (size_t i = 0; i < l->n; i++) {
		const char *t = l->v[i].lang;

		if (lang && !strcasecmp(t, lang))
			return l->v[i].text;
		if (!strcmp(t, "*"))
			any = l->v[i].text;
		else if (!same && !strcmp(lang_tag(lang_base(t)), base))
			same = l->v[i].text;
	}
	return same ? same : any;
}

void result_labels_release(struct result_labels *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].lang);
		free(l->v[i].text);
	}
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

struct result_scope *result_run_add_scope(struct result_run *r)
{
	struct result_scope *s;

	XGROW(r->scopes, r->capscopes, r->nscopes + 1);
	s = &r->scopes[r->nscopes++];
	memset(s, 0, sizeof(*s));
	return s;
}

struct result_scope *result_run_scope(const struct result_run *r, const char *name)
{
	for (size_t i = 0; name && i < r->nscopes; i++)
		if (r->scopes[i].name && !strcmp(r->scopes[i].name, name))
			return &r->scopes[i];
	return NULL;
}

struct result_track *result_scope_add_track(struct result_scope *s)
{
	struct result_track *t;

	s->tracks = xrealloc(s->tracks, (s->ntracks + 1) * sizeof(*s->tracks));
	t = &s->tracks[s->ntracks++];
	memset(t, 0, sizeof(*t));
	return t;
}

void result_track_set(struct result_track *t, int round, double value,
		      const struct steady_window *w)
{
	size_t r = round > 0 ? (size_t)round : 1;

	if (r > t->n) {
		t->values = xrealloc(t->values, r * sizeof(*t->values));
		t->wins = xrealloc(t->wins, r * sizeof(*t->wins));
		for (size_t i = t->n; i < r; i++) {
			t->values[i] = NAN;
			memset(&t->wins[i], 0, sizeof(t->wins[i]));
		}
		t->n = r;
	}
	t->values[r - 1] = value;
	if (w)
		t->wins[r - 1] = *w;
	else
		memset(&t->wins[r - 1], 0, sizeof(t->wins[r - 1]));
}

void result_step_consistency(struct result_step *st, int per_second)
{
	size_t n = 0;
	double *total;

	for (int k = 0; k < RESULT_NDIRS; k++) {
		consistency_compute(st->iops[k].v, per_second ? st->iops[k].n : 0, 60, &st->cons[k]);
		n = st->iops[k].n > n ? st->iops[k].n : n;
	}
	total = xcalloc(n ? n : 1, sizeof(*total));
	for (int k = 0; k < RESULT_NDIRS; k++)
		for (size_t i = 0; i < st->iops[k].n; i++)
			total[i] += st->iops[k].v[i];
	consistency_compute(total, per_second ? n : 0, 60, &st->cons_total);
	free(total);
}

int result_dir_ran(const struct result_step *st, int dir)
{
	const struct result_dirstat *ds = &st->dir_stat[dir];

	return ds->total_ios > 0 || (st->values && (ds->iops > 0 || ds->bw_bytes > 0));
}

int result_step_measured(const struct result_step *st)
{
	return (step_kind_flags(result_step_kind(st)) & STEP_MEASURED) != 0;
}

int result_step_kind(const struct result_step *st)
{
	return st->kind ? vocab_find(step_kind_names, st->kind) : STEP_WORKLOAD;
}

const char *result_dir_name(enum result_dir d)
{
	static const char *const names[RESULT_NDIRS] = { "read", "write", "trim" };

	return (unsigned)d < RESULT_NDIRS ? names[d] : "?";
}

double result_step_iops(const struct result_step *st)
{
	double v = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		v += st->dir_stat[d].iops;
	return v;
}

int result_step_null_engine(const struct result_step *st)
{
	return st->ioengine && !strcmp(st->ioengine, "null");
}

uint64_t result_step_wrote(const struct result_step *st)
{
	return result_step_null_engine(st) ? 0 : st->dir_stat[RESULT_WRITE].io_bytes;
}

double result_replay_mbps(const struct result_step *st)
{
	uint64_t bytes = 0;

	for (int dd = 0; dd < RESULT_NDIRS; dd++)
		bytes += st->dir_stat[dd].io_bytes;
	return st->io_ms ? (double)bytes / ((double)st->io_ms / 1000.0) / 1e6 : NAN;
}

int result_pct_supported(double n, double p)
{
	return n * (100.0 - p) >= 100.0 - 1e-9;
}
