/* SPDX-License-Identifier: MIT */
/* tracecap: a device's block I/O recorded through tracefs's blk tracer (tracecap.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "tracecap.h"
#include "xalloc.h"

/* The tracefs settings capture changes, restored afterwards. */
static const char *const saved_files[] = { "tracing_on", "current_tracer", "options/bin",
					   "options/context-info", "buffer_size_kb" };
#define NSAVED (sizeof(saved_files) / sizeof(saved_files[0]))

/* Where tracefs is looked for, under the root; the first is where it is mounted. */
static const char *const tracefs_places[] = { "/sys/kernel/tracing",
					      "/sys/kernel/debug/tracing" };

/*
 * What a capture changed, kept on disk while it has tracefs, so that the next capture
 * sets back what one killed (SIGKILL, a crash) left on: the device's trace switch,
 * the tracer and its options, and a tracefs it mounted. The tracefs lock (flock on
 * current_tracer) dies with its holder, so a state file found under the lock is a
 * dead capture's.
 */
#define STATE_DIR "/run/ssdbench"
#define STATE_NAME "trace-capture.state"

/* The longest root: every path below fits TC_PATH with it. */
#define ROOT_MAX 120
#define TC_PATH 256
#define TC_FILE (TC_PATH + 64)  /* TC_PATH and a file name under it */
#define DRAIN_BUF ((size_t)1 << 16)

/* A capture's context, passed down: the request and what the capture holds. */
struct tracecap {
	const struct tracecap_req *req;
	const char *root;
	FILE *info, *warn;
	char state_dir[TC_PATH];   /* ROOT/run/ssdbench */
	char state[TC_FILE];       /* STATE_DIR/STATE_NAME */
	char tracefs[TC_PATH];
	int mounted;               /* capture mounted tracefs: unmounted at the end */
	char enable[TC_PATH];      /* ROOT/sys/dev/block/MAJ:MIN/trace/enable */
	char saved[NSAVED][64];
	int changed;               /* tracefs settings to restore */
	int lock_fd;               /* current_tracer, flock()ed while capture has tracefs */
	int traced;                /* the device's tracing is on */
	int status;                /* the command's exit status, -1 for seconds */
	char *buf;                 /* trace_pipe's reads, DRAIN_BUF bytes */
};

/*
 * Set by SIGINT and SIGTERM while a capture runs. A signal handler is given nothing
 * through which to reach the capture's context, so this flag is the one state outside
 * it; tracecap_run() clears it first and puts the previous handlers back at its end.
 */
static volatile sig_atomic_t stop_asked;

static void on_signal(int sig)
{
	(void)sig;
	stop_asked = 1;
}

int tracecap_device(const char *path, dev_t *rdev, struct diag *d)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return diag_set(d, -SB_ENOENT, path, 0, 0, "cannot stat: %s", strerror(errno));
	if (!S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EUSAGE, path, 0, 0, "not a block device (capture "
				"traces a device's block layer)");
	*rdev = st.st_rdev;
	return 0;
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

/* Writes text to tracefs's file; an error names the file. */
static int tput(struct tracecap *c, const char *file, const char *text, struct diag *d)
{
	char path[TC_FILE];
	int e;

	snprintf(path, sizeof(path), "%s/%s", c->tracefs, file);
	if ((e = put(path, text)) < 0)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", text,
				strerror(-e));
	return 0;
}

/* Finds tracefs (mounting it when missing, and saying so). */
static int find_tracefs(struct tracecap *c, struct diag *d)
{
	char p[TC_FILE];

	for (size_t i = 0; i < 2; i++) {
		snprintf(c->tracefs, sizeof(c->tracefs), "%s%s", c->root, tracefs_places[i]);
		snprintf(p, sizeof(p), "%s/current_tracer", c->tracefs);
		if (!access(p, F_OK))
			return 0;
	}
	snprintf(c->tracefs, sizeof(c->tracefs), "%s%s", c->root, tracefs_places[0]);
	snprintf(p, sizeof(p), "%s/current_tracer", c->tracefs);
	fprintf(c->warn, "trace: tracefs is not mounted: mounting it on %s (until the "
		"capture ends)\n", c->tracefs);
	if (mount("nodev", c->tracefs, "tracefs", 0, NULL) != 0 || access(p, F_OK))
		return diag_set(d, -SB_EIO, c->tracefs, 0, 0, "cannot mount tracefs (the "
				"kernel needs CONFIG_FTRACE and CONFIG_BLK_DEV_IO_TRACE)");
	c->mounted = 1;
	return 0;
}

