/* SPDX-License-Identifier: MIT */
/* html: the article bundle's page, its stylesheet and its chart files. */
#include "html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartdraw.h"
#include "pagesplit.h"
#include "safefile.h"
#include "version.h"
#include "wcheck.h"
#include "xalloc.h"

/* Scoped to the article's class, so it can be pasted beside a CMS's own styles. */
static const char css[] =
	"/* ssdbench article bundle: scoped to .ssdbench, paste beside the site's CSS */\n"
	".ssdbench { max-width: 700px; margin: 0 auto; font: 16px/1.6 \"Noto Sans CJK TC\", "
	"\"Noto Sans CJK SC\", system-ui, sans-serif; color: #222; }\n"
	".ssdbench h1 { font-size: 1.6em; line-height: 1.3; }\n"
	".ssdbench h2 { font-size: 1.25em; margin-top: 2em; }\n"
	".ssdbench dl.facts { display: grid; grid-template-columns: max-content 1fr; "
	"gap: 0.2em 1em; font-size: 0.9em; }\n"
	".ssdbench dl.facts dt { font-weight: bold; }\n"
	".ssdbench dl.facts dd { margin: 0; overflow-wrap: anywhere; }\n"
	".ssdbench figure { margin: 1.5em 0; }\n"
	".ssdbench figure img { display: block; max-width: 100%; height: auto; }\n"
	".ssdbench figcaption { font-size: 0.9em; color: #555; }\n"
	".ssdbench figcaption a { margin-left: 0.5em; }\n"
	".ssdbench table { border-collapse: collapse; margin: 1.5em 0; font-size: 0.85em; "
	"width: 100%; }\n"
	".ssdbench caption { text-align: left; font-weight: bold; padding-bottom: 0.3em; }\n"
	".ssdbench caption small { display: block; font-weight: normal; color: #555; }\n"
	".ssdbench th, .ssdbench td { padding: 0.25em 0.5em; border-bottom: 1px solid #ddd; "
	"vertical-align: top; }\n"
	".ssdbench thead th { border-bottom: 2px solid #888; text-align: left; }\n"
	".ssdbench tbody th { text-align: left; font-weight: normal; }\n"
	".ssdbench td.num, .ssdbench th.num { text-align: right; "
	"font-variant-numeric: tabular-nums; }\n"
	".ssdbench tfoot td { font-size: 0.85em; color: #777; border-bottom: 0; }\n"
	/* CrystalDiskMark's tiles (table_set_tile()): TABLE_TILE_* colours */
	".ssdbench .tile, .ssdbench table.tiles td { border: 2px solid #fff; "
	"vertical-align: middle; }\n"
	".ssdbench th.tile { background: #37474f; color: #fff; font-weight: bold; }\n"
	".ssdbench td.tile { background: #eef2f5; font-size: 1.5em; font-weight: bold; }\n";

void html_escape(struct sbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': sbuf_adds(sb, "&amp;"); break;
		case '<': sbuf_adds(sb, "&lt;"); break;
		case '>': sbuf_adds(sb, "&gt;"); break;
		case '"': sbuf_adds(sb, "&quot;"); break;
		case '\'': sbuf_adds(sb, "&#39;"); break;
		default: sbuf_addc(sb, *s);
		}
	}
}

/*
 * Text a reader reads (or hears, or sees as a tooltip), escaped onto the page: it
 * goes through the wording check, when the fonts have one. Names (files, the
 * language) are escaped alone.
 */
static void text(struct html *h, const char *s)
{
	struct wcheck *w = gfx_fonts_checker(h->fonts);

	html_escape(&h->sb, s);
	if (w && s && s[strspn(s, " \n\t")])
		wcheck_text(w, h->index, s);
}

/* <tag>escaped text</tag> and a newline. */
static void element(struct html *h, const char *tag, const char *s)
{
	sbuf_addf(&h->sb, "<%s>", tag);
	text(h, s);
	sbuf_addf(&h->sb, "</%s>\n", tag);
}

int html_open(struct html *h, const char *dir, const char *lang, const char *title,
	      struct gfx_fonts *fonts, const struct html_words *w, struct diag *d)
{
	int rc = safefile_mkdir(dir, 1, d);

	if (rc)
		return rc;
	memset(h, 0, sizeof(*h));
	sbuf_init(&h->sb);
	h->dir = xstrdup(dir);
	h->index = xasprintf("%s/index.html", dir);
	h->fonts = fonts;
	h->w = *w;
	sbuf_adds(&h->sb, "<!DOCTYPE html>\n<html lang=\"");
	html_escape(&h->sb, lang);
	sbuf_adds(&h->sb, "\">\n<head>\n<meta charset=\"utf-8\">\n"
		  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		  "<meta name=\"generator\" content=\"ssdbench " SSDBENCH_VERSION "\">\n");
	element(h, "title", title);
	sbuf_adds(&h->sb, "<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n"
		  "<article class=\"ssdbench\">\n");
	element(h, "h1", title);
	return 0;
}

