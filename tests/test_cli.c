/* SPDX-License-Identifier: MIT */
/* Tests for the command line: exit codes and "did you mean", through cli_main. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli.h"

/* Runs cli_main with stderr captured into err (size n); returns its exit code. */
static int run_cli(char *err, size_t n, int argc, const char **args)
{
	char *argv[16];
	FILE *tmp = tmpfile();
	int saved = dup(2), rc;
	size_t got;

	assert_non_null(tmp);
	for (int i = 0; i < argc; i++)
		argv[i] = (char *)(uintptr_t)args[i];
	argv[argc] = NULL;
	fflush(stderr);
	dup2(fileno(tmp), 2);
	rc = cli_main(argc, argv);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	got = fread(err, 1, n - 1, tmp);
	err[got] = '\0';
	fclose(tmp);
	return rc;
}

static void test_unknown_command_suggests(void **state)
{
	const char *args[] = { "ssdbench", "reprot", "x" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 3, args), 2);
	assert_non_null(strstr(err, "'reprot' is not a command (did you mean 'report'?)"));
}

static void test_unknown_option_suggests(void **state)
{
	const char *args[] = { "ssdbench", "run", "--tagret", "dut=/dev/null", "p.xml" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 5, args), 2);
	assert_non_null(strstr(err, "unknown option '--tagret' for 'run' (did you mean "
			       "'--target'?)"));
}

static void test_missing_argument(void **state)
{
	const char *args[] = { "ssdbench", "check" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 2, args), 2);
	assert_non_null(strstr(err, "'check' takes one PLAN"));
}

static void test_option_of_another_command(void **state)
{
	const char *args[] = { "ssdbench", "check", "--force", "p.xml" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 4, args), 2);
	assert_non_null(strstr(err, "unknown option '--force' for 'check'"));
}

static void test_check_misspelled_attribute(void **state)
{
	const char *args[] = { "ssdbench", "check", SB_SOURCE_DIR "/tests/plans/typo.xml" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 3, args), 2);
	assert_non_null(strstr(err, "tests/plans/typo.xml:9:55: error: unknown attribute "
			       "'iodepht' on <workload> (did you mean 'iodepth'?)"));
	/* The offending line and a caret under column 55 follow. */
	assert_non_null(strstr(err, "\n  " "                                                      ^\n"));
}

static void test_check_missing_plan(void **state)
{
	const char *args[] = { "ssdbench", "check", "/nonexistent/plan.xml" };
	char err[4096];

	(void)state;
	assert_int_equal(run_cli(err, sizeof(err), 3, args), 1);
	assert_non_null(strstr(err, "cannot read plan '/nonexistent/plan.xml': No such "
			       "file or directory"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_command_suggests),
		cmocka_unit_test(test_unknown_option_suggests),
		cmocka_unit_test(test_missing_argument),
		cmocka_unit_test(test_option_of_another_command),
		cmocka_unit_test(test_check_misspelled_attribute),
		cmocka_unit_test(test_check_missing_plan),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
