/* SPDX-License-Identifier: MIT */
/*
 * Tests of run_cont, a continuous <rounds> scope as one fio process: which scopes
 * run so and why the others do not, the shape of a segment (its planned rounds and
 * io_size, recomputed here), and segments run with a fake fio that streams fio's
 * real status reports (samples/status-stream/fio.json: four reports a second apart,
 * then fio's final one ~0.1 s after the fourth) into the FIFO the engine reads, a
 * chunk at each tick. Each round's numbers are recomputed from the stream with
 * jansson: its reads and writes are its end report's less its start report's.
 */
#include <errno.h>
#include <fcntl.h>
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
#include <jansson.h>

#include "engine_fixture.h"
#include "err.h"
#include "sbuf.h"

#define STREAM SB_SOURCE_DIR "/samples/status-stream/fio.json"
#define NREPORTS 5

/* The stream, and what each of its reports says, read here independently. */
static struct {
	char *buf;
	size_t len;
	uint64_t clock_ms[NREPORTS];     /* the longest direction runtime of any job */
	uint64_t bytes[NREPORTS][2];     /* read, write io_bytes over the jobs */
	size_t end[NREPORTS];            /* offset past each report */
} s;

static int load_stream(void **state)
{
	struct sbuf sb;
	size_t off = 0;

	(void)state;
	if (testutil_setup(NULL))
		return -1;
	sbuf_init(&sb);
	if (sbuf_read_file(&sb, STREAM))
		return -1;
	s.len = sb.len;
	s.buf = sbuf_detach(&sb);
	for (int i = 0; i < NREPORTS; i++) {
		json_error_t err;
		json_t *r = json_loadb(s.buf + off, s.len - off, JSON_DISABLE_EOF_CHECK, &err);
		json_t *job;
		size_t k;

		if (!r)
			return -1;
		off += (size_t)err.position;
		s.end[i] = off;
		json_array_foreach(json_object_get(r, "jobs"), k, job) {
			static const char *const dirs[] = { "read", "write", "trim" };

			for (int d = 0; d < 3; d++) {
				json_t *o = json_object_get(job, dirs[d]);
				uint64_t rt = (uint64_t)json_integer_value(json_object_get(o, "runtime"));

				if (rt > s.clock_ms[i])
					s.clock_ms[i] = rt;
				if (d < 2)
					s.bytes[i][d] += (uint64_t)json_integer_value(
						json_object_get(o, "io_bytes"));
			}
		}
		json_decref(r);
	}
	while (off < s.len && (s.buf[off] == '\n' || s.buf[off] == ' '))
		off++;
	return off == s.len ? 0 : -1;   /* five reports, nothing after them */
}

static int free_stream(void **state)
{
	free(s.buf);
	return testutil_teardown(state);
}

/* What the fake fio does: stream [0, upto) of the stream, exit with status, say
 * stderr_text on its stderr. */
static struct {
	size_t upto;
	int status;
	const char *stderr_text;
	size_t calls;
	int stopped;                  /* the engine asked it to stop */
	char dir[512];
} fake;

/* fio with --output=FIFO: the reports written a chunk at a time, the engine's tick
 * after each (it reads the FIFO there), until the end or until told to stop. */
