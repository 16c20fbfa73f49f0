/* SPDX-License-Identifier: MIT */
/* journal: what resume reads back after a crash at any moment. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "err.h"
#include "hwop.h"
#include "journal.h"
#include "testutil.h"

/* Writable strings, as the journal's structs hold (they own what they read). */
static char plan[] = "/plans/a.xml", frag[] = "/plans/frag.xml", sha_a[] = "aa",
	    sha_b[] = "bb", smoke[] = "smoke=1", tpath[] = "/tmp/t.bin", tid[] = "file",
	    t0[] = "2026-11-30T04:00:00Z", t1[] = "2026-11-30T04:00:01Z",
	    t2[] = "2026-11-30T04:00:02Z", step[] = "step", ok[] = "ok", failed[] = "failed",
	    why[] = "fio exited with status 1";
static char *files[] = { plan, frag };
static char *shas[] = { sha_a, sha_b };
static char *sets[] = { smoke };

/* A journal with a start line and n elements in DIR/NAME. */
static char *make(const char *name, int n)
{
	char *dir = malloc(strlen(testutil_dir) + strlen(name) + 2);
	struct journal_start s = { .plan = plan, .files = files, .sha256 = shas,
				   .nfiles = 2, .sets = sets, .nsets = 1,
				   .target_path = tpath, .target_identity = tid,
				   .target_size = 1 << 20, .target_created = 1, .started = t0 };
	struct diag d;

	sprintf(dir, "%s/%s", testutil_dir, name);
	assert_int_equal(mkdir(dir, 0755), 0);
	diag_clear(&d);
	assert_int_equal(journal_create(dir, &s, &d), 0);
	for (int i = 1; i <= n; i++) {
		struct journal_elem e = { i, step, i, i == n ? failed : ok, i == n ? why : NULL,
					  t1, t2, (uint64_t)i << 20, 0, (uint64_t)i * 1000003,
					  i == 2 ? 4096u : 0, i == 2 };

		assert_int_equal(journal_add_elem(dir, &e, &d), 0);
	}
	return dir;
}

static void append(const char *dir, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, JOURNAL_FILE);
	f = fopen(path, "a");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_round_trip(void **state)
{
	char *dir = make("trip", 3);
	struct journal j;
	struct diag d;

	(void)state;
	assert_int_equal(journal_add_event(dir, "purged", NULL, &d), 0);
	journal_init(&j);
	diag_clear(&d);
	assert_int_equal(journal_read(dir, &j, &d), 0);
	assert_string_equal(j.start.plan, "/plans/a.xml");
	assert_int_equal(j.start.nfiles, 2);
	assert_string_equal(j.start.files[1], "/plans/frag.xml");
	assert_string_equal(j.start.sha256[1], "bb");
	assert_int_equal(j.start.nsets, 1);
	assert_string_equal(j.start.sets[0], "smoke=1");
	assert_int_equal(j.start.target_size, 1 << 20);
	assert_int_equal(j.start.target_created, 1);
	assert_int_equal(j.nelems, 3);
	assert_int_equal(j.elems[2].round, 3);
	assert_string_equal(j.elems[2].status, "failed");
	assert_string_equal(j.elems[2].error, "fio exited with status 1");
	assert_null(j.elems[0].error);
	assert_int_equal(j.elems[1].written_after, 2 << 20);
	for (int i = 0; i < 3; i++) {   /* each element's seed, and what a resume found */
		assert_int_equal(j.elems[i].seed, (uint64_t)(i + 1) * 1000003);
		assert_int_equal(j.elems[i].lost_before, i == 1 ? 4096 : 0);
		assert_int_equal(j.elems[i].new_pass, i == 1);
	}
	assert_int_equal(j.purged, 1);
	assert_int_equal(j.ended, 0);
	journal_release(&j);
	free(dir);
}

/* kill -9 in the middle of a write leaves a line without its newline: not written. */
static void test_cut_short_line_ignored(void **state)
{
	char *dir = make("cut", 2);
	struct journal j;
	struct diag d;

	(void)state;
	append(dir, "{\"event\":\"element\",\"index\":3,\"na");
	journal_init(&j);
	diag_clear(&d);
	assert_int_equal(journal_read(dir, &j, &d), 0);
	assert_int_equal(j.nelems, 2);
	journal_release(&j);
	free(dir);
}

