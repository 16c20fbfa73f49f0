/* SPDX-License-Identifier: MIT */
/*
 * sshcmd: ssdbench's own commands run on a bench over ssh (probe, interlock, purge,
 * --version), their --json output read back. ssh runs from an argv, never through
 * a local shell; the words of the command for the bench are each quoted for the
 * bench's shell, which ssh always hands them to. Every interlock runs there,
 * against the bench's devices, with the --destroy IDs given here (docs/benches.md).
 */
#ifndef SB_SSHCMD_H
#define SB_SSHCMD_H

#include <stddef.h>
#include <stdio.h>

#include "device.h"
#include "diag.h"
#include "interlock.h"
#include "plan.h"
#include "purge.h"
#include "sbuf.h"

/*
 * Returns a new NULL-terminated argv: ssh -o BatchMode=yes -o ConnectTimeout=N
 * -o ServerAliveInterval=15 [-p PORT] -- DEST 'SSDBENCH' 'ARG'... for args[0..n).
 * SSDBENCH_SSH names another program than ssh (a wrapper, tests). Free it with
 * sshcmd_argv_free().
 */
char **sshcmd_argv(const struct plan_host *h, unsigned timeout_s, const char *const *args,
		   size_t n);
void sshcmd_argv_free(char **argv);
/* argv as one line a shell reads back to the same words (dry runs). Returns a new string. */
char *sshcmd_line(char *const *argv);
/* Where ssh goes for h: its ssh destination, else its address. */
const char *sshcmd_dest(const struct plan_host *h);

/*
 * Runs `ssdbench ARGS` on h; 0 with its stdout in out (and its stderr in err
 * when not NULL). Otherwise d says why, naming the host (sshcmd_judge()).
 * timeout_s 0 = no limit (a purge may take hours; ssh's keep-alives notice a dead
 * bench).
 */
int sshcmd_run(const struct plan_host *h, const char *const *args, size_t n,
	       unsigned timeout_s, struct sbuf *out, struct sbuf *err, struct diag *d);

/*
 * The diag for `ssdbench CMD` on h that ended with status rc (remote_run()'s) and
 * stderr err, run by program prog: ssh could not connect (-SB_EIO), ssdbench is not
 * there (-SB_ENOENT), or the bench's ssdbench failed or refused (-SB_EUNSAFE for
 * exit status 1 with a refusal, with its own message). 0 for rc 0.
 */
int sshcmd_judge(const struct plan_host *h, const char *prog, const char *cmd, int rc,
		 const char *err, unsigned timeout_s, struct diag *d);

/* A device command for a bench: CMD PATH [OPT VAL] --destroy ID... [--lock-token T] --json. */
struct sshcmd_dev {
	const char *cmd, *path;
	const char *opt, *val;       /* one more option ("--method", "discard"), or NULL */
	const char *const *ids;      /* the --destroy values */
	size_t n;
	const char *token;           /* the run's lock token, or NULL */
};
/* Its words, borrowed from c; free() the array only. */
const char **sshcmd_dev_args(const struct sshcmd_dev *c, size_t *nargs);

/*
 * `ssdbench probe PATH --json --allow-missing` on h: di filled from the JSON
 * (identity, sizes, diskseq, temperature; exists 0 for a file not there yet); *json, when json is not NULL, gets the JSON text with
 * "host": h's name added (free() it). 0 or a negative SB_E* code with d set.
 */
int sshcmd_probe(const struct plan_host *h, const char *path, unsigned timeout_s,
		 struct device_info *di, char **json, struct diag *d);
/*
 * `ssdbench interlock PATH --destroy ID... [--lock-token T] --json` on h: r gets the
 * bench's rows. 0 when every check passed there, -SB_EUNSAFE with d holding the
 * bench's refusal. token (NULL: none) is the run's lock token (benchlock.h).
 */
int sshcmd_interlock(const struct plan_host *h, const char *path, const char *const *ids,
		     size_t n, const char *token, unsigned timeout_s, struct interlock_report *r,
		     struct diag *d);
/*
 * `ssdbench purge PATH --method M --destroy ID... [--lock-token T] --json` on h; the
 * bench's own account of its checks goes to out, each line prefixed with the host's
 * name.
 */
int sshcmd_purge(const struct plan_host *h, const char *path, enum purge_method m,
		 const char *const *ids, size_t n, const char *token, FILE *out,
		 struct purge_result *r, struct diag *d);
/*
 * A RAID command for a bench: raid up|down NAME --member PATH... --chunk SIZE
 * [--destroy ID...] [--lock-token T] --json.
 */
struct sshcmd_raid {
	const char *verb, *name;     /* "up" or "down"; the array's name */
	const char *const *members;  /* the members' paths on the bench, in stripe order */
	size_t nmembers;
	const char *chunk;           /* "64KiB" */
	const char *const *ids;      /* the --destroy values */
	size_t n;
	const char *token;           /* the run's lock token, or NULL */
};
/* Its words, borrowed from c; free() the array only. */
const char **sshcmd_raid_args(const struct sshcmd_raid *c, size_t *nargs);
/*
 * Runs it on h (no time limit: ssh's keep-alives notice a dead bench): the bench's
 * own account of its checks goes to out, each line prefixed with the host's name;
 * its JSON object is returned (json_decref() it), or NULL with d set.
 */
struct json_t *sshcmd_raid_run(const struct plan_host *h, const struct sshcmd_raid *c,
			       FILE *out, struct diag *d);

/* `ssdbench --version` on h: "0.9.0" into buf. 0 or a negative SB_E* code with d set. */
int sshcmd_version(const struct plan_host *h, unsigned timeout_s, char *buf, size_t n,
		   struct diag *d);

#endif
