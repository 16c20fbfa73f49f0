/* SPDX-License-Identifier: MIT */
/* pagesplit: cuts bar charts and tables taller than a page into parts that fit. */
#include "pagesplit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "sbuf.h"
#include "xalloc.h"

/* Bars [first, first + n) of c as a chart of their own, titled title. */
static struct chart *bars_part(const struct chart *c, size_t first, size_t n,
			       const char *title)
{
	struct chart *p = chart_new(c->kind, title, c->subtitle);
	double max = 0;

	chart_set_axis_titles(p, c->x.title, c->y.title);
	chart_set_footer(p, c->footer);
	chart_set_scales(p, c->x.scale, c->y.scale);
	chart_set_units(p, c->x.unit, c->y.unit);
	for (size_t i = 0; i < c->nlegend; i++) {
		chart_add_legend(p, c->legend[i].label, c->legend[i].color);
		p->legend[i].emph = c->legend[i].emph;
	}
	for (size_t i = 0; i < c->nbars; i++)
		max = fmax(max, c->bars[i].value + c->bars[i].err);
	chart_set_bars_max(p, max);
	for (size_t i = first; i < first + n && i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];

		if (b->group)
			chart_add_group_bar(p, b->group, b->label, b->value, b->value_text,
					    b->color);
		else
			chart_add_bar(p, b->label, b->note, b->value, b->value_text, b->color);
		if (b->emph)
			chart_bar_emph(p, p->nbars - 1);
		chart_bar_err(p, p->nbars - 1, b->err);
	}
	return p;
}

/* Rows [first, first + n) of t as a table of its own, titled title. */
static struct table *rows_part(const struct table *t, size_t first, size_t n,
			       const char *title)
{
	struct table *p = table_new(title, t->subtitle, t->ncols,
				    (const char *const *)t->head);
	const char **texts = xcalloc(t->ncols + 1, sizeof(*texts));
	uint32_t *fills = xcalloc(t->ncols + 1, sizeof(*fills));

	memcpy(p->tile, t->tile, t->ncols);
	for (size_t r = first; r < first + n && r < t->nrows; r++) {
		for (size_t k = 0; k < t->ncols; k++) {
			texts[k] = t->cells[r * t->ncols + k].text;
			fills[k] = t->cells[r * t->ncols + k].fill;
		}
		table_add_row(p, texts, fills);
	}
	table_set_footer(p, t->footer);
	free(texts);
	free(fills);
	return p;
}

/* The part of n rows from first, laid out; its height, or INFINITY when it cannot be. */
static double part_new(const struct chart *c, const struct table *t, size_t first,
		       size_t n, double w, const struct chart_measure *m,
		       struct pagesplit_part *out)
{
	*out = (struct pagesplit_part){ NULL, NULL };
	if (c) {
		out->c = bars_part(c, first, n, c->title);
		return chart_layout(out->c, w, 0, m) ? INFINITY : out->c->lay.height;
	}
	out->t = rows_part(t, first, n, t->title);
	return table_layout(out->t, w, m) ? INFINITY : out->t->height;
}

static void part_free(struct pagesplit_part *p)
{
	chart_free(p->c);
	table_free(p->t);
	p->c = NULL;
	p->t = NULL;
}

/* The most rows from first (at least one) whose part fits avail. */
static size_t rows_that_fit(const struct chart *c, const struct table *t, size_t first,
			    size_t left, double w, double avail,
			    const struct chart_measure *m, struct pagesplit_part *out)
{
	size_t lo = 1, hi = left;

	/* Bisect on the row count: a part's height grows with its rows. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo + 1) / 2;
		double h = part_new(c, t, first, mid, w, m, out);

		part_free(out);
		if (h <= avail)
			lo = mid;
		else
			hi = mid - 1;
	}
	/* Grouped bars break between groups (tests) when a whole one fits. */
	for (size_t k = lo; c && lo < left && k > 0; k--)
		if (c->bars[first + k].group && c->bars[first + k - 1].group &&
		    strcmp(c->bars[first + k].group, c->bars[first + k - 1].group)) {
			lo = k;
			break;
		}
	part_new(c, t, first, lo, w, m, out);
	return lo;
}

/* Part i of n of title: part's "{} ({}/{})" (NULL: that). */
static char *part_title(const char *part, const char *title, size_t i, size_t n)
{
	char k[24], all[24];

	snprintf(k, sizeof(k), "%zu", i + 1);
	snprintf(all, sizeof(all), "%zu", n);
	return msg_subst(part ? part : "{} ({}/{})", (const char *const[]){ title, k, all }, 3);
}

