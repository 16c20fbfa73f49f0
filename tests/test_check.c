/* SPDX-License-Identifier: MIT */
/*
 * Tests of check, what `ssdbench check` prints for a plan: small plans written
 * here, their text output line by line and their JSON field by field, each value
 * worked out from the plan by hand (times added up, defaults from the plan
 * reference); the plans the run refuses refused here too, at their line, with
 * nothing printed; and nothing created or touched.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "check.h"
#include "err.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

/* Writes text as the scratch folder's name; returns its path (free() it). */
static char *put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", testutil_dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* The scratch folder's entries, sorted, one a line. */
static char *listing(void)
{
	struct dirent **e;
	struct sbuf sb;
	int n = scandir(testutil_dir, &e, NULL, alphasort);

	assert_true(n >= 0);
	sbuf_init(&sb);
	for (int i = 0; i < n; i++) {
		sbuf_addf(&sb, "%s\n", e[i]->d_name);
		free(e[i]);
	}
	free(e);
	return sbuf_detach(&sb);
}

/*
 * check_plan on plan text written as name, with o's other options; *text what it
 * printed (free() it). Asserts it created nothing beside the plan.
 */
static int check(const char *name, const char *plan, struct check_opts *o, char **text,
		 struct diag *d)
{
	char *path = put(name, plan), *before = listing(), *after, *out;
	FILE *f;
	int rc;

	out = xasprintf("%s.out", path);
	o->plan_path = path;
	f = fopen(out, "w");
	assert_non_null(f);
	diag_clear(d);
	rc = check_plan(o, f, d);
	assert_int_equal(fclose(f), 0);
	{
		struct sbuf sb;

		sbuf_init(&sb);
		assert_int_equal(sbuf_read_file(&sb, out), 0);
		*text = sbuf_detach(&sb);
	}
	remove(out);
	after = listing();
	assert_string_equal(after, before);   /* nothing made, nothing removed */
	free(after);
	free(before);
	free(out);
	free(path);
	return rc;
}

/* A file target, a purge, a workload, rounds of a writing workload, an idle. */
static const char plan_a[] =
	"<plan name=\"chk\" title=\"Check test\">\n"
	"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
	"  <purge name=\"p\" method=\"punch-holes\"/>\n"
	"  <workload name=\"rr\" rw=\"randread\" bs=\"4k\" iodepth=\"8\" runtime=\"2s\"/>\n"
	"  <rounds name=\"loop\" until=\"max\" max=\"3\">\n"
	"    <workload name=\"w\" rw=\"randwrite\" bs=\"8k\" iodepth=\"4\" numjobs=\"2\" "
	"runtime=\"1s\"/>\n"
	"  </rounds>\n"
	"  <idle name=\"rest\" duration=\"5s\"/>\n"
	"</plan>\n";

static void test_text(void **state)
{
	struct check_opts o;
	struct diag d;
	char *text, *want;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(check("a.xml", plan_a, &o, &text, &d), 0);
	want = xasprintf(
		"%s/a.xml: ok: plan 'chk' (Check test), 4 steps\n"
		"target 'dut': file t.bin, 64 MiB\n"
		"\n"
		/* "  %4zu %*s%-24s %-12s %s": index, two spaces a scope level, name, kind */
		"     1 p                        purge        method=punch-holes  [writes]\n"
		"     2 rr                       workload     rw=randread bs=4k iodepth=8 "
		"numjobs=1 runtime=2 time_based=1 ioengine=auto direct=1\n"
		"       <rounds> 'loop': until max, window 5, max 3 rounds, range 20%%, slope "
		"10%% — per round 1 s, in all 3 s\n"
		"     3   w                        workload     rw=randwrite bs=8k iodepth=4 "
		"numjobs=2 runtime=1 time_based=1 ioengine=auto direct=1  [writes]\n"
		"     4 rest                     idle         idle 5 s\n"
		"\n"
		/* 2 s + 3 x 1 s + 5 s; the purge's time is the drive's */
		"time: 10 s of measurement and idle, plus fills, purges and size-bound steps, "
		"whose time depends on the drive\n"
		"writes: time-based only; how much depends on the drive\n"
		"destroys data: 2 steps write to or erase their target: 'p', 'w'\n",
		testutil_dir);
	assert_string_equal(text, want);
	free(want);
	free(text);
}

