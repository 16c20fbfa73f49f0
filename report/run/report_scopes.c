/* SPDX-License-Identifier: MIT */
/*
 * report_scopes: the pages of each <rounds> scope instead of one per element:
 * SNIA steady-state convergence and measurement window, IOPS over % of capacity
 * written, the SNIA IOPS table and IOPS vs block size, or the rounds end to end.
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rounds.h"
#include "stats.h"
#include "vocab.h"
#include "wording.h"
#include "xalloc.h"

/* A scope's name made safe for a file stem: "iops/pts 2" -> "iops-pts-2". */
static char *stem(const struct result_scope *s, const char *what)
{
	char *n = xasprintf("scope-%s-%s", msg_or(s->name, "rounds"), what);

	for (char *p = n; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.'))
			*p = '-';
	return n;
}

/* 1.92 TB, 480 GB, 8.0 GB: decimal, as drives are sold. */
/* A capacity as drives are sold (10^n bytes), in the unit that keeps two digits or
 * more: "1.02 TB", "480 GB", "2.0 GB", "268 MB" (256 MiB, never "0.3 GB"). */
static void fmt_capacity(double bytes, char *buf, size_t n)
{
	static const struct { double size; const char *unit; } units[] = {
		{ 1e12, "TB" }, { 1e9, "GB" }, { 1e6, "MB" },
	};
	size_t u = 0;
	char num[24];

	while (u + 1 < sizeof(units) / sizeof(*units) && bytes < units[u].size)
		u++;
	if (u == 0)
		chart_format_fixed(bytes / 1e12, 2, num, sizeof(num));
	else
		chart_format_fixed(bytes / units[u].size, bytes < 10 * units[u].size ? 1 : 0, num,
				   sizeof(num));
	snprintf(buf, n, "%s %s", num, units[u].unit);
}

/* The scale of a tracked metric to what its axis shows, and the axis title. */
static double metric_scale(const struct report *r, const char *metric,
			   const char **title)
{
	if (metric && !strcmp(metric, "bw")) {
		*title = "MB/s";
		return 1e-6;
	}
	if (metric && (!strncmp(metric, "lat-", 4) || !strncmp(metric, "clat-", 5))) {
		*title = r->msg[metric[0] == 'l' ? M_RESPONSE : M_LATENCY];
		return 1;
	}
	*title = "IOPS";
	return 1;
}

/*
 * "4K 隨機寫入 QD32 T4，總 IOPS": the element in the report's words (its label, else
 * its pattern: one element of a name may run in several sweep cells, but a tracked
 * one is one access pattern), then which direction and what of it is tracked.
 */
char *report__track_label(const struct report *r, const struct result_track *t)
{
	static const struct { const char *dir; enum msg words; } dirs[] = {
		{ "read", M_READ }, { "write", M_WRITE }, { "total", W_DIR_TOTAL },
	};
	const struct result_step *st = NULL;
	struct wording w = report__wording(r);
	const char *what, *dir = msg_or(t->dir, "");
	struct sbuf sb;

	metric_scale(r, t->metric, &what);
	for (size_t i = 0; t->element && i < r->run->nsteps && !st; i++)
		if (r->run->steps[i].name && !strcmp(r->run->steps[i].name, t->element))
			st = &r->run->steps[i];
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++)
		if (!strcmp(dir, dirs[i].dir))
			dir = r->msg[dirs[i].words];
	sbuf_init(&sb);
	if (st && result_labels_get(&st->labels, w.lang))
		sbuf_adds(&sb, result_labels_get(&st->labels, w.lang));
	else if (st)
		wording_pattern(st, &w, &sb);
	else
		sbuf_adds(&sb, msg_or(t->element, "?"));
	sbuf_addf(&sb, "%s%s%s%s", wording_sep(&w), dir, *dir ? " " : "", what);
	return sbuf_detach(&sb);
}

/* "NAME  /  what" with the scope's display name. */
char *report__scope_sub(const struct report *r, const struct result_scope *s, const char *what)
{
	char *name = report__scope_name(r, s), *sub = xasprintf("%s  /  %s", name, what);

	free(name);
	return sub;
}

