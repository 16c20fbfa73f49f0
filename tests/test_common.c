/* SPDX-License-Identifier: MIT */
/* Tests for common/: units, SHA-256, suggestions, text buffer, diagnostics, clocks, fsutil. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "clock.h"
#include "diag.h"
#include "err.h"
#include "fsutil.h"
#include "lang.h"
#include "sbuf.h"
#include "sha256.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"
#include "utf8.h"

static void test_sizes(void **state)
{
	const char *why = NULL;
	uint64_t v;

	(void)state;
	assert_int_equal(units_parse_size("4k", &v, &why), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(units_parse_size("128KiB", &v, &why), 0);
	assert_int_equal(v, 131072);
	assert_int_equal(units_parse_size("1MiB", &v, &why), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(units_parse_size("512", &v, &why), 0);
	assert_int_equal(v, 512);
	assert_int_equal(units_parse_size("2TB", &v, &why), 0);
	assert_int_equal(v, 2000000000000ULL);
	assert_int_equal(units_parse_size("1g", &v, &why), 0);
	assert_int_equal(v, 1073741824ULL);
	assert_int_equal(units_parse_size("4q", &v, &why), -SB_EINVAL);
	assert_non_null(strstr(why, "unknown size unit"));
	assert_int_equal(units_parse_size("-1k", &v, &why), -SB_EINVAL);
	assert_int_equal(units_parse_size("99999999999999999999", &v, &why), -SB_EINVAL);
	assert_int_equal(units_parse_size("17179869184TiB", &v, &why), -SB_EINVAL);
	assert_string_equal(why, "number too large");
}

static void test_times(void **state)
{
	const char *why = NULL;
	uint64_t v;

	(void)state;
	assert_int_equal(units_parse_time_ms("30", &v, &why), 0);
	assert_int_equal(v, 30000);
	assert_int_equal(units_parse_time_ms("500ms", &v, &why), 0);
	assert_int_equal(v, 500);
	assert_int_equal(units_parse_time_ms("15min", &v, &why), 0);
	assert_int_equal(v, 900000);
	assert_int_equal(units_parse_time_ms("8h", &v, &why), 0);
	assert_int_equal(v, 28800000);
	assert_int_equal(units_parse_time_ms("5 years", &v, &why), -SB_EINVAL);
}

static void test_format_sizes(void **state)
{
	char buf[32];

	(void)state;
	units_format_size(1073741824ULL, buf, sizeof(buf));
	assert_string_equal(buf, "1 GiB");
	units_format_size(1536 * 1024, buf, sizeof(buf));
	assert_string_equal(buf, "1.5 MiB");
	units_format_size(512, buf, sizeof(buf));
	assert_string_equal(buf, "512 B");
	units_format_size_fio(1048576, buf, sizeof(buf));
	assert_string_equal(buf, "1m");
	units_format_size_fio(1536, buf, sizeof(buf));
	assert_string_equal(buf, "1536");
	units_format_size_fio(3ULL << 30, buf, sizeof(buf));
	assert_string_equal(buf, "3g");
}

static void test_sha256_vectors(void **state)
{
	struct sha256 s;
	char hex[65];
	char million[1000];

	(void)state;
	/* FIPS 180-4 examples: "", "abc", and one million 'a'. */
	sha256_init(&s);
	sha256_final_hex(&s, hex);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	sha256_init(&s);
	sha256_update(&s, "abc", 3);
	sha256_final_hex(&s, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	memset(million, 'a', sizeof(million));
	sha256_init(&s);
	for (int i = 0; i < 1000; i++)
		sha256_update(&s, million, sizeof(million));
	sha256_final_hex(&s, hex);
	assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_suggest(void **state)
{
	const char *names[] = { "iodepth", "numjobs", "runtime", "rw", "bs" };

	(void)state;
	assert_int_equal(suggest_distance("iodepht", "iodepth"), 1);
	assert_int_equal(suggest_distance("kitten", "sitting"), 3);
	assert_string_equal(suggest_pick("iodepht", names, 5), "iodepth");
	assert_string_equal(suggest_pick("numjob", names, 5), "numjobs");
	assert_null(suggest_pick("frobnicate", names, 5));
}

static void test_sbuf(void **state)
{
	struct sbuf sb;
	char *s;

	(void)state;
	sbuf_init(&sb);
	assert_string_equal(sb.buf, "");
	for (int i = 0; i < 1000; i++)
		sbuf_addf(&sb, "%d,", i);
	assert_int_equal(sb.len, strlen(sb.buf));
	assert_memory_equal(sb.buf, "0,1,2,", 6);
	assert_memory_equal(sb.buf + sb.len - 4, "999,", 4);
	s = sbuf_detach(&sb);
	assert_string_equal(sb.buf, "");
	free(s);
	sbuf_release(&sb);
}

/* CSV fields: RFC 4180 quoting, and no cell a spreadsheet would run as a formula. */
static void test_sbuf_csv(void **state)
{
	static const char *const cases[][2] = {
		{ "plain", "plain" },
		{ "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" },
		{ "", "" },
		{ "=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"" },
		{ "=1+2", "'=1+2" },
		{ "+cmd", "'+cmd" },
		{ "-2+3", "'-2+3" },
		{ "@SUM(A1)", "'@SUM(A1)" },
		{ "\tx", "'\tx" },
		{ "\rx", "\"'\rx\"" },
		{ "-", "'-" },
		{ "-.", "'-." },
		{ "-e5", "'-e5" },
		{ "-1e", "'-1e" },
		{ "-inf", "'-inf" },
		{ "-0x10", "'-0x10" },
		{ "a=b", "a=b" },
		{ "-12", "-12" },
		{ "+3.5", "+3.5" },
		{ "-.5", "-.5" },
		{ "-1e-3", "-1e-3" },
		{ "-2.5E+10", "-2.5E+10" },
	};
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sbuf_reset(&sb);
		sbuf_add_csv(&sb, cases[i][0]);
		assert_string_equal(sb.buf, cases[i][1]);
	}
	sbuf_release(&sb);
}

/* A bounded read is an error past its bound, never an abort (fio.json, plans). */
static void test_sbuf_read_bounded(void **state)
{
	char path[] = "/tmp/ssdbench-test-sbuf.XXXXXX";
	struct sbuf sb;
	FILE *f;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	for (int i = 0; i < 10000; i++)   /* 100,000 bytes: past one read chunk */
		fputs("0123456789", f);
	assert_int_equal(fclose(f), 0);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file_max(&sb, path, 100000), 0);
	assert_int_equal(sb.len, 100000);
	sbuf_reset(&sb);
	assert_int_equal(sbuf_read_file_max(&sb, path, 99999), -EFBIG);
	assert_true(sb.len <= 99999);
	sbuf_reset(&sb);
	assert_int_equal(sbuf_read_file_max(&sb, path, 0), -EFBIG);
	assert_int_equal(sb.len, 0);
	sbuf_release(&sb);
	unlink(path);
}

