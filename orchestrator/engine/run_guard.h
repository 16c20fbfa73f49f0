/* SPDX-License-Identifier: MIT */
/* run_guard: a run's device-layer part: --op and --purge, interlocks, the lock, re-checks. */
#ifndef SB_RUN_GUARD_H
#define SB_RUN_GUARD_H

#include <stdint.h>
#include <stdio.h>

#include "benchlock.h"
#include "device.h"
#include "diag.h"
#include "interlock.h"
#include "plan.h"
#include "purge.h"
#include "run_opts.h"

struct run_guard {
	int writes;                  /* a step writes, or a purge or OP was asked for */
	int lock_fd;                 /* exclusive flock on the device for the run, or -1 */
	struct benchlock *bench_lock;/* the same on a bench: its `ssdbench lock`, or NULL */
	int purge;                   /* purge before the first step */
	enum purge_method method;
	unsigned long step_methods;  /* bit m: a <purge> step (not in a <raid>) uses m */
	unsigned op_centi;           /* --op in hundredths of a percent */
	uint64_t usable;             /* bytes the steps may use with --op; 0 = all */
	struct interlock_report *checks; /* the verdict for a device that is written */
	struct device_info *dev;     /* the target's probe */
};

void run_guard_init(struct run_guard *g);
/* Releases the locks (a bench's lock session ended, a failure said on stderr) and frees. */
void run_guard_release(struct run_guard *g);
/*
 * Reads --op and --purge for a target of size bytes; with --op confines every step
 * of p to the LBA prefix, refusing steps that reach past it. 0 or -SB_EUSAGE.
 */
int run_guard_options(struct run_guard *g, const struct run_opts *o, const struct plan *p,
		      int is_device, uint64_t size, struct diag *d);
/*
 * For a device that will be written: every interlock (each row printed on out),
 * the purge methods (--purge's and every <purge> step's) against what the device
 * offers, exactly as the steps will ask for them, and unless a dry run, the lock.
 * 0, or -SB_EUNSAFE with d set (g->checks still holds every row).
 */
int run_guard_check(struct run_guard *g, const struct run_opts *o, const char *path,
		    int is_device, FILE *out, struct diag *d);
/* Right before a writing step: every interlock again and the same medium (diskseq). */
int run_guard_recheck(const struct run_guard *g, const struct run_opts *o, const char *path,
		      FILE *out, struct diag *d);
/*
 * The <op> scopes of p with a hardware method (hpa, namespace): each needs
 * --allow-capacity-change and a drive that can do it. 0, or -SB_EUSAGE with d set.
 */
int run_guard_hwop(const struct run_guard *g, const struct run_opts *o, const struct plan *p,
		   int is_device, struct diag *d);
/* For --dry-run, before the first step of <op> scope s with a hardware method. */
void run_guard_describe_hwop(const struct run_guard *g, const struct plan_scope *s,
			     FILE *out);
/* For --dry-run: the purge, the OP range and what would be destroyed. */
void run_guard_describe(const struct run_guard *g, uint64_t size, int refused, FILE *out);

#endif
