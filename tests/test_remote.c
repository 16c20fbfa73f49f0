/* SPDX-License-Identifier: MIT */
/*
 * Tests for benches: --host and --target HOST:SPEC on a plan, fio's --client value,
 * version matching, the deadline on a child, ssh's verdicts (a stand-in ssh), and
 * fio's relayed error lines and per-job errors in a client/server report, and a
 * RAID's commands for a bench (one lock over its members, raid up and down).
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

#include "testutil.h"

#include "benchlock.h"
#include "err.h"
#include "fiorun.h"
#include "fleet.h"
#include "plan.h"
#include "remote.h"
#include "sbuf.h"
#include "sshcmd.h"
#include "xalloc.h"

/* A plan with one file target and no hosts, built by hand (the loader is tested elsewhere). */
static void one_target(struct plan *p)
{
	plan_init(p);
	p->targets = xcalloc(1, sizeof(*p->targets));
	p->ntargets = p->captargets = 1;
	p->targets[0].name = xstrdup("dut");
	p->targets[0].path = xstrdup("/tmp/x.bin");
	p->targets[0].size = 1 << 20;
}

static void test_host_specs(void **state)
{
	struct plan p;
	struct diag d;

	(void)state;
	one_target(&p);
	diag_clear(&d);
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.5", &d), 0);
	assert_int_equal(plan_apply_host(&p, "bench2=lab-b2.example:9000", &d), 0);
	assert_int_equal(plan_apply_host(&p, "v6=[fe80::1]:8777", &d), 0);
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.6:8766", &d), 0); /* replaces */
	assert_int_equal(p.nhosts, 3);
	assert_string_equal(p.hosts[0].address, "10.0.0.6");
	assert_int_equal(p.hosts[0].port, 8766);
	assert_string_equal(p.hosts[1].address, "lab-b2.example");
	assert_int_equal(p.hosts[1].port, 9000);
	assert_string_equal(p.hosts[2].address, "fe80::1");
	assert_int_equal(p.hosts[2].port, 8777);
	{
		char *a = remote_client_arg(&p.hosts[1]), *b = remote_client_arg(&p.hosts[2]);

		assert_string_equal(a, "lab-b2.example,9000");
		assert_string_equal(b, "ip6:fe80::1,8777");
		free(a);
		free(b);
	}
	assert_int_equal(plan_apply_host(&p, "b=h:70000", &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "--host port '70000'"));
	diag_clear(&d);
	assert_int_equal(plan_apply_host(&p, "b c=h", &d), -SB_EUSAGE);
	diag_clear(&d);
	assert_int_equal(plan_apply_host(&p, "b=", &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "no address"));
	assert_int_equal(p.nhosts, 3);
	diag_clear(&d);
	/* ssh settings after the address; a later --host keeps those it does not give. */
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.6,ssh=lab@b1,ssh-port=2222,"
					 "ssdbench=/opt/sb/ssdbench", &d), 0);
	assert_string_equal(p.hosts[0].ssh, "lab@b1");
	assert_int_equal(p.hosts[0].ssh_port, 2222);
	assert_string_equal(p.hosts[0].ssdbench, "/opt/sb/ssdbench");
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.7:8766", &d), 0);
	assert_string_equal(p.hosts[0].ssh, "lab@b1");
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.7,ssh=-oProxyCommand=x", &d),
			 -SB_EUSAGE);
	diag_clear(&d);
	assert_int_equal(plan_apply_host(&p, "bench1=10.0.0.7,color=red", &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "cannot read ',color=red'"));
	plan_release(&p);
}

