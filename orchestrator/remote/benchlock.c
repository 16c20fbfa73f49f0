/* SPDX-License-Identifier: MIT */
/* benchlock: `ssdbench lock` on a bench, over an ssh session kept for the whole run. */
#define _GNU_SOURCE 1
#include "benchlock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "clock.h"
#include "devlock.h"
#include "err.h"
#include "remote.h"
#include "sbuf.h"
#include "sshcmd.h"
#include "xalloc.h"

struct benchlock {
	const struct plan_host *h;
	pid_t pid;                   /* ssh, in its own process group; 0 once reaped */
	int status;                  /* its wait status once reaped */
	int in, out, err;            /* its stdin (ours to close), stdout, stderr */
	struct sbuf said, errs;      /* what it printed */
	char token[DEVLOCK_TOKEN_LEN + 1];
	uint64_t diskseq;
	long bench_pid;
};

const char **benchlock_args(const char *const *paths, size_t npaths, const char *const *ids,
			    size_t n, const char *holder, size_t *nargs)
{
	struct sshcmd_dev c = { "lock", paths[0], "--holder", holder, ids, n, NULL };
	const char **one = sshcmd_dev_args(&c, nargs);
	const char **a = xcalloc(*nargs + npaths, sizeof(*a));

	/* "lock" PATH1, then the other paths, then the options */
	a[0] = one[0];
	for (size_t i = 0; i < npaths; i++)
		a[1 + i] = paths[i];
	for (size_t i = 2; i < *nargs; i++)
		a[npaths + i - 1] = one[i];
	*nargs += npaths - 1;
	free(one);
	return a;
}

/* Starts argv with three pipes; its own process group, so a Ctrl-C here is ours to handle. */
static int spawn(struct benchlock *l, char **argv)
{
	int in[2], out[2] = { -1, -1 }, err[2] = { -1, -1 };

	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC))
		goto fail;
	fflush(NULL);
	l->pid = fork();
	if (l->pid == 0) {
		setpgid(0, 0);
		dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(err[1], 2);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	close(err[1]);
	l->in = in[1];
	l->out = out[0];
	l->err = err[0];
	if (l->pid > 0)
		return 0;
	l->pid = 0;
	return -SB_EIO;
fail:
	for (int i = 0; i < 2; i++) {
		close(in[i]);
		if (out[i] >= 0)
			close(out[i]);
		if (err[i] >= 0)
			close(err[i]);
	}
	return -SB_EIO;
}

/* Reads what stdout and stderr have for up to ms; 0 once both ended. */
static int pump(struct benchlock *l, int ms)
{
	struct pollfd p[2] = { { l->out, POLLIN, 0 }, { l->err, POLLIN, 0 } };
	struct sbuf *bufs[2] = { &l->said, &l->errs };
	int *fds[2] = { &l->out, &l->err }, open = remote_pump(p, bufs, ms);

	for (int i = 0; i < 2; i++) {
		if (p[i].fd < 0 && *fds[i] >= 0) {
			close(*fds[i]);
			*fds[i] = -1;
		}
	}
	return open;
}

/* Reads until stdout holds a line (1), both end (0), or the deadline strikes (-1). */
static int read_until_line(struct benchlock *l, int64_t deadline)
{
	while (!strchr(l->said.buf, '\n')) {
		int64_t left = deadline - clock_mono_ms();

		if (left <= 0)
			return -1;
		if (!pump(l, (int)left))
			return strchr(l->said.buf, '\n') != NULL;
	}
	return 1;
}

/* Waits for ssh until the deadline (0: none), killing it then. Its exit code, or -SB_EFIO. */
static int reap(struct benchlock *l, int64_t deadline)
{
	int killed = 0;

	close(l->in);
	l->in = -1;
	while (l->pid) {
		pid_t w = waitpid(l->pid, &l->status, killed || !deadline ? 0 : WNOHANG);

		if (w == l->pid || (w < 0 && errno != EINTR)) {
			l->pid = 0;
			break;
		}
		if (w == 0 && clock_mono_ms() >= deadline) {
			kill(-l->pid, SIGKILL);
			kill(l->pid, SIGKILL);
			killed = 1;
		} else if (w == 0) {
			pump(l, 50);   /* drains its output meanwhile */
		}
	}
	if (killed)
		return -SB_EFIO;
	return WIFEXITED(l->status) ? WEXITSTATUS(l->status) : 128 + WTERMSIG(l->status);
}

