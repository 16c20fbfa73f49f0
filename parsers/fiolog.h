/* SPDX-License-Identifier: MIT */
/* fiolog: fio's per-interval and per-I/O logs (iops, bw, lat, clat, slat), streamed row by row. */
#ifndef SB_FIOLOG_H
#define SB_FIOLOG_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "result.h"

/*
 * One log row. Columns are detected from the first row and every row must have as
 * many: 4 "time, value, ddir, bs" (fio < 3.18); 5 adds prio; 6 or more
 * "time, value, ddir, bs, offset, prio, ..." (log_offset=1; newer columns are
 * ignored). Up to 8 columns are accepted.
 */
struct fiolog_row {
	uint64_t time_ms;   /* ms since the job started (or the epoch with log_unix_epoch) */
	double value;       /* IOPS, KiB/s, or ns, depending on the log */
	int ddir;           /* 0 read, 1 write, 2 trim */
	uint64_t bs;        /* 0 in windowed (log_avg_msec) logs */
	uint64_t offset;    /* 0 unless there are 6 or more columns */
	unsigned prio;      /* 0 with 4 columns */
	int ncols;
	long line;          /* 1-based line in the file */
};

/*
 * Streams path in 128 KiB blocks (the file is never loaded whole; memory does not
 * grow with its size) and calls fn for every row. Lines of plain numbers, as fio
 * writes them, take a fast path; from the first line that is anything else on,
 * libcsv reads the rest, so rows and errors are exactly fiolog_read_csv's. Blank
 * lines and a last line without a newline are fine. A malformed row is -SB_EPARSE
 * with FILE:LINE:COL in d (COL is the byte column where the bad field starts); a
 * missing file is -SB_ENOENT. row is borrowed for the call; a negative return from
 * fn stops the read and becomes fiolog_read's result.
 */
int fiolog_read(const char *path, int (*fn)(const struct fiolog_row *row, void *arg),
		void *arg, struct diag *d);

/* fiolog_read through libcsv alone: the reference the fast path is tested against. */
int fiolog_read_csv(const char *path, int (*fn)(const struct fiolog_row *row, void *arg),
		    void *arg, struct diag *d);

/*
 * How clones' values in the same second combine: FIOLOG_SUM for rates (IOPS, bw:
 * numjobs=2 does twice the work), FIOLOG_MEAN for latencies (the mean of the
 * clones' per-second values, not weighted by their I/O counts).
 */
enum fiolog_combine { FIOLOG_SUM, FIOLOG_MEAN };

/*
 * Bins the rows of npaths log files (fio's job clones, e.g. log_iops.1.log and
 * log_iops.2.log) into whole seconds per ddir and appends one point per second to
 * out[ddir] (t = seconds, values in the log's unit). out[] must be initialised.
 *
 * Second k stands for the interval (k-1 s, k s]. Windowed rows (bs == 0) are
 * stamped when their window closed, with jitter (1000, 2001, 3000): they go to the
 * nearest second. Per-I/O rows (bs > 0) are stamped at completion: rounded up.
 * Within one file, several windowed rows (bs == 0) in one second are averaged, and
 * a row that repeats the previous timestamp of the same ddir is dropped: that is
 * fio's final flush of a partial window in lat logs. Per-I/O rows (bs > 0) in one
 * second are summed for FIOLOG_SUM (a per-I/O iops log becomes IOPS) and averaged
 * for FIOLOG_MEAN. Across files: FIOLOG_SUM adds the files' values and reports
 * only the seconds every file reached (bw/iops logs drop the last partial window,
 * so a clone that logged one row less would otherwise show as a dip; a file with
 * no row at all reached none); a file with no row for a ddir in a second it reached
 * counts as 0. FIOLOG_MEAN averages the files that have a value for that second.
 * The archive reader gives the seconds left out their share of fio's totals.
 */
int fiolog_aggregate(const char *const *paths, size_t npaths, enum fiolog_combine how,
		     struct result_series out[RESULT_NDIRS], struct diag *d);

/*
 * How fiolog_aggregate() reads fio's usual lines: 0 field by field in 64-bit
 * registers (any CPU), 1 from masks of each line's bytes made with AVX2 (the
 * default where the CPU has it). The level used is the lower of max and the CPU's,
 * and is returned. For tests and bench/, which compare the two; not thread-safe:
 * set it before reading.
 */
int fiolog_simd(int max);

#endif
