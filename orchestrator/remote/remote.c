/* SPDX-License-Identifier: MIT */
/* remote: fio's server on a bench (probe, --client argument) and ssh to it, with deadlines. */
#include "remote.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "units.h"
#include "xalloc.h"

/* The child: its own process group (so the deadline kills all of it), output to fds. */
static void exec_child(char *const argv[], const char *dir, int fd_out, int fd_err)
{
	int devnull = open("/dev/null", O_RDWR);

	setpgid(0, 0);
	dup2(devnull, 0);
	dup2(fd_out >= 0 ? fd_out : devnull, 1);
	dup2(fd_err >= 0 ? fd_err : devnull, 2);
	if (dir && chdir(dir))
		_exit(126);
	execvp(argv[0], argv);
	_exit(127);
}

int remote_pump(struct pollfd p[2], struct sbuf *bufs[2], int ms)
{
	if (poll(p, 2, ms) > 0) {
		for (int i = 0; i < 2; i++) {
			char buf[4096];
			ssize_t n;

			if (p[i].fd < 0 || !p[i].revents)
				continue;
			n = read(p[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				p[i].fd = -1;
			else if (bufs[i])
				sbuf_add(bufs[i], buf, (size_t)n);
		}
	}
	return (p[0].fd >= 0) + (p[1].fd >= 0);
}

/* Reads both pipes into their buffers until both close or the deadline; 1 if it struck. */
static int drain(pid_t pid, struct pollfd p[2], struct sbuf *bufs[2], int64_t deadline)
{
	while (p[0].fd >= 0 || p[1].fd >= 0) {
		int wait_ms = deadline ? (int)(deadline - clock_mono_ms()) : -1;

		if (deadline && wait_ms <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			return 1;
		}
		remote_pump(p, bufs, wait_ms);
	}
	return 0;
}

int remote_run(char *const argv[], const char *dir, unsigned timeout_s, struct sbuf *out,
	       struct sbuf *err)
{
	int po[2], pe[2] = { -1, -1 }, st = 0, killed;
	int64_t deadline = timeout_s ? clock_mono_ms() + (int64_t)timeout_s * 1000 : 0;
	struct pollfd p[2];
	struct sbuf *bufs[2] = { out, err };
	pid_t pid;

	if (pipe(po))
		return -SB_EIO;
	if (err && pipe(pe)) {  /* without err, stderr shares stdout's pipe: one order */
		close(po[0]);
		close(po[1]);
		return -SB_EIO;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		close(po[0]);
		if (err)
			close(pe[0]);
		exec_child(argv, dir, po[1], err ? pe[1] : out ? po[1] : -1);
	}
	close(po[1]);
	if (err)
		close(pe[1]);
	if (pid < 0) {
		close(po[0]);
		if (err)
			close(pe[0]);
		return -SB_EIO;
	}
	p[0].fd = po[0];
	p[1].fd = pe[0];
	p[0].events = p[1].events = POLLIN;
	killed = drain(pid, p, bufs, deadline);
	close(po[0]);
	if (err)
		close(pe[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (killed)
		return -SB_EFIO;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int remote_capture(char *const argv[], const char *dir, unsigned timeout_s,
		   struct sbuf *out)
{
	return remote_run(argv, dir, timeout_s, out, NULL);
}

char *remote_client_arg(const struct plan_host *h)
{
	long long port = h->port > 0 ? h->port : REMOTE_FIO_PORT;

	if (strchr(h->address, ':'))
		return xasprintf("ip6:%s,%lld", h->address, port);
	return xasprintf("%s,%lld", h->address, port);
}

unsigned remote_timeout_s(void)
{
	const char *env = getenv("SSDBENCH_HOST_TIMEOUT_S"), *why;
	long long v;

	if (env && !units_parse_int(env, 1, 3600, &v, &why))
		return (unsigned)v;
	return 10;
}

/* Copies the value of "key=" in a probe line ("hostname=vm, be=0, ..., fio=fio-3.33"). */
static void probe_field(const char *line, const char *key, char *buf, size_t n)
{
	size_t klen = strlen(key);

	for (const char *s = line; s && *s; s = strchr(s, ',')) {
		s += *s == ',';
		while (*s == ' ')
			s++;
		if (!strncmp(s, key, klen) && s[klen] == '=') {
			snprintf(buf, n, "%.*s", (int)strcspn(s + klen + 1, ",\n"), s + klen + 1);
			return;
		}
	}
}

/* The last line of text that says something (fio's and ssh's error is the last). */
static void last_line(const char *text, char *buf, size_t n)
{
	const char *best = NULL, *s = text;

	while (s && *s) {
		size_t len = strcspn(s, "\n");

		if (len && strspn(s, " \t\r") < len)
			best = s;
		s = s[len] ? s + len + 1 : NULL;
	}
	if (best)
		snprintf(buf, n, "%.*s", (int)strcspn(best, "\r\n"), best);
	else if (n)
		buf[0] = '\0';
}

/* Writes the probe's job file into a new scratch folder; returns its path or NULL. */
static char *write_probe_job(void)
{
	static const char job[] = "; ssdbench: asks fio's server who it is; nothing runs\n"
				  "[ssdbench-probe]\nioengine=null\nsize=1m\nrw=read\n";
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/ssdbench-host.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	char *path = NULL;
	FILE *f;

	if (!mkdtemp(dir)) {
		free(dir);
		return NULL;
	}
	path = xasprintf("%s/probe.fio", dir);
	f = fopen(path, "w");
	if (!f || fputs(job, f) < 0 || fclose(f)) {
		if (f)
			unlink(path);
		rmdir(dir);
		free(path);
		path = NULL;
	}
	free(dir);
	return path;
}

/* Removes the probe's job file and its folder. */
static void remove_probe_job(char *path)
{
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	free(path);
}

int remote_fio_probe(const struct plan_host *h, unsigned timeout_s,
		     struct remote_probe *rp, struct diag *d)
{
	char *path = write_probe_job();
	char *client = remote_client_arg(h), said[256];
	char fio[] = "fio", showcmd[] = "--showcmd", *argv[5];
	const char *line;
	struct sbuf out;
	int rc;

	memset(rp, 0, sizeof(*rp));
	sbuf_init(&out);
	if (!path) {
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write a scratch job file in "
			      "TMPDIR: %s", strerror(errno));
		goto out;
	}
	argv[0] = fio;
	argv[1] = xasprintf("--client=%s", client);
	argv[2] = showcmd;
	argv[3] = path;
	argv[4] = NULL;
	rc = remote_capture(argv, NULL, timeout_s, &out);
	free(argv[1]);
	line = strstr(out.buf, "hostname=");
	if (rc == 0 && line && strstr(line, "fio=")) {
		probe_field(line, "hostname", rp->hostname, sizeof(rp->hostname));
		probe_field(line, "os", rp->os, sizeof(rp->os));
		probe_field(line, "arch", rp->arch, sizeof(rp->arch));
		probe_field(line, "fio", rp->fio_version, sizeof(rp->fio_version));
		goto out;
	}
	last_line(out.buf, said, sizeof(said));
	if (rc == -SB_EFIO)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "fio's server on host '%s' (%s) gave no "
			      "answer within %u s", h->name, client, timeout_s);
	else if (rc == 127 || rc == -SB_EIO)
		rc = diag_set(d, -SB_ENOFIO, NULL, 0, 0, "cannot run 'fio' here: is it "
			      "installed and on PATH?");
	else
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "fio's server on host '%s' (%s) does "
			      "not answer%s%s", h->name, client, said[0] ? ": " : "", said);
out:
	if (path)
		remove_probe_job(path);
	sbuf_release(&out);
	free(client);
	return rc;
}

/* major.minor of "fio-3.33..."; 0 when it cannot be read. */
static int version_mm(const char *v, long *major, long *minor)
{
	char *end;

	if (!v || strncmp(v, "fio-", 4))
		return 0;
	*major = strtol(v + 4, &end, 10);
	if (end == v + 4 || *end != '.')
		return 0;
	*minor = strtol(end + 1, NULL, 10);
	return 1;
}

int remote_same_minor(const char *a, const char *b)
{
	long amaj, amin, bmaj, bmin;

	return version_mm(a, &amaj, &amin) && version_mm(b, &bmaj, &bmin) &&
	       amaj == bmaj && amin == bmin;
}
