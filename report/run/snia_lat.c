/* SPDX-License-Identifier: MIT */
/*
 * snia_lat: the SNIA PTS latency and throughput tests' report pages (LAT/TP),
 * above report_scopes.c (whose steady-state pages and matrix series they reuse).
 * LAT: per <rounds> scope swept over block size x R/W mix, the average (ART) and
 * maximum (MRT) response time tables, their 2D plots (against block size, a line
 * per mix) and 3D columns. TP: the MB/s table per block size and direction and
 * its 2D plot, over every scope's measurement window.
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rounds.h"
#include "units.h"
#include "vocab.h"
#include "xalloc.h"

/* Response times from this many µs up read in ms. */
#define LAT_MS_FROM_US 1000.0

static int scope_drawn(const struct result_scope *s)
{
	return chart_hint_of(s->chart) != HINT_NONE;
}

static int scope_steady(const struct result_scope *s)
{
	return vocab_find(scope_until_names, s->until) == UNTIL_STEADY;
}

/*
 * The unit a response-time matrix reads in: ms when its largest cell is 1 ms or
 * more (3 decimals), else µs (1 decimal). Returns the scale from µs.
 */
static double lat_unit(const struct rounds_matrix *m, const char **unit, int *decimals)
{
	double max = 0;

	for (size_t k = 0; k < m->nrows * m->ncols; k++)
		if (isfinite(m->v[k]) && m->v[k] > max)
			max = m->v[k];
	if (max >= LAT_MS_FROM_US) {
		*unit = "ms";
		*decimals = 3;
		return 1e-3;
	}
	*unit = "µs";
	*decimals = 1;
	return 1;
}

/* "Average response time (ART)" and its subtitle: the rounds, the unit. */
static char *lat_sub(const struct report *r, const struct result_scope *s,
		     const struct rounds_matrix *m, int mrt, const char *unit)
{
	char a[16], b[16], *which, *sub;
	const char *v[3] = { a, b, unit };

	snprintf(a, sizeof(a), "%d", m->first);
	snprintf(b, sizeof(b), "%d", m->last);
	which = msg_subst(r->msg[mrt ? M_LAT_MRT_SUB : M_LAT_ART_SUB], v, 3);
	if (s->steady_round > 0)
		sub = report__scope_sub(r, s, which);
	else
		{
			char *both = xasprintf("%s  /  %s", which, r->msg[M_LAT_NOT_STEADY]);

			sub = report__scope_sub(r, s, both);
			free(both);
		}
	free(which);
	return sub;
}

/* The ART or MRT table: block sizes down, R/W mixes across, in unit. */
static void lat_table(struct report *r, const struct result_scope *s,
		      const struct rounds_matrix *m, int mrt)
{
	const char **head = xcalloc(m->ncols + 2, sizeof(*head));
	const char **row = xcalloc(m->ncols + 2, sizeof(*row));
	char **cells = xcalloc(m->ncols + 1, sizeof(*cells)), *sub;
	const char *unit;
	int dec;
	double sc = lat_unit(m, &unit, &dec);
	struct table *t;

	sub = lat_sub(r, s, m, mrt, unit);
	head[0] = r->msg[M_BS];
	for (size_t c = 0; c < m->ncols; c++)
		head[c + 1] = m->cols[c];
	t = table_new(r->msg[mrt ? M_LAT_MRT : M_LAT_ART], sub, m->ncols + 1, head);
	for (size_t i = 0; i < m->nrows; i++) {
		row[0] = m->rows[i];
		for (size_t c = 0; c < m->ncols; c++) {
			char buf[48];
			double v = m->v[i * m->ncols + c];

			chart_format_grouped(v * sc, dec, buf, sizeof(buf));
			cells[c] = xstrdup(isfinite(v) ? buf : "–");
			row[c + 1] = cells[c];
		}
		table_add_row(t, row, NULL);
		for (size_t c = 0; c < m->ncols; c++)
			free(cells[c]);
	}
	report__add_chart(r, report__scope_stem(s, mrt ? "lat-mrt" : "lat-art"), NULL, t);
	free(sub);
	free(cells);
	free(row);
	free(head);
}