/* A device not attached, its capacity assumed; a fill of 2x; steady-state rounds. */
static void test_text_fill(void **state)
{
	struct check_opts o;
	struct diag d;
	char *text, *want;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.assume_capacity = 1ULL << 30;
	assert_int_equal(check("b.xml",
			       "<plan name=\"pre\" title=\"Pre\">\n"
			       "  <target name=\"dut\" device=\"/dev/ssdbench-test-x\"/>\n"
			       "  <precondition name=\"fill\" pattern=\"rand\" amount=\"2x\"/>\n"
			       "  <rounds name=\"ss\" until=\"steady\" max=\"8\">\n"
			       "    <track element=\"r\" metric=\"iops\"/>\n"
			       "    <workload name=\"r\" rw=\"randread\" runtime=\"3s\"/>\n"
			       "  </rounds>\n"
			       "</plan>\n", &o, &text, &d), 0);
	want = xasprintf(
		"%s/b.xml: ok: plan 'pre' (Pre), 2 steps\n"
		"target 'dut': device /dev/ssdbench-test-x, 1 GiB (assumed)\n"
		"\n"
		/* a precondition's defaults: bs 128k, iodepth 32 */
		"     1 fill                     precondition rw=randwrite bs=128k iodepth=32 "
		"numjobs=1 io_size=2x capacity ioengine=auto direct=1  [writes]\n"
		/* steady: at least the window (5 rounds), at most max (8), of 3 s */
		"       <rounds> 'ss': until steady, window 5, max 8 rounds, range 20%%, slope "
		"10%%; tracking r total iops — per round 3 s, in all 15 s – 24 s\n"
		"     2   r                        workload     rw=randread bs=4k iodepth=1 "
		"numjobs=1 runtime=3 time_based=1 ioengine=auto direct=1\n"
		"\n"
		"time: 15 s – 24 s of measurement and idle, plus fills, purges and size-bound "
		"steps, whose time depends on the drive\n"
		"writes: 2x capacity\n"
		"destroys data: 1 step writes to or erases its target: 'fill'\n", testutil_dir);
	assert_string_equal(text, want);
	free(want);
	free(text);
}

/* --target replaces the plan's; a read-only plan destroys nothing. */
static void test_text_override(void **state)
{
	char *spec = xasprintf("dut=file:%s/other.bin,size=16MiB", testutil_dir);
	const char *targets[] = { spec };
	struct check_opts o;
	struct diag d;
	char *text, *want;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.targets = targets;
	o.ntargets = 1;
	assert_int_equal(check("c.xml",
			       "<plan name=\"ro\" title=\"Read only\">\n"
			       "  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
			       "  <workload name=\"r\" rw=\"read\" bs=\"1m\" runtime=\"1min\"/>\n"
			       "</plan>\n", &o, &text, &d), 0);
	want = xasprintf("target 'dut': file %s/other.bin, 16 MiB\n", testutil_dir);
	assert_non_null(strstr(text, want));
	free(want);
	assert_non_null(strstr(text, "\ntime: 1 min of measurement and idle\n"));
	assert_non_null(strstr(text, "\nwrites: nothing\n"));
	assert_non_null(strstr(text, "\ndestroys data: no step writes (read-only plan)\n"));
	assert_non_null(strstr(text, " rw=read bs=1m iodepth=1 numjobs=1 runtime=60 "));
	free(text);
	free(spec);
}

static json_t *get(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!v)
		fail_msg("no '%s'", key);
	return v;
}