static void test_target_on_host(void **state)
{
	struct plan p;
	struct diag d;

	(void)state;
	one_target(&p);
	diag_clear(&d);
	assert_int_equal(plan_apply_host(&p, "bench2=127.0.0.1:9001", &d), 0);
	assert_int_equal(plan_apply_target(&p, "dut=bench2:file:/data/t.bin,size=64MiB", &d),
			 0);
	assert_string_equal(p.targets[0].host, "bench2");
	assert_string_equal(p.targets[0].path, "/data/t.bin");  /* a path on the bench */
	assert_int_equal(p.targets[0].size, 64 << 20);
	assert_ptr_equal(plan_target_host(&p, &p.targets[0]), &p.hosts[0]);
	assert_int_equal(plan_apply_target(&p, "dut=bench2:/dev/nvme0n1", &d), 0);
	assert_int_equal(p.targets[0].kind, PLAN_TARGET_DEVICE);
	assert_string_equal(p.targets[0].host, "bench2");
	/* Without a host the target comes back to this machine. */
	assert_int_equal(plan_apply_target(&p, "dut=/dev/nvme1n1", &d), 0);
	assert_null(p.targets[0].host);
	assert_null(plan_target_host(&p, &p.targets[0]));
	assert_int_equal(plan_apply_target(&p, "dut=bench3:file:/t.bin,size=1m", &d),
			 -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "no host 'bench3'"));
	assert_non_null(strstr(d.msg, "did you mean 'bench2'"));
	diag_clear(&d);
	assert_int_equal(plan_apply_target(&p, "dut=bench2:file:rel.bin,size=1m", &d),
			 -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "needs an absolute path"));
	plan_release(&p);
}

static void test_same_minor(void **state)
{
	(void)state;
	assert_true(remote_same_minor("fio-3.33", "fio-3.33"));
	assert_true(remote_same_minor("fio-3.33", "fio-3.33-12-gabcdef"));
	assert_false(remote_same_minor("fio-3.33", "fio-3.36"));
	assert_false(remote_same_minor("fio-3.33", "fio-2.33"));
	assert_false(remote_same_minor("fio-3.33", "garbage"));
}

static void test_capture_deadline(void **state)
{
	char sh[] = "sh", c[] = "-c", echo[] = "echo out; echo err >&2; exit 3";
	char loop[] = "echo started; while :; do :; done";
	char *ok[] = { sh, c, echo, NULL }, *hang[] = { sh, c, loop, NULL };
	struct sbuf out;

	(void)state;
	sbuf_init(&out);
	assert_int_equal(remote_capture(ok, NULL, 0, &out), 3);
	assert_string_equal(out.buf, "out\nerr\n");
	sbuf_reset(&out);
	/* A child that never ends is killed at the deadline (1 s), with what it said. */
	assert_int_equal(remote_capture(hang, NULL, 1, &out), -SB_EFIO);
	assert_string_equal(out.buf, "started\n");
	sbuf_release(&out);
}

/* Points SSDBENCH_SSH at a script that prints text and exits with rc. */
static void fake_ssh(const char *text, int rc)
{
	char *path = xasprintf("%s/ssh", testutil_dir);
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fprintf(f, "#!/bin/sh\necho '%s' >&2\nexit %d\n", text, rc);
	fclose(f);
	chmod(path, 0755);
	setenv("SSDBENCH_SSH", path, 1);
	free(path);
}

static void test_ssh_verdicts(void **state)
{
	char name[] = "b", address[] = "127.0.0.1", version[64];
	struct plan_host h = { .name = name, .address = address };
	struct diag d;

	(void)state;
	diag_clear(&d);
	fake_ssh("", 0);   /* prints nothing: not a version */
	assert_int_equal(sshcmd_version(&h, 5, version, sizeof(version), &d), -SB_EPARSE);
	fake_ssh("root@127.0.0.1: Permission denied (publickey).", 255);
	diag_clear(&d);
	assert_int_equal(sshcmd_version(&h, 5, version, sizeof(version), &d), -SB_EIO);
	assert_string_equal(d.msg, "cannot reach host 'b' over ssh (127.0.0.1): "
			    "root@127.0.0.1: Permission denied (publickey).");
	fake_ssh("bash: line 1: ssdbench: command not found", 127);
	diag_clear(&d);
	assert_int_equal(sshcmd_version(&h, 5, version, sizeof(version), &d), -SB_ENOENT);
	assert_non_null(strstr(d.msg, "cannot run ssdbench: bash: line 1: ssdbench: command "
				      "not found"));
	fake_ssh("error: refusing to destroy /dev/loop5: --destroy loop4 does not match", 1);
	diag_clear(&d);
	assert_int_equal(sshcmd_version(&h, 5, version, sizeof(version), &d), -SB_EUNSAFE);
	assert_string_equal(d.msg, "host 'b' (ssh 127.0.0.1) says: refusing to destroy "
			    "/dev/loop5: --destroy loop4 does not match");
	setenv("SSDBENCH_SSH", "/nonexistent/ssh", 1);
	diag_clear(&d);
	assert_int_equal(sshcmd_version(&h, 5, version, sizeof(version), &d), -SB_EIO);
	assert_string_equal(d.msg, "cannot run '/nonexistent/ssh' here");
	unsetenv("SSDBENCH_SSH");
}

