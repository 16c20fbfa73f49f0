/* SPDX-License-Identifier: MIT */
/*
 * Tests of the engine's walk with a fake fio (struct run_fio_ops): each fio run
 * writes a canned report whose read IOPS come from a series the test gives, so
 * that rounds, steady state, stop conditions and resume decisions are checked
 * against values the test computes itself (SNIA PTS: the window's range within
 * 20 % of its average, its least-squares slope within 10 %); and a walk that
 * measured nothing (every element skipped) fails.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "engine_fixture.h"
#include "err.h"
#include "sbuf.h"

/* The sample report the fake fio copies, its read IOPS replaced. */
#define SAMPLE SB_SOURCE_DIR "/samples/archive-quick/steps/001-randread-4k-q1/fio.json"
#define SAMPLE_IOPS "15953.015661"

/* What the fake fio runs: the IOPS of its n-th run, the exit status of one run. */
static struct {
	const double *iops;
	size_t n;
	size_t calls;
	size_t fail_call;       /* 1-based run that exits with status 1; 0: none */
	char dirs[16][256];     /* the step folders fio ran in, the first 16 */
} fake;

/* Writes the sample report with the series' next IOPS into the step folder. */
static int fake_exec(const struct fiorun_exec_opts *o, int *status, struct diag *d)
{
	struct sbuf in, out;
	char iops[32], *path;
	const char *at;
	FILE *f;

	(void)d;
	assert_true(fake.calls < fake.n);
	if (fake.calls < 16)
		snprintf(fake.dirs[fake.calls], sizeof(fake.dirs[0]), "%s", o->dir);
	snprintf(iops, sizeof(iops), "%.6f", fake.iops[fake.calls]);
	fake.calls++;
	*status = fake.calls == fake.fail_call;
	if (*status)
		return 0;   /* fio "failed": no report */
	sbuf_init(&in);
	sbuf_init(&out);
	assert_int_equal(sbuf_read_file(&in, SAMPLE), 0);
	at = strstr(in.buf, SAMPLE_IOPS);
	assert_non_null(at);
	sbuf_addf(&out, "%.*s%s%s", (int)(at - in.buf), in.buf, iops, at + strlen(SAMPLE_IOPS));
	path = xasprintf("%s/fio.json", o->dir);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(out.buf, 1, out.len, f), out.len);
	assert_int_equal(fclose(f), 0);
	free(path);
	sbuf_release(&in);
	sbuf_release(&out);
	return 0;
}

static const struct run_fio_ops fake_fio = {
	engine_fake_version, engine_fake_probe_engine, fiorun_write_jobfile, fake_exec,
	engine_fake_kill_leftovers, fiorun_error_text, fiorun_job_error, fiorun_nospace,
};

static void fake_start(const double *iops, size_t n, size_t fail_call)
{
	memset(&fake, 0, sizeof(fake));
	fake.iops = iops;
	fake.n = n;
	fake.fail_call = fail_call;
}

/* A new archive: the journal started, then the walk. Returns the walk's result. */
static int engine_walk(struct engine_run *r)
{
	struct diag d;

	diag_clear(&d);
	if (!r->x.arc.replay.start.plan)
		assert_int_equal(run__start_journal(&r->x, &d), 0);
	return run__walk(&r->x, &d);
}

/*
 * The round (1-based) at which SNIA PTS 2.0 calls series y steady with a window
 * of w rounds: the window's max - min within 20 % of its average, and its
 * least-squares line's rise across the window within 10 %; 0 before max rounds.
 */
