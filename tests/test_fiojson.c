/* SPDX-License-Identifier: MIT */
/* Tests for fiojson: golden values from real fio 3.33 outputs in samples/, and damaged copies. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"
#include <jansson.h>

#include "err.h"
#include "fiojson.h"
#include "sbuf.h"
#include "xalloc.h"

#define SAMPLE(name) SB_SOURCE_DIR "/samples/" name

/* Reads a sample into a new string; free() it. */
static char *slurp(const char *path, size_t *len)
{
	struct sbuf sb;

	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	*len = sb.len;
	return sbuf_detach(&sb);
}

/* Returns a new copy of hay with the first needle replaced; the needle must exist. */
static char *replace_once(const char *hay, const char *needle, const char *with)
{
	const char *at = strstr(hay, needle);
	struct sbuf sb;

	assert_non_null(at);
	sbuf_init(&sb);
	sbuf_add(&sb, hay, (size_t)(at - hay));
	sbuf_adds(&sb, with);
	sbuf_adds(&sb, at + strlen(needle));
	return sbuf_detach(&sb);
}

static int parse_str(const char *text, struct fiojson_report *r, struct diag *d)
{
	fiojson_report_init(r);
	diag_clear(d);
	return fiojson_parse_buf(text, strlen(text), "mem.json", r, d);
}

static uint64_t pct_obj(const struct fiojson_lat *l, double p)
{
	for (size_t i = 0; i < l->npct; i++)
		if (fabs(l->pct[i].pct - p) < 1e-9)
			return l->pct[i].ns;
	fail_msg("percentile %f not in the percentile object", p);
	return 0;
}

/* 4k randread QD1, json+: every number as fio printed it (checked with jq). */
static void test_randread_jsonplus(void **state)
{
	struct fiojson_report r;
	struct diag d;
	const struct fiojson_dirstat *rd;
	uint64_t ns = 0, sum = 0;

	(void)state;
	fiojson_report_init(&r);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_file(SAMPLE("randread-qd1/fio.json"), &r, &d), 0);
	assert_string_equal(r.fio_version, "fio-3.33");
	assert_int_equal(r.timestamp, 1796005273);
	assert_int_equal(r.timestamp_ms, 1796005273205LL);
	assert_int_equal(r.client_server, 0);
	assert_int_equal(r.nwarnings, 0);
	assert_int_equal(r.nsanitized, 0);
	assert_int_equal(r.njobs, 1);
	assert_string_equal(r.jobs[0].jobname, "randread-qd1");
	assert_null(r.jobs[0].hostname);
	assert_int_equal(r.jobs[0].error, 0);
	assert_int_equal(r.jobs[0].job_runtime_ms, 3000);
	rd = &r.jobs[0].dir[FIOJSON_READ];
	assert_int_equal(rd->io_bytes, 196096000);
	assert_int_equal(rd->total_ios, 47875);
	assert_int_equal(rd->runtime_ms, 3001);
	assert_near(rd->iops, 15953.015661, 1e-9);
	assert_near(rd->bw_bytes, 65343552.0, 0);
	assert_int_equal(rd->clat.min_ns, 1693);
	assert_int_equal(rd->clat.max_ns, 6541441);
	assert_near(rd->clat.mean_ns, 61800.881629, 1e-9);
	assert_near(rd->clat.stddev_ns, 70002.392687, 1e-9);
	assert_int_equal(rd->clat.n, 47875);
	/* Response time (lat_ns: submission + completion), beside completion latency. */
	assert_int_equal(rd->lat.min_ns, 1703);
	assert_int_equal(rd->lat.max_ns, 6543384);
	assert_near(rd->lat.mean_ns, 61836.486308, 1e-9);
	assert_int_equal(rd->lat.n, 47875);
	assert_true(rd->lat.mean_ns > rd->clat.mean_ns);
	assert_int_equal(rd->clat.npct, 17);
	assert_int_equal(rd->clat.nbins, 351);
	for (size_t i = 0; i < rd->clat.nbins; i++) {
		sum += rd->clat.bins[i].count;
		if (i)
			assert_true(rd->clat.bins[i - 1].ns < rd->clat.bins[i].ns);
	}
	assert_int_equal(sum, 47875);
	assert_int_equal(pct_obj(&rd->clat, 99.9), 440320);
	assert_int_equal(fiojson_lat_percentile(&rd->clat, 99.9, &ns), 0);
	assert_int_equal(ns, 440320);
	/* The bins reproduce every value of fio's own percentile object. */
	for (size_t i = 0; i < rd->clat.npct; i++) {
		assert_int_equal(fiojson_lat_percentile(&rd->clat, rd->clat.pct[i].pct, &ns), 0);
		assert_int_equal(ns, rd->clat.pct[i].ns);
	}
	assert_int_equal(r.jobs[0].dir[FIOJSON_WRITE].clat.n, 0);
	assert_int_equal(fiojson_lat_percentile(&r.jobs[0].dir[FIOJSON_WRITE].clat, 99, &ns),
			 -SB_ENOENT);
	fiojson_report_release(&r);
	assert_null(r.jobs);
}

