/* SPDX-License-Identifier: MIT */
/* fiorun_eta: fio's once-a-second ETA line ("Jobs: 1 (f=1): [W(1)][50.0%]..."), read. */
#ifndef SB_FIORUN_ETA_H
#define SB_FIORUN_ETA_H

#include <stddef.h>

/* What one ETA line tells; -1 where it says nothing. */
struct fiorun_eta {
	double pct;       /* the jobs' progress, percent */
	double bw[2];     /* read, write bandwidth, bytes/s (fio's KiB/MiB/GiB, kB/MB/GB) */
	double iops[2];   /* read, write IOPS (fio's "31.5k" and "1.2M" read out) */
	double eta_s;     /* fio's own time left, seconds ("[eta 01h:02m:03s]") */
};

/*
 * Reads the n bytes of line, an ETA line as fio prints it with --eta=always:
 * "Jobs: 1 (f=1): [W(1)][50.0%][r=1MiB/s,w=2MiB/s][r=256,w=512 IOPS][eta 00m:05s]".
 * Returns 0 when it is one (starts "Jobs:"), -1 otherwise (e then all -1).
 */
int fiorun_eta_parse(const char *line, size_t n, struct fiorun_eta *e);

#endif
