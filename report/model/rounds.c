/* SPDX-License-Identifier: MIT */
/* rounds: a <rounds> scope's window lines, IOPS matrix and end-to-end curves, without cairo. */
#include "rounds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

#define DEFAULT_WINDOW 5     /* SNIA PTS: rounds x-4 .. x */
#define DEFAULT_RANGE 0.20

int rounds_in_scope(const struct result_step *st, const struct result_scope *s)
{
	return st->scope && s->name && !strcmp(st->scope, s->name);
}

static size_t scope_window(const struct result_scope *s)
{
	return s->window > 0 ? (size_t)s->window : DEFAULT_WINDOW;
}

int rounds_window(const struct result_scope *s, const struct result_track *t,
		  struct rounds_window *out)
{
	size_t r = s->steady_round > 0 && (size_t)s->steady_round <= t->n
			   ? (size_t)s->steady_round : t->n;
	double range = s->range > 0 ? s->range : DEFAULT_RANGE;
	struct steady_window w;

	memset(out, 0, sizeof(*out));
	if (r == 0)
		return -1;
	if (t->wins && t->wins[r - 1].first)
		w = t->wins[r - 1];
	else if (steady_test(t->values, r, scope_window(s), range,
			     s->slope > 0 ? s->slope : range / 2, &w) < 0)
		return -1;
	out->w = w;
	out->first = w.first;
	out->last = w.last;
	out->avg = w.avg;
	out->band_lo = w.avg * (1 - range / 2);
	out->band_hi = w.avg * (1 + range / 2);
	out->fit_first = w.slope * (double)w.first + w.intercept;
	out->fit_last = w.slope * (double)w.last + w.intercept;
	out->steady = w.range_ok && w.slope_ok;
	return 0;
}

void rounds_report_rounds(const struct result_run *run, const struct result_scope *s,
			  int *first, int *last)
{
	int rounds = s->rounds;

	for (size_t i = 0; i < run->nsteps; i++)
		if (rounds_in_scope(&run->steps[i], s) && run->steps[i].round > rounds)
			rounds = run->steps[i].round;
	/* SNIA PTS: rounds x-4..x, whether steady state was reached at x or not. */
	*last = s->steady_round > 0 ? s->steady_round : rounds;
	*first = *last - (int)scope_window(s) + 1;
	if (*first < 1)
		*first = 1;
}

/* "mix=65 bs=64k" into two keys and two values; returns 0 or -1. */
static int split_cell(const char *cell, char *key[2], char *val[2])
{
	const char *p = cell;
	int n = 0;

	key[0] = key[1] = val[0] = val[1] = NULL;
	while (p && *p) {
		size_t len = strcspn(p, " \t");
		const char *eq = memchr(p, '=', len);

		if (len && (!eq || n == 2))
			goto bad;
		if (len) {
			key[n] = xstrndup(p, (size_t)(eq - p));
			val[n] = xstrndup(eq + 1, len - (size_t)(eq - p) - 1);
			n++;
		}
		p += len;
		p += strspn(p, " \t");
	}
	if (n == 2)
		return 0;
bad:
	for (int i = 0; i < 2; i++) {
		free(key[i]);
		free(val[i]);
		key[i] = val[i] = NULL;
	}
	return -1;
}

static size_t find_or_add(char ***list, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*list)[i], s))
			return i;
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[*n] = xstrdup(s);
	return (*n)++;
}

static int is_bs_key(const char *k)
{
	return !strcmp(k, "bs") || !strcmp(k, "blocksize") || !strcmp(k, "block");
}

static int is_mix_key(const char *k)
{
	return !strcmp(k, "mix") || !strcmp(k, "rwmix") || !strcmp(k, "rwmixread");
}

/* Sorts the rows by block size, carrying the values along. */
static void sort_rows(struct rounds_matrix *m)
{
	for (size_t i = 1; i < m->nrows; i++)
		for (size_t j = i; j > 0 && m->row_bytes[j - 1] > m->row_bytes[j]; j--) {
			char *s = m->rows[j];
			double b = m->row_bytes[j];

			m->rows[j] = m->rows[j - 1];
			m->rows[j - 1] = s;
			m->row_bytes[j] = m->row_bytes[j - 1];
			m->row_bytes[j - 1] = b;
			for (size_t c = 0; c < m->ncols; c++) {
				double v = m->v[j * m->ncols + c];

				m->v[j * m->ncols + c] = m->v[(j - 1) * m->ncols + c];
				m->v[(j - 1) * m->ncols + c] = v;
			}
		}
}

