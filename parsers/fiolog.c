/* SPDX-License-Identifier: MIT */
/* fiolog: reads fio logs (a fast path for plain numeric lines, libcsv for the rest) and bins them per second. */
#include "fiolog.h"

#include <csv.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "safefile.h"
#include "xalloc.h"

#define FIOLOG_MIN_COLS 4
#define FIOLOG_MAX_COLS 8

/* ---- reading rows ------------------------------------------------------------ */

struct reader {
	const char *path;
	int (*fn)(const struct fiolog_row *row, void *arg);   /* = row_fn */
	void *arg;
	struct diag *d;
	long line;                      /* line of the row being read */
	int ncols;                      /* from the first row; 0 until then */
	int tail;                       /* fill offset and prio (else checked, left 0) */
	int nfields;                    /* fields seen in the current row */
	double num[FIOLOG_MAX_COLS];    /* value column */
	uint64_t u[FIOLOG_MAX_COLS];    /* every other column */
	int rc;                         /* first error; once set, callbacks do nothing */
	long err_line;
	int err_field;                  /* 1-based field the error points at */
	char err_msg[160];
};

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

/*
 * The callback's type: fiolog_read()'s caller's, or fiolog_aggregate()'s bin_row().
 * fio's own lines reach it through a take_fn (see fio_lines()), which fiolog_aggregate()
 * replaces with its own, inlined, so that a row costs no call.
 */
typedef int row_fn(const struct fiolog_row *row, void *arg);
#define FIOLOG_INLINE static inline __attribute__((always_inline))

