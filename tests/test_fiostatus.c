/* SPDX-License-Identifier: MIT */
/*
 * Tests for fiostatus and fiojson_report_since: fio 3.33's real status stream in
 * samples/status-stream/ (five cumulative json+ reports of a 4 s 50/50 mix of two
 * clones) cut into rounds; every round's numbers recomputed from the two reports
 * around it, and the rounds together against fio's final report.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

#include "err.h"
#include "fiojson.h"
#include "fiostatus.h"
#include "sbuf.h"
#include "xalloc.h"

#define STREAM SB_SOURCE_DIR "/samples/status-stream/fio.json"

struct seen {
	int n, last_flag;
	uint64_t clock_prev;
	uint64_t ios[FIOJSON_NDIRS];      /* summed over the rounds */
	double logged[FIOJSON_NDIRS];     /* I/Os the per-second iops rows stand for */
	int contiguous;
	int stop_at;                      /* return 1 at this round (0: never) */
	int bound, risen;                 /* later rounds' directions: max a bucket's, fio's */
};

static uint64_t dir_ios(const struct fiojson_report *r, int k)
{
	uint64_t n = 0;

	for (size_t i = 0; i < r->njobs; i++)
		n += r->jobs[i].dir[k].total_ios;
	return n;
}

/* I/Os the iops rows stand for: each row's IOPS x the time since the report before. */
static void sum_rows(const char *log, double *out)
{
	double prev = 0, cur = 0;

	for (const char *p = log; *p; p = strchr(p, '\n') + 1) {
		unsigned long long t, v;
		int dir;

		assert_int_equal(sscanf(p, "%llu, %llu, %d", &t, &v, &dir), 3);
		if ((double)t != cur) {   /* a report's rows share its time */
			prev = cur;
			cur = (double)t;
		}
		out[dir] += (double)v * (cur - prev) / 1000.0;
	}
}

static int on_round(void *arg, const struct fiostatus_round *r)
{
	struct seen *s = arg;
	struct fiojson_report end, start;
	struct diag d;

	s->n++;
	assert_int_equal(r->round, s->n);
	s->last_flag = r->last;
	if (r->clock_start_ms != s->clock_prev)
		s->contiguous = 0;
	s->clock_prev = r->clock_end_ms;
	assert_true(r->clock_end_ms > r->clock_start_ms);
	fiojson_report_init(&end);
	fiojson_report_init(&start);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_buf(r->end, r->end_len, "end", &end, &d), 0);
	assert_int_equal(fiojson_report_clock_ms(&end), r->clock_end_ms);
	assert_int_equal(!r->start, r->round == 1);
	if (r->start)
		assert_int_equal(fiojson_parse_buf(r->start, r->start_len, "start", &start, &d), 0);
	{
		uint64_t e[FIOJSON_NDIRS], b[FIOJSON_NDIRS], em[FIOJSON_NDIRS], bm[FIOJSON_NDIRS];

		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			e[k] = dir_ios(&end, k);
			b[k] = r->start ? dir_ios(&start, k) : 0;
			em[k] = end.jobs[0].dir[k].clat.max_ns;   /* fio's, since it began */
			bm[k] = r->start ? start.jobs[0].dir[k].clat.max_ns : 0;
		}
		if (r->start)
			assert_int_equal(fiojson_report_since(&end, &start, "end", &d), 0);
		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			const struct fiojson_lat *l = &end.jobs[0].dir[k].clat;
			uint64_t binned = 0;

			assert_int_equal(dir_ios(&end, k), e[k] - b[k]);
			s->ios[k] += e[k] - b[k];
			for (size_t i = 0; i < l->nbins; i++)
				binned += l->bins[i].count;
			assert_int_equal(binned, l->n);          /* the round's bins hold its I/Os */
			assert_int_equal(l->n, e[k] - b[k]);
			if (l->n)
				assert_true(l->min_ns <= l->mean_ns && l->mean_ns <= l->max_ns);
			if (k < 2)
				assert_true(end.jobs[0].dir[k].lat.n == l->n); /* lat_percentiles=1 */
			/* The round's maximum: fio's own when it rose in the round, else a
			 * bucket's, flagged, below fio's; no percentile above it. */
			if (l->n && r->start) {
				uint64_t ns = 0;

				assert_int_equal(l->max_bound, em[k] <= bm[k]);
				if (!l->max_bound)
					assert_int_equal(l->max_ns, em[k]);
				assert_true(l->max_ns <= em[k]);
				for (double p = 50; p <= 100; p += p < 99 ? 49 : 0.25) {
					assert_int_equal(fiojson_lat_percentile(l, p, &ns), 0);
					assert_true(ns <= l->max_ns);
				}
				s->bound += l->max_bound;
				s->risen += !l->max_bound;
			}
		}
	}
	sum_rows(r->log[FIOSTATUS_IOPS], s->logged);
	fiojson_report_release(&end);
	fiojson_report_release(&start);
	return s->stop_at && s->n == s->stop_at;
}