static int stream_exec(const struct fiorun_exec_opts *o, int *status, struct diag *d)
{
	int fd;

	(void)d;
	fake.calls++;
	snprintf(fake.dir, sizeof(fake.dir), "%s", o->dir);
	assert_non_null(o->output);
	assert_non_null(o->tick);
	fd = open(o->output, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	assert_true(fd >= 0);
	for (size_t off = 0, n; off < fake.upto; off += n) {
		if (o->stop && *o->stop) {
			fake.stopped = 1;
			break;
		}
		n = fake.upto - off < 4096 ? fake.upto - off : 4096;
		assert_int_equal(write(fd, s.buf + off, n), (ssize_t)n);   /* read at each tick */
		o->tick(o->tick_arg);
	}
	close(fd);
	if (fake.stderr_text) {
		char *path = xasprintf("%s/fio.stderr", o->dir);
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fputs(fake.stderr_text, f);
		assert_int_equal(fclose(f), 0);
		free(path);
	}
	*status = fake.status;
	return 0;
}

static const struct run_fio_ops stream_fio = {
	engine_fake_version, engine_fake_probe_engine, fiorun_write_jobfile, stream_exec,
	engine_fake_kill_leftovers, fiorun_error_text, fiorun_job_error, fiorun_nospace,
};

static void fake_start(size_t upto, int status, const char *stderr_text)
{
	memset(&fake, 0, sizeof(fake));
	fake.upto = upto;
	fake.status = status;
	fake.stderr_text = stderr_text;
}

/* Plan text: rounds scope "mix" of `attrs` over one 1 s randrw workload "m". */
static char *cont_plan(const char *attrs)
{
	return xasprintf("<plan name=\"cont\" title=\"cont\">\n"
			 "  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
			 "  <rounds name=\"mix\" %s>\n"
			 "    <workload name=\"m\" rw=\"randrw\" rwmixread=\"50\" bs=\"4k\" "
			 "numjobs=\"2\" runtime=\"1s\"/>\n"
			 "  </rounds>\n"
			 "</plan>\n", attrs);
}

static char *slurp_file(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct sbuf sb;

	sbuf_init(&sb);
	if (sbuf_read_file(&sb, path))
		fail_msg("cannot read '%s'", path);
	free(path);
	return sbuf_detach(&sb);
}

/* Element e (0-based) of the run spans reports (from, to], 1-based, from 0: fio's start. */
static void round_is(const struct engine_run *r, size_t e, int round, int from, int to)
{
	const struct result_step *st = &r->x.arc.run.steps[e];
	char *dir = xasprintf("%s/%s", r->x.arc.out, st->dir), *want, *got;

	assert_int_equal(st->round, round);
	assert_string_equal(st->status, "ok");
	assert_true(st->continuous);
	assert_string_equal(st->scope, "mix");
	for (int k = 0; k < 2; k++)
		assert_int_equal(st->dir_stat[k].io_bytes,
				 s.bytes[to - 1][k] - (from ? s.bytes[from - 1][k] : 0));
	assert_int_equal(st->runtime_ms, s.clock_ms[to - 1] - (from ? s.clock_ms[from - 1] : 0));
	/* the round's folder: fio's reports at its end and its start, verbatim */
	got = slurp_file(dir, "fio.json");
	want = xstrndup(s.buf + (to > 1 ? s.end[to - 2] : 0), s.end[to - 1] -
			(to > 1 ? s.end[to - 2] : 0));
	assert_non_null(strstr(got, want + strspn(want, "\n")));
	free(got);
	free(want);
	if (from) {
		got = slurp_file(dir, "fio-start.json");
		want = xstrndup(s.buf + (from > 1 ? s.end[from - 2] : 0), s.end[from - 1] -
				(from > 1 ? s.end[from - 2] : 0));
		assert_non_null(strstr(got, want + strspn(want, "\n")));
		free(got);
		free(want);
	} else {
		struct stat sb;
		char *path = xasprintf("%s/fio-start.json", dir);

		assert_int_not_equal(stat(path, &sb), 0);   /* round 1 starts at fio's start */
		free(path);
	}
	free(dir);
}

/* The sample is what the expectations below assume: four reports a second apart
 * (within the cut's 0.25 s), then fio's final one within 0.5 s of the fourth. */
static void test_stream_sample(void **state)
{
	(void)state;
	for (int i = 0; i < 4; i++)
		assert_true(s.clock_ms[i] + 250 >= (uint64_t)(i + 1) * 1000 &&
			    s.clock_ms[i] < (uint64_t)(i + 1) * 1000 + 250);
	assert_true(s.clock_ms[4] >= s.clock_ms[3] && s.clock_ms[4] - s.clock_ms[3] < 500);
	assert_true(s.bytes[4][0] > s.bytes[3][0] && s.bytes[0][1] > 0);
}

/*
 * until="max" max="4": one fio process, four rounds, each an element journaled
 * with its own numbers; the fourth ends with fio's final report; the bytes written
 * counted; the scope's verdict "max".
 */
static void test_segment_rounds(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\""), *job, *journal;
	struct engine_run r;
	struct diag d;
	const struct result_scope *rs;
	int lines = 0;

	(void)state;
	fake_start(s.len, 0, NULL);
	engine_open(&r, "rounds", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__walk(&r.x, &d), 0);
	assert_int_equal(fake.calls, 1);                 /* one fio process */
	assert_false(fake.stopped);
	assert_int_equal(r.x.arc.run.nsteps, 4);
	round_is(&r, 0, 1, 0, 1);
	round_is(&r, 1, 2, 1, 2);
	round_is(&r, 2, 3, 2, 3);
	round_is(&r, 3, 4, 3, 5);                        /* the final report joins round 4 */
	assert_int_equal(r.x.walk.written, s.bytes[4][1]);
	rs = result_run_scope(&r.x.arc.run, "mix");
	assert_string_equal(rs->verdict, "max");
	assert_int_equal(rs->rounds, 4);
	/* the segment's folder is the first round's: its job file, 4 rounds of 1 s */
	assert_non_null(strstr(fake.dir, "/steps/001-m-r1/fio"));
	job = slurp_file(fake.dir, "job.fio");
	assert_non_null(strstr(job, "\nruntime=4\n"));
	free(job);
	journal = slurp_file(r.x.arc.out, "journal.jsonl");
	for (const char *p = journal; (p = strstr(p, "\"name\":\"m\"")); p++)
		lines++;
	assert_int_equal(lines, 4);                      /* each round journaled */
	free(journal);
	engine_close(&r);
	free(plan);
}

