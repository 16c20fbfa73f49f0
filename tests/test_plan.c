/* SPDX-License-Identifier: MIT */
/* Tests for the plan loader: good plans, and bad ones with their exact locations. */
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
#include "plan.h"
#include "vocab.h"


/* Writes text to a fresh file and loads it; returns plan_load's code. */
static int load_text(struct plan *p, struct diag *d, const char *text,
		     const char *const *sets, size_t nsets)
{
	static int seq;
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/plan%d.xml", testutil_dir, ++seq);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	plan_init(p);
	diag_clear(d);
	return plan_load(p, path, sets, nsets, d);
}

/* Asserts that text fails at line:col with a message containing want. */
static void expect_error(const char *text, int line, int col, const char *want)
{
	struct plan p;
	struct diag d;
	int rc = load_text(&p, &d, text, NULL, 0);

	if (rc == 0 || d.line != line || d.col != col || !strstr(d.msg, want))
		fprintf(stderr, "got rc=%d %d:%d '%s'\n", rc, d.line, d.col, d.msg);
	assert_int_equal(rc, -SB_EPARSE);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	assert_non_null(strstr(d.msg, want));
	plan_release(&p);
}

/* offset (plus size) past the target's end: refused at the attribute once its size is known. */
static void test_ranges(void **state)
{
	static const char text[] =
		"<plan name=\"r\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>\n"
		"  <workload name=\"half\" rw=\"read\" bs=\"4k\" offset=\"50%\" runtime=\"1s\"/>\n"
		"  <workload name=\"tail\" rw=\"read\" bs=\"4k\" offset=\"12MiB\" size=\"4MiB\"\n"
		"            runtime=\"1s\"/>\n"
		"  <workload name=\"past\" rw=\"read\" bs=\"4k\"\n"
		"            offset=\"150%\" runtime=\"1s\"/>\n"
		"</plan>\n";
	struct plan p;
	struct diag d;
	uint64_t off, size;

	(void)state;
	assert_int_equal(load_text(&p, &d, text, NULL, 0), 0);
	plan_step_range(&p.steps[0], 16 << 20, &off, &size);
	assert_int_equal(off, 8 << 20);
	assert_int_equal(size, 0);      /* the rest of the target */
	plan_step_range(&p.steps[2], 16 << 20, &off, &size);
	assert_int_equal(off, 24 << 20);
	/* 150% of 16 MiB is past the end: at the value of offset, on the tag's 2nd line */
	assert_int_equal(plan_check_ranges(&p, 0, &d), -SB_EUSAGE);
	assert_int_equal(d.line, 7);
	assert_int_equal(d.col, 21);
	assert_string_equal(d.msg, "offset 24 MiB of step 'past' is not inside target 'dut' "
			    "(16 MiB): fio would grow a file target to reach it");
	/* 150% of any target is past it; 20 MiB fits a larger one (--target, a device) */
	diag_clear(&d);
	assert_int_equal(plan_check_ranges(&p, 64 << 20, &d), -SB_EUSAGE);
	p.steps[2].offset_amt.mult = 0;
	p.steps[2].offset_amt.bytes = 20 << 20;
	diag_clear(&d);
	assert_int_equal(plan_check_ranges(&p, 0, &d), -SB_EUSAGE);
	diag_clear(&d);
	assert_int_equal(plan_check_ranges(&p, 64 << 20, &d), 0);
	/* 12 MiB + 4 MiB fits 16 MiB exactly, not 15 MiB */
	p.steps[2].offset_amt.mult = 0;
	p.steps[2].offset_amt.bytes = 0;
	diag_clear(&d);
	assert_int_equal(plan_check_ranges(&p, 0, &d), 0);
	assert_int_equal(plan_check_ranges(&p, 15 << 20, &d), -SB_EUSAGE);
	assert_int_equal(d.line, 4);
	assert_int_equal(d.col, 51);
	assert_string_equal(d.msg, "step 'tail' reaches past the end of target 'dut' (15 MiB): "
			    "offset 12 MiB + size 4 MiB; fio would grow a file target to reach it");
	plan_release(&p);
}