/* Hands the row in r->u / r->num (already checked) to fn. */
FIOLOG_INLINE void emit_with(struct reader *r, row_fn *fn)
{
	struct fiolog_row row = { 0 };
	int rc;

	row.time_ms = r->u[0];
	row.value = r->num[1];
	row.ddir = (int)r->u[2];
	row.bs = r->u[3];
	if (r->tail) {
		row.offset = r->ncols >= 6 ? r->u[4] : 0;
		row.prio = (unsigned)(r->ncols == 5 ? r->u[4] : r->ncols >= 6 ? r->u[5] : 0);
	}
	row.ncols = r->ncols;
	row.line = r->line;
	rc = fn(&row, r->arg);
	if (rc < 0 && !r->rc)
		r->rc = rc;
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
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n = -1;
	int col = 1;

	if (!f)
		return 0;
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

/*
 * fio's own lines, "T, V, D, B[, O][, P]\n" in plain digits with ", " between the
 * fields, read eight bytes at a time (SWAR: SIMD within a register). Anything else
 * returns NULL and fast_line() reads the line instead, so this tier changes speed,
 * never results. The loads may look up to 7 bytes past the line's '\n', and
 * find_nl()'s to 63 bytes past its start: scan()'s buffer has FIOLOG_PAD bytes
 * after its end. Little-endian byte order only.
 */
#define FIOLOG_PAD 8
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FIOLOG_SWAR 1

static inline uint64_t load8(const char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* v minus '0' in each byte: a digit byte becomes its value. */
static inline uint64_t sub_zeros(uint64_t v)
{
	return v - 0x3030303030303030ULL;
}

/*
 * How many of the 8 bytes in v, from the first, are ASCII digits (0 to 8); z is
 * sub_zeros(v). A byte below '0' sets its top bit in z, one above '9' in v + 0x46
 * (0x3A + 0x46 = 0x80), and a byte of 0x80 or more in one of the two. A borrow or
 * carry only moves up from a non-digit, so the first flagged byte is the first
 * non-digit.
 */
static inline unsigned digits8(uint64_t v, uint64_t z)
{
	uint64_t bad = (z | (v + 0x4646464646464646ULL)) & 0x8080808080808080ULL;

	return bad ? (unsigned)__builtin_ctzll(bad) >> 3 : 8;
}

/* The number the first n (1 to 8) digits spell; z is sub_zeros() of their bytes. */
static inline uint64_t value8(uint64_t z, unsigned n)
{
	/* The digits move to the top bytes; the bytes shifted in are zeros. */
	z <<= 8 * (8 - n);
	z = z * 10 + (z >> 8);
	return ((z & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32)) +
		((z >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32))) >> 32;
}

/* A decimal field of 1 to maxd (<= 19) digits at p into *out; the byte after it, or NULL. */
static inline const char *swar_uint(const char *p, unsigned maxd, uint64_t *out)
{
	static const uint64_t pow10[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					   10000000, 100000000 };
	uint64_t v = load8(p), z = sub_zeros(v), x;
	unsigned n = digits8(v, z), total = n;

	if (n < 8) {            /* fio's usual numbers: one load */
		if (!n)
			return NULL;
		*out = value8(z, n);
		return p + n;
	}
	x = value8(z, 8);
	while (n == 8) {
		p += 8;
		v = load8(p);
		z = sub_zeros(v);
		n = digits8(v, z);
		if (!n)
			break;
		total += n;
		if (total > maxd)
			return NULL;
		x = x * pow10[n] + value8(z, n);
	}
	*out = x;
	return p + n;
}

/*
 * swar_uint() without the number: the field is checked, not converted. *nonzero
 * says whether it is other than 0 (fiolog_aggregate() asks only that of bs).
 */
static inline const char *swar_skip(const char *p, unsigned maxd, int *nonzero)
{
	uint64_t v = load8(p), z = sub_zeros(v), x;
	unsigned n = digits8(v, z);

	if (n < 8) {
		if (!n)
			return NULL;
		*nonzero = (z << (8 * (8 - n))) != 0;
		return p + n;
	}
	if (!(p = swar_uint(p, maxd, &x)))
		return NULL;
	*nonzero = x != 0;
	return p;
}

/* swar_skip() without the zero test: offset and prio, which only need checking. */
static inline const char *swar_digits(const char *p, unsigned maxd)
{
	uint64_t v = load8(p);
	unsigned n = digits8(v, sub_zeros(v)), total;

	/* one load for up to 7 digits (prio), two for up to 15 (offsets), then a loop */
	if (n < 8)
		return n ? p + n : NULL;
	v = load8(p + 8);
	n = digits8(v, sub_zeros(v));
	if (n < 8)
		return 8 + n <= maxd ? p + 8 + n : NULL;
	p += 16;
	total = 16;
	while (n == 8) {
		v = load8(p);
		n = digits8(v, sub_zeros(v));
		total += n;
		p += n;
	}
	return total && total <= maxd ? p : NULL;
}

/* Whether p is at ", ", the separator fio writes. */
static inline int is_sep(const char *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v == (',' | ' ' << 8);
}

/* One row as fio_line() reads it: a local of the read loop, so it stays in registers. */
struct fastrow {
	uint64_t time, ddir, bs, u4, u5;
	double value;
};

/*
 * One line of ncols fields in fio's own format into *f; the next line, or NULL.
 * With tail 0, bs is read as 0 or 1 (zero or not), and offset and prio are checked
 * only.
 */
FIOLOG_INLINE const char *fio_line(const char *p, int ncols, int tail, struct fastrow *f)
{
	uint64_t v;
	int nonzero;

	f->u4 = f->u5 = 0;
	if (!(p = swar_uint(p, 19, &f->time)) || !is_sep(p) ||
	    !(p = swar_uint(p + 2, 15, &v)) || !is_sep(p))
		return NULL;
	f->value = (double)(int64_t)v;          /* 15 digits at most: no sign to mind */
	/* ddir: one digit, 0 to 2 */
	if ((unsigned char)(p[2] - '0') > 2 || !is_sep(p + 3))
		return NULL;
	f->ddir = (uint64_t)(p[2] - '0');
	if (tail) {
		if (!(p = swar_uint(p + 5, 19, &f->bs)))
			return NULL;
	} else {
		if (!(p = swar_skip(p + 5, 19, &nonzero)))
			return NULL;
		f->bs = (uint64_t)nonzero;
	}
	for (int k = 4; k < ncols; k++) {
		if (!is_sep(p) ||
		    !(p = tail ? swar_uint(p + 2, 19, &v) : swar_digits(p + 2, 19)))
			return NULL;
		if (tail && k == 4)
			f->u4 = v;
		else if (tail && k == 5)
			f->u5 = v;
	}
	return *p == '\n' ? p + 1 : NULL;
}

/* emit_with() for a row of fio_line()'s, line number line; the callback's error. */
FIOLOG_INLINE int emit_fast(struct reader *r, row_fn *fn, const struct fastrow *f, long line,
			    int tail)
{
	struct fiolog_row row = { 0 };
	int rc;

	row.time_ms = f->time;
	row.value = f->value;
	row.ddir = (int)f->ddir;
	row.bs = f->bs;
	if (tail) {
		row.offset = r->ncols >= 6 ? f->u4 : 0;
		row.prio = (unsigned)(r->ncols == 5 ? f->u4 : r->ncols >= 6 ? f->u5 : 0);
	}
	row.ncols = r->ncols;
	row.line = line;
	rc = fn(&row, r->arg);
	if (rc < 0 && !r->rc)
		r->rc = rc;
	return rc < 0;
}

/*
 * What fio_lines() does with each row: nonzero to stop. A row that stays a local
 * (not a struct fiolog_row whose address a call takes) stays in registers.
 */
typedef int take_fn(struct reader *r, const struct fastrow *f, long line);

/* fiolog_read()'s: the row to the reader's callback. */
FIOLOG_INLINE int take_row(struct reader *r, const struct fastrow *f, long line)
{
	return emit_fast(r, r->fn, f, line, 1);
}
#ifdef __SSE2__
#include <emmintrin.h>
#undef FIOLOG_PAD
#define FIOLOG_PAD 64

/*
 * The first '\n' in the 64 bytes at p, or NULL: SSE2 (every x86-64 has it), 16
 * bytes a step. fio_line() reads a field, then the next from where that one ended:
 * a chain of loads through the line. When the next line's start comes from here
 * instead, that chain no longer runs from line to line, and the CPU reads several
 * lines at once.
 */
static inline const char *find_nl(const char *p)
{
	const __m128i nl = _mm_set1_epi8('\n');

	for (int off = 0; off < 64; off += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + off));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, nl));

		if (m)
			return p + off + __builtin_ctz(m);
	}
	return NULL;
}
#endif

