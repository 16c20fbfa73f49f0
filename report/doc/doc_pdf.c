/* SPDX-License-Identifier: MIT */
/*
 * doc_pdf: a document as a paged PDF (A4 landscape, print type scale): the
 * kind's cover pages, then a page per item, bars and tables too tall for a page
 * split into parts that fit.
 */
#include <stdio.h>
#include <stdlib.h>

#include "chartdraw.h"
#include "doc.h"
#include "pagesplit.h"
#include "version.h"
#include "xalloc.h"

#define SIDE 12.0   /* the page margin (48 pt) less a chart's own padding (36 pt) */

/* The pages so far and in all, for the page footer. */
struct doc_pages {
	const char *title;
	int page, pages;
};

/* Each item's parts when it is too tall for a page (none: it fits). */
struct split {
	struct pagesplit_part **parts;
	size_t *n;
	size_t pages;
};

static void split_pages(struct doc *doc, const struct doc_pdf *p, struct split *sp)
{
	/* An array of pointers: sizeof(*sp->parts) is meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	sp->parts = xcalloc(doc->n + 1, sizeof(*sp->parts));
	sp->n = xcalloc(doc->n + 1, sizeof(*sp->n));
	sp->pages = 0;
	for (size_t i = 0; i < doc->n; i++) {
		sp->n[i] = pagesplit(doc->items[i].c, doc->items[i].t, DOC_PAGE_W - 2 * SIDE,
				     p->avail, &doc->m, &sp->parts[i]);
		sp->pages += sp->n[i] ? sp->n[i] : 1;
	}
}

static void split_free(const struct doc *doc, struct split *sp)
{
	for (size_t i = 0; i < doc->n; i++) {
		for (size_t k = 0; k < sp->n[i]; k++) {
			chart_free(sp->parts[i][k].c);
			table_free(sp->parts[i][k].t);
		}
		free(sp->parts[i]);
	}
	free(sp->parts);
	free(sp->n);
}

/*
 * One page: the chart c or table t laid out at page width, its padding on the
 * page margin. Bars and tables too tall come as parts that fit; only a single row
 * taller than the page would be drawn smaller.
 */
static int draw_page(struct doc *doc, const struct doc_pdf *p, struct doc_pages *pg,
		     struct gfx *g, struct chart *c, struct table *t, const char *path,
		     struct diag *d)
{
	double w = DOC_PAGE_W - 2 * SIDE, s = 1, h;
	int rc = t ? table_layout(t, w, &doc->m)
		   : chart_layout(c, w, chart_is_bars(c) ? 0 : p->chart_h, &doc->m);

	if (rc)
		return diag_set(d, rc, path, 0, 0, "'%s' does not fit the page",
				t ? t->title : c->title);
	h = t ? t->height : c->lay.height;
	if (h > p->avail)
		s = p->avail / h;
	gfx_push(g, SIDE + (w - w * s) / 2, p->top, s);
	if (t)
		chartdraw_table(g, t, &doc->m);
	else
		chartdraw_draw(g, c, &doc->m);
	gfx_pop(g);
	return doc_pdf_next(pg, g, d);
}

int doc_pdf_next(struct doc_pages *pg, struct gfx *g, struct diag *d)
{
	char buf[64];
	double y = DOC_PAGE_H - DOC_FOOTER_H + 8;

	gfx_line(g, DOC_PAGE_MARGIN, y - 6, DOC_PAGE_W - DOC_PAGE_MARGIN, y - 6, 0.5,
		 CHART_COLOR_GRID);
	snprintf(buf, sizeof(buf), "%d / %d", ++pg->page, pg->pages);
	gfx_text(g, DOC_PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_LEFT,
		 DOC_PAGE_W / 2, pg->title ? pg->title : "");
	gfx_text(g, DOC_PAGE_W - DOC_PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, buf);
	return gfx_page(g, d);
}

int doc_write_pdf(struct doc *doc, const char *path, const struct doc_kind *k,
		  struct diag *d)
{
	struct gfx_meta meta = { doc->title, "ssdbench " SSDBENCH_VERSION, doc->date };
	const struct doc_pdf *p = &k->pdf;
	struct doc_pages pg = { doc->title, 0, 0 };
	struct gfx *g = NULL;
	struct split sp;
	int rc;

	gfx_fonts_preset(doc->fonts, NULL); /* the PDF in the print type scale */
	split_pages(doc, p, &sp);
	rc = gfx_open(&g, doc->fonts, GFX_PDF, path, DOC_PAGE_W, DOC_PAGE_H, 1, &meta, d);
	if (rc)
		goto out;
	pg.pages = (int)sp.pages + (p->cover_pages ? p->cover_pages(p->arg) : 0);
	if (p->cover)
		rc = p->cover(p->arg, g, &pg, d);
	for (size_t i = 0; !rc && i < doc->n; i++) {
		for (size_t j = 0; !rc && j < sp.n[i]; j++)
			rc = draw_page(doc, p, &pg, g, sp.parts[i][j].c, sp.parts[i][j].t, path, d);
		if (!rc && !sp.n[i])
			rc = draw_page(doc, p, &pg, g, doc->items[i].c, doc->items[i].t, path, d);
	}
	if (rc)
		gfx_discard(g);
	else
		rc = gfx_close(g, d);
out:
	split_free(doc, &sp);
	return rc;
}
