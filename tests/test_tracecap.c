/* SPDX-License-Identifier: MIT */
/*
 * trace capture's mechanism over a fake tracefs: a tree of ordinary files made here in
 * the layout of tracefs, sysfs's block devices and /run, handed to tracecap_run() as
 * its root. No root privilege and no kernel tracer: the control files are files, and
 * trace_pipe a file whose bytes play the ring buffer's. A control file's value is its
 * first line, as the kernel shows it (capture writes values without a newline).
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "clock.h"
#include "err.h"
#include "fsutil.h"
#include "tracecap.h"

#define TRACEFS "sys/kernel/tracing"
#define ENABLE "sys/dev/block/7:3/trace/enable"
#define STATE "run/ssdbench/trace-capture.state"
#define DEV "/dev/fake3"

static char root[64];
/* A command's words: execvp() takes them writable. */
static char w_sh[] = "sh", w_c[] = "-c", w_true[] = "true";
static char out[128];                 /* ROOT/out.blktrace */
static unsigned char ring[150000];    /* trace_pipe's bytes when a capture starts */

/* ROOT/rel into buf. */
static const char *at(char *buf, size_t n, const char *rel)
{
	snprintf(buf, n, "%s/%s", root, rel);
	return buf;
}

/* Writes len bytes to ROOT/rel, making its folders. */
static void put(const char *rel, const void *data, size_t len)
{
	char full[256], *slash;
	FILE *f;

	at(full, sizeof(full), rel);
	slash = strrchr(full, '/');
	*slash = '\0';
	assert_int_equal(fsutil_mkdir_p(full), 0);
	*slash = '/';
	f = fopen(full, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static void put_text(const char *rel, const char *text)
{
	put(rel, text, strlen(text));
}

/* The whole of an open stream, NUL-terminated, *len its size; free() it. */
static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 4096, n = 0, got;
	char *buf = malloc(cap + 1);

	assert_non_null(buf);
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			buf = realloc(buf, (cap *= 2) + 1);
			assert_non_null(buf);
		}
	}
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

/* The whole of ROOT/rel; NULL when it does not exist. free() it. */
static char *get(const char *rel, size_t *len)
{
	char full[256];
	FILE *f = fopen(at(full, sizeof(full), rel), "r");
	char *text;

	if (!f)
		return NULL;
	text = slurp(f, len);
	fclose(f);
	return text;
}

/* Asserts that ROOT/rel's first line is value. */
#define assert_value(rel, value) assert_value_at((rel), (value), __FILE__, __LINE__)
static void assert_value_at(const char *rel, const char *value, const char *file, int line)
{
	char *text = get(rel, NULL), *nl;
	int same;

	if (!text) {
		print_error("%s: missing\n", rel);
		_fail(file, line);
		return;
	}
	if ((nl = strchr(text, '\n')))
		*nl = '\0';
	same = !strcmp(text, value);
	if (!same)
		print_error("%s: '%s' != '%s'\n", rel, text, value);
	free(text);
	if (!same)
		_fail(file, line);
}

static int exists(const char *rel)
{
	char full[256];

	return access(at(full, sizeof(full), rel), F_OK) == 0;
}

/* What a stream holds, from its start; free() it. */
static char *said(FILE *f)
{
	rewind(f);
	return slurp(f, NULL);
}

/* A stats file of one CPU's ring buffer as the kernel writes it. */
static void put_stats(int cpu, unsigned overrun, unsigned dropped)
{
	char rel[64], text[256];

	snprintf(rel, sizeof(rel), TRACEFS "/per_cpu/cpu%d/stats", cpu);
	snprintf(text, sizeof(text), "entries: 0\noverrun: %u\ncommit overrun: 0\nbytes: 0\n"
		 "oldest event ts:     0.000000\nnow ts:  3141.592653\ndropped events: %u\n"
		 "read events: 12\n", overrun, dropped);
	put_text(rel, text);
}

/* A machine's tracefs at rest (nop, text, context info, an expanded 1408 kB buffer),
 * one idle device and trace_pipe holding ring[]. */
