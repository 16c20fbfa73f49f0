/* SPDX-License-Identifier: MIT */
/* i18n: loads and checks a language's string table (libxml2, no network, no DTD, no entities). */
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "lang.h"
#include "sbuf.h"
#include "xalloc.h"
#include "xmlfile.h"

struct i18n {
	char **s;
	size_t n;
};

_Static_assert(LANG_N <= I18N_MAX_LANGS, "I18N_MAX_LANGS holds every language");

const char *i18n_lang_find(const char *tag)
{
	int l = lang_find(tag);

	return l < 0 ? NULL : lang_tag((enum lang)l);
}

const char *i18n_lang(size_t i)
{
	return i < LANG_N ? lang_tag((enum lang)i) : NULL;
}

char *i18n_path(const char *datadir, const char *lang)
{
	const char *tag = i18n_lang_find(lang ? lang : lang_default());

	return xasprintf("%s/templates/i18n/%s.xml", datadir, tag ? tag : "en");
}

const char *i18n_lang_known(void)
{
	static char buf[64];

	if (!buf[0])
		for (int i = 0; i < LANG_N; i++)
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s",
				 i ? ", " : "", lang_tag((enum lang)i));
	return buf;
}

int i18n_lang_check(const char *tag, struct diag *d)
{
	if (i18n_lang_find(tag))
		return 0;
	return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "unknown language '%s' (known: %s)",
			tag ? tag : "", i18n_lang_known());
}

int i18n_lang_split(const char *list, const char **out, size_t max, size_t *n,
		    struct diag *d)
{
	const char *p = list ? list : "";
	int rc = 0;

	*n = 0;
	while (!rc) {
		size_t len = strcspn(p, ",");
		char *one = xstrndup(p, len);
		const char *tag = i18n_lang_find(one);
		size_t k = 0;

		while (tag && k < *n && strcmp(out[k], tag))
			k++;
		if (!tag)
			rc = i18n_lang_check(one, d);
		else if (k < *n)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "language '%s' given twice", one);
		else if (*n == max)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "more than %zu languages", max);
		else
			out[(*n)++] = tag;
		free(one);
		if (!p[len])
			break;
		p += len + 1;
	}
	return rc;
}

/* Stores one <string>; checks it is known and not repeated. */
static int take_string(struct i18n *t, xmlNode *n, const char *const *ids,
		       const char *path, const char *text, struct diag *d)
{
	long line = xmlGetLineNo(n);
	xmlChar *id = xmlGetProp(n, BAD_CAST "id");
	size_t i = 0;
	int rc = 0;

	while (id && i < t->n && strcmp((const char *)id, ids[i]))
		i++;
	if (!xmlfile_is(n, "string"))
		rc = diag_set(d, -SB_EPARSE, path, (int)line, xmlfile_col(text, line),
			      "unknown element <%s> (expected <string>)", n->name);
	else if (!id || i == t->n)
		rc = diag_set(d, -SB_EPARSE, path, (int)line, xmlfile_col(text, line),
			      "unknown string id '%s'", id ? (const char *)id : "");
	else if (t->s[i])
		rc = diag_set(d, -SB_EPARSE, path, (int)line, xmlfile_col(text, line),
			      "string '%s' is defined twice", ids[i]);
	else {
		xmlChar *v = xmlNodeGetContent(n);

		t->s[i] = xstrdup(v ? (const char *)v : "");
		xmlFree(v);
	}
	xmlFree(id);
	return rc;
}

static int take_all(struct i18n *t, xmlDocPtr doc, const char *const *ids,
		    const char *path, const char *text, struct diag *d)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	int rc = 0;

	if (!xmlfile_is(root, "strings"))
		return diag_set(d, -SB_EPARSE, path, root ? (int)xmlGetLineNo(root) : 1, 1,
				"the root element must be <strings>");
	for (xmlNode *n = root->children; !rc && n; n = n->next)
		if (n->type == XML_ELEMENT_NODE)
			rc = take_string(t, n, ids, path, text, d);
	for (size_t i = 0; !rc && i < t->n; i++)
		if (!t->s[i])
			rc = diag_set(d, -SB_EPARSE, path, (int)xmlGetLineNo(root), 1,
				      "string '%s' is missing", ids[i]);
	return rc;
}

int i18n_load(struct i18n **out, const char *path, const char *const *ids, size_t n,
	      struct diag *d)
{
	struct i18n *t = xcalloc(1, sizeof(*t));
	struct sbuf text;
	xmlDocPtr doc;
	int rc;

	*out = NULL;
	t->n = n;
	t->s = xcalloc(n + 1, sizeof(*t->s));
	sbuf_init(&text);
	doc = xmlfile_read(path, &text, d);
	rc = doc ? take_all(t, doc, ids, path, text.buf, d) : d->code;
	xmlFreeDoc(doc);
	sbuf_release(&text);
	if (rc)
		i18n_free(t);
	else
		*out = t;
	return rc;
}

void i18n_free(struct i18n *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->s[i]);
	free(t->s);
	free(t);
}

const char *const *i18n_strings(const struct i18n *t)
{
	return (const char *const *)t->s;
}
