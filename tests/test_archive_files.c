/* SPDX-License-Identifier: MIT */
/* Regression tests for archive_files found by clang-tidy: empty archive folders. */
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

/* Makes testutil_dir/name into dir. */
static void make_dir(char *dir, size_t n, const char *name)
{
	snprintf(dir, n, "%s/%s", testutil_dir, name);
	assert_int_equal(mkdir(dir, 0755), 0);
}

/* Writes text to dir/name. */
static void put_file(const char *dir, const char *name, const char *text)
{
	char path[sizeof(testutil_dir) + 64];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(fp = fopen(path, "w"));
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* An empty folder lists nothing (qsort was once handed a NULL array: UB). */
static void test_scan_empty(void **state)
{
	struct archive_files f;
	struct diag d;
	char dir[sizeof(testutil_dir) + 8];

	(void)state;
	make_dir(dir, sizeof(dir), "empty");
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
	char dir[sizeof(testutil_dir) + 8];

	(void)state;
	make_dir(dir, sizeof(dir), "two");
	put_file(dir, "b.txt", "abc");
	put_file(dir, "a.txt", "");
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

/*
 * A manifest listing a file in a folder that holds only the manifest: the file is
 * missing (the lookup was once a bsearch() over a NULL array: UB).
 */
static void test_verify_all_missing(void **state)
{
	struct archive_verify v;
	struct diag d;
	char dir[sizeof(testutil_dir) + 8];

	(void)state;
	make_dir(dir, sizeof(dir), "gone");
	put_file(dir, "manifest.json",
		 "{\"files\": [{\"path\": \"s1/fio.json\", \"sha256\": \"00\"}]}");
	diag_clear(&d);
	assert_int_equal(archive_verify(dir, &v, &d), 0);
	assert_int_equal(v.checked, 1);
	assert_int_equal(v.nmissing, 1);
	assert_string_equal(v.missing[0], "s1/fio.json");
	assert_int_equal(v.nchanged, 0);
	assert_int_equal(v.nextra, 0);
	archive_verify_release(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scan_empty),
		cmocka_unit_test(test_scan_sorted),
		cmocka_unit_test(test_verify_all_missing),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
