/* SPDX-License-Identifier: MIT */
/*
 * lineup_sat: a lineup column's write-saturation curve (lineup_saturation(), lineup.h):
 * write IOPS against % of the capacity written, from where the column began.
 */
#include <stdlib.h>
#include <string.h>

#include "lineup.h"
#include "xalloc.h"

/* 1 when cell ("op=28 phase=before") binds key to value. */
static int cell_binds(const char *cell, const char *key, const char *value)
{
	size_t kl = strlen(key), vl = strlen(value);

	for (const char *p = cell; p && *p; p += strcspn(p, " "), p += *p == ' ')
		if (!strncmp(p, key, kl) && p[kl] == '=' && !strncmp(p + kl + 1, value, vl) &&
		    (p[kl + 1 + vl] == ' ' || !p[kl + 1 + vl]))
			return 1;
	return 0;
}

/*
 * bytes written before column i began: its first element whose cell
 * binds the lineup's key to the column's value (an OP level's first step); 0 for
 * a column that is a whole archive.
 */
static double column_written0(const struct lineup *l, size_t i)
{
	const struct lineup_member *m = &l->m[i];

	if (!l->by || !m->value)
		return 0;
	for (size_t k = 0; k < m->run->nsteps; k++)
		if (cell_binds(m->run->steps[k].cell, l->by, m->value))
			return (double)m->run->steps[k].written_before;
	return 0;
}

/* Whether element e of column i is part of st's curve: st, or an element of its scope. */
static int in_curve(const struct lineup *l, size_t i, const struct result_step *st,
		    const struct result_step *e)
{
	if (!st->scope)
		return e == st;
	return e->scope && !strcmp(e->scope, st->scope) && e->status && !strcmp(e->status, "ok") &&
	       (!l->by || !l->m[i].value || cell_binds(e->cell, l->by, l->m[i].value));
}

size_t lineup_saturation(const struct lineup *l, size_t k, size_t i, double **pct,
			 double **iops)
{
	const struct result_step *st = l->t[k].step[i];
	const struct result_run *run = l->m[i].run;
	int first = 1;
	double base = 0;
	size_t n = 0;

	*pct = *iops = NULL;
	if (!st)
		return 0;   /* --tests all: a column without the test */
	for (size_t s = 0; s < run->nsteps; s++) {
		const struct result_step *e = &run->steps[s];
		size_t m = e->iops[RESULT_WRITE].n < e->written.n ? e->iops[RESULT_WRITE].n
								  : e->written.n;

		if (!in_curve(l, i, st, e) || !e->capacity || !m)
			continue;
		if (first) {   /* from 0: where the column began, else where the curve does */
			first = 0;
			base = l->by && l->m[i].value ? column_written0(l, i)
						     : (double)e->written_before;
		}
		*pct = xrealloc(*pct, (n + m) * sizeof(**pct));
		*iops = xrealloc(*iops, (n + m) * sizeof(**iops));
		for (size_t j = 0; j < m; j++, n++) {
			(*pct)[n] = 100.0 * (e->written.v[j] - base) / (double)e->capacity;
			(*iops)[n] = e->iops[RESULT_WRITE].v[j];
		}
	}
	return n;
}
