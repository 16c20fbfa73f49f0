/* SPDX-License-Identifier: MIT */
/* Tests for archive_fields: the table against docs/archive-format.md, and write then read. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "archive_fields.h"
#include "err.h"
#include "result.h"
#include "sbuf.h"
#include "xalloc.h"

#define DOC SB_SOURCE_DIR "/docs/archive-format.md"
#define BEGIN "<!-- archive-fields: generated from parsers/archive_fields.c -->\n"
#define END "<!-- archive-fields end -->\n"

/*
 * The doc's field table is the table's: SSDBENCH_UPDATE_DOCS=1 rewrites it in place
 * (after a row changed), otherwise any difference fails and prints the table.
 */
static void test_doc_table(void **state)
{
	struct sbuf doc, want;
	FILE *f = fopen(DOC, "r");
	char buf[4096], *b, *e;
	size_t n;

	(void)state;
	assert_non_null(f);
	sbuf_init(&doc);
	sbuf_init(&want);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sbuf_add(&doc, buf, n);
	fclose(f);
	archive_fields_doc(&want);
	b = doc.buf ? strstr(doc.buf, BEGIN) : NULL;
	e = b ? strstr(b, END) : NULL;
	if (!b || !e || !want.buf) {
		print_error("no field table between its markers in docs/archive-format.md\n");
		fail();
		return;
	}
	b += strlen(BEGIN);
	if (getenv("SSDBENCH_UPDATE_DOCS") && ((size_t)(e - b) != want.len ||
					       memcmp(b, want.buf, want.len))) {
		FILE *w = fopen(DOC, "w");

		assert_non_null(w);
		fwrite(doc.buf, 1, (size_t)(b - doc.buf), w);
		fwrite(want.buf, 1, want.len, w);
		fputs(e, w);
		assert_int_equal(fclose(w), 0);
	} else if ((size_t)(e - b) != want.len || memcmp(b, want.buf, want.len)) {
		print_error("docs/archive-format.md's field table differs from the table; "
			    "run with SSDBENCH_UPDATE_DOCS=1, or put in:\n%s", want.buf);
		fail();
	}
	sbuf_release(&doc);
	sbuf_release(&want);
}

/* Each JSON object names a key once; the top level's member objects are contiguous. */
static void test_unique(void **state)
{
	struct sbuf a, b;

	(void)state;
	sbuf_init(&a);
	sbuf_init(&b);
	for (size_t i = 0; i < archive_nfields; i++) {
		assert_non_null(archive_fields[i].doc);
		assert_int_equal(archive_fields[i].since, 1);
		for (size_t j = i + 1; j < archive_nfields; j++) {
			sbuf_release(&a);
			sbuf_release(&b);
			archive_field_name(&archive_fields[i], &a);
			archive_field_name(&archive_fields[j], &b);
			assert_string_not_equal(a.buf, b.buf);
		}
	}
	sbuf_release(&a);
	sbuf_release(&b);
}

/* A step written and read back is the same; nulls where the writer says null. */
static void test_step_round_trip(void **state)
{
	struct result_run run, back;
	struct result_step *st, *bk;
	struct diag d;
	json_t *o;

	(void)state;
	result_run_init(&run);
	result_run_init(&back);
	st = result_run_add_step(&run);
	st->index = 3;
	st->name = xstrdup("rnd4k");
	st->dir = xstrdup("steps/003-rnd4k");
	st->status = xstrdup("ok");
	st->bs = 4096;
	st->seed = 0;
	st->rwmixread = -1;
	st->written_before = 1ULL << 40;
	o = archive_fields_write(ARCHIVE_STEP, st, NULL, NULL);
	assert_true(json_is_null(json_object_get(o, "seed")));
	assert_true(json_is_null(json_object_get(o, "rwmixread")));
	assert_true(json_is_null(json_object_get(o, "kind")));
	assert_int_equal(json_integer_value(json_object_get(o, "bs")), 4096);
	bk = result_run_add_step(&back);
	diag_clear(&d);
	assert_int_equal(archive_fields_read(ARCHIVE_STEP, o, bk, "m.json", "steps[0]", &d), 0);
	assert_int_equal(bk->index, 3);
	assert_string_equal(bk->name, "rnd4k");
	assert_string_equal(bk->dir, "steps/003-rnd4k");
	assert_int_equal(bk->bs, 4096);
	assert_int_equal(bk->rwmixread, -1);
	assert_true(bk->written_before == 1ULL << 40);
	assert_null(bk->kind);
	json_object_del(o, "dir");
	bk = result_run_add_step(&back);   /* the reader fills a new step */
	assert_int_equal(archive_fields_read(ARCHIVE_STEP, o, bk, "m.json", "steps[1]", &d),
			 -SB_EPARSE);
	assert_string_equal(d.path, "steps[1].dir");
	json_decref(o);
	result_run_release(&run);
	result_run_release(&back);
}

/* The top level: member objects made where their first key is, code fields asked. */
static json_t *code_null(const struct archive_field *f, void *ctx)
{
	(void)ctx;
	return !strcmp(f->key, "format") ? json_string(ARCHIVE_FORMAT) : NULL;
}

static void test_manifest_write(void **state)
{
	struct result_run run;
	const char *key;
	json_t *o, *v;
	size_t i = 0;
	const char *order[] = { "format", "ssdbench_version", "fio_version", "ioengine",
				"platform", "source", "started", "ended", "status", "error", "plan",
				"target", "report_langs" };

	(void)state;
	result_run_init(&run);
	run.plan_name = xstrdup("quick");
	run.capacity = 7;
	o = archive_fields_write(ARCHIVE_MANIFEST, &run, code_null, NULL);
	json_object_foreach(o, key, v) {
		assert_true(i < sizeof(order) / sizeof(order[0]));
		assert_string_equal(key, order[i++]);
	}
	assert_int_equal(i, sizeof(order) / sizeof(order[0]));
	assert_string_equal(json_string_value(json_object_get(json_object_get(o, "plan"),
							      "name")), "quick");
	/* target.size is the writer's (the target record), not run.capacity */
	assert_null(json_object_get(json_object_get(o, "target"), "size"));
	json_decref(o);
	result_run_release(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_doc_table),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_step_round_trip),
		cmocka_unit_test(test_manifest_write),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
