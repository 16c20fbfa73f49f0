/* SPDX-License-Identifier: MIT */
/* Tests of tmpl: the shipped report template, a reviewer's edits, and located errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "err.h"
#include "sbuf.h"
#include "testutil.h"
#include "tmpl.h"
#include "xalloc.h"

static void test_default_template(void **state)
{
	struct tmpl *t = NULL;
	struct diag d;
	(void)state;

	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, SB_SOURCE_DIR "/templates/report-default.xml", &d),
			 0);
	assert_int_equal(t->ncharts, 6);
	assert_int_equal(t->charts[0].kind, TMPL_STEP_IOPS);
	assert_int_equal(t->charts[1].kind, TMPL_ROUNDS);
	assert_int_equal(t->charts[2].kind, TMPL_SWEEP_QD);
	assert_int_equal(t->charts[3].kind, TMPL_DISPERSION);
	assert_int_equal(t->charts[4].kind, TMPL_CONSISTENCY); /* after dispersion */
	assert_int_equal(t->charts[5].kind, TMPL_SUMMARY);
	assert_true(t->charts[0].width == 960 && t->charts[0].height == 600);
	assert_true(t->charts[4].height == 0); /* a table: as tall as its rows */
	assert_true(t->charts[5].height == 0); /* bars: as tall as their rows */
	assert_int_equal(t->dir_color[0], 0x0072b2u);
	assert_int_equal(t->dir_color[1], 0xe69f00u);
	assert_null(t->charts[0].title);
	assert_string_equal(tmpl_kind_name(TMPL_SWEEP_QD), "sweep-qd");
	assert_string_equal(tmpl_kind_name(TMPL_ROUNDS), "rounds");
	assert_string_equal(tmpl_kind_name(TMPL_QOS), "qos");
	tmpl_free(t);
}

static int load_text(const char *text, struct tmpl **t, struct diag *d)
{
	char *path = xasprintf("%s/t.xml", testutil_dir);
	FILE *f = fopen(path, "w");
	int rc;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	diag_clear(d);
	rc = tmpl_load(t, path, d);
	free(path);
	return rc;
}

/*
 * The kinds' one table: one name each, unique; plot's "scatter" and a template's
 * kind="scatter" are dispersion; plot and templates list only what they draw.
 */
static void test_kind_table(void **state)
{
	struct tmpl *t = NULL;
	enum tmpl_kind k = TMPL_NKINDS;
	struct diag d;
	char *list;
	(void)state;

	for (int i = 0; i < TMPL_NKINDS; i++)
		for (int j = 0; j < i; j++)
			assert_string_not_equal(tmpl_kind_name((enum tmpl_kind)i),
						tmpl_kind_name((enum tmpl_kind)j));
	assert_null(tmpl_kind_info(TMPL_NKINDS));
	assert_int_equal(tmpl_kind_find("scatter", TMPL_IN_PLOT, &k), 0);
	assert_int_equal(k, TMPL_DISPERSION);
	assert_int_equal(tmpl_kind_find("dispersion", TMPL_IN_PLOT, &k), 0);
	assert_int_equal(k, TMPL_DISPERSION);
	assert_int_equal(tmpl_kind_find("hist", TMPL_IN_REPORT, &k), -1);
	assert_int_equal(tmpl_kind_find("summary", TMPL_IN_PLOT, &k), -1);
	list = tmpl_kind_list(TMPL_IN_PLOT, " or ");
	assert_string_equal(list, "time, bars, delta, dispersion, qos or hist");
	free(list);
	list = tmpl_kind_list(TMPL_IN_LINEUP, ", ");
	assert_string_equal(list, "drives, bars, delta, sweep-qd, dispersion, saturation, qos, "
			    "consistency");
	free(list);
	assert_non_null(strstr(TMPL_PLOT_KINDS_HELP, "dispersion: per-second dispersion"));
	assert_null(strstr(TMPL_PLOT_KINDS_HELP, "sweep-qd"));
	assert_int_equal(load_text("<report>\n  <chart kind=\"scatter\"/>\n</report>\n", &t,
				   &d), 0);
	assert_int_equal(t->charts[0].kind, TMPL_DISPERSION);
	tmpl_free(t);
	assert_int_equal(load_text("<report>\n  <chart kind=\"qos\" metrics=\"iops\"/>\n"
				   "</report>\n", &t, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "metrics only go with bars and delta, not 'qos'"));
}

/* A reviewer's copy: summary first, renamed, smaller, other colours, log y. */
static void test_edited_template(void **state)
{
	struct tmpl *t = NULL;
	struct diag d;
	(void)state;

	assert_int_equal(load_text("<report>\n"
				   "  <colors write=\"#cc79a7\"/>\n"
				   "  <chart kind=\"summary\" width=\"700\" title=\"總覽\"/>\n"
				   "  <chart kind=\"dispersion\" log-y=\"true\" height=\"400\"/>\n"
				   "</report>\n", &t, &d), 0);
	assert_int_equal(t->ncharts, 2);
	assert_int_equal(t->charts[0].kind, TMPL_SUMMARY);
	assert_string_equal(t->charts[0].title, "總覽");
	assert_true(t->charts[0].width == 700);
	assert_true(t->charts[1].log_y && t->charts[1].height == 400);
	assert_int_equal(t->dir_color[0], 0x0072b2u); /* not given: the default */
	assert_int_equal(t->dir_color[1], 0xcc79a7u);
	tmpl_free(t);
}

static void expect_error(const char *text, int line, int col, const char *msg)
{
	struct tmpl *t = NULL;
	struct diag d;

	assert_int_equal(load_text(text, &t, &d), -SB_EPARSE);
	assert_null(t);
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	if (!strstr(d.msg, msg))
		print_error("message: %s\n", d.msg);
	assert_non_null(strstr(d.msg, msg));
}