static const char good[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<plan name=\"quick\" title=\"快速測試\">\n"
	"  <var name=\"rt\" value=\"5s\"/>\n"
	"  <target name=\"dut\" file=\"t.bin\" size=\"1GiB\"/>\n"
	"  <!-- a comment with <workload> inside -->\n"
	"  <workload name=\"seq\" rw=\"read\" bs=\"1MiB\" iodepth=\"8\" runtime=\"${rt}\"/>\n"
	"  <workload name=\"mix\" rw=\"randrw\" rwmixread=\"70\" bs=\"4k\"\n"
	"            numjobs=\"4\" runtime=\"1min\" size=\"512MiB\" direct=\"0\"/>\n"
	"</plan>\n";

static void test_good_plan(void **state)
{
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, &d, good, NULL, 0), 0);
	assert_string_equal(p.name, "quick");
	assert_string_equal(p.title, "快速測試");
	assert_int_equal(p.ntargets, 1);
	assert_string_equal(p.targets[0].path, "t.bin");
	assert_int_equal(p.targets[0].kind, PLAN_TARGET_FILE);
	assert_int_equal(p.targets[0].size, 1073741824ULL);
	assert_int_equal(p.nsteps, 2);
	assert_string_equal(p.steps[0].rw, "read");
	assert_int_equal(p.steps[0].bs, 1048576);
	assert_int_equal(p.steps[0].iodepth, 8);
	assert_int_equal(p.steps[0].numjobs, 1);
	assert_int_equal(p.steps[0].runtime_ms, 5000);
	assert_int_equal(p.steps[0].rwmixread, -1);
	assert_string_equal(p.steps[0].ioengine, "auto");
	assert_int_equal(p.steps[0].direct, 1);
	assert_int_equal(p.steps[1].rwmixread, 70);
	assert_int_equal(p.steps[1].numjobs, 4);
	assert_int_equal(p.steps[1].runtime_ms, 60000);
	assert_int_equal(p.steps[1].size, 512ULL << 20);
	assert_int_equal(p.steps[1].direct, 0);
	assert_int_equal(p.steps[1].bs, 4096);
	assert_int_equal(plan_runtime_ms(&p), 65000);
	assert_ptr_equal(plan_step_target(&p, &p.steps[0]), &p.targets[0]);
	assert_int_equal(plan_step_writes(&p.steps[0]), 0);
	assert_int_equal(plan_step_writes(&p.steps[1]), 1);
	plan_release(&p);
}

static void test_set_overrides_var(void **state)
{
	const char *sets[] = { "rt=1s" };
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, &d, good, sets, 1), 0);
	assert_int_equal(p.steps[0].runtime_ms, 1000);
	plan_release(&p);
}

static void test_set_unknown_var(void **state)
{
	const char *sets[] = { "rtt=1s" };
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, &d, good, sets, 1), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "no variable 'rtt'"));
	assert_non_null(strstr(d.msg, "did you mean 'rt'?"));
	plan_release(&p);
}

/* a --set value, like a <var>'s, may hold '$'; where it is used it is refused
 * (good's runtime="${rt}": line 6, column 65), with the value fio would expand. */
static void test_set_dollar_refused_where_used(void **state)
{
	const char *sets[] = { "rt=${HOME}" };
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, &d, good, sets, 1), -SB_EPARSE);
	assert_int_equal(d.line, 6);
	assert_int_equal(d.col, 65);
	assert_string_equal(d.msg, "attribute 'runtime' holds '$' once variables are "
			    "substituted ('${HOME}'): fio would replace ${...} with its "
			    "environment");
	plan_release(&p);
	/* A <var> holding '$' that nothing uses loads. */
	assert_int_equal(load_text(&p, &d, "<plan name=\"x\">\n  <var name=\"d\" value=\"$\"/>\n"
				   "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
				   "  <workload name=\"a\" rw=\"read\"/>\n</plan>\n", NULL, 0), 0);
	assert_string_equal(p.vars[1].value, "$");
	plan_release(&p);
}

/* the file-target rule, and device paths written out before they are checked. */
static void test_target_paths(void **state)
{
	static const char *const kept[] = { "t.bin", "sub/t.bin", "a..b", "./t.bin", "..x/t" };
	static const char *const not_kept[] = { "", "/t.bin", "..", "../t.bin", "sub/../t.bin",
						"sub/..", "a//../b" };
	static const char *const norm[][2] = {
		{ "/dev/../etc/passwd", "/etc/passwd" }, { "/dev/sdb", "/dev/sdb" },
		{ "/dev//./disk/../sdb/", "/dev/sdb" }, { "/../../dev/sdb", "/dev/sdb" },
		{ "/dev/..", "/" }, { "a/../../b", "../b" }, { "./a/.", "a" }, { "a/..", "." },
		{ "/", "/" }, { "/dev/..x/sdb", "/dev/..x/sdb" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
		assert_int_equal(plan_target_path_kept(kept[i]), 1);
	for (size_t i = 0; i < sizeof(not_kept) / sizeof(not_kept[0]); i++)
		assert_int_equal(plan_target_path_kept(not_kept[i]), 0);
	for (size_t i = 0; i < sizeof(norm) / sizeof(norm[0]); i++) {
		char *got = plan_normal_path(norm[i][0]);

		assert_string_equal(got, norm[i][1]);
		free(got);
	}
}

static void test_misspelled_attribute(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\" iodepht=\"4\"/>\n"
		     "</plan>\n",
		     3, 32, "unknown attribute 'iodepht' on <workload> (did you mean "
		     "'iodepth'?)");
}

static void test_attribute_on_continuation_line(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\"\n"
		     "            rw=\"read\"\n"
		     "            bs=\"4q\"/>\n"
		     "</plan>\n",
		     5, 17, "invalid size '4q' for bs");
}

