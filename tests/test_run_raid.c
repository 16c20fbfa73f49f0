/* SPDX-License-Identifier: MIT */
/*
 * Tests of run_raid: the plan shapes a run takes (one target, or one <raid>
 * holding every step and naming every target, on one machine), its members
 * resolved in the order the <raid> lists them, the mdadm argument vectors and the
 * dry run's account rebuilt here from the members and the chunk, and the array's
 * life through a fake runner (raid_exec_fn) and an mdstat file of the test's. No
 * block device is touched: members on a bench are not probed by a dry run, local
 * members are regular files (refused) or paths that do not exist.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>
#include <jansson.h>

#include "err.h"
#include "run_raid.h"
#include "sbuf.h"
#include "testutil.h"
#include "xalloc.h"

/* Members that do not exist, so that nothing can open one by mistake. */
#define MA "/dev/ssdbench-test-a"
#define MB "/dev/ssdbench-test-b"
#define MC "/dev/ssdbench-test-c"

/* Writes text to the scratch folder's file name; returns its path (free() it). */
static char *put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", testutil_dir, name);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static char *slurp(const char *path)
{
	struct sbuf sb;

	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	return sbuf_detach(&sb);
}

/* Loads plan text written as name; asserts it loads. */
static void load(struct plan *p, const char *name, const char *text)
{
	char *path = put(name, text);
	struct diag d;

	plan_init(p);
	diag_clear(&d);
	if (plan_load(p, path, NULL, 0, &d))
		fail_msg("%s: %s (line %d)", name, d.msg, d.line);
	free(path);
}

/* run_raid_shape's verdict on plan text: its code, *scope, and d. */
static int shape(const char *text, int *scope, struct diag *d)
{
	struct plan p;
	int rc;

	load(&p, "shape.xml", text);
	diag_clear(d);
	rc = run_raid_shape(&p, scope, d);
	plan_release(&p);
	return rc;
}

/* Asserts the shape is refused with msg at line. */
static void refused(const char *text, const char *msg, int line)
{
	struct diag d;
	int scope = 7;

	assert_int_equal(shape(text, &scope, &d), -SB_EUSAGE);
	assert_string_equal(d.msg, msg);
	assert_int_equal(d.line, line);
	assert_non_null(strstr(d.file, "/shape.xml"));
}

static void test_shape(void **state)
{
	struct diag d;
	int scope = 7;

	(void)state;
	assert_int_equal(shape("<plan name=\"s\">\n"
			       "  <target name=\"dut\" device=\"" MA "\"/>\n"
			       "  <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
			       "</plan>\n", &scope, &d), 0);
	assert_int_equal(scope, -1);
	assert_int_equal(shape("<plan name=\"s\">\n"
			       "  <target name=\"a\" device=\"" MA "\"/>\n"
			       "  <target name=\"b\" device=\"" MB "\"/>\n"
			       "  <workload name=\"r\" target=\"a\" rw=\"randread\" bs=\"4k\" "
			       "runtime=\"1s\"/>\n"
			       "  <raid name=\"md\" chunk=\"64KiB\" members=\"b a\">\n"
			       "    <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
			       "  </raid>\n"
			       "</plan>\n", &scope, &d), -SB_EUSAGE);
	assert_string_equal(d.msg, "this version runs a <raid> only when it holds every step "
			    "of the plan; 'md' holds 1 of 2");
	assert_int_equal(d.line, 5);
	scope = 7;
	assert_int_equal(shape("<plan name=\"s\">\n"
			       "  <target name=\"a\" device=\"" MA "\"/>\n"
			       "  <target name=\"b\" device=\"" MB "\"/>\n"
			       "  <raid name=\"md\" chunk=\"64KiB\" members=\"b a\">\n"
			       "    <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
			       "  </raid>\n"
			       "</plan>\n", &scope, &d), 0);
	assert_int_equal(scope, 0);
	refused("<plan name=\"s\">\n"
		"  <target name=\"a\" device=\"" MA "\"/>\n"
		"  <target name=\"b\" device=\"" MB "\"/>\n"
		"  <raid name=\"md1\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w1\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"  <raid name=\"md2\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w2\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", "this version runs one <raid> per plan; 'md2' is the second", 7);
	refused("<plan name=\"s\">\n"
		"  <target name=\"a\" device=\"" MA "\"/>\n"
		"  <target name=\"b\" device=\"" MB "\"/>\n"
		"  <target name=\"c\" device=\"" MC "\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", "target 'c' is not a member of <raid> 'md': this version runs "
		"plans with one target, or a RAID of all of them", 4);
	refused("<plan name=\"s\">\n"
		"  <target name=\"a\" file=\"a.bin\" size=\"1MiB\"/>\n"
		"  <target name=\"b\" device=\"" MB "\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", "RAID member 'a' must be a block device, not a file", 2);
	refused("<plan name=\"s\">\n"
		"  <target name=\"a\" device=\"" MA "\"/>\n"
		"  <target name=\"b\" device=\"" MB "\"/>\n"
		"  <workload name=\"w\" target=\"a\" rw=\"randread\" bs=\"4k\" "
		"runtime=\"1s\"/>\n"
		"</plan>\n", "this version runs plans with one target; the plan has 2", 3);
	refused("<plan name=\"s\">\n"
		"  <host name=\"bench1\" address=\"192.0.2.1\"/>\n"
		"  <target name=\"a\" device=\"" MA "\" host=\"bench1\"/>\n"
		"  <target name=\"b\" device=\"" MB "\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n", "RAID members must all be on one machine: 'a' is on host 'bench1', "
		"'b' on this machine", 4);
}