static int stop_at_2(void *arg, int round)
{
	int *seen = arg;

	seen[round] = 1;
	return round == 2;
}

/*
 * A segment from round 3 (a resume's): its rounds are numbered from 3, its seed is
 * round 3's, and planned for rounds 3 and 4 of max 4 it asks fio for 2 s.
 */
static void test_segment_from_round(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\""), *job;
	struct engine_run r;
	struct run_ctx c = { 0, 3, 1, 0, 0 };
	struct diag d;
	int seen[8] = { 0 }, closed = -1;

	(void)state;
	fake_start(s.len, 0, NULL);
	engine_open(&r, "from3", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__segment(&r.x, 0, &c, 3, 0, stop_at_2, seen, &closed, &d), 0);
	assert_int_equal(closed, 2);
	assert_true(seen[3] && seen[4] && !seen[1] && !seen[2]);
	assert_int_equal(r.x.arc.run.nsteps, 2);
	assert_string_equal(r.x.arc.run.steps[0].dir, "steps/001-m-r3");
	assert_string_equal(r.x.arc.run.steps[1].dir, "steps/002-m-r4");
	round_is(&r, 0, 3, 0, 1);
	round_is(&r, 1, 4, 1, 5);   /* the last planned round ends with fio's final report */
	assert_int_equal(r.x.arc.run.steps[0].seed, fiorun_seed((uint64_t)r.x.plan.seed, 0, 3));
	assert_int_not_equal(r.x.arc.run.steps[0].seed,
			     fiorun_seed((uint64_t)r.x.plan.seed, 0, 1));
	job = slurp_file(fake.dir, "job.fio");
	assert_non_null(strstr(job, "\nruntime=2\n"));
	free(job);
	engine_close(&r);
	free(plan);
}

