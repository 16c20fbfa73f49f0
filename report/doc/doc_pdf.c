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
static int draw_page(struct doc *doc, const struct doc_pdf *p, struct gfx *g,
		     struct chart *c, struct table *t, const char *path, struct diag *d)
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
	if (p->page_end)
		p->page_end(p->arg, g);
	return gfx_page(g, d);
}

void doc_pdf_footer(struct gfx *g, const char *title, int page, int pages)
{
	char buf[64];
	double y = DOC_PAGE_H - DOC_FOOTER_H + 8;

	gfx_line(g, DOC_PAGE_MARGIN, y - 6, DOC_PAGE_W - DOC_PAGE_MARGIN, y - 6, 0.5,
		 CHART_COLOR_GRID);
	snprintf(buf, sizeof(buf), "%d / %d", page, pages);
	gfx_text(g, DOC_PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_LEFT,
		 DOC_PAGE_W / 2, title);
	gfx_text(g, DOC_PAGE_W - DOC_PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, buf);
}

int doc_write_pdf(struct doc *doc, const char *path, const struct doc_pdf *p,
		  struct diag *d)
{
	struct gfx_meta meta = { doc->title, "ssdbench " SSDBENCH_VERSION, doc->date };
	struct gfx *g = NULL;
	struct split sp;
	int rc;

	gfx_fonts_preset(doc->fonts, NULL); /* the PDF in the print type scale */
	split_pages(doc, p, &sp);
	rc = gfx_open(&g, doc->fonts, GFX_PDF, path, DOC_PAGE_W, DOC_PAGE_H, 1, &meta, d);
	if (rc)
		goto out;
	if (p->cover)
		rc = p->cover(p->arg, g, (int)sp.pages, d);
	for (size_t i = 0; !rc && i < doc->n; i++) {
		for (size_t k = 0; !rc && k < sp.n[i]; k++)
			rc = draw_page(doc, p, g, sp.parts[i][k].c, sp.parts[i][k].t, path, d);
		if (!rc && !sp.n[i])
			rc = draw_page(doc, p, g, doc->items[i].c, doc->items[i].t, path, d);
	}
	if (rc)
		gfx_discard(g);
	else
		rc = gfx_close(g, d);
out:
	split_free(doc, &sp);
	return rc;
}