static void test_errors_located(void **state)
{
	(void)state;
	/* Every report kind in table order; later kinds' rows come after qos. */
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3,
		     "unknown chart kind (step-iops, sweep-qd, dispersion, summary, rounds, "
		     "qos, ");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3, ") 'pie'");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3, " snia-lat,");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3, " snia-tp");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3,
		     ", snia-wsat, snia-hir");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3, ", consistency, ");
	expect_error("<report>\n  <chart kind=\"pie\"/>\n</report>\n", 2, 3, ", xsr, dirth, access, replay) 'pie'");
	expect_error("<report>\n <chart kind=\"summary\" colour=\"red\"/>\n</report>\n", 2, 2,
		     "unknown attribute 'colour' on <chart>");
	expect_error("<report>\n<chart kind=\"summary\" width=\"20\"/>\n</report>\n", 2, 1,
		     "invalid size '20'");
	expect_error("<report>\n\n    <colors read=\"blue\"/>\n</report>\n", 3, 5,
		     "invalid colour (want #rrggbb) 'blue'");
	expect_error("<report>\n<section/>\n</report>\n", 2, 1, "unknown element 'section'");
	expect_error("<report>\n<chart kind=\"dispersion\" log-y=\"yes\"/>\n</report>\n", 2, 1,
		     "invalid log-y");
	expect_error("<plan/>\n", 1, 1, "the root element must be <report>");
	expect_error("<!DOCTYPE report [<!ENTITY x \"y\">]>\n<report/>\n", 1, 1,
		     "not allowed");
}

/* Bounded depth and size: located, whatever is inside. */
static void test_limits(void **state)
{
	struct sbuf deep, big;
	struct tmpl *t = NULL;
	struct diag d;
	(void)state;

	sbuf_init(&deep);
	sbuf_adds(&deep, "<report>\n");
	for (int i = 0; i < 20; i++)
		sbuf_adds(&deep, "  <chart kind=\"summary\">\n");
	for (int i = 0; i < 20; i++)
		sbuf_adds(&deep, "</chart>");
	sbuf_adds(&deep, "</report>\n");
	expect_error(deep.buf, 17, 3, "elements nested deeper than 16 levels");
	sbuf_release(&deep);
	sbuf_init(&big);
	sbuf_adds(&big, "<report>\n<!--");
	while (big.len <= (1u << 20))
		sbuf_adds(&big, "                                ");
	sbuf_adds(&big, "-->\n</report>\n");
	assert_int_equal(load_text(big.buf, &t, &d), -SB_EPARSE);
	assert_null(t);
	assert_int_equal(d.line, 0);
	assert_string_equal(d.msg, "file is larger than 1024 KiB");
	sbuf_release(&big);
	/* Exactly at the limit is read. */
	sbuf_init(&big);
	sbuf_adds(&big, "<report>\n<!--");
	while (big.len < (1u << 20) - 14)
		sbuf_addc(&big, ' ');
	sbuf_adds(&big, "-->\n</report>\n");
	assert_int_equal(big.len, 1u << 20);
	assert_int_equal(load_text(big.buf, &t, &d), 0);
	assert_int_equal(t->ncharts, 0);
	tmpl_free(t);
	sbuf_release(&big);
}

/* The lineup's template: its own root and kinds; each refuses the other's. */
static void test_lineup_template(void **state)
{
	struct tmpl *t = NULL;
	struct diag d;
	char *path = xasprintf("%s/l.xml", testutil_dir);
	FILE *f;
	(void)state;

	diag_clear(&d);
	assert_int_equal(tmpl_load_for(&t, SB_SOURCE_DIR "/templates/lineup-default.xml",
				       TMPL_FOR_LINEUP, &d), 0);
	assert_int_equal(t->ncharts, 8);
	assert_int_equal(t->charts[0].kind, TMPL_DRIVES);
	assert_int_equal(t->charts[2].kind, TMPL_DELTA);
	assert_int_equal(t->charts[5].kind, TMPL_CONSISTENCY); /* after dispersion */
	assert_int_equal(t->charts[7].kind, TMPL_QOS);
	assert_true(t->charts[1].height == 0 && t->charts[4].height == 500);
	tmpl_free(t);
	assert_int_equal(tmpl_load_for(&t, SB_SOURCE_DIR "/templates/report-default.xml",
				       TMPL_FOR_LINEUP, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "use it with 'ssdbench report'"));
	diag_clear(&d);
	assert_int_equal(tmpl_load(&t, SB_SOURCE_DIR "/templates/lineup-default.xml", &d),
			 -SB_EPARSE);
	assert_non_null(strstr(d.msg, "use it with 'ssdbench compare'"));

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("<lineup>\n  <chart kind=\"delta\" metrics=\"iops clat_p99.99_us\"/>\n"
	      "  <chart kind=\"bars\" metrics=\"iops lat\"/>\n</lineup>\n", f);
	fclose(f);
	diag_clear(&d);
	assert_int_equal(tmpl_load_for(&t, path, TMPL_FOR_LINEUP, &d), -SB_EPARSE);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "unknown metric"));
	assert_non_null(strstr(d.msg, "'lat'"));
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("<lineup>\n  <chart kind=\"summary\"/>\n</lineup>\n", f);
	fclose(f);
	diag_clear(&d);
	assert_int_equal(tmpl_load_for(&t, path, TMPL_FOR_LINEUP, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "drives, bars, delta"));
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_template),
		cmocka_unit_test(test_edited_template),
		cmocka_unit_test(test_kind_table),
		cmocka_unit_test(test_errors_located),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_lineup_template),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
