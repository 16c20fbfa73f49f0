/* SPDX-License-Identifier: MIT */
/*
 * doc_html: a document as an HTML article bundle (html.c): the kind's own
 * sections first, then every chart as a figure (web preset, 700 px PNG, @2x,
 * SVG) and every table as an HTML table, in the document's order and language.
 */
#include "doc.h"
#include "html.h"

int doc_write_html(struct doc *doc, const char *path, const struct doc_kind *k,
		   struct diag *d)
{
	const struct doc_html *p = &k->html;
	static const struct html_words none = { "", "SVG", NULL, NULL };
	struct html h;
	int rc = html_open(&h, path, doc->lang, doc->title ? doc->title : "", doc->fonts,
			   p->words ? p->words : &none, d);

	if (rc)
		return rc;
	h.part = doc_word(doc, W_PART);
	if (p->head)
		p->head(p->arg, &h);
	for (size_t i = 0; !rc && i < doc->n; i++) {
		struct doc_item *it = &doc->items[i];

		if (it->c)
			rc = html_chart(&h, it->c, it->name, it->width, it->height, d);
		else if (it->t)
			html_table(&h, it->t);
	}
	if (rc) {
		html_discard(&h);
		return rc;
	}
	return html_close(&h, d);
}