/* "Steady state reached at round 7" or "not reached in 25 rounds". */
static char *verdict(const struct report *r, const struct result_scope *s)
{
	char n[16];
	const char *v = n;

	snprintf(n, sizeof(n), "%d", s->steady_round > 0 ? s->steady_round : s->rounds);
	return msg_subst(r->msg[s->steady_round > 0 ? M_STEADY_AT : M_NOT_REACHED],
			     &v, 1);
}

static int is_steady_scope(const struct result_scope *s)
{
	return vocab_find(scope_until_names, s->until) == UNTIL_STEADY;
}

/* Each tracking variable per round, one line each, the verdict underneath. */
static void convergence_chart(struct report *r, const struct result_scope *s)
{
	char *v = verdict(r, s), *sub = report__scope_sub(r, s, v);
	struct chart *c = chart_new(CHART_SWEEP, r->msg[M_CONVERGENCE], sub);
	const char *ytitle = "IOPS";

	for (size_t k = 0; k < s->ntracks; k++) {
		const struct result_track *t = &s->tracks[k];
		double sc = metric_scale(r, t->metric, &ytitle);
		double *x = xmalloc((t->n + 1) * sizeof(*x)), *y = xmalloc((t->n + 1) * sizeof(*y));
		char *label = report__track_label(r, t);
		size_t n = 0;

		for (size_t i = 0; i < t->n; i++)
			if (isfinite(t->values[i])) {
				x[n] = (double)(i + 1);
				y[n++] = t->values[i] * sc;
			}
		if (n)
			chart_series_add(c, label, chart_palette(c->nseries), x, y, n);
		free(label);
		free(x);
		free(y);
	}
	chart_set_axis_titles(c, r->msg[M_ROUND], s->ntracks ? ytitle : "");
	chart_set_x_min_step(c, 1);
	if (!c->nseries)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	report__add_chart(r, stem(s, "convergence"), c, NULL);
	free(sub);
	free(v);
}

/* A horizontal or sloped reference line from round x0 to x1. */
static void add_ref(struct chart *c, const char *label, uint32_t color, double x0,
		    double x1, double y0, double y1, enum chart_stroke stroke)
{
	double x[2] = { x0, x1 }, y[2] = { y0, y1 };

	chart_series_add(c, label, color, x, y, 2);
	chart_series_stroke(c, c->nseries - 1, stroke);
}

/* "data excursion 3.1k (max 8.2k), slope excursion ..." with the metric's scale. */
static char *excursions(const struct report *r, const struct steady_window *w,
			double sc)
{
	char v[4][32];
	const char *vp[4] = { v[0], v[1], v[2], v[3] };

	chart_format_si(w->data_excursion * sc, 0, v[0], sizeof(v[0]));
	chart_format_si(w->max_data_excursion * sc, 0, v[1], sizeof(v[1]));
	chart_format_si(w->slope_excursion * sc, 0, v[2], sizeof(v[2]));
	chart_format_si(w->max_slope_excursion * sc, 0, v[3], sizeof(v[3]));
	return msg_subst(r->msg[M_EXCURSIONS], vp, 4);
}

/*
 * The SNIA measurement window of one tracking variable: its values over the
 * window's rounds, the average, the ±range/2 band and the least-squares line.
 */
