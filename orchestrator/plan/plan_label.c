/* SPDX-License-Identifier: MIT */
/*
 * plan_label: the display labels of steps, <rounds> and targets: the
 * label= attribute (every language) and <label lang="zh-TW">text</label> children,
 * their ${var}s substituted where the element stands (once per sweep value).
 */
#include <stdlib.h>
#include <string.h>

#include "plan_int.h"
#include "sbuf.h"
#include "xalloc.h"

static void labels_set(struct plan_labels *l, const char *lang, const char *text)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].lang, lang)) {
			free(l->v[i].text);
			l->v[i].text = xstrdup(text);
			return;
		}
	XGROW(l->v, l->cap, l->n + 1);
	l->v[l->n].lang = xstrdup(lang);
	l->v[l->n++].text = xstrdup(text);
}

void plan__labels_attr(struct plan_labels *l, const char *label)
{
	if (label && *label)
		labels_set(l, "*", label);
}

int plan__load_label(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		     struct plan_labels *l)
{
	struct plan_label rec = { NULL, NULL };
	struct sbuf text;
	int rc;

	if (!l)
		return plan__err_node(ld, n, NULL, 0, "<label> is not allowed inside <%s>",
				      n->parent ? (const char *)n->parent->name : "?");
	sbuf_init(&text);
	rc = plan__load_attrs(ld, n, e, &rec, 1);
	if (!rc && (!strcmp(rec.lang, "*") || strpbrk(rec.lang, " \t\n,")))
		rc = plan__err_node(ld, n, "lang", 1, "invalid lang '%s' (a language tag such "
				    "as en, zh-TW, zh-CN; label= is the label of every language)",
				    rec.lang);
	for (size_t i = 0; !rc && i < l->n; i++)
		if (!strcmp(l->v[i].lang, rec.lang))
			rc = plan__err_node(ld, n, "lang", 1, "a second <label> in '%s'", rec.lang);
	if (!rc)
		rc = plan__text_value(ld, n, &text);
	if (!rc)
		labels_set(l, rec.lang, text.buf);
	free(rec.lang);
	free(rec.text);
	sbuf_release(&text);
	return rc;
}

void plan_labels_release(struct plan_labels *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].lang);
		free(l->v[i].text);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}
