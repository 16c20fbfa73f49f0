/* SPDX-License-Identifier: MIT */
/*
 * fio's ETA line read into numbers (fiorun_eta), the plan's time left
 * learnt from the write rate (run_progress), text cut to a terminal's cells
 * (utf8_fit) and columns aligned by display width (utf8_print_columns, `ls`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "clock.h"
#include "run_int.h"
#include "utf8.h"
#include "xalloc.h"

static void test_eta_read_write(void **state)
{
	static const char line[] = "Jobs: 4 (f=4): [m(4)][50.0%][r=1201MiB/s,w=2.5GiB/s]"
				   "[r=307k,w=1.2M IOPS][eta 01h:02m:03s]";
	struct fiorun_eta e;

	(void)state;
	assert_int_equal(fiorun_eta_parse(line, strlen(line), &e), 0);
	assert_float_equal(e.pct, 50.0, 1e-9);
	assert_float_equal(e.bw[0], 1201.0 * 1048576, 1);
	assert_float_equal(e.bw[1], 2.5 * 1073741824, 1);
	assert_float_equal(e.iops[0], 307000, 1e-6);
	assert_float_equal(e.iops[1], 1.2e6, 1e-6);
	assert_float_equal(e.eta_s, 3723, 1e-9);
}

static void test_eta_one_direction(void **state)
{
	static const char line[] = "Jobs: 1 (f=1): [W(1)][12.5%][w=512KiB/s][w=128 IOPS][eta 00m:05s]";
	static const char dec[] = "Jobs: 1 (f=1): [R(1)][1.0%][r=250MB/s][r=61.0k IOPS][eta 1d:00h:00m:01s]";
	struct fiorun_eta e;

	(void)state;
	assert_int_equal(fiorun_eta_parse(line, strlen(line), &e), 0);
	assert_true(e.bw[0] < 0 && e.iops[0] < 0);
	assert_float_equal(e.bw[1], 512.0 * 1024, 1e-6);
	assert_float_equal(e.iops[1], 128, 1e-9);
	assert_float_equal(e.eta_s, 5, 1e-9);
	assert_int_equal(fiorun_eta_parse(dec, strlen(dec), &e), 0);
	assert_float_equal(e.bw[0], 250e6, 1e-3);   /* kb_base=1000: MB */
	assert_float_equal(e.iops[0], 61000, 1e-6);
	assert_float_equal(e.eta_s, 86401, 1e-9);
	assert_int_equal(fiorun_eta_parse("note: x", 7, &e), -1);
	assert_true(e.pct < 0 && e.eta_s < 0 && e.bw[1] < 0);
	/* Only part of the line given: what lies past n is not read. */
	assert_int_equal(fiorun_eta_parse(line, 28, &e), 0);
	assert_float_equal(e.pct, 12.5, 1e-9);
	assert_true(e.bw[1] < 0 && e.eta_s < 0);
}

static void test_fit(void **state)
{
	(void)state;
	assert_int_equal(utf8_fit("abcdef", 4), 4);
	assert_int_equal(utf8_fit("abc", 10), 3);
	assert_int_equal(utf8_fit("快速測試", 5), 6);   /* two wide characters, 3 bytes each */
	assert_int_equal(utf8_fit("快速測試", 4), 6);
	assert_int_equal(utf8_fit("a快", 2), 1);        /* a wide character is never split */
	assert_int_equal(utf8_fit("a…b", 2), 4);         /* U+2026 is one cell */
	assert_int_equal(utf8_width("😀x"), 3);
}

static void test_columns_cjk(void **state)
{
	const char *cells[] = { "out/a", "快速測試", "complete", "x",
				"out/bb", "Quick test", "failed", "y" };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	utf8_print_columns(f, cells, 2, 4);
	fclose(f);
	/* 快速測試 is 8 cells, Quick test 10: the third column starts at cell 6+2+10+2. */
	assert_string_equal(buf, "out/a   快速測試    complete  x\n"
				 "out/bb  Quick test  failed    y\n");
	free(buf);
}

/*
 * The plan's time left: fio's ETA for the step running, the time-based steps after
 * it, and what the plan writes by amount (a 2x fill, a written="1x" rounds scope) at
 * the write rate measured so far; unknown (-1) until a rate is measured.
 */
static void test_plan_left(void **state)
{
	static const char plan[] =
		"<plan name=\"eta\">\n"
		"  <target name=\"dut\" file=\"t.bin\" size=\"1GB\"/>\n"
		"  <precondition name=\"fill\" pattern=\"seq\" bs=\"128KiB\" amount=\"2x\"/>\n"
		"  <workload name=\"rr\" rw=\"randread\" bs=\"4k\" runtime=\"60s\"/>\n"
		"  <rounds name=\"sat\" until=\"written\" written=\"1x\" max=\"100\">\n"
		"    <workload name=\"rw\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </rounds>\n"
		"</plan>\n";
	static const char l1[] = "Jobs: 1 (f=1): [W(1)][10.0%][w=100MB/s][w=800 IOPS][eta 00m:18s]";
	static const char l2[] = "Jobs: 1 (f=1): [W(1)][20.0%][w=200MB/s][w=1600 IOPS][eta 00m:08s]";
	char path[] = "/tmp/sb-progress.XXXXXX";
	struct orch x;
	struct run_progress p;
	struct diag d;
	double now;
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	(void)state;
	assert_non_null(f);
	fputs(plan, f);
	fclose(f);
	memset(&x, 0, sizeof(x));
	plan_init(&x.plan);
	diag_clear(&d);
	assert_int_equal(plan_load(&x.plan, path, NULL, 0, &d), 0);
	unlink(path);
	x.arc.run.capacity = 1000000000;
	x.walk.started = clock_mono_s();
	run__progress_start(&p, &x, 0, 0, 0);
	now = p.started;
	assert_true(run__progress_left(&p, now) < 0);   /* no rate yet */
	run__progress_status(&p, l1, strlen(l1));
	assert_float_equal(x.walk.eta.write_bps, 100e6, 1e-6);
	/* 18 s of the fill (fio's ETA), 60 s of rr, 1 GB at 100 MB/s: 88 s. */
	assert_float_equal(run__progress_left(&p, now), 88, 1e-6);
	/* The rate learnt moves towards what fio shows: 0.8 x 100 + 0.2 x 200 MB/s. */
	run__progress_status(&p, l2, strlen(l2));
	assert_float_equal(x.walk.eta.write_bps, 120e6, 1e-3);
	assert_float_equal(run__progress_left(&p, now), 8 + 60 + 1e9 / 120e6, 1e-6);
	/* In the rounds scope: its amount at the rate less its time so far. */
	run__progress_start(&p, &x, 2, 1, 1000);
	assert_float_equal(run__progress_left(&p, p.started + 2), 1e9 / 120e6 - 2, 1e-6);
	plan_release(&x.plan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eta_read_write),
		cmocka_unit_test(test_eta_one_direction),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_columns_cjk),
		cmocka_unit_test(test_plan_left),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