static void window_chart(struct report *r, const struct result_scope *s, size_t k)
{
	const struct result_track *t = &s->tracks[k];
	struct rounds_window w;
	const char *ytitle;
	double sc = metric_scale(r, t->metric, &ytitle), x[64], y[64];
	char *label, *v, *ex, *sub, *band, pct[16], *what;
	const char *pp = pct;
	struct chart *c;
	size_t n = 0;

	if (rounds_window(s, t, &w))
		return;
	for (size_t i = w.first; i <= w.last && i <= t->n && n < 64; i++)
		if (isfinite(t->values[i - 1])) {
			x[n] = (double)i;
			y[n++] = t->values[i - 1] * sc;
		}
	label = report__track_label(r, t);
	v = verdict(r, s);
	ex = excursions(r, &w.w, sc);
	sub = xasprintf("%s  /  %s  /  %s", label, v, ex);
	snprintf(pct, sizeof(pct), "%g %%", (w.band_hi / w.avg - 1) * 100);
	band = msg_subst(r->msg[M_BAND], &pp, 1);
	c = chart_new(CHART_SWEEP, r->msg[M_WINDOW], sub);
	chart_set_axis_titles(c, r->msg[M_ROUND], ytitle);
	chart_set_x_min_step(c, 1);
	chart_series_add(c, label, chart_palette(0), x, y, n);
	add_ref(c, r->msg[M_AVERAGE], CHART_COLOR_TEXT, (double)w.first, (double)w.last,
		w.avg * sc, w.avg * sc, CHART_STROKE_DASHED);
	add_ref(c, band, CHART_COLOR_MUTED, (double)w.first, (double)w.last,
		w.band_hi * sc, w.band_hi * sc, CHART_STROKE_DOTTED);
	add_ref(c, band, CHART_COLOR_MUTED, (double)w.first, (double)w.last,
		w.band_lo * sc, w.band_lo * sc, CHART_STROKE_DOTTED);
	add_ref(c, r->msg[M_FIT], CHART_COLOR_TEMP, (double)w.first, (double)w.last,
		w.fit_first * sc, w.fit_last * sc, CHART_STROKE_PLAIN);
	what = xasprintf("window-%zu", k + 1);
	report__add_chart(r, stem(s, what), c, NULL);
	free(what);
	free(band);
	free(sub);
	free(ex);
	free(v);
	free(label);
}

