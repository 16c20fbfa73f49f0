/* SPDX-License-Identifier: MIT */
/*
 * Tests for the <replay> step: loading (the trace resolved against the
 * plan file, listed once, the defaults, the refusals at their places), the trace
 * read before the run (writes or not, a bad trace), the fit of a trace's offsets
 * onto a target, and the job file fio gets. Traces are hand-made blktrace records.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "testutil.h"

#include "err.h"
#include "fiorun_job.h"
#include "plan.h"
#include "result.h"
#include "run_replay.h"
#include "sbuf.h"
#include "xalloc.h"

/* Strings the hand-made records point at (the plan owns char *). */
static char s_timed[] = "timed", s_fast[] = "fast", s_a[] = "a", s_r[] = "r";
static char s_random[] = "random", s_ps[] = "per-second", s_bad_name[] = "a;b";

/* One queue (Q) record of blktrace's struct blk_io_trace, little-endian. */
static void put_record(FILE *f, uint64_t ns, uint64_t offset, uint32_t len, int write)
{
	uint8_t r[48] = { 0 };
	uint64_t sector = offset / 512;
	uint32_t v[] = { 0x65617407u, 0 };
	uint32_t tail[] = { len, 1u | ((write ? 2u : 1u) << 16), 42, (7u << 20) | 3u, 0 };

	memcpy(r, v, 8);
	memcpy(r + 8, &ns, 8);
	memcpy(r + 16, &sector, 8);
	memcpy(r + 24, tail, sizeof(tail));
	assert_int_equal(fwrite(r, 1, sizeof(r), f), sizeof(r));
}

/* Writes testutil_dir/NAME: two requests, the second at offset end - len. */
static char *make_trace(const char *name, uint64_t end, uint32_t len, int writes)
{
	char *path = NULL;
	FILE *f;

	path = xasprintf("%s/%s", testutil_dir, name);
	f = fopen(path, "wb");
	assert_non_null(f);
	put_record(f, 1000, 0, 4096, 0);
	put_record(f, 2000000, end - len, len, writes);
	fclose(f);
	return path;
}

