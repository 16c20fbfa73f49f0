/* SPDX-License-Identifier: MIT */
/* cmd_lock: `ssdbench lock`: a device's run lock held for a controller until stdin ends. */
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "devlock.h"
#include "err.h"
#include "interlock.h"
#include "xalloc.h"

const struct cli_opt cmd_lock_opts[] = {
	{ "destroy", 'D', "ID", 1, "confirm by the device's identity: its serial number, "
	  "or the kernel name of a loop/zram/nullb device" },
	{ "holder", 'H', "TEXT", 0, "who holds it, said to anyone refused (a controller "
	  "gives 'HOST:ARCHIVE')" },
	{ "json", 'j', NULL, 0, "print the lock as one JSON line (identity, diskseq, pid, "
	  "token), the checks on stderr" },
	CLI_OPTS_END
};

/* Whether SIGTERM, SIGHUP or SIGINT came: the lock ends as if stdin had. */
static volatile sig_atomic_t lock_stop;

static void on_stop(int sig)
{
	lock_stop = sig;
}

/* Blocks until stdin reaches EOF (or fails) or a signal asks to stop. */
static void hold(void)
{
	struct sigaction sa;
	char buf[512];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;   /* no SA_RESTART: read() returns EINTR */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	while (!lock_stop) {
		ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));

		if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
}

#define LOCK_MAX_DEVICES 32

/* The devices a lock holds: their probes and locked descriptors. */
struct held {
	struct device_info *di[LOCK_MAX_DEVICES];
	int fd[LOCK_MAX_DEVICES];
	uint64_t diskseq[LOCK_MAX_DEVICES];
	size_t n;
};

static void print_lock(const struct held *h, const struct devlock_info *li, int json)
{
	json_t *o, *devs = json_array();
	char *text;

	for (size_t i = 0; i < h->n; i++) {
		if (!json)
			printf("locked '%s' (identity %s, diskseq %llu) as pid %ld, token %s; held "
			       "until stdin ends\n", h->di[i]->path, device_identity(h->di[i]),
			       (unsigned long long)h->diskseq[i], li->pid, li->token);
		json_array_append_new(devs, json_pack("{s:s, s:s, s:I}", "path",
						      h->di[i]->path, "identity",
						      device_identity(h->di[i]), "diskseq",
						      (json_int_t)h->diskseq[i]));
	}
	/* The first device's fields at the top; every device's in "devices". */
	o = json_pack("{s:s, s:s, s:I, s:I, s:s, s:s, s:o}", "path", h->di[0]->path,
		      "identity", device_identity(h->di[0]), "diskseq",
		      (json_int_t)h->diskseq[0], "pid", (json_int_t)li->pid, "token", li->token,
		      "since", li->since, "devices", devs);
	text = o && json ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	if (text)
		printf("%s\n", text);
	fflush(stdout);
	free(text);
	json_decref(o);
}

/* Checks, probes and locks one more device into h; 0 or -SB_EUNSAFE with d set. */
static int take(struct held *h, const char *path, const char *const *ids, size_t n,
		FILE *out, struct diag *d)
{
	struct interlock_report *r = xcalloc(1, sizeof(*r));
	size_t k = h->n++;
	int rc;

	h->fd[k] = -1;
	h->di[k] = xcalloc(1, sizeof(*h->di[k]));
	rc = interlock_check(path, ids, n, r, d);
	fprintf(out, "checks for '%s':\n", path);
	interlock_print(r, out);
	h->diskseq[k] = r->diskseq;
	if (!rc)
		rc = device_probe(path, h->di[k], d);
	if (!rc && !h->di[k]->is_block)
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to lock '%s': it is not a "
			      "block device", path);
	if (!rc)
		rc = interlock_lock(path, &h->fd[k], d);
	free(r);
	return rc;
}

/*
 * Every interlock of every device, then the flock a local run takes on each,
 * published in lock files under one token; held until stdin ends (the controller
 * exits, or its ssh connection dies), so no lock outlives its run. Exit status 1
 * when refused (then nothing stays locked).
 */
int cmd_lock(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct held h;
	struct devlock_info li;
	const char *const *ids;
	size_t n, published = 0;
	struct diag d;
	int json, ex = cli__parse(c, argc, argv, &p), rc = 0;

	if (ex >= 0)
		return ex;
	if (p.nargs > LOCK_MAX_DEVICES)
		return cli__usage(c, "at most %d devices", LOCK_MAX_DEVICES);
	ids = cli__list(c, &p, "destroy", &n);
	json = cli__value(c, &p, "json") != NULL;
	diag_clear(&d);
	memset(&h, 0, sizeof(h));
	memset(&li, 0, sizeof(li));
	li.holder = cli__value(c, &p, "holder");
	for (size_t i = 0; i < p.nargs && !rc; i++)
		rc = take(&h, p.args[i], ids, n, json ? stderr : stdout, &d);
	for (size_t i = 0; i < h.n && !rc; i++, published++) {
		li.path = h.di[i]->path;
		li.identity = device_identity(h.di[i]);
		li.diskseq = h.diskseq[i];
		rc = devlock_publish(h.di[i]->kname, &li, &d);
	}
	if (!rc) {
		print_lock(&h, &li, json);
		hold();
	}
	for (size_t i = 0; i < h.n; i++) {
		if (i < published)
			devlock_unpublish(h.di[i]->kname);
		if (h.fd[i] >= 0)
			close(h.fd[i]);
		free(h.di[i]);
	}
	return cli__finish(rc, &d);
}