static void test_diag_first_wins(void **state)
{
	struct diag d;
	char buf[512];
	FILE *f = tmpfile();
	size_t n;

	(void)state;
	diag_clear(&d);
	assert_int_equal(diag_set_path(&d, -SB_EPARSE, "out/fio.json", "jobs[3].read.iops",
				       "expected a number"), -SB_EPARSE);
	diag_set(&d, -SB_EIO, "other", 1, 1, "later");
	diag_print(&d, f);
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	assert_string_equal(buf, "out/fio.json: error: at jobs[3].read.iops: expected a number\n");
}

static void test_utf8_width(void **state)
{
	unsigned cp;

	(void)state;
	assert_int_equal(utf8_width("abc"), 3);
	assert_int_equal(utf8_width("快速測試"), 8);          /* 4 wide characters */
	assert_int_equal(utf8_width("SSD 效能"), 8);
	assert_int_equal(utf8_next((const unsigned char *)"\xE5\xBF\xAB", 3, &cp), 3);
	assert_int_equal(cp, 0x5FEB);                          /* 快 */
	assert_int_equal(utf8_next((const unsigned char *)"\xE5", 1, &cp), 1); /* cut short */
}

/* The clocks agree with libc's, and the stamp is the archive's format. */
static void test_clock(void **state)
{
	char buf[CLOCK_ISO_SIZE], stamp[16];
	double s = clock_mono_s();
	int64_t ms = clock_mono_ms(), now = clock_unix_ms();

	(void)state;
	assert_true(s > 0 && ms > 0);
	assert_true(fabs(s * 1000.0 - (double)ms) < 1000.0);
	assert_true(clock_mono_s() >= s);
	assert_true(llabs(now / 1000 - (int64_t)time(NULL)) <= 1);
	assert_string_equal(clock_iso8601(0, buf, sizeof(buf)), "1970-01-01T00:00:00Z");
	assert_string_equal(clock_iso8601(1764468888, buf, sizeof(buf)), "2025-11-30T02:14:48Z");
	assert_null(clock_iso8601(0, buf, 4));   /* no room */
	clock_local_stamp(stamp, sizeof(stamp));
	assert_int_equal(strlen(stamp), 11);
	assert_true(stamp[0] == '[' && stamp[3] == ':' && stamp[6] == ':' && stamp[9] == ']');
}

