/* SPDX-License-Identifier: MIT */
/* Tests for archive: samples/archive-quick (real fio 3.33 outputs) and small broken archives. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

#include "archive.h"
#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

#define SAMPLES SB_SOURCE_DIR "/samples"

/* The step-3 error the generator copied from fio's stderr. */
#define FAILED_MSG "fio: pid=0, err=20/file:filesetup.c:455, func=fstat, error=Not a directory"

static void test_load_quick(void **state)
{
	struct result_run run;
	struct diag d;

	(void)state;
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(SAMPLES "/archive-quick", &run, &d), 0);
	assert_string_equal(run.plan_name, "quick");
	assert_string_equal(run.plan_title, "快速測試");
	assert_string_equal(run.plan_file, "plan.xml");
	assert_string_equal(run.fio_version, "fio-3.33");
	assert_string_equal(run.ioengine, "psync");
	assert_string_equal(run.hostname, "sample-host");
	assert_string_equal(run.target, "file target.bin (64 MiB)");
	assert_string_equal(run.started, "2026-11-30T02:14:48Z");
	assert_string_equal(run.status, "failed");
	assert_int_equal(run.nsteps, 4);
	assert_int_equal(run.steps[0].index, 1);
	assert_string_equal(run.steps[0].name, "randread-4k-q1");
	assert_string_equal(run.steps[0].dir, "steps/001-randread-4k-q1");
	assert_string_equal(run.steps[0].status, "ok");
	assert_null(run.steps[0].error);
	assert_string_equal(run.steps[0].rw, "randread");
	assert_int_equal(run.steps[0].bs, 4096);
	assert_int_equal(run.steps[0].rwmixread, -1);
	assert_int_equal(run.steps[0].runtime_ms, 3000);
	assert_string_equal(run.steps[1].name, "randrw70-4k-q1t2");
	assert_int_equal(run.steps[1].numjobs, 2);
	assert_int_equal(run.steps[1].rwmixread, 70);
	assert_string_equal(run.steps[2].status, "failed");
	assert_string_equal(run.steps[2].error, FAILED_MSG);
	assert_string_equal(run.steps[3].status, "pending");
	assert_int_equal(run.steps[3].bs, 1048576);
	assert_int_equal(run.steps[3].iodepth, 8);
	/* Steps that did not run have no metrics. */
	assert_int_equal(run.steps[2].dir_stat[RESULT_READ].total_ios, 0);
	assert_int_equal(run.steps[3].iops[RESULT_READ].n, 0);
	result_run_release(&run);
	assert_null(run.steps);
}

/* Step 1: fio's own numbers (jq on fio.json) and the 1-second logs. */
static void test_step_randread(void **state)
{
	struct result_run run;
	struct diag d;
	const struct result_step *st;
	const struct result_dirstat *rd;

	(void)state;
	result_run_init(&run);
	assert_int_equal(archive_load(SAMPLES "/archive-quick", &run, &d), 0);
	st = &run.steps[0];
	rd = &st->dir_stat[RESULT_READ];
	assert_near(rd->iops, 15953.015661, 1e-9);
	assert_near(rd->bw_bytes, 65343552, 0);
	assert_int_equal(rd->io_bytes, 196096000);
	assert_int_equal(rd->total_ios, 47875);
	assert_near(rd->clat_mean_us, 61.800881629, 1e-9);
	assert_near(rd->clat_p99_us, 130.56, 1e-9);
	assert_near(rd->clat_p999_us, 440.32, 1e-9);
	assert_near(rd->clat_p9999_us, 4554.752, 1e-9);
	assert_near(rd->clat_max_us, 6541.441, 1e-9);
	assert_int_equal(st->dir_stat[RESULT_WRITE].total_ios, 0);
	assert_true(isnan(st->dir_stat[RESULT_WRITE].clat_p99_us));   /* no I/O: none */
	assert_true(isnan(rd->clat_p99999_us));   /* 47,875 I/Os say nothing of 99.999 % */
	assert_near(st->clat_p999_us, 440.32, 1e-9);
	assert_near(st->clat_mean_us, 61.800881629, 1e-9);
	/*
	 * log_iops.1.log: 1000 -> 20103, 2000 -> 13466, and no row for the 3rd second
	 * of the 3.001 s run (the job ended before its log timer): a last row at the
	 * run's end, 3.001 s, holds the rest of fio's 47875 I/Os, per second of the
	 * 1.001 s it lasted, so rate x interval adds up to fio's total.
	 */
	assert_int_equal(st->iops[RESULT_READ].n, 3);
	assert_near(st->iops[RESULT_READ].t[1], 2, 0);
	assert_near(st->iops[RESULT_READ].v[1], 13466, 0);
	assert_near(st->iops[RESULT_READ].t[2], 3.001, 1e-12);
	assert_near(20103 * 1.0 + 13466 * 1.0 + st->iops[RESULT_READ].v[2] * 1.001, 47875, 1e-6);
	assert_near(st->iops[RESULT_READ].v[2], (47875 - 20103 - 13466) / 1.001, 1e-6);
	assert_int_equal(st->bw[RESULT_READ].n, 3);
	assert_near(st->bw[RESULT_READ].v[0], 80412.0 * 1024, 0);
	assert_near(st->bw[RESULT_READ].v[2], (196096000 - (80412.0 + 53864) * 1024) / 1.001,
		    1e-3);
	assert_int_equal(st->clat_us[RESULT_READ].n, 3);
	assert_near(st->clat_us[RESULT_READ].v[2], 69.421, 1e-9);
	assert_int_equal(st->iops[RESULT_WRITE].n, 0);
	result_run_release(&run);
}