/* A copy of m with its cells in the table's unit. */
static struct rounds_matrix scaled(const struct rounds_matrix *m, double sc)
{
	struct rounds_matrix o = *m;

	o.v = xmalloc((m->nrows * m->ncols + 1) * sizeof(*o.v));
	for (size_t k = 0; k < m->nrows * m->ncols; k++)
		o.v[k] = m->v[k] * sc;
	return o;
}

/* The 2D plot (against block size, log axes) or the 3D columns of ART or MRT. */
static void lat_chart(struct report *r, const struct result_scope *s,
		      const struct rounds_matrix *m, int mrt, int bar3d)
{
	const char *unit, *what = r->msg[mrt ? M_LAT_MRT : M_LAT_ART];
	int dec;
	double sc = lat_unit(m, &unit, &dec);
	struct rounds_matrix v = scaled(m, sc);
	char *title = msg_subst(r->msg[bar3d ? M_LAT_3D : M_LAT_BS], &what, 1);
	char *ytitle = msg_subst(r->msg[mrt ? M_LAT_MRT_AXIS : M_LAT_ART_AXIS], &unit, 1);
	char *sub = report__scope_sub(r, s, r->msg[bar3d ? M_IOPS_3D_SUB : M_IOPS_BS_SUB]);
	struct chart *c = chart_new(bar3d ? CHART_BAR3D : CHART_SWEEP, title, sub);
	char name[16];

	chart_set_axis_titles(c, r->msg[M_BS], ytitle);
	if (bar3d) {
		chart_set_categories(c, (const char *const *)m->rows, m->nrows);
	} else {
		chart_set_scales(c, CHART_LOG2, CHART_LOG10);
		chart_set_units(c, CHART_UNIT_IEC, CHART_UNIT_SI);
	}
	report__mix_series(c, &v, bar3d);
	snprintf(name, sizeof(name), "lat-%s-%s", mrt ? "mrt" : "art", bar3d ? "3d" : "bs");
	report__add_chart(r, report__scope_stem(s, name), c, NULL);
	free(v.v);
	free(sub);
	free(ytitle);
	free(title);
}

/* The LAT pages of one scope: tables first, then the 2D plots, then the 3D. */
static void lat_scope(struct report *r, const struct result_scope *s)
{
	struct rounds_matrix m[2];
	int sizes = 1;

	if (rounds_matrix_of(r->run, s, ROUNDS_ART, &m[0])) {
		rounds_matrix_release(&m[0]);
		return;
	}
	if (rounds_matrix_of(r->run, s, ROUNDS_MRT, &m[1])) {
		rounds_matrix_release(&m[0]);
		rounds_matrix_release(&m[1]);
		return;
	}
	if (scope_steady(s))
		report__scope_steady(r, s);
	for (int k = 0; k < 2; k++)
		lat_table(r, s, &m[k], k);
	for (size_t i = 0; i < m[0].nrows; i++)
		sizes &= m[0].row_bytes[i] > 0;
	for (int k = 0; sizes && m[0].nrows >= 2 && k < 2; k++)
		lat_chart(r, s, &m[k], k, 0);
	for (int k = 0; m[0].nrows * m[0].ncols >= 2 && k < 2; k++)
		lat_chart(r, s, &m[k], k, 1);
	rounds_matrix_release(&m[0]);
	rounds_matrix_release(&m[1]);
}

void report__build_snia_lat(struct report *r)
{
	for (size_t i = 0; i < r->run->nscopes; i++)
		if (scope_drawn(&r->run->scopes[i]))
			lat_scope(r, &r->run->scopes[i]);
}

/* The TP table's rows: one per block size, read and write MB/s (window means). */
struct tp_row {
	uint64_t bs;
	double sum[2], cnt[2];
	int first, last;    /* the window of the first scope that gave the row */
};

struct tp_rows {
	struct tp_row *v;
	size_t n;
};

static struct tp_row *tp_row(struct tp_rows *rows, uint64_t bs, int first, int last)
{
	size_t i = 0;