/* The verdict after round 2 of 4: fio is told to stop, nothing after it is recorded. */
static void test_segment_stops(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\"");
	struct engine_run r;
	struct run_ctx c = { 0, 1, 1, 0, 0 };
	struct diag d;
	int seen[8] = { 0 }, closed = -1;

	(void)state;
	fake_start(s.len, 0, NULL);
	engine_open(&r, "stops", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__segment(&r.x, 0, &c, 1, 0, stop_at_2, seen, &closed, &d), 0);
	assert_int_equal(closed, 2);
	assert_true(fake.stopped);
	assert_int_equal(r.x.arc.run.nsteps, 2);
	round_is(&r, 0, 1, 0, 1);
	round_is(&r, 1, 2, 1, 2);
	engine_close(&r);
	free(plan);
}

/* fio failed before any report: one failed element says what fio said. */
static void test_segment_fio_failed(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\"");
	struct engine_run r;
	struct diag d;

	(void)state;
	fake_start(0, 1, "fio: pid=0, err=5/file:filesetup.c:100, func=open, "
		   "error=Input/output error\n");
	engine_open(&r, "failed", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__walk(&r.x, &d), -SB_EFIO);
	assert_int_equal(r.x.arc.run.nsteps, 1);
	assert_string_equal(r.x.arc.run.steps[0].status, "failed");
	assert_int_equal(r.x.arc.run.steps[0].round, 1);
	assert_string_equal(r.x.arc.run.steps[0].error, "fio exited with status 1; fio said: fio: "
			    "pid=0, err=5/file:filesetup.c:100, func=open, error=Input/output error");
	assert_string_equal(d.msg, "step 'm' failed: fio exited with status 1; fio said: fio: "
			    "pid=0, err=5/file:filesetup.c:100, func=open, error=Input/output error");
	assert_string_equal(result_run_scope(&r.x.arc.run, "mix")->verdict, "failed");
	engine_close(&r);
	free(plan);
}

/*
 * fio dies mid-scope (SIGSEGV, 128 + 11) after its third report: rounds 1 and 2 are
 * kept as they closed; the third, cut by the death, is the failed element that says
 * so (a resume runs it again: run__resume_trim); every byte fio reported is counted.
 */
static void test_segment_fio_dies(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\"");
	struct engine_run r;
	struct diag d;

	(void)state;
	fake_start(s.end[2], 139, NULL);
	engine_open(&r, "dies", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__walk(&r.x, &d), -SB_EFIO);
	assert_int_equal(r.x.arc.run.nsteps, 3);
	round_is(&r, 0, 1, 0, 1);
	round_is(&r, 1, 2, 1, 2);
	assert_string_equal(r.x.arc.run.steps[2].status, "failed");
	assert_int_equal(r.x.arc.run.steps[2].round, 3);
	assert_string_equal(r.x.arc.run.steps[2].error, "fio exited with status 139");
	assert_string_equal(d.msg, "step 'm' failed: fio exited with status 139");
	assert_int_equal(r.x.walk.written, s.bytes[2][1]);
	assert_string_equal(result_run_scope(&r.x.arc.run, "mix")->verdict, "failed");
	engine_close(&r);
	free(plan);
}

/* fio said it succeeded but reported nothing: a run that measured nothing fails. */
static void test_segment_no_report(void **state)
{
	char *plan = cont_plan("until=\"max\" max=\"4\"");
	struct engine_run r;
	struct diag d;

	(void)state;
	fake_start(0, 0, NULL);
	engine_open(&r, "silent", plan, &stream_fio);
	diag_clear(&d);
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	assert_int_equal(run__walk(&r.x, &d), -SB_EFIO);
	assert_int_equal(r.x.arc.run.nsteps, 1);
	assert_string_equal(r.x.arc.run.steps[0].status, "failed");
	assert_string_equal(r.x.arc.run.steps[0].error,
			    "fio ran, but its status reports hold no I/O");
	assert_int_equal(r.x.walk.written, 0);
	engine_close(&r);
	free(plan);
}

/* ---- which scopes run as one fio process, and the shape of a segment ---------- */

/* Whether the first scope of plan text, where c says (its scope set to 0), is
 * continuous: NULL, else why not. */
static const char *why_not(struct engine_run *r, const char *plan, uint64_t on_ms)
{
	struct run_ctx c = { 0, 1, 1, on_ms, 0 };

	engine_open(r, "why", plan, &stream_fio);
	return run__discontinuous(&r->x, 0, &c);
}