/* Refuses an output file on the traced device: its own writes would be in the trace. */
static int out_elsewhere(const struct tracecap *c, struct diag *d)
{
	const char *out = c->req->out;
	char *dir = xstrdup(out), *slash = strrchr(dir, '/');
	struct stat st;
	int rc = 0;

	if (slash)
		slash[slash == dir] = 0;
	if (stat(slash ? dir : ".", &st) == 0 && st.st_dev == c->req->rdev)
		rc = diag_set(d, -SB_EUSAGE, out, 0, 0, "on %s itself: writing the trace "
			      "there would trace its own writes (put it on another device)",
			      c->req->dev);
	free(dir);
	return rc;
}

/* Finds the device's trace switch, refusing a device someone else traces. */
static int find_device(struct tracecap *c, struct diag *d)
{
	char on[16];

	snprintf(c->enable, sizeof(c->enable), "%s/sys/dev/block/%u:%u/trace/enable",
		 c->root, major(c->req->rdev), minor(c->req->rdev));
	if (get(c->enable, on, sizeof(on)) < 0)
		return diag_set(d, -SB_EIO, c->enable, 0, 0, "cannot read: %s (the kernel "
				"needs CONFIG_BLK_DEV_IO_TRACE)", strerror(errno));
	if (strcmp(on, "0"))
		return diag_set(d, -SB_EUNSAFE, c->req->dev, 0, 0, "already being traced "
				"(%s is %s): capture will not take another's trace; if no tool "
				"is tracing it, switch it off with 'echo 0 > %s'", c->enable, on,
				c->enable);
	return out_elsewhere(c, d);
}

/* One capture at a time: the flock on current_tracer, which dies with its holder. */
static int lock_tracefs(struct tracecap *c, struct diag *d)
{
	char path[TC_FILE];

	snprintf(path, sizeof(path), "%s/current_tracer", c->tracefs);
	c->lock_fd = open(path, O_RDONLY | O_CLOEXEC);
	if (c->lock_fd < 0 || flock(c->lock_fd, LOCK_EX | LOCK_NB) < 0)
		return diag_set(d, -SB_EUNSAFE, c->tracefs, 0, 0, "another capture holds "
				"tracefs (%s): one at a time", strerror(errno));
	return 0;
}

/*
 * The state file: what give_back() needs, one value a line (control files' first
 * lines): the device, its switch, tracefs, whether capture mounted it (0 or 1), then
 * the saved settings in saved_files[]'s order.
 */