/* randrw 70/30, numjobs=2, group_reporting: one job; read+write merged. */
static void test_randrw_merge(void **state)
{
	struct fiojson_report r;
	struct fiojson_lat all;
	struct diag d;
	const struct fiojson_job *job;
	uint64_t ns = 0;

	(void)state;
	fiojson_report_init(&r);
	fiojson_lat_init(&all);
	assert_int_equal(fiojson_parse_file(SAMPLE("randrw-mix/fio.json"), &r, &d), 0);
	assert_int_equal(r.njobs, 1);
	job = &r.jobs[0];
	assert_int_equal(job->job_runtime_ms, 6004);
	assert_int_equal(job->dir[FIOJSON_READ].io_bytes, 469663744);
	assert_near(job->dir[FIOJSON_READ].iops, 38157.737105, 1e-9);
	assert_int_equal(job->dir[FIOJSON_WRITE].io_bytes, 201433088);
	assert_int_equal(job->dir[FIOJSON_WRITE].total_ios, 49178);
	assert_near(job->dir[FIOJSON_WRITE].iops, 16365.391015, 1e-9);
	assert_near(job->dir[FIOJSON_WRITE].bw_bytes, 67032641.0, 0);
	assert_int_equal(pct_obj(&job->dir[FIOJSON_WRITE].clat, 99.9), 88576);
	for (int dir = 0; dir < FIOJSON_NDIRS; dir++)
		fiojson_lat_merge(&all, &job->dir[dir].clat);
	/* Expected values: the same merge done in Python over the sample's bins. */
	assert_int_equal(all.n, 163842);
	assert_int_equal(all.min_ns, 1563);
	assert_int_equal(all.max_ns, 12746082);
	assert_near(all.mean_ns, 31674.091533, 1e-3);
	assert_int_equal(all.npct, 0);
	assert_int_equal(fiojson_lat_percentile(&all, 99.0, &ns), 0);
	assert_int_equal(ns, 144384);
	assert_int_equal(fiojson_lat_percentile(&all, 99.9, &ns), 0);
	assert_int_equal(ns, 261120);
	assert_int_equal(fiojson_lat_percentile(&all, 99.99, &ns), 0);
	assert_int_equal(ns, 4489216);
	fiojson_lat_release(&all);
	fiojson_report_release(&r);
}

/* Plain json (no bins), io_bytes above 2^32; percentiles come from the object. */
static void test_plain_json(void **state)
{
	struct fiojson_report r;
	struct diag d;
	const struct fiojson_dirstat *rd;
	uint64_t ns = 0;

	(void)state;
	fiojson_report_init(&r);
	assert_int_equal(fiojson_parse_file(SAMPLE("seqread-json/fio.json"), &r, &d), 0);
	rd = &r.jobs[0].dir[FIOJSON_READ];
	assert_int_equal(rd->io_bytes, 9066643456ULL);
	assert_near(rd->bw_bytes, 4528792935.0, 0);
	assert_int_equal(rd->clat.nbins, 0);
	assert_int_equal(rd->clat.n, 69173);
	assert_int_equal(fiojson_lat_percentile(&rd->clat, 99.9, &ns), 0);
	assert_int_equal(ns, 3850240);
	assert_int_equal(fiojson_lat_percentile(&rd->clat, 42.0, &ns), -SB_ENOENT);
	fiojson_report_release(&r);
}