static char *write_plan(const char *name, const char *body)
{
	char *path = NULL;
	FILE *f;

	path = xasprintf("%s/%s", testutil_dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "<plan name=\"r\">\n  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"%s</plan>\n", body);
	fclose(f);
	return path;
}

static void test_load(void **state)
{
	char *sub = xasprintf("%s/sub", testutil_dir), real[PATH_MAX], *trace;
	char *plan = write_plan("load.xml",
		"  <replay name=\"a\" trace=\"sub/a.blktrace\"/>\n"
		"  <replay name=\"b\" trace=\"sub/../sub/a.blktrace\" mode=\"timed\" speed=\"4\"/>\n");
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(mkdir(sub, 0755), 0);
	trace = make_trace("sub/a.blktrace", 8 << 20, 65536, 1);
	plan_init(&p);
	diag_clear(&d);
	assert_int_equal(plan_load(&p, plan, NULL, 0, &d), 0);
	assert_non_null(realpath(trace, real));
	assert_int_equal(p.nsteps, 2);
	assert_int_equal(p.steps[0].kind, STEP_REPLAY);
	assert_string_equal(p.steps[0].trace, real);   /* against the plan's folder */
	assert_string_equal(p.steps[1].trace, real);   /* '..' resolved */
	assert_string_equal(p.steps[0].mode, "fast");
	assert_int_equal(p.steps[0].speed, 1);
	assert_string_equal(p.steps[0].fit, "scale");
	assert_int_equal(p.steps[0].iodepth, 1);
	assert_int_equal(p.steps[0].direct, 1);
	assert_string_equal(p.steps[1].mode, "timed");
	assert_int_equal(p.steps[1].speed, 4);
	/* Not read yet: a writing step until the engine knows better. */
	assert_int_equal(plan_step_writes(&p.steps[0]), 1);
	assert_int_equal(p.nincludes, 2);   /* the plan, and the trace once */
	assert_string_equal(p.includes[1], real);
	plan_release(&p);
	free(plan);
	free(trace);
	free(sub);
}

/* The plan fails at line:col with a message containing want. */
static void expect_error(const char *body, int line, int col, const char *want)
{
	char *plan = write_plan("bad.xml", body);
	struct plan p;
	struct diag d;

	plan_init(&p);
	diag_clear(&d);
	assert_int_not_equal(plan_load(&p, plan, NULL, 0, &d), 0);
	if (d.line != line || d.col != col || !strstr(d.msg, want))
		fail_msg("got %d:%d '%s', want %d:%d '%s'", d.line, d.col, d.msg, line, col, want);
	plan_release(&p);
	free(plan);
}

static void test_load_errors(void **state)
{
	char *trace = make_trace("b.blktrace", 8 << 20, 4096, 0);

	(void)state;
	expect_error("  <replay name=\"a\" trace=\"nope.blktrace\"/>\n", 3, 27,
		     "cannot read trace");
	{
		char *dir = xasprintf("%s/dir.blktrace", testutil_dir);

		assert_int_equal(mkdir(dir, 0755), 0);
		free(dir);
	}
	expect_error("  <replay name=\"a\" trace=\"dir.blktrace\"/>\n", 3, 27,
		     "is not a regular file");
	expect_error("  <replay name=\"a\" trace=\"b.blktrace\" mode=\"slow\"/>\n", 3, 45, "slow");
	expect_error("  <replay name=\"a\" trace=\"b.blktrace\" fit=\"wrap\"/>\n", 3, 44, "wrap");
	expect_error("  <replay name=\"a\" trace=\"b:c.blktrace\"/>\n", 3, 27, "':'");
	expect_error("  <replay name=\"a\" trace=\"b.blktrace\">"
		     "<fio option=\"rate\" value=\"1m\"/></replay>\n", 3, 39, "<fio>");
	expect_error("  <workload name=\"w\" rw=\"read\"><fio option=\"replay_redirect\" "
		     "value=\"/dev/sda\"/></workload>\n", 3, 45, "replay_redirect");
	free(trace);
}

static void test_check(void **state)
{
	char *w = make_trace("w.blktrace", 8 << 20, 4096, 1);
	char *r = make_trace("r.blktrace", 8 << 20, 4096, 0);
	char *plan = write_plan("check.xml", "  <replay name=\"w\" trace=\"w.blktrace\"/>\n"
				"  <replay name=\"r\" trace=\"r.blktrace\"/>\n");
	char *bad = NULL;
	struct plan p;
	struct diag d;
	FILE *f;

	(void)state;
	plan_init(&p);
	diag_clear(&d);
	assert_int_equal(plan_load(&p, plan, NULL, 0, &d), 0);
	assert_int_equal(run_replay_check(&p, &d), 0);
	assert_int_equal(plan_step_writes(&p.steps[0]), 1);
	assert_int_equal(plan_step_writes(&p.steps[1]), 0);   /* reads only */
	plan_release(&p);
	/* A trace cut inside its second record. */
	bad = xasprintf("%s/cut.blktrace", testutil_dir);
	f = fopen(bad, "wb");
	put_record(f, 1, 0, 4096, 0);
	fwrite("0123456789", 1, 10, f);
	fclose(f);
	free(plan);
	plan = write_plan("cut.xml", "  <replay name=\"c\" trace=\"cut.blktrace\"/>\n");
	plan_init(&p);
	diag_clear(&d);
	assert_int_equal(plan_load(&p, plan, NULL, 0, &d), 0);
	assert_int_equal(run_replay_check(&p, &d), -SB_EUSAGE);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "cut.blktrace"));
	assert_non_null(strstr(d.msg, "byte 48"));
	plan_release(&p);
	free(plan);
	free(bad);
	free(w);
	free(r);
}

/* The fit of a trace ending at end (its last request len bytes) onto cap bytes. */
static void fit(uint64_t end, uint32_t len, uint64_t cap, uint64_t want, const char *how)
{
	char *trace = make_trace("fit.blktrace", end, len, 1);
	struct plan_workload w = { 0 };
	struct result_step st;
	struct fiorun_target ft = { "/t", cap, 0, cap, 0, 0, 0, NULL, NULL };
	uint64_t limit = 0, layout = 0;
	struct diag d;

	result_step_init(&st);
	w.trace = trace;
	w.mode = s_timed;
	w.speed = 2;
	diag_clear(&d);
	assert_int_equal(run__replay_fit(&w, &st, &ft, "/r.blktrace", &limit, &layout, &d), 0);
	assert_int_equal(st.replay_scale, want);
	assert_string_equal(st.replay_fit, how);
	assert_int_equal(st.trace_ios, 2);
	assert_int_equal(st.trace_end, end);
	assert_int_equal(layout, 4096 + len);       /* the trace's bytes */
	assert_int_equal(limit, 1);                 /* 2 ms of trace at speed 2 */
	assert_string_equal(ft.trace, "/r.blktrace");   /* fio reads the replay trace */
	result_step_release(&st);
	free(trace);
}

static void test_fit(void **state)
{
	(void)state;
	fit(8 << 20, 65536, 64 << 20, 1, "none");
	fit(64 << 20, 65536, 64 << 20, 1, "none");      /* ends exactly at the end */
	/* 100 MiB - 64 KiB onto 32 MiB: floor(off / (cap - len + 1)) + 1 */
	fit(100 << 20, 65536, 32 << 20, ((100ull << 20) - 65536) / ((32ull << 20) - 65536 + 1) + 1,
	    "scale");
	fit((64 << 20) + 512, 4096, 64 << 20, 2, "scale");
}

