/* SPDX-License-Identifier: MIT */
/* fleet: a lineup run: one child process and archive per target, output combined. */
#include "fleet.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "run_int.h"
#include "sbuf.h"
#include "xalloc.h"

/* One run of the lineup, as the parent sees it. */
struct member {
	char *label;          /* "01-bench1" */
	char *out;            /* its archive */
	pid_t pid;
	int fd[2];            /* its stdout and stderr; -1 once closed */
	struct sbuf part[2];  /* a line not yet ended, per stream */
	char last_err[512];   /* its last line on stderr: why it failed */
	char state[256];      /* what it does now, for the combined status */
	int status;
	int signal;           /* the signal that stopped it (its exit 128 + it), or 0 */
};

/* The lineup as the parent relays it: its runs and how the status is shown. */
struct fleet {
	struct member *ms;
	size_t n;
	int tty;              /* the status is one line kept at the bottom of a terminal */
	size_t width;
};

int fleet_wanted(const char *const *targets, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++) {
			size_t len = strcspn(targets[i], "=");

			if (!strncmp(targets[i], targets[k], len + 1) && targets[i][len])
				return 1;
		}
	return 0;
}

/* "01-bench1" for "dut=bench1:file:...", "02-local" for "dut=file:..." or "dut=/dev/...". */
static char *member_label(const char *spec, size_t i)
{
	const char *v = strchr(spec, '=');
	size_t host = 0;

	v = v ? v + 1 : spec;
	if (strncmp(v, "/dev/", 5) && strncmp(v, "file:", 5))
		host = strcspn(v, ":");
	if (!host)
		return xasprintf("%02zu-local", i + 1);
	return xasprintf("%02zu-%.*s", i + 1, (int)host, v);
}

int fleet_line_state(const char *line, char *buf, size_t n)
{
	const char *s = line, *close, *colon;
	size_t len;

	while (*s == '\033' || *s == '\r') {   /* a terminal's "clear line" first */
		s += *s == '\r' ? 1 : 1 + strspn(s + 1, "[0123456789;");
		s += *s == 'K';
	}
	if (s[0] == '[' && strlen(s) > 11 && s[3] == ':' && s[6] == ':' && s[9] == ']')
		s += 11;   /* "[hh:mm:ss] " */
	close = strchr(s, ']');
	if (s[0] != '[' || !close || !memchr(s, '/', (size_t)(close - s)) || close[1] != ' ')
		return 0;
	colon = strstr(close, ": ");
	len = colon ? (size_t)(colon - s) + 2 + strcspn(colon + 2, ",") : strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\n'))
		len--;
	snprintf(buf, n, "%.*s", (int)len, s);
	return 1;
}

void fleet_status(const char *const *labels, const char *const *states, size_t n,
		  size_t width, struct sbuf *out)
{
	size_t fixed = 0, budget, each = (size_t)-1, nlong = n;

	for (size_t i = 0; i < n; i++)
		fixed += strlen(labels[i]) + 1 + (i ? 3 : 0);
	/* Short states keep their length; the long ones share what is left equally. */
	budget = width > fixed ? width - fixed : 0;
	for (size_t pass = 0; width && pass < n && nlong; pass++) {
		size_t left = budget, cnt = 0;

		each = budget / nlong;
		for (size_t i = 0; i < n; i++) {
			size_t len = strlen(states[i]);

			if (len <= each)
				left -= len;
			else
				cnt++;
		}
		if (cnt == nlong)
			break;
		nlong = cnt;
		budget = left;
		each = nlong ? budget / nlong : each;
	}
	if (each < 4)
		each = 4;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(states[i]);

		sbuf_addf(out, "%s%s ", i ? " | " : "", labels[i]);
		if (len <= each)
			sbuf_adds(out, states[i]);
		else
			sbuf_addf(out, "%.*s...", (int)(each - 3), states[i]);
	}
}

/* Shows the combined status: redrawn in place on a terminal, else a timestamped line. */
static void show_status(const struct fleet *f)
{
	const char **labels = xcalloc(f->n, sizeof(*labels));
	const char **states = xcalloc(f->n, sizeof(*states));
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < f->n; i++) {
		labels[i] = f->ms[i].label;
		states[i] = f->ms[i].state;
	}
	fleet_status(labels, states, f->n, f->tty ? f->width : 0, &sb);
	if (f->tty) {
		printf("\r\033[K%s", sb.buf);
	} else {
		char stamp[16];

		printf("%slineup: %s\n", clock_local_stamp(stamp, sizeof(stamp)), sb.buf);
	}
	fflush(stdout);
	sbuf_release(&sb);
	free(labels);
	free(states);
}