/* A <raid> "md" of chunk `chunk` over targets a, b (and c) on bench1, members "b a". */
static const char bench_plan[] =
	"<plan name=\"br\">\n"
	"  <host name=\"bench1\" address=\"192.0.2.1\"/>\n"
	"  <target name=\"a\" device=\"" MA "\" host=\"bench1\"/>\n"
	"  <target name=\"b\" device=\"" MB "\" host=\"bench1\"/>\n"
	"  <raid name=\"md\" chunk=\"64KiB\" members=\"b a\">\n"
	"    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
	"  </raid>\n"
	"</plan>\n";

/* Asserts argv (NULL-terminated) is want[0..n). */
static void argv_is(char *const *argv, const char *const *want, size_t n)
{
	size_t i = 0;

	for (; argv[i] && i < n; i++)
		assert_string_equal(argv[i], want[i]);
	assert_int_equal(i, n);
	assert_null(argv[i]);
}

/* The sequence for array md over members (in order) with chunk bytes, as mdadm's man
 * page spells each command. */
static void sequence_is(const struct raid_plan *seq, const char *md, const char *const *m,
			size_t n, uint64_t chunk)
{
	char ndev[32], chk[32];
	const char *create[16] = { "mdadm", "--create", md, "--level=0", ndev, chk,
				   "--metadata=1.2", "--run", "--force" };
	const char *wait[] = { "mdadm", "--wait", md };
	const char *check[] = { "mdadm", "--detail", "--export", md };
	const char *stop[] = { "mdadm", "--stop", md };
	const char *zero[16] = { "mdadm", "--zero-superblock" };
	static const char *const purposes[] = { "create", "wait", "check", "stop", "zero" };

	snprintf(ndev, sizeof(ndev), "--raid-devices=%zu", n);
	snprintf(chk, sizeof(chk), "--chunk=%lluK", (unsigned long long)(chunk >> 10));
	for (size_t i = 0; i < n; i++) {
		create[9 + i] = m[i];
		zero[2 + i] = m[i];
	}
	assert_int_equal(seq->ncmds, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_string_equal(seq->cmds[i].purpose, purposes[i]);
		assert_int_equal(seq->cmds[i].down, i >= 3);
		assert_int_equal(seq->cmds[i].may_fail, i == 1);   /* --wait on RAID 0 */
	}
	argv_is(seq->cmds[0].argv, create, 9 + n);
	argv_is(seq->cmds[1].argv, wait, 3);
	argv_is(seq->cmds[2].argv, check, 4);
	argv_is(seq->cmds[3].argv, stop, 3);
	argv_is(seq->cmds[4].argv, zero, 2 + n);
}

