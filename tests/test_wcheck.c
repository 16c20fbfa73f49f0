/* SPDX-License-Identifier: MIT */
/*
 * Tests of report/model/wcheck.c, the wording check: what it finds in a Chinese and
 * an English document (a plan's names as whole names only, fio terms, the English
 * words of the strings the language does not use, half-width punctuation around
 * Chinese), what it leaves alone (data,
 * acronyms, file names), each finding once, and its listing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "result.h"
#include "wcheck.h"
#include "xalloc.h"

/* A language's strings: a few of en.xml's and their zh-TW. */
static const char *const en[] = { "random read", "Steady state not reached", "IOPS", "fio {}" };
static const char *const tw[] = { "隨機讀取", "未達穩態", "IOPS", "fio {}" };
#define N (sizeof(en) / sizeof(*en))

static char *listing(const struct wcheck *w)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	wcheck_print(w, f, 100);
	fclose(f);
	return buf;
}

static void test_zh(void **state)
{
	struct wcheck *w = wcheck_new("zh-TW", en, tw, N);
	char *out;

	(void)state;
	wcheck_forbid(w, "rnd4k-q32t1-read");
	wcheck_forbid(w, "steady-state");
	wcheck_allow(w, "target.bin");
	/* data inside data: the short one allowed first must not cut the long one */
	wcheck_allow(w, "3.0.0");
	wcheck_allow(w, "kdm3.0.0-readme-random");
	wcheck_text(w, "a.pdf", "kdm3.0.0-readme-random（基準）");
	assert_int_equal(wcheck_count(w), 0);
	/* clean: the words of the language, acronyms, numbers, the data */
	wcheck_text(w, "a.pdf", "4K 隨機讀取 QD32 T1：32,400 IOPS");
	wcheck_text(w, "a.pdf", "fio-3.33  |  檔案 target.bin（64 MiB）");
	wcheck_text(w, "a.pdf", NULL);
	assert_int_equal(wcheck_count(w), 0);
	/* a slug, once (its words not again), an English word, a fio term, a status */
	wcheck_text(w, "a.pdf", "4K 隨機讀取（rnd4k-q32t1-read）");
	assert_int_equal(wcheck_count(w), 1);
	wcheck_text(w, "a.pdf", "資料：random");
	assert_int_equal(wcheck_count(w), 2);
	wcheck_text(w, "b.xlsx, sheet 摘要", "randread 4 KiB");
	assert_int_equal(wcheck_count(w), 3);
	wcheck_text(w, "b.xlsx, sheet 摘要", "steady-state  /  complete");
	assert_int_equal(wcheck_count(w), 5);
	/* the same text in the same file: no new finding; in another file: one */
	wcheck_text(w, "a.pdf", "資料：random");
	assert_int_equal(wcheck_count(w), 5);
	wcheck_text(w, "c.svg", "資料：random");
	assert_int_equal(wcheck_count(w), 6);
	/* "Reached" as a word of a sentence, whatever its case; "IOPS" is an acronym */
	wcheck_text(w, "c.svg", "Reached IOPS");
	assert_int_equal(wcheck_count(w), 7);
	out = listing(w);
	assert_non_null(strstr(out, "a.pdf: 'rnd4k-q32t1-read' (a plan's own name"));
	assert_null(strstr(out, "'read'"));
	assert_non_null(strstr(out, "a.pdf: 'random' (a fio term) in \"資料：random\""));
	assert_non_null(strstr(out, "b.xlsx, sheet 摘要: 'randread' (a fio term)"));
	assert_non_null(strstr(out, "'steady-state' (a plan's own name"));
	assert_non_null(strstr(out, "'complete' (a fio term)"));
	assert_non_null(strstr(out, "c.svg: 'Reached' (an English word of the report's strings)"));
	free(out);
	wcheck_free(w);
}

