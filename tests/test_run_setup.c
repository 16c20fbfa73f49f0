/* SPDX-License-Identifier: MIT */
/*
 * Tests of run_setup, what a run does before its first element on the target's
 * side: each case is decided twice, by a dry run and by the run's own set-up, which
 * must agree (the same code, the same message) while the dry run says it and
 * touches nothing (no target file, no archive folder, a file's bytes as they were);
 * and the I/O engine "auto" becomes, through a fake fio that says which engines work.
 * Targets are regular files in the scratch folder, or a bench's devices a dry run
 * does not reach (ssh is a program that does not exist).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine_fixture.h"
#include "err.h"
#include "sbuf.h"

/* The engines the fake fio can do I/O with, and the probes it was asked. */
static struct {
	int io_uring, libaio;
	size_t calls;
	char engine[4][16];
	char file[4][PATH_MAX];
	int is_device[4], direct[4];
	char workdir[4][PATH_MAX];
} probe;

/* As fio's probe: it makes its file (not a device), and works with the engines set. */
static int fake_probe_engine(const char *filename, int is_device, const char *engine,
			     int direct, const char *workdir, const char *client)
{
	size_t k = probe.calls++;

	assert_null(client);
	if (k < 4) {
		snprintf(probe.engine[k], sizeof(probe.engine[k]), "%s", engine);
		snprintf(probe.file[k], sizeof(probe.file[k]), "%s", filename);
		snprintf(probe.workdir[k], sizeof(probe.workdir[k]), "%s", workdir);
		probe.is_device[k] = is_device;
		probe.direct[k] = direct;
	}
	if (!is_device) {
		FILE *f = fopen(filename, "w");

		assert_non_null(f);
		assert_int_equal(fclose(f), 0);
	}
	return !strcmp(engine, "io_uring") ? !probe.io_uring : !probe.libaio;
}

static int no_exec(const struct fiorun_exec_opts *o, int *status, struct diag *d)
{
	(void)o;
	(void)status;
	(void)d;
	fail_msg("set-up ran fio");
	return -1;
}

static const struct run_fio_ops probe_fio = {
	engine_fake_version, fake_probe_engine, fiorun_write_jobfile, no_exec,
	engine_fake_kill_leftovers, fiorun_error_text, fiorun_job_error, fiorun_nospace,
};

/* run__guard, a dry run or not; *text what it printed on stdout (free() it). */
static int guard(struct engine_run *r, int dry, char **text, struct diag *d)
{
	char *path = xasprintf("%s/stdout.txt", testutil_dir);
	struct sbuf sb;
	int saved, fd, rc;

	r->o.dry_run = dry;
	fflush(stdout);
	saved = dup(1);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	assert_true(saved >= 0 && fd >= 0);
	dup2(fd, 1);
	close(fd);
	diag_clear(d);
	rc = run__guard(&r->x, d);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, path), 0);
	*text = sbuf_detach(&sb);
	free(path);
	return rc;
}

/* The last line of text, without its newline (free() it). */
static char *last_line(const char *text)
{
	size_t n = strlen(text);
	const char *p;

	while (n && text[n - 1] == '\n')
		n--;
	for (p = text + n; p > text && p[-1] != '\n'; p--)
		;
	return xstrndup(p, (size_t)(text + n - p));
}

/* Every file under the scratch folder's t/, with its bytes, one a line. */
static char *tree(void)
{
	char *cmd = xasprintf("cd '%s' && find t -exec sh -c 'printf \"%%s \" \"$1\"; "
			      "[ -f \"$1\" ] && cksum < \"$1\" || echo' _ {} \\; | sort",
			      testutil_dir);
	FILE *p = popen(cmd, "r");
	struct sbuf sb;
	char buf[512];

	assert_non_null(p);
	sbuf_init(&sb);
	while (fgets(buf, sizeof(buf), p))
		sbuf_adds(&sb, buf);
	assert_int_equal(pclose(p), 0);
	free(cmd);
	return sbuf_detach(&sb);
}

/* t/NAME in the scratch folder with text (NULL: none); returns its path. */
static char *in_t(const char *name, const char *text)
{
	char *dir = xasprintf("%s/t", testutil_dir), *path = xasprintf("%s/%s", dir, name);

	mkdir(dir, 0700);
	free(dir);
	if (text) {
		char *rel = xasprintf("t/%s", name);

		free(engine_put(rel, text));
		free(rel);
	}
	return path;
}

