/* SPDX-License-Identifier: MIT */
/*
 * Tests of report/model/wording.c: the reviewer wording of access patterns and
 * sweep values in en, zh-TW and zh-CN (their words from templates/i18n/), written
 * out here by hand, the labels' choice of language (result_labels_get), and an
 * import's target and title.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "i18n.h"
#include "lang.h"
#include "msg.h"
#include "result.h"
#include "wording.h"

static void fill(struct result_step *st, const char *kind, const char *rw, uint64_t bs,
		 int qd, int jobs, int mix, const char *cell)
{
	result_step_init(st);
	st->kind = kind ? strdup(kind) : NULL;
	st->rw = rw ? strdup(rw) : NULL;
	st->bs = bs;
	st->iodepth = qd;
	st->numjobs = jobs;
	st->rwmixread = mix;
	st->cell = cell ? strdup(cell) : NULL;
}

/* The wording of st in lang, its words read from the language's shipped file. */
static void expect_name(const struct result_step *st, const char *lang, const char *want)
{
	struct i18n *t = NULL;
	struct diag d;
	char *got;

	diag_clear(&d);
	assert_int_equal(msg_load(&t, msg_or(lang, lang_default()), &d), 0);
	got = wording_step(st, &(struct wording){ lang, i18n_strings(t) });
	assert_string_equal(got, want);
	free(got);
	i18n_free(t);
}