#if defined(__SSE2__) && defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define FIOLOG_SIMD 1
#define FIOLOG_AVX2_FN __attribute__((target("avx2,bmi,popcnt")))

/* What the 64 bytes from a line's start are: bit i for byte i. */
struct linemask {
	uint64_t nl, dig, com, spc;     /* '\n', digits, ',', ' ' */
};

/* Bit i is byte i's lane in the 32-byte compares lo (bytes 0-31) and hi (32-63). */
FIOLOG_AVX2_FN FIOLOG_INLINE uint64_t mask64(__m256i lo, __m256i hi)
{
	return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) |
	       (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

/* The line's masks with AVX2: two loads, a compare per class and half. */
FIOLOG_AVX2_FN FIOLOG_INLINE struct linemask avx2_masks(const char *p)
{
	const __m256i *m = (const __m256i *)(const void *)p;
	const __m256i lo = _mm256_loadu_si256(m), hi = _mm256_loadu_si256(m + 1);
	const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
	const __m256i zlo = _mm256_sub_epi8(lo, zero), zhi = _mm256_sub_epi8(hi, zero);
	const __m256i nl = _mm256_set1_epi8('\n'), com = _mm256_set1_epi8(',');
	const __m256i spc = _mm256_set1_epi8(' ');
	struct linemask k;

	k.nl = mask64(_mm256_cmpeq_epi8(lo, nl), _mm256_cmpeq_epi8(hi, nl));
	k.dig = mask64(_mm256_cmpeq_epi8(_mm256_min_epu8(zlo, nine), zlo),
		       _mm256_cmpeq_epi8(_mm256_min_epu8(zhi, nine), zhi));
	k.com = mask64(_mm256_cmpeq_epi8(lo, com), _mm256_cmpeq_epi8(hi, com));
	k.spc = mask64(_mm256_cmpeq_epi8(lo, spc), _mm256_cmpeq_epi8(hi, spc));
	return k;
}

/*
 * fio_line() with tail 0 for a line shorter than 64 bytes, from the masks k of its
 * bytes instead of field by field: a few operations on the masks check the line's
 * shape, the commas' places bound the fields, and only time, value, ddir and bs
 * are read again. It takes a subset of fio_line()'s lines (time, value and bs of
 * at most 8 digits) with the same results, and returns NULL for the others, which
 * fio_line() reads. The masks' loads look 63 bytes past p (FIOLOG_PAD).
 */
FIOLOG_AVX2_FN FIOLOG_INLINE const char *mask_line(const char *p, struct linemask k,
						     const int ncols, struct fastrow *f)
{
	uint64_t line = (k.nl & -k.nl) - 1;      /* the bytes before the first '\n' */
	uint64_t dig = k.dig & line, com = k.com & line, spc = k.spc & line;
	unsigned at[FIOLOG_MAX_COLS], ddir, bslen, bad;

	/*
	 * Digits and ", " only; a digit first and after every ", " (so no field is
	 * empty, and the line does not end in a separator); ncols - 1 commas (ncols,
	 * a constant, is 5 or 6).
	 */
	if (ncols < 4 || !k.nl || (dig | com | spc) != line || spc != com << 1 || !(dig & 1) ||
	    ((spc << 1) & ~dig) || __builtin_popcountll(com) != ncols - 1)
		return NULL;
	/* at[i]: where field i ends (its comma, the '\n' for the last) */
	for (int i = 0; i < ncols - 1; i++) {
		at[i] = (unsigned)__builtin_ctzll(com);
		com &= com - 1;
	}
	at[ncols - 1] = (unsigned)__builtin_ctzll(k.nl);
	/*
	 * Field lengths: at most 8 digits for time, value and bs, 19 for the others
	 * (fio_line()'s limit), one for ddir. Each is below 64, so x + 63 - max
	 * reaches bit 6 when x > max.
	 */
	bslen = at[3] - at[2] - 2;
	bad = (at[0] + 55) | (at[1] - at[0] - 2 + 55) | (bslen + 55);
	for (int i = 4; i < ncols; i++)
		bad |= at[i] - at[i - 1] - 2 + 44;
	ddir = (unsigned char)(p[at[1] + 2] - '0');
	if ((bad & 64) || at[2] - at[1] != 3 || ddir > 2)
		return NULL;
	f->time = value8(sub_zeros(load8(p)), at[0]);
	f->value = (double)(int64_t)value8(sub_zeros(load8(p + at[0] + 2)), at[1] - at[0] - 2);
	f->ddir = ddir;
	f->bs = (sub_zeros(load8(p + at[2] + 2)) << (8 * (8 - bslen))) != 0;
	f->u4 = f->u5 = 0;
	return p + at[ncols - 1] + 1;
}
#endif

/*
 * The fast path's inner loop: fio's own lines of r->ncols fields, from p until end,
 * the callback's error, or the first other line, whose start it returns. Each
 * reader (fiolog_read(), fiolog_aggregate()) has its own copy, a function of its
 * own with the callback inlined, so that its few values stay in registers.
 */
FIOLOG_INLINE const char *fio_lines_n(struct reader *r, const char *p, const char *end,
				      take_fn *take, int tail, const int ncols)
{
	long line = r->line;

	while (p < end) {
		struct fastrow f;
		int err;
#ifdef __SSE2__
		const char *nl = find_nl(p);

		/*
		 * Only digits and ", " come before the end fio_line() finds, so that end
		 * is nl + 1. Comparing (a branch) rather than taking fio_line()'s pointer
		 * keeps p off fio_line()'s chain; a wrong nl could only send the line to
		 * fast_line(). A line of 64 bytes or more is fast_line()'s.
		 */
		if (!nl || !__builtin_expect(fio_line(p, ncols, tail, &f) == nl + 1, 1))
			break;
#else
		const char *nl = fio_line(p, ncols, tail, &f);

		if (!nl)
			break;
		nl--;
#endif
		err = take(r, &f, line);
		line++;
		p = nl + 1;
		if (err)
			break;
	}
	r->line = line;
	return p;
}

/* fio_lines_n() with fio's two usual column counts as constants: loops unrolled. */
FIOLOG_INLINE const char *fio_lines(struct reader *r, const char *p, const char *end,
				    take_fn *take, int tail)
{
	if (r->ncols == 5)
		return fio_lines_n(r, p, end, take, tail, 5);
	if (r->ncols == 6)
		return fio_lines_n(r, p, end, take, tail, 6);
	return fio_lines_n(r, p, end, take, tail, r->ncols);
}

/* fiolog_read()'s copy: any callback, every column. */
static const char *fio_lines_rows(struct reader *r, const char *p, const char *end)
{
	return fio_lines(r, p, end, take_row, 1);
}
#endif

/* A block's worth of fio_lines(): a copy of it for one reader. */
typedef const char *lines_fn(struct reader *r, const char *p, const char *end);

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
 * tail 0: fn reads neither offset nor prio (left 0 in its rows), and of bs only
 * whether it is 0 (the fast path gives 0 or 1).
 */
static int read_log(const char *path, row_fn *fn, void *arg, struct diag *d, int fast,
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
	return read_log(path, fn, arg, d, 1, 1, fio_lines_rows);
#else
	return read_log(path, fn, arg, d, 1, 1, NULL);
#endif
}

int fiolog_read_csv(const char *path, int (*fn)(const struct fiolog_row *row, void *arg),
		    void *arg, struct diag *d)
{
	return read_log(path, fn, arg, d, 0, 1, NULL);
}

/* ---- per-second aggregation ----------------------------------------------- */

/*
 * The longest span one fio run's logs may cover, in seconds (about 194 days). A
 * log in time order streams, so its memory follows its rows, not its span; the
 * bins that logs out of order need are dense, 16 bytes a second per direction.
 */
#define FIOLOG_MAX_SPAN ((size_t)1 << 24)

struct bin {
	double sum;
	uint64_t n;
};

/*
 * Bins for seconds base .. base+n-1, grown on demand in both directions; room for
 * cap, doubled when full, so a log of a million seconds is not a million reallocs.
 */
struct binarr {
	int64_t base;
	size_t n, cap;
	struct bin *b;
};

/* Returns the bin for sec, or NULL when the span would exceed FIOLOG_MAX_SPAN. */
static struct bin *binarr_at(struct binarr *a, int64_t sec)
{
	if (!a->n) {
		a->base = sec;
		a->n = a->cap = 1;
		a->b = xcalloc(1, sizeof(*a->b));
	} else if (sec < a->base) {
		size_t grow = (size_t)(a->base - sec);
		struct bin *nb;

		if (a->n + grow > FIOLOG_MAX_SPAN)
			return NULL;
		nb = xcalloc(a->n + grow, sizeof(*nb));
		memcpy(nb + grow, a->b, a->n * sizeof(*nb));
		free(a->b);
		a->b = nb;
		a->n += grow;
		a->cap = a->n;
		a->base = sec;
	} else if ((uint64_t)(sec - a->base) >= a->n) {
		size_t need = (size_t)(sec - a->base) + 1;

		if (need > FIOLOG_MAX_SPAN)
			return NULL;
		if (need > a->cap) {
			size_t cap = a->cap * 2 > need ? a->cap * 2 : need;

			a->b = xrealloc(a->b, cap * sizeof(*a->b));
			memset(a->b + a->cap, 0, (cap - a->cap) * sizeof(*a->b));
			a->cap = cap;
		}
		a->n = need;
	}
	return &a->b[sec - a->base];
}

static void binarr_release(struct binarr *a)
{
	free(a->b);
	memset(a, 0, sizeof(*a));
}

/*
 * One direction's seconds while its rows come in time order (every log but the
 * clones of per_job_logs=0): each new second is appended, so the points exist
 * once, with no bins. s.v holds the sum of the second's values; cnt[k] the
 * number of rows in second k, NULL while every second had one row.
 */
struct stream {
	struct result_series s;
	uint32_t *cnt;
	size_t cnt_cap;
	int64_t first, last;        /* s.t[0] and s.t[s.n - 1] while s.n > 0 */
};

/*
 * A direction's last streamed second, for per-I/O rows: one whose time is in
 * [from, from + span) adds to *sum and *cnt, without a division or a look at the
 * stream. All zeros when there is none (no time is in an empty span); set anew
 * after every row that is not one of these.
 */
struct hotsec {
	uint64_t from, span;
	double *sum;
	uint32_t *cnt;
};

/* One file's rows, streamed (one file alone) or binned per ddir. */
struct filebins {
	struct hotsec hot[RESULT_NDIRS];
	struct stream st[RESULT_NDIRS];
	int streaming[RESULT_NDIRS];
	struct binarr dir[RESULT_NDIRS];
	uint64_t last_t[RESULT_NDIRS];
	int have_last[RESULT_NDIRS];
	int per_io;                 /* saw a row with bs > 0 */
	const char *path;
	struct diag *d;
};

static void stream_release(struct stream *st)
{
	result_series_release(&st->s);
	free(st->cnt);
	memset(st, 0, sizeof(*st));
}

/* Adds value to second sec at the end of st. */
static inline void stream_add(struct stream *st, int64_t sec, double value)
{
	struct result_series *s = &st->s;

	if (s->n && st->last == sec) {
		if (!st->cnt) {
			st->cnt_cap = s->cap;
			st->cnt = xmalloc(st->cnt_cap * sizeof(*st->cnt));
			for (size_t k = 0; k < s->n; k++)
				st->cnt[k] = 1;
		}
		s->v[s->n - 1] += value;
		st->cnt[s->n - 1]++;
		return;
	}
	if (!s->n)
		st->first = sec;
	st->last = sec;
	result_series_push(s, (double)sec, value);
	if (st->cnt) {
		XGROW(st->cnt, st->cnt_cap, s->n);
		st->cnt[s->n - 1] = 1;
	}
}

/*
 * Time went backwards: the direction's seconds so far move into bins, and its
 * rows are binned from now on. Returns 0, or -1 when they span too long.
 */
static int stream_to_bins(struct stream *st, struct binarr *a)
{
	for (size_t k = 0; k < st->s.n; k++) {
		struct bin *b = binarr_at(a, (int64_t)st->s.t[k]);

		if (!b)
			return -1;
		b->sum = st->s.v[k];
		b->n = st->cnt ? st->cnt[k] : 1;
	}
	stream_release(st);
	return 0;
}

/* A row into its second: the general case (hot_add() has the usual one). */
static int bin_any(struct filebins *fb, const struct fiolog_row *row)
{
	struct bin *b;
	int64_t sec;

	/*
	 * Second k stands for the interval (k-1 s, k s]. A windowed row is stamped when
	 * its window closed, with jitter (1000, 2001): round to the nearest second. A
	 * per-I/O row is stamped at completion: round up.
	 */
	if (row->bs == 0)
		sec = (int64_t)((row->time_ms + 500) / 1000);
	else
		sec = (int64_t)((row->time_ms + 999) / 1000);

	if (row->bs == 0 && fb->have_last[row->ddir] && fb->last_t[row->ddir] == row->time_ms)
		return 0;
	fb->last_t[row->ddir] = row->time_ms;
	fb->have_last[row->ddir] = 1;
	fb->per_io |= row->bs > 0;
	if (fb->streaming[row->ddir]) {
		struct stream *st = &fb->st[row->ddir];

		if (!st->s.n || sec >= st->last) {
			if (!st->s.n || (uint64_t)(sec - st->first) < FIOLOG_MAX_SPAN) {
				stream_add(st, sec, row->value);
				return 0;
			}
		} else if (stream_to_bins(st, &fb->dir[row->ddir]) == 0) {
			fb->streaming[row->ddir] = 0;
		}
		if (fb->streaming[row->ddir])
			return diag_set(fb->d, -SB_EPARSE, fb->path, (int)row->line, 1,
					"log spans more than %zu seconds", FIOLOG_MAX_SPAN);
	}
	b = binarr_at(&fb->dir[row->ddir], sec);
	if (!b)
		return diag_set(fb->d, -SB_EPARSE, fb->path, (int)row->line, 1,
				"log spans more than %zu seconds", FIOLOG_MAX_SPAN);
	b->sum += row->value;
	b->n++;
	return 0;
}

/* bin_any(), then the direction's hotsec for the rows after this one. */
static int bin_slow(struct filebins *fb, const struct fiolog_row *row)
{
	struct hotsec *h = &fb->hot[row->ddir];
	const struct stream *st = &fb->st[row->ddir];
	int rc = bin_any(fb, row);

	memset(h, 0, sizeof(*h));
	/* per-I/O rows round up: second k holds the times (1000 (k - 1), 1000 k] */
	if (!rc && row->bs && fb->streaming[row->ddir] && st->s.n && st->cnt && st->last > 0 &&
	    (uint64_t)st->last <= (UINT64_MAX - 999) / 1000) {
		h->from = (uint64_t)st->last * 1000 - 999;
		h->span = 1000;
		h->sum = &st->s.v[st->s.n - 1];
		h->cnt = &st->cnt[st->s.n - 1];
	}
	return rc;
}

/*
 * A per-I/O row into its direction's hotsec when its time falls there: 1, else 0.
 * A per-I/O log has about a thousand rows a second: all but the first go here into
 * the stream's last second. have_last is set already (the row that set the
 * hotsec), and so is per_io.
 */
FIOLOG_INLINE int hot_add(struct filebins *fb, int ddir, uint64_t time, uint64_t bs,
			  double value)
{
	struct hotsec *h = &fb->hot[ddir];

	if (!bs || time - h->from >= h->span)
		return 0;
	*h->sum += value;
	(*h->cnt)++;
	fb->last_t[ddir] = time;
	return 1;
}

/* A row into its second (the rows fast_line() and libcsv read). */
static int bin_row(const struct fiolog_row *row, void *arg)
{
	struct filebins *fb = arg;

	return hot_add(fb, row->ddir, row->time_ms, row->bs, row->value) ? 0 : bin_slow(fb, row);
}

/*
 * The last second with a row, into *max; 0 when there is none. A stream's last
 * second is its greatest (it only grows), and bins grow to their greatest row.
 */
static int file_max_sec(const struct filebins *fb, int64_t *max)
{
	int any = 0;

	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		const struct stream *st = &fb->st[dir];
		const struct binarr *a = &fb->dir[dir];

		if (st->s.n && (!any || st->last > *max)) {
			*max = st->last;
			any = 1;
		}
		if (a->n && (!any || a->base + (int64_t)a->n - 1 > *max)) {
			*max = a->base + (int64_t)a->n - 1;
			any = 1;
		}
	}
	return any;
}

