/* SPDX-License-Identifier: MIT */
/*
 * raid: builds the mdadm command sequence for a RAID 0 scope, runs it through a
 * runner (fork and exec, no shell; tests pass their own), and reads mdstat.
 */
#include "raid.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

/* Adds a command from a fixed prefix plus the member list when with_members. */
static void add(struct raid_plan *p, const char *purpose, int may_fail,
		const char *const *args, const char *const *members, size_t n)
{
	struct raid_cmd *c = &p->cmds[p->ncmds++];
	size_t na = 0, i = 0;

	while (args[na])
		na++;
	c->purpose = purpose;
	c->may_fail = may_fail;
	c->down = !strcmp(purpose, "stop") || !strcmp(purpose, "zero");
	c->argv = xcalloc(na + n + 1, sizeof(char *));
	for (; i < na; i++)
		c->argv[i] = xstrdup(args[i]);
	for (size_t k = 0; k < n; k++)
		c->argv[i++] = xstrdup(members[k]);
}

int raid_build(const char *md, const char *const *members, size_t n, uint64_t chunk,
	       struct raid_plan *p, struct diag *d)
{
	char level[] = "--level=0", ndev[32], chk[48];

	memset(p, 0, sizeof(*p));
	if (n < 2 || n > RAID_MAX_MEMBERS)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "a RAID 0 needs 2 to %d members, "
				"not %zu", RAID_MAX_MEMBERS, n);
	if (!chunk || chunk % 4096)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "RAID chunk %llu is not a multiple "
				"of 4 KiB", (unsigned long long)chunk);
	snprintf(ndev, sizeof(ndev), "--raid-devices=%zu", n);
	snprintf(chk, sizeof(chk), "--chunk=%lluK", (unsigned long long)(chunk / 1024));
	{
		const char *create[] = { "mdadm", "--create", md, level, ndev, chk,
					 "--metadata=1.2", "--run", "--force", NULL };
		const char *wait[] = { "mdadm", "--wait", md, NULL };
		const char *check[] = { "mdadm", "--detail", "--export", md, NULL };
		const char *stop[] = { "mdadm", "--stop", md, NULL };
		const char *zero[] = { "mdadm", "--zero-superblock", NULL };

		add(p, "create", 0, create, members, n);
		/* RAID 0 has no resync: --wait "fails" because it did not wait. */
		add(p, "wait", 1, wait, NULL, 0);
		add(p, "check", 0, check, NULL, 0);
		add(p, "stop", 0, stop, NULL, 0);
		add(p, "zero", 0, zero, members, n);
	}
	return 0;
}

void raid_release(struct raid_plan *p)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		for (char **a = p->cmds[i].argv; a && *a; a++)
			free(*a);
		free(p->cmds[i].argv);
	}
	memset(p, 0, sizeof(*p));
}

void raid_format(const struct raid_plan *p, struct sbuf *sb)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		sbuf_addf(sb, "%s:", p->cmds[i].purpose);
		for (char **a = p->cmds[i].argv; *a; a++)
			sbuf_addf(sb, " %s", *a);
		sbuf_adds(sb, p->cmds[i].may_fail ? "  (a non-zero exit is expected)\n" : "\n");
	}
	sbuf_adds(sb, "verify: /proc/mdstat no longer lists the array\n");
}

void raid_format_part(const struct raid_plan *p, int down, const char *indent,
		      const char *mdstat, struct sbuf *sb)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		if (p->cmds[i].down != down)
			continue;
		sbuf_addf(sb, "%s%s:", indent, p->cmds[i].purpose);
		for (char **a = p->cmds[i].argv; *a; a++)
			sbuf_addf(sb, " %s", *a);
		sbuf_adds(sb, p->cmds[i].may_fail ? "  (a non-zero exit is expected)\n" : "\n");
	}
	if (down)
		sbuf_addf(sb, "%sverify: %s no longer lists the array\n", indent, mdstat);
}

int raid_available(const char *mdstat, char *why, size_t n)
{
	if (!access(mdstat, R_OK))
		return 0;
	snprintf(why, n, "md driver not available (no '%s': %s)", mdstat, strerror(errno));
	return -1;
}

/* ---- running ------------------------------------------------------------- */

#define RAID_OUTPUT_MAX 4096

/* The child: own process group (a Ctrl-C meant for the run must not kill a teardown). */
static void exec_child(char *const *argv, int out)
{
	int null = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	if (null >= 0)
		dup2(null, 0);
	dup2(out, 1);
	dup2(out, 2);
	execvp(argv[0], argv);
	dprintf(2, "cannot run '%s': %s\n", argv[0], strerror(errno));
	_exit(127);
}

int raid_exec(void *arg, char *const *argv, int *status, struct sbuf *out)
{
	char buf[512];
	int fds[2], ws = 0;
	size_t got = 0;
	pid_t pid;
	ssize_t r;

	(void)arg;
	if (pipe(fds))
		return -SB_EIO;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -SB_EIO;
	}
	if (!pid) {
		close(fds[0]);
		exec_child(argv, fds[1]);
	}
	close(fds[1]);
	while ((r = read(fds[0], buf, sizeof(buf))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (got < RAID_OUTPUT_MAX)
			sbuf_add(out, buf, (size_t)r < RAID_OUTPUT_MAX - got ? (size_t)r :
				 RAID_OUTPUT_MAX - got);
		got += (size_t)r;
	}
	close(fds[0]);
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return -SB_EIO;
	*status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	return 0;
}