/* A plan on file target t.bin (in the archive folder): `first`, a write, a read. */
static char *plan_on(const char *first)
{
	return xasprintf("<plan name=\"setup\" title=\"set-up\">\n"
			 "  <target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>\n"
			 "%s"
			 "  <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
			 "  <workload name=\"r\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
			 "</plan>\n", first ? first : "");
}

/* --target for path, 16 MiB (free() it). */
static char *target_at(const char *path)
{
	return xasprintf("dut=file:%s,size=16MiB", path);
}

/*
 * Decides plan on --target `target` with the destroy list twice, dry and live; both
 * give want_rc with the same message, the dry run's verdict line says so, nothing
 * under t/ changed and no archive folder was made. Returns the dry run's text
 * (free() it).
 */
static char *decide(const char *name, const char *plan, const char *target,
		    const char *const *destroy, size_t ndestroy, int want_rc)
{
	struct engine_run dry, live;
	struct diag dd, ld;
	struct stat st;
	char *before = tree(), *after, *text, *live_text, *verdict, *want;

	engine_load(&dry, name, plan, target, &probe_fio);
	dry.o.destroy = destroy;
	dry.o.ndestroy = ndestroy;
	assert_int_equal(guard(&dry, 1, &text, &dd), want_rc);
	engine_load(&live, name, plan, target, &probe_fio);
	live.o.destroy = destroy;
	live.o.ndestroy = ndestroy;
	assert_int_equal(guard(&live, 0, &live_text, &ld), want_rc);
	assert_string_equal(dd.msg, ld.msg);   /* the same decision, word for word */
	assert_string_equal(live_text, "");    /* a file target: no checks to print */
	verdict = last_line(text);
	want = want_rc ? xasprintf("result: REFUSED: %s", dd.msg) :
		xstrdup("result: every check passed");
	assert_string_equal(verdict, want);
	if (!want_rc)
		assert_string_equal(dry.x.dev.tgt.path, live.x.dev.tgt.path);
	after = tree();
	assert_string_equal(after, before);
	assert_int_not_equal(stat(dry.x.arc.out, &st), 0);
	free(want);
	free(verdict);
	free(after);
	free(before);
	free(live_text);
	engine_close(&dry);
	engine_close(&live);
	return text;
}

/* A file that does not exist yet: the run's own; the dry run's account of it. */
static void test_new_file(void **state)
{
	char *path = in_t("new.bin", NULL), *plan = plan_on(NULL), *spec = target_at(path);
	struct engine_run live;
	struct diag d;
	char *out, *text, *want;

	(void)state;
	text = decide("new", plan, spec, NULL, 0, 0);
	want = xasprintf("dry run of plan 'setup' on file '%s' (16 MiB): nothing is written and "
			 "fio is not started\nstep 1 'w': job file ", path);
	assert_true(!strncmp(text, want, strlen(want)));
	free(want);
	assert_non_null(strstr(text, "\nfilename=")); /* the job files, as fio would get them */
	assert_non_null(strstr(text, "\nstep 2 'r': job file "));
	assert_non_null(strstr(text, "\nestimated time: 2 s\nresult: every check passed\n"));
	free(text);
	engine_load(&live, "new", plan, spec, &probe_fio);
	assert_int_equal(guard(&live, 0, &out, &d), 0);
	assert_string_equal(live.x.dev.tgt.path, path);
	assert_int_equal(live.x.dev.tgt.created, 1);   /* ours to write and to erase */
	assert_int_equal(live.x.dev.tgt.is_device, 0);
	assert_int_equal(live.x.dev.tgt.size, 16 << 20);
	free(out);
	engine_close(&live);
	free(spec);
	free(plan);
	free(path);
}

