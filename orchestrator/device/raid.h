/* SPDX-License-Identifier: MIT */
/*
 * raid: the mdadm command sequence for a RAID 0 scope (create, wait, check, stop,
 * zero), running it through a replaceable runner, and reading /proc/mdstat.
 */
#ifndef SB_RAID_H
#define SB_RAID_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "sbuf.h"

#define RAID_MAX_MEMBERS 32
#define RAID_MAX_CMDS 8
#define RAID_MAX_RAN 16

struct raid_cmd {
	const char *purpose;        /* "create", "wait", ... */
	char **argv;                /* NULL-terminated; owned */
	int may_fail;               /* a non-zero exit is not an error (mdadm --wait on RAID 0) */
	int down;                   /* part of the teardown (stop, zero), not the set-up */
};

struct raid_plan {
	struct raid_cmd cmds[RAID_MAX_CMDS];
	size_t ncmds;
};

/*
 * Builds the sequence for array md (e.g. "/dev/md/ssdbench-md") over members with a
 * chunk of chunk bytes (a multiple of 4 KiB). Returns 0, or -SB_EINVAL with d set.
 * raid_release() frees it either way.
 */
int raid_build(const char *md, const char *const *members, size_t n, uint64_t chunk,
	       struct raid_plan *p, struct diag *d);
void raid_release(struct raid_plan *p);
/* One line per command, "PURPOSE: mdadm ..." (the golden dry-run format). */
void raid_format(const struct raid_plan *p, struct sbuf *sb);
/*
 * The set-up (down == 0) or the teardown (down == 1) part of raid_format, each line
 * after indent; the teardown ends with the check of mdstat (its path).
 */
void raid_format_part(const struct raid_plan *p, int down, const char *indent,
		      const char *mdstat, struct sbuf *sb);
/* 0 when the kernel has md; else -1 with why ("md driver not available: ..."). */
int raid_available(const char *mdstat, char *why, size_t n);

/*
 * Runs argv: argv[0] looked up on PATH, no shell; *status is its exit status
 * (128 + N when killed by signal N); its output (stdout and stderr) is appended to
 * out, capped. Returns 0, or -SB_EIO when it could not be started. arg is unused:
 * the signature is the runner's, which tests replace.
 */
typedef int raid_exec_fn(void *arg, char *const *argv, int *status, struct sbuf *out);
int raid_exec(void *arg, char *const *argv, int *status, struct sbuf *out);

/* One command as it ran. */
struct raid_ran {
	const char *purpose;        /* borrowed from the plan */
	char *cmdline;              /* the argv joined by spaces; owned */
	int status;                 /* its exit status; -1 when it could not start */
	double seconds;
	char *output;               /* what it printed, trimmed; owned */
};

struct raid_log {
	struct raid_ran ran[RAID_MAX_RAN];
	size_t n;
};

void raid_log_release(struct raid_log *log);
/* The log as a JSON array of {purpose, command, status, seconds, output}; free() it. */
char *raid_log_json(const struct raid_log *log);

/*
 * Runs the set-up commands in order through fn, each logged. Stops at the first
 * one that fails (unless may_fail) and returns -SB_EIO with d set. Whatever it
 * returns, raid_down() must follow: a failed create may have half-assembled.
 */
int raid_up(const struct raid_plan *p, raid_exec_fn *fn, void *arg, struct raid_log *log,
	    struct diag *d);
/*
 * Runs every teardown command (a failing --stop is retried while mdstat still lists
 * a member), then judges by mdstat, not by mdadm's exit codes: 0 when no array in
 * mdstat holds any of the members' kernel names knames[0..n), else -SB_EIO.
 * A missing mdstat counts as clean only when the kernel has no md at all.
 */
int raid_down(const struct raid_plan *p, raid_exec_fn *fn, void *arg, const char *mdstat,
	      const char *const *knames, size_t n, struct raid_log *log, struct diag *d);
/*
 * 1 when an array line of mdstat ("md127 : active raid0 loop3[2] loop2[1] ...")
 * holds one of knames[0..n), with the array's name in array; else 0.
 */
int raid_mdstat_holds(const char *mdstat, const char *const *knames, size_t n, char *array,
		      size_t an);

#endif