void html_heading(struct html *h, int level, const char *text)
{
	element(h, level <= 2 ? "h2" : "h3", text);
}

void html_para(struct html *h, const char *text)
{
	element(h, "p", text);
}

void html_facts(struct html *h, const char *const *kv, size_t npairs)
{
	sbuf_adds(&h->sb, "<dl class=\"facts\">\n");
	for (size_t i = 0; i < npairs; i++) {
		if (!kv[2 * i + 1] || !*kv[2 * i + 1])
			continue;
		element(h, "dt", kv[2 * i]);
		element(h, "dd", kv[2 * i + 1]);
	}
	sbuf_adds(&h->sb, "</dl>\n");
}

/* The chart's title, and its subtitle after a dash when it has one. */
static void title_line(struct html *h, const char *title, const char *sub)
{
	text(h, title);
	if (sub && *sub) {
		sbuf_adds(&h->sb, title && *title ? " — " : "");
		text(h, sub);
	}
}

int html_chart(struct html *h, struct chart *c, const char *name, double width,
	       double height, struct diag *d)
{
	static const struct { enum gfx_format fmt; const char *ext; int px; } files[] = {
		{ GFX_SVG, ".svg", 0 }, { GFX_PNG, ".png", HTML_WIDTH },
		{ GFX_PNG, "@2x.png", 2 * HTML_WIDTH },
	};
	const struct chart_preset *web = chart_preset(CHART_PRESET_WEB);
	struct sbuf *sb = &h->sb;
	double w, ht;
	long px_h;
	int rc = 0;

	/* laid out for the page, HTML_WIDTH px wide in the web type scale, not shrunk */
	chart_preset_canvas(web, width, height, HTML_WIDTH, &w, &ht);
	gfx_fonts_preset(h->fonts, web);
	for (size_t i = 0; !rc && i < sizeof(files) / sizeof(files[0]); i++) {
		char *path = xasprintf("%s/%s%s", h->dir, name, files[i].ext);

		rc = chartdraw_file(c, h->fonts, files[i].fmt, path, w, ht, files[i].px, NULL,
				    d);
		free(path);
	}
	if (rc)
		return rc;
	/* the PNG's own height: gfx rounds the canvas at the same scale */
	px_h = lround(c->lay.height * HTML_WIDTH / c->lay.width);
	sbuf_adds(sb, "<figure>\n<img src=\"");
	html_escape(sb, name);
	sbuf_adds(sb, ".png\" srcset=\"");
	html_escape(sb, name);
	sbuf_adds(sb, ".png 1x, ");
	html_escape(sb, name);
	sbuf_addf(sb, "@2x.png 2x\" width=\"%d\" height=\"%ld\" alt=\"", HTML_WIDTH, px_h);
	/* the alt text says what the picture shows: its title, then its data */
	text(h, h->w.alt);
	text(h, c->title);
	{
		struct sbuf desc;

		sbuf_init(&desc);
		chart_describe(c, h->w.desc_bars, h->w.desc_lines, &desc);
		if (desc.len) {
			sbuf_adds(sb, c->title && *c->title ? " — " : "");
			text(h, desc.buf);
		}
		sbuf_release(&desc);
	}
	sbuf_adds(sb, "\">\n<figcaption>");
	title_line(h, c->title, c->subtitle);
	sbuf_adds(sb, " <a href=\"");
	html_escape(sb, name);
	sbuf_adds(sb, ".svg\">");
	text(h, h->w.svg);
	sbuf_adds(sb, "</a></figcaption>\n</figure>\n");
	return 0;
}

/* "12,345", "-3.5 %", "31.7 µs", "1,234 (+5.0%)" are numbers; "–" (not measured)
 * goes with them; "4k-read", "randread / 4 KiB" do not. */
static int is_number(const char *s)
{
	if (!strcmp(s, "–") || !*s)
		return 1;
	if (*s == '+' || *s == '-')
		s++;
	if (*s < '0' || *s > '9')
		return 0;
	s += strspn(s, "0123456789,.");
	return !*s || *s == ' ' || *s == '%' || *s == '(';
}

/* Which columns right-align: those every cell of which is a number (column 0 heads
 * its row, so never). */