/* Someone's file: refused by both, unless --destroy names it; reading it is fine. */
static void test_existing_file(void **state)
{
	char *path = in_t("data.bin", "someone's data\n"), *plan = plan_on(NULL);
	char *spec = target_at(path);
	const char *destroy[] = { path };
	char *text, *want, *ro;

	(void)state;
	text = decide("theirs", plan, spec, NULL, 0, -SB_EUNSAFE);
	want = xasprintf("result: REFUSED: the file target '%s' already exists and this run did "
			 "not create it: writing to it destroys its data; name it with --destroy "
			 "%s to allow that\n", path, path);
	assert_non_null(strstr(text, want));
	free(want);
	free(text);
	free(decide("destroy", plan, spec, destroy, 1, 0));
	ro = xstrdup("<plan name=\"ro\">\n"
		     "  <target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>\n"
		     "  <workload name=\"r\" rw=\"randread\" bs=\"4k\" runtime=\"1s\"/>\n"
		     "</plan>\n");
	free(decide("readonly", ro, spec, NULL, 0, 0));
	free(ro);
	free(spec);
	free(plan);
	free(path);
}

/* A relative file target lives in the archive folder; a link out of it is refused. */
static void test_link_out_of_archive(void **state)
{
	char *outside = in_t("outside.bin", "not the archive's\n");
	char *arc = xasprintf("%s/link", testutil_dir), *link = xasprintf("%s/t.bin", arc);
	char *plan = plan_on(NULL), *real = NULL, *text, *want;

	(void)state;
	assert_int_equal(mkdir(arc, 0700), 0);
	assert_int_equal(symlink(outside, link), 0);
	real = realpath(outside, NULL);
	assert_non_null(real);
	{
		struct engine_run dry, live;
		struct diag dd, ld;
		char *lt;

		engine_load(&dry, "link", plan, NULL, &probe_fio);
		assert_int_equal(guard(&dry, 1, &text, &dd), -SB_EUNSAFE);
		engine_load(&live, "link", plan, NULL, &probe_fio);
		assert_int_equal(guard(&live, 0, &lt, &ld), -SB_EUNSAFE);
		want = xasprintf("file target 't.bin' resolves to '%s', outside the archive folder "
				 "'%s': a plan's file target stays inside it", real,
				 dry.x.arc.out);
		assert_string_equal(dd.msg, want);
		assert_string_equal(ld.msg, want);
		free(want);
		/* refused before the target is known: the dry run says only why */
		want = xasprintf("dry run of plan 'setup': nothing is written and fio is not "
				 "started\nresult: REFUSED: %s\n", dd.msg);
		assert_string_equal(text, want);
		free(want);
		free(text);
		free(lt);
		engine_close(&dry);
		engine_close(&live);
	}
	text = tree();
	assert_non_null(strstr(text, "t/outside.bin "));
	free(text);
	{
		struct sbuf sb;

		sbuf_init(&sb);
		assert_int_equal(sbuf_read_file(&sb, outside), 0);
		assert_string_equal(sb.buf, "not the archive's\n");
		sbuf_release(&sb);
	}
	free(real);
	free(plan);
	free(link);
	free(arc);
	free(outside);
}

/* What is no regular file, and a purge a file cannot have: refused by both alike. */
static void test_unfit_targets(void **state)
{
	char *dir = in_t("folder", NULL), *plan, *text, *real, *want, *spec = target_at(dir);

	(void)state;
	assert_int_equal(mkdir(dir, 0700), 0);
	real = realpath(dir, NULL);
	plan = plan_on(NULL);
	text = decide("folder", plan, spec, NULL, 0, -SB_EUNSAFE);
	want = xasprintf("result: REFUSED: file target '%s' exists and is not a regular file\n",
			 real);
	assert_non_null(strstr(text, want));
	free(want);
	free(text);
	free(plan);
	free(real);
	free(spec);
	free(dir);
	dir = in_t("p.bin", NULL);
	spec = target_at(dir);
	plan = plan_on("  <purge name=\"p\" method=\"discard\"/>\n");
	text = decide("purge", plan, spec, NULL, 0, -SB_EUNSAFE);
	want = xasprintf("result: REFUSED: cannot purge '%s' with 'discard': it is not a block "
			 "device\n", dir);
	assert_non_null(strstr(text, want));
	free(want);
	free(text);
	free(plan);
	free(spec);
	free(dir);
}

