/* SPDX-License-Identifier: MIT */
/*
 * what the cover's purge rows say: the method and its seconds for a
 * drive's purge element, "none" for method none, "none (file target)" on a file;
 * never the pattern columns of a workload ("none / 0 B / QD0 / 0 jobs"); board and
 * BIOS said unknown.
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

/* The value of the header row labelled label, or NULL. */
static const char *row_of(char **kv, size_t n, const char *label)
{
	for (size_t i = 0; i + 1 < 2 * n; i += 2)
		if (!strcmp(kv[i], label))
			return kv[i + 1];
	return NULL;
}

/*
 * Board and BIOS on the cover: both known, a row of them; one known, the other
 * "unknown" beside it; neither, said at the platform row's end, no row of their own.
 */
static void check_board(const char *board, const char *bios, const char *want_platform,
			const char *want_board)
{
	struct result_run run;
	struct report r;
	struct report_opts o;
	struct diag d;
	char **kv;
	size_t n;

	result_run_init(&run);
	memset(&r, 0, sizeof(r));
	memset(&o, 0, sizeof(o));
	run.target_kind = xstrdup("file");
	run.cpu = xstrdup("AMD EPYC");
	run.kernel = xstrdup("Linux 6.1");
	run.board = board ? xstrdup(board) : NULL;
	run.bios = bios ? xstrdup(bios) : NULL;
	o.lang = "en";
	r.run = &run;
	r.o = &o;
	diag_clear(&d);
	assert_int_equal(report__load_msgs(&r, "en", &d), 0);
	n = report__header_rows(&r, &kv);
	assert_string_equal(row_of(kv, n, "Platform"), want_platform);
	if (want_board)
		assert_string_equal(row_of(kv, n, "Board"), want_board);
	else
		assert_null(row_of(kv, n, "Board"));
	report__header_free(kv, n);
	report_fixture_release(&r, &run);
}

static void test_board_rows(void **state)
{
	(void)state;
	check_board("ASUS ProArt X670E", "AMI 1813", "CPU AMD EPYC / Kernel Linux 6.1",
		    "Board ASUS ProArt X670E / BIOS AMI 1813");
	check_board("ASUS ProArt X670E", "unknown", "CPU AMD EPYC / Kernel Linux 6.1",
		    "Board ASUS ProArt X670E / BIOS unknown");
	check_board(NULL, NULL, "CPU AMD EPYC / Kernel Linux 6.1 / board and BIOS unknown", NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_purge_rows),
		cmocka_unit_test(test_board_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