static void test_discontinuous(void **state)
{
	static const struct {
		const char *attrs, *why;
	} cases[] = {
		{ "until=\"max\" max=\"4\"", NULL },
		{ "until=\"time\" time=\"10s\"", NULL },
		{ "until=\"max\" max=\"4\" continuous=\"0\"", "continuous=\"0\"" },
		{ "until=\"written\" written=\"1x\"",
		  "until=\"written\" with reads in the mix (fio's io_size counts both)" },
	};
	struct engine_run r;
	char *plan;
	const char *why;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		plan = cont_plan(cases[i].attrs);
		why = why_not(&r, plan, 0);
		if (cases[i].why)
			assert_string_equal(why, cases[i].why);
		else
			assert_null(why);
		engine_close(&r);
		free(plan);
	}
	why_not(&r, "<plan name=\"ss\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"  <rounds name=\"mix\" until=\"steady\" max=\"9\">\n"
		"    <track element=\"m\" metric=\"iops\"/>\n"
		"    <workload name=\"m\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </rounds>\n"
		"</plan>\n", 0);
	assert_string_equal(run__discontinuous(&r.x, 0, &(struct run_ctx){ 0, 1, 1, 0, 0 }),
			    "the steady-state test runs between rounds");
	engine_close(&r);
	plan = cont_plan("until=\"max\" max=\"4\"");
	assert_string_equal(why_not(&r, plan, 5000), "it runs inside a duty cycle");
	engine_close(&r);
	free(plan);
	why_not(&r, "<plan name=\"two\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"  <rounds name=\"mix\" until=\"max\" max=\"4\">\n"
		"    <workload name=\"a\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"    <workload name=\"b\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </rounds>\n"
		"</plan>\n", 0);
	assert_string_equal(run__discontinuous(&r.x, 0, &(struct run_ctx){ 0, 1, 1, 0, 0 }),
			    "its rounds are not one workload");
	engine_close(&r);
	why_not(&r, "<plan name=\"telemetry\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"  <rounds name=\"mix\" until=\"max\" max=\"4\">\n"
		"    <workload name=\"a\" rw=\"randread\" bs=\"4k\" runtime=\"2s\" "
		"telemetry=\"1s\"/>\n"
		"  </rounds>\n"
		"</plan>\n", 0);
	assert_string_equal(run__discontinuous(&r.x, 0, &(struct run_ctx){ 0, 1, 1, 0, 0 }),
			    "its workload samples telemetry (per fio run, not yet per round)");
	engine_close(&r);
	plan = cont_plan("until=\"max\" max=\"4\"");
	why_not(&r, plan, 0);
	r.x.dev.tgt.host = &(struct plan_host){ 0 };   /* a bench's target */
	assert_string_equal(run__discontinuous(&r.x, 0, &(struct run_ctx){ 0, 1, 1, 0, 0 }),
			    "its target is on a bench (fio --client sends no status reports here)");
	r.x.dev.tgt.host = NULL;
	engine_close(&r);
	free(plan);
}

/* The scope a dry run shows as one fio process: by its one step, continuous only. */
static void test_continuous_scope(void **state)
{
	struct engine_run r;

	(void)state;
	engine_open(&r, "scopes", "<plan name=\"scopes\">\n"
		    "  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		    "  <workload name=\"pre\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		    "  <rounds name=\"ss\" until=\"steady\" max=\"9\">\n"
		    "    <track element=\"s\" metric=\"iops\"/>\n"
		    "    <workload name=\"s\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		    "  </rounds>\n"
		    "  <rounds name=\"cont\" until=\"max\" max=\"3\">\n"
		    "    <workload name=\"c\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		    "  </rounds>\n"
		    "  <rounds name=\"each\" until=\"max\" max=\"3\" continuous=\"0\">\n"
		    "    <workload name=\"d\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		    "  </rounds>\n"
		    "</plan>\n", &stream_fio);
	assert_int_equal(run__continuous_scope(&r.x, 0), -1);   /* in no scope */
	assert_int_equal(run__continuous_scope(&r.x, 1), -1);   /* steady state */
	assert_int_equal(run__continuous_scope(&r.x, 2), 1);    /* "cont" */
	assert_string_equal(r.x.plan.scopes[1].name, "cont");
	assert_int_equal(run__continuous_scope(&r.x, 3), -1);   /* continuous="0" */
	engine_close(&r);
}

