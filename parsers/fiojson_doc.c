/* SPDX-License-Identifier: MIT */
/*
 * fiojson_doc: finds fio's JSON documents in its output, repairs them (nan, control
 * bytes, bad UTF-8) and decodes the last one without its jobs, which are then decoded
 * one at a time: a report's size, not its jansson tree, bounds the memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "fiojson_int.h"
#include "xalloc.h"

/* ---- finding and repairing documents -------------------------------------- */



/* Before the first repair at i: the copy starts with everything before it. */
static void doc_repair_at(const char *buf, size_t i, struct doc *doc)
{
	if (!doc->copying)
		sbuf_add(&doc->text, buf + doc->start, i - doc->start);
	doc->copying = 1;
	doc->nfixed++;
}

static void doc_keep(struct doc *doc, const char *p, size_t n)
{
	if (doc->copying)
		sbuf_add(&doc->text, p, n);
}

/* Returns the length of a valid UTF-8 sequence at s, or 0 when it is invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

static int may_start_bad_number(char c)
{
	return c == '-' || c == '+' || c == 'n' || c == 'N' || c == 'i' || c == 'I';
}

/* Length of a bare nan/-nan/inf/-inf/infinity token at s (outside strings), or 0. */
static size_t bad_number_len(const char *s, size_t n)
{
	static const char *const words[] = { "infinity", "nan", "inf" };
	size_t sign = (s[0] == '-' || s[0] == '+') ? 1 : 0;

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
		size_t wl = strlen(words[w]), end = sign + wl;

		if (end > n || strncasecmp(s + sign, words[w], wl) != 0)
			continue;
		if (end < n && (s[end] == '_' || s[end] == '(' ||
				((s[end] | 0x20) >= 'a' && (s[end] | 0x20) <= 'z')))
			continue;
		return end;
	}
	return 0;
}

/* Copies one string byte (or UTF-8 sequence) starting at i; returns bytes consumed. */
static size_t repair_string_byte(const char *buf, size_t len, size_t i, struct doc *doc)
{
	const unsigned char *u = (const unsigned char *)buf + i;
	size_t n;

	if (*u < 0x20) {
		doc_repair_at(buf, i, doc);
		sbuf_addc(&doc->text, ' ');
		return 1;
	}
	n = utf8_len(u, len - i);
	if (!n) {
		doc_repair_at(buf, i, doc);
		sbuf_addc(&doc->text, '?');
		return 1;
	}
	doc_keep(doc, buf + i, n);
	return n;
}

/* Writes "null" for a bad number token of n bytes at i: padded with spaces, or one
 * inserted byte. */
static void repair_number(const char *buf, size_t i, size_t n, struct doc *doc)
{
	doc_repair_at(buf, i, doc);
	sbuf_adds(&doc->text, "null");
	if (n < 4) {
		XGROW(doc->ins, doc->inscap, doc->nins + 1);
		doc->ins[doc->nins++] = doc->text.len - 1;
	}
	for (size_t k = 4; k < n; k++)
		sbuf_addc(&doc->text, ' ');
}

/*
 * Cuts the document starting at doc->start (a '{'), repairing it into doc->text,
 * and sets doc->end one past its closing brace, or to len when it never closes.
 */
static void doc_cut(const char *buf, size_t len, struct doc *doc)
{
	size_t i = doc->start;
	long depth = 0;
	int in_str = 0, esc = 0;

	while (i < len) {
		char c = buf[i];
		size_t n;

		if (in_str && (esc || (c != '"' && c != '\\'))) {
			esc = 0;
			i += repair_string_byte(buf, len, i, doc);
			continue;
		}
		if (in_str) {
			esc = c == '\\';
			in_str = c != '"';
		} else if (c == '"') {
			in_str = 1;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (--depth == 0) {
				doc_keep(doc, &c, 1);
				i++;
				break;
			}
		} else if (may_start_bad_number(c) && (n = bad_number_len(buf + i, len - i))) {
			repair_number(buf, i, n, doc);
			i += n;
			continue;
		}
		doc_keep(doc, &c, 1);
		i++;
	}
	doc->end = i;
	doc->t = doc->copying ? doc->text.buf : buf + doc->start;
	doc->tlen = doc->copying ? doc->text.len : doc->end - doc->start;
}

/* Offset of the next line at or after from that starts with '{', or len. */
static size_t next_doc_start(const char *buf, size_t len, size_t from)
{
	size_t p = from;

	if (p > 0 && p < len && buf[p - 1] != '\n') {
		const char *nl = memchr(buf + p, '\n', len - p);

		p = nl ? (size_t)(nl - buf) + 1 : len;
	}
	while (p < len && buf[p] != '{') {
		const char *nl = memchr(buf + p, '\n', len - p);

		p = nl ? (size_t)(nl - buf) + 1 : len;
	}
	return p;
}

