/* SPDX-License-Identifier: MIT */
/*
 * fiolog_int: what fiolog.c (reading a log: rows, the fast path, libcsv) and
 * fiolog_bins.c (per-second aggregation) share: the reader, and the fast path's
 * line readers as always-inline functions, so that each reader's copy of the
 * inner loop inlines its own callback (see fio_lines()).
 */
#ifndef SB_FIOLOG_INT_H
#define SB_FIOLOG_INT_H

#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "fiolog.h"

#define FIOLOG_MIN_COLS 4
#define FIOLOG_MAX_COLS 8

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
#endif

/* A block's worth of fio_lines(): a copy of it for one reader. */
typedef const char *lines_fn(struct reader *r, const char *p, const char *end);

/*
 * Reads path's rows to fn(row, arg), fast path first unless fast is 0 (through
 * lines, NULL: none), libcsv from the first unusual line on. tail 0: fn reads
 * neither offset nor prio (left 0), and of bs only whether it is 0. 0 or the
 * error, d set with the path, line and column.
 */
int fiolog__read_log(const char *path, row_fn *fn, void *arg, struct diag *d, int fast,
		     int tail, lines_fn *lines);

#endif
