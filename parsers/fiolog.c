/* SPDX-License-Identifier: MIT */
/* fiolog: reads fio logs: a fast path for plain numeric lines, libcsv for the rest (the per-second bins: fiolog_bins.c). */
#include "fiolog.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "fiolog_int.h"
#include "safefile.h"
#include "xalloc.h"

/* Records a row error at field (1-based); the column is worked out afterwards. */
static void row_error(struct reader *r, int field, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void row_error(struct reader *r, int field, const char *fmt, ...)
{
	va_list ap;

	if (r->rc)
		return;
	r->rc = -SB_EPARSE;
	r->err_line = r->line;
	r->err_field = field;
	va_start(ap, fmt);
	vsnprintf(r->err_msg, sizeof(r->err_msg), fmt, ap);
	va_end(ap);
}

/* Column 2 (value) is any number; the others are whole numbers, prio may be hex. */
static void on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;
	const char *text = s;
	int k = r->nfields++;
	char *end = NULL;

	if (r->rc || k >= FIOLOG_MAX_COLS)
		return;
	errno = 0;
	if (len == 0 || !text) {
		row_error(r, k + 1, "empty field");
		return;
	}
	if (k == 1) {
		r->num[k] = strtod(text, &end);
	} else if (text[0] != '-') {
		int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');

		r->u[k] = strtoull(text, &end, hex ? 16 : 10);
	}
	/* strtod also reads nan, inf and hex floats: no log holds those */
	if (!end || end == text || *end || errno || (k == 1 && !isfinite(r->num[k])))
		row_error(r, k + 1, "expected a %s, got '%.40s'",
			  k == 1 ? "finite number" : "non-negative whole number", text);
}


/* The same to the reader's callback: libcsv's rows. */
static void emit_row(struct reader *r)
{
	emit_with(r, r->fn);
}

/* Checks the column count and ddir, then hands the row to the callback. */
static void finish_row(struct reader *r)
{
	if (!r->ncols) {
		r->ncols = r->nfields;
		if (r->ncols < FIOLOG_MIN_COLS || r->ncols > FIOLOG_MAX_COLS) {
			row_error(r, r->ncols < FIOLOG_MIN_COLS ? r->ncols + 1 : FIOLOG_MAX_COLS + 1,
				  "expected 4 to 8 columns (time, value, ddir, bs, ...), found %d",
				  r->ncols);
			return;
		}
	}
	if (r->nfields != r->ncols) {
		row_error(r, (r->nfields < r->ncols ? r->nfields : r->ncols) + 1,
			  "expected %d columns like the first row, found %d", r->ncols, r->nfields);
		return;
	}
	if (r->u[2] > 2) {
		row_error(r, 3, "expected ddir 0, 1 or 2, got %llu", (unsigned long long)r->u[2]);
		return;
	}
	emit_row(r);
}

/* libcsv ends a row at every newline (CSV_REPALL_NL): blank lines have no fields. */
static void on_row(int c, void *data)
{
	struct reader *r = data;

	if (!r->rc && r->nfields > 0)
		finish_row(r);
	r->nfields = 0;
	if (c == '\n')
		r->line++;
}

/* Byte column (1-based) where field (1-based) starts on line of path. */
static int field_column(const char *path, long line, int field)
{
	int fd = safefile_open_path(path, 1, &(struct diag){ 0 });
	FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n = -1;
	int col = 1;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	for (long ln = 1; ln <= line && (n = getline(&buf, &cap, f)) >= 0; ln++)
		;
	if (n >= 0) {
		ssize_t len = n, i = 0;

		while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
			len--;
		for (int k = 1; k < field && i < len; i++)
			if (buf[i] == ',')
				k++;
		while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
		col = (int)i + 1;
	}
	free(buf);
	fclose(f);
	return col;
}

/* ---- the fast path --------------------------------------------------------- */

/*
 * fio writes its logs as unsigned decimal numbers separated by ", ". Such lines are
 * parsed here, several times faster than through libcsv and strtod. Any line that is
 * anything else (quotes, signs, decimals, blanks inside a number, a wrong column
 * count, an error to report) ends the fast path: libcsv takes the file from the
 * start of that line, with the row and line counters carried over. A line boundary
 * is a clean state for libcsv, so the rows, values and errors are the ones libcsv
 * alone gives.
 */

