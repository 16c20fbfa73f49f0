/* SPDX-License-Identifier: MIT */
/* plan_loc: maps plan elements and attributes back to exact lines and columns. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

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
