/* SPDX-License-Identifier: MIT */
/*
 * cmd_trace_capture: `ssdbench trace capture`: a device's block I/O recorded by the
 * kernel's block tracer (tracefs, the blk tracer in binary mode: the records
 * blktrace writes, without debugfs, which kernel lockdown closes) while a command
 * runs or for N seconds, then described in FILE.json. It only observes.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "blktrace.h"
#include "cli_int.h"
#include "clock.h"
#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

/* The tracefs settings capture changes, restored afterwards. */
static const char *const saved_files[] = { "tracing_on", "current_tracer", "options/bin",
					   "options/context-info", "buffer_size_kb" };
#define NSAVED (sizeof(saved_files) / sizeof(saved_files[0]))

/*
 * What a capture changed, kept on disk while it has tracefs, so that the next capture
 * sets back what one killed (SIGKILL, a crash) left on: the device's trace switch,
 * the tracer and its options, and a tracefs it mounted. The tracefs lock (flock on
 * current_tracer) dies with its holder, so a state file found under the lock is a
 * dead capture's.
 */
#define STATE_DIR "/run/ssdbench"
#define STATE_FILE STATE_DIR "/trace-capture.state"

struct capture {
	const char *dev, *out;
	char tracefs[64];
	int mounted;               /* capture mounted tracefs: unmounted at the end */
	char enable[128];          /* /sys/dev/block/MAJ:MIN/trace/enable */
	char saved[NSAVED][64];
	int changed;               /* tracefs settings to restore */
	int lock_fd;               /* current_tracer, flock()ed while capture has tracefs */
	int traced;                /* the device's tracing is on */
	char **cmd;
	size_t ncmd;
	long long seconds;
	int status;                /* the command's exit status, -1 for --seconds */
};

static volatile sig_atomic_t stop_asked;

static void on_signal(int sig)
{
	(void)sig;
	stop_asked = 1;
}

json_t *cmd__trace_json(const struct blkt_info *in)
{
	json_t *o = json_object(), *bs = json_array(), *qd = json_array();

	json_object_set_new(o, "ios", json_integer((json_int_t)in->ios));
	json_object_set_new(o, "reads", json_integer((json_int_t)in->reads));
	json_object_set_new(o, "writes", json_integer((json_int_t)in->writes));
	json_object_set_new(o, "trims", json_integer((json_int_t)in->trims));
	json_object_set_new(o, "flushes", json_integer((json_int_t)in->flushes));
	json_object_set_new(o, "bytes", json_integer((json_int_t)in->bytes));
	json_object_set_new(o, "read_bytes", json_integer((json_int_t)in->read_bytes));
	json_object_set_new(o, "write_bytes", json_integer((json_int_t)in->write_bytes));
	json_object_set_new(o, "trim_bytes", json_integer((json_int_t)in->trim_bytes));
	json_object_set_new(o, "lba_min_bytes", json_integer((json_int_t)in->lba_min_bytes));
	json_object_set_new(o, "lba_end_bytes", json_integer((json_int_t)in->lba_end_bytes));
	json_object_set_new(o, "span_bytes", json_integer((json_int_t)in->span_bytes));
	json_object_set_new(o, "seconds", json_real(in->seconds));
	json_object_set_new(o, "device", json_sprintf("%u:%u", in->device >> 20,
						      in->device & 0xfffffu));
	json_object_set_new(o, "devices", json_integer(in->devices));
	json_object_set_new(o, "records", json_integer((json_int_t)in->records));
	json_object_set_new(o, "issued", json_integer((json_int_t)in->issued));
	json_object_set_new(o, "completed", json_integer((json_int_t)in->completed));
	for (int i = 0; i < BLKT_BS_BUCKETS; i++) {
		json_t *b = json_object();
		uint64_t max = blkt_bs_bucket_max(i);

		json_object_set_new(b, "max_bytes", max ? json_integer((json_int_t)max)
							: json_null());
		json_object_set_new(b, "ios", json_integer((json_int_t)in->bs_hist[i]));
		json_array_append_new(bs, b);
	}
	for (int i = 0; i < BLKT_QD_BUCKETS; i++) {
		json_t *b = json_object();
		uint32_t max = blkt_qd_bucket_max(i);

		json_object_set_new(b, "max_depth", max ? json_integer(max) : json_null());
		json_object_set_new(b, "issues", json_integer((json_int_t)in->qd_hist[i]));
		json_array_append_new(qd, b);
	}
	json_object_set_new(o, "block_sizes", bs);
	json_object_set_new(o, "qd_max", json_integer(in->qd_max));
	json_object_set_new(o, "qd_mean", json_real(in->qd_mean));
	json_object_set_new(o, "queue_depths", qd);
	return o;
}

