/* SPDX-License-Identifier: MIT */
/* Unit tests for import: log names, archives built from samples/, bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "archive.h"
#include "archive_files.h"
#include "err.h"
#include "import.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

#define SAMPLE(f) SB_SOURCE_DIR "/samples/" f

static void test_lognames(void **state)
{
	struct import_logname ln;

	(void)state;
	assert_int_equal(import_parse_logname("/x/mg_iops.3.log", &ln), 1);
	assert_string_equal(ln.type, "iops");
	assert_int_equal(ln.thread, 3);
	assert_int_equal(import_parse_logname("a_b_clat.12.log", &ln), 1);
	assert_string_equal(ln.type, "clat");
	assert_int_equal(ln.thread, 12);
	assert_int_equal(import_parse_logname("nojobidx_bw.log", &ln), 1);
	assert_string_equal(ln.type, "bw");
	assert_int_equal(ln.thread, 1);
	assert_int_equal(import_parse_logname("cs_iops.1.log.127.0.0.1", &ln), 1);
	assert_int_equal(ln.thread, 1);
	assert_int_equal(import_parse_logname("h_clat_hist.2.log", &ln), 1);
	assert_string_equal(ln.type, "clat_hist");
	assert_int_equal(import_parse_logname("x_lat.1.log.fz", &ln), 1);
	assert_int_equal(ln.compressed, 1);
	assert_int_equal(import_parse_logname("fio.json", &ln), 0);
	assert_int_equal(import_parse_logname("iops.1.log", &ln), 0);
	assert_int_equal(import_parse_logname("x_foo.1.log", &ln), 0);
}

static int do_import(const char *out, const char *const *files, size_t n, struct diag *d)
{
	struct import_opts o = { .out = out, .quiet = 1, .capacity = 16 << 20 };

	diag_clear(d);
	return import_run(files, n, &o, d);
}

static int exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* Two groups split into two elements; threads 2 and 3 become g1's logs 1 and 2. */
static void test_multi_group(void **state)
{
	const char *files[] = {
		SAMPLE("import/multi.json"), SAMPLE("import/mg_iops.1.log"),
		SAMPLE("import/mg_iops.2.log"), SAMPLE("import/mg_iops.3.log"),
		SAMPLE("import/mg_bw.1.log"), SAMPLE("import/mg_bw.2.log"),
		SAMPLE("import/mg_bw.3.log"), SAMPLE("import/si.json"),
		SAMPLE("import/cs.json"), SAMPLE("import/cs_iops.1.log.127.0.0.1"),
		SAMPLE("import/fio2-reconstructed.json"),
	};
	char *out = xasprintf("%s/multi", testutil_dir), *p;
	struct archive_verify v;
	struct result_run run;
	struct diag d;

	(void)state;
	assert_int_equal(do_import(out, files, sizeof(files) / sizeof(files[0]), &d), 0);
	result_run_init(&run);
	assert_int_equal(archive_load(out, &run, &d), 0);
	assert_string_equal(run.plan_name, "import");
	assert_string_equal(run.status, "complete");
	assert_int_equal(run.nsteps, 5);
	assert_string_equal(run.steps[0].name, "g0");
	assert_near(run.steps[0].dir_stat[RESULT_READ].iops, 5938.030985, 1e-6);
	assert_near(run.steps[0].dir_stat[RESULT_READ].bw_bytes, 24322174, 0);
	/* Its log has one window (1135 ms, 7343 IOPS) of a 2.001 s run of 11882 I/Os:
	 * the second second holds the rest, per second of the 1.001 s it lasted. */
	assert_int_equal(run.steps[0].iops[RESULT_READ].n, 2);
	assert_near(run.steps[0].iops[RESULT_READ].v[0], 7343, 0);
	assert_near(run.steps[0].iops[RESULT_READ].v[1], (11882 - 7343) / 1.001, 1e-6);
	assert_string_equal(run.steps[1].name, "g1");
	assert_string_equal(run.steps[1].rw, "randwrite");
	assert_int_equal(run.steps[1].numjobs, 2);
	assert_near(run.steps[1].dir_stat[RESULT_WRITE].iops, 75806.77288, 1e-4);
	p = xasprintf("%s/steps/002-g1/log_iops.2.log", out);
	assert_true(exists(p));
	free(p);
	p = xasprintf("%s/steps/002-g1/log_iops.3.log", out);
	assert_false(exists(p));
	free(p);
	/* --status-interval: the last of four reports. */
	assert_near(run.steps[2].dir_stat[RESULT_READ].iops, 4699.9667, 1e-6);
	/* client/server: client_stats, its NAME.log.HOST log. */
	assert_near(run.steps[3].dir_stat[RESULT_READ].iops, 4470.764618, 1e-6);
	assert_int_equal(run.steps[3].iops[RESULT_READ].n > 0, 1);
	/* fio 2.x: KiB io_bytes and bw, µs latencies, duplicate percentile keys. */
	assert_int_equal(run.steps[4].iodepth, 32);
	assert_near(run.steps[4].dir_stat[RESULT_READ].bw_bytes, 102400000, 0);
	assert_int_equal(run.steps[4].dir_stat[RESULT_READ].io_bytes, 409600000);
	assert_near(run.steps[4].dir_stat[RESULT_READ].clat_p999_us, 3024, 0);
	assert_int_equal(run.capacity, 16 << 20);
	result_run_release(&run);
	assert_int_equal(archive_verify(out, &v, &d), 0);
	assert_int_equal(v.nmissing + v.nchanged + v.nextra, 0);
	assert_int_equal(v.checked, 13);
	archive_verify_release(&v);
	free(out);
}

