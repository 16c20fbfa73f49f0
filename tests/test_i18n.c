/* SPDX-License-Identifier: MIT */
/* Tests of i18n: the shipped string tables agree, and bad tables fail at FILE:LINE:COL. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>

#include "err.h"
#include "i18n.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

#define MAX_IDS 512

/* The ids of en.xml, in its order; free() each. */
static size_t shipped_ids(char *ids[MAX_IDS])
{
	xmlDocPtr doc = xmlReadFile(SB_SOURCE_DIR "/templates/i18n/en.xml", NULL,
				    XML_PARSE_NONET);
	size_t n = 0;

	assert_non_null(doc);
	for (xmlNode *c = xmlDocGetRootElement(doc)->children; c; c = c->next) {
		xmlChar *id;

		if (c->type != XML_ELEMENT_NODE)
			continue;
		id = xmlGetProp(c, BAD_CAST "id");
		assert_non_null(id);
		assert_true(n < MAX_IDS);
		ids[n++] = xstrdup((const char *)id);
		xmlFree(id);
	}
	xmlFreeDoc(doc);
	return n;
}

static void test_shipped_tables_agree(void **state)
{
	static const char *const langs[] = { "en", "zh-TW", "zh-CN", "zh-Hant-HK" };
	static const char *const want[] = { "Summary", "效能摘要", "性能摘要", "效能摘要" };
	char *ids[MAX_IDS];
	size_t n = shipped_ids(ids);
	(void)state;

	assert_true(n > 30);
	for (size_t i = 0; i < 4; i++) {
		char *path = i18n_path(SB_SOURCE_DIR, langs[i]);
		struct i18n *t = NULL;
		size_t k = 0;
		struct diag d;

		diag_clear(&d);
		assert_int_equal(i18n_load(&t, path, (const char *const *)ids, n, &d), 0);
		while (strcmp(ids[k], "summary"))
			k++;
		assert_string_equal(i18n_strings(t)[k], want[i]);
		i18n_free(t);
		free(path);
	}
	for (size_t i = 0; i < n; i++)
		free(ids[i]);
}

/* Writes text to a scratch file and loads it with ids a, b; returns the code. */
static int load_text(const char *text, struct diag *d, char **path)
{
	static const char *const ids[] = { "a", "b" };
	struct i18n *t = NULL;
	FILE *f;
	int rc;

	*path = xasprintf("%s/t.xml", testutil_dir);
	f = fopen(*path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	diag_clear(d);
	rc = i18n_load(&t, *path, ids, 2, d);
	i18n_free(t);
	return rc;
}

static void expect_error(const char *text, int line, int col, const char *msg)
{
	struct diag d;
	char *path;

	assert_int_equal(load_text(text, &d, &path), -SB_EPARSE);
	assert_string_equal(d.file, path);
	assert_int_equal(d.line, line);
	if (col >= 0)
		assert_int_equal(d.col, col);
	if (!strstr(d.msg, msg))
		print_error("message: %s\n", d.msg);
	assert_non_null(strstr(d.msg, msg));
	free(path);
}

static void test_errors_located(void **state)
{
	struct diag d;
	char *path;
	(void)state;

	assert_int_equal(load_text("<strings>\n <string id=\"a\">A</string>\n"
				   " <string id=\"b\">B &amp; C</string>\n</strings>\n",
				   &d, &path), 0);
	free(path);
	expect_error("<strings>\n <string id=\"a\">A</string>\n"
		     "   <string id=\"c\">C</string>\n</strings>\n", 3, 4,
		     "unknown string id 'c'");
	expect_error("<strings>\n <string id=\"a\">A</string>\n</strings>\n", 1, 1,
		     "string 'b' is missing");
	expect_error("<strings>\n<string id=\"a\">A</string>\n<string id=\"a\">A</string>\n"
		     "</strings>\n", 3, 1, "defined twice");
	expect_error("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY e \"boom\">]>\n"
		     "<strings/>\n", 2, 1, "not allowed");
	expect_error("<strings>\n <string id=\"a\">A</strin>\n</strings>\n", 2, -1,
		     "mismatch");
	expect_error("<texts/>\n", 1, 1, "root element must be <strings>");
}

static void test_missing_file(void **state)
{
	static const char *const ids[] = { "a" };
	struct i18n *t = NULL;
	struct diag d;
	(void)state;

	diag_clear(&d);
	assert_int_equal(i18n_load(&t, "/nonexistent/en.xml", ids, 1, &d), -SB_ENOENT);
	assert_null(t);
	assert_non_null(strstr(d.msg, "/nonexistent/en.xml"));
}

/* the table of report languages, as every --lang reads it. */
static void test_lang_table(void **state)
{
	static const char *const in[][2] = {
		{ "en", "en" }, { "EN", "en" }, { "zh-tw", "zh-TW" }, { "zh-Hant", "zh-TW" },
		{ "zh-Hant-HK", "zh-TW" }, { "zh-HK", "zh-TW" }, { "zh-CN", "zh-CN" },
		{ "zh-hans", "zh-CN" }, { "zh-SG", "zh-CN" },
	};
	const char *out[I18N_MAX_LANGS];
	struct diag d;
	size_t n;
	(void)state;

	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		assert_string_equal(i18n_lang_find(in[i][0]), in[i][1]);
	assert_null(i18n_lang_find("fr"));
	assert_null(i18n_lang_find("zh"));
	assert_null(i18n_lang_find("english"));   /* "en" then more letters: no subtag */
	assert_null(i18n_lang_find(""));
	assert_string_equal(i18n_lang_known(), "en, zh-TW, zh-CN");
	diag_clear(&d);
	assert_int_equal(i18n_lang_check("fr", &d), -SB_EUSAGE);
	assert_string_equal(d.msg, "unknown language 'fr' (known: en, zh-TW, zh-CN)");
	diag_clear(&d);
	assert_int_equal(i18n_lang_split("zh-hans,en", out, I18N_MAX_LANGS, &n, &d), 0);
	assert_int_equal(n, 2);
	assert_string_equal(out[0], "zh-CN");
	assert_string_equal(out[1], "en");
	assert_int_equal(i18n_lang_split("en,fr", out, I18N_MAX_LANGS, &n, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "'fr'"));
	diag_clear(&d);
	assert_int_equal(i18n_lang_split("en,EN", out, I18N_MAX_LANGS, &n, &d), -SB_EUSAGE);
	assert_string_equal(d.msg, "language 'EN' given twice");
	diag_clear(&d);
	assert_int_equal(i18n_lang_split("en,", out, I18N_MAX_LANGS, &n, &d), -SB_EUSAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_tables_agree),
		cmocka_unit_test(test_errors_located),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_lang_table),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
