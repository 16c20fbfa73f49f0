/* SPDX-License-Identifier: MIT */
/*
 * doc: one document, whatever its kind (a run report, a lineup, a plot): its
 * items (charts and tables, each with a file stem and its template canvas) and
 * what shapes every output of them (language, preset, fonts, PNG width, SVG text,
 * PDF title and date). The writers take it, one file per format: doc_files.c
 * (SVG, PNG, per-chart PDF, or all in one file), doc_pdf.c (the paged PDF),
 * doc_html.c (the HTML article bundle), doc_xlsx.c (the workbook); doc_out.c writes
 * a one-file document (plot, trace plot) in every format asked for.
 */
#ifndef SB_DOC_H
#define SB_DOC_H

#include <stddef.h>
#include <time.h>

#include "chart.h"
#include "diag.h"
#include "gfx.h"
#include "table.h"

/* One item: a chart or a table (the other NULL), owned by the document. */
struct doc_item {
	char *name;            /* file stem: "step-001-iops", "lineup-drives" */
	struct chart *c;
	struct table *t;
	double width, height;  /* the template's canvas, points; height 0: as tall as needed */
};

/*
 * A document. A zeroed struct is an empty one (doc_init()). The items, their
 * names, charts and tables, and footer are the document's, freed by doc_release();
 * everything else is borrowed from the document kind, which keeps it alive until
 * the writers are done.
 */
struct doc {
	struct doc_item *items;
	size_t n, cap;
	const char *lang;                  /* "zh-TW", "zh-CN", "en" */
	const struct chart_preset *preset; /* the chart files' canvas and type scale */
	struct gfx_fonts *fonts;           /* set with its measure (doc_set_fonts()) */
	struct chart_measure m;
	char *footer;                      /* the provenance line; NULL: none */
	int png_width;                     /* --width; 0: the preset's */
	int png_2x;                        /* also NAME@2x.png (the web preset always) */
	int svg_outlines;                  /* SVG text as glyph outlines, not <text> */
	const char *title;                 /* the PDF's title */
	const char *date;                  /* the PDF's date, ISO 8601; NULL: 1970 */
};

void doc_init(struct doc *doc);
/* Frees the items and the footer; doc is then empty. */
void doc_release(struct doc *doc);
/*
 * Borrows fonts for drawing and measuring, set to the document's preset and SVG
 * text (set those first).
 */
void doc_set_fonts(struct doc *doc, struct gfx_fonts *fonts);
/*
 * Appends a chart or a table (the other NULL) under file stem name, its template
 * canvas width x height points. Takes name, c and t. Returns the item, valid until
 * the next doc_add().
 */
struct doc_item *doc_add(struct doc *doc, char *name, struct chart *c, struct table *t,
			 double width, double height);
/* The PNG width: --width, else the preset's. */
int doc_png_width(const struct doc *doc);

/* doc_files.c */
/*
 * Every item, laid out on the preset's canvas in its type scale, as
 * svg_dir/NAME.svg (and NAME.pdf when the preset has per-chart PDFs) and
 * png_dir/NAME.png (and NAME@2x.png when asked); a NULL folder is not written.
 * The folders exist. Returns 0 or a negative SB_E* code with d naming the file.
 */
int doc_write_files(struct doc *doc, const char *svg_dir, const char *png_dir,
		    struct diag *d);

/*
 * Every item, each laid out on the preset's canvas in its type scale, one under
 * the other in one file at path, its format by its extension (.svg, .pdf, .png;
 * chartdraw_format()), the PNG doc_png_width() wide. Returns 0 or a negative
 * SB_E* code with d naming the file.
 */
int doc_write_file(struct doc *doc, const char *path, struct diag *d);

