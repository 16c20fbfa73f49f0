/* SPDX-License-Identifier: MIT */
/* Regression tests for archive_files found by clang-tidy: an empty archive folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "archive_files.h"
#include "testutil.h"

/* An empty folder lists nothing (qsort was once handed a NULL array: UB). */
static void test_scan_empty(void **state)
{
	struct archive_files f;
	struct diag d;
	char dir[sizeof(testutil_dir) + 8];

	(void)state;
	snprintf(dir, sizeof(dir), "%s/empty", testutil_dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	archive_files_init(&f);
	diag_clear(&d);
	assert_int_equal(archive_files_scan(dir, NULL, &f, &d), 0);
	assert_int_equal(f.n, 0);
	archive_files_release(&f);
}

/* Files are listed sorted by path, with size and SHA-256. */
static void test_scan_sorted(void **state)
{
	struct archive_files f;
	struct diag d;
	char dir[sizeof(testutil_dir) + 8], path[sizeof(dir) + 16];
	FILE *fp;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/two", testutil_dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/b.txt", dir);
	assert_non_null(fp = fopen(path, "w"));
	fputs("abc", fp);
	fclose(fp);
	snprintf(path, sizeof(path), "%s/a.txt", dir);
	assert_non_null(fp = fopen(path, "w"));
	fclose(fp);
	archive_files_init(&f);
	diag_clear(&d);
	assert_int_equal(archive_files_scan(dir, NULL, &f, &d), 0);
	assert_int_equal(f.n, 2);
	assert_string_equal(f.v[0].path, "a.txt");
	assert_int_equal(f.v[0].size, 0);
	assert_string_equal(f.v[0].sha256,
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	assert_string_equal(f.v[1].path, "b.txt");
	assert_int_equal(f.v[1].size, 3);
	assert_string_equal(f.v[1].sha256,
		"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	archive_files_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scan_empty),
		cmocka_unit_test(test_scan_sorted),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