static int *number_cols(const struct table *t)
{
	int *num = xcalloc(t->ncols + 1, sizeof(*num));

	for (size_t c = 1; c < t->ncols; c++) {
		num[c] = 1;
		for (size_t r = 0; r < t->nrows && num[c]; r++)
			num[c] = is_number(t->cells[r * t->ncols + c].text);
	}
	return num;
}

/* A table cell: column 0 heads its row; shaded with the cell's fill; a tile's class. */
static void cell(struct html *h, size_t col, int num, int tile, const struct table_cell *c)
{
	struct sbuf *sb = &h->sb;

	if (!col) {
		sbuf_adds(sb, tile ? "<th scope=\"row\" class=\"tile\">" : "<th scope=\"row\">");
		text(h, c->text);
		sbuf_adds(sb, "</th>");
		return;
	}
	sbuf_adds(sb, num && tile ? "<td class=\"num tile\" style=\"text-align:right"
		      : num	  ? "<td class=\"num\" style=\"text-align:right"
		      : tile	  ? "<td class=\"tile\""
				  : "<td");
	if (c->fill != TABLE_NO_FILL)
		sbuf_addf(sb, "%sbackground:#%06x", num ? ";" : " style=\"",
			  (unsigned)(c->fill & 0xffffffu));
	sbuf_adds(sb, num || c->fill != TABLE_NO_FILL ? "\">" : ">");
	text(h, c->text);
	sbuf_adds(sb, "</td>");
}

static void one_table(struct html *h, const struct table *t);

void html_table(struct html *h, const struct table *t)
{
	struct chart_measure m;
	struct table **cols = NULL;
	size_t n;

	/*
	 * Too wide for the page: its column parts, as the table's web SVG has them (laid
	 * out HTML_WIDTH wide in the web type scale; the browser's 13.6 px cells wrap at
	 * spaces, which the model's do not, so what fits there fits here).
	 */
	gfx_fonts_preset(h->fonts, chart_preset(CHART_PRESET_WEB));
	gfx_fonts_measure(h->fonts, &m);
	n = pagesplit_columns(t, HTML_WIDTH, &m, h->part, &cols);
	if (!n)
		one_table(h, t);
	for (size_t k = 0; k < n; k++) {
		one_table(h, cols[k]);
		table_free(cols[k]);
	}
	free(cols);
}

static void one_table(struct html *h, const struct table *t)
{
	struct sbuf *sb = &h->sb;
	int *num = number_cols(t), tiles = 0;

	for (size_t c = 0; c < t->ncols; c++)
		tiles |= t->tile[c];
	sbuf_adds(sb, tiles ? "<table class=\"tiles\">\n<caption>" : "<table>\n<caption>");
	text(h, t->title);
	if (t->subtitle && *t->subtitle) {
		sbuf_adds(sb, " <small>"); /* a space: read as two phrases without the CSS */
		text(h, t->subtitle);
		sbuf_adds(sb, "</small>");
	}
	sbuf_adds(sb, "</caption>\n<thead><tr>");
	for (size_t c = 0; c < t->ncols; c++) {
		sbuf_adds(sb, num[c] ? "<th scope=\"col\" class=\"num\" style=\"text-align:right\">"
				     : "<th scope=\"col\">");
		text(h, t->head[c]);
		sbuf_adds(sb, "</th>");
	}
	sbuf_adds(sb, "</tr></thead>\n<tbody>\n");
	for (size_t r = 0; r < t->nrows; r++) {
		sbuf_adds(sb, "<tr>");
		for (size_t c = 0; c < t->ncols; c++)
			cell(h, c, num[c], t->tile[c], &t->cells[r * t->ncols + c]);
		sbuf_adds(sb, "</tr>\n");
	}
	sbuf_adds(sb, "</tbody>\n");
	if (t->footer && *t->footer) {
		sbuf_addf(sb, "<tfoot><tr><td colspan=\"%zu\">", t->ncols);
		text(h, t->footer);
		sbuf_adds(sb, "</td></tr></tfoot>\n");
	}
	sbuf_adds(sb, "</table>\n");
	free(num);
}

void html_discard(struct html *h)
{
	sbuf_release(&h->sb);
	free(h->dir);
	free(h->index);
	h->dir = h->index = NULL;
}

int html_close(struct html *h, struct diag *d)
{
	char *style = xasprintf("%s/style.css", h->dir);
	int rc;

	sbuf_adds(&h->sb, "</article>\n</body>\n</html>\n");
	rc = safefile_write(style, css, sizeof(css) - 1, d);
	if (!rc)
		rc = safefile_write(h->index, h->sb.buf, h->sb.len, d);
	free(style);
	html_discard(h);
	return rc;
}
