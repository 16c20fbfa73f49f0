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
	assert_int_equal(t->ncharts, 7);
	assert_int_equal(t->charts[0].kind, TMPL_CARD);   /* every review opens with it */
	assert_int_equal(t->charts[1].kind, TMPL_STEP_IOPS);
	assert_int_equal(t->charts[2].kind, TMPL_ROUNDS);
	assert_int_equal(t->charts[3].kind, TMPL_SWEEP_QD);
	assert_int_equal(t->charts[4].kind, TMPL_DISPERSION);
	assert_int_equal(t->charts[5].kind, TMPL_CONSISTENCY); /* after dispersion */
	assert_int_equal(t->charts[6].kind, TMPL_SUMMARY);
	assert_true(t->charts[1].width == 960 && t->charts[1].height == 600);
	assert_true(t->charts[0].height == 0); /* a table: as tall as its rows */
	assert_true(t->charts[5].height == 0);
	assert_true(t->charts[6].height == 0); /* bars: as tall as their rows */
	assert_int_equal(t->dir_color[0], 0x0072b2u);
	assert_int_equal(t->dir_color[1], 0xe69f00u);
	assert_null(t->charts[1].title);
	assert_string_equal(tmpl_kind_name(TMPL_SWEEP_QD), "sweep-qd");
	assert_string_equal(tmpl_kind_name(TMPL_ROUNDS), "rounds");
	assert_string_equal(tmpl_kind_name(TMPL_QOS), "qos");
	tmpl_free(t);
}

static int load_text_for(const char *text, enum tmpl_use use, struct tmpl **t,
			 struct diag *d)
{
	char *path = xasprintf("%s/t.xml", testutil_dir);
	FILE *f = fopen(path, "w");
	int rc;

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	diag_clear(d);
	rc = tmpl_load_for(t, path, use, d);
	free(path);
	return rc;
}