static void test_en(void **state)
{
	struct wcheck *w = wcheck_new("en", en, NULL, N);

	(void)state;
	wcheck_forbid(w, "purge");             /* an English word in English */
	wcheck_forbid(w, "seq1m-q8t1-read");   /* never */
	wcheck_text(w, "a.pdf", "Purge: 4K random read QD32 T1, steady state not reached, "
		    "read 512 MiB, complete");
	assert_int_equal(wcheck_count(w), 0);
	wcheck_text(w, "a.pdf", "1M sequential read (seq1m-q8t1-read), iodepth 8");
	assert_int_equal(wcheck_count(w), 2);
	wcheck_free(w);
}

static void test_run(void **state)
{
	struct result_run r;
	struct result_step *st;
	struct wcheck *w = wcheck_new("zh-CN", en, tw, N);

	(void)state;
	result_run_init(&r);
	r.plan_name = xstrdup("quick");
	r.hostname = xstrdup("bench-random-1");   /* data, though it holds a word */
	r.target = xstrdup("file target.bin (64 MiB)");
	st = result_run_add_step(&r);
	st->name = xstrdup("before-build");
	st->scope = xstrdup("wait-5s");
	st->trace = xstrdup("../traces/build.blktrace");
	wcheck_run(w, &r);
	wcheck_text(w, "a.pdf", "主机 bench-random-1，文件 target.bin");
	/* a trace's name and file are data: the user's name of a recorded workload */
	wcheck_text(w, "a.pdf", "重放 build，build.blktrace");
	assert_int_equal(wcheck_count(w), 0);
	wcheck_text(w, "a.pdf", "quick");
	wcheck_text(w, "a.pdf", "before-build，build.blktrace，build");
	wcheck_text(w, "a.pdf", "wait-5s");
	/* quick; before-build; the duty cycle */
	assert_int_equal(wcheck_count(w), 3);
	wcheck_free(w);
	result_run_release(&r);
}

/* Half-width ": " and brackets in Chinese text, in a Chinese document only. */
static void test_punct(void **state)
{
	struct wcheck *w = wcheck_new("zh-TW", en, tw, N);
	struct wcheck *e = wcheck_new("en", en, NULL, N);
	char *out;

	(void)state;
	/* full-width; a time, a ratio, brackets in data or in a text of no Chinese word */
	wcheck_allow(w, "990 PRO (2TB)");
	wcheck_text(w, "a.svg", "離散度：4K 隨機讀取（填滿後），延遲（µs）");
	wcheck_text(w, "a.svg", "開始 12:30:05，1:2，990 PRO (2TB)");
	wcheck_text(w, "a.svg", "fio-3.33 (sha256 33c3)");
	assert_int_equal(wcheck_count(w), 0);
	wcheck_text(w, "a.svg", "離散度: 4K 隨機讀取");
	assert_int_equal(wcheck_count(w), 1);
	wcheck_text(w, "a.svg", "時間 (秒)");
	assert_int_equal(wcheck_count(w), 2);
	wcheck_text(w, "a.svg", "SSD (基準)：99.9%:");
	assert_int_equal(wcheck_count(w), 4);
	wcheck_text(w, "a.svg", "檔案 target.bin (64 MiB)");
	assert_int_equal(wcheck_count(w), 5);
	out = listing(w);
	assert_non_null(strstr(out, "a.svg: ':' (half-width punctuation in Chinese text) in "
				    "\"離散度: 4K"));
	assert_non_null(strstr(out, "'(秒)' (half-width punctuation"));
	assert_non_null(strstr(out, "'(基準)' (half-width punctuation"));
	free(out);
	/* English takes its own */
	wcheck_text(e, "a.svg", "Dispersion: 4K random read (after fill)");
	assert_int_equal(wcheck_count(e), 0);
	wcheck_free(w);
	wcheck_free(e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zh),
		cmocka_unit_test(test_en),
		cmocka_unit_test(test_run),
		cmocka_unit_test(test_punct),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