	while (i < rows->n && rows->v[i].bs < bs)
		i++;
	if (i < rows->n && rows->v[i].bs == bs)
		return &rows->v[i];
	rows->v = xrealloc(rows->v, (rows->n + 1) * sizeof(*rows->v));
	memmove(&rows->v[i + 1], &rows->v[i], (rows->n - i) * sizeof(*rows->v));
	memset(&rows->v[i], 0, sizeof(*rows->v));
	rows->v[i].bs = bs;
	rows->v[i].first = first;
	rows->v[i].last = last;
	rows->n++;
	return &rows->v[i];
}

/* Adds scope s's window elements to rows; returns whether it had any. */
static int tp_scope(const struct result_run *run, const struct result_scope *s,
		    struct tp_rows *rows)
{
	int first, last, any = 0;

	rounds_report_rounds(run, s, &first, &last);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		struct tp_row *row;

		if (!rounds_in_scope(st, s) || st->round < first || st->round > last ||
		    !report__is_ok(st) || !st->bs)
			continue;
		row = tp_row(rows, st->bs, first, last);
		for (int d = RESULT_READ; d <= RESULT_WRITE; d++)
			if (st->dir_stat[d].total_ios > 0) {
				row->sum[d] += st->dir_stat[d].bw_bytes / 1e6;
				row->cnt[d]++;
				any = 1;
			}
	}
	return any;
}

static double tp_mbs(const struct tp_row *row, int d)
{
	return row->cnt[d] > 0 ? row->sum[d] / row->cnt[d] : NAN;
}

static void tp_table(struct report *r, const struct tp_rows *rows)
{
	const char *head[4] = { r->msg[M_BS], r->msg[M_READ], r->msg[M_WRITE],
				r->msg[M_TP_ROUNDS] };
	struct table *t = table_new(r->msg[M_TP_TABLE], r->msg[M_TP_SUB], 4, head);

	for (size_t i = 0; i < rows->n; i++) {
		char bs[32], v[2][48], rounds[48];
		const char *row[4] = { bs, v[0], v[1], rounds };

		units_format_size(rows->v[i].bs, bs, sizeof(bs));
		for (int d = 0; d < 2; d++) {
			double mb = tp_mbs(&rows->v[i], d);

			if (isfinite(mb))
				chart_format_grouped(mb, 1, v[d], sizeof(v[d]));
			else
				snprintf(v[d], sizeof(v[d]), "–");
		}
		snprintf(rounds, sizeof(rounds), "%d–%d", rows->v[i].first, rows->v[i].last);
		table_add_row(t, row, NULL);
	}
	report__add_chart(r, xstrdup("snia-tp-table"), NULL, t);
}

/* MB/s against block size, a line per direction. */
static void tp_chart(struct report *r, const struct tp_rows *rows)
{
	static const enum msg dir_msg[2] = { M_READ, M_WRITE };
	struct chart *c = chart_new(CHART_SWEEP, r->msg[M_TP_BS], r->msg[M_TP_BS_SUB]);
	double *x = xmalloc((rows->n + 1) * sizeof(*x)), *y = xmalloc((rows->n + 1) * sizeof(*y));

	chart_set_axis_titles(c, r->msg[M_BS], "MB/s");
	chart_set_scales(c, CHART_LOG2, CHART_LINEAR);
	chart_set_units(c, CHART_UNIT_IEC, CHART_UNIT_SI);
	for (int d = 0; d < 2; d++) {
		size_t n = 0;

		for (size_t i = 0; i < rows->n; i++)
			if (isfinite(tp_mbs(&rows->v[i], d))) {
				x[n] = (double)rows->v[i].bs;
				y[n++] = tp_mbs(&rows->v[i], d);
			}
		if (n)
			chart_series_add(c, r->msg[dir_msg[d]], r->tmpl->dir_color[d], x, y, n);
	}
	free(x);
	free(y);
	report__add_chart(r, xstrdup("snia-tp-bs"), c, NULL);
}

void report__build_snia_tp(struct report *r)
{
	struct tp_rows rows = { 0 };

	for (size_t i = 0; i < r->run->nscopes; i++) {
		const struct result_scope *s = &r->run->scopes[i];

		if (scope_drawn(s) && tp_scope(r->run, s, &rows) && scope_steady(s))
			report__scope_steady(r, s);
	}
	if (rows.n) {
		tp_table(r, &rows);
		tp_chart(r, &rows);
	}
	free(rows.v);
}