/* A <raid> over members that are no block devices: refused by both, by name. */
static void test_raid_members_refused(void **state)
{
	static const char plan[] =
		"<plan name=\"lr\">\n"
		"  <target name=\"a\" device=\"/dev/ssdbench-test-a\"/>\n"
		"  <target name=\"b\" device=\"/dev/ssdbench-test-b\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"b a\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n";
	char *text = decide("raidmembers", plan, NULL, NULL, 0, -SB_EINVAL);

	(void)state;
	assert_string_equal(text, "dry run of plan 'lr': nothing is written and fio is not "
			    "started\nresult: REFUSED: RAID member 'b': '/dev/ssdbench-test-b' is "
			    "not a block device\n");
	free(text);
}

/*
 * A <raid> of a bench's devices: the dry run says every command it would send there
 * and sends none (ssh here is a program that does not exist), as the run would
 * decide: its verdict says the bench checks come with the run.
 */
static void test_bench_raid_dry_run(void **state)
{
	static const char plan[] =
		"<plan name=\"br\" title=\"bench RAID\">\n"
		"  <host name=\"bench1\" address=\"192.0.2.1\" port=\"8765\"/>\n"
		"  <target name=\"a\" device=\"/dev/ssdbench-test-a\" host=\"bench1\"/>\n"
		"  <target name=\"b\" device=\"/dev/ssdbench-test-b\" host=\"bench1\"/>\n"
		"  <raid name=\"md\" chunk=\"64KiB\" members=\"a b\">\n"
		"    <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
		"  </raid>\n"
		"</plan>\n";
	struct engine_run r;
	struct diag d;
	const char *head;
	char *text, *verdict;

	(void)state;
	setenv("SSDBENCH_SSH", "/nonexistent/ssh", 1);
	engine_load(&r, "bench", plan, NULL, &probe_fio);
	assert_int_equal(guard(&r, 1, &text, &d), 0);
	unsetenv("SSDBENCH_SSH");
	head = "dry run of plan 'br' on RAID 0 /dev/md/ssdbench-md over /dev/ssdbench-test-a, "
	       "/dev/ssdbench-test-b (2 members, sizes not probed, chunk 64 KiB) on host bench1, "
	       "fio --client=192.0.2.1,8765: nothing is written, no array is created and fio is "
	       "not started\n";
	assert_true(!strncmp(text, head, strlen(head)));
	assert_non_null(strstr(text, "/nonexistent/ssh -o BatchMode=yes"));   /* said, not run */
	assert_non_null(strstr(text, " raid up md --member /dev/ssdbench-test-a --member "
			       "/dev/ssdbench-test-b --chunk 64KiB --lock-token TOKEN --json\n"));
	verdict = last_line(text);
	assert_string_equal(verdict, "result: nothing checked on the bench by a dry run: its "
			    "checks run with the run");
	assert_string_equal(r.x.dev.tgt.path, "/dev/md/ssdbench-md");
	assert_int_equal(probe.calls, 0);
	free(verdict);
	free(text);
	engine_close(&r);
}

/* ---- the I/O engine ------------------------------------------------------------ */

/* The set-up of a live run on t/NAME, then the engine probe with these engines working. */
static int probe_engine(struct engine_run *r, const char *name, const char *steps,
			int io_uring, int libaio, struct diag *d)
{
	char *path = in_t(name, NULL), *spec = target_at(path);
	char *plan = xasprintf("<plan name=\"eng\">\n"
			       "  <target name=\"dut\" file=\"t.bin\" size=\"16MiB\"/>\n%s"
			       "</plan>\n", steps);
	char *text;

	engine_load(r, name, plan, spec, &probe_fio);
	r->target = NULL;   /* spec is freed below; what the run took is in its plan */
	r->o.targets = NULL;
	r->o.ntargets = 0;
	assert_int_equal(guard(r, 0, &text, d), 0);
	memset(&probe, 0, sizeof(probe));
	probe.io_uring = io_uring;
	probe.libaio = libaio;
	diag_clear(d);
	free(text);
	free(plan);
	free(spec);
	free(path);
	return run__probe_engine(&r->x, d);
}

static const char auto_steps[] =
	"  <workload name=\"w\" rw=\"randwrite\" bs=\"4k\" runtime=\"1s\"/>\n"
	"  <workload name=\"r\" rw=\"randread\" bs=\"4k\" runtime=\"1s\" direct=\"0\"/>\n";

