/* SPDX-License-Identifier: MIT */
/*
 * fleet: one plan over the same target on several benches at once (a lineup run):
 * one archive per target, run concurrently, their progress lines combined, each
 * failing on its own.
 */
#ifndef SB_FLEET_H
#define SB_FLEET_H

#include <stddef.h>

#include "diag.h"
#include "run.h"

/* 1 when targets[] names one target more than once ("dut=bench1:...", "dut=bench2:..."). */
int fleet_wanted(const char *const *targets, size_t n);

/*
 * Runs o's plan once per --target value, each in its own process and archive,
 * OUT/NN-HOST (HOST "local" for a target on this machine; OUT is o->out_dir or
 * out/lineup), all at once. Every line a run prints comes out prefixed with
 * "[NN-HOST] "; at the end one line per run says where its archive is, or why it
 * failed. A failing run does not stop the others. Returns 0 when every run
 * completed, else -SB_EFIO with d naming the failed ones.
 */
int fleet_run(const struct run_opts *o, struct diag *d);

#endif