/* Keeps every non-blank line of buf[from, to) as a warning, without line ending. */
static void keep_stray_lines(const char *buf, size_t from, size_t to,
			     struct fiojson_report *r)
{
	while (from < to) {
		const char *nl = memchr(buf + from, '\n', to - from);
		size_t end = nl ? (size_t)(nl - buf) : to, e = end, b = from;

		while (e > b && (buf[e - 1] == '\r' || buf[e - 1] == ' ' || buf[e - 1] == '\t'))
			e--;
		while (b < e && (buf[b] == ' ' || buf[b] == '\t'))
			b++;
		if (e > b) {
			r->warnings = xrealloc(r->warnings,
					       (r->nwarnings + 1) * sizeof(*r->warnings));
			r->warnings[r->nwarnings++] = xstrndup(buf + b, e - b);
		}
		from = end + 1;
	}
}

/* Reports a jansson error at its position, mapped back to the original text. */
static int doc_error(const char *buf, const struct doc *doc, const json_error_t *je,
		     const char *name, struct diag *d)
{
	size_t pos = je->position > 0 ? (size_t)je->position : 0, shift = 0;
	size_t orig, line = 1, line_start = 0, chars = 0;

	if (pos > doc->tlen)
		pos = doc->tlen;
	for (size_t k = 0; k < doc->nins; k++)
		if (doc->ins[k] < pos)
			shift++;
	orig = doc->start + pos - shift;
	for (size_t k = 0; k < orig; k++) {
		if (buf[k] == '\n') {
			line++;
			line_start = k + 1;
		}
	}
	if (orig > doc->start && orig == line_start) {
		/* jansson stopped just past a newline: point at the end of that line. */
		line--;
		for (line_start = orig - 1; line_start > 0 && buf[line_start - 1] != '\n';)
			line_start--;
	}
	for (size_t k = line_start; k < orig; k++)
		chars += ((unsigned char)buf[k] & 0xC0) != 0x80; /* columns count characters */
	return diag_set(d, -SB_EPARSE, name, (int)line, chars ? (int)chars : 1, "%s",
			je->text);
}

/* ---- one job at a time ------------------------------------------------------- */



static size_t skip_ws(const char *t, size_t len, size_t i)
{
	while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
		i++;
	return i;
}

/* The end of the JSON value at t[i]: past its closing bracket or quote, or at the
 * ',' or bracket that ends a number or literal. */
static size_t value_end(const char *t, size_t len, size_t i)
{
	long depth = 0;
	int in_str = 0, esc = 0;

	for (; i < len; i++) {
		char c = t[i];

		if (in_str) {
			if (esc)
				esc = 0;
			else if (c == '\\')
				esc = 1;
			else if (c == '"' && (in_str = 0, depth == 0))
				return i + 1;
		} else if (c == '"') {
			in_str = 1;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (depth == 0)
				return i;
			if (--depth == 0)
				return i + 1;
		} else if (c == ',' && depth == 0) {
			return i;
		}
	}
	return len;
}

/* Where the top-level member key of the object t is an array: 1 with its inside in
 * [*a, *b); 0 when it is absent; -1 when it is something else or the scan is lost. */
static int find_array(const char *t, size_t len, const char *key, size_t *a, size_t *b)
{
	size_t i = skip_ws(t, len, 0), klen = strlen(key);
	int found = 0;

	if (i >= len || t[i] != '{')
		return -1;
	for (i = skip_ws(t, len, i + 1); i < len && t[i] == '"';) {
		size_t ks = i + 1, kend = value_end(t, len, i), ke, v;

		/* An unterminated key runs to the end: the object never closes. */
		if (kend >= len || t[kend - 1] != '"')
			return -1;
		ke = kend - 1;
		if (memchr(t + ks, '\\', ke - ks))
			return -1; /* an escaped key could spell key */
		i = skip_ws(t, len, ke + 1);
		if (i >= len || t[i] != ':')
			return -1;
		v = skip_ws(t, len, i + 1);
		i = value_end(t, len, v);
		if (v >= len || i <= v)
			return -1;
		if (ke - ks == klen && !memcmp(t + ks, key, klen)) {
			/* jansson keeps the last of repeated keys: so does this. */
			found = t[v] == '[' ? 1 : -1;
			*a = v + 1;
			*b = i - 1;
		}
		i = skip_ws(t, len, i);
		if (i >= len || t[i] != ',')
			break;
		i = skip_ws(t, len, i + 1);
	}
	return i < len && t[i] == '}' ? found : -1;
}

/* 0 when [a, b) is a comma-separated list of values, as an array holds. */
static int check_list(const char *t, size_t a, size_t b)
{
	size_t i = skip_ws(t, b, a);

	while (i < b) {
		size_t end = value_end(t, b, i);

		if (end == i)
			return -1;
		i = skip_ws(t, b, end);
		if (i < b && (t[i] != ',' || (i = skip_ws(t, b, i + 1)) >= b))
			return -1;
	}
	return 0;
}