static int setup(void **state)
{
	struct stat st;

	(void)state;
	snprintf(root, sizeof(root), "/tmp/sb-tracecap.XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(out, sizeof(out), "%s/out.blktrace", root);
	put_text(TRACEFS "/tracing_on", "1\n");
	put_text(TRACEFS "/current_tracer", "nop\n");
	put_text(TRACEFS "/options/bin", "0\n");
	put_text(TRACEFS "/options/context-info", "1\n");
	put_text(TRACEFS "/buffer_size_kb", "1408\n");
	put_text(TRACEFS "/trace", "# tracer: nop\n");
	for (size_t i = 0; i < sizeof(ring); i++)   /* NULs and every byte value */
		ring[i] = (unsigned char)(i * 7 + i / 251);
	put(TRACEFS "/trace_pipe", ring, sizeof(ring));
	put_stats(0, 0, 0);
	put_stats(1, 0, 0);
	put_text(ENABLE, "0\n");
	put_text("run/.keep", "");
	/* the output's folder is not on the traced device */
	assert_int_equal(stat(root, &st), 0);
	assert_true(st.st_dev != makedev(7, 3));
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

/* A request for DEV over the fake tree, its messages into two temporary files. */
static struct tracecap_req request(char *const *cmd, size_t ncmd, long long seconds)
{
	struct tracecap_req rq = { .root = root, .dev = DEV, .rdev = makedev(7, 3),
				   .out = out, .cmd = cmd, .ncmd = ncmd, .seconds = seconds,
				   .info = tmpfile(), .warn = tmpfile() };

	assert_non_null(rq.info);
	assert_non_null(rq.warn);
	return rq;
}

static void release(struct tracecap_req *rq)
{
	fclose(rq->info);
	fclose(rq->warn);
}

/* tracefs and the device as setup() made them: nothing changed, nothing left. */
static void assert_at_rest(void)
{
	assert_value(TRACEFS "/tracing_on", "1");
	assert_value(TRACEFS "/current_tracer", "nop");
	assert_value(TRACEFS "/options/bin", "0");
	assert_value(TRACEFS "/options/context-info", "1");
	assert_value(TRACEFS "/buffer_size_kb", "1408");
	assert_value(ENABLE, "0");
	assert_false(exists(STATE));
}

/* Asserts the output holds want (len bytes), byte for byte. */
static void assert_output(const void *want, size_t len)
{
	size_t n = 0;
	char *got = get("out.blktrace", &n);

	assert_non_null(got);
	assert_int_equal(n, len);
	assert_memory_equal(got, want, len);
	free(got);
}

/*
 * While a command runs: blk in binary mode without context info, a 16 MiB buffer,
 * tracing on, the device's switch on and the state file saying what to set back; the
 * bytes trace_pipe held and those added during the command end up in the output;
 * afterwards every setting is back, the switch off and the state file gone.
 */
static void test_capture_command(void **state)
{
	static const unsigned char more[] = { 0x07, 0x74, 0x61, 0x65, 0, 0, 0xff, 0, 0x0a };
	char script[1024], expect[1024];
	char *argv[] = { w_sh, w_c, script, NULL };
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 3, 0);
	struct diag d;
	unsigned char *all;
	char *text;

	(void)state;
	put("more", more, sizeof(more));
	snprintf(script, sizeof(script),
		 "cd '%s' && for f in " ENABLE " " TRACEFS "/tracing_on " TRACEFS
		 "/current_tracer " TRACEFS "/options/bin " TRACEFS "/options/context-info "
		 TRACEFS "/buffer_size_kb; do printf '%%s=%%s\\n' \"$f\" \"$(cat \"$f\")\"; done"
		 " > during && cp " STATE " state-during && cat more >> " TRACEFS "/trace_pipe"
		 " && exit 3", root);
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), 0);
	assert_int_equal(res.status, 3);
	assert_int_equal(res.lost, 0);

	text = get("during", NULL);
	assert_non_null(text);
	assert_string_equal(text, ENABLE "=1\n" TRACEFS "/tracing_on=1\n" TRACEFS
			    "/current_tracer=blk\n" TRACEFS "/options/bin=1\n" TRACEFS
			    "/options/context-info=0\n" TRACEFS "/buffer_size_kb=16384\n");
	free(text);
	text = get("state-during", NULL);
	assert_non_null(text);
	snprintf(expect, sizeof(expect), DEV "\n%s/" ENABLE "\n%s/" TRACEFS "\n0\n1\nnop\n0\n1\n"
		 "1408\n", root, root);
	assert_string_equal(text, expect);
	free(text);

	all = malloc(sizeof(ring) + sizeof(more));
	assert_non_null(all);
	memcpy(all, ring, sizeof(ring));
	memcpy(all + sizeof(ring), more, sizeof(more));
	assert_output(all, sizeof(ring) + sizeof(more));
	free(all);

	assert_at_rest();
	assert_value(TRACEFS "/trace", "");      /* the ring buffer was emptied */
	text = said(rq.info);
	assert_string_equal(text, "trace: capture only observes: nothing is written to "
			    DEV "\n");
	free(text);
	text = said(rq.warn);
	assert_string_equal(text, "");
	free(text);
	release(&rq);
}

