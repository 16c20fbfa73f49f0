/* SPDX-License-Identifier: MIT */
/*
 * run_replay: a <replay> step's trace read before the run (what it
 * holds decides whether the step writes), and fitted onto the target when the
 * element runs. docs/replay.md.
 */
#ifndef SB_RUN_REPLAY_H
#define SB_RUN_REPLAY_H

#include <stdint.h>

#include "diag.h"
#include "plan.h"

struct orch;
struct result_step;
struct fiorun_target;

/*
 * Reads every <replay> step's trace (parsers/blktrace): a bad one (truncated,
 * another magic, empty, beyond 2^63 bytes) is refused at the step, with the trace
 * and the byte offset; a step whose trace holds no write or trim stops counting as
 * a writing step (w->trace_writes). A replay on a bench's target is refused (fio
 * would read the trace there). 0 or -SB_EUSAGE.
 */
int run_replay_check(struct plan *p, struct diag *d);

/*
 * A replay element's trace, mode and fit on st (the offsets' divisor when the
 * trace reaches past the target's usable bytes), ft->trace := replay (the trace as
 * fio is to replay it, which run__replay_write() writes), and the watchdog's time
 * and bytes (limit_ms, layout: added to). Touches nothing (the dry run calls it
 * too). 0, or the failure with d set.
 */
int run__replay_fit(const struct plan_workload *w, struct result_step *st,
		    struct fiorun_target *ft, const char *replay, uint64_t *limit_ms,
		    uint64_t *layout, struct diag *d);
/*
 * Writes ft->trace, the trace fio replays, from st->trace (blkt_write_replay: a
 * request carrying a flush as a flush then the request, offsets divided by
 * st->replay_scale) and reads it back: its reads, writes and trims and their bytes
 * must be the capture's, its flushes the capture's flushes and preflushes. 0, or
 * the failure with d set.
 */
int run__replay_write(const struct result_step *st, const struct fiorun_target *ft,
		      struct diag *d);
/*
 * After fio: its reads, writes and trims (count and bytes, st->dir_stat) against
 * the replayed trace at replay. A difference is the step's error (st->error,
 * -SB_EFIO): a replay that is not the trace is not a score. 0 when equal.
 */
int run__replay_judge(struct result_step *st, const char *replay);
/* Before a replay's fio: a file target that does not exist yet written out at its
 * size (zeros), since fio reads it and fio's replay does not lay files out. 0, or
 * the failure with d set. */
int run__replay_make_file(const struct orch *x, struct diag *d);

#endif