/* "auto": io_uring first, libaio where it fails; the probe's file is removed. */
static void test_engine_auto(void **state)
{
	struct engine_run r;
	struct diag d;
	struct stat st;
	char *want;

	(void)state;
	assert_int_equal(probe_engine(&r, "auto.bin", auto_steps, 0, 1, &d), 0);
	assert_string_equal(r.x.fio.engine, "libaio");
	assert_int_equal(probe.calls, 2);
	assert_string_equal(probe.engine[0], "io_uring");
	assert_string_equal(probe.engine[1], "libaio");
	want = xasprintf("%s/t/.ssdbench-probe-%ld", testutil_dir, (long)getpid());
	assert_string_equal(probe.file[0], want);
	assert_int_not_equal(stat(want, &st), 0);   /* made by the probe, removed after it */
	free(want);
	assert_int_equal(probe.is_device[0], 0);
	assert_int_equal(probe.direct[0], 1);       /* one direct step: probe with O_DIRECT */
	assert_string_equal(probe.workdir[0], r.x.arc.out);
	engine_close(&r);
	assert_int_equal(probe_engine(&r, "uring.bin", auto_steps, 1, 1, &d), 0);
	assert_string_equal(r.x.fio.engine, "io_uring");
	assert_int_equal(probe.calls, 1);
	engine_close(&r);
}

static void test_engine_none(void **state)
{
	struct engine_run r;
	struct diag d;
	char *want;

	(void)state;
	assert_int_equal(probe_engine(&r, "none.bin", auto_steps, 0, 0, &d), -SB_EFIO);
	want = xasprintf("fio cannot do direct I/O on '%s/t/none.bin' with io_uring or libaio "
			 "(does its filesystem support O_DIRECT? tmpfs does not; use another "
			 "folder or direct=\"0\")", testutil_dir);
	assert_string_equal(d.msg, want);
	free(want);
	assert_int_equal(probe.calls, 2);
	engine_close(&r);
}

/* Engines the plan chose: recorded, nothing probed. */
static void test_engine_chosen(void **state)
{
	struct engine_run r;
	struct diag d;

	(void)state;
	assert_int_equal(probe_engine(&r, "psync.bin",
				      "  <workload name=\"a\" rw=\"read\" runtime=\"1s\" "
				      "ioengine=\"psync\"/>\n"
				      "  <idle name=\"i\" duration=\"1s\"/>\n"
				      "  <workload name=\"b\" rw=\"read\" runtime=\"1s\" "
				      "ioengine=\"psync\"/>\n", 0, 0, &d), 0);
	assert_string_equal(r.x.fio.engine, "psync");
	assert_int_equal(probe.calls, 0);
	engine_close(&r);
	assert_int_equal(probe_engine(&r, "mixed.bin",
				      "  <workload name=\"a\" rw=\"read\" runtime=\"1s\" "
				      "ioengine=\"psync\"/>\n"
				      "  <workload name=\"b\" rw=\"read\" runtime=\"1s\" "
				      "ioengine=\"libaio\"/>\n", 0, 0, &d), 0);
	assert_string_equal(r.x.fio.engine, "per step");
	assert_int_equal(probe.calls, 0);
	engine_close(&r);
}

/* Without --purge the set-up purges nothing and writes no manifest. */
static void test_no_purge(void **state)
{
	struct engine_run r;
	struct diag d;
	struct stat st;

	(void)state;
	assert_int_equal(probe_engine(&r, "nopurge.bin", auto_steps, 1, 1, &d), 0);
	assert_int_equal(run__purge_target(&r.x, &d), 0);
	assert_int_not_equal(stat(r.x.arc.out, &st), 0);
	engine_close(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_file),
		cmocka_unit_test(test_existing_file),
		cmocka_unit_test(test_link_out_of_archive),
		cmocka_unit_test(test_unfit_targets),
		cmocka_unit_test(test_raid_members_refused),
		cmocka_unit_test(test_bench_raid_dry_run),
		cmocka_unit_test(test_engine_auto),
		cmocka_unit_test(test_engine_none),
		cmocka_unit_test(test_engine_chosen),
		cmocka_unit_test(test_no_purge),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