static void test_column_counts_characters(void **state)
{
	(void)state;
	/* Two CJK characters (6 bytes) before the bad attribute count as 2 columns. */
	expect_error("<plan name=\"x\" title=\"測試\" bogus=\"1\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\"/>\n"
		     "</plan>\n",
		     1, 27, "unknown attribute 'bogus' on <plan>");
}

static void test_bad_enum_suggests(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"randred\"/>\n"
		     "</plan>\n",
		     3, 26, "invalid rw 'randred' (did you mean 'randread'?)");
}

static void test_unknown_element(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "    <workoad name=\"a\" rw=\"read\"/>\n"
		     "</plan>\n",
		     3, 5, "unknown element <workoad> in <plan> (did you mean <workload>?)");
}

static void test_missing_required(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\"/>\n"
		     "</plan>\n",
		     3, 3, "<workload> needs the attribute 'rw'");
}

static void test_undefined_variable(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\" runtime=\"x${nope}\"/>\n"
		     "</plan>\n",
		     3, 42, "undefined variable 'nope'");
}

static void test_out_of_range(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\" iodepth=\"0\"/>\n"
		     "</plan>\n",
		     3, 41, "invalid iodepth '0': out of range (1 to 65536)");
}

static void test_malformed_xml(void **state)
{
	(void)state;
	/* libxml2 reports the column where it noticed the mismatched end tag. */
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\">\n"
		     "</plan>\n",
		     3, 8, "opening and ending tag mismatch");
}

static void test_semantic_errors(void **state)
{
	(void)state;
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\"/>\n"
		     "  <workload name=\"a\" rw=\"read\"/>\n"
		     "</plan>\n",
		     2, 3, "file target 'dut' needs a 'size'");
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\" rwmixread=\"50\"/>\n"
		     "</plan>\n",
		     3, 32, "rwmixread applies only to mixed workloads");
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\"/>\n"
		     "  <workload name=\"a\" rw=\"write\"/>\n"
		     "</plan>\n",
		     4, 19, "step name 'a' is used twice");
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\" bs=\"1000\"/>\n"
		     "</plan>\n",
		     3, 36, "not a multiple of 512");
	expect_error("<plan name=\"x\">\n"
		     "  <target name=\"dut\" device=\"/home/disk\"/>\n"
		     "  <workload name=\"a\" rw=\"read\"/>\n"
		     "</plan>\n",
		     2, 30, "device '/home/disk' is not under /dev/");
}

static void test_doctype_refused(void **state)
{
	(void)state;
	expect_error("<!DOCTYPE plan [ <!ENTITY x \"y\"> ]>\n"
		     "<plan name=\"x\">\n"
		     "  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		     "  <workload name=\"a\" rw=\"read\"/>\n"
		     "</plan>\n",
		     1, 1, "a DOCTYPE or ENTITY declaration is not allowed");
}

static void test_shipped_quick_plan(void **state)
{
	struct plan p;
	struct diag d;

	(void)state;
	plan_init(&p);
	diag_clear(&d);
	assert_int_equal(plan_load(&p, SB_SOURCE_DIR "/testplans/quick.xml", NULL, 0, &d), 0);
	assert_string_equal(p.title, "快速測試");
	assert_int_equal(p.nsteps, 8);
	assert_int_equal(plan_runtime_ms(&p), 40000);
	plan_release(&p);
}

