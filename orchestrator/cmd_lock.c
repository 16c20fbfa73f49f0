/* SPDX-License-Identifier: MIT */
/* cmd_lock: `ssdbench lock`: a device's run lock held for a controller until stdin ends. */
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
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
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
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

static void print_lock(const struct devlock_info *li, int json)
{
	json_t *o;
	char *text;

	if (!json) {
		printf("locked '%s' (identity %s, diskseq %llu) as pid %ld, token %s; held "
		       "until stdin ends\n", li->path, li->identity,
		       (unsigned long long)li->diskseq, li->pid, li->token);
		fflush(stdout);
		return;
	}
	o = json_pack("{s:s, s:s, s:I, s:I, s:s, s:s}", "path", li->path, "identity",
		      li->identity, "diskseq", (json_int_t)li->diskseq, "pid",
		      (json_int_t)li->pid, "token", li->token, "since", li->since);
	text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	printf("%s\n", text ? text : "{}");
	fflush(stdout);
	free(text);
	json_decref(o);
}

/*
 * Every interlock of the device, then the flock a local run takes, published in a
 * lock file with a token; held until stdin ends (the controller exits, or its ssh
 * connection dies), so no lock outlives its run. Exit status 1 when refused.
 */
int cmd_lock(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct interlock_report *r = NULL;
	struct device_info *di = NULL;
	struct devlock_info li;
	const char *const *ids;
	size_t n;
	struct diag d;
	int fd = -1, json, ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	ids = cli__list(c, &p, "destroy", &n);
	json = cli__value(c, &p, "json") != NULL;
	diag_clear(&d);
	r = xcalloc(1, sizeof(*r));
	di = xcalloc(1, sizeof(*di));
	rc = interlock_check(p.arg, ids, n, r, &d);
	if (rc == -SB_EUNSAFE || json)
		interlock_print(r, json ? stderr : stdout);
	if (!rc)
		rc = device_probe(p.arg, di, &d);
	if (!rc && !di->is_block)
		rc = diag_set(&d, -SB_EUNSAFE, NULL, 0, 0, "refusing to lock '%s': it is not "
			      "a block device", p.arg);
	if (!rc)
		rc = interlock_lock(p.arg, &fd, &d);
	memset(&li, 0, sizeof(li));
	li.path = p.arg;
	li.identity = device_identity(di);
	li.holder = cli__value(c, &p, "holder");
	li.diskseq = r->diskseq;
	if (!rc)
		rc = devlock_publish(di->kname, &li, &d);
	if (!rc) {
		print_lock(&li, json);
		hold();
		devlock_unpublish(di->kname);
	}
	if (fd >= 0)
		close(fd);
	free(di);
	free(r);
	return cli__finish(rc, &d);
}
