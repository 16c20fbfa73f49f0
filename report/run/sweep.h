/* SPDX-License-Identifier: MIT */
/*
 * sweep: the QD sweep pages of a report (template kind sweep-qd), above
 * report_ctx.c: MB/s against QD for the sequential patterns, IOPS against QD for
 * the random ones, and mean response time against IOPS per pattern.
 */
#ifndef SB_SWEEP_H
#define SB_SWEEP_H

struct report;

/* A pattern run at this many depths or more is a sweep (CrystalDiskMark's QD1/QD32 pair is not). */
#define SWEEP_MIN_DEPTHS 3
/* ... or at two or more when its steps carry the plan's chart="sweep" hint. */
#define SWEEP_MIN_HINTED 2

/*
 * Adds "sweep-qd-mbps" (sequential patterns: rw not rand*, MB/s on a log2 QD axis),
 * "sweep-qd-iops" (random patterns, IOPS) and "sweep-qd-lat" (x IOPS, y mean
 * response time, fio's lat mean, or completion latency when no response time was
 * reported; a line per pattern, each point marked "QDn"), each only when it has a
 * line. A pattern is the steps outside rounds alike but for iodepth.
 */
void sweep__build(struct report *r);

#endif