/* Writes text to a control file; returns 0 or -errno. */
static int put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ssize_t n;
	int e;

	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	e = n < 0 ? -errno : 0;
	close(fd);
	return e;
}

/* Reads a control file's first line into buf (no newline); returns 0 or -errno. */
static int get(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "re");
	char *nl;

	buf[0] = 0;
	if (!f)
		return -errno;
	if (!fgets(buf, (int)n, f))
		buf[0] = 0;
	fclose(f);
	if ((nl = strchr(buf, '\n')))
		*nl = 0;
	return 0;
}

static int tput(struct capture *c, const char *file, const char *text, struct diag *d)
{
	char path[160];
	int e;

	snprintf(path, sizeof(path), "%s/%s", c->tracefs, file);
	if ((e = put(path, text)) < 0)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", text,
				strerror(-e));
	return 0;
}

/* Finds tracefs (mounting it when missing, and saying so). */
static int find_tracefs(struct capture *c, struct diag *d)
{
	static const char *const where[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char p[128];

	for (size_t i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), "%s/current_tracer", where[i]);
		snprintf(c->tracefs, sizeof(c->tracefs), "%s", where[i]);
		if (!access(p, F_OK))
			return 0;
	}
	snprintf(c->tracefs, sizeof(c->tracefs), "%s", where[0]);
	fprintf(stderr, "trace: tracefs is not mounted: mounting it on %s (until the "
		"capture ends)\n", where[0]);
	if (mount("nodev", where[0], "tracefs", 0, NULL) != 0 ||
	    access("/sys/kernel/tracing/current_tracer", F_OK))
		return diag_set(d, -SB_EIO, where[0], 0, 0, "cannot mount tracefs (the kernel "
				"needs CONFIG_FTRACE and CONFIG_BLK_DEV_IO_TRACE)");
	c->mounted = 1;
	return 0;
}

/* Refuses an output file on the traced device: its own writes would be in the trace. */
static int out_elsewhere(const struct capture *c, dev_t dev, struct diag *d)
{
	char *dir = xstrdup(c->out), *slash = strrchr(dir, '/');
	struct stat st;
	int rc = 0;

	if (slash)
		slash[slash == dir] = 0;
	if (stat(slash ? dir : ".", &st) == 0 && st.st_dev == dev)
		rc = diag_set(d, -SB_EUSAGE, c->out, 0, 0, "on %s itself: writing the trace "
			      "there would trace its own writes (put it on another device)",
			      c->dev);
	free(dir);
	return rc;
}

/* Checks DEVICE: a block device, not traced by anyone else; finds its trace switch. */
static int find_device(struct capture *c, struct diag *d)
{
	struct stat st;
	char on[16];

	if (stat(c->dev, &st) < 0)
		return diag_set(d, -SB_ENOENT, c->dev, 0, 0, "cannot stat: %s", strerror(errno));
	if (!S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EUSAGE, c->dev, 0, 0, "not a block device (capture "
				"traces a device's block layer)");
	snprintf(c->enable, sizeof(c->enable), "/sys/dev/block/%u:%u/trace/enable",
		 major(st.st_rdev), minor(st.st_rdev));
	if (get(c->enable, on, sizeof(on)) < 0)
		return diag_set(d, -SB_EIO, c->enable, 0, 0, "cannot read: %s (the kernel "
				"needs CONFIG_BLK_DEV_IO_TRACE)", strerror(errno));
	if (strcmp(on, "0"))
		return diag_set(d, -SB_EUNSAFE, c->dev, 0, 0, "already being traced "
				"(%s is %s): capture will not take another's trace; if no tool "
				"is tracing it, switch it off with 'echo 0 > %s'", c->enable, on,
				c->enable);
	return out_elsewhere(c, st.st_rdev, d);
}

/* One capture at a time: the flock on current_tracer, which dies with its holder. */
static int lock_tracefs(struct capture *c, struct diag *d)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/current_tracer", c->tracefs);
	c->lock_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (c->lock_fd < 0 || flock(c->lock_fd, LOCK_EX | LOCK_NB) < 0)
		return diag_set(d, -SB_EUNSAFE, c->tracefs, 0, 0, "another capture holds "
				"tracefs (%s): one at a time", strerror(errno));
	return 0;
}