/* The ssh argv: options, the destination after "--", every word quoted for the bench. */
static void test_ssh_argv(void **state)
{
	char name[] = "b", address[] = "10.0.0.5", dest[] = "lab@b1";
	char prog[] = "/opt/sb/ssdbench";
	struct plan_host h = { .name = name, .address = address };
	const char *args[] = { "purge", "/tmp/it's here/t.bin", "--destroy", "a=b;rm -rf /" };
	char **argv;
	char *line;

	(void)state;
	unsetenv("SSDBENCH_SSH");
	argv = sshcmd_argv(&h, 10, args, 4);
	line = sshcmd_line(argv);
	assert_non_null(strstr(line, "ssh -o BatchMode=yes -o ConnectTimeout=9 -o "
			       "ServerAliveInterval=15 -o ServerAliveCountMax=4 -- 10.0.0.5 "
			       "ssdbench purge "));
	/* The words ssh hands the bench's shell: each one quoted, none split. */
	assert_string_equal(argv[9], "--");
	assert_string_equal(argv[10], "10.0.0.5");
	assert_string_equal(argv[12], "purge");
	assert_string_equal(argv[13], "'/tmp/it'\\''s here/t.bin'");
	assert_string_equal(argv[14], "--destroy");
	assert_string_equal(argv[15], "'a=b;rm -rf /'");
	assert_null(argv[16]);
	free(line);
	sshcmd_argv_free(argv);
	h.ssh = dest;
	h.ssh_port = 2222;
	h.ssdbench = prog;
	argv = sshcmd_argv(&h, 0, args, 1);
	line = sshcmd_line(argv);
	assert_non_null(strstr(line, " -p 2222 -- lab@b1 /opt/sb/ssdbench purge"));
	free(line);
	sshcmd_argv_free(argv);
}

/* The words a[0..n) joined by spaces are want; a (the array only) is freed. */
static void expect_words(const char **a, size_t n, const char *want)
{
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < n; i++)
		sbuf_addf(&sb, "%s%s", i ? " " : "", a[i]);
	assert_string_equal(sb.buf, want);
	sbuf_release(&sb);
	free(a);
}

/* A RAID's commands for a bench: one lock over every member; raid up and down. */
static void test_raid_args(void **state)
{
	const char *members[] = { "/dev/sdb", "/dev/sdc", "/dev/sdd" };
	const char *ids[] = { "S1", "S2" };
	struct sshcmd_raid up = { "up", "md", members, 3, "64KiB", ids, 2, "T0K" };
	struct sshcmd_raid down = { "down", "md", members, 2, "128KiB", NULL, 0, NULL };
	size_t n;
	const char **a;

	(void)state;
	a = benchlock_args(members, 3, ids, 2, "ctl:/out", &n);
	expect_words(a, n, "lock /dev/sdb /dev/sdc /dev/sdd --holder ctl:/out --destroy S1 "
		     "--destroy S2 --json");
	a = benchlock_args(members, 1, ids, 0, "h", &n);
	expect_words(a, n, "lock /dev/sdb --holder h --json");
	a = sshcmd_raid_args(&up, &n);
	expect_words(a, n, "raid up md --member /dev/sdb --member /dev/sdc --member /dev/sdd "
		     "--chunk 64KiB --destroy S1 --destroy S2 --lock-token T0K --json");
	a = sshcmd_raid_args(&down, &n);
	expect_words(a, n, "raid down md --member /dev/sdb --member /dev/sdc --chunk 128KiB "
		     "--json");
}