/* Step 2: numjobs=2 clones summed in the logs; read+write latency from merged bins. */
static void test_step_randrw(void **state)
{
	struct result_run run;
	struct diag d;
	const struct result_step *st;

	(void)state;
	result_run_init(&run);
	assert_int_equal(archive_load(SAMPLES "/archive-quick", &run, &d), 0);
	st = &run.steps[1];
	assert_near(st->dir_stat[RESULT_READ].iops, 38157.737105, 1e-9);
	assert_near(st->dir_stat[RESULT_WRITE].iops, 16365.391015, 1e-9);
	assert_int_equal(st->dir_stat[RESULT_WRITE].io_bytes, 201433088);
	assert_near(st->dir_stat[RESULT_WRITE].clat_p999_us, 88.576, 1e-9);
	assert_near(st->clat_mean_us, 31.674091533, 1e-6);
	assert_near(st->clat_p99_us, 144.384, 1e-9);
	assert_near(st->clat_p999_us, 261.12, 1e-9);
	assert_near(st->clat_p9999_us, 4489.216, 1e-9);
	/* Clone 2 logged a 3rd second, clone 1 did not: the 3rd second is fio's rest. */
	assert_int_equal(st->iops[RESULT_READ].n, 3);
	assert_near(st->iops[RESULT_READ].v[0], 17131 + 17213, 0);
	assert_near(st->iops[RESULT_READ].v[2],
		    (114664 - (17131 + 17213) - (19854 + 19885)) / 1.005, 1e-6);
	assert_near(st->iops[RESULT_WRITE].v[1], 8563 + 8534, 0);
	assert_near(st->bw[RESULT_READ].v[0], (68500.0 + 68855.0) * 1024, 0);
	assert_int_equal(st->clat_us[RESULT_WRITE].n, 3);
	assert_near(st->clat_us[RESULT_WRITE].v[2], (4306 + 4369) / 2000.0, 1e-9);
	result_run_release(&run);
}

/* A step folder without logs and with plain JSON: percentiles from fio's object. */
static void test_step_plain_json(void **state)
{
	struct result_step st;
	struct diag d;

	(void)state;
	result_step_init(&st);
	diag_clear(&d);
	st.dir = xstrdup("seqread-json");
	assert_int_equal(archive_load_step(SAMPLES, &st, &d), 0);
	assert_int_equal(st.dir_stat[RESULT_READ].io_bytes, 9066643456ULL);
	assert_near(st.dir_stat[RESULT_READ].clat_p999_us, 3850.24, 1e-9);
	assert_near(st.dir_stat[RESULT_READ].clat_p99_us, 222.208, 1e-9);
	/* Without bins the merged (all-direction) histogram has no percentiles. */
	assert_near(st.clat_p99_us, 222.208, 1e-9);
	assert_int_equal(st.iops[RESULT_READ].n, 0);
	result_step_release(&st);
}