/* Decodes one repaired document; on success *root holds it. */
static int doc_decode(const char *buf, struct doc *doc, const char *name, json_t **root,
		      struct diag *d)
{
	json_error_t je;

	*root = json_loadb(doc->t, doc->tlen, JSON_DISABLE_EOF_CHECK, &je);
	if (!*root)
		return doc_error(buf, doc, &je, name, d);
	if (!json_is_object(*root)) {
		json_decref(*root);
		*root = NULL;
		return diag_set(d, -SB_EPARSE, name, 0, 0, "expected a JSON object");
	}
	return 0;
}

/* Decodes ld->doc without its jobs when the scan follows it, else whole. */
static int doc_load(const char *buf, struct last_doc *ld, const char *name, struct diag *d)
{
	const char *t = ld->doc.t;
	size_t len = ld->doc.tlen, a = 0, b = 0;
	int jobs = find_array(t, len, "jobs", &a, &b);
	struct sbuf head;
	json_error_t je;

	if (!jobs)
		jobs = find_array(t, len, "client_stats", &a, &b);
	if (jobs == 1 && !check_list(t, a, b)) {
		sbuf_init(&head);
		sbuf_add(&head, t, a);
		sbuf_add(&head, t + b, len - b);
		ld->root = json_loadb(head.buf, head.len, JSON_DISABLE_EOF_CHECK, &je);
		sbuf_release(&head);
		if (json_is_object(ld->root)) {
			ld->a = a;
			ld->b = b;
			ld->split = 1;
			return 0;
		}
		json_decref(ld->root);
		ld->root = NULL;
	}
	return doc_decode(buf, &ld->doc, name, &ld->root, d);
}



void fiojson__job_iter_init(struct job_iter *it, const char *buf, const struct last_doc *ld,
			  const json_t *arr)
{
	*it = (struct job_iter){ buf, ld, arr, 0, ld->a };
}

/*
 * The next job into *job (a new reference; json_decref() it) and, when split, its
 * text [*from, *to) in ld->doc.t. Returns 1, 0 past the last job, or a negative
 * code with d located in the original text.
 */
int fiojson__job_next(struct job_iter *it, json_t **job, size_t *from, size_t *to,
		    const char *name, struct diag *d)
{
	const struct last_doc *ld = it->ld;
	const char *t = ld->doc.t;
	json_error_t je;
	size_t i;

	*job = NULL;
	if (!ld->split) {
		if (it->i >= json_array_size(it->arr))
			return 0;
		*job = json_incref(json_array_get(it->arr, it->i++));
		return 1;
	}
	i = skip_ws(t, ld->b, it->pos);
	if (i < ld->b && t[i] == ',')
		i = skip_ws(t, ld->b, i + 1);
	if (i >= ld->b)
		return 0;
	*from = i;
	*to = it->pos = value_end(t, ld->b, i);
	it->i++;
	*job = json_loadb(t + i, *to - i, JSON_DECODE_ANY, &je);
	if (*job)
		return 1;
	je.position += (int)i;
	return doc_error(it->buf, &ld->doc, &je, name, d);
}

void fiojson__last_doc_release(struct last_doc *ld)
{
	json_decref(ld->root);
	sbuf_release(&ld->doc.text);
	free(ld->doc.ins);
	memset(ld, 0, sizeof(*ld));
}

/* Every job of ld decodes: what an earlier document of several must show. */
static int check_jobs(const char *buf, struct last_doc *ld, const char *name, struct diag *d)
{
	struct job_iter it;
	json_t *job;
	size_t from, to;
	int rc = 0;

	fiojson__job_iter_init(&it, buf, ld, NULL);
	while (ld->split && (rc = fiojson__job_next(&it, &job, &from, &to, name, d)) == 1)
		json_decref(job);
	return ld->split ? rc : 0;
}

/* Decodes every document in buf and keeps the last one in *last (release it). */
int fiojson__decode_last(const char *buf, size_t len, const char *name, struct last_doc *last,
		       struct fiojson_report *r, struct diag *d)
{
	size_t from = 0;
	int rc = 0;

	memset(last, 0, sizeof(*last));
	while (from < len) {
		struct last_doc ld = { 0 };

		ld.doc.start = next_doc_start(buf, len, from);
		keep_stray_lines(buf, from, ld.doc.start, r);
		if (ld.doc.start >= len)
			break;
		sbuf_init(&ld.doc.text);
		doc_cut(buf, len, &ld.doc);
		rc = doc_load(buf, &ld, name, d);
		r->nsanitized += ld.doc.nfixed;
		/* An earlier document is only checked; the last one is kept. */
		if (!rc && next_doc_start(buf, len, ld.doc.end) < len)
			rc = check_jobs(buf, &ld, name, d);
		fiojson__last_doc_release(last);
		*last = ld;
		if (rc)
			return rc;
		from = ld.doc.end;
	}
	if (!last->root)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"no JSON report found (no line starts with '{')");
	return 0;
}