/* "TITLE (k/n)" on every part, TITLE the whole's. */
static void number_parts(struct pagesplit_part *parts, size_t n, const char *title,
			 const char *part)
{
	for (size_t i = 0; i < n; i++) {
		char *s = part_title(part, title, i, n);

		if (parts[i].c)
			chart_set_title(parts[i].c, s);
		else if (parts[i].t)
			table_set_title(parts[i].t, s);
		free(s);
	}
}

/* Appends the parts of rows of c or t that fit avail to *parts; 0 (nothing
 * appended) when the whole fits, is no bar chart or cannot be laid out. */
static size_t split_rows(const struct chart *c, const struct table *t, double w,
			 double avail, const struct chart_measure *m,
			 struct pagesplit_part **parts, size_t *n, size_t *cap)
{
	struct pagesplit_part whole;
	size_t rows = c ? c->nbars : t ? t->nrows : 0, n0 = *n;
	double h;

	if ((c && !chart_is_bars(c)) || rows < 2)
		return 0;
	h = part_new(c, t, 0, rows, w, m, &whole);
	part_free(&whole);
	if (h <= avail || !isfinite(h))
		return 0;
	for (size_t first = 0; first < rows;) {
		XGROW(*parts, *cap, *n + 1);
		first += rows_that_fit(c, t, first, rows - first, w, avail, m, &(*parts)[(*n)++]);
	}
	return *n - n0;
}

/* t's first keep columns and its n columns from from, as a table of its own. */
static struct table *cols_part(const struct table *t, size_t from, size_t n)
{
	size_t nc = t->keep + n;
	const char **texts = xcalloc(nc + 1, sizeof(*texts));
	uint32_t *fills = xcalloc(nc + 1, sizeof(*fills));
	struct table *p;

	for (size_t k = 0; k < nc; k++)
		texts[k] = t->head[k < t->keep ? k : from + k - t->keep];
	p = table_new(t->title, t->subtitle, nc, texts);
	table_set_footer(p, t->footer);
	table_set_keep(p, t->keep);
	for (size_t k = 0; k < nc; k++)
		p->tile[k] = t->tile[k < t->keep ? k : from + k - t->keep];
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t k = 0; k < nc; k++) {
			const struct table_cell *cell =
				&t->cells[r * t->ncols + (k < t->keep ? k : from + k - t->keep)];

			texts[k] = cell->text;
			fills[k] = cell->fill;
		}
		table_add_row(p, texts, fills);
	}
	free(texts);
	free(fills);
	return p;
}

/* 1 when columns [from, from + n) of t fit w with no cell cut short. */
static int cols_fit(const struct table *t, size_t from, size_t n, double w,
		    const struct chart_measure *m)
{
	struct table *p = cols_part(t, from, n);
	int ok = !table_layout(p, w, m) && !p->cut;

	table_free(p);
	return ok;
}

size_t pagesplit_columns(const struct table *t, double w, const struct chart_measure *m,
			 const char *part, struct table ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	if (!t->keep || t->ncols <= t->keep + 1 || cols_fit(t, t->keep, t->ncols - t->keep, w, m))
		return 0;
	for (size_t from = t->keep; from < t->ncols;) {
		size_t k = 1;

		while (from + k < t->ncols && cols_fit(t, from, k + 1, w, m))
			k++;
		/* An array of pointers: sizeof(**out) is the pointer size, as meant. */
		/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
		XGROW(*out, cap, n + 1);
		(*out)[n++] = cols_part(t, from, k);
		from += k;
	}
	for (size_t i = 0; i < n; i++) {
		char *title = part_title(part, t->title, i, n);

		table_set_title((*out)[i], title);
		free(title);
	}
	return n;
}

size_t pagesplit(const struct chart *c, const struct table *t, double w, double avail,
		 const struct chart_measure *m, const char *part, struct pagesplit_part **out)
{
	struct pagesplit_part *parts = NULL;
	struct table **cols = NULL;
	size_t n = 0, cap = 0, ncols = t ? pagesplit_columns(t, w, m, part, &cols) : 0;

	*out = NULL;
	for (size_t k = 0; k < ncols; k++) {
		if (split_rows(NULL, cols[k], w, avail, m, &parts, &n, &cap)) {
			table_free(cols[k]);
			continue;
		}
		XGROW(parts, cap, n + 1);
		parts[n++] = (struct pagesplit_part){ NULL, cols[k] };
	}
	free(cols);
	if (!ncols && !split_rows(c, t, w, avail, m, &parts, &n, &cap))
		return 0;
	number_parts(parts, n, c ? c->title : t ? t->title : "", part);
	*out = parts;
	return n;
}