static char *slurp(size_t *len)
{
	struct sbuf sb;

	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, STREAM), 0);
	*len = sb.len;
	return sbuf_detach(&sb);
}

/* Feeds the stream chunk bytes at a time; returns the cutter's last code. */
static int feed(struct fiostatus *fs, const char *buf, size_t len, size_t chunk,
		struct diag *d)
{
	int rc = 0;

	for (size_t i = 0; i < len && !rc; i += chunk)
		rc = fiostatus_feed(fs, buf + i, len - i < chunk ? len - i : chunk, d);
	return rc ? rc : fiostatus_end(fs, d);
}

static void cut_whole_stream(size_t chunk, int planned)
{
	size_t len;
	char *buf = slurp(&len);
	struct seen s = { .contiguous = 1 };
	struct fiostatus *fs = fiostatus_new(1000, planned, "stream", on_round, &s);
	struct fiojson_report fin;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(feed(fs, buf, len, chunk, &d), 0);
	/* 4 s of 1 s rounds: 4 rounds; the final report, ~0.1 s after the fourth
	 * second's, ends round 4 even when more rounds were planned. */
	assert_int_equal(s.n, 4);
	assert_true(s.bound + s.risen > 0);   /* the maxima above were checked */
	assert_int_equal(fiostatus_rounds(fs), 4);
	assert_true(s.last_flag);
	assert_true(s.contiguous);
	fiojson_report_init(&fin);
	assert_int_equal(fiojson_parse_buf(buf, len, "fin", &fin, &d), 0);  /* the last report */
	assert_int_equal(s.clock_prev, fiojson_report_clock_ms(&fin));
	for (int k = 0; k < FIOJSON_NDIRS; k++) {
		assert_int_equal(s.ios[k], dir_ios(&fin, k));
		/* the per-second rows stand for fio's I/Os to within 1 % */
		assert_true(fabs(s.logged[k] - (double)s.ios[k]) <= 0.01 * (double)s.ios[k] + 2);
	}
	assert_true(s.ios[0] > 0 && s.ios[1] > 0);
	{
		size_t n;
		const char *last = fiostatus_last(fs, &n), *at = buf, *p;

		while ((p = strstr(at + 1, "\n{\n")))
			at = p;
		assert_non_null(last);
		assert_int_equal(n, len - (size_t)(at + 1 - buf));   /* fio's final report */
		assert_memory_equal(last, at + 1, n);
	}
	fiojson_report_release(&fin);
	fiostatus_free(fs);
	free(buf);
}

static void test_cut_chunks(void **state)
{
	(void)state;
	cut_whole_stream(1, 4);
	cut_whole_stream(7, 4);
	cut_whole_stream(4096, 4);
	cut_whole_stream(1 << 20, 4);
}

static void test_more_planned(void **state)
{
	(void)state;
	cut_whole_stream(333, 100);
}

/* One round planned: everything is round 1, closed by the final report. */
static void test_one_round(void **state)
{
	size_t len;
	char *buf = slurp(&len);
	struct seen s = { .contiguous = 1 };
	struct fiostatus *fs = fiostatus_new(1000, 1, "stream", on_round, &s);
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(feed(fs, buf, len, 512, &d), 0);
	assert_int_equal(s.n, 1);
	assert_true(s.last_flag);
	fiostatus_free(fs);
	free(buf);
}

/*
 * fiostatus_bytes: nothing before a report; after the stream, the newest report's
 * bytes, every direction of every job, recomputed from that report by fiojson.
 */