/* Adds one file's per-second values into the totals (sum of values, count of files). */
static int add_file(const struct filebins *fb, enum fiolog_combine how, struct binarr *tot)
{
	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		const struct binarr *a = &fb->dir[dir];

		for (size_t i = 0; i < a->n; i++) {
			const struct bin *b = &a->b[i];
			struct bin *t;

			if (!b->n)
				continue;
			t = binarr_at(&tot[dir], a->base + (int64_t)i);
			if (!t)
				return diag_set(fb->d, -SB_EPARSE, fb->path, 0, 0,
						"logs span more than %zu seconds", FIOLOG_MAX_SPAN);
			t->sum += (how == FIOLOG_SUM && fb->per_io) ? b->sum : b->sum / (double)b->n;
			t->n++;
		}
	}
	return 0;
}

static void emit(const struct binarr *tot, enum fiolog_combine how, int64_t end,
		 struct result_series out[RESULT_NDIRS])
{
	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		for (size_t i = 0; i < tot[dir].n; i++) {
			const struct bin *b = &tot[dir].b[i];
			int64_t sec = tot[dir].base + (int64_t)i;

			if (!b->n || (how == FIOLOG_SUM && sec > end))
				continue;
			result_series_push(&out[dir], (double)sec,
					   how == FIOLOG_SUM ? b->sum : b->sum / (double)b->n);
		}
	}
}