/* telemetry.csv holds numbers: nan and inf (which strtod reads) are refused, located. */
static void test_telemetry_not_finite(void **state)
{
	char *dir = xasprintf("%s/telem", testutil_dir), *file, *csv;
	struct result_step st;
	struct sbuf sb;
	struct diag d;
	FILE *f;

	(void)state;
	assert_int_equal(mkdir(dir, 0755), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, SAMPLES "/seqread-json/fio.json"), 0);
	file = xasprintf("%s/fio.json", dir);
	f = fopen(file, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(sb.buf, 1, sb.len, f), sb.len);
	assert_int_equal(fclose(f), 0);
	csv = xasprintf("%s/telemetry.csv", dir);
	for (int i = 0; i < 2; i++) {
		f = fopen(csv, "w");
		assert_non_null(f);
		fputs(i ? "seconds,celsius\ninf,40\n" : "seconds,celsius\n0.0,41.5\n1.0,nan\n", f);
		assert_int_equal(fclose(f), 0);
		result_step_init(&st);
		diag_clear(&d);
		st.dir = xstrdup("telem");
		assert_int_equal(archive_load_step(testutil_dir, &st, &d), -SB_EPARSE);
		assert_string_equal(d.file, csv);
		assert_int_equal(d.line, i ? 2 : 3);
		assert_int_equal(d.col, i ? 1 : 5);
		assert_string_equal(d.msg, i ? "expected \"seconds,celsius\"" :
				    "expected a temperature, got 'nan'");
		result_step_release(&st);
	}
	sbuf_release(&sb);
	free(csv);
	free(file);
	free(dir);
}

/* Writes TMPDIR/NAME/manifest.json with one "ok" step whose dir links to a sample. */
static char *make_archive(const char *name, const char *manifest, const char *step_sample)
{
	char *dir = xasprintf("%s/%s", testutil_dir, name);
	char *steps = xasprintf("%s/steps", dir);
	char *file = xasprintf("%s/manifest.json", dir);
	FILE *f;

	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(mkdir(steps, 0755), 0);
	f = fopen(file, "w");
	assert_non_null(f);
	fputs(manifest, f);
	assert_int_equal(fclose(f), 0);
	if (step_sample) { /* a copy: a linked step folder is refused (test_linked_step) */
		char *from = xasprintf("%s/%s/fio.json", SAMPLES, step_sample);
		char *step = xasprintf("%s/001-step", steps);
		char *to = xasprintf("%s/fio.json", step);
		struct sbuf sb;

		sbuf_init(&sb);
		assert_int_equal(sbuf_read_file(&sb, from), 0);
		assert_int_equal(mkdir(step, 0755), 0);
		f = fopen(to, "w");
		assert_non_null(f);
		assert_int_equal(fwrite(sb.buf, 1, sb.len, f), sb.len);
		assert_int_equal(fclose(f), 0);
		sbuf_release(&sb);
		free(from);
		free(step);
		free(to);
	}
	free(steps);
	free(file);
	return dir;
}

#define MANIFEST(step_dir, extra)                                                    \
	"{ \"format\": \"ssdbench-archive-1\", \"status\": \"complete\", " extra       \
	"\"steps\": [ { \"index\": 1, \"name\": \"s\", \"dir\": \"" step_dir "\", "   \
	"\"status\": \"ok\", \"error\": null, \"bs\": 4096 } ] }\n"

static void test_failed_job_is_error(void **state)
{
	char *dir = make_archive("failed", MANIFEST("steps/001-step", ""), "failed-job");
	char *want = xasprintf("%s/steps/001-step/fio.json", dir);
	struct result_run run;
	struct diag d;

	(void)state;
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(dir, &run, &d), -SB_EFIO);
	assert_string_equal(d.file, want);
	assert_string_equal(d.path, "jobs[1].error");
	assert_string_equal(d.msg, "fio job 'bad' failed: error 20 (Not a directory)");
	/* What was read so far is kept. */
	assert_int_equal(run.nsteps, 1);
	assert_string_equal(run.steps[0].name, "s");
	result_run_release(&run);
	free(want);
	free(dir);
}

/* A step folder that is a link out of the archive is refused by name, not read. */
static void test_linked_step(void **state)
{
	char *dir = make_archive("linked", MANIFEST("steps/001-step", ""), NULL);
	char *link = xasprintf("%s/steps/001-step", dir);
	char *target = xasprintf("%s/failed-job", SAMPLES);
	struct result_run run;
	struct diag d;

	(void)state;
	assert_int_equal(symlink(target, link), 0);
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(dir, &run, &d), -SB_EIO);
	assert_string_equal(d.file, link);
	assert_non_null(strstr(d.msg, "001-step' is a symbolic link: refusing to follow it"));
	result_run_release(&run);
	free(target);
	free(link);
	free(dir);
}

