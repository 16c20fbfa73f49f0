/* SPDX-License-Identifier: MIT */
/* cdmtext: CrystalDiskMark's and KDiskMark's text results, line by line. */
#define _GNU_SOURCE 1 /* memmem */
#include "cdmtext.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sbuf.h"
#include "units.h"
#include "utf8.h"
#include "xalloc.h"

#define CDMTEXT_MAX_BYTES (4u << 20)   /* a result is a few KB; refuse anything huge */
#define CDMTEXT_MAX_TESTS 64

/* ---- decoding ------------------------------------------------------------------- */

/* The line (1-based) of byte offset at of UTF-8 text s. */
static int line_of(const char *s, size_t at)
{
	int line = 1;

	for (size_t i = 0; i < at; i++)
		line += s[i] == '\n';
	return line;
}

static void put_utf8(struct sbuf *sb, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6);
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | cp >> 12);
		b[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | cp >> 18);
		b[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		b[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	sbuf_add(sb, b, n);
}

/* UTF-16LE after its mark into UTF-8; a NUL, a lone surrogate or an odd byte refused. */
static int from_utf16le(const unsigned char *b, size_t len, const char *file, struct sbuf *out,
			struct diag *d)
{
	if (len % 2)
		return diag_set(d, -SB_EPARSE, file, line_of(out->buf ? out->buf : "", out->len), 0,
				"UTF-16 text of an odd number of bytes: the file is cut short");
	for (size_t i = 2; i < len; i += 2) {
		unsigned cp = b[i] | (unsigned)b[i + 1] << 8;

		if (cp >= 0xd800 && cp < 0xdc00 && i + 3 < len) {
			unsigned lo = b[i + 2] | (unsigned)b[i + 3] << 8;

			if (lo >= 0xdc00 && lo < 0xe000) {
				put_utf8(out, 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00));
				i += 2;
				continue;
			}
		}
		if (!cp || (cp >= 0xd800 && cp < 0xe000))
			return diag_set(d, -SB_EPARSE, file,
					line_of(out->buf ? out->buf : "", out->len), 0,
					"%s in UTF-16 text (byte %zu): not a text file, or two encodings mixed",
					cp ? "a lone surrogate" : "a NUL character", i);
		put_utf8(out, cp);
	}
	return 0;
}

/* The length of the well-formed UTF-8 sequence at b (n bytes left), or 0 (a stray
 * continuation byte, one missing, an overlong form, a surrogate, past U+10FFFF). */