/* One file alone: its per-second values are the result (what add_file + emit give). */
static void emit_file(struct filebins *fb, enum fiolog_combine how,
		      struct result_series out[RESULT_NDIRS])
{
	int sum = how == FIOLOG_SUM && fb->per_io;

	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		const struct binarr *a = &fb->dir[dir];
		struct stream *st = &fb->st[dir];

		/* Streamed: the sums become values in place, and out takes the arrays. */
		for (size_t k = 0; !sum && st->cnt && k < st->s.n; k++)
			st->s.v[k] /= st->cnt[k];
		if (st->s.n && !out[dir].n) {
			result_series_release(&out[dir]);
			out[dir] = st->s;
			memset(&st->s, 0, sizeof(st->s));
		}
		for (size_t k = 0; k < st->s.n; k++)
			result_series_push(&out[dir], st->s.t[k], st->s.v[k]);
		for (size_t i = 0; i < a->n; i++) {
			const struct bin *b = &a->b[i];

			if (b->n)
				result_series_push(&out[dir], (double)(a->base + (int64_t)i),
						   sum ? b->sum : b->sum / (double)b->n);
		}
	}
}

#ifdef FIOLOG_SWAR
/* take_bin() for all but the usual row: f is a copy, so only this path stores it. */
static int take_bin_slow(struct reader *r, struct fastrow f, long line)
{
	return emit_fast(r, bin_row, &f, line, 0);
}

