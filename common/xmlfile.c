/* SPDX-License-Identifier: MIT */
/* xmlfile: safe, located reading of XML: report templates, string tables and plans. */
#define _GNU_SOURCE
#include "xmlfile.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "err.h"
#include "xalloc.h"

struct xml_err {
	struct diag *d;
	const char *file;
};

/* libxml2's structured error callback: keeps the first error, with its column. */
static void xml_error(void *ctx, xmlErrorPtr e)
{
	struct xml_err *x = ctx;
	char msg[512];

	if (!e || e->level < XML_ERR_ERROR)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "malformed XML");
	msg[strcspn(msg, "\n")] = '\0';
	for (size_t n = strlen(msg); n && msg[n - 1] == ' ';)
		msg[--n] = '\0';
	msg[0] = (char)tolower((unsigned char)msg[0]);
	diag_set(x->d, -SB_EPARSE, x->file, e->line, e->int2, "%s", msg);
}

/* Line and column of byte off in text, 1-based. */
static void line_col(const char *text, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n')
			++*line, *col = 1;
		else
			++*col;
	}
}

/* Column of the first '<' on line (1-based): where an element starts. */
int xmlfile_col(const char *text, long line)
{
	const char *p = text;

	for (long l = 1; l < line && p; l++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return 0;
	return (int)(strcspn(p, "<\n") + 1);
}

xmlDocPtr xmlfile_parse(const char *path, const char *text, size_t len, struct diag *d)
{
	struct xml_err x = { d, path };
	xmlParserCtxtPtr ctxt;
	xmlDocPtr doc = NULL;

	if (len > INT_MAX) {
		diag_set(d, -SB_EPARSE, path, 0, 0, "file is too large to parse");
		return NULL;
	}
	ctxt = xmlNewParserCtxt();
	if (ctxt) {
		xmlSetStructuredErrorFunc(&x, xml_error);
		doc = xmlCtxtReadMemory(ctxt, text, (int)len, path, "UTF-8",
					XML_PARSE_NONET | XML_PARSE_NOCDATA);
		xmlSetStructuredErrorFunc(NULL, NULL);
		xmlFreeParserCtxt(ctxt);
	}
	if (doc && !d->code && (doc->intSubset || doc->extSubset))
		diag_set(d, -SB_EPARSE, path, 0, 0, "a DOCTYPE or ENTITY declaration is "
			 "not allowed (no DTDs, no entities)");
	if (doc && d->code) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (!doc)
		diag_set(d, -SB_EPARSE, path, 0, 0, "malformed XML");
	return doc;
}

/* The first element nested deeper than XMLFILE_MAX_DEPTH under n (at depth), or NULL. */
static const xmlNode *too_deep(const xmlNode *n, int depth)
{
	for (; n; n = n->next) {
		const xmlNode *deep;

		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (depth > XMLFILE_MAX_DEPTH)
			return n;
		deep = too_deep(n->children, depth + 1);
		if (deep)
			return deep;
	}
	return NULL;
}

static xmlDocPtr parse(const char *path, const struct sbuf *text, struct diag *d)
{
	const char *bad = memmem(text->buf, text->len, "<!DOCTYPE", 9);
	const xmlNode *deep;
	xmlDocPtr doc;
	int line, col;

	if (!bad)
		bad = memmem(text->buf, text->len, "<!ENTITY", 8);
	if (bad) {
		line_col(text->buf, (size_t)(bad - text->buf), &line, &col);
		diag_set(d, -SB_EPARSE, path, line, col, "a DOCTYPE or ENTITY "
			 "declaration is not allowed in a template or string table");
		return NULL;
	}
	doc = xmlfile_parse(path, text->buf, text->len, d);
	deep = doc ? too_deep(xmlDocGetRootElement(doc), 1) : NULL;
	if (deep) {
		long l = xmlGetLineNo(deep);

		diag_set(d, -SB_EPARSE, path, (int)l, xmlfile_col(text->buf, l),
			 "elements nested deeper than %d levels", XMLFILE_MAX_DEPTH);
		xmlFreeDoc(doc);
		doc = NULL;
	}
	return doc;
}

int xmlfile_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, (const xmlChar *)name);
}

xmlDocPtr xmlfile_read(const char *path, struct sbuf *text, struct diag *d)
{
	int rc = sbuf_read_file(text, path);

	if (rc) {
		diag_set(d, -SB_ENOENT, NULL, 0, 0, "cannot read '%s': %s", path,
			 strerror(-rc));
		return NULL;
	}
	if (text->len > XMLFILE_MAX_BYTES) {
		diag_set(d, -SB_EPARSE, path, 0, 0, "file is larger than %u KiB",
			 XMLFILE_MAX_BYTES >> 10);
		return NULL;
	}
	return parse(path, text, d);
}
