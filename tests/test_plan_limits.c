/* SPDX-License-Identifier: MIT */
/*
 * Tests for what a hostile plan can make the loader spend: includes only of regular
 * files, and every PLAN_MAX_* limit an error at its exact FILE:LINE:COL.
 */
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

#include "err.h"
#include "plan.h"
#include "plan_int.h"
#include "sbuf.h"

#define HEAD "<plan name=\"x\">\n  <target name=\"dut\" file=\"t\" size=\"1g\"/>\n"

/* Writes text to name in the scratch folder; returns the path (static). */
static const char *put(const char *name, const char *text, size_t len)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", testutil_dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* Loads the plan text (saved as name) and returns plan_load's code. */
static int load(const char *name, const struct sbuf *text, struct plan *p, struct diag *d)
{
	char path[512];

	snprintf(path, sizeof(path), "%s", put(name, text->buf, text->len));
	plan_init(p);
	diag_clear(d);
	return plan_load(p, path, NULL, 0, d);
}

/* Asserts the plan text fails in the plan itself at line:col with a message holding
 * want (and want2 when not NULL). */
static void expect_error(const char *name, const struct sbuf *text, int line, int col,
			 const char *want, const char *want2)
{
	struct plan p;
	struct diag d;
	int rc = load(name, text, &p, &d);

	if (rc != -SB_EPARSE || d.line != line || d.col != col || !strstr(d.msg, want))
		fprintf(stderr, "got rc=%d %s:%d:%d '%s'\n", rc, d.file, d.line, d.col, d.msg);
	assert_int_equal(rc, -SB_EPARSE);
	assert_non_null(strstr(d.file, name));
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	assert_non_null(strstr(d.msg, want));
	if (want2)
		assert_non_null(strstr(d.msg, want2));
	plan_release(&p);
}

/* Appends the values 1 to n, separated by spaces. */
static void add_values(struct sbuf *sb, int n)
{
	for (int i = 1; i <= n; i++)
		sbuf_addf(sb, "%s%d", i > 1 ? " " : "", i);
}

/* Opens nested sweeps over a, b, ..., each of values 1 to n, one line each. */
static void open_sweeps(struct sbuf *sb, int nsweeps, int n)
{
	for (int s = 0; s < nsweeps; s++) {
		sbuf_addf(sb, "<sweep var=\"%c\" values=\"", 'a' + s);
		add_values(sb, n);
		sbuf_adds(sb, "\">\n");
	}
}

/* A plan whose third line includes href. */
static void include_plan(struct sbuf *sb, const char *href)
{
	sbuf_init(sb);
	sbuf_addf(sb, HEAD "  <include href=\"%s\"/>\n"
		  "  <workload name=\"a\" rw=\"read\"/>\n</plan>\n", href);
}

