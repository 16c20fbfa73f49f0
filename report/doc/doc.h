/* SPDX-License-Identifier: MIT */
/*
 * doc: one document, whatever its kind (a run report, a lineup, a plot): its
 * items (charts and tables, each with a file stem and its template canvas) and
 * what shapes every output of them (language, preset, fonts, PNG width, SVG text,
 * PDF title and date). The writers take it, one file per format (DOC_FORMATS):
 * doc_files.c (SVG, PNG, per-chart PDF, or all in one file), doc_pdf.c (the paged
 * PDF), doc_html.c (the HTML article bundle), doc_xlsx.c (the workbook); doc_out.c
 * holds the table and writes a document in every format and language asked for.
 */
#ifndef SB_DOC_H
#define SB_DOC_H

#include <stddef.h>
#include <stdio.h>

#include "chart.h"
#include "diag.h"
#include "gfx.h"
#include "i18n.h"
#include "msg.h"
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
	const char *const *msg;            /* the kind's strings in lang (msg.h), for what
					    * the writers word themselves (doc_word());
					    * NULL: English */
	const char *date;                  /* the PDF's and workbook's date, ISO 8601; NULL: 1970 */
	int own_fonts;                     /* fonts are the document's (doc_begin()) */
	struct wcheck *check;              /* --check-wording: every text written goes
					    * through it (wcheck.h); NULL: none */
};

void doc_init(struct doc *doc);
/* Frees the items, the footer and fonts of its own; doc is then empty. */
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
/*
 * A word the writers put in themselves, in the document's language: W_PART, a split
 * item's part's title ("{}（{}/{}）"), W_NTH, a name taken before, numbered (a sheet's:
 * "{}（{}）"). NULL without the kind's strings: the writers' English.
 */
const char *doc_word(const struct doc *doc, enum msg id);
/* The PNG width: --width, else the preset's. */
int doc_png_width(const struct doc *doc);

/*
 * The output formats, one row each: its enum, its option (--NAME), what the option
 * names (a FILE or a DIR, made when missing), its writer and its help. Every document
 * kind writes every format through doc_write() and the command line reads every
 * option from this table (CLI_OPTS_FORMATS), so a new format is its writer and a row
 * here. The kind's -o FILE is DOC_PDF (a report, a lineup: the paged PDF) or DOC_ONE
 * (plot, trace plot: every item one under the other in one .svg, .pdf or .png).
 */
#define DOC_FORMATS(X) DOC_FORMATS_MAIN(X) DOC_FORMATS_OPTIONS(X)
#define DOC_FORMATS_MAIN(X)                                                             \
	X(DOC_PDF, "pdf", "FILE", doc_write_pdf, "the paged PDF (the kind's -o)")       \
	X(DOC_ONE, "one", "FILE", doc_write_file, "one file of every item (the kind's -o)")
#define DOC_FORMATS_OPTIONS(X)                                                          \
	X(DOC_SVG, "svg", "DIR", doc_write_svg, "every chart and table as an SVG file "  \
	  "in DIR (with --preset print a vector PDF of each too)")                     \
	X(DOC_PNG, "png", "DIR", doc_write_png, "every chart and table as a PNG file "   \
	  "in DIR (and NAME@2x.png at twice the width with --width or --preset web)")  \
	X(DOC_XLSX, "xlsx", "FILE", doc_write_xlsx, "also an Excel workbook: the "       \
	  "document's own sheets, then every chart's data with a native Excel chart "   \
	  "and every table, a sheet each")                                              \
	X(DOC_HTML, "html", "DIR", doc_write_html, "also an HTML article bundle in DIR: " \
	  "index.html, every chart as a 700 px PNG (and @2x) and an SVG, every table "  \
	  "as an HTML table")

#define DOC_FORMAT_ENUM(e, name, arg, fn, help) e,
enum doc_format { DOC_FORMATS(DOC_FORMAT_ENUM) DOC_NFORMATS };
#undef DOC_FORMAT_ENUM
/* The first row with an option of its own (DOC_FORMATS_OPTIONS). */
#define DOC_FIRST_OPTION DOC_SVG

/* A format's option name ("svg") and whether it names a folder. */
const char *doc_format_name(enum doc_format f);
int doc_format_is_dir(enum doc_format f);

/*
 * Where a document goes and what shapes it, as the options asked: a file or folder
 * per format (NULL: not written), the languages (none: the kind's default), the
 * preset, the PNG width, SVG text and the date. A zeroed struct asks for nothing.
 */
struct doc_out {
	const char *path[DOC_NFORMATS];
	const char *langs[I18N_MAX_LANGS];  /* i18n_lang_find() tags */
	size_t nlangs;
	const char *preset;   /* "print", "web", "slide"; NULL: the template's, else archive */
	int png_width;        /* PNG width in pixels; 0: the preset's */
	int png_2x;           /* also NAME@2x.png (--width; the web preset always) */
	int svg_outlines;     /* SVG text as glyph outlines instead of <text> */
	const char *date;     /* the PDF's and workbook's date, ISO 8601; NULL: the kind's */
	int in_archive;       /* the folders are inside an archive: a link there refused */
	int check_wording;    /* --check-wording: doc_write() fails on a plan's name, a
			       * fio term or an English word in a Chinese output */
	char *own[DOC_NFORMATS];  /* paths made for one language (doc_out_each()) */
};

/*
 * Calls one(arg, lang, lo, d) for each language of o (none: dflt): lo is o with, for
 * several languages, each FILE as FILE's folder/LANG/FILE's name and each DIR as
 * DIR/LANG (folders made), and, when say is not NULL, says after each
 * "what[ (LANG)]: FILE SVG in DIR/ ...". Stops at the first error. Returns 0 or a
 * negative SB_E* code with d.
 */