static int expected_steady_round(const double *y, int n, int w, int max)
{
	for (int r = w; r <= n && r <= max; r++) {
		const double *v = y + r - w;
		double sum = 0, lo = v[0], hi = v[0], sxy = 0, sxx = 0, avg, slope;

		for (int i = 0; i < w; i++) {
			sum += v[i];
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
		avg = sum / w;
		for (int i = 0; i < w; i++) {
			sxy += (i - (w - 1) / 2.0) * (v[i] - avg);
			sxx += (i - (w - 1) / 2.0) * (i - (w - 1) / 2.0);
		}
		slope = sxy / sxx;
		if (hi - lo <= 0.20 * avg && fabs(slope) * (w - 1) <= 0.10 * avg)
			return r;
	}
	return 0;
}

/*
 * Walks a steady-state rounds scope of window 5 and at most max rounds over one
 * workload whose fio runs report iops[0..n), then asserts what the scope decided:
 * its verdict, its rounds (each an fio run and an element, its value the canned
 * IOPS) and the round it was steady at (0: none).
 */
static void walk_rounds(const char *name, const double *iops, size_t n, int max,
			const char *verdict, int rounds, int steady_round)
{
	char *plan = xasprintf("<plan name=\"eng\" title=\"engine\">\n"
			       "  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
			       "  <rounds name=\"ss\" until=\"steady\" window=\"5\" max=\"%d\" "
			       "range=\"20%%\" slope=\"10%%\">\n"
			       "    <track element=\"rr\" metric=\"iops\"/>\n"
			       "    <workload name=\"rr\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
			       "  </rounds>\n"
			       "</plan>\n", max);
	const struct result_scope *rs;
	struct engine_run r;

	fake_start(iops, n, 0);
	engine_open(&r, name, plan, &fake_fio);
	assert_int_equal(engine_walk(&r), 0);
	rs = result_run_scope(&r.x.arc.run, "ss");
	assert_non_null(rs);
	assert_string_equal(rs->verdict, verdict);
	assert_int_equal(rs->rounds, rounds);
	assert_int_equal(rs->steady_round, steady_round);
	assert_int_equal(fake.calls, (size_t)rounds);
	assert_int_equal(r.x.arc.run.nsteps, (size_t)rounds);
	assert_int_equal(r.x.arc.run.steps[rounds - 1].round, rounds);
	for (int i = 0; i < rounds; i++)
		assert_near(rs->tracks[0].values[i], iops[i], 1e-3);
	engine_close(&r);
	free(plan);
}

/* A ramp that levels off: steady at the first window inside the flat part. */
static void test_rounds_steady(void **state)
{
	static const double iops[] = { 30000, 22000, 17000, 15000, 14600, 14400, 14500,
				       14550, 14450, 14500, 14520, 14480 };
	int want = expected_steady_round(iops, 12, 5, 25);

	(void)state;
	assert_true(want >= 5 && want < 12);   /* the series is steady, not at once */
	walk_rounds("steady", iops, 12, 25, "steady", want, want);
}

/* Swings of 25 % between rounds: the range test never passes; max ends the scope. */
static void test_rounds_swing(void **state)
{
	static const double iops[] = { 10000, 12500, 10000, 12500, 10000, 12500, 10000, 12500 };

	(void)state;
	assert_int_equal(expected_steady_round(iops, 8, 5, 8), 0);
	walk_rounds("swing", iops, 8, 8, "not reached", 8, 0);
}

/* A steady climb of 3 % a round: within the 20 % range, beyond the 10 % slope. */
static void test_rounds_slope(void **state)
{
	static const double iops[] = { 10000, 10300, 10600, 10900, 11200, 11500, 11800, 12100 };

	(void)state;
	for (int k = 0; k + 5 <= 8; k++)   /* the range alone would pass */
		assert_true(iops[k + 4] - iops[k] <= 0.20 * (iops[k] + iops[k + 4]) / 2);
	assert_int_equal(expected_steady_round(iops, 8, 5, 8), 0);
	walk_rounds("slope", iops, 8, 8, "not reached", 8, 0);
}

/* A series that would be steady at round 8, in a scope of at most 6: max ends it. */
static void test_rounds_max(void **state)
{
	static const double iops[] = { 20000, 16000, 12000, 10000, 10000, 10000, 10000, 10000 };

	(void)state;
	assert_int_equal(expected_steady_round(iops, 8, 5, 8), 8);
	assert_int_equal(expected_steady_round(iops, 8, 5, 6), 0);
	walk_rounds("max", iops, 8, 6, "not reached", 6, 0);
}

#define STEPS_PLAN \
	"<plan name=\"eng\" title=\"engine\">\n" \
	"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n" \
	"  <workload name=\"a\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n" \
	"  <workload name=\"b\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n" \
	"  <workload name=\"c\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n" \
	"  <workload name=\"d\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n" \
	"</plan>\n"

/*
 * Resume: a run stopped by a failed element 3 of 4. Its journal holds 1 and 2 ok
 * and 3 failed; resuming forgets the failed 3 (and its folder), reads 1 and 2 back
 * from the archive without running fio, and runs 3 and 4.
 */
static void test_resume(void **state)
{
	static const double first[] = { 1000, 2000, 3000 }, second[] = { 3300, 4400 };
	struct engine_run r;
	struct diag d;
	char *dir3;
	struct stat sb;

	(void)state;
	fake_start(first, 3, 3);
	engine_open(&r, "resume", STEPS_PLAN, &fake_fio);
	assert_int_equal(engine_walk(&r), -SB_EFIO);
	assert_int_equal(fake.calls, 3);
	assert_string_equal(r.x.arc.run.steps[2].status, "failed");
	dir3 = xasprintf("%s/steps/003-c", r.x.arc.out);
	assert_int_equal(stat(dir3, &sb), 0);
	result_run_release(&r.x.arc.run);
	result_run_init(&r.x.arc.run);
	r.x.arc.run.started = run__iso_now();
	r.x.arc.run.status = xstrdup("running");
	r.x.walk.written = 0;

	diag_clear(&d);
	assert_int_equal(journal_read(r.x.arc.out, &r.x.arc.replay, &d), 0);
	assert_int_equal(r.x.arc.replay.nelems, 3);
	assert_int_equal(run__prepare_resume(&r.x, &d), 0);
	assert_int_equal(r.x.arc.replay.nelems, 2);           /* the failed one: run again */
	assert_int_not_equal(stat(dir3, &sb), 0);         /* ... in a clean folder */
	fake_start(second, 2, 0);
	assert_int_equal(engine_walk(&r), 0);
	assert_int_equal(fake.calls, 2);                  /* only c and d ran */
	assert_non_null(strstr(fake.dirs[0], "/steps/003-c"));
	assert_non_null(strstr(fake.dirs[1], "/steps/004-d"));
	assert_int_equal(r.x.arc.run.nsteps, 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(r.x.arc.run.steps[i].status, "ok");
	/* a and b read back from the first run's reports, c and d from the new ones */
	assert_near(r.x.arc.run.steps[0].dir_stat[RESULT_READ].iops, 1000, 1e-3);
	assert_near(r.x.arc.run.steps[1].dir_stat[RESULT_READ].iops, 2000, 1e-3);
	assert_near(r.x.arc.run.steps[2].dir_stat[RESULT_READ].iops, 3300, 1e-3);
	assert_near(r.x.arc.run.steps[3].dir_stat[RESULT_READ].iops, 4400, 1e-3);
	free(dir3);
	engine_close(&r);
}

/*
 * A <raid> this machine cannot run (no md): every element is recorded skipped with
 * the reason, fio never runs, and the run, having measured nothing, fails.
 */
static void test_all_skipped(void **state)
{
	static const char plan[] =
		"<plan name=\"eng\" title=\"engine\">\n"
		"  <host name=\"bench1\" address=\"192.0.2.1\"/>\n"
		"  <target name=\"a\" device=\"/dev/ssdbench-test-a\" host=\"bench1\"/>\n"
		"  <target name=\"b\" device=\"/dev/ssdbench-test-b\" host=\"bench1\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
		"    <idle name=\"rest\" duration=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n";
	const char *why = "md driver not available (no '/nonexistent/mdstat')";
	struct engine_run r;
	struct diag d;
	char *want;

	(void)state;
	fake_start(NULL, 0, 0);
	engine_open(&r, "skipped", plan, &fake_fio);
	diag_clear(&d);
	r.x.dev.raid = run_raid_new(&r.x.plan, 0, 1, &d);   /* a dry run's: nothing probed */
	assert_non_null(r.x.dev.raid);
	snprintf(r.x.dev.raid->why, sizeof(r.x.dev.raid->why), "%s", why);
	r.x.arc.run.target = xstrdup("RAID 0");
	assert_int_equal(run__start_journal(&r.x, &d), 0);
	diag_clear(&d);
	assert_int_equal(run__walk(&r.x, &d), -SB_EIO);
	want = xasprintf("the run measured nothing: its 2 elements were all skipped (RAID 'md' "
			 "skipped: %s)", why);
	assert_string_equal(d.msg, want);
	free(want);
	assert_int_equal(fake.calls, 0);
	assert_int_equal(r.x.arc.run.nsteps, 2);
	want = xasprintf("RAID 'md' skipped: %s", why);
	for (size_t i = 0; i < 2; i++) {
		assert_string_equal(r.x.arc.run.steps[i].status, "skipped");
		assert_string_equal(r.x.arc.run.steps[i].error, want);
	}
	free(want);
	want = xasprintf("RAID 0; SKIPPED: %s", why);
	assert_string_equal(r.x.arc.run.target, want);
	free(want);
	engine_close(&r);
}

/* ---- the walk's decisions, each called with the small parts it reads ---------- */

/*
 * run__track_round over five rounds of one element "rr" whose IOPS the test sets
 * in a bare results model, then run__round_verdict: steady at the round the
 * test's own formula gives, else "not reached" at max.
 */
static int decide_rounds(const double *iops, int n, int max)
{
	char rr[] = "rr", metric[] = "iops", dir[] = "total", until[] = "steady";
	struct plan_track track = { rr, metric, dir, 0 };
	struct plan_scope s;
	struct result_run run;
	struct result_scope *rs;
	const char *verdict = NULL;
	int r;

	memset(&s, 0, sizeof(s));
	s.kind = PLAN_ROUNDS;
	s.until = until;
	s.window = 5;
	s.max_rounds = max;
	s.range = 0.20;
	s.slope = 0.10;
	s.tracks = &track;
	s.ntracks = 1;
	result_run_init(&run);
	rs = result_run_add_scope(&run);
	result_scope_add_track(rs);
	for (r = 1; r <= n && !verdict; r++) {
		struct result_step *st = result_run_add_step(&run);
		size_t from = run.nsteps - 1;

		st->name = xstrdup("rr");
		st->status = xstrdup("ok");
		st->dir_stat[RESULT_READ].iops = iops[r - 1];
		verdict = run__round_verdict(&s, rs, r, run__track_round(&s, &run, rs, r, from),
					     0, 0);
	}
	assert_non_null(verdict);
	assert_near(rs->tracks[0].values[r - 2], iops[r - 2], 1e-9);
	if (!strcmp(verdict, "steady"))
		assert_int_equal(rs->steady_round, r - 1);
	else
		assert_string_equal(verdict, "not reached");
	r = !strcmp(verdict, "steady") ? r - 1 : 0;
	result_run_release(&run);
	return r;
}

static void test_decide_rounds(void **state)
{
	static const double level[] = { 30000, 22000, 17000, 15000, 14600, 14400, 14500, 14550,
					14450, 14500 };
	static const double swing[] = { 10000, 12500, 10000, 12500, 10000, 12500, 10000, 12500 };

	(void)state;
	assert_int_equal(decide_rounds(level, 10, 10), expected_steady_round(level, 10, 5, 10));
	assert_true(decide_rounds(level, 10, 10) > 0);
	assert_int_equal(decide_rounds(swing, 8, 8), 0);
}

/* Stop conditions besides steady state: an amount written, a time, max rounds. */
static void test_round_verdict(void **state)
{
	char written[] = "written", max[] = "max";
	struct plan_scope s;
	struct result_scope rs;

	(void)state;
	memset(&s, 0, sizeof(s));
	memset(&rs, 0, sizeof(rs));
	s.until = written;
	s.max_rounds = 10;
	rs.written_goal = 1000;
	assert_null(run__round_verdict(&s, &rs, 3, 0, 999, 0));
	assert_string_equal(run__round_verdict(&s, &rs, 3, 0, 1000, 0), "written");
	assert_string_equal(run__round_verdict(&s, &rs, 10, 0, 999, 0), "max");
	s.until = max;
	s.time_ms = 60000;
	assert_null(run__round_verdict(&s, &rs, 2, 1, 0, 59.9));
	assert_string_equal(run__round_verdict(&s, &rs, 2, 1, 0, 60.0), "time");
	assert_int_equal(rs.steady_round, 0);   /* steady counts only for until="steady" */
}

/* Whether a failure ends the walk; which elements a resume reads back. */
static void test_stops_and_replays(void **state)
{
	char cont[] = "continue";
	struct plan p;
	struct run_walk w;
	struct run_arc a;
	struct journal_elem e[2];

	(void)state;
	memset(&p, 0, sizeof(p));
	memset(&w, 0, sizeof(w));
	assert_true(run__stops(&p, &w));          /* the default policy: stop */
	p.failure = cont;
	assert_false(run__stops(&p, &w));
	w.fatal = 1;                              /* the archive or the device failed */
	assert_true(run__stops(&p, &w));
	memset(&a, 0, sizeof(a));
	memset(e, 0, sizeof(e));
	a.replay.elems = e;
	a.replay.nelems = 2;
	assert_true(run__replays(&a, 1));
	assert_true(run__replays(&a, 2));
	assert_false(run__replays(&a, 3));
}

/* A journal ending in failed elements keeps its elements up to the last "ok" one. */
static void test_resume_trim(void **state)
{
	static const char *const status[] = { "ok", "failed", "ok", "failed", "skipped" };
	struct journal j;

	(void)state;
	journal_init(&j);
	j.elems = xcalloc(5, sizeof(*j.elems));
	j.cap = 5;
	for (size_t i = 0; i < 5; i++) {
		j.elems[i].index = (int)i + 1;
		j.elems[i].name = xasprintf("e%zu", i + 1);
		j.elems[i].status = xstrdup(status[i]);
	}
	j.nelems = 5;
	run__resume_trim(&j);
	assert_int_equal(j.nelems, 3);   /* e2 failed but e3 after it finished: kept */
	assert_string_equal(j.elems[2].name, "e3");
	journal_release(&j);
}

/*
 * DIRTH's points: among the sweep cells of the scope's last round that finished ok,
 * Max the one of most IOPS (read + write), Mid the one nearest halfway between the
 * most and the fewest. Round 1's cells, a failed cell, a cell of another scope and a
 * pre-write without a cell are there to be passed over.
 */
static void test_point(void **state)
{
	static const struct { const char *scope, *cell, *status; int round, tc, qd;
			      double r, w; } e[] = {
		{ "dv", "tc=8 qd=8", "ok", 1, 8, 8, 9000, 9000 },       /* an earlier round */
		{ "dv", NULL, "ok", 2, 32, 32, 0, 20000 },              /* the pre-write */
		{ "dv", "tc=4 qd=4", "ok", 2, 4, 4, 6000, 3000 },       /* 9000 */
		{ "dv", "tc=2 qd=8", "ok", 2, 2, 8, 3000, 2000 },       /* 5000: nearest 6000 */
		{ "dv", "tc=1 qd=1", "ok", 2, 1, 1, 2000, 1000 },       /* 3000, the fewest */
		{ "dv", "tc=8 qd=4", "failed", 2, 8, 4, 50000, 0 },
		{ "pc", "tc=6 qd=6", "ok", 1, 6, 6, 90000, 0 },
		{ "dv", "tc=2 qd=2", "ok", 2, 2, 2, 3500, 3500 },       /* 7000 */
	};
	char h[] = "h", dv[] = "dv", max[] = "max-iops", mid[] = "mid-iops";
	struct orch x;
	struct plan_workload w = { 0 };
	const struct result_step *at;
	struct diag d;

	(void)state;
	memset(&x, 0, sizeof(x));
	result_run_init(&x.arc.run);
	w.name = h;
	w.point_from = dv;
	w.point = max;
	diag_clear(&d);
	assert_int_equal(run__point(&x, &w, &at, &d), -SB_EFIO);   /* nothing ran yet */
	assert_null(at);
	assert_non_null(strstr(d.msg, "no cell of <rounds> 'dv' that finished"));
	for (size_t i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		struct result_step *st = result_run_add_step(&x.arc.run);

		st->scope = xstrdup(e[i].scope);
		st->cell = e[i].cell ? xstrdup(e[i].cell) : NULL;
		st->status = xstrdup(e[i].status);
		st->round = e[i].round;
		st->numjobs = e[i].tc;
		st->iodepth = e[i].qd;
		st->dir_stat[RESULT_READ].iops = e[i].r;
		st->dir_stat[RESULT_WRITE].iops = e[i].w;
	}
	assert_int_equal(run__point(&x, &w, &at, &d), 0);
	assert_int_equal(at->numjobs, 4);
	assert_int_equal(at->iodepth, 4);
	w.point = mid;   /* (9000 + 3000) / 2 = 6000: 5000 and 7000 tie */
	assert_int_equal(run__point(&x, &w, &at, &d), 0);
	assert_int_equal(at->numjobs, 2);   /* the first of them in run order */
	assert_int_equal(at->iodepth, 8);
	result_run_release(&x.arc.run);
}

/* Every step kind has its row: an executor, a dry-run description, a progress word. */
static void test_kinds(void **state)
{
	(void)state;
	for (int k = 0; k < RUN_NKINDS; k++) {
		assert_non_null(run__kinds[k].exec);
		assert_non_null(run__kinds[k].describe);
		assert_non_null(run__kinds[k].done);
	}
	assert_true(run__kinds[STEP_WORKLOAD].flags & RUN_KIND_FIO);
	assert_true(run__kinds[STEP_PRECONDITION].flags & RUN_KIND_FILL);
	assert_false(run__kinds[STEP_IDLE].flags & (RUN_KIND_FIO | RUN_KIND_DEVICE));
	assert_true(run__kinds[STEP_PURGE].flags & RUN_KIND_PURGES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_point),
		cmocka_unit_test(test_rounds_steady),
		cmocka_unit_test(test_rounds_swing),
		cmocka_unit_test(test_rounds_slope),
		cmocka_unit_test(test_rounds_max),
		cmocka_unit_test(test_resume),
		cmocka_unit_test(test_all_skipped),
		cmocka_unit_test(test_decide_rounds),
		cmocka_unit_test(test_round_verdict),
		cmocka_unit_test(test_stops_and_replays),
		cmocka_unit_test(test_resume_trim),
		cmocka_unit_test(test_kinds),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