/* A bench's RAID resolved by a dry run: members by path, in the <raid>'s order. */
static struct run_raid *bench_raid(struct plan *p, const char *text)
{
	struct run_raid *r;
	struct diag d;
	int si = -1;

	load(p, "bench.xml", text);
	diag_clear(&d);
	assert_int_equal(run_raid_shape(p, &si, &d), 0);
	r = run_raid_new(p, si, 1, &d);
	if (!r)
		fail_msg("run_raid_new: %s", d.msg);
	return r;
}

/* What a test build moves: a bench's RAID keeps the bench's own. */
static struct run_raid_paths moved;

static void test_bench_members(void **state)
{
	static const char *const order[] = { MB, MA };
	struct stat st;
	struct plan p;
	struct run_raid *r;
	char *text;

	(void)state;
	moved.md_dir = testutil_dir;
	moved.mdstat = "/nonexistent/mdstat";
	run_raid_set_paths(&moved);
	r = bench_raid(&p, bench_plan);
	run_raid_set_paths(NULL);
	assert_string_equal(r->array, "/dev/md/ssdbench-md");
	assert_string_equal(r->mdstat, "/proc/mdstat");
	assert_string_equal(r->why, "");   /* whether the bench has md is its to say */
	assert_string_equal(r->name, "md");
	assert_int_equal(r->scope, 0);
	assert_int_equal(r->chunk, 64 * 1024);
	assert_int_equal(r->n, 2);
	assert_string_equal(r->m[0].name, "b");
	assert_string_equal(r->m[0].path, MB);
	assert_string_equal(r->m[0].dev->kname, "ssdbench-test-b");
	assert_string_equal(r->m[1].name, "a");
	assert_string_equal(r->m[1].path, MA);
	assert_int_equal(r->m[0].dev->size, 0);   /* not probed by a dry run */
	assert_int_equal(r->size, 0);
	assert_int_equal(r->m[0].lock_fd, -1);
	assert_string_equal(r->host->name, "bench1");
	sequence_is(&r->seq, "/dev/md/ssdbench-md", order, 2, 64 * 1024);
	text = run_raid_describe(r);
	assert_string_equal(text, "RAID 0 /dev/md/ssdbench-md over " MB ", " MA " (2 members, "
			    "sizes not probed, chunk 64 KiB) on host bench1");
	free(text);
	assert_int_not_equal(stat(MA, &st), 0);   /* nothing made a member */
	run_raid_free(r);
	plan_release(&p);
}

/* Three members, a 128 KiB chunk: the counts in the vector follow. */
static void test_three_members(void **state)
{
	static const char *const order[] = { MC, MA, MB };
	struct plan p;
	struct run_raid *r;

	(void)state;
	r = bench_raid(&p, "<plan name=\"br3\">\n"
		       "  <host name=\"bench1\" address=\"192.0.2.1\"/>\n"
		       "  <target name=\"a\" device=\"" MA "\" host=\"bench1\"/>\n"
		       "  <target name=\"b\" device=\"" MB "\" host=\"bench1\"/>\n"
		       "  <target name=\"c\" device=\"" MC "\" host=\"bench1\"/>\n"
		       "  <raid name=\"big\" chunk=\"128KiB\" members=\"c a b\">\n"
		       "    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
		       "  </raid>\n"
		       "</plan>\n");
	assert_string_equal(r->array, "/dev/md/ssdbench-big");
	sequence_is(&r->seq, "/dev/md/ssdbench-big", order, 3, 128 * 1024);
	run_raid_free(r);
	plan_release(&p);
}

/* The text of run_raid_print_part into a string (free() it). */
static char *print_part(const struct run_raid *r, const struct run_opts *o, int down)
{
	char *path = xasprintf("%s/part.txt", testutil_dir), *text;
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	run_raid_print_part(r, o, down, f);
	assert_int_equal(fclose(f), 0);
	text = slurp(path);
	free(path);
	return text;
}

