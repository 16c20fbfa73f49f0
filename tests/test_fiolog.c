/* SPDX-License-Identifier: MIT */
/* Tests for fiolog: real fio 3.33 logs from samples/, plus small damaged logs written to a temp dir. */
#include <glob.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

#include "err.h"
#include "fiolog.h"
#include "sbuf.h"
#include "xalloc.h"

#define SAMPLE(name) SB_SOURCE_DIR "/samples/" name

/* Writes text to TMPDIR/name; returns the path (free() it). */
static char *write_log(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", testutil_dir, name);
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
	assert_int_equal(fclose(f), 0);
	return path;
}

struct rows {
	struct fiolog_row r[64];
	size_t n;
	size_t total;
	double sum;
	int stop_at;    /* return an error at this row (1-based), 0 = never */
};

static int collect(const struct fiolog_row *row, void *arg)
{
	struct rows *rs = arg;

	if (rs->n < 64)
		rs->r[rs->n++] = *row;
	rs->total++;
	rs->sum += row->value;
	return rs->stop_at && (int)rs->total == rs->stop_at ? -SB_EINTERNAL : 0;
}

static int read_text(const char *name, const char *text, struct rows *rs, struct diag *d)
{
	char *path = write_log(name, text);
	int rc;

	memset(rs, 0, sizeof(*rs));
	diag_clear(d);
	rc = fiolog_read(path, collect, rs, d);
	free(path);
	return rc;
}

/* 5 columns: a real windowed iops log (time, value, ddir, bs, prio). */
static void test_real_5_columns(void **state)
{
	struct rows rs = { 0 };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_read(SAMPLE("randread-qd1/log_iops.1.log"), collect, &rs, &d), 0);
	assert_int_equal(rs.n, 2);
	assert_int_equal(rs.r[0].ncols, 5);
	assert_int_equal(rs.r[0].time_ms, 1000);
	assert_near(rs.r[0].value, 20103, 0);
	assert_int_equal(rs.r[0].ddir, 0);
	assert_int_equal(rs.r[0].bs, 0);
	assert_int_equal(rs.r[1].time_ms, 2000);
	assert_near(rs.r[1].value, 13466, 0);
	assert_int_equal(rs.r[1].line, 2);
}

/* 6 columns: a real per-I/O log with log_offset=1 (time, value, ddir, bs, offset, prio). */
static void test_real_6_columns(void **state)
{
	struct rows rs = { 0 };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_read(SAMPLE("perio-offset/log_iops.1.log"), collect, &rs, &d), 0);
	assert_int_equal(rs.total, 200);
	assert_near(rs.sum, 200, 0);
	assert_int_equal(rs.r[0].ncols, 6);
	assert_int_equal(rs.r[0].time_ms, 4);
	assert_int_equal(rs.r[0].bs, 4096);
	assert_int_equal(rs.r[0].offset, 4046848);
	assert_int_equal(rs.r[1].ddir, 1);
	assert_int_equal(rs.r[1].offset, 49676288);
}

