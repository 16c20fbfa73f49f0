/* SPDX-License-Identifier: MIT */
/*
 * fioopt: the table of fio options a plan may pass through. Every option the
 * installed fio knows has a row (so a class was decided for it), no row is there
 * twice, and the refusals are the ones docs/security.md lists.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fioopt.h"
#include "plan_int.h"

static void test_every_fio_option_has_a_row(void **state)
{
	struct plan__fio_names f = { 0 };
	size_t missing = 0;

	(void)state;
	assert_int_equal(plan__fio_names_load(&f), 0);
	assert_true(f.n > 150);  /* fio 3.x: ~220 options and engine options */
	for (size_t i = 0; i < f.n; i++)
		if (!fioopt_find(f.names[i])) {
			fprintf(stderr, "fio option '%s' has no row in fioopt_table\n",
				f.names[i]);
			missing++;
		}
	plan__fio_names_release(&f);
	assert_int_equal(missing, 0);
}

static void test_rows_are_unique(void **state)
{
	(void)state;
	for (size_t i = 0; i < fioopt_count; i++)
		for (size_t k = i + 1; k < fioopt_count; k++)
			if (!strcmp(fioopt_table[i].name, fioopt_table[k].name))
				fail_msg("'%s' is in the table twice", fioopt_table[i].name);
}

struct verdict {
	const char *name, *value;
	int rc;
	const char *why;  /* start of the reason, for a refusal */
};

static void test_verdicts(void **state)
{
	static const struct verdict v[] = {
		{ "exec_prerun", "touch /x", -1, "runs a command" },
		{ "exec_postrun", "rm -rf /", -1, "runs a command" },
		{ "profile", "act", -1, "runs a command" },
		{ "read_iolog", "/tmp/log", -1, "names or touches files" },
		{ "replay_redirect", "/dev/sda", -1, "names or touches files" },
		{ "opendir", "/srv", -1, "names or touches files" },
		{ "write_iolog", "/etc/x", -1, "names or touches files" },
		{ "unlink", "1", -1, "names or touches files" },
		{ "fill_device", "1", -1, "names or touches files" },
		{ "cgroup", "x", -1, "names or touches files" },
		{ "filename", "/dev/sda", -1, "is set by ssdbench itself" },
		{ "write_iops_log", "x", -1, "is set by ssdbench itself" },
		{ "stats", "0", -1, "is set by ssdbench itself" },
		{ "cpuload", "50", -1, "is not on ssdbench's list" },
		{ "mem", "mmap:/srv/victim", -2, "names a file" },
		{ "iomem", "mmaphuge:/hugetlbfs/x", -2, "names a file" },
		{ "buffer_pattern", "'/etc/shadow'", -2, "reads a file" },
		{ "verify_pattern", "'/etc/shadow'", -2, "reads a file" },
		{ "mem", "shmhuge", 0, NULL },
		{ "buffer_pattern", "0xdeadbeef", 0, NULL },
		{ "verify_pattern", "\"abc\"", 0, NULL },
		{ "cpus_allowed", "1", 0, NULL },
		{ "percentage_random", "80", 0, NULL },
		{ "refill_buffers", NULL, -1, "is set by ssdbench itself" },  /* data= */
		{ "buffer_compress_percentage", "50", -1, "is set by ssdbench itself" },
		{ "randseed", "7", -1, "is set by ssdbench itself" },        /* seed= */
		{ "dedupe_percentage", "30", 0, NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		const char *why = NULL;
		int rc = fioopt_check(v[i].name, v[i].value, &why);

		if (rc != v[i].rc || (v[i].why && strncmp(why, v[i].why, strlen(v[i].why))))
			fail_msg("%s=%s: got %d '%s'", v[i].name, v[i].value ? v[i].value : "",
				 rc, why ? why : "");
	}
}

static void test_markdown_lists_every_row(void **state)
{
	char *buf = NULL;
	size_t len = 0, rows = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	fioopt_print_markdown(f);
	fclose(f);
	for (const char *s = buf; (s = strstr(s, "\n| `")); s++)
		rows++;
	assert_int_equal(rows, fioopt_count);
	assert_non_null(strstr(buf, "| `exec_prerun` | executes |"));
	assert_non_null(strstr(buf, "| `mem` | stimulus | I/O buffer memory; no `:PATH` |"));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_fio_option_has_a_row),
		cmocka_unit_test(test_rows_are_unique),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_markdown_lists_every_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