/* doc_out.c */
struct html_words;
/* What a one-file document (plot, trace plot) is asked for; NULL/0 for the defaults. */
struct doc_out {
	const char *path;      /* FILE.svg, FILE.pdf or FILE.png (chartdraw_format()) */
	const char *lang;      /* BCP 47 tag of the text; NULL: lang_default() */
	int png_width;         /* PNG width in pixels; 0: the preset's */
	const char *preset;    /* "print", "web", "slide"; NULL: archive */
	int svg_outlines;      /* SVG text as glyph outlines instead of <text> */
	const char *xlsx_path; /* also the Excel workbook; NULL for none */
	const char *html_dir;  /* also the HTML article bundle; NULL for none */
	char date[32];         /* the PDF's date, ISO 8601; "": 1970 */
};
/*
 * doc, its items added and its title set, written as o asks: its language, preset,
 * PNG width and SVG text set from o, the fonts loaded, every item one under the other
 * in o->path (doc_write_file()), then the workbook and the article bundle (w: the
 * HTML's alt and SVG wording) when asked. Returns 0 or a negative SB_E* code with d
 * (an unknown preset names the known ones).
 */
int doc_write_out(struct doc *doc, const struct doc_out *o, const struct html_words *w,
		  struct diag *d);

/* doc_pdf.c */
/*
 * How a document kind frames the PDF's pages: the box an item is laid out in
 * (page width less 2 x 12 pt, top at top, avail points tall for bars and tables
 * before they are split, chart_h for other charts) and its callbacks (NULL:
 * none): cover() draws the pages before the items (item_pages: how many follow,
 * for page numbers) and ends each with gfx_page(); page_end() draws on every item
 * page, before it ends (a footer). arg is theirs.
 */
struct doc_pdf {
	double top, avail, chart_h;
	int (*cover)(void *arg, struct gfx *g, int item_pages, struct diag *d);
	void (*page_end)(void *arg, struct gfx *g);
	void *arg;
};

/* The PDF's page, A4 landscape, points. */
#define DOC_PAGE_W 842.0
#define DOC_PAGE_H 595.0
/* The page footer's band at the bottom of every page, and the margin it starts at. */
#define DOC_FOOTER_H 34.0
#define DOC_PAGE_MARGIN 48.0

/*
 * The page footer every document kind's PDF pages carry, cover pages too: a rule,
 * the title on the left, "page / pages" on the right, in the footer's band.
 */
void doc_pdf_footer(struct gfx *g, const char *title, int page, int pages);

/*
 * The document as an A4 landscape PDF at path in the print type scale: the cover
 * pages, then a page per item, a bar chart or table too tall for a page split into
 * parts of whole rows (pagesplit.c). Returns 0 or a negative SB_E* code.
 */
int doc_write_pdf(struct doc *doc, const char *path, const struct doc_pdf *p,
		  struct diag *d);

/* doc_html.c */
struct html;
struct html_words;
/*
 * The HTML bundle's title and words, and the kind's own sections before the items
 * (head(arg, h), NULL: none): the facts, a table, headings.
 */
struct doc_html {
	const char *title;
	const struct html_words *words;
	void (*head)(void *arg, struct html *h);
	void *arg;
};
/*
 * The document as an HTML article bundle in the folder dir (html.c): the kind's
 * sections, then every chart as a figure laid out with the web preset (700 px PNG,
 * @2x, SVG) and every table as an HTML table. Returns 0 or a negative SB_E* code.
 */
int doc_write_html(struct doc *doc, const char *dir, const struct doc_html *p,
		   struct diag *d);

/* doc_xlsx.c */
struct xlsx;
/*
 * The workbook's title and creation time, and the kind's own sheets before the
 * items (head(arg, x, d) returns 0 or a negative SB_E* code; NULL: none).
 */
struct doc_xlsx {
	const char *title;
	time_t created;
	int (*head)(void *arg, struct xlsx *x, struct diag *d);
	void *arg;
};
/*
 * The document as an Excel workbook at path (xlsx.c): the kind's sheets, then every
 * chart and table as a sheet of its own. Returns 0 or a negative SB_E* code; a
 * failed workbook is removed.
 */
int doc_write_xlsx(struct doc *doc, const char *path, const struct doc_xlsx *p,
		   struct diag *d);

#endif