/* 4 columns (fio < 3.18), 8 columns (newer fio), hex prio, 9 columns rejected. */
static void test_column_counts(void **state)
{
	struct rows rs;
	struct diag d;

	(void)state;
	assert_int_equal(read_text("c4.log", "1000, 7, 1, 4096\n2000, 8, 2, 4096\n", &rs, &d), 0);
	assert_int_equal(rs.n, 2);
	assert_int_equal(rs.r[1].ncols, 4);
	assert_int_equal(rs.r[1].ddir, 2);
	assert_int_equal(rs.r[1].prio, 0);
	assert_int_equal(read_text("c5.log", "1000, 7, 1, 4096, 0x2000\n", &rs, &d), 0);
	assert_int_equal(rs.r[0].prio, 0x2000);
	assert_int_equal(read_text("c8.log", "5, 9.5, 0, 512, 1024, 1, 77, 0\n", &rs, &d), 0);
	assert_int_equal(rs.r[0].ncols, 8);
	assert_near(rs.r[0].value, 9.5, 0);
	assert_int_equal(rs.r[0].offset, 1024);
	assert_int_equal(rs.r[0].prio, 1);
	assert_int_equal(read_text("c9.log", "1, 2, 0, 0, 0, 0, 0, 0, 0\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(d.line, 1);
	assert_int_equal(d.col, 25);
	assert_int_equal(read_text("c3.log", "1000, 7, 1\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(d.col, 11);
	assert_non_null(strstr(d.msg, "found 3"));
}

/* Bad rows name FILE:LINE:COL, counting blank lines; the first error stops the read. */
static void test_bad_rows(void **state)
{
	char *want = xasprintf("%s/bad.log", testutil_dir);
	struct rows rs;
	struct diag d;

	(void)state;
	assert_int_equal(read_text("bad.log", "1000, 5, 0, 0, 0\n\n2000, x7, 1, 0, 0\n3000, ?, 0, 0, 0\n",
				   &rs, &d), -SB_EPARSE);
	assert_int_equal(rs.n, 1);
	assert_string_equal(d.file, want);
	free(want);
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 7);
	assert_non_null(strstr(d.msg, "'x7'"));
	assert_int_equal(read_text("short.log", "1000, 5, 0, 0, 0\n2000, 6, 1, 0\n", &rs, &d),
			 -SB_EPARSE);
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 14);
	assert_non_null(strstr(d.msg, "expected 5 columns"));
	assert_int_equal(read_text("ddir.log", "1000, 5, 0, 0, 0\r\n2000, 6, 7, 0, 0\r\n", &rs, &d),
			 -SB_EPARSE);
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 10);
	assert_int_equal(read_text("neg.log", "-5, 1, 0, 0, 0\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(d.col, 1);
	assert_int_equal(read_text("empty.log", "1000, , 0, 0, 0\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(d.col, 7);
	/* nan and inf are refused where they are, FILE:LINE:COL */
	want = xasprintf("%s/nan.log", testutil_dir);
	assert_int_equal(read_text("nan.log", "1000, 5, 0, 0, 0\n2000, 2.5, 0, 0, 0\n"
				   "3000, -nan, 0, 0, 0\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(rs.n, 2);
	assert_string_equal(d.file, want);
	free(want);
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 7);
	assert_string_equal(d.msg, "expected a finite number, got '-nan'");
	assert_int_equal(read_text("inf.log", "1000, inf, 0, 0, 0\n", &rs, &d), -SB_EPARSE);
	assert_int_equal(d.line, 1);
	assert_string_equal(d.msg, "expected a finite number, got 'inf'");
}

/* Blank and whitespace-only lines, CRLF, and a last line without a newline. */
static void test_blank_lines_crlf_no_newline(void **state)
{
	struct rows rs;
	struct diag d;

	(void)state;
	assert_int_equal(read_text("blank.log",
				   "\n1000, 1, 0, 0, 0\n\n   \r\n2000, 2, 1, 0, 0\r\n3000, 3, 0, 0, 0",
				   &rs, &d), 0);
	assert_int_equal(rs.n, 3);
	assert_int_equal(rs.r[0].line, 2);
	assert_int_equal(rs.r[1].line, 5);
	assert_int_equal(rs.r[2].line, 6);
	assert_int_equal(rs.r[2].time_ms, 3000);
	assert_near(rs.r[2].value, 3, 0);
	assert_int_equal(read_text("none.log", "", &rs, &d), 0);
	assert_int_equal(rs.n, 0);
}

/* More than one 64 KiB chunk: fields split across chunk boundaries still parse. */
static void test_many_chunks(void **state)
{
	struct sbuf sb;
	struct rows rs;
	struct diag d;
	double want = 0;

	(void)state;
	sbuf_init(&sb);
	for (int i = 0; i < 20000; i++) {
		sbuf_addf(&sb, "%d, %d, %d, 4096, %d, 0\n", i / 10, 1000 + i, i % 2, i * 4096);
		want += 1000 + i;
	}
	assert_true(sb.len > 3 * 65536);
	assert_int_equal(read_text("big.log", sb.buf, &rs, &d), 0);
	assert_int_equal(rs.total, 20000);
	assert_near(rs.sum, want, 0);
	sbuf_release(&sb);
}

static void test_callback_stops_and_missing(void **state)
{
	struct rows rs = { .stop_at = 2 };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_read(SAMPLE("randrw-mix/log_iops.2.log"), collect, &rs, &d),
			 -SB_EINTERNAL);
	assert_int_equal(rs.total, 2);
	assert_int_equal(fiolog_read("no/such.log", collect, &rs, &d), -SB_ENOENT);
	assert_non_null(strstr(d.msg, "cannot open 'no/such.log'"));
}

/* ---- the fast path against libcsv alone ------------------------------------ */

/* Every row of a file, for comparing the two readers. */
struct allrows {
	struct fiolog_row *r;
	size_t n, cap;
};

static int keep_row(const struct fiolog_row *row, void *arg)
{
	struct allrows *a = arg;

	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 64;
		a->r = xrealloc(a->r, a->cap * sizeof(*a->r));
	}
	a->r[a->n++] = *row;
	return 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = xmalloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = 0;
	*len = (size_t)n;
	return buf;
}

/*
 * fiolog_aggregate() reads with its own copy of the fast path (its callback
 * inlined, offset and prio checked but not converted). Its result must be the one
 * libcsv's rows give: the same file with the first field of its first row quoted,
 * which libcsv reads as the same number, takes libcsv from that row on.
 */
static void aggregate_same(const char *path)
{
	size_t len, at = 0, digits;
	char *text = slurp(path, &len), *quoted, *qpath;

	while (at < len && !(text[at] >= '0' && text[at] <= '9' && (at == 0 || text[at - 1] == '\n')))
		at++;
	if (at == len) {
		free(text);
		return;
	}
	digits = strspn(text + at, "0123456789");
	quoted = xasprintf("%.*s\"%.*s\"%s", (int)at, text, (int)digits, text + at,
			   text + at + digits);
	qpath = write_log("quoted.log", quoted);
	for (int how = 0; how < 2; how++) {
		struct result_series a[RESULT_NDIRS] = { { 0 } }, b[RESULT_NDIRS] = { { 0 } };
		struct diag da, db;
		int ra, rb;

		/* d.line stays 0 for a success; an error is on the same line in both */
		diag_clear(&da);
		diag_clear(&db);
		ra = fiolog_aggregate(&path, 1, how ? FIOLOG_MEAN : FIOLOG_SUM, a, &da);
		rb = fiolog_aggregate((const char *const *)&qpath, 1,
				      how ? FIOLOG_MEAN : FIOLOG_SUM, b, &db);
		assert_int_equal(ra, rb);
		assert_int_equal(da.line, db.line);
		for (int k = 0; k < RESULT_NDIRS; k++) {
			assert_int_equal(a[k].n, b[k].n);
			assert_memory_equal(a[k].t, b[k].t, a[k].n * sizeof(double));
			assert_memory_equal(a[k].v, b[k].v, a[k].n * sizeof(double));
			result_series_release(&a[k]);
			result_series_release(&b[k]);
		}
	}
	free(qpath);
	free(quoted);
	free(text);
}

/*
 * Reads path with fiolog_read and fiolog_read_csv; asserts the same rows, result and
 * error; and that fiolog_aggregate() gives what libcsv's rows give.
 */
static int both_same(const char *path, size_t *nrows, struct diag *d)
{
	struct allrows fast = { 0 }, csv = { 0 };
	struct diag dc;
	int rc, rc_csv;

	diag_clear(d);
	diag_clear(&dc);
	rc = fiolog_read(path, keep_row, &fast, d);
	rc_csv = fiolog_read_csv(path, keep_row, &csv, &dc);
	assert_int_equal(rc, rc_csv);
	assert_int_equal(fast.n, csv.n);
	for (size_t i = 0; i < fast.n; i++) {
		const struct fiolog_row *a = &fast.r[i], *b = &csv.r[i];

		assert_int_equal(a->time_ms, b->time_ms);
		assert_memory_equal(&a->value, &b->value, sizeof(a->value));
		assert_int_equal(a->ddir, b->ddir);
		assert_int_equal(a->bs, b->bs);
		assert_int_equal(a->offset, b->offset);
		assert_int_equal(a->prio, b->prio);
		assert_int_equal(a->ncols, b->ncols);
		assert_int_equal(a->line, b->line);
	}
	assert_int_equal(d->line, dc.line);
	assert_int_equal(d->col, dc.col);
	assert_string_equal(d->msg, dc.msg);
	assert_string_equal(d->file, dc.file);
	*nrows = fast.n;
	free(fast.r);
	free(csv.r);
	aggregate_same(path);
	return rc;
}

static int text_same(const char *text, size_t *nrows, struct diag *d)
{
	char *path = write_log("same.log", text);
	int rc = both_same(path, nrows, d);

	free(path);
	return rc;
}

/* Every real fio log in samples/: identical rows from both readers. */
static void test_fast_same_on_samples(void **state)
{
	static const char *const patterns[] = { SAMPLE("*/*.log"), SAMPLE("*/*.log.*"),
						SAMPLE("archives/*/steps/*/*.log") };
	size_t files = 0, total = 0;
	struct diag d;

	(void)state;
	for (size_t k = 0; k < sizeof(patterns) / sizeof(patterns[0]); k++) {
		glob_t g;

		assert_int_equal(glob(patterns[k], 0, NULL, &g), 0);
		for (size_t i = 0; i < g.gl_pathc; i++) {
			size_t n;

			assert_int_equal(both_same(g.gl_pathv[i], &n, &d), 0);
			files++;
			total += n;
		}
		globfree(&g);
	}
	assert_true(files >= 70);
	assert_true(total >= 800);
}

/* Layouts, spacing and line ends the fast path takes: the same rows as libcsv. */
static void test_fast_same_layouts(void **state)
{
	static const struct {
		const char *text;
		size_t rows;
	} cases[] = {
		{ "1000, 5, 0, 0, 0\n2001, 6, 1, 0, 0\n", 2 },
		{ "4, 502801, 0, 4096, 4046848, 0\n4, 34425, 1, 4096, 49676288, 0\n", 2 },
		{ "1000,7,1,4096\n", 1 },
		{ "1000, 5, 0, 0, 0   \n  2000 ,\t6 , 1, 0, 0\t\n", 2 },
		{ "1000, 5, 0, 0, 0\r\n2000, 6, 1, 0, 0\r\n", 2 },
		{ "1000, 5, 0, 0, 0\n2000, 6, 1, 0, 0", 2 },
		{ "1000, 5, 0, 0, 0\r\n2000, 6, 1, 0, 0\r", 2 },
		{ "\n\n1000, 5, 0, 0, 0\n   \n\t\r\n2000, 6, 1, 0, 0\n\n", 2 },
		{ "1000, 7, 1, 4096, 0x2000\n1001, 7, 1, 4096, 0X1f\n", 2 },
		{ "18446744073709551615, 999999999999999, 2, 18446744073709551615, 0\n", 1 },
		{ "1000, 1234567890123456789, 0, 0, 0\n", 1 },
		{ "1000, 9.5, 0, 0, 0\n2000, 1e3, 1, 0, 0\n3000, 0x10, 0, 0, 0\n", 3 },
		{ "1000, 5, 0, 0, 0\n\"2000\", \"6\", 1, 0, 0\n3000, 7, 0, 0, 0\n", 3 },
		{ "1000, 5, 0, 0, 0\r2000, 6, 1, 0, 0\n", 2 },
		{ "5, 9, 0, 512, 1024, 1, 77, 0\n6, 9, 1, 512, 1024, 1, 77, 0\n", 2 },
		/* digit counts around the 8-byte loads: 8, 9, 12, 15, 16, 19 and 20 */
		{ "12345678, 87654321, 1, 12345678, 123456789012, 1\n"
		  "123456789, 123456789, 0, 99999999, 100000000, 7\n", 2 },
		{ "1234567890123456, 123456789012345, 0, 4096, 1234567890123456789, 0\n", 1 },
		{ "1, 1234567890123456, 0, 4096, 0, 0\n", 1 },
		/* an offset (checked, not converted, when aggregating) of 8, 15, 16, 17 digits */
		{ "1, 2, 0, 4096, 12345678, 0\n2, 2, 0, 4096, 123456789012345, 0\n"
		  "3, 2, 0, 4096, 1234567890123456, 0\n4, 2, 1, 4096, 12345678901234567, 0\n", 4 },
		{ "12345678901234567890, 1, 0, 0, 0\n00000000000000000001, 2, 1, 0, 0\n", 2 },
		{ "1000, 5, 00, 4096, 0\n1000, 5, 1, 04096, 00\n", 2 },
		/* around find_nl()'s 16-byte steps and its 64-byte reach: lines of 11,
		 * 15, 16, 17, 63, 64 and 65 bytes with their '\n' */
		{ "1, 2, 0, 0\n1234, 56, 1, 0\n12345, 56, 1, 0\n123456, 56, 1, 0\n", 4 },
		{ "1234567890123456789, 123456789012345, 1, 1234567890, 123456789\n"
		  "1234567890123456789, 123456789012345, 1, 1234567890, 1234567890\n"
		  "1234567890123456789, 123456789012345, 1, 1234567890, 12345678901\n", 3 },
		{ "", 0 },
		{ "\n", 0 },
	};
	struct diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = 99;

		assert_int_equal(text_same(cases[i].text, &n, &d), 0);
		assert_int_equal(n, cases[i].rows);
	}
}

/* Bad input: the same error, line and column from both, after the same rows. */
static void test_fast_same_errors(void **state)
{
	static const struct {
		const char *text;
		int line, col;
	} cases[] = {
		{ "1000, 5, 0, 0, 0\n\n2000, x7, 1, 0, 0\n", 3, 7 },
		{ "1000, 5, 0, 0, 0\n2000, 6, 1, 0\n", 2, 14 },
		{ "1000, 5, 0, 0, 0\r\n2000, 6, 7, 0, 0\r\n", 2, 10 },
		{ "1000, 5, 0, 0, 0\n-5, 1, 0, 0, 0\n", 2, 1 },
		{ "1000, , 0, 0, 0\n", 1, 7 },
		{ "1000, 5, 0, 0, 0,\n", 1, 18 },
		{ "1, 2, 0, 0, 0, 0, 0, 0, 0\n", 1, 25 },
		{ "1000, 7, 1\n", 1, 11 },
		{ "18446744073709551616, 5, 0, 0, 0\n", 1, 1 },
		{ "1000, 5, 0, 0, 0x\n", 1, 16 },
		{ "1000, 5, 0, 0, 0\n2000, 5, 0, 0, 0\n10 00, 5, 0, 0, 0\n", 3, 1 },
		{ "1000, 5, 0, 0, 0\n2000, 6, 1, 0, 0, 0\n", 2, 19 },
		{ "1000, 5, 0, 0, 0\ngarbage\n", 2, 1 },
		{ "1000, 5, 0, 0, 0, 0\n1, 5, 0, 4096, 1234567890123456789012345, 0\n", 2, 16 },
		/* strtod reads these; a log value is finite */
		{ "1000, 5, 0, 0, 0\n2000, nan, 0, 0, 0\n", 2, 7 },
		{ "1000, 5, 0, 0, 0\n2000, inf, 0, 0, 0\n", 2, 7 },
		{ "1000, 5, 0, 0, 0\n2000, -Infinity, 0, 0, 0\n", 2, 7 },
		{ "1000, 5, 0, 0, 0\n2000, NAN(0x1), 0, 0, 0\n", 2, 7 },
		{ "1000, 5, 0, 0, 0\n2000, 1e999, 0, 0, 0\n", 2, 7 },
	};
	struct diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n;

		assert_int_equal(text_same(cases[i].text, &n, &d), -SB_EPARSE);
		assert_int_equal(d.line, cases[i].line);
		assert_int_equal(d.col, cases[i].col);
		assert_int_equal(n, (size_t)(cases[i].line - 1 - (i == 0)));
	}
}

/*
 * Block boundaries: lines split across 128 KiB reads, a line longer than a block, and
 * an unusual line far into the file (libcsv takes over mid-block).
 */
static void test_fast_same_big(void **state)
{
	char *spaces;
	struct sbuf sb;
	struct diag d;
	size_t n;

	(void)state;
	sbuf_init(&sb);
	for (int i = 0; i < 45000; i++)
		sbuf_addf(&sb, "%d, %d, %d, 4096, %d, 0\n", i, 1000 + i % 977, i % 3, i * 4096);
	assert_true(sb.len > 1200000);
	assert_int_equal(text_same(sb.buf, &n, &d), 0);
	assert_int_equal(n, 45000);
	sbuf_addf(&sb, "1, 2.5, 0, 4096, 0, 0\n");
	for (int i = 0; i < 10000; i++)
		sbuf_addf(&sb, "%d, 1, 0, 4096, 0, 0\n", i);
	assert_int_equal(text_same(sb.buf, &n, &d), 0);
	assert_int_equal(n, 55001);
	sbuf_release(&sb);
	sbuf_init(&sb);
	sbuf_addf(&sb, "1000, 5, 0, 0, 0\n2000, 5");
	spaces = xmalloc((1 << 20) + 10);
	memset(spaces, ' ', (1 << 20) + 10);
	sbuf_add(&sb, spaces, (1 << 20) + 10);
	free(spaces);
	sbuf_addf(&sb, ", 1, 0, 0\n3000, 4, 0, 0, 0\n");
	assert_int_equal(text_same(sb.buf, &n, &d), 0);
	assert_int_equal(n, 3);
	sbuf_release(&sb);
}

static void release_all(struct result_series *s)
{
	for (int k = 0; k < RESULT_NDIRS; k++)
		result_series_release(&s[k]);
}

/* numjobs=2 iops logs: clones summed per second; clone 1 has no 3rd window, so 2 s. */
static void test_aggregate_sum_real(void **state)
{
	const char *const paths[] = { SAMPLE("randrw-mix/log_iops.1.log"),
				      SAMPLE("randrw-mix/log_iops.2.log") };
	struct result_series s[RESULT_NDIRS] = { { 0 } };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_aggregate(paths, 2, FIOLOG_SUM, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 2);
	assert_near(s[RESULT_READ].t[0], 1, 0);
	assert_near(s[RESULT_READ].v[0], 17131 + 17213, 0);
	assert_near(s[RESULT_READ].t[1], 2, 0);
	assert_near(s[RESULT_READ].v[1], 19854 + 19885, 0);
	assert_int_equal(s[RESULT_WRITE].n, 2);
	assert_near(s[RESULT_WRITE].v[0], 7269 + 7457, 0);
	assert_near(s[RESULT_WRITE].v[1], 8563 + 8534, 0);
	assert_int_equal(s[RESULT_TRIM].n, 0);
	release_all(s);
}

/* numjobs=2 clat logs: the per-second value across clones is the mean. */
static void test_aggregate_mean_real(void **state)
{
	const char *const paths[] = { SAMPLE("randrw-mix/log_clat.1.log"),
				      SAMPLE("randrw-mix/log_clat.2.log") };
	struct result_series s[RESULT_NDIRS] = { { 0 } };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_aggregate(paths, 2, FIOLOG_MEAN, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 3);
	assert_near(s[RESULT_READ].v[0], (48750 + 48520) / 2.0, 0);
	assert_near(s[RESULT_READ].v[1], (41936 + 41973) / 2.0, 0);
	assert_near(s[RESULT_READ].t[2], 3, 0);
	assert_near(s[RESULT_READ].v[2], (40367 + 40416) / 2.0, 0);
	assert_int_equal(s[RESULT_WRITE].n, 3);
	assert_near(s[RESULT_WRITE].v[2], (4306 + 4369) / 2.0, 0);
	release_all(s);
}

/* Per-I/O logs: iops rows (value 1) summed per second, clat rows averaged. */
static void test_aggregate_per_io_real(void **state)
{
	const char *const iops[] = { SAMPLE("perio-offset/log_iops.1.log") };
	const char *const clat[] = { SAMPLE("perio-offset/log_clat.1.log") };
	struct result_series s[RESULT_NDIRS] = { { 0 } };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_aggregate(iops, 1, FIOLOG_SUM, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 2);
	assert_near(s[RESULT_READ].v[0], 51, 0);
	assert_near(s[RESULT_READ].v[1], 49, 0);
	assert_near(s[RESULT_WRITE].v[0], 51, 0);
	release_all(s);
	assert_int_equal(fiolog_aggregate(clat, 1, FIOLOG_MEAN, s, &d), 0);
	assert_near(s[RESULT_READ].v[0], 261820.333333, 1e-5);
	assert_near(s[RESULT_WRITE].v[1], 14542.653061, 1e-5);
	release_all(s);
}

/*
 * Synthetic: jitter, a lat log's repeated last timestamp (dropped), sub-second
 * windows (averaged), and a clone missing a middle row for one ddir (counts as 0).
 */
static void test_aggregate_rules(void **state)
{
	char *a = write_log("a_lat.1.log", "1000, 100, 0, 0, 0\n2001, 200, 0, 0, 0\n"
					   "2001, 999, 0, 0, 0\n");
	char *b = write_log("b_iops.1.log", "500, 10, 0, 0, 0\n1000, 20, 0, 0, 0\n"
					    "1000, 5, 1, 0, 0\n2000, 30, 0, 0, 0\n");
	char *c = write_log("b_iops.2.log", "1000, 1, 0, 0, 0\n1999, 2, 0, 0, 0\n"
					    "2000, 7, 1, 0, 0\n3000, 3, 0, 0, 0\n");
	const char *const lat[] = { a };
	const char *const iops[] = { b, c };
	struct result_series s[RESULT_NDIRS] = { { 0 } };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_aggregate(lat, 1, FIOLOG_MEAN, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 2);
	assert_near(s[RESULT_READ].v[1], 200, 0);
	release_all(s);
	assert_int_equal(fiolog_aggregate(iops, 2, FIOLOG_SUM, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 2);
	assert_near(s[RESULT_READ].v[0], 15 + 1, 0);
	assert_near(s[RESULT_READ].v[1], 30 + 2, 0);
	assert_int_equal(s[RESULT_WRITE].n, 2);
	assert_near(s[RESULT_WRITE].v[0], 5, 0);
	assert_near(s[RESULT_WRITE].v[1], 7, 0);
	release_all(s);
	free(a);
	free(b);
	free(c);
}

/*
 * A timestamp 2^24 s after the first row is refused with the file and its line,
 * in time order (streamed) and out of it (binned); 2^24 - 1 s after is read.
 */
/*
 * A per-I/O log (bs > 0) against a plain count: each row into second (t + 999) / 1000,
 * added in file order. The rows cross seconds, land on exact multiples of 1000, share
 * a millisecond, alternate directions, and a few go back in time (the stream turns
 * into bins): the reader's shortcut for "same second as the last row" must agree.
 */
static void test_aggregate_per_io_seconds(void **state)
{
	enum { SECS = 40, ROWS = 6000 };
	static double sum[2][SECS + 2], want_sum[2][SECS + 2];
	static unsigned cnt[2][SECS + 2];
	uint64_t seed = 12345, t = 0;
	struct sbuf sb;
	char *path;

	(void)state;
	memset(sum, 0, sizeof(sum));
	memset(cnt, 0, sizeof(cnt));
	sbuf_init(&sb);
	for (int i = 0; i < ROWS; i++) {
		unsigned v, dir, sec;
		uint64_t tt;

		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		v = (unsigned)(seed >> 40) % 90000 + 1;
		dir = (unsigned)(seed >> 20) % 3 == 0;
		t += (seed >> 33) % 7;                  /* 0 to 6 ms later */
		if (i % 500 == 0)
			t = t / 1000 * 1000;            /* on a boundary */
		tt = i % 1500 == 1499 ? t - 2500 : t;   /* now and then back in time */
		sec = (unsigned)((tt + 999) / 1000);
		assert_true(sec <= SECS);
		sum[dir][sec] += v;
		cnt[dir][sec]++;
		sbuf_addf(&sb, "%llu, %u, %u, 4096, %u, 0\n", (unsigned long long)tt, v, dir,
			  i * 8);
	}
	path = write_log("perio_secs.log", sb.buf);
	for (int how = 0; how < 2; how++) {
		const char *const one[] = { path };
		struct result_series s[RESULT_NDIRS] = { { 0 } };
		struct diag d;

		diag_clear(&d);
		assert_int_equal(fiolog_aggregate(one, 1, how ? FIOLOG_MEAN : FIOLOG_SUM, s, &d), 0);
		for (int dir = 0; dir < 2; dir++) {
			size_t k = 0;

			for (unsigned sec = 0; sec <= SECS; sec++) {
				if (!cnt[dir][sec])
					continue;
				want_sum[dir][sec] = how ? sum[dir][sec] / cnt[dir][sec] : sum[dir][sec];
				assert_true(k < s[dir].n);
				assert_int_equal((int)s[dir].t[k], (int)sec);
				assert_memory_equal(&s[dir].v[k], &want_sum[dir][sec], sizeof(double));
				k++;
			}
			assert_int_equal(k, s[dir].n);
		}
		assert_int_equal(s[RESULT_TRIM].n, 0);
		release_all(s);
	}
	sbuf_release(&sb);
	free(path);
}

/* Whether two aggregations gave the same: result, error and every point's bits. */
static void assert_same_series(int ra, const struct diag *da, struct result_series *a,
			       int rb, const struct diag *db, struct result_series *b)
{
	assert_int_equal(ra, rb);
	assert_int_equal(da->line, db->line);
	assert_int_equal(da->col, db->col);
	assert_string_equal(da->msg, db->msg);
	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		assert_int_equal(a[dir].n, b[dir].n);
		if (a[dir].n) {
			assert_memory_equal(a[dir].t, b[dir].t, a[dir].n * sizeof(double));
			assert_memory_equal(a[dir].v, b[dir].v, a[dir].n * sizeof(double));
		}
	}
}

static uint64_t next_rand(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return *seed >> 17;
}

/* v in at least width digits (leading zeros) into out. */
static void put_num(char (*out)[32], unsigned width, unsigned long long v)
{
	snprintf(*out, sizeof(*out), "%0*llu", (int)width, v);
}

/* The ways simd_line() makes a line other than fio's: see there. */
enum { ODD_NONE, ODD_COMMA, ODD_SPACES, ODD_DDIR3, ODD_DDIR2, ODD_HUGE, ODD_EMPTY, ODD_STRAY,
       ODD_CRLF, ODD_LONG, ODD_KINDS };

/*
 * One log line at the SIMD reader's limits into sb: fields of 1 to 19 digits (15
 * for value; leading zeros now and then), ddir 0 to 2, bs 0 or not, and some lines
 * padded to 60 to 68 bytes (the SIMD reader sees 64). odd makes it other than fio
 * writes it: a "," or ",  " separator, ddir 3 or "01", an offset of 20 digits past
 * 64 bits, an empty field, a stray byte, CRLF, or a field of 20 to 25 digits.
 */
static void simd_line(struct sbuf *sb, uint64_t *seed, int ncols, unsigned long long t, int odd)
{
	static const char stray[] = "\rx- ,.\t\n";
	static const unsigned maxd[6] = { 19, 15, 1, 19, 19, 19 };
	char f[6][32], line[256];
	unsigned pad[6];
	size_t len = 0;
	int k = (int)(next_rand(seed) % (uint64_t)ncols);

	for (int i = 0; i < 6; i++)
		pad[i] = next_rand(seed) % 3 ? 0 : 1 + (unsigned)(next_rand(seed) % maxd[i]);
	put_num(&f[0], pad[0], t);
	put_num(&f[1], pad[1], next_rand(seed) % (next_rand(seed) % 5 ? 100000 : 100000000000ULL));
	put_num(&f[2], 0, odd == ODD_DDIR3 ? 3 : next_rand(seed) % 3);
	put_num(&f[3], pad[3], next_rand(seed) % 3 ? 4096 : 0);
	put_num(&f[4], pad[4], next_rand(seed) % (next_rand(seed) % 7 ? 100000000000ULL : 10));
	put_num(&f[5], pad[5], next_rand(seed) % 4);
	if (odd == ODD_DDIR2)
		snprintf(f[2], sizeof(f[2]), "%s", next_rand(seed) % 2 ? "01" : "10");
	if (odd == ODD_HUGE)
		snprintf(f[4], sizeof(f[4]), "%s", next_rand(seed) % 2 ? "99999999999999999999" :
			 "18446744073709551616");
	if (odd == ODD_LONG)
		put_num(&f[k], 20 + (unsigned)(next_rand(seed) % 6), 7);
	if (odd == ODD_EMPTY)
		f[k][0] = '\0';
	for (int i = 0; i < ncols; i++) {
		const char *sep = i == 0 ? "" : i != k ? ", " : odd == ODD_COMMA ? "," :
				  odd == ODD_SPACES ? ",  " : ", ";

		len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%s", sep, f[i]);
	}
	if (next_rand(seed) % 4 == 0) {
		/* the last field padded (19 digits at most): lines of 60 to 68 bytes */
		size_t want = 60 + next_rand(seed) % 9, last = len - strlen(f[ncols - 1]);

		while (len < want && len - last < 19) {
			memmove(line + last + 1, line + last, len - last + 1);
			line[last] = '0';
			len++;
		}
	}
	if (odd == ODD_STRAY) {
		size_t at = next_rand(seed) % 3 == 0 ? 0 : next_rand(seed) % (len + 1);

		memmove(line + at + 1, line + at, len - at + 1);
		line[at] = stray[next_rand(seed) % (sizeof(stray) - 1)];
	}
	sbuf_addf(sb, "%s%s", line, odd == ODD_CRLF ? "\r\n" : "\n");
}

/*
 * fiolog_aggregate()'s SIMD line reader (fiolog_simd() level 1) against the one
 * field by field (level 0), on logs of simd_line()s. Every file must give the same
 * points to the bit, or the same error at the same place, one file alone
 * (streamed) and as two clones (binned).
 */
static void test_aggregate_simd_same(void **state)
{
	uint64_t seed = 777;
	int level = fiolog_simd(1);

	(void)state;
	if (level < 1) {
		print_message("this CPU has no AVX2: nothing to compare\n");
		skip();
	}
	for (int file = 0; file < 1000; file++) {
		int ncols = 5 + (int)(next_rand(&seed) % 2), nlines = 1 + (int)(next_rand(&seed) % 60);
		unsigned long long t = next_rand(&seed) % 100000;
		struct sbuf sb;
		char *path;

		/* fio's own lines, and in half the files one other line (libcsv reads on) */
		int odd_at = next_rand(&seed) % 2 ? (int)(next_rand(&seed) % (uint64_t)nlines) : -1;

		sbuf_init(&sb);
		for (int i = 0; i < nlines; i++) {
			t += next_rand(&seed) % 900;
			simd_line(&sb, &seed, ncols, t,
				  i == odd_at ? 1 + (int)(next_rand(&seed) % (ODD_KINDS - 1)) : ODD_NONE);
		}
		path = write_log("simd.log", sb.buf);
		for (int clones = 1; clones <= 2; clones++) {
			const char *const paths[] = { path, path };
			enum fiolog_combine how = file % 2 ? FIOLOG_MEAN : FIOLOG_SUM;
			struct result_series a[RESULT_NDIRS] = { { 0 } }, b[RESULT_NDIRS] = { { 0 } };
			struct diag da, db;
			int ra, rb;

			diag_clear(&da);
			diag_clear(&db);
			assert_int_equal(fiolog_simd(0), 0);
			ra = fiolog_aggregate(paths, (size_t)clones, how, a, &da);
			assert_int_equal(fiolog_simd(1), 1);
			rb = fiolog_aggregate(paths, (size_t)clones, how, b, &db);
			assert_same_series(ra, &da, a, rb, &db, b);
			release_all(a);
			release_all(b);
		}
		sbuf_release(&sb);
		free(path);
	}
}

static void test_aggregate_span_limit(void **state)
{
	char *ok = write_log("ok_iops.1.log", "1000, 1, 0, 0, 0\n16777216000, 2, 0, 0, 0\n");
	char *bad = write_log("bad_iops.1.log", "1000, 1, 0, 0, 0\n2000, 1, 0, 0, 0\n"
						"16777217000, 2, 0, 0, 0\n");
	char *back = write_log("back_iops.1.log", "5000, 1, 0, 0, 0\n1000, 1, 0, 0, 0\n"
						  "16777217000, 2, 0, 0, 0\n");
	const char *const okp[] = { ok };
	const char *const badp[] = { bad };
	const char *const backp[] = { back };
	struct result_series s[RESULT_NDIRS] = { { 0 } };
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiolog_aggregate(okp, 1, FIOLOG_SUM, s, &d), 0);
	assert_int_equal(s[RESULT_READ].n, 2);
	assert_near(s[RESULT_READ].t[1], 16777216, 0);
	release_all(s);
	assert_true(fiolog_aggregate(badp, 1, FIOLOG_SUM, s, &d) < 0);
	assert_string_equal(d.file, bad);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "log spans more than 16777216 seconds"));
	release_all(s);
	diag_clear(&d);
	assert_true(fiolog_aggregate(backp, 1, FIOLOG_SUM, s, &d) < 0);
	assert_string_equal(d.file, back);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "log spans more than 16777216 seconds"));
	release_all(s);
	free(ok);
	free(bad);
	free(back);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_5_columns),
		cmocka_unit_test(test_real_6_columns),
		cmocka_unit_test(test_column_counts),
		cmocka_unit_test(test_bad_rows),
		cmocka_unit_test(test_blank_lines_crlf_no_newline),
		cmocka_unit_test(test_many_chunks),
		cmocka_unit_test(test_callback_stops_and_missing),
		cmocka_unit_test(test_fast_same_on_samples),
		cmocka_unit_test(test_fast_same_layouts),
		cmocka_unit_test(test_fast_same_errors),
		cmocka_unit_test(test_fast_same_big),
		cmocka_unit_test(test_aggregate_sum_real),
		cmocka_unit_test(test_aggregate_mean_real),
		cmocka_unit_test(test_aggregate_per_io_real),
		cmocka_unit_test(test_aggregate_rules),
		cmocka_unit_test(test_aggregate_per_io_seconds),
		cmocka_unit_test(test_aggregate_span_limit),
		cmocka_unit_test(test_aggregate_simd_same),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
