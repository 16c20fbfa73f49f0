/* SPDX-License-Identifier: MIT */
/*
 * html: the HTML article bundle of a report or a lineup, a folder a CMS takes
 * as it is: index.html (UTF-8, no scripts), style.css, and per chart NAME.png at
 * HTML_WIDTH px, NAME@2x.png at twice that and NAME.svg, drawn by chartdraw_file()
 * from the chart model the PDF draws. A table model (struct table) becomes an HTML
 * <table>: <caption>, <thead>, the numbers right-aligned, the delta colours as
 * inline backgrounds. Every text is escaped. The callers (html_report.c,
 * lineup_draw.c) give the words in the report's language; nothing in the page
 * depends on the time or the machine, so the same archive gives the same bytes.
 */
#ifndef SB_HTML_H
#define SB_HTML_H

#include <stddef.h>

#include "chart.h"
#include "diag.h"
#include "gfx.h"
#include "sbuf.h"
#include "table.h"

/* The web column the PNGs are drawn for, in CSS pixels; the @2x PNG is twice it. */
#define HTML_WIDTH 700

/* The words of the page, in its language. */
struct html_words {
	const char *alt;  /* before a chart's title in its alt text: "圖表：" */
	const char *svg;  /* the link to a chart's SVG: "SVG" */
	const char *desc_bars, *desc_lines;   /* what a chart shows (chart_describe()) */
};

/* A bundle being written: the page so far and where it goes. */
struct html {
	struct sbuf sb;
	char *dir;
	char *index;                 /* dir/index.html, which the wording check names */
	struct gfx_fonts *fonts;
	struct html_words w;
	const char *part;            /* a split table's part's title (struct doc's) */
};

/*
 * Creates the folder dir (a link the user named is followed) and starts the page:
 * <html lang="lang">, its <title> and <h1> title, the stylesheet link.
 */
int html_open(struct html *h, const char *dir, const char *lang, const char *title,
	      struct gfx_fonts *fonts, const struct html_words *w, struct diag *d);
/* A heading of level 2 or 3. */
/* Appends s to sb with &, <, >, " and ' as character references (HTML and XML). */
void html_escape(struct sbuf *sb, const char *s);
void html_heading(struct html *h, int level, const char *text);
/* A paragraph of text. */
void html_para(struct html *h, const char *text);
/* The cover's facts: a <dl>, one <dt>/<dd> per pair kv[2i], kv[2i + 1]; pairs whose
 * value is NULL or empty are left out. */
void html_facts(struct html *h, const char *const *kv, size_t npairs);
/*
 * Chart c as a <figure>: its PNG (HTML_WIDTH wide, laid out with the web preset on
 * that canvas, width x height points being the template's; the fonts are left in
 * the web type scale) with the @2x one in srcset, the
 * alt text and caption from its title and subtitle, a link to its SVG; the three
 * files written into the bundle as name.png, name@2x.png and name.svg.
 */
int html_chart(struct html *h, struct chart *c, const char *name, double width,
	       double height, struct diag *d);
/* Table t as an HTML <table>. */
void html_table(struct html *h, const struct table *t);
/* Ends the page and writes index.html and style.css; releases h either way. */
int html_close(struct html *h, struct diag *d);
/* Drops a page that failed half-way (the files written stay); releases h. */
void html_discard(struct html *h);

#endif
