/* SPDX-License-Identifier: MIT */
/* fiolog_bins: fio logs binned per second (fiolog_aggregate), on fiolog.c's reader and its fast path. */
#include "fiolog.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fiolog_int.h"
#include "xalloc.h"

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
		rc = fiolog__read_log(paths[i], bin_row, &fb, d, 1, 0, lines_bin());
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
