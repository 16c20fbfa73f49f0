/* SPDX-License-Identifier: MIT */
/* run: executes a plan step by step into a result archive, then renders its report. */
#ifndef SB_RUN_H
#define SB_RUN_H

#include <stddef.h>

#include "diag.h"
#include "run_opts.h"

/*
 * Runs the plan. Every finished step stays in the archive whatever happens later.
 * Writing to a block device needs every interlock to pass (interlock.h) and
 * --destroy naming the device. Returns 0; -SB_EPARSE or -SB_EUSAGE for bad input
 * (nothing ran); -SB_EUNSAFE when an interlock refused (nothing was touched);
 * another negative SB_E* code when a step or the report failed. d says why.
 */
int run_plan(const struct run_opts *o, struct diag *d);

/*
 * Goes on with the run whose archive is dir, after its last finished element
 * (journal.h): the plan, --set, --target, --op and --purge come from the journal;
 * extra gives --destroy, tty and quiet. Refuses when a plan file or the target's
 * identity changed. Returns as run_plan.
 */
int run_resume(const char *dir, const struct run_opts *extra, struct diag *d);

/* The signal (SIGINT, SIGTERM or SIGHUP) that stopped the last run, resume or rerun
 * of this process, or 0: the command exits 128 + it, as a shell reports a process
 * the signal ended, once the run has kept what it measured. */
int run_stop_signal(void);

/*
 * Runs the plan of the archive dir again -- its own copy of every plan file, with
 * the same --set, --target, --op and --purge -- into a new archive (extra->out_dir,
 * default out/<plan name>-rerun), the targets replaced by extra->targets where they
 * name the same target. The new manifest links to dir (rerun_of).
 */
int run_rerun(const char *dir, const struct run_opts *extra, struct diag *d);

#endif