/* "65" under a mix key reads "65/35" (read/write percent). */
static void label_cols(struct rounds_matrix *m)
{
	for (size_t c = 0; is_mix_key(m->col_key) && c < m->ncols; c++) {
		const char *why;
		long long v;

		if (units_parse_int(m->cols[c], 0, 100, &v, &why) == 0) {
			char *s = xasprintf("%lld/%lld", v, 100 - v);

			free(m->cols[c]);
			m->cols[c] = s;
		}
	}
}

/* The row and column of an element; -1 when its cell is not like the first one's. */
static int place(struct rounds_matrix *m, const struct result_step *st, size_t *row,
		 size_t *col)
{
	char *key[2], *val[2];
	int ri, rc = 0;

	if (!st->cell || split_cell(st->cell, key, val))
		return -1;
	if (!m->row_key) {
		ri = is_bs_key(key[0]) && !is_bs_key(key[1]) ? 0 : 1;
		m->row_key = xstrdup(key[ri]);
		m->col_key = xstrdup(key[1 - ri]);
	}
	ri = !strcmp(key[0], m->row_key) ? 0 : 1;
	if (strcmp(key[ri], m->row_key) || strcmp(key[1 - ri], m->col_key))
		rc = -1;
	if (!rc) {
		size_t nr = m->nrows;
		uint64_t bytes = 0;
		const char *why;

		*row = find_or_add(&m->rows, &m->nrows, val[ri]);
		*col = find_or_add(&m->cols, &m->ncols, val[1 - ri]);
		if (m->nrows > nr) {
			m->row_bytes = xrealloc(m->row_bytes, m->nrows * sizeof(*m->row_bytes));
			if (units_parse_size(val[ri], &bytes, &why))
				bytes = is_bs_key(m->row_key) ? st->bs : 0;
			m->row_bytes[*row] = (double)bytes;
		}
	}
	for (int i = 0; i < 2; i++) {
		free(key[i]);
		free(val[i]);
	}
	return rc;
}

/* An element's value for a matrix cell; NAN when it has none. */
static double step_value(const struct result_step *st, enum rounds_value what)
{
	if (what == ROUNDS_IOPS)
		return result_step_iops(st);
	if (!st->resp.n)
		return NAN;
	return what == ROUNDS_ART ? st->resp.mean_us : st->resp.max_us;
}

int rounds_matrix(const struct result_run *run, const struct result_scope *s,
		  struct rounds_matrix *m)
{
	return rounds_matrix_of(run, s, ROUNDS_IOPS, m);
}

int rounds_matrix_of(const struct result_run *run, const struct result_scope *s,
		     enum rounds_value what, struct rounds_matrix *m)
{
	size_t *row = xcalloc(run->nsteps + 1, sizeof(*row));
	size_t *col = xcalloc(run->nsteps + 1, sizeof(*col));
	double *sum, *cnt;
	int rc = 0, any = 0;

	memset(m, 0, sizeof(*m));
	rounds_report_rounds(run, s, &m->first, &m->last);
	for (size_t i = 0; !rc && i < run->nsteps; i++)
		if (rounds_in_scope(&run->steps[i], s)) {
			rc = place(m, &run->steps[i], &row[i], &col[i]);
			any = 1;
		}
	if (rc || !any) {
		free(row);
		free(col);
		rounds_matrix_release(m);
		return -1;
	}
	sum = xcalloc(m->nrows * m->ncols, sizeof(*sum));
	cnt = xcalloc(m->nrows * m->ncols, sizeof(*cnt));
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		size_t k = row[i] * m->ncols + col[i];
		double v;

		if (!rounds_in_scope(st, s) || st->round < m->first || st->round > m->last ||
		    !st->status || strcmp(st->status, "ok"))
			continue;
		v = step_value(st, what);
		if (isnan(v))
			continue;
		if (what == ROUNDS_MRT)
			sum[k] = cnt[k] > 0 && sum[k] > v ? sum[k] : v;
		else
			sum[k] += v;
		cnt[k]++;
	}
	m->v = xmalloc(m->nrows * m->ncols * sizeof(*m->v));
	for (size_t k = 0; k < m->nrows * m->ncols; k++)
		m->v[k] = cnt[k] > 0 ? (what == ROUNDS_MRT ? sum[k] : sum[k] / cnt[k]) : NAN;
	sort_rows(m);
	label_cols(m);
	free(sum);
	free(cnt);
	free(row);
	free(col);
	return 0;
}

