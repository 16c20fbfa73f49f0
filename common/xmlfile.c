/* SPDX-License-Identifier: MIT */
/*
 * xmlfile: safe, located reading of XML: report templates, string tables and plans;
 * and the map from their elements and attributes back to exact lines and columns.
 */
#define _GNU_SOURCE
#include "xmlfile.h"

#include <ctype.h>
#include <limits.h>
#include <stdint.h>
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
		xmlfile_src_linecol(&(struct xmlfile_src){ .text = text->buf, .len = text->len },
				    (size_t)(bad - text->buf), &line, &col);
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

/* ------------------------------------------------------------------------- */
/* Source locations                                                          */

static int name_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.' || c == ':' || c >= 0x80;
}

/* Returns the offset just past the first occurrence of end at or after i. */
static size_t skip_past(const char *t, size_t len, size_t i, const char *end)
{
	size_t n = strlen(end);

	for (; i + n <= len; i++)
		if (!memcmp(t + i, end, n))
			return i + n;
	return len;
}

/* Returns the offset just past the tag starting at i (quotes respected). */
static size_t skip_tag(const char *t, size_t len, size_t i)
{
	char q = 0;

	for (; i < len; i++) {
		if (q) {
			if (t[i] == q)
				q = 0;
		} else if (t[i] == '"' || t[i] == '\'') {
			q = t[i];
		} else if (t[i] == '>') {
			return i + 1;
		}
	}
	return len;
}

void xmlfile_src_scan(struct xmlfile_src *s, const char *text, size_t len)
{
	size_t i = 0;

	memset(s, 0, sizeof(*s));
	s->text = text;
	s->len = len;
	s->doctype = (size_t)-1;
	while (i < len) {
		if (text[i] != '<') {
			i++;
		} else if (!strncmp(text + i, "<!--", 4)) {
			i = skip_past(text, len, i + 4, "-->");
		} else if (!strncmp(text + i, "<![CDATA[", 9)) {
			i = skip_past(text, len, i + 9, "]]>");
		} else if (!strncmp(text + i, "<?", 2)) {
			i = skip_past(text, len, i + 2, "?>");
		} else if (!strncmp(text + i, "<!DOCTYPE", 9) || !strncmp(text + i, "<!ENTITY", 8)) {
			if (s->doctype == (size_t)-1)
				s->doctype = i;
			i = skip_tag(text, len, i + 1);
		} else if (i + 1 < len && (text[i + 1] == '!' || text[i + 1] == '/')) {
			i = skip_tag(text, len, i + 1);
		} else {
			XGROW(s->tags, s->cap, s->ntags + 1);
			s->tags[s->ntags++] = i;
			i = skip_tag(text, len, i + 1);
		}
	}
}

void xmlfile_src_release(struct xmlfile_src *s)
{
	free(s->tags);
	memset(s, 0, sizeof(*s));
}

static void number(xmlNode *n, size_t *next)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		n->_private = (void *)(uintptr_t)++*next;
		number(n->children, next);
	}
}

void xmlfile_src_number(xmlNode *n)
{
	size_t next = 0;

	number(n, &next);
}

int xmlfile_src_attr(const struct xmlfile_src *s, size_t tag, const char *attr,
		     size_t *name_off, size_t *val_off)
{
	const char *t = s->text;
	size_t len = s->len, i = tag + 1, alen = strlen(attr);

	while (i < len && name_char((unsigned char)t[i]))
		i++;
	while (i < len && t[i] != '>' && t[i] != '/') {
		size_t n0, n1;

		while (i < len && isspace((unsigned char)t[i]))
			i++;
		n0 = i;
		while (i < len && name_char((unsigned char)t[i]))
			i++;
		n1 = i;
		if (n1 == n0)
			return -1;
		while (i < len && isspace((unsigned char)t[i]))
			i++;
		if (i >= len || t[i] != '=')
			return -1;
		i++;
		while (i < len && isspace((unsigned char)t[i]))
			i++;
		if (i >= len || (t[i] != '"' && t[i] != '\''))
			return -1;
		if (n1 - n0 == alen && !memcmp(t + n0, attr, alen)) {
			*name_off = n0;
			*val_off = i + 1;
			return 0;
		}
		i = skip_past(t, len, i + 1, t[i] == '"' ? "\"" : "'");
	}
	return -1;
}

size_t xmlfile_src_at(const struct xmlfile_src *s, const xmlNode *n, const char *attr,
		      int want_value)
{
	size_t num = n ? (size_t)(uintptr_t)n->_private : 0, tag, name_off, val_off;

	if (!num || num > s->ntags)
		return (size_t)-1;
	tag = s->tags[num - 1];
	if (!attr || xmlfile_src_attr(s, tag, attr, &name_off, &val_off))
		return tag;
	return want_value ? val_off : name_off;
}

void xmlfile_src_linecol(const struct xmlfile_src *s, size_t off, int *line, int *col)
{
	int ln = 1, c = 1;

	for (size_t i = 0; i < off && i < s->len; i++) {
		unsigned char ch = (unsigned char)s->text[i];

		if (ch == '\n') {
			ln++;
			c = 1;
		} else if ((ch & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = ln;
	*col = c;
}
