/* SPDX-License-Identifier: MIT */
/*
 * doc_pdf: a document as a paged PDF (A4 landscape, print type scale): the
 * kind's cover pages, then a page per item, bars and tables too tall for a page
 * split into parts that fit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "chartdraw.h"
#include "doc.h"
#include "err.h"
#include "pagesplit.h"
#include "version.h"
#include "xalloc.h"

#define SIDE 12.0   /* the page margin (48 pt) less a chart's own padding (36 pt) */

/* The pages so far and in all, for the page footer. */
struct doc_pages {
	const char *title;
	int page, pages;
};

/* Each item's parts when it is too tall or wide for a page (none: it fits), and the
 * pages they fill: ends[i][k] is one past page k's last part of item i. */
struct split {
	struct pagesplit_part **parts;
	size_t *n, **ends, *npages;
	size_t pages;
};

/* Lays out chart c or table t at page width w; its height, INFINITY when it cannot. */
static double page_layout(struct doc *doc, const struct doc_pdf *p, struct chart *c,
			  struct table *t, double w)
{
	if (t)
		return table_layout(t, w, &doc->m) ? INFINITY : t->height;
	return chart_layout(c, w, chart_is_bars(c) ? 0 : p->chart_h, &doc->m) ? INFINITY
									   : c->lay.height;
}

/* The pages the n parts fill, consecutive parts sharing one while they fit (the
 * column parts of a short table); ends as in struct split. */
static size_t pack(struct doc *doc, const struct doc_pdf *p, struct pagesplit_part *parts,
		   size_t n, size_t *ends)
{
	double used = 0;
	size_t pages = 0;

	for (size_t j = 0; j < n; j++) {
		double h = page_layout(doc, p, parts[j].c, parts[j].t, DOC_PAGE_W - 2 * SIDE);

		if (pages && used + h <= p->avail) {
			used += h;
		} else {
			pages++;
			used = h;
		}
		ends[pages - 1] = j + 1;
	}
	return pages;
}

static void split_pages(struct doc *doc, const struct doc_pdf *p, struct split *sp)
{
	/* An array of pointers: sizeof(*sp->parts) is meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	sp->parts = xcalloc(doc->n + 1, sizeof(*sp->parts));
	sp->n = xcalloc(doc->n + 1, sizeof(*sp->n));
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	sp->ends = xcalloc(doc->n + 1, sizeof(*sp->ends));
	sp->npages = xcalloc(doc->n + 1, sizeof(*sp->npages));
	sp->pages = 0;
	for (size_t i = 0; i < doc->n; i++) {
		sp->n[i] = pagesplit(doc->items[i].c, doc->items[i].t, DOC_PAGE_W - 2 * SIDE,
				     p->avail, &doc->m, doc_word(doc, W_PART), &sp->parts[i]);
		sp->ends[i] = xcalloc(sp->n[i] + 1, sizeof(**sp->ends));
		sp->npages[i] = pack(doc, p, sp->parts[i], sp->n[i], sp->ends[i]);
		sp->pages += sp->n[i] ? sp->npages[i] : 1;
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
		free(sp->ends[i]);
	}
	free(sp->parts);
	free(sp->n);
	free(sp->ends);
	free(sp->npages);
}

/*
 * The chart c or table t laid out at page width, its padding on the page margin, at
 * *y on the page (moved past it). Bars and tables too tall come as parts that fit;
 * only a single row taller than the page would be drawn smaller.
 */
static int draw_at(struct doc *doc, const struct doc_pdf *p, struct gfx *g, struct chart *c,
		   struct table *t, double *y, const char *path, struct diag *d)
{
	double w = DOC_PAGE_W - 2 * SIDE, s = 1, h = page_layout(doc, p, c, t, w);

	if (!isfinite(h))
		return diag_set(d, -SB_EINVAL, path, 0, 0, "'%s' does not fit the page",
				t ? t->title : c->title);
	if (h > p->avail)
		s = p->avail / h;
	gfx_push(g, SIDE + (w - w * s) / 2, *y, s);
	if (t)
		chartdraw_table(g, t, &doc->m);
	else
		chartdraw_draw(g, c, &doc->m);
	gfx_pop(g);
	*y += h * s;
	return 0;
}

/* One page: parts [from, to) of an item, one under the other. */
static int draw_page(struct doc *doc, const struct doc_pdf *p, struct doc_pages *pg,
		     struct gfx *g, struct pagesplit_part *parts, size_t from, size_t to,
		     const char *path, struct diag *d)
{
	double y = p->top;
	int rc = 0;

	for (size_t j = from; !rc && j < to; j++)
		rc = draw_at(doc, p, g, parts[j].c, parts[j].t, &y, path, d);
	return rc ? rc : doc_pdf_next(pg, g, d);
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
		struct pagesplit_part whole = { doc->items[i].c, doc->items[i].t };

		for (size_t pi = 0; !rc && pi < sp.npages[i]; pi++)
			rc = draw_page(doc, p, &pg, g, sp.parts[i], pi ? sp.ends[i][pi - 1] : 0,
				       sp.ends[i][pi], path, d);
		if (!rc && !sp.n[i])
			rc = draw_page(doc, p, &pg, g, &whole, 0, 1, path, d);
	}
	if (rc)
		gfx_discard(g);
	else
		rc = gfx_close(g, d);
out:
	split_free(doc, &sp);
	return rc;
}