/* The kinds' rows: names as the elements', properties as the engine reads them. */
static void test_kinds(void **state)
{
	static const char *const steps[] = {
		"workload", "precondition", "purge", "idle", "probe",
		"replay",
	};
	static const char *const scopes[] = { "rounds", "duty-cycle", "op", "raid" };
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(STEP_N, 6);
	assert_int_equal(PLAN_SCOPE_KIND_COUNT, 4);
	for (int k = 0; k < STEP_N; k++)
		assert_string_equal(plan_kind_name((enum step_kind)k), steps[k]);
	for (int k = 0; k < PLAN_SCOPE_KIND_COUNT; k++)
		assert_string_equal(plan_scope_name((enum plan_scope_kind)k), scopes[k]);
	assert_string_equal(plan_kind_name((enum step_kind)STEP_N), "?");
	/* the plan's kinds are common/vocab's, which the results side reads */
	assert_int_equal(STEP_N, STEP_N);
	assert_int_equal(PLAN_SCOPE_KIND_COUNT, SCOPE_N);
	for (int k = 0; k < STEP_N; k++)
		assert_string_equal(plan_kind_name((enum step_kind)k), step_kind_names[k]);
	for (int k = 0; k < PLAN_SCOPE_KIND_COUNT; k++)
		assert_string_equal(plan_scope_name((enum plan_scope_kind)k), scope_kind_names[k]);
	assert_int_equal(step_kind_flags(STEP_WORKLOAD) | step_kind_flags(STEP_PRECONDITION) |
			 step_kind_flags(STEP_REPLAY), STEP_MEASURED);
	assert_int_equal(step_kind_flags(STEP_PURGE) | step_kind_flags(STEP_IDLE) |
			 step_kind_flags(STEP_PROBE) | step_kind_flags(-1) |
			 step_kind_flags(STEP_N), 0);
	assert_int_equal(plan_kind_info(STEP_WORKLOAD)->flags,
			 PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_MEASURE);
	assert_int_equal(plan_kind_info(STEP_PRECONDITION)->flags,
			 PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_FILL);
	assert_int_equal(plan_kind_info(STEP_PURGE)->flags, PLAN_KIND_TARGET | PLAN_KIND_ERASE);
	assert_int_equal(plan_kind_info(STEP_IDLE)->flags, 0);
	assert_int_equal(plan_kind_info(STEP_REPLAY)->flags,
			 PLAN_KIND_TARGET | PLAN_KIND_REPLAY);
	assert_int_equal(plan_kind_info(STEP_IDLE)->time, PLAN_TIME_DURATION);
	assert_int_equal(plan_scope_info(PLAN_RAID)->flags, PLAN_SCOPE_ARRAY);

	assert_int_equal(load_text(&p, &d,
		"<plan name=\"k\">\n"
		"  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"
		"  <purge name=\"pg\" method=\"none\"/>\n"
		"  <precondition name=\"fill\" amount=\"1x\"/>\n"
		"  <probe name=\"pr\"/>\n"
		"  <rounds name=\"r\" until=\"max\" max=\"2\">\n"
		"    <workload name=\"rd\" rw=\"randread\" runtime=\"3s\"/>\n"
		"    <idle name=\"rest\" duration=\"2s\"/>\n"
		"  </rounds>\n"
		"  <workload name=\"sz\" rw=\"write\" time_based=\"0\" size=\"1m\"/>\n"
		"</plan>\n", NULL, 0), 0);
	assert_int_equal(p.nsteps, 6);
	for (size_t i = 0; i < p.nsteps; i++) {
		const struct plan_workload *w = &p.steps[i];
		int open = -1;
		uint64_t ms = plan_step_time_ms(w, &open);

		switch (i) {
		case 0: assert_string_equal(plan_kind_name(w->kind), "purge"); break;
		case 1: assert_string_equal(plan_kind_name(w->kind), "precondition"); break;
		case 2: assert_string_equal(plan_kind_name(w->kind), "probe"); break;
		case 3: assert_string_equal(plan_kind_name(w->kind), "workload"); break;
		case 4: assert_string_equal(plan_kind_name(w->kind), "idle"); break;
		default: assert_string_equal(plan_kind_name(w->kind), "workload"); break;
		}
		/* purge none, a fill, a probe, a read, idle, a size-bound write */
		assert_int_equal(plan_step_writes(w), i == 1 || i == 5);
		assert_int_equal(ms, i == 3 ? 3000 : i == 4 ? 2000 : 0);
		assert_int_equal(open, i == 0 || i == 1 || i == 5);
	}
	assert_string_equal(plan_scope_name(p.scopes[0].kind), "rounds");
	assert_true(plan_scope_is(&p.scopes[0], PLAN_SCOPE_REPEAT));
	assert_false(plan_scope_is(&p.scopes[0], PLAN_SCOPE_ARRAY));
	assert_int_equal(plan_runtime_ms(&p), 5000);
	plan_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_plan),
		cmocka_unit_test(test_set_overrides_var),
		cmocka_unit_test(test_set_unknown_var),
		cmocka_unit_test(test_set_dollar_refused_where_used),
		cmocka_unit_test(test_target_paths),
		cmocka_unit_test(test_misspelled_attribute),
		cmocka_unit_test(test_attribute_on_continuation_line),
		cmocka_unit_test(test_column_counts_characters),
		cmocka_unit_test(test_bad_enum_suggests),
		cmocka_unit_test(test_unknown_element),
		cmocka_unit_test(test_missing_required),
		cmocka_unit_test(test_undefined_variable),
		cmocka_unit_test(test_out_of_range),
		cmocka_unit_test(test_malformed_xml),
		cmocka_unit_test(test_semantic_errors),
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_doctype_refused),
		cmocka_unit_test(test_shipped_quick_plan),
		cmocka_unit_test(test_kinds),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