/* The dry run's account: the ssh command for the bench, then mdadm's commands there. */
static void test_print_part(void **state)
{
	static const char *const ids[] = { "sdx", "sdy" };
	const char *ssh = "ssh -o BatchMode=yes -o ConnectTimeout=9 -o ServerAliveInterval=15 "
			  "-o ServerAliveCountMax=4 -- 192.0.2.1 ssdbench raid";
	struct run_opts o;
	struct plan p;
	struct run_raid *r;
	char *text, *want;

	(void)state;
	unsetenv("SSDBENCH_SSH");
	unsetenv("SSDBENCH_HOST_TIMEOUT_S");   /* 10 s: ssh gets 9 to connect */
	memset(&o, 0, sizeof(o));
	o.destroy = ids;
	o.ndestroy = 2;
	r = bench_raid(&p, bench_plan);
	text = print_part(r, &o, 0);
	want = xasprintf("RAID '/dev/md/ssdbench-md' set-up, before its first step (every "
			 "member's checks again first):\n"
			 "  on host 'bench1' over ssh: %s up md --member " MB " --member " MA
			 " --chunk 64KiB --destroy sdx --destroy sdy --lock-token TOKEN --json\n"
			 "  which runs there:\n"
			 "  create: mdadm --create /dev/md/ssdbench-md --level=0 --raid-devices=2 "
			 "--chunk=64K --metadata=1.2 --run --force " MB " " MA "\n"
			 "  wait: mdadm --wait /dev/md/ssdbench-md  (a non-zero exit is expected)\n"
			 "  check: mdadm --detail --export /dev/md/ssdbench-md\n"
			 "  then: wait up to 10 s for '/dev/md/ssdbench-md'; the steps run on it, "
			 "its size less mdadm's metadata\n", ssh);
	assert_string_equal(text, want);
	free(text);
	free(want);
	text = print_part(r, &o, 1);
	want = xasprintf("RAID '/dev/md/ssdbench-md' teardown, after its last step, also after "
			 "a failure or an interruption, and at resume when the run died inside "
			 "it:\n"
			 "  on host 'bench1' over ssh: %s down md --member " MB " --member " MA
			 " --chunk 64KiB --lock-token TOKEN --json\n"
			 "  which runs there:\n"
			 "  stop: mdadm --stop /dev/md/ssdbench-md\n"
			 "  zero: mdadm --zero-superblock " MB " " MA "\n"
			 "  verify: /proc/mdstat no longer lists the array\n", ssh);
	assert_string_equal(text, want);
	free(text);
	free(want);
	run_raid_free(r);
	plan_release(&p);
}

/*
 * Local members must be block devices: a path that is none is refused by name, the
 * first in the <raid>'s order, dry run or not; `ssdbench raid`'s members (paths)
 * the same, a regular file left as it was.
 */
static void test_local_not_block(void **state)
{
	char *a = put("a.img", "member a\n"), *want, *got;
	const char *paths[RAID_MAX_MEMBERS + 1];
	struct plan p;
	struct diag d;

	(void)state;
	load(&p, "local.xml", "<plan name=\"lr\">\n"
	     "  <target name=\"a\" device=\"" MA "\"/>\n"
	     "  <target name=\"b\" device=\"" MB "\"/>\n"
	     "  <raid name=\"md\" chunk=\"64KiB\" members=\"b a\">\n"
	     "    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
	     "  </raid>\n"
	     "</plan>\n");
	for (int dry = 0; dry < 2; dry++) {
		diag_clear(&d);
		assert_null(run_raid_new(&p, 0, dry, &d));
		assert_int_equal(d.code, -SB_EINVAL);
		assert_string_equal(d.msg, "RAID member 'b': '" MB "' is not a block device");
	}
	diag_clear(&d);
	paths[0] = a;
	assert_null(run_raid_new_paths("md", 65536, paths, 1, &d));
	want = xasprintf("RAID member '%s': '%s' is not a block device", a, a);
	assert_string_equal(d.msg, want);
	free(want);
	for (size_t i = 0; i <= RAID_MAX_MEMBERS; i++)
		paths[i] = a;
	diag_clear(&d);
	assert_null(run_raid_new_paths("md", 65536, paths, RAID_MAX_MEMBERS + 1, &d));
	assert_int_equal(d.code, -SB_EUSAGE);
	assert_string_equal(d.msg, "at most 32 RAID members");
	got = slurp(a);
	assert_string_equal(got, "member a\n");
	free(got);
	plan_release(&p);
	free(a);
}