/* mkdir -p makes every level, is content with what exists, and says why it cannot. */
static void test_fsutil(void **state)
{
	char top[] = "/tmp/sb-fsutil.XXXXXX";
	char *deep, *file, *cmd;
	struct stat st;
	mode_t m = 0;
	FILE *f;
	int fd;

	(void)state;
	assert_non_null(mkdtemp(top));
	deep = xasprintf("%s/a/b//c", top);
	file = xasprintf("%s/a/f", top);
	assert_int_equal(fsutil_mkdir_p(deep), 0);
	assert_int_equal(fsutil_mkdir_p(deep), 0);
	assert_int_equal(stat(deep, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	free(deep);
	deep = xasprintf("%s/x", file);
	assert_int_equal(fsutil_mkdir_p(deep), -ENOTDIR);
	fd = fsutil_open(AT_FDCWD, file, 0, 0, &m);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(fsutil_open(AT_FDCWD, top, 0, 0, &m), FSUTIL_EKIND);
	assert_true(S_ISDIR(m));
	assert_int_equal(fsutil_open(AT_FDCWD, deep, 0, 0, &m), -ENOTDIR);
	assert_int_equal(m, 0);   /* the look failed */
	fd = fsutil_open(AT_FDCWD, top, 1, 0, &m);
	assert_true(fd >= 0);
	close(fd);
	cmd = xasprintf("rm -rf '%s'", top);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(deep);
	free(file);
}

/*
 * A sparse file's holes in a range: 1 MiB of data at 1 MiB in a 4 MiB file (pwrite,
 * then truncate), the holes counted against that layout; past the end counts too.
 */
static void test_fsutil_holes(void **state)
{
	char path[] = "/tmp/sb-holes.XXXXXX";
	const off_t mib = 1 << 20;
	char *buf = xcalloc(1, (size_t)mib);
	int fd = mkstemp(path);
	off_t h = -1;

	(void)state;
	assert_true(fd >= 0);
	memset(buf, 0xa5, (size_t)mib);
	assert_int_equal(pwrite(fd, buf, (size_t)mib, mib), mib);
	assert_int_equal(ftruncate(fd, 4 * mib), 0);
	assert_int_equal(fsync(fd), 0);
	close(fd);
	assert_int_equal(fsutil_hole_bytes(path, 0, 4 * mib, &h), 0);
	assert_int_equal(h, 3 * mib);               /* [0,1) and [2,4) MiB */
	assert_int_equal(fsutil_hole_bytes(path, mib, mib, &h), 0);
	assert_int_equal(h, 0);                     /* the data alone */
	assert_int_equal(fsutil_hole_bytes(path, mib / 2, mib, &h), 0);
	assert_int_equal(h, mib / 2);               /* half a hole, half data */
	assert_int_equal(fsutil_hole_bytes(path, 3 * mib, 2 * mib, &h), 0);
	assert_int_equal(h, 2 * mib);               /* a hole, then past the end */
	assert_int_equal(fsutil_hole_bytes(path, 5 * mib, mib, &h), 0);
	assert_int_equal(h, mib);                   /* wholly past the end */
	unlink(path);
	assert_int_equal(fsutil_hole_bytes(path, 0, mib, &h), -ENOENT);
	free(buf);
}

/* The languages' table: tags, aliases with subtags in any case, what others read as. */
static void test_lang(void **state)
{
	static const struct { const char *tag; int want; } find[] = {
		{ "en", LANG_EN }, { "EN-us", LANG_EN }, { "zh-TW", LANG_ZH_TW },
		{ "zh-hant-HK", LANG_ZH_TW }, { "zh-MO", LANG_ZH_TW }, { "zh-Hans", LANG_ZH_CN },
		{ "zh-sg", LANG_ZH_CN }, { "zh-CN", LANG_ZH_CN }, { "zh", -1 }, { "fr", -1 },
		{ "english", -1 }, { "zh-TWx", -1 }, { "", -1 },
	};
	static const struct { const char *tag; enum lang want; } base[] = {
		{ "zh", LANG_ZH_TW }, { "zh-yue", LANG_ZH_TW }, { "zh-Hans-CN", LANG_ZH_CN },
		{ "fr", LANG_EN }, { "zhx", LANG_EN }, { "en-GB", LANG_EN },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(find) / sizeof(find[0]); i++) {
		if (lang_find(find[i].tag) != find[i].want)
			fail_msg("lang_find(\"%s\") = %d, want %d", find[i].tag,
				 lang_find(find[i].tag), find[i].want);
	}
	assert_int_equal(lang_find(NULL), -1);
	for (size_t i = 0; i < sizeof(base) / sizeof(base[0]); i++)
		assert_int_equal(lang_base(base[i].tag), base[i].want);
	assert_int_equal(lang_base(NULL), LANG_DEFAULT);
	assert_string_equal(lang_default(), "zh-TW");
	assert_string_equal(lang_default(), LANG_DEFAULT_TAG);
	assert_string_equal(lang_tag(LANG_EN), "en");
	assert_string_equal(lang_tag(LANG_ZH_CN), "zh-CN");
	assert_null(lang_tag(LANG_N));
	/* every row's tag finds itself */
	for (int l = 0; l < LANG_N; l++)
		assert_int_equal(lang_find(lang_tag((enum lang)l)), l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_times),
		cmocka_unit_test(test_format_sizes),
		cmocka_unit_test(test_sha256_vectors),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_sbuf),
		cmocka_unit_test(test_sbuf_read_bounded),
		cmocka_unit_test(test_sbuf_csv),
		cmocka_unit_test(test_diag_first_wins),
		cmocka_unit_test(test_utf8_width),
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_fsutil),
		cmocka_unit_test(test_fsutil_holes),
		cmocka_unit_test(test_lang),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