/* fio's "note:" line on stdout before the JSON is kept as a warning. */
static void test_stray_note(void **state)
{
	struct fiojson_report r;
	struct diag d;

	(void)state;
	fiojson_report_init(&r);
	assert_int_equal(fiojson_parse_file(SAMPLE("stray-note/stdout.txt"), &r, &d), 0);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.warnings[0], "note: both iodepth >= 1 and synchronous I/O engine "
			    "are selected, queue depth will be capped at 1");
	assert_int_equal(r.jobs[0].dir[FIOJSON_READ].total_ios, 14265);
	assert_near(r.jobs[0].dir[FIOJSON_READ].iops, 14250.749251, 1e-9);
	fiojson_report_release(&r);
}

/* A real --output file with fio's error lines in front; the bad job has error 20. */
static void test_failed_job(void **state)
{
	struct fiojson_report r;
	struct diag d;

	(void)state;
	fiojson_report_init(&r);
	assert_int_equal(fiojson_parse_file(SAMPLE("failed-job/fio.json"), &r, &d), 0);
	assert_int_equal(r.nwarnings, 2);
	assert_non_null(strstr(r.warnings[1], "err=20/file:filesetup.c"));
	assert_int_equal(r.njobs, 2);
	assert_string_equal(r.jobs[0].jobname, "good");
	assert_int_equal(r.jobs[0].error, 0);
	assert_int_equal(r.jobs[0].dir[FIOJSON_READ].total_ios, 14273);
	assert_string_equal(r.jobs[1].jobname, "bad");
	assert_int_equal(r.jobs[1].error, 20);
	assert_int_equal(r.jobs[1].dir[FIOJSON_READ].io_bytes, 0);
	fiojson_report_release(&r);
}

/* A report cut mid-token: jansson's error, located in the original text. */
static void test_truncated(void **state)
{
	size_t len, cut, line = 1, col = 0;
	char *text = slurp(SAMPLE("randread-qd1/fio.json"), &len);
	struct fiojson_report r;
	struct diag d;

	(void)state;
	/* Cut inside the token "99.900000" of the read percentiles. */
	cut = (size_t)(strstr(text, "\"99.900000\"") - text) + 5;
	for (size_t i = 0; i < cut; i++) {
		col++;
		if (text[i] == '\n') {
			line++;
			col = 0;
		}
	}
	fiojson_report_init(&r);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_buf(text, cut, "cut.json", &r, &d), -SB_EPARSE);
	assert_int_equal(d.code, -SB_EPARSE);
	assert_string_equal(d.file, "cut.json");
	assert_non_null(strstr(d.msg, "premature end of input"));
	assert_int_equal(d.line, (int)line);
	assert_int_equal(d.line, 66);
	assert_int_equal(d.col, 17);
	assert_int_equal(d.col, (int)col);
	assert_int_equal(r.njobs, 0);
	free(text);
}

/* Syntax errors keep their original line/column despite stray lines and repairs. */
static void test_error_location(void **state)
{
	struct fiojson_report r;
	struct diag d;

	(void)state;
	assert_int_equal(parse_str("fio: stray\n{\n  \"a\": 1,\n  \"b\": ]\n}\n", &r, &d),
			 -SB_EPARSE);
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 8);
	/* "nan" becomes the longer "null" in the copy; the column is still the original. */
	assert_int_equal(parse_str("{\n  \"a\": nan, \"b\": ]\n}\n", &r, &d), -SB_EPARSE);
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 18);
	assert_int_equal(parse_str("fio: only text\n", &r, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "no JSON report"));
	/* A key never closed at the very end (found by fuzz_import). */
	assert_int_equal(parse_str("{ \"jobs\" : [ ], \"", &r, &d), -SB_EPARSE);
	assert_int_equal(d.line, 1);
	assert_non_null(strstr(d.msg, "premature end of input"));
}