/* ---- the array's life through a fake runner ---------------------------------- */

/* What the fake mdadm saw and does: each command line, --stop's exit status, and
 * whether --stop clears the mdstat file (as md does once the array is stopped). */
static struct {
	char lines[8][256];
	size_t n;
	int stop_status;
	int stop_clears;
	const char *mdstat;
} fake;

static const char clean_mdstat[] = "Personalities : [raid0]\nunused devices: <none>\n";

static int fake_exec(void *arg, char *const *argv, int *status, struct sbuf *out)
{
	struct sbuf sb;

	assert_ptr_equal(arg, &fake);
	sbuf_init(&sb);
	for (size_t i = 0; argv[i]; i++)
		sbuf_addf(&sb, "%s%s", i ? " " : "", argv[i]);
	if (fake.n < 8)
		snprintf(fake.lines[fake.n], sizeof(fake.lines[0]), "%s", sb.buf);
	fake.n++;
	*status = 0;
	if (!strcmp(argv[1], "--stop")) {
		*status = fake.stop_status;
		if (fake.stop_clears)
			free(put("mdstat", clean_mdstat));
	}
	sbuf_addf(out, "fake: %s\n", argv[1]);
	sbuf_release(&sb);
	return 0;
}

/*
 * The bench's RAID, resolved by a dry run, taken as this machine's: the local life
 * of the array runs through the fake runner and reads the test's mdstat, which
 * lists the array over both members.
 */
static struct run_raid *local_raid(struct plan *p)
{
	struct run_raid *r = bench_raid(p, bench_plan);
	char *mdstat = put("mdstat", "Personalities : [raid0]\n"
			   "md127 : active raid0 ssdbench-test-b[0] ssdbench-test-a[1]\n"
			   "      32768 blocks super 1.2 64k chunks\n\n"
			   "unused devices: <none>\n");

	r->host = NULL;
	free(r->mdstat);
	r->mdstat = mdstat;
	r->exec = fake_exec;
	r->exec_arg = &fake;
	memset(&fake, 0, sizeof(fake));
	fake.stop_clears = 1;
	fake.mdstat = mdstat;
	return r;
}

/* An empty journal in the scratch folder's "arc"; returns its folder. */
static char *new_journal(void)
{
	char *dir = xasprintf("%s/arc", testutil_dir), *path = xasprintf("%s/journal.jsonl", dir);
	FILE *f;

	mkdir(dir, 0700);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fclose(f), 0);
	free(path);
	return dir;
}

static char *journal_text(const char *dir)
{
	char *path = xasprintf("%s/journal.jsonl", dir), *text = slurp(path);

	free(path);
	return text;
}