/* Copies the sample file src to DIR/name. */
static void copy_sample(const char *src, const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct sbuf sb;
	FILE *f;

	sbuf_init(&sb);
	assert_int_equal(sbuf_read_file(&sb, src), 0);
	f = fopen(path, "w");
	assert_non_null(f);
	fwrite(sb.buf, 1, sb.len, f);
	fclose(f);
	sbuf_release(&sb);
	free(path);
}

static void test_client_errors(void **state)
{
	char *dir = xasprintf("%s/elem", testutil_dir), *text, *job;

	(void)state;
	assert_int_equal(mkdir(dir, 0755), 0);
	/* fio's client on a server whose job 'bad' failed at set-up (a real fio 3.33 run). */
	copy_sample(SB_SOURCE_DIR "/samples/cs-failed-job/fio.json", dir, "fio.json");
	copy_sample(SB_SOURCE_DIR "/samples/cs-failed-job/stdout.txt", dir, "fio.stdout");
	copy_sample(SB_SOURCE_DIR "/samples/cs-failed-job/stderr.txt", dir, "fio.stderr");
	text = fiorun_error_text(dir);
	assert_string_equal(text, "fio: pid=0, err=22/file:filesetup.c:1155, "
			    "func=total_file_size, error=Invalid argument; client "
			    "<127.0.0.1>: exited with error 1");
	job = fiorun_job_error(dir);
	assert_non_null(job);
	assert_string_equal(job, "job 'bad' on 127.0.0.1: error 22 (Invalid argument)");
	free(text);
	free(job);
	copy_sample(SB_SOURCE_DIR "/samples/randread-qd1/fio.json", dir, "fio.json");
	assert_null(fiorun_job_error(dir));
	free(dir);
}

/* The lineup's combined status: the state each progress line tells, and the line. */
static void test_fleet_status(void **state)
{
	const char *labels[] = { "01-bench1", "02-bench2", "03-gone" };
	const char *states[] = { "[2/3] rr: read 3.1 MB/s 760 IOPS", "[1/3] fill: done",
				 "FAILED" };
	char buf[256];
	struct sbuf sb;

	(void)state;
	assert_int_equal(fleet_line_state("[10:01:02] [2/3 r4] rr: read 3.1 MB/s 760 IOPS, "
					  "latency mean 1.2 ms", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "[2/3 r4] rr: read 3.1 MB/s 760 IOPS");
	assert_int_equal(fleet_line_state("\033[K[1/2] fill 0:00:03 of ~0:00:10  [W(1)][30.0%]"
					  "[w=20MiB/s][eta 00m:07s]", buf, sizeof(buf)), 1);
	assert_string_equal(buf, "[1/2] fill 0:00:03 of ~0:00:10  [W(1)][30.0%][w=20MiB/s]"
			    "[eta 00m:07s]");
	assert_int_equal(fleet_line_state("[10:01:02] ssdbench 0.1.0: plan 'x' (x), 2 steps",
					  buf, sizeof(buf)), 0);
	assert_int_equal(fleet_line_state("checks for '/dev/loop3' on host 'b':", buf,
					  sizeof(buf)), 0);
	sbuf_init(&sb);
	fleet_status(labels, states, 3, 0, &sb);
	assert_string_equal(sb.buf, "01-bench1 [2/3] rr: read 3.1 MB/s 760 IOPS | 02-bench2 "
			    "[1/3] fill: done | 03-gone FAILED");
	sbuf_reset(&sb);
	/* 60 columns: the labels stay, each state gets an equal share. */
	fleet_status(labels, states, 3, 60, &sb);
	assert_string_equal(sb.buf, "01-bench1 [2/3] r... | 02-bench2 [1/3] f... | 03-gone "
			    "FAILED");
	assert_int_equal(sb.len, 60);
	sbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_host_specs),
		cmocka_unit_test(test_target_on_host),
		cmocka_unit_test(test_same_minor),
		cmocka_unit_test(test_capture_deadline),
		cmocka_unit_test(test_ssh_verdicts),
		cmocka_unit_test(test_ssh_argv),
		cmocka_unit_test(test_raid_args),
		cmocka_unit_test(test_fleet_status),
		cmocka_unit_test(test_client_errors),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