static void test_include_fifo(void **state)
{
	char fifo[512];
	struct sbuf sb;

	(void)state;
	snprintf(fifo, sizeof(fifo), "%s/pipe.frag", testutil_dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	/* Nobody writes the FIFO: opening it to read would block forever. */
	include_plan(&sb, "pipe.frag");
	expect_error("fifo.xml", &sb, 3, 18, "pipe.frag' is a FIFO, not a regular file",
		     "included file '");
	sbuf_release(&sb);
}

static void test_include_directory(void **state)
{
	char dir[512];
	struct sbuf sb;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/folder.frag", testutil_dir);
	assert_int_equal(mkdir(dir, 0700), 0);
	include_plan(&sb, "folder.frag");
	expect_error("dir.xml", &sb, 3, 18, "folder.frag' is a directory, not a regular file",
		     NULL);
	sbuf_release(&sb);
}

static void test_include_device(void **state)
{
	struct sbuf sb;

	(void)state;
	include_plan(&sb, "/dev/zero");
	expect_error("dev.xml", &sb, 3, 18, "included file '/dev/zero' is a device, not a "
		     "regular file", NULL);
	sbuf_release(&sb);
}

/* A symlink to a regular fragment, as plan folders often hold, is followed. */
static void test_include_symlink(void **state)
{
	static const char frag[] = "<fragment>\n  <workload name=\"b\" rw=\"read\"/>\n"
				   "</fragment>\n";
	char from[512], to[512];
	struct plan p;
	struct diag d;
	struct sbuf sb;

	(void)state;
	snprintf(to, sizeof(to), "%s", put("real.frag", frag, sizeof(frag) - 1));
	snprintf(from, sizeof(from), "%s/link.frag", testutil_dir);
	assert_int_equal(symlink(to, from), 0);
	include_plan(&sb, "link.frag");
	assert_int_equal(load("link.xml", &sb, &p, &d), 0);
	assert_int_equal(p.nsteps, 2);
	assert_string_equal(p.steps[0].name, "b");
	plan_release(&p);
	sbuf_release(&sb);
}

/* A fragment of len bytes: one comment. */
static void big_fragment(const char *name, size_t len)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_adds(&sb, "<fragment><!--");
	while (sb.len < len - 14)
		sbuf_addc(&sb, 'x');
	sbuf_adds(&sb, "--></fragment>\n");
	assert_int_equal(sb.len, len + 1);
	put(name, sb.buf, sb.len);
	sbuf_release(&sb);
}

static void test_include_too_large(void **state)
{
	struct sbuf sb;

	(void)state;
	big_fragment("huge.frag", PLAN_MAX_FILE_BYTES);
	include_plan(&sb, "huge.frag");
	expect_error("huge.xml", &sb, 3, 18, "huge.frag' is larger than 4 MiB, the limit "
		     "for one plan file", NULL);
	sbuf_release(&sb);
}

/* Six includes of a 3 MiB file are 18 MiB read: the sixth passes 16 MiB. */
static void test_include_total_bytes(void **state)
{
	struct sbuf sb;

	(void)state;
	big_fragment("three.frag", 3u << 20);
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD "  <workload name=\"a\" rw=\"read\"/>\n");
	for (int i = 0; i < 6; i++)
		sbuf_adds(&sb, "  <include href=\"three.frag\"/>\n");
	sbuf_adds(&sb, "</plan>\n");
	expect_error("total.xml", &sb, 9, 18, "the plan and its includes add up to more "
		     "than 16 MiB", NULL);
	sbuf_release(&sb);
}

/* A sweep of 1001 values over an include loads it 1001 times: the last is refused. */
static void test_include_count(void **state)
{
	static const char frag[] = "<fragment>\n  <workload name=\"w${i}\" rw=\"read\"/>\n"
				   "</fragment>\n";
	struct sbuf sb;

	(void)state;
	put("one.frag", frag, sizeof(frag) - 1);
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD "  <sweep var=\"i\" values=\"");
	add_values(&sb, PLAN_MAX_INCLUDES + 1);
	sbuf_adds(&sb, "\">\n    <include href=\"one.frag\"/>\n  </sweep>\n</plan>\n");
	expect_error("count.xml", &sb, 4, 20, "the plan loads more than 1000 includes", NULL);
	sbuf_release(&sb);
}

/* 40 <var>s, each twice the one before: the first past 64 KiB is refused. */
static void test_var_doubling(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD "<var name=\"v0\" value=\"0123456789abcdef\"/>\n");
	for (int i = 1; i <= 40; i++)
		sbuf_addf(&sb, "<var name=\"v%d\" value=\"${v%d}${v%d}\"/>\n", i, i - 1, i - 1);
	sbuf_adds(&sb, "<workload name=\"a\" rw=\"read\"/>\n</plan>\n");
	/* v12 is 16 << 12 = 64 KiB, still allowed; v13 is on line 3 + 13. */
	expect_error("double.xml", &sb, 16, 24, "attribute 'value' is longer than 64 KiB "
		     "(once variables are substituted)", NULL);
	sbuf_release(&sb);
}