/* fiolog_aggregate()'s: bin_row() on the row fio_line() read, hot_add() inlined. */
FIOLOG_INLINE int take_bin(struct reader *r, const struct fastrow *f, long line)
{
	return hot_add(r->arg, (int)f->ddir, f->time, f->bs, f->value) ? 0 :
	       take_bin_slow(r, *f, line);
}

/* fiolog_aggregate()'s copy of fio_lines(): take_bin() inlined, bs as zero or not. */
static const char *fio_lines_bin(struct reader *r, const char *p, const char *end)
{
	return fio_lines(r, p, end, take_bin, 0);
}
#define LINES_BIN fio_lines_bin

#ifdef FIOLOG_SIMD
/*
 * fio_lines_bin() with mask_line() first, on avx2_masks(), and fio_line() for the
 * lines it leaves (with fio_lines_n()'s test of the line's end). A loop of its own,
 * not fio_lines_n()'s: mask_line() inlines only into code built for AVX2.
 */
FIOLOG_AVX2_FN FIOLOG_INLINE const char *mask_lines_n(struct reader *r, const char *p,
							const char *end, const int ncols)
{
	long line = r->line;

	while (p < end) {
		struct fastrow f;
		const char *next = mask_line(p, avx2_masks(p), ncols, &f);
		int err;

		if (!next) {
			const char *nl = find_nl(p);

			if (!nl || fio_line(p, ncols, 0, &f) != nl + 1)
				break;
			next = nl + 1;
		}
		err = take_bin(r, &f, line);
		line++;
		p = next;
		if (err)
			break;
	}
	r->line = line;
	return p;
}

