/* SPDX-License-Identifier: MIT */
/* fiorun_job: the fio job file of a step of the plan, and its randseed. */
#ifndef SB_FIORUN_JOB_H
#define SB_FIORUN_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "plan.h"

struct fiorun_target {
	const char *path;   /* absolute */
	uint64_t size;      /* bytes fio may use; 0 = the whole device */
	int is_device;
	uint64_t capacity;  /* bytes the plan's relative amounts (75%, 2x) refer to */
	uint64_t runtime_ms;/* a duty cycle's "on" time instead of the step's; 0 = the step's */
	uint64_t seed;      /* fio's randseed for this run (fiorun_seed) */
	uint64_t io_size;   /* bytes each job does, then stops (not time-based; runtime_ms,
			     * when set, still ends it); 0 = none */
	const char *trace;  /* a <replay>'s trace as fio replays it (run__replay_write); NULL
			     * for other steps */
	const char *gate;   /* a FIFO each job reads a line from after its set-up, before
			     * its first I/O (fio's exec_prerun): the caller opens it then
			     * (fiorun_exec_opts.gate); NULL = none */
};

/*
 * The randseed of one fio run: step (0-based) and round (0 outside rounds) of the
 * plan whose seed is plan_seed, mixed (splitmix64) so that every run of a plan has
 * its own random offsets, and the same run of a rerun the same. 53 bits: exact in
 * JSON readers that hold numbers as doubles (jq, JavaScript), and within fio's range.
 */
uint64_t fiorun_seed(uint64_t plan_seed, size_t step, int round);

/*
 * Writes the step's fio job file to path: a workload, a precondition (writes of
 * its amount over the target, each job its own slice when sequential), or a replay
 * of t->trace redirected onto the target. With t->gate, each job waits for a line
 * of that FIFO after its set-up (`exec_prerun=read g < GATE`, run by /bin/sh; its
 * output goes to JOB.prerun.txt in fio's folder). Log files
 * are named log_<type>.N.log and land in the folder fio runs in. Returns 0, or a
 * negative SB_E* code with d set.
 */
int fiorun_write_jobfile(const char *path, const struct plan *p,
			 const struct plan_workload *w, const struct fiorun_target *t,
			 const char *engine, struct diag *d);

#endif