static int save_state(const struct tracecap *c, struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_addf(&sb, "%s\n%s\n%s\n%d\n", c->req->dev, c->enable, c->tracefs, c->mounted);
	for (size_t i = 0; i < NSAVED; i++)
		sbuf_addf(&sb, "%s\n", c->saved[i]);
	rc = safefile_mkdir(c->state_dir, 0, d);
	if (!rc)
		rc = safefile_write(c->state, sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

/* Sets back what c changed: the device's tracing off, then tracefs's settings. */
static void give_back(struct tracecap *c)
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
		fprintf(c->warn, "trace: warning: could not restore %s: %s\n", d.file, d.msg);
	else if (c->lock_fd >= 0 && unlink(c->state) && errno != ENOENT)
		fprintf(c->warn, "trace: warning: cannot remove %s: %s\n", c->state,
			strerror(errno));
	c->changed = 0;
}

/* Splits the state file's text into dead's fields; 0, or -1 when it is not one. */
static int parse_state(char *text, struct tracecap *dead, char *dev, size_t ndev,
		       char *mounted, size_t nmounted)
{
	char *fields[4 + NSAVED] = { dev, dead->enable, dead->tracefs, mounted };
	size_t sizes[4 + NSAVED] = { ndev, sizeof(dead->enable), sizeof(dead->tracefs),
				     nmounted };
	char prefix[TC_PATH];
	size_t n = 0;

	for (size_t i = 0; i < NSAVED; i++) {
		fields[4 + i] = dead->saved[i];
		sizes[4 + i] = sizeof(dead->saved[i]);
	}
	for (char *line = text, *nl; n < 4 + NSAVED && (nl = strchr(line, '\n'));
	     line = nl + 1, n++)
		snprintf(fields[n], sizes[n], "%.*s", (int)(nl - line), line);
	snprintf(prefix, sizeof(prefix), "%s/sys/dev/block/", dead->root);
	if (n != 4 + NSAVED || strncmp(dead->enable, prefix, strlen(prefix)))
		return -1;
	return 0;
}

/*
 * A capture killed before it set things back left the state file (and the lock is
 * ours, so it is dead): its device's tracing off, tracefs as it found it, said.
 */
static int recover_stale(struct tracecap *c, struct diag *d)
{
	struct tracecap dead = { .req = c->req, .root = c->root, .warn = c->warn,
				 .lock_fd = -1, .traced = 1, .changed = 1 };
	char dev[TC_PATH], mounted[8];
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = safefile_load(c->state_dir, STATE_NAME, 4096, &sb, d);
	if (rc == -SB_ENOENT) {
		diag_clear(d);
		rc = 0;
		goto out;
	}
	if (!rc && (parse_state(sb.buf, &dead, dev, sizeof(dev), mounted, sizeof(mounted)) ||
		    strcmp(dead.tracefs, c->tracefs)))
		rc = diag_set(d, -SB_EIO, c->state, 0, 0, "not a capture's state (remove it "
			      "once no capture runs)");
	if (rc)
		goto out;
	give_back(&dead);
	c->mounted |= !strcmp(mounted, "1");
	fprintf(c->warn, "trace: a capture of %s was killed before it set the block tracer "
		"back: set back now (%s 0, current_tracer %s)\n", dev, dead.enable,
		dead.saved[1]);
	if (unlink(c->state) && errno != ENOENT)
		rc = diag_set(d, -SB_EIO, c->state, 0, 0, "cannot remove: %s", strerror(errno));
out:
	sbuf_release(&sb);
	return rc;
}

/* Saves the settings, refusing a tracefs that another tool is using, and sets blk. */
static int take_tracefs(struct tracecap *c, struct diag *d)
{
	char path[TC_FILE], kb[32];
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

/* Lets the next capture have tracefs; a tracefs capture mounted is unmounted. */
static void unlock_tracefs(struct tracecap *c)
{
	if (c->lock_fd >= 0)
		close(c->lock_fd);
	c->lock_fd = -1;
	if (c->mounted && umount(c->tracefs) != 0)
		fprintf(c->warn, "trace: warning: cannot unmount %s, which capture mounted: "
			"%s\n", c->tracefs, strerror(errno));
	c->mounted = 0;
}

/* Lost events: the sum over per_cpu/cpuN/stats of "overrun" and "dropped events". */
static unsigned long long lost_events(const struct tracecap *c)
{
	unsigned long long lost = 0;

	for (int cpu = 0; cpu < 4096; cpu++) {
		char path[TC_FILE], line[128];
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

/* Copies what the ring buffer holds to out (*got: how much); returns 0 or an error. */
static int drain(struct tracecap *c, int pipe_fd, struct safefile_out *out, size_t *got,
		 struct diag *d)
{
	*got = 0;
	for (;;) {
		ssize_t n = read(pipe_fd, c->buf, DRAIN_BUF);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return 0;
		if (n < 0)
			return diag_set(d, -SB_EIO, "trace_pipe", 0, 0, "cannot read: %s",
					strerror(errno));
		if (n == 0)
			return 0;
		if (safefile_put(out, c->buf, (size_t)n, d))
			return d->code;
		*got += (size_t)n;
	}
}

static pid_t start_command(const struct tracecap *c, struct diag *d)
{
	pid_t pid = fork();

	if (pid < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot fork: %s", strerror(errno));
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		execvp(c->req->cmd[0], c->req->cmd);
		fprintf(stderr, "trace: cannot run '%s': %s\n", c->req->cmd[0], strerror(errno));
		_exit(127);
	}
	return pid;
}

/*
 * Copies trace_pipe to out until the command ends (or the seconds pass, or a signal
 * asks to stop). A read that finds nothing after poll() said there was something
 * (trace_pipe's end) waits a poll period rather than spin.
 */
static int copy_until_stop(struct tracecap *c, int pipe_fd, pid_t *pid,
			   struct safefile_out *out, struct diag *d)
{
	const struct tracecap_req *rq = c->req;
	double end = clock_mono_s() + (double)rq->seconds;
	int rc = 0;

	while (!rc && !stop_asked) {
		struct pollfd pf = { pipe_fd, POLLIN, 0 };
		size_t got = 0;
		int st;

		if (*pid > 0 && waitpid(*pid, &st, WNOHANG) == *pid) {
			c->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
			*pid = -1;
			break;
		}
		if (!rq->ncmd && clock_mono_s() >= end)
			break;
		if (poll(&pf, 1, 100) > 0) {
			rc = drain(c, pipe_fd, out, &got, d);
			if (!rc && !got)
				poll(NULL, 0, 100);
		}
	}
	return rc;
}

/* Records while the command runs (or for the seconds) into out. */
static int record(struct tracecap *c, struct safefile_out *out, struct diag *d)
{
	char path[TC_FILE];
	int pipe_fd, rc, e;
	pid_t pid = -1;
	size_t got;

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
	if (!rc && c->req->ncmd && (pid = start_command(c, d)) < 0)
		rc = (int)pid;
	if (!rc)
		rc = copy_until_stop(c, pipe_fd, &pid, out, d);
	if (pid > 0) {            /* interrupted: the command goes too */
		kill(pid, SIGTERM);
		waitpid(pid, NULL, 0);
		c->status = -2;
	}
	if (put(c->enable, "0") == 0)
		c->traced = 0;
	if (!rc)
		rc = drain(c, pipe_fd, out, &got, d);
	close(pipe_fd);
	if (!rc && stop_asked)
		rc = diag_set(d, -SB_EIO, c->req->out, 0, 0, "capture interrupted");
	return rc;
}

/* Has tracefs changed, records into out and sets everything back; 0 or an error. */
static int capture(struct tracecap *c, struct safefile_out *out, unsigned long long *lost,
		   struct diag *d)
{
	int rc;

	fprintf(c->info, "trace: capture only observes: nothing is written to %s\n",
		c->req->dev);
	fflush(c->info);
	rc = take_tracefs(c, d);
	if (!rc)
		rc = record(c, out, d);
	if (!rc)
		*lost = lost_events(c);
	give_back(c);
	if (!rc && *lost)
		rc = diag_set(d, -SB_EIO, c->req->out, 0, 0, "the kernel lost %llu events "
			      "(ring buffer overrun): the trace would be incomplete", *lost);
	if (rc)
		safefile_abort(out);
	else
		rc = safefile_commit(out, d);
	return rc;
}

/* Fills c's paths under req's root; -SB_EINVAL for a root too long for them. */
static int paths(struct tracecap *c, struct diag *d)
{
	if (strlen(c->root) > ROOT_MAX)
		return diag_set(d, -SB_EINVAL, c->root, 0, 0, "a root of more than %d bytes",
				ROOT_MAX);
	snprintf(c->state_dir, sizeof(c->state_dir), "%s%s", c->root, STATE_DIR);
	snprintf(c->state, sizeof(c->state), "%s/%s", c->state_dir, STATE_NAME);
	return 0;
}

int tracecap_run(const struct tracecap_req *req, struct tracecap_result *res,
		 struct diag *d)
{
	struct tracecap c = { .req = req, .root = req->root ? req->root : "",
			      .info = req->info ? req->info : stdout,
			      .warn = req->warn ? req->warn : stderr,
			      .lock_fd = -1, .status = -1 };
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESTART };
	struct sigaction old_int, old_term;
	struct safefile_out out;
	int rc;

	res->lost = 0;
	stop_asked = 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, NULL, &old_int);
	sigaction(SIGTERM, NULL, &old_term);
	rc = paths(&c, d);
	if (!rc)
		rc = find_tracefs(&c, d);
	if (!rc)
		rc = lock_tracefs(&c, d);
	if (!rc)
		rc = recover_stale(&c, d);
	if (!rc)
		rc = find_device(&c, d);
	if (!rc)
		rc = safefile_create(&out, req->out, d);
	if (!rc) {
		c.buf = xmalloc(DRAIN_BUF);
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		rc = capture(&c, &out, &res->lost, d);
		free(c.buf);
	}
	unlock_tracefs(&c);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	res->status = c.status;
	return rc;
}