/* fio_lines_bin() with AVX2: 5 and 6 columns; fio_lines_bin() does the others. */
FIOLOG_AVX2_FN static const char *fio_lines_bin_avx2(struct reader *r, const char *p,
						     const char *end)
{
	if (r->ncols == 5)
		return mask_lines_n(r, p, end, 5);
	if (r->ncols == 6)
		return mask_lines_n(r, p, end, 6);
	return fio_lines_bin(r, p, end);
}

/* The best of fiolog_simd()'s levels this CPU has. */
static int cpu_simd(void)
{
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
	       __builtin_cpu_supports("popcnt");
}
#endif
#else
#define LINES_BIN NULL
#endif

#ifndef FIOLOG_SIMD
static int cpu_simd(void)
{
	return 0;
}
#endif

static int simd_max = 1;        /* fiolog_simd() */

int fiolog_simd(int max)
{
	int cpu = cpu_simd();

	simd_max = max;
	return max < cpu ? max : cpu;
}

/* fiolog_aggregate()'s fast path for this CPU and fiolog_simd(). */
static lines_fn *lines_bin(void)
{
	int cpu = cpu_simd(), level = cpu < simd_max ? cpu : simd_max;

#ifdef FIOLOG_SIMD
	if (level == 1)
		return fio_lines_bin_avx2;
#else
	(void)level;
#endif
	return LINES_BIN;
}

