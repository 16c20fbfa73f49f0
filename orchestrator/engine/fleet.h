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
#include "sbuf.h"

/* 1 when targets[] names one target more than once ("dut=bench1:...", "dut=bench2:..."). */
int fleet_wanted(const char *const *targets, size_t n);

/*
 * Runs o's plan once per --target value, each in its own process and archive,
 * OUT/NN-HOST (HOST "local" for a target on this machine; OUT is o->out_dir or
 * out/lineup), all at once. Every line a run prints comes out prefixed with
 * "[NN-HOST] ", and a combined status of every run follows: one line kept at the
 * bottom of a terminal (with fio's live progress), or a timestamped line
 * "[hh:mm:ss] lineup: ..." whenever a run's state changes. At the end one line
 * per run says where its archive is, or why it failed. A failing run does not stop the others. Returns 0 when every run
 * completed, else -SB_EFIO with d naming the failed ones; when a signal stopped a run
 * (Ctrl-C reaches every one), run_stop_signal() says which, as after one run.
 */
int fleet_run(const struct run_opts *o, struct diag *d);

/*
 * The combined status: every run's label and state on one line,
 * "01-bench1 [2/3] rr: read 3.1 MB/s | 02-bench2 starting". With width > 0 the
 * states are shortened (ending "...") so that the line fits; 0 = no limit.
 */
void fleet_status(const char *const *labels, const char *const *states, size_t n,
		  size_t width, struct sbuf *out);
/*
 * The state a run's output line tells: "[2/3] rr: read 3.1 MB/s" from
 * "[10:01:02] [2/3] rr: read 3.1 MB/s 760 IOPS, latency ...", or fio's live status
 * on a terminal. 1 with buf set, 0 when the line tells no progress.
 */
int fleet_line_state(const char *line, char *buf, size_t n);

#endif