/* STATE_FILE: what give_back() needs, one value a line (control files' first lines). */
static int save_state(const struct capture *c, struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_addf(&sb, "%s\n%s\n%s\n%d\n", c->dev, c->enable, c->tracefs, c->mounted);
	for (size_t i = 0; i < NSAVED; i++)
		sbuf_addf(&sb, "%s\n", c->saved[i]);
	rc = safefile_mkdir(STATE_DIR, 0, d);
	if (!rc)
		rc = safefile_write(STATE_FILE, sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

static void give_back(struct capture *c);

/*
 * A capture killed before it set things back left STATE_FILE (and the lock is ours,
 * so it is dead): its device's tracing off, tracefs as it found it, said on stderr.
 */
static int recover_stale(struct capture *c, struct diag *d)
{
	struct capture dead = { .lock_fd = -1, .traced = 1, .changed = 1 };
	char dev[128], mounted[8];
	char *fields[4 + NSAVED] = { dev, dead.enable, dead.tracefs, mounted };
	size_t sizes[4 + NSAVED] = { sizeof(dev), sizeof(dead.enable), sizeof(dead.tracefs),
				     sizeof(mounted) };
	struct sbuf sb;
	int rc, n = 0;

	for (size_t i = 0; i < NSAVED; i++) {
		fields[4 + i] = dead.saved[i];
		sizes[4 + i] = sizeof(dead.saved[i]);
	}
	sbuf_init(&sb);
	rc = safefile_load(STATE_DIR, "trace-capture.state", 4096, &sb, d);
	if (rc == -SB_ENOENT) {
		diag_clear(d);
		rc = 0;
		goto out;
	}
	for (char *line = sb.buf, *nl; !rc && n < 4 + (int)NSAVED && (nl = strchr(line, '\n'));
	     line = nl + 1, n++)
		snprintf(fields[n], sizes[n], "%.*s", (int)(nl - line), line);
	if (!rc && (n != 4 + (int)NSAVED || strcmp(dead.tracefs, c->tracefs) ||
		    strncmp(dead.enable, "/sys/dev/block/", 15)))
		rc = diag_set(d, -SB_EIO, STATE_FILE, 0, 0, "not a capture's state (remove it "
			      "once no capture runs)");
	if (rc)
		goto out;
	give_back(&dead);
	c->mounted |= !strcmp(mounted, "1");
	fprintf(stderr, "trace: a capture of %s was killed before it set the block tracer "
		"back: set back now (%s 0, current_tracer %s)\n", dev, dead.enable,
		dead.saved[1]);
	if (unlink(STATE_FILE) && errno != ENOENT)
		rc = diag_set(d, -SB_EIO, STATE_FILE, 0, 0, "cannot remove: %s", strerror(errno));
out:
	sbuf_release(&sb);
	return rc;
}

/* Saves the settings, refusing a tracefs that another tool is using. */
static int take_tracefs(struct capture *c, struct diag *d)
{
	char path[160], kb[32];
	int rc = 0;

	for (size_t i = 0; i < NSAVED; i++) {
		snprintf(path, sizeof(path), "%s/%s", c->tracefs, saved_files[i]);
		if (get(path, c->saved[i], sizeof(c->saved[i])) < 0)
			return diag_set(d, -SB_EIO, path, 0, 0, "cannot read: %s", strerror(errno));
	}
	if (strcmp(c->saved[1], "nop"))
		return diag_set(d, -SB_EUNSAFE, c->tracefs, 0, 0, "tracefs is in use (its "
				"current_tracer is '%s', not nop): capture will not take it; if "
				"no tool is tracing, set it back with 'echo nop > "
				"%s/current_tracer'", c->saved[1], c->tracefs);
	rc = save_state(c, d);
	if (rc)
		return rc;
	c->changed = 1;
	snprintf(kb, sizeof(kb), "%d", atoi(c->saved[4]) > 16384 ? atoi(c->saved[4]) : 16384);
	rc = tput(c, "tracing_on", "0", d);
	if (!rc)
		rc = tput(c, "current_tracer", "blk", d);
	if (!rc)
		rc = tput(c, "options/bin", "1", d);
	if (!rc)
		rc = tput(c, "options/context-info", "0", d);
	if (!rc && strstr(c->saved[4], "expanded") == NULL && strcmp(c->saved[4], kb))
		rc = tput(c, "buffer_size_kb", kb, d);
	if (!rc)
		rc = tput(c, "trace", "", d);     /* empties the ring buffer */
	return rc;
}

static void give_back(struct capture *c)
{
	struct diag d;

	diag_clear(&d);
	if (c->traced && put(c->enable, "0") == 0)
		c->traced = 0;
	if (!c->changed)
		return;
	/* the tracer first: options/bin and context-info belong to it */
	tput(c, "tracing_on", "0", &d);
	tput(c, "options/bin", c->saved[2], &d);
	tput(c, "options/context-info", c->saved[3], &d);
	tput(c, "current_tracer", c->saved[1], &d);
	if (!strstr(c->saved[4], "expanded"))
		tput(c, "buffer_size_kb", c->saved[4], &d);
	tput(c, "tracing_on", c->saved[0], &d);
	if (d.code)
		fprintf(stderr, "trace: warning: could not restore %s: %s\n", d.file, d.msg);
	else if (c->lock_fd >= 0 && unlink(STATE_FILE) && errno != ENOENT)
		fprintf(stderr, "trace: warning: cannot remove %s: %s\n", STATE_FILE,
			strerror(errno));
	c->changed = 0;
}

/* Lets the next capture have tracefs; a tracefs capture mounted is unmounted. */
static void unlock_tracefs(struct capture *c)
{
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	c->lock_fd = -1;
	if (c->mounted && umount(c->tracefs) != 0)
		fprintf(stderr, "trace: warning: cannot unmount %s, which capture mounted: %s\n",
			c->tracefs, strerror(errno));
	c->mounted = 0;
}

/* Lost events: the sum over per_cpu/cpuN/stats of "overrun" and "dropped events". */
static unsigned long long lost_events(const struct capture *c)
{
	unsigned long long lost = 0;

	for (int cpu = 0; cpu < 4096; cpu++) {
		char path[160], line[128];
		FILE *f;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", c->tracefs, cpu);
		if (!(f = fopen(path, "re")))
			break;
		while (fgets(line, sizeof(line), f)) {
			unsigned long long v;

			if (sscanf(line, "overrun: %llu", &v) == 1 ||
			    sscanf(line, "dropped events: %llu", &v) == 1)
				lost += v;
		}
		fclose(f);
	}
	return lost;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Copies what the ring buffer holds to out; returns 0 or an error. */
static int drain(int pipe_fd, struct safefile_out *out, struct diag *d)
{
	static char buf[1 << 16];

	for (;;) {
		ssize_t n = read(pipe_fd, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		if (n < 0)
			return diag_set(d, -SB_EIO, "trace_pipe", 0, 0, "cannot read: %s",
					strerror(errno));
		if (n == 0)
			return 0;
		if (safefile_put(out, buf, (size_t)n, d))
			return d->code;
	}
}

static pid_t start_command(struct capture *c, struct diag *d)
{
	pid_t pid = fork();

	if (pid < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot fork: %s", strerror(errno));
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		execvp(c->cmd[0], c->cmd);
		fprintf(stderr, "trace: cannot run '%s': %s\n", c->cmd[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

/* Records while the command runs (or for c->seconds) into out. */
static int record(struct capture *c, struct safefile_out *out, struct diag *d)
{
	char path[160];
	int pipe_fd, rc, e;
	pid_t pid = -1;
	double end = now_s() + (double)c->seconds;

	snprintf(path, sizeof(path), "%s/trace_pipe", c->tracefs);
	if ((pipe_fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
	if ((e = put(c->enable, "1")) < 0) {
		close(pipe_fd);
		return diag_set(d, -SB_EIO, c->enable, 0, 0, "cannot start tracing: %s",
				strerror(-e));
	}
	c->traced = 1;
	rc = tput(c, "tracing_on", "1", d);
	if (!rc && c->ncmd && (pid = start_command(c, d)) < 0)
		rc = (int)pid;
	while (!rc && !stop_asked) {
		struct pollfd pf = { pipe_fd, POLLIN, 0 };
		int st;

		if (pid > 0 && waitpid(pid, &st, WNOHANG) == pid) {
			c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
			pid = -1;
			break;
		}
		if (!c->ncmd && now_s() >= end)
			break;
		if (poll(&pf, 1, 100) > 0)
			rc = drain(pipe_fd, out, d);
	}
	if (pid > 0) {            /* interrupted: the command goes too */
		kill(pid, SIGTERM);
		waitpid(pid, NULL, 0);
		c->status = -2;
	}
	if (put(c->enable, "0") == 0)
		c->traced = 0;
	if (!rc)
		rc = drain(pipe_fd, out, d);
	close(pipe_fd);
	if (!rc && stop_asked)
		rc = diag_set(d, -SB_EIO, c->out, 0, 0, "capture interrupted");
	return rc;
}

/* FILE.json: the trace's description, the command, the kernel, the date. */
static int write_json(const struct capture *c, const struct blkt_info *in,
		      unsigned long long lost, struct diag *d)
{
	json_t *o = cmd__trace_json(in), *cmd = json_array();
	struct utsname u;
	char date[CLOCK_ISO_SIZE], *text, *path = xasprintf("%s.json", c->out);
	time_t t = time(NULL);
	int rc;

	for (size_t i = 0; i < c->ncmd; i++)
		json_array_append_new(cmd, json_string(c->cmd[i]));
	clock_iso8601((int64_t)t, date, sizeof(date));
	uname(&u);
	json_object_set_new(o, "device_path", json_string(c->dev));
	json_object_set_new(o, "command", cmd);
	if (!c->ncmd)
		json_object_set_new(o, "capture_seconds", json_integer(c->seconds));
	else
		json_object_set_new(o, "command_status", json_integer(c->status));
	json_object_set_new(o, "kernel", json_string(u.release));
	json_object_set_new(o, "date", json_string(date));
	json_object_set_new(o, "lost_events", json_integer((json_int_t)lost));
	json_object_set_new(o, "tracer", json_string("tracefs blk (binary blk_io_trace v7)"));
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	rc = safefile_write(path, text, strlen(text), d);
	if (!rc)
		printf("trace: %s and %s\n", c->out, path);
	free(text);
	free(path);
	json_decref(o);
	return rc;
}

static int capture(struct capture *c, struct diag *d)
{
	struct safefile_out out;
	struct blkt_info in;
	unsigned long long lost = 0;
	int rc = find_tracefs(c, d);

	if (!rc)
		rc = lock_tracefs(c, d);
	if (!rc)
		rc = recover_stale(c, d);
	if (!rc)
		rc = find_device(c, d);
	if (!rc && safefile_create(&out, c->out, d) == 0) {
		signal(SIGINT, on_signal);
		signal(SIGTERM, on_signal);
		printf("trace: capture only observes: nothing is written to %s\n", c->dev);
		fflush(stdout);
		rc = take_tracefs(c, d);
		if (!rc)
			rc = record(c, &out, d);
		if (!rc)
			lost = lost_events(c);
		give_back(c);
		if (!rc && lost)
			rc = diag_set(d, -SB_EIO, c->out, 0, 0, "the kernel lost %llu events "
				      "(ring buffer overrun): the trace would be incomplete", lost);
		if (rc)
			safefile_abort(&out);
		else
			rc = safefile_commit(&out, d);
	} else if (!rc) {
		rc = d->code;
	}
	unlock_tracefs(c);
	if (!rc && blkt_read_info(c->out, &in, d)) {
		fprintf(stderr, "trace: nothing to keep, %s removed: did the I/O reach %s? (drop "
			"the page cache before, sync inside the command)\n", c->out, c->dev);
		unlink(c->out);
		rc = -SB_EIO;   /* the capture failed, not its arguments */
	}
	if (!rc)
		rc = write_json(c, &in, lost, d);
	if (!rc)
		printf("trace: %llu I/Os (%llu reads, %llu writes), %.3f s\n",
		       (unsigned long long)in.ios, (unsigned long long)in.reads,
		       (unsigned long long)in.writes, in.seconds);
	return rc;
}

int cmd__trace_capture(const struct cli_cmd *cmd, const struct cli_parsed *p)
{
	struct capture c = { .status = -1, .lock_fd = -1 };
	const char *secs = cli__value(cmd, p, "seconds");
	const char *why = NULL;
	struct diag d;
	int rc;

	if (p->nargs < 2)
		return cli__usage(cmd, "'trace capture' takes DEVICE -o FILE and --seconds N "
				  "or -- COMMAND");
	c.dev = p->args[1];
	c.out = cli__value(cmd, p, "output");
	c.cmd = p->args + 2;
	c.ncmd = p->nargs - 2;
	if (!c.out)
		return cli__usage(cmd, "'trace capture' needs -o FILE");
	if (!secs == !c.ncmd)
		return cli__usage(cmd, "'trace capture' takes either --seconds N or -- COMMAND");
	if (secs && units_parse_int(secs, 1, 86400, &c.seconds, &why))
		return cli__usage(cmd, "invalid --seconds '%s' (%s)", secs, why ? why : "1 to 86400");
	if (geteuid() != 0) {
		fprintf(stderr, "error: trace capture needs root (the kernel's block tracer)\n");
		return 1;
	}
	diag_clear(&d);
	rc = capture(&c, &d);
	if (!rc && c.ncmd && c.status != 0) {
		fprintf(stderr, "trace: warning: '%s' exited with status %d (the trace is kept)\n",
			c.cmd[0], c.status);
		return 1;
	}
	return cli__finish(rc, &d);
}
