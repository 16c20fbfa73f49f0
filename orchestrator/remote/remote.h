/* SPDX-License-Identifier: MIT */
/*
 * remote: the benches a controller drives: fio's own server (fio --server on the
 * bench, fio --client here); ssh to it is sshcmd.h. No protocol of our own
 * (docs/benches.md).
 */
#ifndef SB_REMOTE_H
#define SB_REMOTE_H

#include <poll.h>
#include <stddef.h>

#include "diag.h"
#include "plan.h"
#include "sbuf.h"

/* fio's default server port. */
#define REMOTE_FIO_PORT 8765

/* What fio's server says about itself when a client connects (its probe reply). */
struct remote_probe {
	char hostname[128];     /* as the bench names itself */
	char os[32], arch[32];  /* "Linux", "x86-64" */
	char fio_version[64];   /* "fio-3.33" */
};

/*
 * Runs argv with stdout and stderr into out (when not NULL), stdin from /dev/null,
 * in dir (when not NULL), killing it after timeout_s seconds (0 = no limit).
 * Returns its exit status, 128 + signal, -SB_EIO when it could not start, or
 * -SB_EFIO when the deadline killed it.
 */
int remote_capture(char *const argv[], const char *dir, unsigned timeout_s,
		   struct sbuf *out);
/* The same with stdout into out and stderr into err (both may be NULL: dropped;
 * err NULL with out set: both into out). */
int remote_run(char *const argv[], const char *dir, unsigned timeout_s, struct sbuf *out,
	       struct sbuf *err);

/*
 * One poll of up to two pipes (p[i].fd -1: none) for up to ms (-1: until one is
 * ready): what each holds is appended to bufs[i] (NULL: dropped); p[i].fd becomes
 * -1 once that pipe ended (the caller closes it). Returns how many are still open.
 */
int remote_pump(struct pollfd p[2], struct sbuf *bufs[2], int ms);

/* The value of fio's --client for h: "ADDRESS,PORT" (ip6:ADDRESS,PORT for IPv6). free() it. */
char *remote_client_arg(const struct plan_host *h);

/*
 * Asks fio's server on h who it is, without running anything (a tiny job file in a
 * scratch folder under TMPDIR, and --showcmd). Gives up after timeout_s. Returns 0
 * with rp filled, or -SB_EFIO with d quoting fio ("connection refused", "no answer
 * within 10 s").
 */
int remote_fio_probe(const struct plan_host *h, unsigned timeout_s,
		     struct remote_probe *rp, struct diag *d);

/* 1 when two fio version strings ("fio-3.33", "fio-3.33-12-gabc") share major.minor. */
int remote_same_minor(const char *a, const char *b);

/* The seconds to wait for a bench: SSDBENCH_HOST_TIMEOUT_S (whole seconds > 0), else 10. */
unsigned remote_timeout_s(void);

#endif