/*
 * The offsets are divided before fio reads them (blkt_write_replay), in 64 bits: a
 * factor past fio's own 32-bit replay_scale fits too.
 */
static void test_fit_far(void **state)
{
	const uint64_t cap = 1 << 20, len = 4096, div = cap - len + 1;
	const uint64_t over = (((uint64_t)UINT32_MAX * div + 511) / 512) * 512;

	(void)state;
	fit(over + len, (uint32_t)len, cap, (uint64_t)UINT32_MAX + 1, "scale");
}

static const char *job_gate;   /* read_job's fiorun_target.gate */

static void read_job(struct sbuf *sb, const struct plan_workload *w, const char *target,
		     int want_rc)
{
	char *job = NULL;
	struct plan p;
	struct fiorun_target ft = { target, 64 << 20, 0, 64 << 20, 0, 7, 0, "/traces/a.blktrace",
				    job_gate };
	struct diag d;

	plan_init(&p);
	p.name = s_r;
	p.data = s_random;
	job = xasprintf("%s/job.fio", testutil_dir);
	diag_clear(&d);
	assert_int_equal(fiorun_write_jobfile(job, &p, w, &ft, "libaio", &d), want_rc);
	sbuf_init(sb);
	if (!want_rc)
		assert_int_equal(sbuf_read_file(sb, job), 0);
	free(job);
}

static void test_jobfile(void **state)
{
	struct plan_workload w = { 0 };
	struct sbuf sb;

	(void)state;
	w.kind = STEP_REPLAY;
	w.name = s_a;
	w.mode = s_fast;
	w.speed = 1;
	w.iodepth = 4;
	w.direct = 1;
	w.log = s_ps;
	read_job(&sb, &w, "/dev/target", 0);
	assert_non_null(strstr(sb.buf, "\n[a]\nread_iolog=/traces/a.blktrace\n"
			       "replay_redirect=/dev/target\niodepth=4\nreplay_no_stall=1\n"));
	assert_null(strstr(sb.buf, "filename="));    /* the trace's devices: redirected */
	assert_null(strstr(sb.buf, "replay_scale"));
	assert_null(strstr(sb.buf, "\nsize="));
	assert_non_null(strstr(sb.buf, "write_lat_log=log\n"));
	assert_non_null(strstr(sb.buf, "lat_percentiles=1\n"));
	sbuf_release(&sb);
	w.mode = s_timed;
	w.speed = 3;
	read_job(&sb, &w, "/dev/target", 0);
	assert_non_null(strstr(sb.buf, "replay_time_scale=300\n"));
	assert_null(strstr(sb.buf, "replay_scale"));   /* the trace is fitted already */
	assert_null(strstr(sb.buf, "replay_no_stall"));
	sbuf_release(&sb);
	read_job(&sb, &w, "/dev/a:b", -SB_EINVAL);   /* ':' separates files for fio */
	sbuf_release(&sb);
	/* no job file holds a '$' (fio would expand it), whatever the check before
	 * it let through; none is written. */
	{
		char *job = xasprintf("%s/job.fio", testutil_dir);

		unlink(job);
		read_job(&sb, &w, "/dev/${HOME}x", -SB_EINVAL);
		sbuf_release(&sb);
		assert_int_equal(access(job, F_OK), -1);
		free(job);
	}
	/* A gate (a duty cycle's wait): the job's last line, run by fio through the
	 * shell, so only a plain absolute path and a plain job name make one. */
	job_gate = "/tmp/ssdbench-gate.Ab9/gate";
	read_job(&sb, &w, "/dev/target", 0);
	assert_non_null(strstr(sb.buf, "replay_time_scale=300\n"
			       "exec_prerun=read g < /tmp/ssdbench-gate.Ab9/gate\n"));
	assert_string_equal(sb.buf + sb.len - strlen("< /tmp/ssdbench-gate.Ab9/gate\n"),
			    "< /tmp/ssdbench-gate.Ab9/gate\n");
	sbuf_release(&sb);
	for (size_t i = 0; i < 4; i++) {
		static const char *const bad[] = { "/tmp/a;b/gate", "/tmp/a b/gate", "gate",
						   "/tmp/$(x)/gate" };

		job_gate = bad[i];
		read_job(&sb, &w, "/dev/target", -SB_EINVAL);
		sbuf_release(&sb);
	}
	job_gate = "/tmp/g/gate";
	w.name = s_bad_name;
	read_job(&sb, &w, "/dev/target", -SB_EINVAL);
	sbuf_release(&sb);
	job_gate = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_fit_far),
		cmocka_unit_test(test_jobfile),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