static void free_lock(struct benchlock *l)
{
	if (l->in >= 0)
		close(l->in);
	if (l->out >= 0)
		close(l->out);
	if (l->err >= 0)
		close(l->err);
	sbuf_release(&l->said);
	sbuf_release(&l->errs);
	free(l);
}

/* Reads the lock's JSON line into l; 0 or -SB_EPARSE with d set. */
static int read_line(struct benchlock *l, struct diag *d)
{
	json_t *o = json_loadb(l->said.buf, strcspn(l->said.buf, "\n"), 0, NULL);
	const char *token = json_string_value(json_object_get(o, "token"));
	int rc = 0;

	if (!token || strlen(token) != DEVLOCK_TOKEN_LEN)
		rc = diag_set(d, -SB_EPARSE, NULL, 0, 0, "host '%s': 'ssdbench lock' printed no "
			      "lock ('%.80s'): is it the same ssdbench version as here?",
			      l->h->name, l->said.buf);
	else
		snprintf(l->token, sizeof(l->token), "%s", token);
	l->diskseq = (uint64_t)json_integer_value(json_object_get(o, "diskseq"));
	l->bench_pid = (long)json_integer_value(json_object_get(o, "pid"));
	json_decref(o);
	return rc;
}

struct benchlock *benchlock_open(const struct plan_host *h, const char *const *paths,
				 size_t npaths, const char *const *ids, size_t n,
				 const char *holder, unsigned timeout_s, struct diag *d)
{
	size_t nargs;
	const char **args = benchlock_args(paths, npaths, ids, n, holder, &nargs);
	char **argv = sshcmd_argv(h, timeout_s, args, nargs);
	struct benchlock *l = xcalloc(1, sizeof(*l));
	int64_t deadline = clock_mono_ms() + (int64_t)timeout_s * 1000;
	int rc, got;

	l->h = h;
	l->in = l->out = l->err = -1;
	sbuf_init(&l->said);
	sbuf_init(&l->errs);
	rc = spawn(l, argv);
	got = rc ? 0 : read_until_line(l, deadline);
	if (got > 0)
		rc = read_line(l, d);
	else if (!rc)
		rc = reap(l, got < 0 ? clock_mono_ms() : deadline);
	if (got <= 0)   /* no lock: say why (ssh, or the bench's refusal) */
		rc = sshcmd_judge(h, argv[0], "lock", got < 0 ? -SB_EFIO : rc ? rc : 1,
				  l->errs.buf, timeout_s, d);
	free(args);
	sshcmd_argv_free(argv);
	if (!rc)
		return l;
	if (l->pid)
		reap(l, clock_mono_ms());
	free_lock(l);
	return NULL;
}

const char *benchlock_token(const struct benchlock *l)
{
	return l->token;
}

uint64_t benchlock_diskseq(const struct benchlock *l)
{
	return l->diskseq;
}

int benchlock_alive(struct benchlock *l, struct diag *d)
{
	if (l->pid && waitpid(l->pid, &l->status, WNOHANG) == l->pid)
		l->pid = 0;
	if (l->pid)
		return 0;
	pump(l, 100);
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "lost the lock on host '%s': its ssh "
			"session ('ssdbench lock', pid %ld there) ended%s%.200s", l->h->name,
			l->bench_pid, l->errs.len ? ": " : "", l->errs.buf);
}

int benchlock_close(struct benchlock *l, unsigned timeout_s, struct diag *d)
{
	int rc;

	if (!l)
		return 0;
	rc = reap(l, clock_mono_ms() + (int64_t)timeout_s * 1000);
	if (rc)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "host '%s': the run's 'ssdbench lock' "
			      "(pid %ld there) did not end cleanly (%s %d)%s%.200s", l->h->name,
			      l->bench_pid, rc == -SB_EFIO ? "killed after" : "status",
			      rc == -SB_EFIO ? (int)timeout_s : rc, l->errs.len ? ": " : "",
			      l->errs.buf);
	free_lock(l);
	return rc;
}