static void test_bytes(void **state)
{
	size_t len, last_len;
	char *buf = slurp(&len);
	struct seen s = { .contiguous = 1 };
	struct fiostatus *fs = fiostatus_new(1000, 4, "stream", on_round, &s);
	struct fiojson_report rep;
	const char *last;
	uint64_t bytes = 7, want = 0;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiostatus_bytes(fs, &bytes), 0);
	assert_int_equal(bytes, 7);
	assert_int_equal(fiostatus_feed(fs, buf, len, &d), 0);
	last = fiostatus_last(fs, &last_len);
	assert_non_null(last);
	fiojson_report_init(&rep);
	assert_int_equal(fiojson_parse_buf(last, last_len, "last", &rep, &d), 0);
	for (size_t i = 0; i < rep.njobs; i++)
		for (int k = 0; k < FIOJSON_NDIRS; k++)
			want += rep.jobs[i].dir[k].io_bytes;
	fiojson_report_release(&rep);
	assert_true(want > 0);
	assert_int_equal(fiostatus_bytes(fs, &bytes), 1);
	assert_int_equal(bytes, want);
	fiostatus_free(fs);
	free(buf);
}

/* The callback's 1 stops the stream there. */
static void test_stop(void **state)
{
	size_t len;
	char *buf = slurp(&len);
	struct seen s = { .contiguous = 1, .stop_at = 2 };
	struct fiostatus *fs = fiostatus_new(1000, 4, "stream", on_round, &s);
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(fiostatus_feed(fs, buf, len, &d), 1);
	assert_int_equal(s.n, 2);
	fiostatus_free(fs);
	free(buf);
}

/* Reports out of order and a cut-short stream are errors that say where. */
static void test_bad_streams(void **state)
{
	size_t len;
	char *buf = slurp(&len), *second = strstr(buf + 1, "\n{\n") + 1;
	char *third = strstr(second + 1, "\n{\n") + 1;
	struct seen s = { .contiguous = 1 };
	struct fiostatus *fs = fiostatus_new(1000, 4, "stream.json", on_round, &s);
	struct sbuf sb;
	struct diag d;

	(void)state;
	sbuf_init(&sb);
	sbuf_add(&sb, second, (size_t)(third - second));   /* report 2, then report 1 */
	sbuf_add(&sb, buf, (size_t)(second - buf));
	diag_clear(&d);
	assert_int_equal(feed(fs, sb.buf, sb.len, 100, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "behind the one before it"));
	assert_string_equal(d.file, "stream.json");
	assert_true(d.line > 1);
	fiostatus_free(fs);
	fs = fiostatus_new(1000, 4, "stream.json", on_round, &s);
	diag_clear(&d);
	assert_int_equal(feed(fs, buf, (size_t)(third - buf) + 40, 100, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "never ends"));
	fiostatus_free(fs);
	sbuf_release(&sb);
	free(buf);
}

/* Two reports of different runs do not subtract. */
static void test_since_mismatch(void **state)
{
	const char *a = "{\"fio version\":\"fio-3.33\",\"jobs\":[]}";
	size_t len;
	char *buf = slurp(&len);
	struct fiojson_report end, start;
	struct diag d;

	(void)state;
	fiojson_report_init(&end);
	fiojson_report_init(&start);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_buf(buf, len, "end", &end, &d), 0);
	assert_int_equal(fiojson_parse_buf(a, strlen(a), "start", &start, &d), 0);
	assert_int_equal(fiojson_report_since(&end, &start, "end.json", &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "not the same fio run"));
	/* a later report subtracted from an earlier one: counts would go down */
	fiojson_report_release(&start);
	fiojson_report_init(&start);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_buf(buf, (size_t)(strstr(buf + 1, "\n{\n") - buf) + 1,
					   "first", &start, &d), 0);
	assert_int_equal(fiojson_report_since(&start, &end, "first.json", &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "less than"));
	fiojson_report_release(&end);
	fiojson_report_release(&start);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut_chunks),
		cmocka_unit_test(test_more_planned),
		cmocka_unit_test(test_one_round),
		cmocka_unit_test(test_stop),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_bad_streams),
		cmocka_unit_test(test_since_mismatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
