/* SPDX-License-Identifier: MIT */
/* xmlfile: safe, located reading of the report's XML templates and string tables. */
#include "xmlfile.h"

#include <ctype.h>
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

static void xml_error(void *ctx, xmlErrorPtr e)
{
	struct xml_err *x = ctx;
	char msg[512];

	if (!e || e->level < XML_ERR_ERROR)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "malformed XML");
	msg[strcspn(msg, "\n")] = '\0';
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

static xmlDocPtr parse(const char *path, const struct sbuf *text, struct diag *d)
{
	struct xml_err x = { d, path };
	const char *bad = strstr(text->buf, "<!DOCTYPE");
	xmlDocPtr doc;
	int line, col;

	if (!bad)
		bad = strstr(text->buf, "<!ENTITY");
	if (bad) {
		line_col(text->buf, (size_t)(bad - text->buf), &line, &col);
		diag_set(d, -SB_EPARSE, path, line, col, "a DOCTYPE or ENTITY "
			 "declaration is not allowed in a template or string table");
		return NULL;
	}
	xmlSetStructuredErrorFunc(&x, xml_error);
	doc = xmlReadMemory(text->buf, (int)text->len, path, NULL,
			    XML_PARSE_NONET | XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(NULL, NULL);
	if (doc && d->code) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	if (!doc)
		diag_set(d, -SB_EPARSE, path, 0, 0, "malformed XML");
	return doc;
}

int xmlfile_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE && !xmlStrcmp(n->name, BAD_CAST name);
}

xmlDocPtr xmlfile_read(const char *path, struct sbuf *text, struct diag *d)
{
	int rc = sbuf_read_file(text, path);

	if (rc) {
		diag_set(d, -SB_ENOENT, NULL, 0, 0, "cannot read '%s': %s", path,
			 strerror(-rc));
		return NULL;
	}
	return parse(path, text, d);
}