void raid_log_release(struct raid_log *log)
{
	for (size_t i = 0; i < log->n; i++) {
		free(log->ran[i].cmdline);
		free(log->ran[i].output);
	}
	memset(log, 0, sizeof(*log));
}

/* Runs command c through fn and logs it; returns its exit status (-1: not started). */
static int run_logged(const struct raid_cmd *c, raid_exec_fn *fn, void *arg,
		      struct raid_log *log)
{
	struct raid_ran *ran = log->n < RAID_MAX_RAN ? &log->ran[log->n++] : NULL;
	struct sbuf cmd, out;
	double t0 = clock_mono_s();
	int status = -1;

	sbuf_init(&cmd);
	sbuf_init(&out);
	for (char **a = c->argv; *a; a++)
		sbuf_addf(&cmd, "%s%s", a == c->argv ? "" : " ", *a);
	if (fn(arg, c->argv, &status, &out))
		status = -1;
	while (out.len && (out.buf[out.len - 1] == '\n' || out.buf[out.len - 1] == ' '))
		out.buf[--out.len] = '\0';
	if (ran) {
		ran->purpose = c->purpose;
		ran->cmdline = sbuf_detach(&cmd);
		ran->status = status;
		ran->seconds = clock_mono_s() - t0;
		ran->output = sbuf_detach(&out);
	}
	sbuf_release(&cmd);
	sbuf_release(&out);
	return status;
}

/* The last line a command printed, for a message ("" when it said nothing). */
static const char *last_words(const struct raid_log *log)
{
	const char *o = log->n ? log->ran[log->n - 1].output : NULL;
	const char *nl = o ? strrchr(o, '\n') : NULL;

	return nl ? nl + 1 : o ? o : "";
}

int raid_up(const struct raid_plan *p, raid_exec_fn *fn, void *arg, struct raid_log *log,
	    struct diag *d)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		const struct raid_cmd *c = &p->cmds[i];
		int status;

		if (c->down)
			continue;
		status = run_logged(c, fn, arg, log);
		if (status && !c->may_fail)
			return diag_set(d, -SB_EIO, NULL, 0, 0, "RAID %s failed (%s %d)%s%s",
					c->purpose, status < 0 ? "could not start" :
					"mdadm exit status", status, *last_words(log) ?
					": " : "", last_words(log));
	}
	return 0;
}

int raid_down(const struct raid_plan *p, raid_exec_fn *fn, void *arg, const char *mdstat,
	      const char *const *knames, size_t n, struct raid_log *log, struct diag *d)
{
	char array[64];

	for (size_t i = 0; i < p->ncmds; i++) {
		const struct raid_cmd *c = &p->cmds[i];
		int status;

		if (!c->down)
			continue;
		status = run_logged(c, fn, arg, log);
		/* udev or blkid may hold a fresh array for a moment. */
		for (int tries = 1; status && !strcmp(c->purpose, "stop") && tries < 3 &&
		     raid_mdstat_holds(mdstat, knames, n, array, sizeof(array)); tries++) {
			sleep(1);
			status = run_logged(c, fn, arg, log);
		}
	}
	if (raid_mdstat_holds(mdstat, knames, n, array, sizeof(array)))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "the RAID teardown did not finish: "
				"'%s' still lists %s over the members; stop it by hand "
				"(mdadm --stop /dev/%s), then mdadm --zero-superblock on each "
				"member", mdstat, array, array);
	return 0;
}

/* 1 when word (up to '[') of line is one of knames. */
static int member_word(const char *w, size_t len, const char *const *knames, size_t n)
{
	size_t k = strcspn(w, "[");

	if (k > len)
		k = len;
	for (size_t i = 0; i < n; i++)
		if (strlen(knames[i]) == k && !strncmp(w, knames[i], k))
			return 1;
	return 0;
}

int raid_mdstat_holds(const char *mdstat, const char *const *knames, size_t n, char *array,
		      size_t an)
{
	FILE *f = fopen(mdstat, "r");
	char line[1024];
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f)) {
		const char *colon = strstr(line, " : ");

		if (strncmp(line, "md", 2) || !colon)
			continue;
		for (const char *w = colon + 3; *w && !found;) {
			size_t len = strcspn(w, " \n");

			found = len && member_word(w, len, knames, n);
			w += len;
			w += strspn(w, " \n");
		}
		if (found)
			snprintf(array, an, "%.*s", (int)strcspn(line, " "), line);
	}
	if (f)
		fclose(f);
	return found;
}

char *raid_log_json(const struct raid_log *log)
{
	json_t *a = json_array();
	char *s;

	for (size_t i = 0; i < log->n; i++) {
		const struct raid_ran *r = &log->ran[i];

		json_array_append_new(a, json_pack("{s:s, s:s, s:i, s:f, s:s}", "purpose",
						   r->purpose, "command", r->cmdline,
						   "status", r->status, "seconds",
						   r->seconds, "output", r->output));
	}
	s = json_dumps(a, JSON_COMPACT);
	json_decref(a);
	return s ? s : xstrdup("[]");
}
