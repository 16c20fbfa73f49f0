/* SPDX-License-Identifier: MIT */
/* result: lifecycle of the results model. */
#include "result.h"

#include <stdlib.h>
#include <string.h>

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

void result_step_release(struct result_step *st)
{
	free(st->name);
	free(st->dir);
	free(st->status);
	free(st->error);
	free(st->rw);
	free(st->started);
	free(st->ended);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		result_series_release(&st->iops[d]);
		result_series_release(&st->bw[d]);
		result_series_release(&st->clat_us[d]);
	}
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
		&r->drive_model, &r->drive_firmware,
	};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		free(*strs[i]);
	for (size_t i = 0; i < r->nsteps; i++)
		result_step_release(&r->steps[i]);
	free(r->steps);
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

const char *result_dir_name(enum result_dir d)
{
	static const char *const names[RESULT_NDIRS] = { "read", "write", "trim" };

	return (unsigned)d < RESULT_NDIRS ? names[d] : "?";
}