/* nan/-nan tokens and raw control characters inside strings (edited real sample). */
static void test_repairs(void **state)
{
	size_t len;
	char *text = slurp(SAMPLE("randread-qd1/fio.json"), &len);
	char *a = replace_once(text, "\"iops\" : 15953.015661", "\"iops\" : nan");
	char *b = replace_once(a, "\"stddev\" : 70002.392687", "\"stddev\" : -nan");
	char *c = replace_once(b, "\"jobname\" : \"randread-qd1\"", "\"jobname\" : \"rand\tread\nqd1\"");
	struct fiojson_report r;
	struct diag d;

	(void)state;
	assert_int_equal(parse_str(c, &r, &d), 0);
	assert_true(isnan(r.jobs[0].dir[FIOJSON_READ].iops));
	assert_true(isnan(r.jobs[0].dir[FIOJSON_READ].clat.stddev_ns));
	assert_near(r.jobs[0].dir[FIOJSON_READ].clat.mean_ns, 61800.881629, 1e-9);
	assert_string_equal(r.jobs[0].jobname, "rand read qd1");
	assert_int_equal(r.nsanitized, 4);
	assert_int_equal(r.jobs[0].dir[FIOJSON_READ].total_ios, 47875);
	fiojson_report_release(&r);
	free(text);
	free(a);
	free(b);
	free(c);
}

/* Missing "jobs", a mistyped and a missing field: errors carry the JSON path. */
static void test_path_errors(void **state)
{
	size_t len;
	char *text = slurp(SAMPLE("randread-qd1/fio.json"), &len);
	char *nojobs = replace_once(text, "\"jobs\" :", "\"jobz\" :");
	char *strval = replace_once(text, "\"iops\" : 15953.015661", "\"iops\" : \"fast\"");
	char *noerr = replace_once(text, "\"error\" : 0,", "");
	char *asfloat = replace_once(text, "\"total_ios\" : 47875", "\"total_ios\" : 47875.0");
	struct fiojson_report r;
	struct diag d;

	(void)state;
	assert_int_equal(parse_str(nojobs, &r, &d), -SB_EPARSE);
	assert_string_equal(d.path, "jobs");
	assert_string_equal(d.file, "mem.json");
	assert_int_equal(parse_str(strval, &r, &d), -SB_EPARSE);
	assert_string_equal(d.path, "jobs[0].read.iops");
	assert_string_equal(d.msg, "expected a number, got a string");
	assert_int_equal(parse_str(noerr, &r, &d), -SB_EPARSE);
	assert_string_equal(d.path, "jobs[0].error");
	assert_int_equal(r.njobs, 0);
	assert_int_equal(parse_str(asfloat, &r, &d), 0);
	assert_int_equal(r.jobs[0].dir[FIOJSON_READ].total_ios, 47875);
	fiojson_report_release(&r);
	free(text);
	free(nojobs);
	free(strval);
	free(noerr);
	free(asfloat);
}

/*
 * Client/server: built in memory from the real randrw-mix report by moving "jobs"
 * to "client_stats", adding hostname/port and an "All clients" aggregate.
 */
static void test_client_stats(void **state)
{
	json_t *root = json_load_file(SAMPLE("randrw-mix/fio.json"), 0, NULL);
	json_t *jobs, *agg;
	struct fiojson_report r;
	struct diag d;
	char *text;

	(void)state;
	assert_non_null(root);
	jobs = json_incref(json_object_get(root, "jobs"));
	json_object_del(root, "jobs");
	json_object_set_new(json_array_get(jobs, 0), "hostname", json_string("127.0.0.1"));
	agg = json_deep_copy(json_array_get(jobs, 0));
	json_object_set_new(agg, "jobname", json_string("All clients"));
	json_array_append_new(jobs, agg);
	json_object_set_new(root, "client_stats", jobs);
	text = json_dumps(root, JSON_INDENT(2));
	assert_int_equal(parse_str(text, &r, &d), 0);
	assert_int_equal(r.client_server, 1);
	assert_int_equal(r.njobs, 1);
	assert_string_equal(r.jobs[0].jobname, "randrw-mix");
	assert_string_equal(r.jobs[0].hostname, "127.0.0.1");
	assert_int_equal(r.jobs[0].dir[FIOJSON_WRITE].total_ios, 49178);
	fiojson_report_release(&r);
	free(text);
	json_decref(root);
}

