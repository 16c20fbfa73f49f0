/* SPDX-License-Identifier: MIT */
/*
 * Tests of parsers/cdmtext.c on text made here: one CrystalDiskMark 8 result written
 * in every encoding the tool and editors write (UTF-8, with a mark, UTF-16LE with a mark
 * and CRLF, no final newline) reads the same; a comment outside the BMP survives
 * UTF-16; what is refused, at which line and column. The real files are
 * it_import_tools' (tests/data/import/), under valgrind there too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cdmtext.h"
#include "sbuf.h"

static const char cdm8[] =
	"------------------------------------------------------------------------------\n"
	"CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n"
	"                                  Crystal Dew World: https://crystalmark.info/\n"
	"------------------------------------------------------------------------------\n"
	"* MB/s = 1,000,000 bytes/s [SATA/600 = 600,000,000 bytes/s]\n"
	"* KB = 1000 bytes, KiB = 1024 bytes\n"
	"\n"
	"[Read]\n"
	"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n"
	"  RND    4KiB (Q= 32, T=16):     0.000 MB/s [      0.0 IOPS] <     0.00 us>\n"
	"\n"
	"[Mix] Read 70%/Write 30%\n"
	"  RND    4KiB (Q=  1, T= 1):    40.000 MB/s [   9765.6 IOPS] <   102.40 us>\n"
	"\n"
	"Profile: Real\n"
	"   Test: 1 GiB (x5) [C: 60% (286/476GiB)]\n"
	"   Mode: [Admin]\n"
	"   Time: Measure 5 sec / Interval 5 sec \n"
	"   Date: 2021/03/12 20:15:51\n"
	"     OS: Windows 10 Professional [10.0 Build 19042] (x64)\n"
	"Comment: \xe6\xb8\xac\xe8\xa9\xa6 \xf0\x9f\x98\x80\n";

static void check_cdm8(const struct cdmtext_result *r)
{
	assert_string_equal(r->tool, "CrystalDiskMark");
	assert_string_equal(r->version, "8.0.4");
	assert_string_equal(r->edition, "x64");
	assert_int_equal(r->n, 3);
	assert_string_equal(r->t[0].name, "seq1m-q8t1-read");
	assert_int_equal(r->t[0].line, 9);
	assert_true(r->t[0].mbps == 560.223 && r->t[0].iops == 534.3 && r->t[0].lat_us == 14937.59);
	assert_string_equal(r->t[1].name, "rnd4k-q32t16-read");
	assert_true(r->t[1].not_run);
	assert_string_equal(r->t[2].name, "rnd4k-q1t1-mix70");
	assert_int_equal(r->t[2].mix_read, 70);
	assert_string_equal(r->profile, "Real");
	assert_int_equal(r->test_bytes, 1073741824);
	assert_int_equal(r->passes, 5);
	assert_string_equal(r->drive, "C: 60% (286/476GiB)");
	assert_int_equal(r->measure_s, 5);
	assert_int_equal(r->interval_s, 5);
	assert_string_equal(r->date, "2021-03-12T20:15:51");
	assert_string_equal(r->comment, "\xe6\xb8\xac\xe8\xa9\xa6 \xf0\x9f\x98\x80");
}

/* s as UTF-16LE with a mark, each \n as CR LF. */
static void utf16(const char *s, struct sbuf *out)
{
	sbuf_add(out, "\xff\xfe", 2);
	for (size_t i = 0; s[i];) {
		unsigned cp = (unsigned char)s[i];
		size_t n = cp < 0x80 ? 1 : cp < 0xe0 ? 2 : cp < 0xf0 ? 3 : 4;
		unsigned u[2];
		size_t k = 1;

		cp = n == 1 ? cp : cp & (0x7f >> n);
		for (size_t j = 1; j < n; j++)
			cp = cp << 6 | ((unsigned char)s[i + j] & 0x3f);
		i += n;
		if (cp == '\n')
			sbuf_add(out, "\r\0", 2);
		u[0] = cp;
		if (cp >= 0x10000) {
			u[0] = 0xd800 + ((cp - 0x10000) >> 10);
			u[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
			k = 2;
		}
		for (size_t j = 0; j < k; j++) {
			char b[2] = { (char)(u[j] & 0xff), (char)(u[j] >> 8) };

			sbuf_add(out, b, 2);
		}
	}
}

static void test_encodings(void **state)
{
	struct cdmtext_result r;
	struct diag d;
	struct sbuf sb;
	(void)state;

	diag_clear(&d);
	assert_int_equal(cdmtext_parse(cdm8, strlen(cdm8), "a.txt", &r, &d), 0);
	assert_string_equal(r.encoding, "utf-8");
	check_cdm8(&r);
	cdmtext_release(&r);
	/* with a mark, no final newline */
	sbuf_init(&sb);
	sbuf_add(&sb, "\xef\xbb\xbf", 3);
	sbuf_add(&sb, cdm8, strlen(cdm8) - 1);
	assert_int_equal(cdmtext_parse(sb.buf, sb.len, "b.txt", &r, &d), 0);
	assert_string_equal(r.encoding, "utf-8 with BOM");
	check_cdm8(&r);
	cdmtext_release(&r);
	sbuf_release(&sb);
	/* UTF-16LE, CR LF, the emoji a surrogate pair */
	sbuf_init(&sb);
	utf16(cdm8, &sb);
	assert_true(cdmtext_sniff(sb.buf, sb.len));
	assert_int_equal(cdmtext_parse(sb.buf, sb.len, "c.txt", &r, &d), 0);
	assert_string_equal(r.encoding, "utf-16le");
	assert_true(r.crlf);
	check_cdm8(&r);
	cdmtext_release(&r);
	/* a lone high surrogate in the comment: refused at its line */
	sb.buf[sb.len - 6] = '\x3d';   /* the low surrogate (00 DE) before CR LF becomes */
	sb.buf[sb.len - 5] = '\x00';   /* '=' (3D 00): the high one is left alone */
	diag_clear(&d);
	assert_int_not_equal(cdmtext_parse(sb.buf, sb.len, "c.txt", &r, &d), 0);
	assert_int_equal(d.line, 21);
	assert_non_null(strstr(d.msg, "lone surrogate"));
	sbuf_release(&sb);
}

static void refused(const char *text, size_t len, int line, int col, const char *what)
{
	struct cdmtext_result r;
	struct diag d;

	diag_clear(&d);
	if (len == (size_t)-1)
		len = strlen(text);
	assert_int_not_equal(cdmtext_parse(text, len, "x.txt", &r, &d), 0);
	if (!strstr(d.msg, what))
		fail_msg("'%s', want '%s'", d.msg, what);
	if (d.line != line || d.col != col)
		fail_msg("'%s' at %d:%d, want %d:%d", d.msg, d.line, d.col, line, col);
	assert_null(r.tool);   /* released */
}

static void test_refusals(void **state)
{
	char *s = strdup(cdm8);
	(void)state;

	refused("", 0, 0, 0, "an empty file");
	refused("\xfe\xff\0C", 4, 1, 1, "big-endian");
	refused("\xff\xfe" "C\0r", 5, 1, 0, "odd number of bytes");
	refused(cdm8, 300, 5, 10, "MB/s other than");   /* cut inside the units line */
	refused("hello\n", 6, 1, 1, "names neither");
	refused("CrystalDiskMark 2.2 x86\n", 24, 1, 1, "this reader does not know");
	s[strlen("------------------------------------------------------------------------------\n"
		 "CrystalDiskMark 8.0.4 x64 (C) 2007-2021 hiyohiyo\n") + 10] = '\x80';
	refused(s, strlen(s), 3, 11, "byte 0x80 is not UTF-8");
	free(s);
	refused("CrystalDiskMark 8.0.4 x64\n[Read]\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n",
		(size_t)-1, 4, 1, "the test seq1m-q8t1-read again (line 3 had it)");
	refused("CrystalDiskMark 8.0.4 x64\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s\n", (size_t)-1, 2, 1,
		"a test outside [Read]");
	refused("CrystalDiskMark 8.0.4 x64\n[Read]\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n"
		"   Date: 2021/13/12 20:15:51\n", (size_t)-1, 4, 10, "a date");
	refused("CrystalDiskMark 8.0.4 x64\n[Read]\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n",
		(size_t)-1, 3, 0, "no \"Test:\" line");
	refused("CrystalDiskMark 8.0.4 x64\n[Read]\n"
		"  SEQ    1MiB (Q=  8, T= 1):   560.223 MB/s [    534.3 IOPS] < 14937.59 us>\n"
		"   Test: 1 GiB (x5)\n   Test: 1 GiB (x5)\n", (size_t)-1, 5, 1,
		"a footer line a second time");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_encodings),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