/* --seconds: recording lasts them; tracing_on off before is off after; a buffer
 * larger than 16 MiB is kept. */
static void test_capture_seconds(void **state)
{
	struct tracecap_result res;
	struct tracecap_req rq = request(NULL, 0, 1);
	struct diag d;
	double t0;

	(void)state;
	put_text(TRACEFS "/tracing_on", "0\n");
	put_text(TRACEFS "/buffer_size_kb", "65536\n");
	diag_clear(&d);
	t0 = clock_mono_s();
	assert_int_equal(tracecap_run(&rq, &res, &d), 0);
	assert_true(clock_mono_s() - t0 >= 1.0);
	assert_true(clock_mono_s() - t0 < 10.0);
	assert_int_equal(res.status, -1);
	assert_output(ring, sizeof(ring));
	assert_value(TRACEFS "/tracing_on", "0");
	assert_value(TRACEFS "/buffer_size_kb", "65536");
	assert_value(TRACEFS "/current_tracer", "nop");
	assert_value(TRACEFS "/options/bin", "0");
	assert_value(TRACEFS "/options/context-info", "1");
	assert_value(ENABLE, "0");
	assert_false(exists(STATE));
	release(&rq);
}

/*
 * A capture of another device killed with SIGKILL left its state file, that device's
 * switch on and tracefs set for blk: the next capture sets both back first, says so
 * and records; afterwards tracefs is as the killed capture found it.
 */
static void test_stale_state(void **state)
{
	char *argv[] = { w_true, NULL };
	char text[1024], *msg;
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 1, 0);
	struct diag d;

	(void)state;
	snprintf(text, sizeof(text), "/dev/loop9\n%s/sys/dev/block/7:9/trace/enable\n%s/"
		 TRACEFS "\n0\n1\nnop\n0\n1\n1408\n", root, root);
	put_text(STATE, text);
	put_text("sys/dev/block/7:9/trace/enable", "1");
	put_text(TRACEFS "/tracing_on", "1");
	put_text(TRACEFS "/current_tracer", "blk");
	put_text(TRACEFS "/options/bin", "1");
	put_text(TRACEFS "/options/context-info", "0");
	put_text(TRACEFS "/buffer_size_kb", "16384");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), 0);
	assert_int_equal(res.status, 0);
	msg = said(rq.warn);
	snprintf(text, sizeof(text), "trace: a capture of /dev/loop9 was killed before it set "
		 "the block tracer back: set back now (%s/sys/dev/block/7:9/trace/enable 0, "
		 "current_tracer nop)\n", root);
	assert_string_equal(msg, text);
	free(msg);
	assert_value("sys/dev/block/7:9/trace/enable", "0");
	assert_at_rest();
	assert_output(ring, sizeof(ring));
	release(&rq);
}

/* A state file that is not one is refused, named, and left there; nothing changes. */
static void test_stale_state_garbage(void **state)
{
	char *argv[] = { w_true, NULL };
	char path[256];
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 1, 0);
	struct diag d;

	(void)state;
	put_text(STATE, "/dev/loop9\n/etc/passwd\n");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EIO);
	assert_string_equal(d.file, at(path, sizeof(path), STATE));
	assert_string_equal(d.msg, "not a capture's state (remove it once no capture runs)");
	assert_true(exists(STATE));
	assert_value(TRACEFS "/current_tracer", "nop");
	assert_value(TRACEFS "/options/bin", "0");
	assert_value(ENABLE, "0");
	assert_false(exists("out.blktrace"));
	release(&rq);
}

/* A tracer left on by another tool (no state file): refused, saying how to reset it. */
static void test_tracer_in_use(void **state)
{
	char *argv[] = { w_true, NULL };
	char expect[512], path[256];
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 1, 0);
	struct diag d;

	(void)state;
	put_text(TRACEFS "/current_tracer", "function\n");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EUNSAFE);
	assert_string_equal(d.file, at(path, sizeof(path), TRACEFS));
	snprintf(expect, sizeof(expect), "tracefs is in use (its current_tracer is 'function', "
		 "not nop): capture will not take it; if no tool is tracing, set it back with "
		 "'echo nop > %s/" TRACEFS "/current_tracer'", root);
	assert_string_equal(d.msg, expect);
	assert_value(TRACEFS "/current_tracer", "function");
	assert_value(TRACEFS "/tracing_on", "1");
	assert_value(TRACEFS "/options/bin", "0");
	assert_value(TRACEFS "/options/context-info", "1");
	assert_value(TRACEFS "/buffer_size_kb", "1408");
	assert_value(ENABLE, "0");
	assert_false(exists(STATE));
	assert_false(exists("out.blktrace"));
	release(&rq);
}