static void test_json(void **state)
{
	static const struct {
		const char *name, *kind, *scope;
		int writes, line;
	} steps[] = {
		{ "p", "purge", NULL, 1, 3 },
		{ "rr", "workload", NULL, 0, 4 },
		{ "w", "workload", "loop", 1, 6 },
		{ "rest", "idle", NULL, 0, 8 },
	};
	struct check_opts o;
	struct diag d;
	char *text;
	json_t *j, *e;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.json = 1;
	assert_int_equal(check("a.xml", plan_a, &o, &text, &d), 0);
	j = json_loads(text, 0, NULL);
	assert_non_null(j);
	assert_true(json_is_true(get(j, "valid")));
	assert_string_equal(json_string_value(get(j, "name")), "chk");
	assert_string_equal(json_string_value(get(j, "title")), "Check test");
	assert_int_equal(json_integer_value(get(j, "capacity")), 64 << 20);
	assert_int_equal(json_array_size(get(j, "steps")), 4);
	for (size_t i = 0; i < 4; i++) {
		json_t *st = json_array_get(get(j, "steps"), i);

		assert_int_equal(json_integer_value(get(st, "index")), (json_int_t)i + 1);
		assert_string_equal(json_string_value(get(st, "name")), steps[i].name);
		assert_string_equal(json_string_value(get(st, "kind")), steps[i].kind);
		if (steps[i].scope)
			assert_string_equal(json_string_value(get(st, "scope")), steps[i].scope);
		else
			assert_true(json_is_null(get(st, "scope")));
		assert_string_equal(json_string_value(get(st, "target")), "dut");
		assert_int_equal(json_is_true(get(st, "writes")), steps[i].writes);
		assert_int_equal(json_integer_value(get(st, "line")), steps[i].line);
	}
	assert_string_equal(json_string_value(get(json_array_get(get(j, "steps"), 2),
						  "parameters")),
			    "rw=randwrite bs=8k iodepth=4 numjobs=2 runtime=1 time_based=1 "
			    "ioengine=auto direct=1");
	assert_int_equal(json_array_size(get(j, "scopes")), 1);
	e = get(json_array_get(get(j, "scopes"), 0), "estimate");
	assert_int_equal(json_integer_value(get(e, "min_ms")), 3000);
	assert_int_equal(json_integer_value(get(e, "max_ms")), 3000);
	assert_int_equal(json_integer_value(get(json_array_get(get(j, "scopes"), 0), "first")), 3);
	e = get(j, "estimate");
	assert_int_equal(json_integer_value(get(e, "min_ms")), 10000);
	assert_int_equal(json_integer_value(get(e, "max_ms")), 10000);
	assert_true(json_is_true(get(e, "time_depends_on_drive")));
	assert_true(json_is_true(get(e, "written_depends_on_drive")));
	assert_int_equal(json_array_size(get(j, "hosts")), 0);
	json_decref(j);
	free(text);
}

/* Refused as the run refuses it: the code, the message, the line; nothing printed. */
static void refused(const char *plan, int code, const char *msg, int line)
{
	struct check_opts o;
	struct diag d;
	char *text;

	memset(&o, 0, sizeof(o));
	assert_int_equal(check("bad.xml", plan, &o, &text, &d), code);
	assert_string_equal(text, "");
	if (strncmp(d.msg, msg, strlen(msg)))
		fail_msg("'%s' does not start with '%s'", d.msg, msg);
	assert_int_equal(d.line, line);
	assert_non_null(strstr(d.file, "/bad.xml"));
	free(text);
}