static size_t utf8_ok(const unsigned char *b, size_t n)
{
	size_t len = b[0] < 0x80 ? 1 : b[0] >= 0xc2 && b[0] <= 0xdf ? 2
		     : b[0] >= 0xe0 && b[0] <= 0xef ? 3 : b[0] >= 0xf0 && b[0] <= 0xf4 ? 4 : 0;
	unsigned cp;

	if (!len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((b[i] & 0xc0) != 0x80)
			return 0;
	utf8_next(b, len, &cp);
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

/* buf as UTF-8 text in out; *enc says what it was. */
static int decode(const char *buf, size_t len, const char *file, struct sbuf *out,
		  const char **enc, struct diag *d)
{
	const unsigned char *b = (const unsigned char *)buf;

	if (len > CDMTEXT_MAX_BYTES)
		return diag_set(d, -SB_EPARSE, file, 0, 0,
				"%zu bytes: more than a benchmark's text result (at most %u)", len,
				CDMTEXT_MAX_BYTES);
	if (len >= 2 && b[0] == 0xff && b[1] == 0xfe) {
		*enc = "utf-16le";
		return from_utf16le(b, len, file, out, d);
	}
	if (len >= 2 && b[0] == 0xfe && b[1] == 0xff)
		return diag_set(d, -SB_EPARSE, file, 1, 1,
				"UTF-16 big-endian text: CrystalDiskMark writes little-endian; "
				"convert the file to UTF-8 or UTF-16LE");
	*enc = "utf-8";
	if (len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
		*enc = "utf-8 with BOM";
		b += 3;
		len -= 3;
	}
	for (size_t i = 0; i < len;) {
		size_t n = utf8_ok(b + i, len - i);

		if (!b[i] || !n) {
			size_t col = 1;

			for (size_t k = i; k > 0 && b[k - 1] != '\n'; k--)
				col++;
			if (!b[i])
				return diag_set(d, -SB_EPARSE, file, line_of((const char *)b, i),
						(int)col, "a NUL byte: UTF-16 text without its "
						"byte-order mark, or not a text file");
			return diag_set(d, -SB_EPARSE, file, line_of((const char *)b, i), (int)col,
					"byte 0x%02x is not UTF-8: the file is in another encoding "
					"(UTF-16 without its byte-order mark?)", b[i]);
		}
		i += n;
	}
	sbuf_add(out, (const char *)b, len);
	return 0;
}

/* ---- lines ------------------------------------------------------------------------ */

struct cursor {
	const char *p;
	int line;
	const char *file;
	struct diag *d;
};

static void skip_sp(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* A word at *p (case as written); advances past it. */
static int eat(const char **p, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(*p, word, n))
		return 0;
	*p += n;
	return 1;
}

/* A decimal number (digits, one point) at *p. */
static int number(const char **p, double *v)
{
	const char *s = *p;
	char tmp[64], *end;
	size_t k = 0;

	if (!isdigit((unsigned char)*s))
		return 0;
	for (; isdigit((unsigned char)*s) || *s == '.'; s++)
		if (k + 1 < sizeof(tmp))
			tmp[k++] = *s;
	if ((size_t)(s - *p) + 1 > sizeof(tmp))
		return 0;   /* longer than any number these tools print */
	tmp[k] = 0;
	*v = strtod(tmp, &end);
	if (*end || !isfinite(*v))
		return 0;
	*p = s;
	return 1;
}

static int integer(const char **p, int *v)
{
	double x;
	const char *s = *p;

	if (!number(&s, &x) || x != floor(x) || x > 1e6)
		return 0;
	*v = (int)x;
	*p = s;
	return 1;
}

/* A size with its unit: "1MiB", "4 KiB", "512KB", "1 GiB", "1000 MB". KB, MB and GB
 * are decimal where decimal says so (a test size), binary for block sizes (CrystalDiskMark
 * 3's "4KB" is 4,096 bytes: its MB/s over its IOPS). */
static int size(const char **p, int decimal, uint64_t *bytes)
{
	static const struct {
		const char *unit;
		uint64_t bin, dec;
	} units[] = {
		{ "KiB", 1024, 1024 }, { "MiB", 1048576, 1048576 },
		{ "GiB", 1073741824, 1073741824 }, { "KB", 1024, 1000 },
		{ "MB", 1048576, 1000000 }, { "GB", 1073741824, 1000000000 },
	};
	const char *s = *p;
	double v;

	if (!number(&s, &v))
		return 0;
	skip_sp(&s);
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (eat(&s, units[i].unit)) {
			double b = v * (double)(decimal ? units[i].dec : units[i].bin);

			if (b < 1 || b > 1e18)
				return 0;
			*bytes = (uint64_t)llround(b);
			*p = s;
			return 1;
		}
	return 0;
}

static int bad(struct cursor *c, const char *at, const char *line, const char *what)
{
	return diag_set(c->d, -SB_EPARSE, c->file, c->line, (int)(at - line) + 1, "%s", what);
}

/* " 560.223 MB/s [    534.3 IOPS] < 14937.59 us>" (IOPS and latency optional). */
static int values(struct cursor *c, const char *line, const char *s, struct cdmtext_test *t)
{
	skip_sp(&s);
	if (!number(&s, &t->mbps))
		return bad(c, s, line, "a test's MB/s is not a number");
	skip_sp(&s);
	if (!eat(&s, "MB/s"))
		return bad(c, s, line, "MB/s expected after the test's number");
	skip_sp(&s);
	if (eat(&s, "[")) {
		skip_sp(&s);
		if (!number(&s, &t->iops))
			return bad(c, s, line, "IOPS is not a number");
		skip_sp(&s);
		if (!eat(&s, "IOPS]"))
			return bad(c, s, line, "\"IOPS]\" expected");
		t->iops_how = CDMTEXT_PRINTED;
		skip_sp(&s);
	}
	if (eat(&s, "<")) {
		skip_sp(&s);
		if (!number(&s, &t->lat_us))
			return bad(c, s, line, "the latency is not a number");
		skip_sp(&s);
		if (!eat(&s, "us>"))
			return bad(c, s, line, "\"us>\" expected after the latency");
		t->lat_how = CDMTEXT_PRINTED;
		skip_sp(&s);
	}
	if (*s)
		return bad(c, s, line, "more on the line than a test's result");
	t->not_run = t->mbps == 0 && (t->iops_how == CDMTEXT_ABSENT || t->iops == 0);
	return 0;
}

/* "(Q=  8, T= 1)", "(Q= 32,T= 1)", "(T= 1)", "(QD=32)" */
static int qt(const char **p, struct cdmtext_test *t)
{
	const char *s = *p;

	if (!eat(&s, "("))
		return 0;
	skip_sp(&s);
	t->qd = t->threads = 1;
	if (eat(&s, "QD=")) {
		skip_sp(&s);
		if (!integer(&s, &t->qd))
			return 0;
	} else {
		if (eat(&s, "Q=")) {
			skip_sp(&s);
			if (!integer(&s, &t->qd))
				return 0;
			skip_sp(&s);
			if (!eat(&s, ","))
				return 0;
			skip_sp(&s);
		}
		if (!eat(&s, "T="))
			return 0;
		skip_sp(&s);
		if (!integer(&s, &t->threads))
			return 0;
	}
	skip_sp(&s);
	if (!eat(&s, ")") || t->qd < 1 || t->threads < 1)
		return 0;
	*p = s;
	return 1;
}

/*
 * CrystalDiskMark 7 and 8, KDiskMark: "  SEQ    1MiB (Q=  8, T= 1):   531.458 MB/s ...",
 * "Sequential 1MiB (Q=  8, T= 1): ...", "    Random   4 KiB (Q= 32, T= 1): ...". 1 when
 * it is one (then 0 or an error in *rc), 0 when the line is something else.
 */
static int new_style(struct cursor *c, const char *line, struct cdmtext_test *t, int *rc)
{
	const char *s = line;

	skip_sp(&s);
	if (eat(&s, "SEQ") || eat(&s, "Sequential"))
		t->seq = 1;
	else if (eat(&s, "RND") || eat(&s, "Random"))
		t->seq = 0;
	else
		return 0;
	if (*s != ' ')
		return 0;
	skip_sp(&s);
	if (!isdigit((unsigned char)*s))
		return 0;   /* "Sequential Read": the old layout */
	if (!size(&s, 0, &t->bs)) {
		*rc = bad(c, s, line, "a block size (\"4KiB\", \"1MiB\") expected");
		return 1;
	}
	skip_sp(&s);
	if (!qt(&s, t)) {
		*rc = bad(c, s, line, "\"(Q= N, T= N)\" expected after the block size");
		return 1;
	}
	skip_sp(&s);
	if (!eat(&s, ":")) {
		*rc = bad(c, s, line, "':' expected after the queue and threads");
		return 1;
	}
	*rc = values(c, line, s, t);
	return 1;
}

/*
 * CrystalDiskMark 3, 5 and 6: "           Sequential Read :   505.825 MB/s",
 * "    Random Read 4KB (QD=1) :    25.206 MB/s [  6153.8 IOPS]",
 * "  Sequential Read (Q= 32,T= 1) :   563.436 MB/s", "  Random Read 4KiB (Q=  8,T= 8) : ...".
 * Their block sizes are the version's test set where the line names none: CrystalDiskMark
 * 3's sequential test reads 1 MiB blocks at QD1; 5's and 6's "Sequential (Q= 32,T= 1)"
 * 128 KiB blocks, their "Sequential (T= 1)" 1 MiB.
 */
static int old_style(struct cursor *c, const char *line, int major, struct cdmtext_test *t,
		     int *rc)
{
	const char *s = line;

	skip_sp(&s);
	if (eat(&s, "Sequential "))
		t->seq = 1;
	else if (eat(&s, "Random "))
		t->seq = 0;
	else
		return 0;
	if (eat(&s, "Read"))
		t->dir = CDMTEXT_READ;
	else if (eat(&s, "Write"))
		t->dir = CDMTEXT_WRITE;
	else
		return 0;
	skip_sp(&s);
	t->qd = t->threads = 1;
	if (isdigit((unsigned char)*s) && !size(&s, 0, &t->bs)) {
		*rc = bad(c, s, line, "a block size (\"4KB\", \"512KB\") expected");
		return 1;
	}
	skip_sp(&s);
	if (*s == '(' && !qt(&s, t)) {
		*rc = bad(c, s, line, "\"(Q= N,T= N)\", \"(T= N)\" or \"(QD=N)\" expected");
		return 1;
	}
	skip_sp(&s);
	if (!eat(&s, ":")) {
		*rc = bad(c, s, line, "':' expected before the test's result");
		return 1;
	}
	if (!t->bs) {
		if (!t->seq) {
			*rc = bad(c, line, line, "a random test without its block size");
			return 1;
		}
		t->bs_implied = 1;
		t->bs = major >= 5 && t->qd > 1 ? 131072 : 1048576;
	}
	*rc = values(c, line, s, t);
	return 1;
}

/* "seq1m-q8t1-read", "rnd4k-q32t16-write", "rnd4k-q1t1-mix70": the shipped plans' names. */
static void name_test(struct cdmtext_test *t)
{
	units_test_name(t->name, sizeof(t->name), !t->seq, t->bs, t->qd, t->threads,
			t->dir == CDMTEXT_MIX ? 2 : t->dir == CDMTEXT_WRITE, t->mix_read);
}

/* "Key: value" or "Key : value" (the old layout), leading spaces allowed. */
static const char *field(const char *line, const char *key)
{
	const char *s = line;

	skip_sp(&s);
	if (!eat(&s, key))
		return NULL;
	skip_sp(&s);
	if (!eat(&s, ":"))
		return NULL;
	skip_sp(&s);
	return s;
}

static char *dup_trim(const char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n ? xstrndup(s, n) : NULL;
}

/* "Measure 5 sec / Interval 5 sec", "Measure: 5 sec / Interval: 5 sec", "Interval=5 sec" */
static void times(const char *s, struct cdmtext_result *r)
{
	const char *m = strstr(s, "Measure"), *i = strstr(s, "Interval");

	if (m) {
		m += 7;
		while (*m == ':' || *m == '=' || *m == ' ')
			m++;
		r->measure_s = atoi(m);
	}
	if (i) {
		i += 8;
		while (*i == ':' || *i == '=' || *i == ' ')
			i++;
		r->interval_s = atoi(i);
	}
}

/* "1 GiB (x5) [C: 91% (202/223GiB)]", "1000 MB [C: 33.0% (39.3/119.1 GB)] (x5)",
 * "1 GiB (x5) [Measure: 5 sec / Interval: 5 sec]" */
static int test_line(struct cursor *c, const char *line, const char *s, struct cdmtext_result *r)
{
	const char *at = s;

	r->test_text = dup_trim(s);
	if (!size(&s, 1, &r->test_bytes))
		return bad(c, at, line, "the test size (\"1 GiB\", \"1000 MB\") expected");
	while (*s) {
		skip_sp(&s);
		if (eat(&s, "(x")) {
			if (!integer(&s, &r->passes) || !eat(&s, ")") || r->passes < 1)
				return bad(c, s, line, "the passes, \"(x5)\", not understood");
		} else if (*s == '[' || *s == '<') {
			char close = *s == '[' ? ']' : '>';
			const char *e = s + 1;
			int depth = 0;

			for (; *e && (*e != close || depth); e++)
				depth += *e == '(' ? 1 : *e == ')' ? -1 : 0;
			if (!*e)
				return bad(c, s, line, "a bracket left open");
			if (close == ']' && isalpha((unsigned char)s[1]) && s[2] == ':' && !r->drive)
				r->drive = xstrndup(s + 1, (size_t)(e - s - 1));
			else if (close == ']') {
				char *in = xstrndup(s + 1, (size_t)(e - s - 1));

				times(in, r);
				free(in);
			}
			s = e + 1;
		} else if (*s) {
			return bad(c, s, line, "not understood in the test line");
		}
	}
	return 0;
}

/* The n bytes at s, trailing spaces cut; NULL when nothing is left. */
static char *edition_of(const char *s, size_t n)
{
	char *tmp = xstrndup(s, n), *t = dup_trim(tmp);

	free(tmp);
	return t;
}

/* The header's "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo" or
 * "KDiskMark (3.0.0): https://..." */
static int header(struct cursor *c, const char *line, struct cdmtext_result *r)
{
	const char *s = line, *v, *e;

	skip_sp(&s);
	if (eat(&s, "CrystalDiskMark ")) {
		v = s;
		while (*s && *s != ' ')
			s++;
		r->tool = xstrdup("CrystalDiskMark");
		r->version = xstrndup(v, (size_t)(s - v));
		skip_sp(&s);
		e = strstr(s, "(C)");
		if (e && e > s)
			r->edition = edition_of(s, (size_t)(e - s));
	} else if (eat(&s, "KDiskMark")) {
		r->tool = xstrdup("KDiskMark");
		if (eat(&s, " (")) {
			v = s;
			while (*s && *s != ')')
				s++;
			r->version = xstrndup(v, (size_t)(s - v));
		}
	} else {
		return 0;
	}
	r->major = r->version ? atoi(r->version) : 0;
	if (r->tool[0] == 'C' && (r->major < 3 || r->major > 8))
		return bad(c, line, line, "a CrystalDiskMark version this reader does not know "
					  "(it reads 3, 5, 6, 7 and 8)");
	return 1;
}

int cdmtext_sniff(const char *buf, size_t len)
{
	/* the tools' names as bytes, in UTF-8 and in UTF-16LE (with its mark or, for a
	 * file that lost it, without: cdmtext_parse() then says what is wrong) */
	static const char *const marks[] = { "CrystalDiskMark", "KDiskMark" };

	for (size_t i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		char wide[40];
		size_t n = strlen(marks[i]);

		for (size_t k = 0; k < n; k++) {
			wide[2 * k] = marks[i][k];
			wide[2 * k + 1] = 0;
		}
		if (memmem(buf, len, marks[i], n) || memmem(buf, len, wide, 2 * n))
			return 1;
	}
	return 0;
}

/* 1 when line is a footer line ("Date:", "OS:") the result already has. */
static int footer_again(const char *line, const struct cdmtext_result *r)
{
	const struct {
		const char *key;
		const void *had;
	} keys[] = {
		{ "Profile", r->profile }, { "Test", r->test_text }, { "Mode", r->mode },
		{ "Date", r->date }, { "OS", r->os }, { "Comment", r->comment },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (keys[i].had && field(line, keys[i].key))
			return 1;
	return 0;
}

int cdmtext_parse(const char *buf, size_t len, const char *file, struct cdmtext_result *r,
		  struct diag *d)
{
	struct cursor c = { NULL, 0, file, d };
	enum cdmtext_dir dir = CDMTEXT_READ;
	int in_section = 0, mix_read = 0, rc, seen_tests = 0;
	const char *enc = NULL;
	struct sbuf sb;
	char *text, *next;

	memset(r, 0, sizeof(*r));
	sbuf_init(&sb);
	rc = decode(buf, len, file, &sb, &enc, d);
	if (rc)
		goto out;
	r->encoding = xstrdup(enc);
	if (!sb.buf)
		sbuf_adds(&sb, "");
	text = sb.buf;
	r->crlf = strstr(text, "\r\n") != NULL;
	for (char *line = text; line && !rc; line = next) {
		struct cdmtext_test t;
		const char *v;
		size_t n;
		int is;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else if (!*line)
			break;   /* after the last newline: no line */
		c.line++;
		n = strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = 0;
		v = line;
		skip_sp(&v);
		if (!*v || strspn(v, "-") == strlen(v))
			continue;
		if (!r->tool) {
			is = header(&c, line, r);
			if (is < 0)
				rc = is;
			else if (!is)
				rc = bad(&c, line, line, "not a CrystalDiskMark or KDiskMark result: "
							 "its first line names neither");
			continue;
		}
		if (!strncmp(v, "CrystalDiskMark ", 16) || !strncmp(v, "KDiskMark", 9)) {
			rc = bad(&c, line, line, "a second result begins here: one result per file");
			continue;
		}
		if (strstr(v, "Crystal Dew World") == v || !strcmp(v, "* KB = 1000 bytes, KiB = 1024 bytes"))
			continue;
		if (eat(&v, "Flexible I/O Tester (")) {   /* KDiskMark's fio */
			if (r->fio_version)
				rc = bad(&c, line, line, "fio's version a second time");
			else
				r->fio_version = xstrndup(v, strcspn(v, ")"));
			continue;
		}
		v = line;
		skip_sp(&v);
		if (eat(&v, "* MB/s = ")) {
			if (strncmp(v, "1,000,000 byte", 14))
				rc = bad(&c, v, line, "MB/s other than 1,000,000 bytes/s: not read");
			continue;
		}
		if (!strcmp(v, "[Read]") || !strcmp(v, "[Write]") || !strncmp(v, "[Mix]", 5)) {
			in_section = 1;
			dir = v[1] == 'R' ? CDMTEXT_READ : v[1] == 'W' ? CDMTEXT_WRITE : CDMTEXT_MIX;
			if (dir == CDMTEXT_MIX) {
				const char *m = strstr(v, "Read ");

				if (!m || (mix_read = atoi(m + 5)) < 0 || mix_read > 100)
					rc = bad(&c, v, line, "[Mix] without its read share (\"Read 70%\")");
			}
			continue;
		}
		memset(&t, 0, sizeof(t));
		t.line = c.line;
		is = new_style(&c, line, &t, &rc);
		if (is && !in_section && !rc)
			rc = bad(&c, line, line, "a test outside [Read], [Write] or [Mix]");
		if (is) {
			t.dir = dir;
			t.mix_read = dir == CDMTEXT_MIX ? mix_read : 0;
		} else {
			is = old_style(&c, line, r->major, &t, &rc);
		}
		if (is) {
			if (rc)
				continue;
			if (r->n >= CDMTEXT_MAX_TESTS) {
				rc = bad(&c, line, line, "more tests than any CrystalDiskMark profile");
				continue;
			}
			if (t.iops_how == CDMTEXT_ABSENT && !t.not_run) {
				t.iops = t.mbps * 1e6 / (double)t.bs;
				t.iops_how = CDMTEXT_DERIVED;
			}
			name_test(&t);
			for (size_t k = 0; k < r->n; k++)
				if (!strcmp(r->t[k].name, t.name)) {
					rc = diag_set(d, -SB_EPARSE, file, c.line, 1,
						      "the test %s again (line %d had it)", t.name,
						      r->t[k].line);
					break;
				}
			if (rc)
				continue;
			r->t = xrealloc(r->t, (r->n + 1) * sizeof(*r->t));
			r->t[r->n++] = t;
			seen_tests = 1;
			continue;
		}
		if (footer_again(line, r)) {
			rc = bad(&c, line, line, "a footer line a second time: two results mixed?");
			continue;
		}
		if ((v = field(line, "Profile")) != NULL)
			r->profile = dup_trim(v);
		else if ((v = field(line, "Test")) != NULL)
			rc = test_line(&c, line, v, r);
		else if ((v = field(line, "Mode")) != NULL)
			r->mode = dup_trim(v);
		else if ((v = field(line, "Time")) != NULL)
			times(v, r);
		else if ((v = field(line, "Date")) != NULL) {
			int y, mo, dd, h, mi, se;

			if (sscanf(v, "%d%*[/-]%d%*[/-]%d %d:%d:%d", &y, &mo, &dd, &h, &mi, &se) != 6 ||
			    mo < 1 || mo > 12 || dd < 1 || dd > 31 || h > 23 || mi > 59 || se > 60 ||
			    y < 1990 || y > 9999 || h < 0 || mi < 0 || se < 0)
				rc = bad(&c, v, line, "a date \"YYYY/MM/DD hh:mm:ss\" expected");
			else
				r->date = xasprintf("%04d-%02d-%02dT%02d:%02d:%02d", y, mo, dd, h, mi,
						    se);
		} else if ((v = field(line, "OS")) != NULL)
			r->os = dup_trim(v);
		else if ((v = field(line, "Comment")) != NULL)
			r->comment = dup_trim(v);
		else
			rc = bad(&c, line, line, "not a line of a CrystalDiskMark or KDiskMark result");
	}
	if (!rc && !r->tool)
		rc = diag_set(d, -SB_EPARSE, file, 0, 0, "an empty file: no result in it");
	if (!rc && !seen_tests)
		rc = diag_set(d, -SB_EPARSE, file, c.line, 0,
			      "no test result in the file: cut short before the tests?");
	if (!rc && !r->test_text)
		rc = diag_set(d, -SB_EPARSE, file, c.line, 0,
			      "no \"Test:\" line (the test size and passes): the file is cut short");
out:
	sbuf_release(&sb);
	if (rc)
		cdmtext_release(r);
	return rc;
}

void cdmtext_release(struct cdmtext_result *r)
{
	free(r->tool);
	free(r->version);
	free(r->edition);
	free(r->fio_version);
	free(r->encoding);
	free(r->profile);
	free(r->test_text);
	free(r->drive);
	free(r->mode);
	free(r->date);
	free(r->os);
	free(r->comment);
	free(r->t);
	memset(r, 0, sizeof(*r));
}