/* 1 when o names a file or folder of any format (-o, --svg, ...), else 0. */
int doc_out_names_any(const struct doc_out *o);

int doc_out_each(const struct doc_out *o, const char *dflt, const char *what, FILE *say,
		 int (*one)(void *arg, const char *lang, const struct doc_out *lo,
			    struct diag *d),
		 void *arg, struct diag *d);

/* A folder's own document (doc_own.c): an archive's report, a pass set's. */
struct doc_own {
	const char *dir;          /* the folder */
	const char *tmp_prefix;   /* its draft folders' names, then the PID */
	const struct doc_out *out;   /* the languages (at least one) and the shape; no path */
	FILE *say;                /* "report: DIR/report.pdf ..." lines here, or NULL */
	int (*one)(void *arg, const char *lang, const struct doc_out *lo, struct diag *d);
	void *arg;
};

/*
 * The folder's own document in each language of w->out: one as dir/report.pdf and
 * dir/charts/, several as dir/report/LANG/report.pdf and dir/report/LANG/charts/ each,
 * each by w->one(). Everything is drawn into a draft folder in dir first (tmp_prefix
 * and the PID; a dead process's drafts are removed) and replaces what was there (all
 * three names) only once every language is whole; a folder link in their place is
 * never written through. Returns 0 or a negative SB_E* code with d.
 */
int doc_out_own(const struct doc_own *w, struct diag *d);

/*
 * Sets the document's language lang, its preset (o's, else tmpl_preset, else archive;
 * an unknown one names the known ones), PNG width, SVG text and date (o's, else dflt_date)
 * from o, and loads its fonts (fonts_conf, NULL: the data folder's), owned by the
 * document from now on; with o->check_wording, the wording check (doc->check) in
 * lang, which the kind then gives its plans' names and its data. Returns 0 or a
 * negative SB_E* code with d.
 */
int doc_begin(struct doc *doc, const struct doc_out *o, const char *lang,
	      const char *tmpl_preset, const char *dflt_date, const char *fonts_conf,
	      struct diag *d);

/* doc_pdf.c */
struct doc_pages;
/*
 * How a document kind frames the PDF's pages: the box an item is laid out in
 * (page width less 2 x 12 pt, top at top, avail points tall for bars and tables
 * before they are split, chart_h for other charts) and its cover (NULL: none):
 * cover_pages(arg) says how many pages cover(arg, g, pg, d) draws, each ended with
 * doc_pdf_next(). Every page, cover pages too, gets the page footer.
 */
struct doc_pdf {
	double top, avail, chart_h;
	int (*cover_pages)(void *arg);
	int (*cover)(void *arg, struct gfx *g, struct doc_pages *pg, struct diag *d);
	void *arg;
};

/* The PDF's page, A4 landscape, points. */
#define DOC_PAGE_W 842.0
#define DOC_PAGE_H 595.0
/* The page footer's band at the bottom of every page, and the margin it starts at. */
#define DOC_FOOTER_H 34.0
#define DOC_PAGE_MARGIN 48.0

/* Ends a page of the PDF: the page footer (a rule, the title, "page / pages"), then the page. */
int doc_pdf_next(struct doc_pages *pg, struct gfx *g, struct diag *d);

/* doc_html.c */
struct html;
struct html_words;
/* The HTML bundle's words, and the kind's own sections before the items (NULL: none). */
struct doc_html {
	const struct html_words *words;
	void (*head)(void *arg, struct html *h);
	void *arg;
};

/* doc_xlsx.c */
struct xlsx;
/* The kind's own sheets before the items (head returns 0 or a negative SB_E* code; NULL: none). */
struct doc_xlsx {
	int (*head)(void *arg, struct xlsx *x, struct diag *d);
	void *arg;
};

/* What a document kind adds to the formats that have more than its items. */
struct doc_kind {
	struct doc_pdf pdf;
	struct doc_html html;
	struct doc_xlsx xlsx;
};

/*
 * The writers (DOC_FORMATS), each the document at path (a file, or a folder that
 * exists), the items laid out as the format wants, its title and date; k: the
 * kind's additions. Return 0 or a negative SB_E* code with d naming the file.
 *
 * doc_files.c: doc_write_svg()/doc_write_png(): a file per item on the preset's
 * canvas in its type scale; doc_write_file(): every item one under the other in
 * one file, its format by its extension (.svg, .pdf, .png; chartdraw_format()).
 * doc_pdf.c: A4 landscape pages in the print type scale: the cover pages, then a
 * page per item, a bar chart or table too tall for a page split into parts of whole
 * rows (pagesplit.c). doc_html.c: the article bundle (html.c), the kind's sections,
 * every chart as a figure laid out with the web preset, every table as a table.
 * doc_xlsx.c: the workbook (xlsx.c), the kind's sheets, then a sheet per item; a
 * failed workbook is removed.
 */
#define DOC_FORMAT_DECL(e, name, arg, fn, help)                                     \
	int fn(struct doc *doc, const char *path, const struct doc_kind *k, struct diag *d);
DOC_FORMATS(DOC_FORMAT_DECL)
#undef DOC_FORMAT_DECL

/*
 * Every format o names, in the table's order (folders made first). With a wording
 * check (doc->check: the kind has forbidden its plans' names and allowed its data
 * there), every output is written, then its findings listed on stderr and
 * -SB_EINVAL returned when there is one.
 */
int doc_write(struct doc *doc, const struct doc_out *o, const struct doc_kind *k,
	      struct diag *d);

#endif
