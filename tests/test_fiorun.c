/* SPDX-License-Identifier: MIT */
/* Tests for fiorun's pure parts: the minimum fio version and the watchdog's step timeout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "err.h"
#include "fiorun.h"

static void test_version_accepted(void **state)
{
	static const char *const ok[] = { "fio-3.0", "fio-3.33", "fio-3.9-4-gabcdef",
					  "fio-4.1", "fio-10.0", "fio-3.36.1", "fio-3.0-rc1" };
	struct diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		diag_clear(&d);
		assert_int_equal(fiorun_check_version(ok[i], &d), 0);
		assert_int_equal(d.code, 0);
	}
}

static void test_version_too_old(void **state)
{
	static const char *const old[] = { "fio-2.1", "fio-2.99", "fio-1.0", "fio-0.9" };
	struct diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(old) / sizeof(old[0]); i++) {
		diag_clear(&d);
		assert_int_equal(fiorun_check_version(old[i], &d), -SB_EFIO);
	}
	assert_string_equal(d.msg, "fio-0.9 is too old: ssdbench needs fio 3.0 or newer "
			    "(nanosecond latencies, json+ histograms)");
}

/* Not a version: refused, not taken for a recent fio (a fake or broken 'fio' on PATH). */
static void test_version_unreadable(void **state)
{
	static const char *const bad[] = { "fio-banana", "fio-", "fio-x", "3.33", "fio-3",
					   "fio-3.", "fio-3.x", "fio-.3", "fio- 3.1", "fio-+3.1",
					   "fio-3.-1", "fio-99999999999999999999.1", "" };
	struct diag d;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		diag_clear(&d);
		assert_int_equal(fiorun_check_version(bad[i], &d), -SB_EFIO);
		assert_non_null(strstr(d.msg, "not a version ssdbench can read"));
	}
	diag_clear(&d);
	fiorun_check_version("fio-banana", &d);
	assert_string_equal(d.msg, "'fio --version' says 'fio-banana': not a version "
			    "ssdbench can read (fio-MAJOR.MINOR); is 'fio' on PATH really fio?");
}

static void test_step_timeout(void **state)
{
	(void)state;
	unsetenv("SSDBENCH_STEP_TIMEOUT_S");
	/* Short steps get a minute of slack; long ones half their runtime. */
	assert_int_equal(fiorun_step_timeout_s(5000, 0), 65);
	assert_int_equal(fiorun_step_timeout_s(1, 0), 61);
	assert_int_equal(fiorun_step_timeout_s(0, 0), 60);
	assert_int_equal(fiorun_step_timeout_s(120000, 0), 180);
	assert_int_equal(fiorun_step_timeout_s(121000, 0), 181);
	assert_int_equal(fiorun_step_timeout_s(3600000, 0), 5400);
	/* Laying out a 1 GiB file: 1073741824 B at 20 MB/s = 53 s more. */
	assert_int_equal(fiorun_step_timeout_s(5000, 1073741824ULL), 118);
	assert_int_equal(fiorun_step_timeout_s(UINT64_MAX, UINT64_MAX), 4294967295U);
}

static void test_step_timeout_env(void **state)
{
	(void)state;
	setenv("SSDBENCH_STEP_TIMEOUT_S", "7", 1);
	assert_int_equal(fiorun_step_timeout_s(3600000, 1073741824ULL), 7);
	/* Anything but a whole number > 0 is ignored. */
	setenv("SSDBENCH_STEP_TIMEOUT_S", "0", 1);
	assert_int_equal(fiorun_step_timeout_s(5000, 0), 65);
	setenv("SSDBENCH_STEP_TIMEOUT_S", "5s", 1);
	assert_int_equal(fiorun_step_timeout_s(5000, 0), 65);
	setenv("SSDBENCH_STEP_TIMEOUT_S", "", 1);
	assert_int_equal(fiorun_step_timeout_s(5000, 0), 65);
	unsetenv("SSDBENCH_STEP_TIMEOUT_S");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_version_accepted),
		cmocka_unit_test(test_version_too_old),
		cmocka_unit_test(test_version_unreadable),
		cmocka_unit_test(test_step_timeout),
		cmocka_unit_test(test_step_timeout_env),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
