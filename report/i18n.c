/* SPDX-License-Identifier: MIT */
/* i18n: loads and checks a language's string table (libxml2, no network, no DTD, no entities). */
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "sbuf.h"
#include "xalloc.h"
#include "xmlfile.h"

struct i18n {
	char **s;
	size_t n;
};

static const struct {
	const char *prefix;
	const char *file;
} lang_files[] = {
	{ "zh-cn", "zh-CN" }, { "zh-sg", "zh-CN" }, { "zh-hans", "zh-CN" },
	{ "zh", "zh-TW" },    { "", "en" },
};

const char *i18n_lang(size_t i)
{
	for (size_t k = 0; k < sizeof(lang_files) / sizeof(lang_files[0]); k++) {
		size_t seen = 0;

		while (seen < k && strcmp(lang_files[seen].file, lang_files[k].file))
			seen++;
		if (seen == k && i-- == 0)
			return lang_files[k].file;
	}
	return NULL;
}

char *i18n_path(const char *datadir, const char *lang)
{
	size_t i = 0;

	lang = lang ? lang : "zh-TW";
	while (lang_files[i].prefix[0] &&
	       strncasecmp(lang, lang_files[i].prefix, strlen(lang_files[i].prefix)))
		i++;
	return xasprintf("%s/templates/i18n/%s.xml", datadir, lang_files[i].file);
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
