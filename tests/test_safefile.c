/* SPDX-License-Identifier: MIT */
/* Unit tests for safefile: no-follow opens, bounded loads, temp-and-rename writes, removal. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

/* TOP/name, in one of four buffers (so a call may take two). */
static const char *at(const char *name)
{
	static char buf[4][512];
	static unsigned next;
	char *p = buf[next++ % 4];

	snprintf(p, sizeof(buf[0]), "%s/%s", testutil_dir, name);
	return p;
}

/* TOP/name := text (a fixture, written plainly). */
static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* How many names in folder end in ".tmp". */
static int tmp_files(const char *folder)
{
	DIR *dh = opendir(folder);
	struct dirent *e;
	int n = 0;

	assert_non_null(dh);
	while ((e = readdir(dh))) {
		size_t len = strlen(e->d_name);

		n += len > 4 && !strcmp(e->d_name + len - 4, ".tmp");
	}
	closedir(dh);
	return n;
}

/* The whole of path, or "" when it cannot be read. */
static char *slurp(const char *path)
{
	struct sbuf sb;

	sbuf_init(&sb);
	if (sbuf_read_file(&sb, path))
		sbuf_reset(&sb);
	return sbuf_detach(&sb);
}

static void test_open_regular(void **state)
{
	struct sbuf sb;
	struct diag d;

	(void)state;
	assert_int_equal(mkdir(at("a"), 0755), 0);
	assert_int_equal(mkdir(at("a/s"), 0755), 0);
	put("a/s/f.json", "{}\n");
	diag_clear(&d);
	sbuf_init(&sb);
	assert_int_equal(safefile_load(at("a"), "s/f.json", 100, &sb, &d), 0);
	assert_int_equal(sb.len, 3);
	assert_memory_equal(sb.buf, "{}\n", 3);
	sbuf_release(&sb);
	assert_int_equal(safefile_open(at("a"), "s/none", &d), -SB_ENOENT);
	diag_clear(&d);
	assert_int_equal(safefile_open_present(at("a"), "s/none", &d), -SB_ENOENT);
	assert_int_equal(d.code, 0); /* absent is not an error there */
}

/* Each refusal names the path (file ends in shown) and says what it is. */
static void expect_refused(const char *rel, const char *shown, const char *what)
{
	struct diag d;
	int fd;

	diag_clear(&d);
	fd = safefile_open(at("a"), rel, &d);
	assert_true(fd < 0);
	assert_int_equal(fd, -SB_EIO);
	assert_non_null(strstr(d.msg, what));
	assert_true(strlen(d.file) >= strlen(shown));
	assert_string_equal(d.file + strlen(d.file) - strlen(shown), shown);
	assert_null(strstr(d.msg, "MARKER")); /* never what a link names */
}

static void test_refusals(void **state)
{
	(void)state;
	put("victim", "MARKER secret\n");
	assert_int_equal(symlink("../victim", at("a/link.log")), 0);
	assert_int_equal(symlink(testutil_dir, at("a/steps")), 0);
	assert_int_equal(mkfifo(at("a/fifo.json"), 0644), 0);
	assert_int_equal(symlink("/dev/zero", at("a/zero.json")), 0);
	expect_refused("link.log", "a/link.log", "is a symbolic link: refusing to follow it");
	expect_refused("steps/victim", "a/steps", "steps' is a symbolic link");
	expect_refused("fifo.json", "a/fifo.json", "is a FIFO, not a regular file");
	expect_refused("zero.json", "a/zero.json", "is a symbolic link");
	expect_refused("s/../../victim", "a/s/../../victim", "has a '..' component");
	expect_refused("/etc/passwd", "/a", "is an absolute path");
	expect_refused("s", "a/s", "is a folder, not a regular file");
}

static void test_load_bounded(void **state)
{
	const char *big = at("a/big");
	struct sbuf sb;
	struct diag d;
	int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)3 << 20), 0);
	close(fd);
	diag_clear(&d);
	sbuf_init(&sb);
	assert_int_equal(safefile_load(at("a"), "big", (size_t)2 << 20, &sb, &d), -SB_EIO);
	assert_non_null(strstr(d.msg, "is larger than 2 MiB"));
	assert_int_equal(sb.len, 0);
	sbuf_release(&sb);
}

static void test_write_replaces_link(void **state)
{
	char *victim = xstrdup(at("victim")), *dst = xstrdup(at("a/report.pdf")), *got;
	struct safefile_out o;
	struct diag d;
	struct stat st;

	(void)state;
	assert_int_equal(symlink(victim, dst), 0);
	diag_clear(&d);
	assert_int_equal(safefile_write(dst, "new", 3, &d), 0);
	got = slurp(victim);
	assert_string_equal(got, "MARKER secret\n");
	free(got);
	assert_int_equal(lstat(dst, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	got = slurp(dst);
	assert_string_equal(got, "new");
	free(got);
	/* Abandoned half-way: the old file stays whole, no temporary file is left. */
	assert_int_equal(safefile_create(&o, dst, &d), 0);
	assert_int_equal(safefile_put(&o, "half", 4, &d), 0);
	safefile_abort(&o);
	got = slurp(dst);
	assert_string_equal(got, "new");
	free(got);
	assert_int_equal(tmp_files(at("a")), 0);
	free(victim);
	free(dst);
}

static void test_mkdir(void **state)
{
	char *link = xstrdup(at("a/charts")), *dir = xstrdup(at("a/own"));
	struct diag d;

	(void)state;
	assert_int_equal(symlink(testutil_dir, link), 0);
	diag_clear(&d);
	assert_int_equal(safefile_mkdir(link, 0, &d), -SB_EIO);
	assert_non_null(strstr(d.msg, "is a symbolic link"));
	diag_clear(&d);
	assert_int_equal(safefile_mkdir(link, 1, &d), 0); /* the user's own link */
	assert_int_equal(safefile_mkdir(dir, 0, &d), 0);
	assert_int_equal(safefile_mkdir(dir, 0, &d), 0);
	free(link);
	free(dir);
}

static void test_remove_tree(void **state)
{
	int top = open(testutil_dir, O_RDONLY | O_DIRECTORY);
	char *got;

	(void)state;
	assert_int_equal(mkdir(at("outside"), 0755), 0);
	put("outside/keep", "keep\n");
	assert_int_equal(mkdir(at("gone"), 0755), 0);
	assert_int_equal(mkdir(at("gone/sub"), 0755), 0);
	put("gone/sub/f", "x");
	assert_int_equal(symlink("../outside", at("gone/sub/escape")), 0);
	assert_int_equal(symlink("../outside", at("gone/link-dir")), 0);
	assert_int_equal(safefile_remove_tree(top, "gone"), 0);
	assert_int_equal(access(at("gone"), F_OK), -1);
	got = slurp(at("outside/keep"));
	assert_string_equal(got, "keep\n");
	free(got);
	assert_int_equal(safefile_remove_tree(top, "gone"), 0); /* absent: nothing to do */
	close(top);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_regular),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_load_bounded),
		cmocka_unit_test(test_write_replaces_link),
		cmocka_unit_test(test_mkdir),
		cmocka_unit_test(test_remove_tree),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