/* --status-interval style: two documents back to back, the last one wins. */
static void test_concatenated(void **state)
{
	size_t l1, l2;
	char *first = slurp(SAMPLE("seqread-json/fio.json"), &l1);
	char *last = slurp(SAMPLE("randread-qd1/fio.json"), &l2);
	struct fiojson_report r;
	struct diag d;
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, first);
	sbuf_adds(&sb, "fio: between\n");
	sbuf_adds(&sb, last);
	assert_int_equal(parse_str(sb.buf, &r, &d), 0);
	assert_int_equal(r.njobs, 1);
	assert_string_equal(r.jobs[0].jobname, "randread-qd1");
	assert_int_equal(r.jobs[0].dir[FIOJSON_READ].total_ios, 47875);
	assert_int_equal(r.nwarnings, 1);
	assert_string_equal(r.warnings[0], "fio: between");
	fiojson_report_release(&r);
	sbuf_release(&sb);
	free(first);
	free(last);
}

/* fio 2.x: µs "clat", io_bytes in KiB, no bw_bytes, no N (a minimal hand-written report). */
static void test_fio2_units(void **state)
{
	static const char *const text =
		"{ \"fio version\": \"fio-2.2.10\", \"jobs\": [ { \"jobname\": \"old\", "
		"\"groupid\": 0, \"error\": 0, "
		"\"read\": { \"io_bytes\": 400, \"bw\": 100, \"iops\": 25, \"runtime\": 4000, "
		"\"total_ios\": 100, \"clat\": { \"min\": 10, \"max\": 200, \"mean\": 50.5, "
		"\"stddev\": 3.0, \"percentile\": { \"99.000000\": 180 } } }, "
		"\"write\": { \"io_bytes\": 0, \"bw\": 0, \"iops\": 0.0, \"runtime\": 0, "
		"\"total_ios\": 0, \"clat\": { \"min\": 0, \"max\": 0, \"mean\": 0, "
		"\"stddev\": 0 } } } ] }";
	const struct fiojson_dirstat *rd;
	struct fiojson_report r;
	struct diag d;
	uint64_t ns = 0;

	(void)state;
	assert_int_equal(parse_str(text, &r, &d), 0);
	rd = &r.jobs[0].dir[FIOJSON_READ];
	assert_int_equal(rd->io_bytes, 409600);
	assert_near(rd->bw_bytes, 102400.0, 0);
	assert_int_equal(rd->clat.min_ns, 10000);
	assert_near(rd->clat.mean_ns, 50500.0, 1e-9);
	assert_int_equal(rd->clat.n, 100);
	assert_int_equal(fiojson_lat_percentile(&rd->clat, 99.0, &ns), 0);
	assert_int_equal(ns, 180000);
	assert_int_equal(r.jobs[0].dir[FIOJSON_TRIM].total_ios, 0);
	fiojson_report_release(&r);
}

/* Appends a minimal fio 3 job: its name, group, and the JSON of its read IOPS. */
static void add_job(struct sbuf *sb, const char *name, int group, const char *iops)
{
	sbuf_addf(sb, "    {\n      \"jobname\" : \"%s\",\n      \"groupid\" : %d,\n"
		  "      \"error\" : 0,\n      \"job options\" : { \"bs\" : \"8k\" },\n"
		  "      \"read\" : { \"io_bytes\" : 4096, \"bw_bytes\" : 4096, \"iops\" : %s,\n"
		  "        \"runtime\" : 1000, \"total_ios\" : 1, \"clat_ns\" : { \"min\" : 1,"
		  " \"max\" : 1, \"mean\" : 1.0, \"stddev\" : 0.0, \"N\" : 1 } },\n"
		  "      \"write\" : { \"io_bytes\" : 0, \"bw_bytes\" : 0, \"iops\" : 0,"
		  " \"runtime\" : 0, \"total_ios\" : 0, \"clat_ns\" : { \"min\" : 0,"
		  " \"max\" : 0, \"mean\" : 0, \"stddev\" : 0, \"N\" : 0 } }\n    }", name, group,
		  iops);
}

/* A report of jobs named a, b, c... in the groups given; job bad (0-based) holds
 * bad for its IOPS. */