/* The finished elements of scope s, in the order they ran; free() the array. */
static const struct result_step **scope_elements(const struct report *r,
						 const struct result_scope *s, size_t *n)
{
	/* An array of pointers: sizeof(*p) is the pointer size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	const struct result_step **els = xmalloc((r->run->nsteps + 1) * sizeof(*els));

	*n = 0;
	for (size_t i = 0; i < r->run->nsteps; i++)
		if (rounds_in_scope(&r->run->steps[i], s) && report__is_ok(&r->run->steps[i]))
			els[(*n)++] = &r->run->steps[i];
	return els;
}

void report__written_chart(struct report *r, char *name, const char *title,
			   const char *sub, const struct result_step *const *els, size_t n)
{
	uint64_t cap = n && els[0]->capacity ? els[0]->capacity : r->run->capacity;
	struct rounds_curve iops = { 0 }, temp = { 0 };
	struct chart *c = chart_new(CHART_LINE, title, sub);
	char size[32], *xtitle;
	const char *sp = size;

	for (size_t i = 0; i < n; i++) {
		rounds_curve_add_written(&iops, els[i], cap);
		rounds_curve_add_written_temp(&temp, els[i], cap);
	}
	fmt_capacity((double)cap, size, sizeof(size));
	xtitle = cap ? msg_subst(r->msg[M_PCT_WRITTEN], &sp, 1)
		     : xstrdup(r->msg[M_GB_WRITTEN]);
	chart_set_axis_titles(c, xtitle, "IOPS");
	if (iops.n)
		chart_series_add(c, "IOPS", chart_palette(0), iops.x, iops.y, iops.n);
	else
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	report__add_temp(r, c, temp.x, temp.y, temp.n);
	report__add_chart(r, name, c, NULL);
	rounds_curve_release(&iops);
	rounds_curve_release(&temp);
	free(xtitle);
}

/* The scope's per-second IOPS, rounds end to end, over time (scatter: dispersion). */
static void time_chart(struct report *r, const struct result_scope *s,
		       const struct result_step *const *els, size_t n, int scatter)
{
	struct rounds_curve iops = { 0 }, temp = { 0 };
	double t0 = 0, div;
	const char *xtitle;
	struct chart *c;
	char *name;

	for (size_t i = 0; i < n; i++) {
		rounds_curve_add_time(&temp, els[i], t0, 1);
		t0 = rounds_curve_add_time(&iops, els[i], t0, 0);
	}
	report__time_unit(r, t0, &div, &xtitle);
	for (size_t i = 0; i < iops.n; i++)
		iops.x[i] /= div;
	for (size_t i = 0; i < temp.n; i++)
		temp.x[i] /= div;
	name = report__scope_name(r, s);
	c = chart_new(scatter ? CHART_SCATTER : CHART_LINE,
		      scatter ? r->msg[M_DISPERSION] : name, r->msg[M_SCOPE_TIME]);
	chart_set_axis_titles(c, xtitle, "IOPS");
	if (iops.n)
		chart_series_add(c, name, chart_palette(0), iops.x, iops.y, iops.n);
	else
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	free(name);
	if (!scatter)
		report__add_temp(r, c, temp.x, temp.y, temp.n);
	report__add_chart(r, stem(s, scatter ? "dispersion" : "time"), c, NULL);
	rounds_curve_release(&iops);
	rounds_curve_release(&temp);
}

/* The SNIA IOPS table: block sizes down, R/W mixes across. */
static void matrix_table(struct report *r, const struct result_scope *s,
			 const struct rounds_matrix *m)
{
	const char **head = xcalloc(m->ncols + 2, sizeof(*head));
	const char **row = xcalloc(m->ncols + 2, sizeof(*row));
	char **cells = xcalloc(m->ncols + 1, sizeof(*cells)), a[16], b[16], *sub, *which;
	const char *ab[2] = { a, b };
	struct table *t;

	snprintf(a, sizeof(a), "%d", m->first);
	snprintf(b, sizeof(b), "%d", m->last);
	which = msg_subst(r->msg[s->steady_round > 0 ? M_MATRIX_SUB : M_MATRIX_LAST],
			      ab, 2);
	sub = report__scope_sub(r, s, which);
	head[0] = r->msg[M_BS];
	for (size_t c = 0; c < m->ncols; c++)
		head[c + 1] = m->cols[c];
	t = table_new(r->msg[M_MATRIX], sub, m->ncols + 1, head);
	for (size_t i = 0; i < m->nrows; i++) {
		row[0] = m->rows[i];
		for (size_t c = 0; c < m->ncols; c++) {
			char buf[48];
			double v = m->v[i * m->ncols + c];

			chart_format_grouped(v, 0, buf, sizeof(buf));
			cells[c] = xstrdup(isfinite(v) ? buf : "–");
			row[c + 1] = cells[c];
		}
		table_add_row(t, row, NULL);
		for (size_t c = 0; c < m->ncols; c++)
			free(cells[c]);
	}
	report__add_chart(r, stem(s, "iops-table"), NULL, t);
	free(which);
	free(sub);
	free(cells);
	free(row);
	free(head);
}

/*
 * One series per R/W mix (matrix column) of c: x the block size in bytes (a 2D
 * plot, positive values only, for its log axes) or the row's index (3D columns).
 */
void report__mix_series(struct chart *c, const struct rounds_matrix *m, int by_index)
{
	double *x = xmalloc((m->nrows + 1) * sizeof(*x)), *y = xmalloc((m->nrows + 1) * sizeof(*y));

	for (size_t col = 0; col < m->ncols; col++) {
		size_t n = 0;

		for (size_t i = 0; i < m->nrows; i++) {
			double v = m->v[i * m->ncols + col];

			if (isfinite(v) && (by_index || v > 0)) {
				x[n] = by_index ? (double)i : m->row_bytes[i];
				y[n++] = v;
			}
		}
		if (n)
			chart_series_add(c, m->cols[col], chart_palette(col), x, y, n);
	}
	free(x);
	free(y);
}

/* SNIA's 2D plot: IOPS against block size, one line per R/W mix. */
static void iops_bs_chart(struct report *r, const struct result_scope *s,
			  const struct rounds_matrix *m)
{
	char *sub = report__scope_sub(r, s, r->msg[M_IOPS_BS_SUB]);
	struct chart *c = chart_new(CHART_SWEEP, r->msg[M_IOPS_BS], sub);

	chart_set_axis_titles(c, r->msg[M_BS], "IOPS");
	chart_set_scales(c, CHART_LOG2, CHART_LOG10);
	chart_set_units(c, CHART_UNIT_IEC, CHART_UNIT_SI);
	report__mix_series(c, m, 0);
	report__add_chart(r, stem(s, "iops-bs"), c, NULL);
	free(sub);
}

/* SNIA's 3D columns plot: block sizes along, one row of columns per R/W mix. */
static void iops_3d_chart(struct report *r, const struct result_scope *s,
			  const struct rounds_matrix *m)
{
	char *sub = report__scope_sub(r, s, r->msg[M_IOPS_3D_SUB]);
	struct chart *c = chart_new(CHART_BAR3D, r->msg[M_IOPS_3D], sub);

	chart_set_axis_titles(c, r->msg[M_BS], "IOPS");
	chart_set_categories(c, (const char *const *)m->rows, m->nrows);
	report__mix_series(c, m, 1);
	report__add_chart(r, stem(s, "iops-3d"), c, NULL);
	free(sub);
}

/* The table, the 2D plot and the 3D columns when the scope's elements form a matrix. */
static int matrix_pages(struct report *r, const struct result_scope *s)
{
	struct rounds_matrix m;
	int sizes = 1;

	if (rounds_matrix(r->run, s, &m)) {
		rounds_matrix_release(&m);
		return 0;
	}
	matrix_table(r, s, &m);
	for (size_t i = 0; i < m.nrows; i++)
		sizes &= m.row_bytes[i] > 0;
	if (sizes && m.nrows >= 2)
		iops_bs_chart(r, s, &m);
	if (m.nrows * m.ncols >= 2)
		iops_3d_chart(r, s, &m);
	rounds_matrix_release(&m);
	return 1;
}

/* A value as the passes table prints it: one decimal under 100, "–" for none. */
static char *pass_value(double v)
{
	char buf[48];

	if (!isfinite(v))
		return xstrdup("–");
	chart_format_grouped(v, v < 100 ? 1 : 0, buf, sizeof(buf));
	return xstrdup(buf);
}

/* "mean ± half-width" of v[0..n) (the half-width left out below two values). */
static char *mean_ci(const double *v, size_t n)
{
	struct stats st;
	char *m, *c, *out;

	stats_of(v, n, &st);
	m = pass_value(st.mean);
	if (st.n < 2 || !isfinite(st.ci95))
		return m;
	c = pass_value(st.ci95);
	out = xasprintf("%s ± %s", m, c);
	free(m);
	free(c);
	return out;
}

/* The rates and mean latency of element e, as the lineup takes them: IOPS and MB/s
 * over every direction, the completion latency's mean (NAN when not measured). */
static void pass_rates(const struct result_step *e, double v[3])
{
	double iops = result_step_iops(e), bw = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		bw += e->dir_stat[d].bw_bytes;
	v[0] = iops > 0 ? iops : NAN;
	v[1] = bw > 0 ? bw / 1e6 : NAN;
	v[2] = e->clat_mean_us > 0 ? e->clat_mean_us : NAN;
}

/*
 * until="passes": a row per test of the scope (a step and its cell), each rate's and
 * the mean latency's mean ± 95 % interval over the passes (Student t), the IOPS'
 * coefficient of variation and each pass's IOPS (docs/passes.md).
 */
static void passes_table(struct report *r, const struct result_scope *s,
			 const struct result_step *const *els, size_t n)
{
	size_t np = (size_t)(s->rounds > 0 ? s->rounds : 1), nc = 5 + np;
	const char **head = xcalloc(nc, sizeof(*head));
	char **cell = xcalloc(nc, sizeof(*cell)), **pk = xcalloc(np, sizeof(*pk));
	double *v = xcalloc(3 * np + 3, sizeof(*v));
	char *name = report__scope_name(r, s);
	char *title = msg_colon(r->msg, name, r->msg[S_PASSES]);
	struct table *t;

	head[0] = r->msg[S_TEST];
	head[1] = "IOPS";
	head[2] = "MB/s";
	head[3] = r->msg[M_MEAN];
	head[4] = r->msg[S_CV];
	for (size_t p = 0; p < np; p++) {
		char k[24];

		snprintf(k, sizeof(k), "%zu", p + 1);
		head[5 + p] = pk[p] = msg_subst(r->msg[S_PASS_K], (const char *const[]){ k }, 1);
	}
	t = table_new(title, r->msg[M_PASSES_SUB], nc, head);
	table_set_keep(t, 2);   /* the test and its IOPS in each part */
	for (size_t i = 0; i < n; i++) {
		const struct result_step *e = els[i];
		size_t got = 0;
		struct stats st;
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(els[j]->name, e->name) &&
			       !strcmp(els[j]->cell ? els[j]->cell : "", e->cell ? e->cell : "");
		if (seen)
			continue;
		for (size_t p = 0; p < 3 * np; p++)
			v[p] = NAN;
		for (size_t j = i; j < n; j++)   /* this test's passes, by round */
			if (!strcmp(els[j]->name, e->name) && els[j]->round >= 1 &&
			    (size_t)els[j]->round <= np &&
			    !strcmp(els[j]->cell ? els[j]->cell : "", e->cell ? e->cell : "")) {
				double one[3];

				pass_rates(els[j], one);
				for (int k = 0; k < 3; k++)
					v[k * np + (size_t)els[j]->round - 1] = one[k];
				got++;
			}
		stats_of(v, np, &st);
		cell[0] = report__step_name(r, e);
		for (int k = 0; k < 3; k++)
			cell[1 + k] = mean_ci(v + (size_t)k * np, np);
		cell[4] = isfinite(st.cv) ? xasprintf("%.1f", st.cv * 100) : xstrdup("–");
		for (size_t p = 0; p < np; p++)
			cell[5 + p] = pass_value(v[p]);
		if (got)
			table_add_row(t, (const char *const *)cell, NULL);
		for (size_t c = 0; c < nc; c++)
			free(cell[c]);
	}
	if (t->nrows)
		report__add_chart(r, stem(s, "passes"), NULL, t);
	else
		table_free(t);
	for (size_t p = 0; p < np; p++)
		free(pk[p]);
	free(pk);
	free(v);
	free(cell);
	free(head);
	free(title);
	free(name);
}

static void scope_pages(struct report *r, const struct result_scope *s)
{
	enum chart_hint hint = chart_hint_of(s->chart);
	int steady = is_steady_scope(s), any = 0;
	size_t n;
	const struct result_step **els;

	if (hint == HINT_NONE)
		return;
	els = scope_elements(r, s, &n);
	if (vocab_find(scope_until_names, s->until) == UNTIL_PASSES)
		passes_table(r, s, els, n);
	if (steady) {
		report__scope_steady(r, s);
		any = 1;
	}
	if (vocab_find(scope_until_names, s->until) == UNTIL_WRITTEN || hint == HINT_WRITTEN) {
		char *sub = report__scope_sub(r, s, r->msg[M_WRITTEN_SUB]);

		report__written_chart(r, stem(s, "written"), r->msg[M_WRITTEN_TITLE], sub,
				      els, n);
		free(sub);
		any = 1;
	}
	any |= matrix_pages(r, s);
	if (hint == HINT_DISPERSION)
		time_chart(r, s, els, n, 1);
	else if (!any || hint == HINT_TIME)
		time_chart(r, s, els, n, 0);
	free(els);
}

/* LAT/TP: what report/run/snia_lat.c reuses of a scope's pages. */
char *report__scope_stem(const struct result_scope *s, const char *what)
{
	return stem(s, what);
}

void report__scope_steady(struct report *r, const struct result_scope *s)
{
	convergence_chart(r, s);
	for (size_t k = 0; k < s->ntracks; k++)
		window_chart(r, s, k);
}

void report__build_scopes(struct report *r)
{
	for (size_t i = 0; i < r->run->nscopes; i++)
		scope_pages(r, &r->run->scopes[i]);
}