static int load_text(const char *text, struct tmpl **t, struct diag *d)
{
	return load_text_for(text, TMPL_FOR_REPORT, t, d);
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
	assert_string_equal(list, "drives, card, bars, delta, sweep-qd, dispersion, saturation, "
			    "qos, consistency, passes");
	free(list);
	assert_non_null(strstr(TMPL_PLOT_KINDS_HELP, "dispersion: per-second dispersion"));
	assert_null(strstr(TMPL_PLOT_KINDS_HELP, "sweep-qd"));
	assert_int_equal(load_text("<report>\n  <chart kind=\"scatter\"/>\n</report>\n", &t,
				   &d), 0);
	assert_int_equal(t->charts[0].kind, TMPL_DISPERSION);
	tmpl_free(t);
	assert_int_equal(load_text("<report>\n  <chart kind=\"qos\" metrics=\"iops\"/>\n"
				   "</report>\n", &t, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "metrics only go with bars, delta and passes, not 'qos'"));
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

/*
 * A bad template, where its error must point and what it must say. The place is
 * found in the text itself: the first occurrence of at, skip bytes into it (past
 * `kind="` to point at a value); msg is the whole message, or its beginning when it
 * ends in "...".
 */
struct bad_tmpl {
	enum tmpl_use use;
	const char *text;
	const char *at;
	size_t skip;
	const char *msg;
};

#define R TMPL_FOR_REPORT
#define L TMPL_FOR_LINEUP
static const struct bad_tmpl bad_tmpls[] = {
	/* chart kinds: a typo, no near one, another template's, plot's only, none */
	{ R, "<report>\n  <chart kind=\"qso\"/>\n</report>\n", "kind=\"qso\"", 6,
	  "unknown chart kind 'qso' (did you mean 'qos'? kinds: step-iops, card, sweep-qd, ..." },
	{ R, "<report>\n  <chart kind='sumary' width=\"700\"/>\n</report>\n", "sumary", 0,
	  "unknown chart kind 'sumary' (did you mean 'summary'? kinds: step-iops, ..." },
	{ R, "<report>\n  <chart kind=\"pie\"/>\n</report>\n", "pie", 0,
	  "unknown chart kind 'pie' (kinds: step-iops, card, sweep-qd, ..." },
	{ R, "<report>\n\t<chart kind=\"drives\"/>\n</report>\n", "drives", 0,
	  "chart kind 'drives' does not go in a report template (kinds: step-iops, ..." },
	{ R, "<report>\n  <chart kind=\"hist\"/>\n</report>\n", "hist", 0,
	  "chart kind 'hist' does not go in a report template (kinds: step-iops, ..." },
	{ L, "<lineup>\n  <chart kind=\"summary\"/>\n</lineup>\n", "summary", 0,
	  "chart kind 'summary' does not go in a lineup template (kinds: drives, card, "
	  "bars, ..." },
	{ R, "<report>\n  <chart width=\"960\"/>\n</report>\n", "<chart", 0,
	  "<chart> needs the attribute 'kind'" },
	/* attributes: a typo, none near, on a later line, after wide characters */
	{ R, "<report>\n <chart kind=\"summary\" widht=\"700\"/>\n</report>\n", "widht", 0,
	  "unknown attribute 'widht' on <chart> (did you mean 'width'?)" },
	{ R, "<report>\n <chart kind=\"summary\" colour=\"red\"/>\n</report>\n", "colour", 0,
	  "unknown attribute 'colour' on <chart>" },
	{ R, "<report>\n  <colors reed=\"#000000\"/>\n</report>\n", "reed", 0,
	  "unknown attribute 'reed' on <colors> (did you mean 'read'?)" },
	{ R, "<report>\n  <colors read=\"#000000\" wirte=\"#000000\"/>\n</report>\n", "wirte",
	  0, "unknown attribute 'wirte' on <colors> (did you mean 'write'?)" },
	{ R, "<report>\n  <chart kind=\"summary\" title=\"總覽 ☃\" tilte=\"x\"/>\n</report>\n",
	  "tilte", 0, "unknown attribute 'tilte' on <chart> (did you mean 'title'?)" },
	{ R, "<report prest=\"web\">\n</report>\n", "prest", 0,
	  "unknown attribute 'prest' on <report> (did you mean 'preset'?)" },
	{ R, "<report>\n  <chart kind=\"qos\" xml:lang=\"en\"/>\n</report>\n", "xml:lang", 0,
	  "unknown attribute 'xml:lang' on <chart>" },
	/* values */
	{ R, "<report>\n<chart kind=\"summary\"\n       width=\"20\"/>\n</report>\n",
	  "width=\"20\"", 7, "invalid width '20' (a number from 300 to 4000)" },
	{ R, "<report>\n<chart kind=\"dispersion\" height=\"100\"/>\n</report>\n", "100", 0,
	  "invalid height '100' (a number from 200 to 4000)" },
	{ R, "<report>\n\n    <colors read=\"blue\"/>\n</report>\n", "blue", 0,
	  "invalid read colour 'blue' (want #rrggbb)" },
	{ R, "<report>\n<chart kind=\"dispersion\" log-y=\"ture\"/>\n</report>\n", "ture", 0,
	  "invalid log-y 'ture' (did you mean 'true'? true or false)" },
	{ R, "<report>\n<chart kind=\"dispersion\" log-y=\"yes\"/>\n</report>\n", "yes", 0,
	  "invalid log-y 'yes' (true or false)" },
	{ R, "<report preset=\"webb\">\n</report>\n", "webb", 0,
	  "unknown preset 'webb' (did you mean 'web'? print, web, slide, 85mm or 175mm)" },
	{ R, "<report preset=\"archive\">\n</report>\n", "archive", 0,
	  "unknown preset 'archive' (print, web, slide, 85mm or 175mm)" },
	{ L, "<lineup\n   preset=\"slid\">\n</lineup>\n", "slid", 0,
	  "unknown preset 'slid' (did you mean 'slide'? print, web, slide, 85mm or 175mm)" },
	{ R, "<report>\n  <chart kind=\"dispersion\" inset=\"autp\"/>\n</report>\n", "autp", 0,
	  "invalid inset 'autp' (did you mean 'auto'? auto, none or a duration: 400s)" },
	{ R, "<report>\n  <chart kind=\"dispersion\" inset-y=\"5..1\"/>\n</report>\n", "5..1", 0,
	  "invalid inset-y '5..1' (want a..b, a < b)" },
	{ R, "<report>\n  <chart kind=\"dispersion\" inset-corner=\"upper-lft\"/>\n</report>\n",
	  "upper-lft", 0,
	  "invalid inset-corner 'upper-lft' (did you mean 'upper-left'? auto, upper-right, "
	  "upper-left, lower-right or lower-left)" },
	{ R, "<report>\n  <chart kind=\"summary\" inset-x=\"1..2\"/>\n</report>\n", "inset-x", 0,
	  "an inset only goes with dispersion and step-iops, not 'summary'" },
	{ R, "<report>\n  <chart kind=\"qos\" metrics=\"iops\"/>\n</report>\n", "metrics", 0,
	  "metrics only go with bars, delta and passes, not 'qos'" },
	/* metrics: the word inside the value */
	{ L, "<lineup>\n  <chart kind=\"bars\" metrics=\"iops iosp\"/>\n</lineup>\n", "iosp", 0,
	  "unknown metric 'iosp' (did you mean 'iops'? the lineup CSV's metrics: iops, MBps, "
	  "read_iops, ..." },
	{ L, "<lineup>\n  <chart kind=\"delta\" metrics=\"iops  clat_p99.9_us write_MBsp\"/>\n"
	  "</lineup>\n", "write_MBsp", 0,
	  "unknown metric 'write_MBsp' (did you mean 'write_MBps'? the lineup CSV's "
	  "metrics: ..." },
	{ L, "<lineup>\n  <chart kind=\"bars\" metrics=\"lat\"/>\n</lineup>\n", "lat", 0,
	  "unknown metric 'lat' (the lineup CSV's metrics: iops, MBps, ..." },
	/* elements and text */
	{ R, "<report>\n  <chrat kind=\"qos\"/>\n</report>\n", "<chrat", 0,
	  "unknown element <chrat> in <report> (did you mean <chart>?)" },
	{ R, "<report>\n<section/>\n</report>\n", "<section", 0,
	  "unknown element <section> in <report>" },
	{ L, "<lineup>\n  <chart kind=\"bars\"/>\n  <colors read=\"#000000\"/>\n</lineup>\n",
	  "<colors", 0, "<colors> is not allowed inside <lineup>" },
	{ R, "<report>\n  <chart kind=\"qos\">\n    <chart kind=\"qos\"/>\n  </chart>\n"
	  "</report>\n", "<chart kind=\"qos\"/>", 0, "<chart> is not allowed inside <chart>" },
	{ R, "<report>\n  <chart kind=\"qos\"><titel>x</titel></chart>\n</report>\n", "<titel",
	  0, "unknown element <titel> in <chart>" },
	{ R, "<report>\n  <chart kind=\"qos\">\n    IOPS\n  </chart>\n</report>\n", "<chart", 0,
	  "unexpected text inside <chart>" },
	{ R, "<?xml version=\"1.0\"?>\n<report>\n  summary\n</report>\n", "<report", 0,
	  "unexpected text inside <report>" },
	/* the root */
	{ R, "<?xml version=\"1.0\"?>\n<!-- a plan -->\n  <plan/>\n", "<plan", 0,
	  "the root element must be <report>, not <plan>" },
	{ L, "<report>\n</report>\n", "<report", 0,
	  "the root element must be <lineup>, not <report> (this is a report template: use "
	  "it with 'ssdbench report')" },
	{ R, "<!-- a lineup -->\n <lineup/>\n", "<lineup", 0,
	  "the root element must be <report>, not <lineup> (this is a lineup template: use "
	  "it with 'ssdbench compare')" },
	/* refused before the elements are read */
	{ R, "<!DOCTYPE report [<!ENTITY x \"y\">]>\n<report/>\n", "<!DOCTYPE", 0,
	  "a DOCTYPE or ENTITY declaration is not allowed in a template or string table" },
};
#undef R
#undef L

/* Line and column (1-based, columns in characters) of byte off of text, counted here
 * rather than asked of the code under test. */
static void line_col(const char *text, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n')
			++*line, *col = 1;
		else if (((unsigned char)text[i] & 0xC0) != 0x80)
			++*col;
	}
}