static void test_refused(void **state)
{
	(void)state;
	refused("<plan name=\"x\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"  <purge name=\"p\" method=\"discard\"/>\n"
		"</plan>\n", -SB_EUSAGE, "step 'p': cannot purge 't.bin' with 'discard': ", 3);
	refused("<plan name=\"x\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"64MiB\"/>\n"
		"  <workload name=\"w\" rw=\"randwrite\" runtime=\"1s\" iodepht=\"4\"/>\n"
		"</plan>\n", -SB_EPARSE, "unknown attribute 'iodepht'", 3);
	/* the plan's shape: what `run` refuses before it touches anything */
	refused("<plan name=\"x\">\n"
		"  <target name=\"a\" file=\"a.bin\" size=\"1MiB\"/>\n"
		"  <target name=\"b\" file=\"b.bin\" size=\"1MiB\"/>\n"
		"  <workload name=\"w\" target=\"a\" rw=\"randwrite\" runtime=\"1s\"/>\n"
		"</plan>\n", -SB_EUSAGE, "this version runs plans with one target; the plan has 2",
		3);
	refused("<plan name=\"x\">\n"
		"  <target name=\"a\" device=\"/dev/ssdbench-test-a\"/>\n"
		"  <target name=\"b\" device=\"/dev/ssdbench-test-b\"/>\n"
		"  <workload name=\"before\" target=\"a\" rw=\"randread\" runtime=\"1s\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", -SB_EUSAGE, "this version runs a <raid> only when it holds every step "
		"of the plan; 'md' holds 1 of 2", 5);
	refused("<plan name=\"x\">\n"
		"  <target name=\"a\" file=\"a.bin\" size=\"1MiB\"/>\n"
		"  <target name=\"b\" device=\"/dev/ssdbench-test-b\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", -SB_EUSAGE, "RAID member 'a' must be a block device, not a file", 2);
	refused("<plan name=\"x\">\n"
		"  <target name=\"a\" device=\"/dev/ssdbench-test-a\"/>\n"
		"  <op name=\"o1\" method=\"hpa\" percent=\"10%\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" runtime=\"1s\"/>\n"
		"  </op>\n"
		"  <op name=\"o2\" method=\"hpa\" percent=\"20%\">\n"
		"    <workload name=\"w2\" rw=\"randwrite\" runtime=\"1s\"/>\n"
		"  </op>\n"
		"</plan>\n", -SB_EUSAGE, "this version runs one <op> with method=\"hpa\" or "
		"\"namespace\" per plan; 'o2' is the second", 6);
}

/* A <raid> of every target holding every step is what the run takes: ok. */
static void test_raid_ok(void **state)
{
	struct check_opts o;
	struct diag d;
	char *text;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.assume_capacity = 16ULL << 20;
	assert_int_equal(check("raid.xml",
			       "<plan name=\"r\" title=\"R\">\n"
			       "  <target name=\"a\" device=\"/dev/ssdbench-test-a\"/>\n"
			       "  <target name=\"b\" device=\"/dev/ssdbench-test-b\"/>\n"
			       "  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
			       "    <workload name=\"w\" rw=\"randwrite\" runtime=\"1s\"/>\n"
			       "  </raid>\n"
			       "</plan>\n", &o, &text, &d), 0);
	assert_non_null(strstr(text, "\n       <raid> 'md': RAID 0 of a b, chunk 64 KiB — 1 s\n"));
	assert_non_null(strstr(text, "target 'a': device /dev/ssdbench-test-a, 16 MiB (assumed)\n"
			       "target 'b': device /dev/ssdbench-test-b, 16 MiB (assumed)\n"));
	free(text);
}

/* The estimate's words: hours and minutes, minutes and seconds, seconds. */
static void test_format_ms(void **state)
{
	static const struct {
		uint64_t ms;
		const char *text;
	} cases[] = {
		{ 0, "0 s" }, { 999, "0 s" }, { 5000, "5 s" }, { 60000, "1 min" },
		{ 70000, "1 min 10 s" }, { 3600000, "1 h" }, { 16800000, "4 h 40 min" },
		{ 3661000, "1 h 1 min" },
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		check_format_ms(cases[i].ms, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_text_fill),
		cmocka_unit_test(test_text_override),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_raid_ok),
		cmocka_unit_test(test_format_ms),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