static void test_manifest_errors(void **state)
{
	char *nofio = make_archive("nofio", MANIFEST("steps/001-step", ""), NULL);
	char *escape = make_archive("escape", MANIFEST("steps/../../x", ""), NULL);
	char *badtype = make_archive("badtype",
				     MANIFEST("steps/001-step", "\"plan\": { \"name\": 7 }, "), NULL);
	char *format = make_archive("format", "{ \"format\": \"other\", \"steps\": [] }", NULL);
	char *syntax = make_archive("syntax", "{ \"format\": \"ssdbench-archive-1\",\n  \"steps\": [\n", NULL);
	char *want = xasprintf("%s/steps/001-step/fio.json", nofio);
	struct result_run run;
	struct diag d;

	(void)state;
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(nofio, &run, &d), -SB_ENOENT);
	assert_string_equal(d.file, want);
	result_run_release(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(escape, &run, &d), -SB_EPARSE);
	assert_string_equal(d.path, "steps[0]");
	assert_non_null(strstr(d.msg, "leaves the archive"));
	result_run_release(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(badtype, &run, &d), -SB_EPARSE);
	assert_string_equal(d.path, "plan.name");
	result_run_release(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(format, &run, &d), -SB_EPARSE);
	assert_string_equal(d.path, "format");
	result_run_release(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(syntax, &run, &d), -SB_EPARSE);
	assert_int_equal(d.line, 3);
	result_run_release(&run);
	diag_clear(&d);
	assert_int_equal(archive_load("no/such/archive", &run, &d), -SB_ENOENT);
	assert_string_equal(d.file, "no/such/archive/manifest.json");
	result_run_release(&run);
	free(nofio);
	free(escape);
	free(badtype);
	free(format);
	free(syntax);
	free(want);
}

/* Writes TEXT into ARCHIVE/steps/001-step/NAME. */
static void put_step_file(const char *archive, const char *name, const char *text)
{
	char *file = xasprintf("%s/steps/001-step/%s", archive, name);
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	free(file);
}

#define ROUND_MANIFEST                                                                 \
	"{ \"format\": \"ssdbench-archive-1\", \"status\": \"complete\", \"steps\": [ " \
	"{ \"index\": 1, \"name\": \"s\", \"dir\": \"steps/001-step\", \"status\": \"ok\", " \
	"\"error\": null, \"bs\": 4096, \"scope\": \"r\", \"round\": 2, "                \
	"\"continuous\": 1 } ] }\n"

/*
 * A continuous round's rows keep their own times: fio's reports came late (1.201 s
 * after the one before), so the rates times their intervals are the round's I/Os,
 * and the bytes written grow by each rate times its interval.
 */
static void test_round_series_times(void **state)
{
	char *dir = make_archive("round", ROUND_MANIFEST, "randread-qd1");
	char *log = xasprintf("%s/steps/001-step/log_iops.1.log", dir);
	struct result_run run;
	struct diag d;

	(void)state;
	put_step_file(dir, "log_iops.1.log", "998, 1000, 0, 0, 0\n998, 500, 1, 0, 0\n"
		      "2199, 900, 0, 0, 0\n2199, 450, 1, 0, 0\n");
	put_step_file(dir, "log_bw.1.log", "998, 4000, 1, 0, 0\n2199, 2000, 1, 0, 0\n");
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(dir, &run, &d), 0);
	assert_int_equal(run.nsteps, 1);
	{
		const struct result_step *st = &run.steps[0];
		const struct result_series *r = &st->iops[RESULT_READ], *w = &st->iops[RESULT_WRITE];

		assert_int_equal(r->n, 2);
		assert_int_equal(w->n, 2);
		assert_float_equal(r->t[0], 0.998, 1e-9);
		assert_float_equal(r->t[1], 2.199, 1e-9);
		assert_float_equal(r->v[1], 900, 1e-9);
		assert_float_equal(w->t[1], 2.199, 1e-9);
		/* 4000 KiB/s for 0.998 s, then 2000 KiB/s for 1.201 s */
		assert_int_equal(st->written.n, 2);
		assert_float_equal(st->written.v[0], 4000.0 * 1024 * 0.998, 1e-3);
	}
	result_run_release(&run);
	/* A row that goes back in time is an error at its line. */
	put_step_file(dir, "log_iops.1.log", "998, 1000, 0, 0, 0\n2199, 900, 0, 0, 0\n"
		      "2100, 900, 0, 0, 0\n");
	result_run_init(&run);
	diag_clear(&d);
	assert_int_equal(archive_load(dir, &run, &d), -SB_EPARSE);
	assert_string_equal(d.file, log);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "not after"));
	result_run_release(&run);
	free(log);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_quick),
		cmocka_unit_test(test_round_series_times),
		cmocka_unit_test(test_step_randread),
		cmocka_unit_test(test_step_randrw),
		cmocka_unit_test(test_step_plain_json),
		cmocka_unit_test(test_telemetry_not_finite),
		cmocka_unit_test(test_failed_job_is_error),
		cmocka_unit_test(test_linked_step),
		cmocka_unit_test(test_manifest_errors),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
