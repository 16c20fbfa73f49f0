/* SPDX-License-Identifier: MIT */
/* fiorun: runs fio as an external program and captures everything it says. */
#define _GNU_SOURCE 1 /* syncfs */
#include "fiorun.h"

#include <ctype.h>
#include <inttypes.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "safefile.h"
#include "err.h"
#include "fiorun_int.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

/* An argument vector built from copies, so exec gets writable strings. */
struct args {
	char **v;
	size_t n, cap;
};

static void args_add(struct args *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void args_add(struct args *a, const char *fmt, ...)
{
	va_list ap;

	XGROW(a->v, a->cap, a->n + 2);
	va_start(ap, fmt);
	a->v[a->n++] = xvasprintf(fmt, ap);
	va_end(ap);
	a->v[a->n] = NULL;
}

static void args_release(struct args *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/*
 * Runs argv with stdout into out (when not NULL) and stderr to /dev/null, in dir
 * (when not NULL). Returns the exit status, 128 + signal, or -errno if it could
 * not start; 127 means exec failed.
 */
static int run_capture(char *const argv[], const char *dir, struct sbuf *out)
{
	int pfd[2] = { -1, -1 }, st = 0;
	pid_t pid;
	char buf[4096];
	ssize_t n;

	if (pipe(pfd))
		return -errno;
	pid = fork();
	if (pid < 0) {
		int e = errno;

		close(pfd[0]);
		close(pfd[1]);
		return -e;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDWR);

		dup2(pfd[1], 1);
		dup2(devnull, 2);
		dup2(devnull, 0);
		close(pfd[0]);
		close(pfd[1]);
		if (dir && chdir(dir))
			_exit(126);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pfd[1]);
	while ((n = read(pfd[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		if (out)
			sbuf_add(out, buf, (size_t)n);
	}
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int fiorun_version(char *buf, size_t n)
{
	struct args a = { 0 };
	struct sbuf out;
	int rc;

	sbuf_init(&out);
	args_add(&a, "fio");
	args_add(&a, "--version");
	rc = run_capture(a.v, NULL, &out);
	args_release(&a);
	out.buf[strcspn(out.buf, "\r\n")] = '\0';   /* its first line only */
	for (char *c = out.buf; *c; c++)   /* it lands in the manifest and messages */
		if (*c < 0x20 || *c == 0x7f)
			*c = '?';
	if (rc != 0 || strncmp(out.buf, "fio-", 4)) {
		sbuf_release(&out);
		return -SB_ENOFIO;
	}
	snprintf(buf, n, "%s", out.buf);
	sbuf_release(&out);
	return 0;
}

/* "fio-MAJOR.MINOR[anything]", both numbers digits only: 0, or -1 for anything else. */
static int parse_version(const char *version, long *major, long *minor)
{
	const char *s = version + 4;
	char *end;

	if (strncmp(version, "fio-", 4) || !isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*major = strtol(s, &end, 10);
	if (errno || *end != '.' || !isdigit((unsigned char)end[1]))
		return -1;
	*minor = strtol(end + 1, NULL, 10);
	return errno ? -1 : 0;
}

int fiorun_check_version(const char *version, struct diag *d)
{
	long major, minor;

	if (parse_version(version, &major, &minor))
		return diag_set(d, -SB_EFIO, NULL, 0, 0, "'fio --version' says '%.40s': not a "
				"version ssdbench can read (fio-MAJOR.MINOR); is 'fio' on PATH "
				"really fio?", version);
	if (major > FIORUN_MIN_MAJOR ||
	    (major == FIORUN_MIN_MAJOR && minor >= FIORUN_MIN_MINOR))
		return 0;
	return diag_set(d, -SB_EFIO, NULL, 0, 0, "%s is too old: ssdbench needs fio %d.%d "
			"or newer (nanosecond latencies, json+ histograms)", version,
			FIORUN_MIN_MAJOR, FIORUN_MIN_MINOR);
}

unsigned fiorun_step_timeout_s(uint64_t runtime_ms, uint64_t layout_bytes)
{
	const char *env = getenv("SSDBENCH_STEP_TIMEOUT_S"), *why;
	uint64_t runtime_s = runtime_ms / 1000 + (runtime_ms % 1000 != 0), t;
	long long over;

	if (env && !units_parse_int(env, 1, 100LL * 24 * 3600, &over, &why))
		return (unsigned)over;
	t = runtime_s + (runtime_s / 2 > 60 ? runtime_s / 2 : 60);
	t += layout_bytes / 20000000;
	return t > UINT_MAX ? UINT_MAX : (unsigned)t;
}

/* The engine probe through fio's server: a job file (the server takes no command-line job). */
static int probe_engine_remote(const char *filename, int is_device, const char *engine,
			       int direct, const char *workdir, const char *client)
{
	char *path = xasprintf("%s/ssdbench-probe.fio", workdir);
	struct args a = { 0 };
	struct diag d;
	struct sbuf sb;
	FILE *f;
	int rc, ok;

	sbuf_init(&sb);
	diag_clear(&d);
	sbuf_adds(&sb, "[ssdbench-probe]\n");
	rc = fiorun__add_filename(&sb, filename, &d);
	sbuf_addf(&sb, "ioengine=%s\ndirect=%d\nrw=read\nbs=4k\nio_size=64k\n%s\n", engine,
		  direct ? 1 : 0, is_device ? "readonly=1" : "size=1m\nunlink=1");
	f = rc ? NULL : fopen(path, "w");
	ok = f && fwrite(sb.buf, 1, sb.len, f) == sb.len;
	if (f && fclose(f))
		ok = 0;
	rc = -SB_EFIO;
	if (ok) {
		args_add(&a, "fio");
		args_add(&a, "--output-format=json");
		args_add(&a, "--client=%s", client);
		args_add(&a, "ssdbench-probe.fio");
		rc = run_capture(a.v, workdir, NULL) == 0 ? 0 : -SB_EFIO;
		args_release(&a);
	}
	unlink(path);
	sbuf_release(&sb);
	free(path);
	return rc;
}

int fiorun_probe_engine(const char *filename, int is_device, const char *engine,
			int direct, const char *workdir, const char *client)
{
	struct args a = { 0 };
	int rc;

	if (client)
		return probe_engine_remote(filename, is_device, engine, direct, workdir, client);
	args_add(&a, "fio");
	args_add(&a, "--name=ssdbench-probe");
	args_add(&a, "--filename=%s", filename);
	args_add(&a, "--ioengine=%s", engine);
	args_add(&a, "--direct=%d", direct ? 1 : 0);
	args_add(&a, "--rw=read");
	args_add(&a, "--bs=4k");
	args_add(&a, "--io_size=64k");
	args_add(&a, "%s", is_device ? "--readonly" : "--size=1m");
	args_add(&a, "--output-format=json");
	rc = run_capture(a.v, workdir, NULL);
	args_release(&a);
	return rc == 0 ? 0 : -SB_EFIO;
}

/* The longest line of fio's stdout held in memory; a longer one is streamed. */
#define LINE_MAX_HELD 65536
/* The most of fio's stdout kept on disk (fio.stdout); the rest is counted, in a note. */
#define KEEP_MAX ((uint64_t)16 << 20)

/*
 * fio's stdout as it arrives, cut into lines: ETA lines feed the progress display,
 * the rest goes to fio.stdout. Only one line is held, at most LINE_MAX_HELD bytes.
 */
struct keep {
	FILE *f;
	int err;            /* errno of the first failed write, 0 = none */
	uint64_t kept;      /* bytes written to fio.stdout, at most KEEP_MAX */
	uint64_t dropped;   /* bytes past KEEP_MAX, not kept */
	struct sbuf line;   /* the line so far */
	int long_line;      /* 1: past LINE_MAX_HELD, streamed to f; 2: an ETA line, dropped */
};

static void keep_write(struct keep *k, const char *s, size_t n)
{
	size_t w = KEEP_MAX - k->kept < n ? (size_t)(KEEP_MAX - k->kept) : n;

	if (w && !k->err && fwrite(s, 1, w, k->f) != w)
		k->err = errno ? errno : EIO;
	k->kept += w;
	k->dropped += n - w;
}

/* fio.stdout cut at KEEP_MAX: a note at its end says how much more fio printed. */
static void keep_note(const struct fiorun_exec_opts *o, struct keep *k)
{
	if (!k->dropped)
		return;
	if (!k->err && fprintf(k->f, "\n[ssdbench: fio.stdout keeps the first %" PRIu64
			       " bytes fio printed; %" PRIu64 " bytes more were not kept]\n",
			       k->kept, k->dropped) < 0)
		k->err = errno ? errno : EIO;
	fprintf(stderr, "%s: warning: fio printed %" PRIu64 " bytes to stdout; fio.stdout "
		"keeps the first %" PRIu64 "\n", o->label ? o->label : "fio",
		k->kept + k->dropped, k->kept);
}

/* Handles one whole line of fio's stdout: an ETA line feeds the display, the rest is kept. */
static void stdout_line(const struct fiorun_exec_opts *o, const char *line, size_t n,
			struct keep *k)
{
	if (n >= 5 && !memcmp(line, "Jobs:", 5)) {
		const char *status = memchr(line, '[', n);

		if (o->tty && o->status)
			o->status(o->status_arg, line, n);
		else if (o->tty && status)
			fprintf(stderr, "\r\033[K%s  %.*s", o->label,
				(int)(n - (size_t)(status - line)), status);
		return;
	}
	if (n) {
		keep_write(k, line, n);
		keep_write(k, "\n", 1);
	}
}

/* Takes the next n bytes of fio's stdout (line breaks: \n or \r). */
static void keep_feed(const struct fiorun_exec_opts *o, struct keep *k, const char *s,
		      size_t n)
{
	while (n) {
		size_t i = 0;

		while (i < n && s[i] != '\n' && s[i] != '\r')
			i++;
		if (!k->long_line && k->line.len + i > LINE_MAX_HELD) {
			k->long_line = k->line.len >= 5 && !memcmp(k->line.buf, "Jobs:", 5) ? 2 : 1;
			if (k->long_line == 1)
				keep_write(k, k->line.buf, k->line.len);
			sbuf_reset(&k->line);
		}
		if (k->long_line == 1)
			keep_write(k, s, i);
		else if (!k->long_line)
			sbuf_add(&k->line, s, i);
		if (i == n)
			return;
		if (k->long_line == 1)
			keep_write(k, "\n", 1);
		else if (!k->long_line)
			stdout_line(o, k->line.buf, k->line.len, k);
		sbuf_reset(&k->line);
		k->long_line = 0;
		s += i + 1;
		n -= i + 1;
	}
}

/* The watch kept over one fio run: its pid, the watchdog's clock, what was done. */
struct watch {
	pid_t pid;
	int reaped;          /* fio itself has exited; st holds its wait status */
	int st;
	int told;            /* SIGINT forwarded after a signal reached ssdbench */
	int stage;           /* watchdog: 0 quiet, 1 SIGTERM sent, 2 SIGKILL sent */
	int64_t term_at, kill_at; /* monotonic ms; 0 = no watchdog */
	int gate;            /* the gate's FIFO, open until fio ends; -1 = none */
	int gate_open;       /* its lines are written */
};

/* How long fio gets to wind down after the watchdog's SIGTERM before SIGKILL. */
#define WATCHDOG_GRACE_MS 10000

/* Sleeps until Unix ms `at` (0: not at all), waking early when *stop is set. */
static void wait_until(int64_t at, const volatile sig_atomic_t *stop)
{
	for (int64_t left; at && !(stop && *stop) && (left = at - clock_unix_ms()) > 0; ) {
		struct timespec ts = { 0, (left > 200 ? 200 : left) * 1000000L };

		nanosleep(&ts, NULL);
	}
}

/* The parent pid of process pid from /proc, or -1. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')'); /* the name may hold spaces and parentheses */
	if (!p || strlen(p) < 4)
		return -1;
	return (pid_t)strtol(p + 4, NULL, 10); /* ") S PPID" */
}

/*
 * Sends sig to every process whose parent is parent: fio's job processes (they
 * leave fio's process group), or, with parent = ssdbench, those orphaned when fio
 * died and reparented to us. Returns how many were signalled.
 */
static int signal_children(pid_t parent, int sig)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	int count = 0;

	while (proc && (e = readdir(proc))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);

		if (*end || pid <= 0 || parent_of((pid_t)pid) != parent)
			continue;
		if (!kill((pid_t)pid, sig))
			count++;
	}
	if (proc)
		closedir(proc);
	return count;
}

/*
 * Kills and reaps fio's processes left behind after fio itself ended. Waits for
 * any child: while a step runs, ssdbench has no children but fio's.
 */
static void kill_orphans(void)
{
	while (signal_children(getpid(), SIGKILL) > 0)
		while (waitpid(-1, NULL, 0) > 0)
			;
}

/* The pids of processes named fio whose cwd is inside root (a realpath, no slash at end). */
static size_t leftover_fios(const char *root, pid_t *pids, size_t max)
{
	DIR *proc = opendir("/proc");
	struct dirent *e;
	size_t n = 0, len = strlen(root);

	while (proc && n < max && (e = readdir(proc))) {
		char path[64], comm[32] = "", cwd[PATH_MAX];
		pid_t pid = (pid_t)strtol(e->d_name, NULL, 10);
		ssize_t k;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/comm", (long)pid);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (!fgets(comm, sizeof(comm), f))
			comm[0] = '\0';
		fclose(f);
		if (strcmp(comm, "fio\n"))
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/cwd", (long)pid);
		k = readlink(path, cwd, sizeof(cwd) - 1);
		if (k <= 0)
			continue;
		cwd[k] = '\0';
		if (!strncmp(cwd, root, len) && cwd[len] == '/')
			pids[n++] = pid;
	}
	if (proc)
		closedir(proc);
	return n;
}

int fiorun_kill_leftovers(const char *dir)
{
	char *root = realpath(dir, NULL);
	pid_t pids[256];
	size_t n = root ? leftover_fios(root, pids, 256) : 0;

	for (size_t i = 0; i < n; i++)
		kill(pids[i], SIGKILL);
	for (int tries = 0; root && tries < 100 && leftover_fios(root, pids, 1); tries++) {
		struct timespec ts = { 0, 100 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
	free(root);
	return (int)n;
}

/* Sends sig to fio and its job processes (SIGCONT too, so stopped ones can act). */
static void signal_fio(const struct watch *w, int sig)
{
	signal_children(w->pid, sig);
	kill(w->pid, sig);
	if (sig != SIGKILL) {
		signal_children(w->pid, SIGCONT);
		kill(w->pid, SIGCONT);
	}
}

/*
 * The gate's lines, once: at start_at_ms, or at once when ssdbench is stopping (fio,
 * told to stop, then ends its jobs before their first I/O). The FIFO stays open for
 * writing until fio ends, so a job that comes to it late still finds its line.
 */
static void open_gate(const struct fiorun_exec_opts *o, struct watch *w)
{
	char nl[64];
	size_t n = o->gate_jobs > 0 && o->gate_jobs < (int)sizeof(nl) ? (size_t)o->gate_jobs
								       : sizeof(nl);

	if (w->gate < 0 || w->gate_open ||
	    (o->start_at_ms > clock_unix_ms() && !(o->stop && *o->stop)))
		return;
	memset(nl, '\n', n);
	for (int left = o->gate_jobs; left > 0; left -= (int)n)
		if (write(w->gate, nl, (size_t)left < n ? (size_t)left : n) < 0 && errno != EINTR)
			break;
	if (o->started_ms)
		*o->started_ms = clock_unix_ms();
	w->gate_open = 1;
}

/* poll()'s timeout: the tick, or sooner the gate's time. */
static int poll_ms(const struct fiorun_exec_opts *o, const struct watch *w)
{
	int ms = o->tick_ms ? (int)o->tick_ms : 500;

	if (w->gate >= 0 && !w->gate_open) {
		int64_t left = o->start_at_ms - clock_unix_ms();

		ms = left <= 0 ? 0 : left < ms ? (int)left : ms;
	}
	return ms;
}

/* One tick of the watch: forwards Ctrl-C, notices fio's end, runs the watchdog. */
static void watch_tick(const struct fiorun_exec_opts *o, struct watch *w)
{
	int64_t now = clock_mono_ms();

	open_gate(o, w);   /* first: its time is the wait state's end */
	if (o->tick)
		o->tick(o->tick_arg);
	if (o->tty && o->status)
		o->status(o->status_arg, NULL, 0);
	if (o->stop && *o->stop && !w->told) {
		kill(w->pid, SIGINT);
		w->told = 1;
	}
	if (!w->reaped && waitpid(w->pid, &w->st, WNOHANG) == w->pid) {
		w->reaped = 1;
		if (o->pid)
			*o->pid = 0;
		kill_orphans(); /* they hold fio's stdout open and keep doing I/O */
	}
	if (w->reaped || !w->term_at)
		return;
	if (w->stage == 0 && now >= w->term_at) {
		signal_fio(w, SIGTERM);
		w->stage = 1;
	} else if (w->stage == 1 && now >= w->kill_at) {
		signal_fio(w, SIGKILL);
		w->stage = 2;
	}
}

/*
 * Reads fio's stdout until it closes, splitting on \r and \n, waking at least
 * twice a second to watch fio (watch_tick). When *o->stop becomes set (a signal
 * reached ssdbench), fio is asked to stop too, once, with SIGINT: it then ends the
 * step and still writes its report.
 */
static void pump_stdout(const struct fiorun_exec_opts *o, struct watch *w, int fd,
			struct keep *keep)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char buf[65536];
	ssize_t n = 1;

	while (n != 0) {
		int ready = poll(&pfd, 1, poll_ms(o, w));

		watch_tick(o, w);
		if (ready <= 0)
			continue; /* timeout, or EINTR from a signal */
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		keep_feed(o, keep, buf, (size_t)n);
	}
	keep_feed(o, keep, "\n", 1);   /* the last line, when fio did not end it */
	if (o->tty)
		fputs("\r\033[K", stderr);
}

/*
 * fio's whole environment: fio expands ${VAR} in job files from its environment, so
 * it gets nothing of the user's but PATH (which fio the user runs, and what a test's
 * stand-in calls) and a fixed locale, for numbers printed alike everywhere.
 */
static char **fio_env(void)
{
	const char *path = getenv("PATH");
	struct args e = { 0 };

	args_add(&e, "PATH=%s", path && *path ? path : "/usr/local/sbin:/usr/local/bin:"
		 "/usr/sbin:/usr/bin:/sbin:/bin");
	args_add(&e, "LC_ALL=C");
	args_add(&e, "TZ=UTC");
	return e.v;
}

/*
 * The child side: fio in the step folder, stderr to err_fd, stdout to the pipe. A
 * local fio reads its job file from in_fd (the job text ssdbench wrote and then read
 * back, byte for byte, so the job fio runs is the one checked; and fio can be
 * started before the job is given, see fiorun_exec); fio's client reads the file.
 */
static void exec_fio(const struct fiorun_exec_opts *o, int in_fd, int out_fd, int err_fd,
		     pid_t parent)
{
	struct args a = { 0 };

	/* ssdbench killed (kill -9): fio goes with it rather than go on unrecorded, or
	 * hang writing reports nobody reads; `resume` kills its job processes. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(126);
	/* Its own process group: a terminal's Ctrl-C reaches ssdbench alone, which
	 * asks fio to stop with one SIGINT. Two signals at once would let the kernel
	 * hand the second to fio's helper thread (fio 3.33 leaves it unblocked), whose
	 * select() then fails and fio ends without its last report. */
	if (setpgid(0, 0))
		_exit(126);
	if (chdir(o->dir))
		_exit(126);
	if (in_fd < 0)
		in_fd = open("/dev/null", O_RDONLY);
	if (in_fd < 0)
		_exit(126);
	dup2(in_fd, 0);
	dup2(out_fd, 1);
	dup2(err_fd, 2);
	args_add(&a, "fio");
	args_add(&a, "--output-format=json+");
	args_add(&a, "--output=%s", o->output ? o->output : "fio.json");
	args_add(&a, "--eta=always");
	args_add(&a, "--eta-newline=1");
	if (o->client)
		args_add(&a, "--client=%s", o->client);
	args_add(&a, "%s", o->client ? o->jobfile : "-");
	/* Given again after the job file, fio's client leaves the server's "<host> ..."
	 * chatter out of the report (fio-formats.md section 3). */
	if (o->client)
		args_add(&a, "--output-format=json+");
	execvpe(a.v[0], a.v, fio_env());
	fprintf(stderr, "ssdbench: cannot run fio: %s\n", strerror(errno));
	_exit(127);
}

/*
 * Gives fio the job text on its standard input and closes it: fio, started and
 * waiting, parses it and runs. A fio that has died already (EPIPE) says why itself.
 */
static void give_job(int fd, const struct sbuf *job)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	size_t off = 0;

	sigaction(SIGPIPE, &ign, &old);
	while (off < job->len) {
		ssize_t n = write(fd, job->buf + off, job->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	sigaction(SIGPIPE, &old, NULL);
}

/* Sets d for a step the watchdog stopped, quoting what fio said. */
static int watchdog_error(const struct fiorun_exec_opts *o, struct diag *d)
{
	char *said = fiorun_error_text(o->dir);
	int rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "%s: fio was stopped by the watchdog: "
			  "the step did not end within its %u s timeout (set "
			  "SSDBENCH_STEP_TIMEOUT_S to change it)%s%s", o->label,
			  o->timeout_s, said[0] ? "; fio said: " : "", said);

	free(said);
	return rc;
}

/* Refuses an fio older than FIORUN_MIN_*; a missing fio is left to exec to report. */
static int check_installed_version(struct diag *d)
{
	char version[64];

	if (fiorun_version(version, sizeof(version)))
		return 0;
	return fiorun_check_version(version, d);
}

/*
 * Renames the logs fio's client stored as NAME.log.<host> to NAME.log, the names a
 * local run leaves (one server per step: no two can collide).
 */
static void take_client_logs(const char *dir)
{
	DIR *dh = opendir(dir);
	struct dirent *e;

	while (dh && (e = readdir(dh))) {
		const char *mark = strstr(e->d_name, ".log.");
		char *from, *to;

		if (strncmp(e->d_name, "log_", 4) || !mark || !mark[5])
			continue;
		from = xasprintf("%s/%s", dir, e->d_name);
		to = xasprintf("%s/%.*s", dir, (int)(mark + 4 - e->d_name), e->d_name);
		rename(from, to);
		free(from);
		free(to);
	}
	if (dh)
		closedir(dh);
}

/* Waits for fio (unless the watch already did) and collects what it left running. */
static int finish_watch(struct watch *w)
{
	if (!w->reaped)
		while (waitpid(w->pid, &w->st, 0) < 0 && errno == EINTR)
			;
	kill_orphans();
	return WIFEXITED(w->st) ? WEXITSTATUS(w->st) : 128 + WTERMSIG(w->st);
}

/*
 * Puts on disk what is still in memory for dir's filesystem and for the target: a
 * file's filesystem, or with a block device every cache (sync(), which writes back
 * block devices' page caches too). Left to the kernel, ext4 commits its journal
 * within 5 s and writes dirty pages back within 30 s: inside the measurement, where
 * on a VM's disk a commit's flush and the discards of files deleted before (mount
 * option "discard") stall fio's writes. Best effort: a failure here loses nothing
 * the archive needs (its journal is fsynced on its own).
 */
static void quiesce(const char *dir, const char *target)
{
	struct stat st, ds = { 0 };
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		(void)syncfs(fd);
		if (fstat(fd, &ds))
			ds.st_dev = 0;
		close(fd);
	}
	if (!target)
		return;
	if (!stat(target, &st) && S_ISBLK(st.st_mode)) {
		sync();
		return;
	}
	{
		char *parent = xstrdup(target), *slash = strrchr(parent, '/');

		if (slash)
			*slash = '\0';
		fd = open(!slash ? "." : *parent ? parent : "/", O_RDONLY | O_DIRECTORY |
			  O_CLOEXEC);
		/* The archive's filesystem was synced just now: once is enough. */
		if (fd >= 0 && !(ds.st_dev && !fstat(fd, &st) && st.st_dev == ds.st_dev))
			(void)syncfs(fd);
		if (fd >= 0)
			close(fd);
		free(parent);
	}
}

/* A job file larger than this is not one ssdbench wrote. */
#define JOBFILE_MAX (16u << 20)

int fiorun_exec(const struct fiorun_exec_opts *o, int *status, struct diag *d)
{
	char *keep_path = xasprintf("%s/fio.stdout", o->dir);
	char *err_path = xasprintf("%s/fio.stderr", o->dir);
	struct diag none = { 0 };
	/* In the step folder of an archive: a link or FIFO there is refused, not followed. */
	int keep_fd = safefile_open_append(keep_path, 1, &none);
	struct keep keep = { keep_fd < 0 ? NULL : fdopen(keep_fd, "w"), 0, 0, 0,
			     { NULL, 0, 0 }, 0 };
	int err_fd = safefile_open_append(err_path, 1, &none);
	int pfd[2] = { -1, -1 }, jfd[2] = { -1, -1 }, rc = 0;
	struct watch w = { .gate = -1 };
	struct sbuf job;
	pid_t self;

	sbuf_init(&keep.line);
	sbuf_init(&job);
	if (!keep.f && keep_fd >= 0)
		close(keep_fd);
	if (!keep.f || err_fd < 0 || pipe2(pfd, O_CLOEXEC)) {
		rc = none.code ? diag_set(d, none.code, none.file, 0, 0, "%s", none.msg)
			       : diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s",
					  !keep.f ? keep_path : err_path, strerror(errno));
		goto out;
	}
	rc = o->version_checked ? 0 : check_installed_version(d);
	if (!rc && !o->client)
		rc = safefile_load(o->dir, o->jobfile, JOBFILE_MAX, &job, d);
	if (!rc && !o->client && pipe2(jfd, O_CLOEXEC))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot start fio: %s", strerror(errno));
	/* Read and write: opening it never blocks, and it has a writer while fio runs. */
	if (!rc && o->gate && !o->client &&
	    (w.gate = open(o->gate, O_RDWR | O_NONBLOCK | O_CLOEXEC)) < 0)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", o->gate,
			      strerror(errno));
	if (rc)
		goto out;
	if (w.gate < 0)
		quiesce(o->dir, o->target);
	/* A local fio is started first and given its job at start_at_ms: what it does
	 * before reading the job (loading, its set-up) is then out of the wait. */
	if (o->client) {
		wait_until(o->start_at_ms, o->stop);
		if (o->started_ms)
			*o->started_ms = clock_unix_ms();
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	fflush(NULL);
	self = getpid();
	w.pid = fork();
	if (w.pid < 0) {
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "cannot start fio: %s",
			      strerror(errno));
		goto out;
	}
	if (w.pid == 0) {
		close(pfd[0]);
		if (jfd[1] >= 0)
			close(jfd[1]);
		exec_fio(o, jfd[0], pfd[1], err_fd, self);
	}
	if (o->pid)
		*o->pid = w.pid;
	close(pfd[1]);
	pfd[1] = -1;
	close(err_fd);
	err_fd = -1;
	if (jfd[0] >= 0) {
		close(jfd[0]);
		jfd[0] = -1;
		if (w.gate < 0) {   /* else fio sets up at once and waits at its gate */
			wait_until(o->start_at_ms, o->stop);
			if (o->started_ms)
				*o->started_ms = clock_unix_ms();
		}
		if (o->stop && *o->stop)
			job.len = 0;   /* stopped before it began: fio finds no job and ends */
		give_job(jfd[1], &job);
		jfd[1] = -1;
	}
	/* Behind a gate fio sets up meanwhile; the gate opens after this, in pump_stdout. */
	if (w.gate >= 0)
		quiesce(o->dir, o->target);
	if (o->timeout_s) {
		w.term_at = clock_mono_ms() + (int64_t)o->timeout_s * 1000;
		w.kill_at = w.term_at + WATCHDOG_GRACE_MS;
	}
	pump_stdout(o, &w, pfd[0], &keep);
	keep_note(o, &keep);
	*status = finish_watch(&w);
	if (o->pid)
		*o->pid = 0;
	if (w.gate >= 0)
		fiorun__drop_empty_prerun(o->dir);
	if (!keep.err && fflush(keep.f))
		keep.err = errno;
	if (o->client)
		take_client_logs(o->dir);
	if (w.stage)
		rc = watchdog_error(o, d);
	else if (*status == 127)
		rc = diag_set(d, -SB_ENOFIO, NULL, 0, 0, "cannot run 'fio': is it "
			      "installed and on PATH?");
	else if (keep.err)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", keep_path,
			      strerror(keep.err));
out:
	for (int i = 0; i < 2; i++) {
		if (pfd[i] >= 0)
			close(pfd[i]);
		if (jfd[i] >= 0)
			close(jfd[i]);
	}
	if (err_fd >= 0)
		close(err_fd);
	if (w.gate >= 0)
		close(w.gate);
	if (keep.f)
		fclose(keep.f);
	sbuf_release(&keep.line);
	sbuf_release(&job);
	free(keep_path);
	free(err_path);
	return rc;
}