void rounds_matrix_release(struct rounds_matrix *m)
{
	for (size_t i = 0; i < m->nrows; i++)
		free(m->rows[i]);
	for (size_t i = 0; i < m->ncols; i++)
		free(m->cols[i]);
	free(m->rows);
	free(m->cols);
	free(m->row_bytes);
	free(m->v);
	free(m->row_key);
	free(m->col_key);
	memset(m, 0, sizeof(*m));
}

size_t rounds_total_iops(const struct result_step *st, double **t, double **v)
{
	int best = 0;
	size_t n;

	for (int d = 1; d < RESULT_NDIRS; d++)
		if (st->iops[d].n > st->iops[best].n)
			best = d;
	n = st->iops[best].n;
	*t = xmalloc((n + 1) * sizeof(**t));
	*v = xmalloc((n + 1) * sizeof(**v));
	for (size_t i = 0; i < n; i++) {
		(*t)[i] = st->iops[best].t[i];
		(*v)[i] = 0;
		/* Directions logged on the same second add up; fio logs them together. */
		for (int d = 0; d < RESULT_NDIRS; d++)
			if (i < st->iops[d].n && fabs(st->iops[d].t[i] - (*t)[i]) < 0.5)
				(*v)[i] += st->iops[d].v[i];
	}
	return n;
}

static void curve_push(struct rounds_curve *c, double x, double y)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->x = xrealloc(c->x, c->cap * sizeof(*c->x));
		c->y = xrealloc(c->y, c->cap * sizeof(*c->y));
	}
	c->x[c->n] = x;
	c->y[c->n++] = y;
}

void rounds_curve_release(struct rounds_curve *c)
{
	free(c->x);
	free(c->y);
	memset(c, 0, sizeof(*c));
}

/* Bytes written by time t of the element: the written series, interpolated. */
static double written_at(const struct result_step *st, double t)
{
	const struct result_series *w = &st->written;
	size_t lo = 0, hi;

	if (!w->n)
		return (double)st->written_before;
	if (t <= w->t[0])
		return w->t[0] > 0 ? (double)st->written_before +
			(w->v[0] - (double)st->written_before) * t / w->t[0] : w->v[0];
	if (t >= w->t[w->n - 1])
		return w->v[w->n - 1];
	hi = w->n - 1;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (w->t[mid] <= t)
			lo = mid;
		else
			hi = mid;
	}
	return w->v[lo] + (w->v[hi] - w->v[lo]) * (t - w->t[lo]) / (w->t[hi] - w->t[lo]);
}

/* Appends n samples (t, v) of st against the bytes written by each t. */
static void add_written(struct rounds_curve *c, const struct result_step *st,
			const double *t, const double *v, size_t n, uint64_t capacity)
{
	for (size_t i = 0; i < n; i++) {
		double b = written_at(st, t[i]);

		curve_push(c, capacity ? b / (double)capacity * 100 : b / 1e9, v[i]);
	}
}

void rounds_curve_add_written(struct rounds_curve *c, const struct result_step *st,
			      uint64_t capacity)
{
	double *t, *v;
	size_t n = rounds_total_iops(st, &t, &v);

	add_written(c, st, t, v, n, capacity);
	free(t);
	free(v);
}

void rounds_curve_add_written_temp(struct rounds_curve *c, const struct result_step *st,
				   uint64_t capacity)
{
	add_written(c, st, st->temp_c.t, st->temp_c.v, st->temp_c.n, capacity);
}

double rounds_curve_add_time(struct rounds_curve *c, const struct result_step *st,
			     double t0, int temp)
{
	double *t = NULL, *v = NULL, end = t0;
	size_t n = temp ? st->temp_c.n : rounds_total_iops(st, &t, &v);
	const double *tt = temp ? st->temp_c.t : t, *vv = temp ? st->temp_c.v : v;

	for (size_t i = 0; i < n; i++)
		curve_push(c, t0 + tt[i], vv[i]);
	if (n)
		end = t0 + tt[n - 1];
	if (st->runtime_ms && t0 + (double)st->runtime_ms / 1000 > end)
		end = t0 + (double)st->runtime_ms / 1000;
	free(t);
	free(v);
	return end;
}