static void test_errors_located(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_tmpls) / sizeof(bad_tmpls[0]); i++) {
		const struct bad_tmpl *b = &bad_tmpls[i];
		const char *at = strstr(b->text, b->at);
		size_t n = strlen(b->msg);
		int prefix = n > 3 && !strcmp(b->msg + n - 3, "...");
		struct tmpl *t = NULL;
		struct diag d;
		int line, col;

		assert_non_null(at);
		line_col(b->text, (size_t)(at - b->text) + b->skip, &line, &col);
		assert_int_equal(load_text_for(b->text, b->use, &t, &d), -SB_EPARSE);
		assert_null(t);
		if (d.line != line || d.col != col ||
		    (prefix ? strncmp(d.msg, b->msg, n - 3) : strcmp(d.msg, b->msg)))
			fail_msg("bad template %zu:\n%s\nwant %d:%d: %s\ngot  %d:%d: %s", i,
				 b->text, line, col, b->msg, d.line, d.col, d.msg);
		assert_string_equal(d.file + strlen(d.file) - strlen("/t.xml"), "/t.xml");
	}
}

/* An unknown kind's message lists every kind the template may use, in table order. */
static void test_kinds_listed(void **state)
{
	struct tmpl *t = NULL;
	struct diag d;
	char *list, *want;
	(void)state;

	list = tmpl_kind_list(TMPL_IN_REPORT, ", ");
	want = xasprintf("unknown chart kind 'pie' (kinds: %s)", list);
	assert_string_equal(list, "step-iops, card, sweep-qd, dispersion, summary, rounds, qos, "
			    "snia-lat, snia-tp, snia-wsat, snia-hir, consistency, xsr, dirth, "
			    "access, replay");
	assert_int_equal(load_text("<report><chart kind=\"pie\"/></report>", &t, &d),
			 -SB_EPARSE);
	assert_string_equal(d.msg, want);
	free(want);
	free(list);
	/* "scatter", dispersion's old name, is suggested as well as accepted. */
	assert_int_equal(load_text("<report><chart kind=\"scater\"/></report>", &t, &d),
			 -SB_EPARSE);
	assert_non_null(strstr(d.msg, "(did you mean 'scatter'? kinds: "));
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
	assert_int_equal(t->ncharts, 10);
	assert_int_equal(t->charts[0].kind, TMPL_DRIVES);
	assert_int_equal(t->charts[1].kind, TMPL_CARD);
	assert_int_equal(t->charts[3].kind, TMPL_DELTA);
	assert_int_equal(t->charts[4].kind, TMPL_PASSES);
	assert_int_equal(t->charts[7].kind, TMPL_CONSISTENCY); /* after dispersion */
	assert_int_equal(t->charts[9].kind, TMPL_QOS);
	assert_true(t->charts[1].height == 0 && t->charts[2].height == 0 &&
		    t->charts[6].height == 500);
	tmpl_free(t);
	/* a pass set's report: no Δ table, the passes' tables of six metrics */
	assert_int_equal(tmpl_load_for(&t, SB_SOURCE_DIR "/templates/lineup-passes.xml",
				       TMPL_FOR_LINEUP, &d), 0);
	assert_int_equal(t->charts[1].kind, TMPL_PASSES);
	assert_string_equal(t->charts[1].metrics, "iops MBps clat_mean_us clat_p99.9_us "
			    "replay_MBps drivemaster_score");
	for (size_t i = 0; i < t->ncharts; i++)
		assert_int_not_equal(t->charts[i].kind, TMPL_DELTA);
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
	assert_non_null(strstr(d.msg, "drives, card, bars, delta"));
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_template),
		cmocka_unit_test(test_edited_template),
		cmocka_unit_test(test_kind_table),
		cmocka_unit_test(test_errors_located),
		cmocka_unit_test(test_kinds_listed),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_lineup_template),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