/* Writes text to a scratch file; returns its path. */
static char *scratch(const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", testutil_dir, name);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

/* A job named like a spreadsheet formula lands in results.csv as text ('=...). */
static void test_formula_name(void **state)
{
	char *out = xasprintf("%s/formula", testutil_dir), *json, *csv, *at;
	const char *files[1];
	struct sbuf sb;
	struct diag d;

	(void)state;
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, SAMPLE("import/si.json")), 0);
	{   /* every report of the --status-interval sample names the job */
		static const char was[] = "\"jobname\" : \"si\"";
		const char *from = sb.buf;
		struct sbuf t;

		sbuf_init(&t);
		while ((at = strstr(from, was))) {
			sbuf_add(&t, from, (size_t)(at - from));
			sbuf_adds(&t, "\"jobname\" : \"=HYPERLINK(\\\"http://x\\\";\\\"y\\\")\"");
			from = at + strlen(was);
		}
		sbuf_adds(&t, from);
		assert_int_not_equal(t.len, sb.len);
		json = scratch("formula.json", t.buf);
		sbuf_release(&t);
	}
	files[0] = json;
	assert_int_equal(do_import(out, files, 1, &d), 0);
	csv = xasprintf("%s/results.csv", out);
	sbuf_reset(&sb);
	assert_int_equal(sbuf_read_file(&sb, csv), 0);
	assert_non_null(strstr(sb.buf, "\r\n1,\"'=HYPERLINK(\"\"http://x\"\";\"\"y\"\")\","
			       "workload,"));
	assert_null(strstr(sb.buf, ",=HYPERLINK"));
	sbuf_release(&sb);
	free(csv);
	free(json);
	free(out);
}

/* Nothing is left behind after a failure: no archive, no temporary folder. */
static void assert_nothing_left(const char *out)
{
	char *cmd = xasprintf("ls -d '%s'* 2>/dev/null | grep -q .", out);

	assert_int_not_equal(system(cmd), 0);
	free(cmd);
}

static void test_bad_inputs(void **state)
{
	char *badjson = scratch("bad.json", "{\n  \"fio version\": \"fio-3.33\",\n  \"jobs\": [ {\n"
				"    \"jobname\": \"x\", \"groupid\": 0, \"error\": 0,\n"
				"    \"read\": { \"io_bytes\": \"many\" } } ]\n}\n");
	char *badlog = scratch("b_iops.1.log", "1000, 5, 0, 0, 0\n2000, x, 0, 0, 0\n");
	char *out = xasprintf("%s/arch", testutil_dir);
	const char *f1[] = { badjson };
	const char *f2[] = { SAMPLE("randread-qd1/fio.json"), badlog };
	const char *f3[] = { SAMPLE("randread-qd1/log_iops.1.log") };
	const char *f4[] = { SAMPLE("seqread-json/fio.json"), SAMPLE("randread-qd1/fio.json"),
			     SAMPLE("randread-qd1/log_iops.1.log"),
			     SAMPLE("randread-qd1/log_iops.1.log") };
	const char *f5[] = { SAMPLE("randread-qd1/stderr.txt") };
	struct diag d;

	(void)state;
	assert_int_equal(do_import(out, f1, 1, &d), -SB_EPARSE);
	assert_string_equal(d.file, badjson);
	assert_string_equal(d.path, "jobs[0].read.io_bytes");
	assert_nothing_left(out);
	assert_int_equal(do_import(out, f2, 2, &d), -SB_EPARSE);
	assert_string_equal(d.file, badlog);
	assert_int_equal(d.line, 2);
	assert_nothing_left(out);
	assert_int_equal(do_import(out, f3, 1, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "comes before any fio report"));
	assert_int_equal(do_import(out, f4, 4, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "repeats iops log 1"));
	assert_nothing_left(out);
	assert_int_equal(do_import(out, f5, 1, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "no JSON report found"));
	assert_int_equal(mkdir(out, 0777), 0);
	assert_int_equal(do_import(out, f2, 1, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "already exists"));
	free(badjson);
	free(badlog);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lognames),
		cmocka_unit_test(test_multi_group),
		cmocka_unit_test(test_formula_name),
		cmocka_unit_test(test_bad_inputs),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
