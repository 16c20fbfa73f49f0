/* SPDX-License-Identifier: MIT */
/*
 * diskspd: DiskSpd's XML results (diskspd -Rxml, 2.0.x and later): per time span its
 * test (block size, outstanding I/Os, threads, write ratio, random or sequential), the
 * I/Os and bytes every thread moved on every target, summed, over the span's seconds;
 * latency means and percentiles (-L), per-second I/O buckets (-D). docs/import-diskspd.md.
 */
#ifndef SB_DISKSPD_H
#define SB_DISKSPD_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define DISKSPD_MAX_SPANS 256        /* results of one file */
#define DISKSPD_MAX_TEXT_SPANS 64    /* timespans of one run's input parameters */

/* One <TimeSpan>: its targets and threads together. */
struct diskspd_span {
	int line;                 /* of its <TimeSpan> in the results */
	double seconds;           /* TestTimeSeconds, as printed */
	uint64_t bytes[2], ios[2];    /* read, write: summed over threads and targets */
	double lat_ms[2];         /* AverageRead/WriteMilliseconds; NAN without -L */
	double p99_ms[2], p999_ms[2], p9999_ms[2];   /* from the percentile buckets; NAN */
	double *per_s[2];         /* I/Os per IoBucketDuration, each direction; NULL without -D */
	size_t nper_s;
	double bucket_s;          /* IoBucketDuration in seconds */
	uint64_t bs, file_size;
	int qd, threads, write_ratio, random;
	char name[48];            /* "rnd4k-q32t4-read", "rnd4k-q1t1-mix70" */
};

struct diskspd_result {
	char *version;            /* Tool/Version: "2.0.21a"; NULL from the text output */
	char *computer;           /* ComputerName */
	char *run_time;           /* RunTime as ISO 8601 UTC ("2021-04-14T23:25:42Z") */
	struct diskspd_span *s;
	size_t n;
};

/* 1 when buf looks like DiskSpd's XML (a <Results> with <Tool><Version>). */
int diskspd_sniff(const char *buf, size_t len);
/* Parses the whole file. 0, or a negative SB_E* code with d naming file:line and
 * what is not understood; r is then released. */
int diskspd_parse(const char *buf, size_t len, const char *file, struct diskspd_result *r,
		  struct diag *d);
void diskspd_release(struct diskspd_result *r);

/*
 * DiskSpd's text output (-Rtext, diskspd_text.c), 2.0.x and 2.2 layouts, saved or copied
 * from a console: a test per timespan of each run ("Input parameters:"), its counts from
 * the Read IO and Write IO tables' total rows over "actual test time", latencies from
 * the first %-ile table; several runs in one file (a test run again named "-2"), lines
 * outside the runs passed over. The text names no version (r->version NULL) and has no
 * per-second buckets.
 */
int diskspd_text_parse(const char *buf, size_t len, const char *file, struct diskspd_result *r,
		       struct diag *d);
/* 1 when buf looks like DiskSpd's text output. */
int diskspd_text_sniff(const char *buf, size_t len);

#endif
