/* SPDX-License-Identifier: MIT */
/*
 * what the cover's purge rows say: the method and its seconds for a
 * drive's purge element, "none" for method none, "none (file target)" on a file;
 * never the pattern columns of a workload ("none / 0 B / QD0 / 0 jobs").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report_fixture.h"
#include "xalloc.h"

static void purge_step(struct result_step *st, const char *method, const char *status)
{
	result_step_init(st);
	st->kind = xstrdup("purge");
	st->rw = xstrdup(method);
	st->status = xstrdup(status);
	st->started = xstrdup("2026-11-30T23:59:55Z");
	st->ended = xstrdup("2026-12-01T00:00:07Z");   /* across midnight: 12 s */
}

static void check_text(const char *kind, const char *lang, const char *method,
		       const char *status, const char *want)
{
	struct result_run run;
	struct report r;
	struct report_opts o;
	struct result_step st;
	struct diag d;
	char *t;

	result_run_init(&run);
	memset(&r, 0, sizeof(r));
	memset(&o, 0, sizeof(o));
	run.target_kind = xstrdup(kind);
	o.lang = lang;
	r.run = &run;
	r.o = &o;
	diag_clear(&d);
	assert_int_equal(report__load_msgs(&r, lang, &d), 0);
	purge_step(&st, method, status);
	t = report__purge_text(&r, &st);
	assert_string_equal(t, want);
	free(t);
	result_step_release(&st);
	report_fixture_release(&r, &run);
}

static void test_purge_rows(void **state)
{
	(void)state;
	check_text("device", "en", "nvme-format", "ok", "nvme-format, 12 s");
	check_text("device", "zh-TW", "nvme-format", "ok", "nvme-format，耗時 12 秒");
	check_text("device", "zh-CN", "ata-sanitize-block", "ok", "ata-sanitize-block，耗时 12 秒");
	check_text("device", "en", "discard", "failed", "discard");   /* did not finish */
	check_text("device", "en", "none", "ok", "none");
	check_text("file", "en", "punch-holes", "ok", "none (file target)");
	check_text("file", "zh-TW", "punch-holes", "ok", "無（檔案目標）");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_purge_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