/* A clean teardown: stop, zero, mdstat clean, "raid-down" journaled, no longer up. */
static void test_down(void **state)
{
	struct plan p;
	struct run_raid *r = local_raid(&p);
	char *dir = new_journal(), *text, *out = xasprintf("%s/down.txt", testutil_dir);
	struct diag d;
	FILE *f = fopen(out, "w");
	json_t *j;

	(void)state;
	r->up = 1;
	diag_clear(&d);
	assert_int_equal(run_raid_down(r, dir, f, &d), 0);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(fake.n, 2);
	assert_string_equal(fake.lines[0], "mdadm --stop /dev/md/ssdbench-md");
	assert_string_equal(fake.lines[1], "mdadm --zero-superblock " MB " " MA);
	assert_int_equal(r->up, 0);
	text = journal_text(dir);
	assert_string_equal(text, "{\"event\":\"raid-down\",\"status\":\"/dev/md/ssdbench-md\"}\n");
	free(text);
	text = slurp(out);
	assert_string_equal(text, "tearing down /dev/md/ssdbench-md\n");
	free(text);
	j = json_loads(run_raid_json(r), 0, NULL);
	assert_non_null(j);
	assert_int_equal(json_integer_value(json_object_get(j, "level")), 0);
	assert_int_equal(json_integer_value(json_object_get(j, "chunk")), 65536);
	assert_string_equal(json_string_value(json_object_get(j, "array")), "/dev/md/ssdbench-md");
	assert_true(json_is_null(json_object_get(j, "node")));
	assert_true(json_is_null(json_object_get(j, "host")));
	assert_true(json_is_null(json_object_get(j, "skipped")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(
		json_object_get(j, "members"), 0), "name")), "b");
	assert_int_equal(json_array_size(json_object_get(j, "commands")), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(
		json_object_get(j, "commands"), 1), "command")), "mdadm --zero-superblock " MB
		" " MA);
	assert_string_equal(json_string_value(json_object_get(json_array_get(
		json_object_get(j, "commands"), 1), "output")), "fake: --zero-superblock");
	json_decref(j);
	run_raid_free(r);
	plan_release(&p);
	free(dir);
	free(out);
}

/* mdadm says it stopped the array but mdstat still lists it: not torn down. */
static void test_down_stuck(void **state)
{
	struct plan p;
	struct run_raid *r = local_raid(&p);
	char *dir = new_journal(), *text, *want;
	struct diag d;
	FILE *f = fopen("/dev/null", "w");

	(void)state;
	fake.stop_clears = 0;
	r->up = 1;
	diag_clear(&d);
	assert_int_equal(run_raid_down(r, dir, f, &d), -SB_EIO);
	fclose(f);
	want = xasprintf("the RAID teardown did not finish: '%s' still lists md127 over the "
			 "members; stop it by hand (mdadm --stop /dev/md127), then mdadm "
			 "--zero-superblock on each member", fake.mdstat);
	assert_string_equal(d.msg, want);
	free(want);
	assert_int_equal(fake.n, 2);   /* --stop said 0: not tried again */
	assert_int_equal(r->up, 1);    /* a teardown is still owed */
	text = journal_text(dir);
	assert_string_equal(text, "");
	free(text);
	run_raid_free(r);
	plan_release(&p);
	free(dir);
}

/* Members that cannot be examined: the interlocks refuse before any mdadm. */
static void test_up_refused(void **state)
{
	struct plan p;
	struct run_raid *r = local_raid(&p);
	char *out = xasprintf("%s/up.txt", testutil_dir), *text;
	struct run_opts o;
	struct diag d;
	FILE *f = fopen(out, "w");

	(void)state;
	memset(&o, 0, sizeof(o));
	diag_clear(&d);
	assert_int_equal(run_raid_up(r, &o, NULL, f, &d), -SB_ENOENT);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(d.msg, "RAID member 'b': cannot examine '" MB "': No such file or "
			    "directory");   /* the first listed, after both were checked */
	assert_int_equal(fake.n, 0);
	assert_int_equal(r->up, 0);
	assert_int_equal(r->m[0].lock_fd, -1);
	text = slurp(out);
	assert_non_null(strstr(text, "checks for RAID member 'b' (" MB "):\n"));
	assert_non_null(strstr(text, "checks for RAID member 'a' (" MA "):\n"));
	assert_null(strstr(text, "creating"));
	free(text);
	run_raid_free(r);
	plan_release(&p);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shape),
		cmocka_unit_test(test_bench_members),
		cmocka_unit_test(test_three_members),
		cmocka_unit_test(test_print_part),
		cmocka_unit_test(test_local_not_block),
		cmocka_unit_test(test_down),
		cmocka_unit_test(test_down_stuck),
		cmocka_unit_test(test_up_refused),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