/* The other refusals, each before anything changes: the device traced by another,
 * tracefs held by another capture, the output on the traced device. */
static void test_refusals(void **state)
{
	char *argv[] = { w_true, NULL };
	char expect[512], path[256];
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 1, 0);
	struct stat st;
	struct diag d;
	int fd;

	(void)state;
	put_text(ENABLE, "1\n");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EUNSAFE);
	assert_string_equal(d.file, DEV);
	snprintf(expect, sizeof(expect), "already being traced (%s/" ENABLE " is 1): capture "
		 "will not take another's trace; if no tool is tracing it, switch it off with "
		 "'echo 0 > %s/" ENABLE "'", root, root);
	assert_string_equal(d.msg, expect);
	assert_value(ENABLE, "1");
	put_text(ENABLE, "0\n");

	fd = open(at(path, sizeof(path), TRACEFS "/current_tracer"), O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EUNSAFE);
	assert_string_equal(d.file, at(path, sizeof(path), TRACEFS));
	assert_non_null(strstr(d.msg, "another capture holds tracefs ("));
	assert_non_null(strstr(d.msg, "): one at a time"));
	close(fd);

	assert_int_equal(stat(root, &st), 0);
	rq.rdev = st.st_dev;
	snprintf(path, sizeof(path), "sys/dev/block/%u:%u/trace/enable", major(st.st_dev),
		 minor(st.st_dev));
	put_text(path, "0\n");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EUSAGE);
	assert_string_equal(d.file, out);
	assert_string_equal(d.msg, "on " DEV " itself: writing the trace there would trace "
			    "its own writes (put it on another device)");
	assert_at_rest();
	assert_false(exists("out.blktrace"));
	release(&rq);
}

/* Events the kernel lost (overrun on one CPU, dropped on another) fail the capture:
 * the output is left as it was, tracefs and the device set back. */
static void test_lost_events(void **state)
{
	char *argv[] = { w_true, NULL };
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 1, 0);
	struct diag d;

	(void)state;
	put_stats(0, 3, 0);
	put_stats(1, 0, 2);
	put_text("out.blktrace", "an older trace\n");
	diag_clear(&d);
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EIO);
	assert_int_equal(res.lost, 5);
	assert_string_equal(d.file, out);
	assert_string_equal(d.msg, "the kernel lost 5 events (ring buffer overrun): the trace "
			    "would be incomplete");
	assert_output("an older trace\n", 15);
	assert_at_rest();
	release(&rq);
}

/* SIGTERM while the command runs: the command is stopped, the capture fails, tracefs
 * and the device are set back, and the caller's handler is its own again. */
static void test_interrupted(void **state)
{
	char script[] = "kill -TERM $PPID; sleep 30";
	char *argv[] = { w_sh, w_c, script, NULL };
	struct tracecap_result res;
	struct tracecap_req rq = request(argv, 3, 0);
	struct sigaction before, after;
	struct diag d;
	double t0;

	(void)state;
	assert_int_equal(sigaction(SIGTERM, NULL, &before), 0);
	diag_clear(&d);
	t0 = clock_mono_s();
	assert_int_equal(tracecap_run(&rq, &res, &d), -SB_EIO);
	assert_true(clock_mono_s() - t0 < 20.0);
	assert_int_equal(res.status, -2);
	assert_string_equal(d.file, out);
	assert_string_equal(d.msg, "capture interrupted");
	assert_false(exists("out.blktrace"));
	assert_at_rest();
	assert_int_equal(sigaction(SIGTERM, NULL, &after), 0);
	assert_true(after.sa_handler == before.sa_handler);
	release(&rq);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_capture_command, setup, teardown),
		cmocka_unit_test_setup_teardown(test_capture_seconds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stale_state, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stale_state_garbage, setup, teardown),
		cmocka_unit_test_setup_teardown(test_tracer_in_use, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refusals, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lost_events, setup, teardown),
		cmocka_unit_test_setup_teardown(test_interrupted, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