/* The child: run_plan on target i alone, into its own archive; never returns. */
static void run_member(const struct run_opts *o, size_t i, const char *out, int fo, int fe,
		       int tty)
{
	const char *one[1] = { o->targets[i] };
	struct run_opts ro = *o;
	struct diag d;
	int rc;

	dup2(fo, 1);
	dup2(fe, 2);
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, SIG_DFL);
	ro.targets = one;
	ro.ntargets = 1;
	ro.out_dir = out;
	ro.tty = tty;
	/* The parent prefixes every line; on a terminal it also reads fio's live status
	 * (the \r-ended lines on stderr) into the combined status line. */
	diag_clear(&d);
	rc = run_plan(&ro, &d);
	if (rc)
		diag_print(&d, stderr);
	fflush(NULL);
	/* as `ssdbench run` exits: 128 + the signal that stopped it, which the parent
	 * reads as the lineup's */
	_exit(!rc ? 0 : run_stop_signal() ? 128 + run_stop_signal() : 1);
}

/* A pipe whose ends later children (and their fio) do not inherit. */
static int cloexec_pipe(int p[2])
{
	if (pipe(p))
		return -1;
	fcntl(p[0], F_SETFD, FD_CLOEXEC);
	fcntl(p[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

static int start_member(const struct run_opts *o, size_t i, const char *base,
			struct member *m, int tty)
{
	int po[2], pe[2];

	m->label = member_label(o->targets[i], i);
	m->out = xasprintf("%s/%s", base, m->label);
	m->fd[0] = m->fd[1] = -1;
	snprintf(m->state, sizeof(m->state), "starting");
	sbuf_init(&m->part[0]);
	sbuf_init(&m->part[1]);
	if (cloexec_pipe(po))
		return -SB_EIO;
	if (cloexec_pipe(pe)) {
		close(po[0]);
		close(po[1]);
		return -SB_EIO;
	}
	fflush(NULL);
	m->pid = fork();
	if (m->pid == 0)
		run_member(o, i, m->out, po[1], pe[1], tty);
	close(po[1]);
	close(pe[1]);
	m->fd[0] = po[0];
	m->fd[1] = pe[0];
	if (m->pid < 0) {
		close(po[0]);
		close(pe[0]);
		m->fd[0] = m->fd[1] = -1;
		return -SB_EIO;
	}
	return 0;
}

/*
 * Prints each complete line of stream s of member k, prefixed, and keeps the last
 * stderr line; a line ended by \r (fio's live status on a terminal) is not
 * printed but becomes the member's state. The combined status follows a change.
 */
static void pass_lines(struct fleet *f, size_t k, int s, const char *buf, size_t n)
{
	struct member *m = &f->ms[k];
	struct sbuf *p = &m->part[s];
	const char *line;
	int changed = 0;

	for (size_t i = 0; i < n; i++) {
		if (buf[i] != '\n' && buf[i] != '\r') {
			if (p->len < 4096)
				sbuf_addc(p, buf[i]);
			continue;
		}
		if (buf[i] == '\r') {
			changed |= f->tty && fleet_line_state(p->buf, m->state, sizeof(m->state));
			sbuf_reset(p);
			continue;
		}
		line = p->buf;
		while (!strncmp(line, "\033[K", 3))  /* fio's live status, cleared */
			line += 3;
		if (*line || s == 0) {
			if (f->tty)
				fputs("\r\033[K", stdout);
			printf("[%s] %s\n", m->label, line);
			if (s == 1)
				snprintf(m->last_err, sizeof(m->last_err), "%s", line);
			changed |= fleet_line_state(line, m->state, sizeof(m->state)) || f->tty;
		}
		sbuf_reset(p);
	}
	if (changed)
		show_status(f);
	fflush(stdout);
}

/* Relays every member's output until all of them closed it. */
static void relay(struct fleet *f)
{
	size_t n = f->n;
	struct pollfd *pf = xcalloc(2 * n, sizeof(*pf));
	size_t open_fds = 0;

	for (size_t i = 0; i < 2 * n; i++) {
		pf[i].fd = f->ms[i / 2].fd[i % 2];
		pf[i].events = POLLIN;
		open_fds += pf[i].fd >= 0;
	}
	while (open_fds) {
		if (poll(pf, 2 * n, -1) < 0 && errno != EINTR)
			break;
		for (size_t i = 0; i < 2 * n; i++) {
			struct member *m = &f->ms[i / 2];
			char buf[4096];
			ssize_t got;

			if (pf[i].fd < 0 || !pf[i].revents)
				continue;
			got = read(pf[i].fd, buf, sizeof(buf));
			if (got < 0 && errno == EINTR)
				continue;
			if (got > 0) {
				pass_lines(f, i / 2, (int)(i % 2), buf, (size_t)got);
				continue;
			}
			pass_lines(f, i / 2, (int)(i % 2), "\n", m->part[i % 2].len ? 1 : 0);
			close(pf[i].fd);
			m->fd[i % 2] = pf[i].fd = -1;
			open_fds--;
			if (m->fd[0] < 0 && m->fd[1] < 0) {   /* it ended: say so at once */
				snprintf(m->state, sizeof(m->state), "ended");
				show_status(f);
			}
		}
	}
	free(pf);
}

/* Waits for every member; prints the summary; returns how many failed (names in sb). */
static size_t summarise(struct member *ms, size_t n, struct sbuf *failed)
{
	size_t nfailed = 0;

	for (size_t i = 0; i < n; i++) {
		struct member *m = &ms[i];
		int st = 0;

		if (m->pid > 0)
			while (waitpid(m->pid, &st, 0) < 0 && errno == EINTR)
				;
		m->status = m->pid > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : 1;
		/* a run Ctrl-C (or SIGTERM, SIGHUP) stopped exits 128 + it, or dies of it */
		if (m->pid > 0 && WIFSIGNALED(st))
			m->signal = WTERMSIG(st);
		else if (m->status == 128 + SIGINT || m->status == 128 + SIGTERM ||
			 m->status == 128 + SIGHUP)
			m->signal = m->status - 128;
		snprintf(m->state, sizeof(m->state), "%s", !m->status ? "complete" :
			 m->signal ? "interrupted" : "FAILED");
		if (!m->status) {
			printf("[%s] complete: archive %s\n", m->label, m->out);
			continue;
		}
		if (m->signal) {   /* it kept what it measured: resume DIR goes on */
			printf("[%s] interrupted by signal %d: archive %s\n", m->label, m->signal,
			       m->out);
			sbuf_addf(failed, "%s%s", nfailed++ ? ", " : "", m->label);
			continue;
		}
		printf("[%s] FAILED: %s (archive %s)\n", m->label, m->last_err[0] ? m->last_err :
		       m->pid > 0 ? "it ended without saying why" : "it could not start", m->out);
		sbuf_addf(failed, "%s%s", nfailed++ ? ", " : "", m->label);
	}
	return nfailed;
}

int fleet_run(const struct run_opts *o, struct diag *d)
{
	struct member *ms = xcalloc(o->ntargets, sizeof(*ms));
	struct fleet f = { ms, o->ntargets, o->tty && isatty(1), 100 };
	const char *base = o->out_dir ? o->out_dir : "out/lineup";
	struct winsize ws;
	struct sigaction ign, old_int;
	struct sbuf failed;
	size_t nfailed;
	int rc = 0;

	sbuf_init(&failed);
	printf("lineup: plan '%s' on %zu targets at once, one archive each in %s/\n",
	       o->plan_path, o->ntargets, base);
	fflush(stdout);
	/* Ctrl-C reaches every run (one process group): each stops and keeps its archive;
	 * the parent stays to say how each ended. */
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigaction(SIGINT, &ign, &old_int);
	if (f.tty && !ioctl(1, TIOCGWINSZ, &ws) && ws.ws_col > 20)
		f.width = ws.ws_col - 1;
	for (size_t i = 0; i < o->ntargets; i++)
		if (start_member(o, i, base, &ms[i], f.tty))
			snprintf(ms[i].last_err, sizeof(ms[i].last_err), "cannot start: %s",
				 strerror(errno));
	show_status(&f);
	relay(&f);
	if (f.tty)
		fputs("\r\033[K", stdout);
	nfailed = summarise(ms, o->ntargets, &failed);
	f.tty = 0;   /* the final state of every run, as a line that stays */
	show_status(&f);
	sigaction(SIGINT, &old_int, NULL);
	/* runs a signal stopped: the lineup exits as they did (130 for Ctrl-C) */
	for (size_t i = 0; i < o->ntargets; i++)
		if (ms[i].signal && !run__interrupted)
			run__interrupted = ms[i].signal;
	if (nfailed)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "%zu of %zu runs of the lineup failed: %s",
			      nfailed, o->ntargets, failed.buf);
	for (size_t i = 0; i < o->ntargets; i++) {
		free(ms[i].label);
		free(ms[i].out);
		sbuf_release(&ms[i].part[0]);
		sbuf_release(&ms[i].part[1]);
	}
	free(ms);
	sbuf_release(&failed);
	return rc;
}