/* A damaged line in the middle is an error naming its line; so is a gap in the order. */
static void test_damage_located(void **state)
{
	char *dir = make("bad", 1), *gap = make("gap", 1);
	struct journal j;
	struct diag d;

	(void)state;
	append(dir, "{oops\n{\"event\":\"end\"}\n");
	journal_init(&j);
	diag_clear(&d);
	assert_int_equal(journal_read(dir, &j, &d), -SB_EPARSE);
	assert_int_equal(d.line, 3);
	journal_release(&j);
	append(gap, "{\"event\":\"element\",\"index\":5,\"name\":\"x\",\"status\":\"ok\"}\n");
	journal_init(&j);
	diag_clear(&d);
	assert_int_equal(journal_read(gap, &j, &d), -SB_EPARSE);
	assert_int_equal(d.line, 3);
	assert_non_null(strstr(d.msg, "element 2 expected"));
	journal_release(&j);
	free(dir);
	free(gap);
}

static void test_not_a_journal(void **state)
{
	char dir[600], path[700];
	struct journal j;
	struct diag d;
	FILE *f;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/none", testutil_dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	journal_init(&j);
	diag_clear(&d);
	assert_int_equal(journal_read(dir, &j, &d), -SB_ENOENT);
	snprintf(path, sizeof(path), "%s/%s", dir, JOURNAL_FILE);
	f = fopen(path, "w");
	fputs("{\"event\":\"element\",\"index\":1}\n", f);
	fclose(f);
	diag_clear(&d);
	assert_int_equal(journal_read(dir, &j, &d), -SB_EPARSE);
	assert_non_null(strstr(d.msg, "not an ssdbench journal"));
	journal_release(&j);
}

/*
 * A capacity change is journaled (with its restore record) before it happens and
 * stays open until "capacity-restored"; a RAID array until "raid-down". Resume
 * reads both to give the drive back and stop the array before anything else.
 */
static void test_open_restore_and_raid(void **state)
{
	struct hwop_restore r = { HWOP_HPA, "/dev/sdb", "S123", 1953525167, 0, 0, 0, 0, 0, 512 };
	struct hwop_restore back;
	char *dir = make("restore", 1), *rec = hwop_restore_json(&r);
	struct journal j;
	struct diag d;

	(void)state;
	diag_clear(&d);
	assert_int_equal(journal_add_event(dir, "raid-up", "/dev/md/ssdbench-md", &d), 0);
	assert_int_equal(journal_add_restore(dir, "capacity-change", rec, &d), 0);
	assert_int_equal(journal_add_restore(dir, "capacity-change", "not json", &d),
			 -SB_EINVAL);
	assert_int_equal(journal_add_restore(dir, "write-cache-change", "{\"before\": 1}", &d), 0);
	journal_init(&j);
	assert_int_equal(journal_read(dir, &j, &d), 0);
	assert_string_equal(j.raid_open, "/dev/md/ssdbench-md");
	assert_non_null(j.restore_open);
	assert_int_equal(hwop_restore_parse(j.restore_open, &back, &d), 0);
	assert_int_equal(back.method, HWOP_HPA);
	assert_true(back.native_max == 1953525167);
	assert_string_equal(back.identity, "S123");
	assert_string_equal(j.wcache_open, "{\"before\":1}");
	journal_release(&j);
	/* Given back: nothing is left open. */
	assert_int_equal(journal_add_event(dir, "capacity-restored", NULL, &d), 0);
	assert_int_equal(journal_add_event(dir, "raid-down", "/dev/md/ssdbench-md", &d), 0);
	assert_int_equal(journal_add_event(dir, "write-cache-restored", NULL, &d), 0);
	journal_init(&j);
	assert_int_equal(journal_read(dir, &j, &d), 0);
	assert_null(j.raid_open);
	assert_null(j.restore_open);
	assert_null(j.wcache_open);
	journal_release(&j);
	free(rec);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_cut_short_line_ignored),
		cmocka_unit_test(test_damage_located),
		cmocka_unit_test(test_not_a_journal),
		cmocka_unit_test(test_open_restore_and_raid),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
