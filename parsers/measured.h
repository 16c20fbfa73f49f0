/* SPDX-License-Identifier: MIT */
/*
 * measured: an imported element's numbers as another tool printed them
 * (steps/NNN-name/measured.json, docs/import.md), written by import and read by the
 * archive's loader in place of fio's report.
 *
 *   { "tool": "CrystalDiskMark 8.0.1 x64", "file": "source/cdm.txt", "line": 9,
 *     "read": { "mbps": 531.458, "bw_bytes": 531458000, "iops": 506.8,
 *               "iops_derived": false, "lat_mean_us": 15726.77 },
 *     "write": null }
 *
 * DiskSpd's counts add "ios", "bytes", "seconds" (the rates are their quotients, mbps
 * null: DiskSpd prints none that is read), "p99_us", "p999_us", "p9999_us" and
 * "iops_per_s" (its -D buckets).
 *
 * mbps is the file's number (10^6 bytes per second, as the tool says), bw_bytes the
 * same in bytes per second, or with bw_derived IOPS x bs (KDiskMark, whose "MB/s" are
 * fio's KiB/s divided by 1,000); iops_derived says IOPS is MB/s x 10^6 / bs (the file
 * printed none); lat_mean_us is null where the file printed no latency.
 */
#ifndef SB_MEASURED_H
#define SB_MEASURED_H

#include <stdint.h>

#include "diag.h"
#include "result.h"
#include "sbuf.h"

#define MEASURED_FILE "measured.json"

struct measured_dir {
	int present;
	double mbps, iops, lat_mean_us;   /* lat_mean_us NAN when not printed */
	int iops_derived;
	int bw_derived;                   /* bw_bytes is iops x bs, not mbps x 10^6 */
	/* Where the file counts (DiskSpd): its I/Os and bytes over its seconds, the rates
	 * their quotients; 0 where it does not. */
	uint64_t ios, bytes;
	double seconds;
	double p99_us, p999_us, p9999_us; /* NAN where the file gives none */
	const double *per_s;              /* I/Os per second, each second; NULL: none */
	size_t nper_s;
};

struct measured {
	const char *tool, *file;
	int line;
	uint64_t bs;                      /* the block size, for bw_derived */
	struct measured_dir dir[2];       /* RESULT_READ, RESULT_WRITE */
};

/* The JSON text of m into sb. */
void measured_format(const struct measured *m, struct sbuf *sb);
/* Reads archive_dir/st->dir/measured.json into st's numbers (d names the file and
 * the path of what is wrong). */
int measured_load(const char *archive_dir, struct result_step *st, struct diag *d);

#endif
