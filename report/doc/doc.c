/* SPDX-License-Identifier: MIT */
/* doc: a document's items and output options, whatever its kind (doc.h). */
#include "doc.h"

#include <stdlib.h>
#include <string.h>

#include "wcheck.h"
#include "xalloc.h"

void doc_init(struct doc *doc)
{
	memset(doc, 0, sizeof(*doc));
}

void doc_release(struct doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		free(doc->items[i].name);
		chart_free(doc->items[i].c);
		table_free(doc->items[i].t);
	}
	free(doc->items);
	free(doc->footer);
	if (doc->own_fonts)
		gfx_fonts_free(doc->fonts);
	wcheck_free(doc->check);
	doc->check = NULL;
	doc->items = NULL;
	doc->n = doc->cap = 0;
	doc->footer = NULL;
	doc->fonts = NULL;
	doc->own_fonts = 0;
}

void doc_set_fonts(struct doc *doc, struct gfx_fonts *fonts)
{
	doc->fonts = fonts;
	gfx_fonts_measure(fonts, &doc->m);
	gfx_fonts_preset(fonts, doc->preset);
	gfx_fonts_svg_outlines(fonts, doc->svg_outlines);
}

struct doc_item *doc_add(struct doc *doc, char *name, struct chart *c, struct table *t,
			 double width, double height)
{
	XGROW(doc->items, doc->cap, doc->n + 1);
	doc->items[doc->n] = (struct doc_item){ name, c, t, width, height };
	return &doc->items[doc->n++];
}

const char *doc_word(const struct doc *doc, enum msg id)
{
	return doc->msg ? doc->msg[id] : NULL;
}

int doc_png_width(const struct doc *doc)
{
	return doc->png_width > 0 ? doc->png_width : doc->preset->png_width;
}