static void make_report(struct sbuf *sb, const int *groups, size_t n, size_t bad,
			const char *with)
{
	sbuf_init(sb);
	sbuf_adds(sb, "{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [ \"an earlier "
		  "jobs member, overridden\" ],\n  \"global options\" : { \"rw\" : "
		  "\"randread\", \"bs\" : \"4k\" },\n  \"jobs\" : [\n");
	for (size_t i = 0; i < n; i++) {
		char name[2] = { (char)('a' + i), 0 }, iops[16];

		snprintf(iops, sizeof(iops), "%zu", 100 * (i + 1));
		add_job(sb, name, groups[i], i == bad ? with : iops);
		sbuf_adds(sb, i + 1 < n ? ",\n" : "\n");
	}
	sbuf_adds(sb, "  ],\n  \"disk_util\" : [ ]\n}\n");
}

/* The jobs are decoded one at a time: the values, the options and the last of two
 * "jobs" members, as a decode of the whole document gives them. */
static void test_jobs_apart(void **state)
{
	static const int groups[] = { 0, 1, 0 };
	struct fiojson_report r;
	struct diag d;
	struct sbuf sb;

	(void)state;
	make_report(&sb, groups, 3, (size_t)-1, NULL);
	assert_int_equal(parse_str(sb.buf, &r, &d), 0);
	assert_int_equal(r.njobs, 3);
	assert_string_equal(r.jobs[2].jobname, "c");
	assert_int_equal(r.jobs[1].groupid, 1);
	assert_near(r.jobs[2].dir[FIOJSON_READ].iops, 300.0, 0);
	assert_string_equal(fiojson_option(&r, &r.jobs[0], "bs"), "8k");
	assert_string_equal(fiojson_option(&r, &r.jobs[0], "rw"), "randread");
	assert_null(fiojson_option(&r, &r.jobs[0], "iodepth"));
	fiojson_report_release(&r);
	sbuf_release(&sb);
}

/* A syntax error inside the second job: located in the original text. */
static void test_job_error_located(void **state)
{
	static const int groups[] = { 0, 0, 0 };
	struct fiojson_report r;
	struct diag d;
	struct sbuf sb, two;
	const char *at;
	int line = 1, col = 1;

	(void)state;
	make_report(&sb, groups, 3, 1, "]");
	at = strstr(sb.buf, "\"iops\" : ]") + 9;
	for (const char *p = sb.buf; p < at; p++) {
		line += *p == '\n';
		col = *p == '\n' ? 1 : col + 1;
	}
	assert_int_equal(parse_str(sb.buf, &r, &d), -SB_EPARSE);
	assert_int_equal(d.line, line);
	assert_int_equal(d.line, 20);
	assert_int_equal(d.col, 65);
	assert_int_equal(d.col, col);
	assert_non_null(strstr(d.msg, "unexpected token"));
	/* The same report as the first of two (--status-interval): still found. */
	sbuf_init(&two);
	sbuf_adds(&two, sb.buf);
	sbuf_adds(&two, sb.buf);
	assert_int_equal(parse_str(two.buf, &r, &d), -SB_EPARSE);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	sbuf_release(&two);
	sbuf_release(&sb);
}

/* Each group alone, with the report's other members, from one decode. */
static void test_extract_groups(void **state)
{
	static const int groups[] = { 0, 7, 0 }, ids[] = { 0, 7 };
	struct fiojson_report r;
	struct diag d;
	struct sbuf sb;
	char *out[2];

	(void)state;
	make_report(&sb, groups, 3, (size_t)-1, NULL);
	diag_clear(&d);
	assert_int_equal(fiojson_extract_groups(sb.buf, sb.len, "m.json", ids, 2, out, &d), 0);
	assert_int_equal(parse_str(out[0], &r, &d), 0);
	assert_int_equal(r.njobs, 2);
	assert_string_equal(r.jobs[0].jobname, "a");
	assert_string_equal(r.jobs[1].jobname, "c");
	assert_string_equal(fiojson_option(&r, &r.jobs[1], "rw"), "randread");
	fiojson_report_release(&r);
	assert_int_equal(parse_str(out[1], &r, &d), 0);
	assert_int_equal(r.njobs, 1);
	assert_string_equal(r.jobs[0].jobname, "b");
	assert_int_equal(r.jobs[0].groupid, 7);
	assert_string_equal(r.fio_version, "fio-3.33");
	fiojson_report_release(&r);
	free(out[0]);
	free(out[1]);
	sbuf_release(&sb);
}