/*
 * The rounds a segment from round r plans, at most max and the rounds `time`
 * holds (whole rounds, at least one); until="written", the bytes each job writes
 * for what is left, rounded up to whole blocks.
 */
static void test_segment_shape(void **state)
{
	const uint64_t cap = 64ULL << 20, goal = 10ULL << 20, bs = 4096, jobs = 3;
	struct engine_run r;
	uint64_t io_size, per;
	int planned;

	(void)state;
	engine_open(&r, "shape", "<plan name=\"shape\">\n"
		    "  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		    "  <rounds name=\"t\" until=\"time\" time=\"5s\" max=\"100\">\n"
		    "    <workload name=\"a\" rw=\"randread\" bs=\"4k\" runtime=\"2s\"/>\n"
		    "  </rounds>\n"
		    "  <rounds name=\"w\" until=\"written\" written=\"10MiB\" max=\"50\">\n"
		    "    <workload name=\"b\" rw=\"randwrite\" bs=\"4k\" numjobs=\"3\" "
		    "runtime=\"1s\"/>\n"
		    "  </rounds>\n"
		    "  <rounds name=\"h\" until=\"written\" written=\"0.5x\" max=\"50\">\n"
		    "    <workload name=\"c\" rw=\"write\" bs=\"4k\" runtime=\"1s\"/>\n"
		    "  </rounds>\n"
		    "</plan>\n", &stream_fio);
	/* 5 s of 2 s rounds: 3 rounds, fewer than max */
	run__segment_shape(&r.x, 0, 1, 0, cap, &planned, &io_size);
	assert_int_equal(planned, 3);
	assert_int_equal(io_size, 0);
	run__segment_shape(&r.x, 0, 2, 0, cap, &planned, &io_size);
	assert_int_equal(planned, 2);
	run__segment_shape(&r.x, 0, 7, 0, cap, &planned, &io_size);
	assert_int_equal(planned, 1);   /* a resume past the limit still runs one */
	/* 10 MiB, 1 MB written already, over 3 jobs of 4 KiB blocks */
	per = (goal - 1000000 + jobs - 1) / jobs;
	run__segment_shape(&r.x, 1, 1, 1000000, cap, &planned, &io_size);
	assert_int_equal(planned, 50);
	assert_int_equal(io_size, (per + bs - 1) / bs * bs);
	assert_int_equal(io_size % bs, 0);
	assert_true(io_size * jobs >= goal - 1000000 && io_size * jobs < goal - 1000000 + jobs * bs);
	run__segment_shape(&r.x, 1, 4, goal, cap, &planned, &io_size);
	assert_int_equal(planned, 47);
	assert_int_equal(io_size, bs);   /* reached: a block each */
	/* half the capacity, one job */
	run__segment_shape(&r.x, 2, 1, 0, cap, &planned, &io_size);
	assert_int_equal(io_size, cap / 2);
	engine_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_sample),
		cmocka_unit_test(test_segment_rounds),
		cmocka_unit_test(test_segment_from_round),
		cmocka_unit_test(test_segment_stops),
		cmocka_unit_test(test_segment_fio_failed),
		cmocka_unit_test(test_segment_fio_dies),
		cmocka_unit_test(test_segment_no_report),
		cmocka_unit_test(test_discontinuous),
		cmocka_unit_test(test_continuous_scope),
		cmocka_unit_test(test_segment_shape),
	};

	return cmocka_run_group_tests(tests, load_stream, free_stream);
}
