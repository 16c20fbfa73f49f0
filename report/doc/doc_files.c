/* SPDX-License-Identifier: MIT */
/*
 * doc_files: a document's items as chart files (SVG, PNG, @2x PNG, a PDF per
 * chart), or all in one file, each laid out on the preset's canvas in its type scale.
 */
#include <stdlib.h>

#include "chartdraw.h"
#include "doc.h"
#include "err.h"
#include "pagesplit.h"
#include "sbuf.h"
#include "version.h"

/* Lays the item out w points wide (h for charts other than bars; 0: as tall as needed). */
static int layout(struct doc *doc, struct doc_item *it, double w, double h,
		  const char *what, struct diag *d)
{
	int rc;

	if (it->t) {
		rc = table_layout(it->t, w, &doc->m);
		if (rc)
			diag_set(d, rc, what, 0, 0, "table '%s' does not fit %.0f pt",
				 it->t->title, w);
		return rc;
	}
	rc = chart_layout(it->c, w, chart_is_bars(it->c) ? 0 : h, &doc->m);
	/* a legend in rows on a narrow canvas can leave the plot too little height:
	 * the chart grows taller (to 2.4 times) rather than failing */
	for (int k = 0; rc && !chart_is_bars(it->c) && k < 4; k++)
		rc = chart_layout(it->c, w, h *= 1.25, &doc->m);
	if (rc)
		diag_set(d, rc, what, 0, 0, "chart '%s' does not fit %.0fx%.0f pt",
			 it->c->title, w, h);
	return rc;
}

/* One file of an item laid out already: SVG, PNG (twice: @2x) or PDF, into dir. */
static int write_file(struct doc *doc, const struct doc_item *it, const char *dir,
		      enum gfx_format fmt, int twice, struct diag *d)
{
	double w = it->t ? it->t->width : it->c->lay.width;
	double h = it->t ? it->t->height : it->c->lay.height;
	char *path = xasprintf("%s/%s%s.%s", dir, it->name, twice ? "@2x" : "",
			       fmt == GFX_SVG ? "svg" : fmt == GFX_PDF ? "pdf" : "png");
	struct gfx *g = NULL;
	int rc;

	rc = gfx_open(&g, doc->fonts, fmt, path, w, h,
		      fmt == GFX_PNG ? doc_png_width(doc) * (twice ? 2 : 1) / w : 1, NULL, d);
	if (!rc) {
		if (it->t)
			chartdraw_table(g, it->t, &doc->m);
		else
			chartdraw_draw(g, it->c, &doc->m);
		rc = gfx_close(g, d);
	}
	free(path);
	return rc;
}

/* Item it laid out w x h, its files of format fmt into dir. */
static int write_one(struct doc *doc, struct doc_item *it, double w, double h,
		     const char *dir, enum gfx_format fmt, struct diag *d)
{
	int rc = layout(doc, it, w, h, it->name, d);

	if (!rc)
		rc = write_file(doc, it, dir, fmt, 0, d);
	if (!rc && fmt == GFX_PNG && (doc->png_2x || doc->preset->png_2x))
		rc = write_file(doc, it, dir, GFX_PNG, 1, d);
	if (!rc && fmt == GFX_SVG && doc->preset->pdf_charts)
		rc = write_file(doc, it, dir, GFX_PDF, 0, d);
	return rc;
}

/*
 * Every item laid out on the preset's canvas, its files of format fmt into dir; a
 * table too wide for it as its column parts (pagesplit_columns()), NAME-1, NAME-2...
 */
static int write_items(struct doc *doc, const char *dir, enum gfx_format fmt,
		       struct diag *d)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < doc->n; i++) {
		struct doc_item *it = &doc->items[i];
		struct table **cols = NULL;
		double w, h;
		size_t n;

		chart_preset_canvas(doc->preset, it->width, it->height, doc->png_width, &w, &h);
		n = it->t ? pagesplit_columns(it->t, w, &doc->m, doc_word(doc, W_PART), &cols) : 0;
		if (!n)
			rc = write_one(doc, it, w, h, dir, fmt, d);
		for (size_t k = 0; k < n; k++) {
			struct doc_item part = *it;

			part.t = cols[k];
			part.name = xasprintf("%s-%zu", it->name, k + 1);
			if (!rc)
				rc = write_one(doc, &part, w, h, dir, fmt, d);
			free(part.name);
			table_free(cols[k]);
		}
		free(cols);
	}
	return rc;
}

int doc_write_svg(struct doc *doc, const char *path, const struct doc_kind *k,
		  struct diag *d)
{
	(void)k;
	return write_items(doc, path, GFX_SVG, d);
}

int doc_write_png(struct doc *doc, const char *path, const struct doc_kind *k,
		  struct diag *d)
{
	(void)k;
	return write_items(doc, path, GFX_PNG, d);
}

int doc_write_file(struct doc *doc, const char *path, const struct doc_kind *k,
		   struct diag *d)
{
	struct gfx_meta meta = { doc->title, "ssdbench " SSDBENCH_VERSION, doc->date };
	int fmt = chartdraw_format(path);
	double width = 0, total = 0, y = 0;
	struct gfx *g = NULL;
	int rc = 0;

	(void)k;
	if (fmt < 0)
		return diag_set(d, -SB_EINVAL, path, 0, 0, "not a .svg, .pdf or .png file");
	for (size_t i = 0; !rc && i < doc->n; i++) {
		struct doc_item *it = &doc->items[i];
		double w, h;

		chart_preset_canvas(doc->preset, it->width, it->height, doc->png_width, &w, &h);
		rc = layout(doc, it, w, h, path, d);
		if (!rc) {
			width = w > width ? w : width;
			total += it->t ? it->t->height : it->c->lay.height;
		}
	}
	if (!rc && doc->n)
		rc = gfx_open(&g, doc->fonts, (enum gfx_format)fmt, path, width, total,
			      doc_png_width(doc) / width, &meta, d);
	for (size_t i = 0; !rc && i < doc->n; i++) {
		const struct doc_item *it = &doc->items[i];

		gfx_push(g, 0, y, 1);
		if (it->t)
			chartdraw_table(g, it->t, &doc->m);
		else
			chartdraw_draw(g, it->c, &doc->m);
		gfx_pop(g);
		y += it->t ? it->t->height : it->c->lay.height;
	}
	if (!rc && g)
		rc = gfx_close(g, d);
	return rc;
}