/* A 60 KiB value used by 300 <var>s: the values pass 16 MiB at the 273rd. */
static void test_values_total(void **state)
{
	const size_t len = 60u << 10;
	struct sbuf sb;
	int want;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD "<var name=\"v0\" value=\"");
	for (size_t i = 0; i < len; i++)
		sbuf_addc(&sb, 'x');
	sbuf_adds(&sb, "\"/>\n");
	for (int i = 1; i <= 300; i++)
		sbuf_addf(&sb, "<var name=\"a%d\" value=\"${v0}\"/>\n", i);
	sbuf_adds(&sb, "<workload name=\"a\" rw=\"read\"/>\n</plan>\n");
	/* v0 and a1..aN hold (N + 1) * 60 KiB; names and the target add under 4 KiB. */
	want = (int)(PLAN_MAX_VALUES_BYTES / len);
	assert_int_equal(want, 273);
	expect_error("values.xml", &sb, 3 + want, 25, "the plan's attribute values add up "
		     "to more than 16 MiB", NULL);
	sbuf_release(&sb);
}

/* Sweeps of sweeps of scopes: refused at the element past the limit, quickly. */
static void test_elements_total(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD);
	open_sweeps(&sb, 3, 1000);
	sbuf_adds(&sb, "  <op name=\"o${a}-${b}-${c}\" percent=\"10%\"/>\n"
		  "</sweep>\n</sweep>\n</sweep>\n</plan>\n");
	expect_error("elems.xml", &sb, 6, 3, "the plan loads more than 500000 elements",
		     NULL);
	sbuf_release(&sb);
}

/* 1000 x 1000 steps: refused at the first step past the limit. */
static void test_steps_total(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD);
	open_sweeps(&sb, 2, 1000);
	sbuf_adds(&sb, "  <workload name=\"w${a}-${b}\" rw=\"read\"/>\n"
		  "</sweep>\n</sweep>\n</plan>\n");
	expect_error("steps.xml", &sb, 5, 3, "the plan expands to more than 100000 steps",
		     NULL);
	sbuf_release(&sb);
}

/* 1001 targets: the last is refused. */
static void test_targets_total(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, "<plan name=\"x\">\n");
	for (int i = 1; i <= PLAN_MAX_TARGETS + 1; i++)
		sbuf_addf(&sb, "  <target name=\"t%d\" file=\"t\" size=\"1g\"/>\n", i);
	sbuf_adds(&sb, "  <workload name=\"a\" rw=\"read\" target=\"t1\"/>\n</plan>\n");
	expect_error("targets.xml", &sb, 1002, 3, "the plan has more than 1000 <target>s",
		     NULL);
	sbuf_release(&sb);
}

/* Names are checked sorted, yet the first repeat in the plan's order is the one named. */
static void test_first_repeat_named(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	sbuf_adds(&sb, HEAD "  <workload name=\"b\" rw=\"read\"/>\n"
		  "  <workload name=\"a\" rw=\"read\"/>\n"
		  "  <workload name=\"b\" rw=\"read\"/>\n"
		  "  <workload name=\"a\" rw=\"read\"/>\n</plan>\n");
	expect_error("repeat.xml", &sb, 5, 19, "step name 'b' is used twice", NULL);
	sbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_include_fifo),
		cmocka_unit_test(test_include_directory),
		cmocka_unit_test(test_include_device),
		cmocka_unit_test(test_include_symlink),
		cmocka_unit_test(test_include_too_large),
		cmocka_unit_test(test_include_total_bytes),
		cmocka_unit_test(test_include_count),
		cmocka_unit_test(test_var_doubling),
		cmocka_unit_test(test_values_total),
		cmocka_unit_test(test_elements_total),
		cmocka_unit_test(test_steps_total),
		cmocka_unit_test(test_targets_total),
		cmocka_unit_test(test_first_repeat_named),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
