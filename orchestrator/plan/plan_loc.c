/* SPDX-License-Identifier: MIT */
/*
 * plan_loc: maps plan elements and attributes back to exact lines and columns, and
 * reports the loader's errors there.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "plan_int.h"
#include "xalloc.h"

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

void plan__src_scan(struct plan__src *s, const char *text, size_t len)
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

void plan__src_release(struct plan__src *s)
{
	free(s->tags);
	memset(s, 0, sizeof(*s));
}

int plan__attr_pos(const struct plan__src *s, size_t tag, const char *attr,
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

void plan__linecol(const struct plan__src *s, size_t off, int *line, int *col)
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

/* ------------------------------------------------------------------------- */
/* Errors at locations                                                       */

static size_t node_tag(const xmlNode *n)
{
	return (size_t)(uintptr_t)n->_private;
}

static size_t elem_off(const struct plan__doc *doc, const xmlNode *n)
{
	size_t tag = node_tag(n);

	return tag && tag <= doc->src.ntags ? doc->src.tags[tag - 1] : (size_t)-1;
}

static size_t attr_off(const struct plan__doc *doc, const xmlNode *n, const char *attr,
		       int want_value)
{
	size_t tag = elem_off(doc, n), name_off, val_off;

	if (!attr || tag == (size_t)-1 ||
	    plan__attr_pos(&doc->src, tag, attr, &name_off, &val_off))
		return tag;
	return want_value ? val_off : name_off;
}

/* Reports an error at byte off of doc (at line when off is unknown), shifted by
 * extra characters to the right. */
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
{
	char msg[1024];
	int col = 0;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (off != (size_t)-1) {
		plan__linecol(&doc->src, off, &line, &col);
		col += extra;
	}
	return diag_set(ld->d, -SB_EPARSE, doc->file, line, col, "%s", msg);
}

int plan__err_at(struct plan__loader *ld, const struct plan__origin *o,
		 const char *attr, int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, o->doc, attr_off(o->doc, o->node, attr, want_value),
		  (int)xmlGetLineNo(o->node), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error at node n of the current file (at attr when not NULL). */
int plan__err_node(struct plan__loader *ld, const xmlNode *n, const char *attr,
		    int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, attr_off(ld->doc, n, attr, want_value),
		  (int)xmlGetLineNo(n), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error inside attr's value, extra characters after its first one. */
int plan__err_in_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
			int extra, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, attr_off(ld->doc, n, attr, 1), (int)xmlGetLineNo(n),
		  extra, fmt, ap);
	va_end(ap);
	return rc;
}