int fiolog_aggregate(const char *const *paths, size_t npaths, enum fiolog_combine how,
		     struct result_series out[RESULT_NDIRS], struct diag *d)
{
	struct binarr tot[RESULT_NDIRS] = { { 0 } };
	int64_t end = INT64_MAX, max_sec = 0;
	int rc = 0;

	for (size_t i = 0; i < npaths && !rc; i++) {
		struct filebins fb = { .path = paths[i], .d = d };

		/* One file alone streams its seconds; several are binned to be added up. */
		for (int dir = 0; dir < RESULT_NDIRS; dir++)
			fb.streaming[dir] = npaths == 1;
		rc = read_log(paths[i], bin_row, &fb, d, 1, 0, lines_bin());
		/* A file without a row reached no second: its job's windows all fell. */
		if (!rc && !file_max_sec(&fb, &max_sec))
			max_sec = 0;
		if (!rc && max_sec < end)
			end = max_sec;
		if (!rc && npaths == 1)
			emit_file(&fb, how, out);
		else if (!rc)
			rc = add_file(&fb, how, tot);
		for (int dir = 0; dir < RESULT_NDIRS; dir++) {
			binarr_release(&fb.dir[dir]);
			stream_release(&fb.st[dir]);
		}
	}
	if (!rc && npaths > 1)
		emit(tot, how, end, out);
	for (int dir = 0; dir < RESULT_NDIRS; dir++)
		binarr_release(&tot[dir]);
	return rc;
}