static const char *skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * One field at p, stored as field k. Returns the byte after it, or NULL when it is
 * not a plain number: decimal (at most 15 digits in the value column, which a
 * double holds exactly, 19 elsewhere, which cannot overflow), or 0x-hex outside the
 * value column. Stops at the line's '\n' at the latest.
 */
static const char *fast_field(struct reader *r, int k, const char *p)
{
	const char *start;
	uint64_t v = 0;

	if (k != 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		static const signed char hex[256] = {
			['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
			['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
			['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11,
			['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
		};

		start = p += 2;
		while (hex[(unsigned char)*p])
			v = v << 4 | (uint64_t)(hex[(unsigned char)*p++] - 1);
		if (p == start || p - start > 16)
			return NULL;
	} else {
		start = p;
		while ((unsigned char)(*p - '0') < 10)
			v = v * 10 + (uint64_t)(*p++ - '0');
		if (p == start || p - start > (k == 1 ? 15 : 19))
			return NULL;
	}
	if (k == 1)
		r->num[1] = (double)v;
	else
		r->u[k] = v;
	return p;
}

/*
 * Parses the line at p, which ends in '\n' somewhere, into r->u / r->num. Returns
 * the start of the next line, or NULL when libcsv must take this line. *nf is the
 * number of fields; 0 for a blank line, which libcsv would skip too.
 */
static const char *fast_line(struct reader *r, const char *p, int *nf)
{
	p = skip_blanks(p);
	*nf = 0;
	if (*p == '\n' || (*p == '\r' && p[1] == '\n'))
		return p + (*p == '\r') + 1;
	for (int k = 0; k < FIOLOG_MAX_COLS; k++) {
		p = fast_field(r, k, p);
		if (!p)
			return NULL;
		p = skip_blanks(p);
		if (*p == ',') {
			p = skip_blanks(p + 1);
			continue;
		}
		*nf = k + 1;
		if (*p == '\n' || (*p == '\r' && p[1] == '\n'))
			return p + (*p == '\r') + 1;
		return NULL;
	}
	return NULL;
}

#ifdef FIOLOG_SWAR

/* fiolog_read()'s copy: any callback, every column. */
static const char *fio_lines_rows(struct reader *r, const char *p, const char *end)
{
	return fio_lines(r, p, end, take_row, 1);
}
#endif


/*
 * Reads the whole lines of buf[0, len), which ends in '\n', until an unusual line,
 * the callback's error, or the end: fio's own lines through lines (NULL: none),
 * the others through fast_line(). Returns the bytes taken; *unusual is set when the
 * line at the returned offset is libcsv's.
 */
static size_t fast_lines(struct reader *r, const char *buf, size_t len, int *unusual,
			 lines_fn *lines)
{
	const char *p = buf, *end = buf + len;

	while (p < end && !r->rc) {
		int nf;
		const char *next;

		if (r->ncols && lines) {
			p = lines(r, p, end);
			if (p >= end || r->rc)
				break;
		}
		next = fast_line(r, p, &nf);

		if (!next || (nf && (nf != (r->ncols ? r->ncols : nf) || nf < FIOLOG_MIN_COLS ||
				     r->u[2] > 2))) {
			*unusual = 1;
			break;
		}
		if (nf) {
			r->ncols = nf;
			emit_row(r);
		}
		r->line++;
		p = next;
	}
	return (size_t)(p - buf);
}

/* ---- reading a file ---------------------------------------------------------- */

#define FIOLOG_BUF ((size_t)1 << 17)

/* Feeds buf to libcsv; from then on the file is libcsv's. */
static int csv_feed(struct csv_parser *p, struct reader *r, const char *buf, size_t n)
{
	if (!r->rc && csv_parse(p, buf, n, on_field, on_row, r) != n)
		return diag_set(r->d, -SB_EIO, r->path, (int)r->line, 0, "cannot parse '%s': %s",
				r->path, csv_strerror(csv_error(p)));
	return 0;
}

/*
 * Reads fd in 128 KiB blocks (they stay in the L2 cache while they are parsed, and
 * memory stays constant whatever the file's size), fast path first unless fast is 0,
 * libcsv from the first unusual line on. A line longer than a block goes to libcsv
 * too.
 */
static int scan(int fd, struct csv_parser *p, struct reader *r, int fast, lines_fn *lines)
{
	char *buf = xcalloc(1, FIOLOG_BUF + 1 + FIOLOG_PAD);   /* see fio_line() */
	size_t have = 0;
	int rc = 0, eof = 0;

	while (!rc && !r->rc && !eof) {
		ssize_t n = read(fd, buf + have, FIOLOG_BUF - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			rc = diag_set(r->d, -SB_EIO, r->path, 0, 0, "cannot read '%s': %s", r->path,
				      strerror(errno));
			break;
		}
		eof = n == 0;
		have += (size_t)n;
		if (fast) {
			size_t whole = have, used;
			int unusual = 0;

			while (whole && buf[whole - 1] != '\n')
				whole--;

			if (eof && have > whole) {
				buf[have] = '\n';   /* a last line without one */
				whole = have + 1;
			}
			used = fast_lines(r, buf, whole, &unusual, lines);
			if (used > have)
				used = have;
			memmove(buf, buf + used, have - used);
			have -= used;
			if (!unusual && have < FIOLOG_BUF)
				continue;
			fast = 0;
		}
		rc = csv_feed(p, r, buf, have);
		have = 0;
	}
	if (!rc && !r->rc)
		csv_fini(p, on_field, on_row, r);
	free(buf);
	return rc;
}

/*
 * libcsv grows its field buffer by blk_size bytes at a time (128 by default), so a
 * long field, one line of a megabyte, is thousands of reallocs, each a copy where
 * realloc cannot grow in place (always under ASan and valgrind): quadratic. These
 * keep the buffer's capacity in front of it and double it when a field outgrows it.
 */
struct csvbuf_head {
	size_t cap;
	max_align_t align;
};

static void *csvbuf_realloc(void *ptr, size_t size)
{
	struct csvbuf_head *h = ptr ? (struct csvbuf_head *)ptr - 1 : NULL;
	size_t cap = 256;

	if (h && size <= h->cap)
		return ptr;
	while (cap < size && cap <= SIZE_MAX / 4)
		cap *= 2;
	if (cap < size || cap > SIZE_MAX - sizeof(*h))
		return NULL;
	h = realloc(h, sizeof(*h) + cap);
	if (!h)
		return NULL;
	h->cap = cap;
	return h + 1;
}

static void csvbuf_free(void *ptr)
{
	if (ptr)
		free((struct csvbuf_head *)ptr - 1);
}

/*
 * tail 0: fn reads neither offset nor prio (left 0 in its rows), and of bs only
 * whether it is 0 (the fast path gives 0 or 1).
 */
int fiolog__read_log(const char *path, row_fn *fn, void *arg, struct diag *d, int fast,
		     int tail, lines_fn *lines)
{
	struct reader r = { .path = path, .fn = fn, .arg = arg, .d = d, .line = 1, .tail = tail };
	struct csv_parser p;
	int inited = 0, rc;
	int fd = safefile_open_path(path, 1, d); /* a FIFO or device is refused, not read */

	if (fd < 0) {
		rc = fd;
		goto out;
	}
	(void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	if (csv_init(&p, CSV_REPALL_NL | CSV_APPEND_NULL) != 0) {
		rc = diag_set(d, -SB_EINTERNAL, path, 0, 0, "cannot set up the CSV parser");
		goto out;
	}
	inited = 1;
	csv_set_realloc_func(&p, csvbuf_realloc);
	csv_set_free_func(&p, csvbuf_free);
	rc = scan(fd, &p, &r, fast, lines);
	if (!rc && r.rc == -SB_EPARSE && r.err_line)
		rc = diag_set(d, r.rc, path, (int)r.err_line,
			      field_column(path, r.err_line, r.err_field), "%s", r.err_msg);
	else if (!rc)
		rc = r.rc;
out:
	if (inited)
		csv_free(&p);
	if (fd >= 0)
		close(fd);
	return rc;
}

int fiolog_read(const char *path, int (*fn)(const struct fiolog_row *row, void *arg),
		void *arg, struct diag *d)
{
#ifdef FIOLOG_SWAR
	return fiolog__read_log(path, fn, arg, d, 1, 1, fio_lines_rows);
#else
	return fiolog__read_log(path, fn, arg, d, 1, 1, NULL);
#endif
}

int fiolog_read_csv(const char *path, int (*fn)(const struct fiolog_row *row, void *arg),
		    void *arg, struct diag *d)
{
	return fiolog__read_log(path, fn, arg, d, 0, 1, NULL);
}