/* One row per access pattern: rw x bs x qd x jobs in each language. */
static void test_patterns(void **state)
{
	static const struct {
		const char *rw;
		uint64_t bs;
		int qd, jobs, mix;
		const char *en, *tw, *cn;
	} rows[] = {
		{ "randwrite", 4096, 32, 1, -1, "4K random write QD32 T1", "4K 隨機寫入 QD32 T1",
		  "4K 随机写入 QD32 T1" },
		{ "randread", 4096, 1, 4, -1, "4K random read QD1 T4", "4K 隨機讀取 QD1 T4",
		  "4K 随机读取 QD1 T4" },
		{ "read", 131072, 32, 1, -1, "128K sequential read QD32 T1",
		  "128K 循序讀取 QD32 T1", "128K 顺序读取 QD32 T1" },
		{ "write", 1048576, 8, 1, -1, "1M sequential write QD8 T1",
		  "1M 循序寫入 QD8 T1", "1M 顺序写入 QD8 T1" },
		{ "randrw", 4096, 16, 2, 70, "4K random 70/30 mix QD16 T2",
		  "4K 隨機 70/30 混合讀寫 QD16 T2", "4K 随机 70/30 混合读写 QD16 T2" },
		{ "rw", 65536, 4, 1, -1, "64K sequential 50/50 mix QD4 T1",
		  "64K 循序 50/50 混合讀寫 QD4 T1", "64K 顺序 50/50 混合读写 QD4 T1" },
		{ "trim", 131072, 1, 1, -1, "128K sequential trim QD1 T1",
		  "128K 循序 TRIM QD1 T1", "128K 顺序 TRIM QD1 T1" },
		{ "randtrim", 4096, 1, 1, -1, "4K random trim QD1 T1", "4K 隨機 TRIM QD1 T1",
		  "4K 随机 TRIM QD1 T1" },
		{ "randwrite", 512, 1, 1, -1, "512B random write QD1 T1",
		  "512B 隨機寫入 QD1 T1", "512B 随机写入 QD1 T1" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct result_step st;

		fill(&st, "workload", rows[i].rw, rows[i].bs, rows[i].qd, rows[i].jobs,
		     rows[i].mix, NULL);
		expect_name(&st, "en", rows[i].en);
		expect_name(&st, "zh-TW", rows[i].tw);
		expect_name(&st, "zh-CN", rows[i].cn);
		expect_name(&st, "zh-Hant-HK", rows[i].tw);   /* other zh tags read as zh-TW */
		expect_name(&st, "zh-SG", rows[i].cn);
		expect_name(&st, NULL, rows[i].tw);           /* the report's default */
		result_step_release(&st);
	}
}

/* Sweep values as reviewers write them; what the pattern shows is not repeated. */
static void test_cells(void **state)
{
	struct result_step st;
	(void)state;

	fill(&st, "workload", "randread", 4096, 1, 1, -1, "op=28 phase=before");
	expect_name(&st, "en", "4K random read QD1 T1, OP 28 %, before fill");
	expect_name(&st, "zh-TW", "4K 隨機讀取 QD1 T1，OP 28 %，填盤前");
	expect_name(&st, "zh-CN", "4K 随机读取 QD1 T1，OP 28 %，填盘前");
	result_step_release(&st);
	fill(&st, "workload", "randwrite", 4096, 32, 1, -1, "phase=after op=0");
	expect_name(&st, "zh-TW", "4K 隨機寫入 QD32 T1，填盤後，OP 0 %");
	expect_name(&st, "zh-CN", "4K 随机写入 QD32 T1，填盘后，OP 0 %");
	expect_name(&st, "en", "4K random write QD32 T1, after fill, OP 0 %");
	result_step_release(&st);
	/* qd, bs and mix are in the pattern already; an unknown key reads "key value". */
	fill(&st, "workload", "randrw", 8192, 4, 1, 65, "qd=4 bs=8k mix=65 zone=hot");
	expect_name(&st, "en", "8K random 65/35 mix QD4 T1, zone hot");
	result_step_release(&st);
}

/* The other kinds: a fill's pattern after its word; erase, idle and snapshot alone. */
static void test_kinds(void **state)
{
	struct result_step st;
	(void)state;

	fill(&st, "precondition", "write", 131072, 32, 1, -1, NULL);
	expect_name(&st, "en", "fill: 128K sequential write QD32 T1");
	expect_name(&st, "zh-TW", "填盤：128K 循序寫入 QD32 T1");
	expect_name(&st, "zh-CN", "填盘：128K 顺序写入 QD32 T1");
	result_step_release(&st);
	fill(&st, "purge", "punch-holes", 0, 0, 0, -1, NULL);
	expect_name(&st, "en", "purge");
	expect_name(&st, "zh-TW", "清除");
	expect_name(&st, "zh-CN", "清除");
	result_step_release(&st);
	fill(&st, "idle", NULL, 0, 0, 0, -1, "op=100");
	expect_name(&st, "zh-TW", "閒置，OP 100 %");
	result_step_release(&st);
}

/* A label wins over the wording: its own tag, then its language, then "*". */
/* A step kind's name (the results sheet's kind column) is the word its step says. */
static void test_kind_names(void **state)
{
	static const struct {
		const char *kind, *lang, *want;
	} rows[] = {
		{ "purge", "en", "purge" },     { "purge", "zh-TW", "清除" },
		{ "purge", "zh-CN", "清除" },   { "idle", "zh-TW", "閒置" },
		{ "idle", "zh-CN", "闲置" },    { "precondition", "zh-TW", "填盤" },
		{ "workload", "zh-CN", "负载" }, { "nonesuch", "zh-TW", "nonesuch" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(rows) / sizeof(*rows); i++) {
		struct i18n *t = NULL;
		struct diag d;
		struct wording w;

		diag_clear(&d);
		assert_int_equal(msg_load(&t, rows[i].lang, &d), 0);
		w = (struct wording){ rows[i].lang, i18n_strings(t) };
		assert_string_equal(wording_kind(rows[i].kind, &w), rows[i].want);
		i18n_free(t);
	}
	assert_string_equal(wording_kind(NULL, &(struct wording){ "en", NULL }), "");
}

static void test_labels(void **state)
{
	struct result_step st;
	(void)state;

	fill(&st, "workload", "randwrite", 4096, 32, 1, -1, "op=28");
	result_labels_add(&st.labels, "zh-TW", "預留 28 % 寫入");
	expect_name(&st, "zh-TW", "預留 28 % 寫入");
	expect_name(&st, "zh-HK", "預留 28 % 寫入");   /* reads as zh-TW */
	expect_name(&st, "zh-CN", "4K 随机写入 QD32 T1，OP 28 %");   /* none in zh-CN */
	result_labels_add(&st.labels, "*", "Write at OP 28 %");
	expect_name(&st, "zh-CN", "Write at OP 28 %");
	expect_name(&st, "en", "Write at OP 28 %");
	result_labels_add(&st.labels, "zh-CN", "预留 28 % 写入");
	expect_name(&st, "zh-CN", "预留 28 % 写入");
	expect_name(&st, "zh-TW", "預留 28 % 寫入");
	result_labels_add(&st.labels, "zh-TW", "改過的");   /* replaces, not a second one */
	assert_int_equal(st.labels.n, 3);
	expect_name(&st, "zh-TW", "改過的");
	result_step_release(&st);
}

/* An import's target and untitled title (orchestrator/archive/import.c's English). */
static void test_imported(void **state)
{
	static const struct {
		const char *lang, *one, *two, *title;
	} rows[] = {
		{ "en", "imported: 1 fio report", "imported: 3 fio reports", "Imported fio results" },
		{ "zh-TW", "匯入：1 份 fio 結果", "匯入：3 份 fio 結果", "匯入的 fio 結果" },
		{ "zh-CN", "导入：1 份 fio 结果", "导入：3 份 fio 结果", "导入的 fio 结果" },
	};
	(void)state;

	for (size_t i = 0; i < sizeof(rows) / sizeof(*rows); i++) {
		struct i18n *t = NULL;
		struct diag d;
		struct wording w;
		struct sbuf a, b;
		char imp[] = "import", quick[] = "quick", mine[] = "第一批";
		struct result_run run = { .plan_name = imp, .plan_title = imp };

		diag_clear(&d);
		assert_int_equal(msg_load(&t, rows[i].lang, &d), 0);
		w = (struct wording){ rows[i].lang, i18n_strings(t) };
		sbuf_init(&a);
		sbuf_init(&b);
		wording_target("imported: 1 fio report", &w, &a);
		wording_target("imported: 3 fio reports", &w, &b);
		assert_string_equal(a.buf, rows[i].one);
		assert_string_equal(b.buf, rows[i].two);
		assert_string_equal(wording_title(&run, &w), rows[i].title);
		run.plan_title = mine;   /* import --title: the user's words */
		assert_string_equal(wording_title(&run, &w), "第一批");
		run.plan_name = quick;
		run.plan_title = imp;   /* a plan titled import is not an import */
		assert_string_equal(wording_title(&run, &w), "import");
		sbuf_release(&a);
		sbuf_release(&b);
		i18n_free(t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_patterns),
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_kind_names),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_imported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