/* Pooled mean/stddev equal those of the combined samples {1,2,3} + {10,20}. */
static void test_merge_stats(void **state)
{
	struct fiojson_bin b1[] = { { 1, 1 }, { 2, 1 }, { 3, 1 } }, b2[] = { { 2, 0 }, { 10, 1 }, { 20, 1 } };
	struct fiojson_lat x = { .min_ns = 1, .max_ns = 3, .mean_ns = 2, .stddev_ns = 1, .n = 3,
				 .bins = b1, .nbins = 3 };
	struct fiojson_lat y = { .min_ns = 10, .max_ns = 20, .mean_ns = 15,
				 .stddev_ns = sqrt(50.0), .n = 2, .bins = b2, .nbins = 3 };
	struct fiojson_lat m;
	uint64_t ns = 0;

	(void)state;
	fiojson_lat_init(&m);
	fiojson_lat_merge(&m, &x);
	fiojson_lat_merge(&m, &y);
	assert_int_equal(m.n, 5);
	assert_int_equal(m.min_ns, 1);
	assert_int_equal(m.max_ns, 20);
	assert_near(m.mean_ns, 7.2, 1e-12);
	assert_near(m.stddev_ns, sqrt(254.8 / 4), 1e-9);
	assert_int_equal(m.nbins, 5);
	assert_int_equal(m.bins[1].ns, 2);
	assert_int_equal(m.bins[1].count, 1);
	assert_int_equal(fiojson_lat_percentile(&m, 60.0, &ns), 0);
	assert_int_equal(ns, 3);
	assert_int_equal(fiojson_lat_percentile(&m, 61.0, &ns), 0);
	assert_int_equal(ns, 10);
	fiojson_lat_release(&m);
}

/*
 * A bin's value is its bucket's middle: fio measured a maximum of 350 ns inside the
 * bucket of 400, so the 100th percentile is 350, not 400; lower ones are the bins'.
 */
static void test_percentile_at_most_max(void **state)
{
	struct fiojson_bin b[] = { { 100, 5 }, { 200, 3 }, { 400, 2 } };
	struct fiojson_lat l = { .min_ns = 90, .max_ns = 350, .mean_ns = 180, .n = 10,
				 .bins = b, .nbins = 3 };
	uint64_t ns = 0;

	(void)state;
	assert_int_equal(fiojson_lat_percentile(&l, 50.0, &ns), 0);
	assert_int_equal(ns, 100);
	assert_int_equal(fiojson_lat_percentile(&l, 80.0, &ns), 0);
	assert_int_equal(ns, 200);
	assert_int_equal(fiojson_lat_percentile(&l, 81.0, &ns), 0);
	assert_int_equal(ns, 350);
	assert_int_equal(fiojson_lat_percentile(&l, 100.0, &ns), 0);
	assert_int_equal(ns, 350);
}

static void test_missing_file(void **state)
{
	struct fiojson_report r;
	struct diag d;

	(void)state;
	fiojson_report_init(&r);
	diag_clear(&d);
	assert_int_equal(fiojson_parse_file("no/such/fio.json", &r, &d), -SB_ENOENT);
	assert_string_equal(d.file, "no/such/fio.json");
	assert_non_null(strstr(d.msg, "No such file"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_randread_jsonplus),
		cmocka_unit_test(test_randrw_merge),
		cmocka_unit_test(test_plain_json),
		cmocka_unit_test(test_stray_note),
		cmocka_unit_test(test_failed_job),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_error_location),
		cmocka_unit_test(test_repairs),
		cmocka_unit_test(test_path_errors),
		cmocka_unit_test(test_client_stats),
		cmocka_unit_test(test_concatenated),
		cmocka_unit_test(test_fio2_units),
		cmocka_unit_test(test_merge_stats),
		cmocka_unit_test(test_percentile_at_most_max),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_jobs_apart),
		cmocka_unit_test(test_job_error_located),
		cmocka_unit_test(test_extract_groups),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
