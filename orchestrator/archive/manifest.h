/* SPDX-License-Identifier: MIT */
/* manifest: writes an archive's manifest.json and results.csv (docs/archive-format.md). */
#ifndef SB_MANIFEST_H
#define SB_MANIFEST_H

#include <stdint.h>

#include "diag.h"
#include "result.h"

struct manifest_target {
	const char *name;
	const char *kind;   /* "file" or "device" */
	const char *path;
	uint64_t size;
	const char *probe_before;  /* JSON of the target's probe at the start, or NULL */
	const char *probe_after;   /* ... and at the end */
	const char *rerun_of;      /* the archive this run repeats, or NULL */
	const char *raid;          /* JSON of a <raid> scope: array, members, the mdadm
				      commands run, why it was skipped; or NULL */
	const char *capacity;      /* JSON of a hardware-OP scope: the restore record,
				      the commands, old/new size, durations; or NULL */
	const char *write_cache;   /* JSON of the write cache: the setting, the method or
				      why not applicable, before, set, restored; or NULL */
	/* A target on a bench: its host name, fio server ("ADDRESS,PORT") and the
	 * hostname the server gave; all NULL for a target on this machine. */
	const char *host, *host_server, *host_hostname;
};

/*
 * Writes DIR/manifest.json from run, atomically (temporary file, then rename), so a
 * crash leaves either the previous manifest or the new one. Returns 0 or -SB_EIO.
 */
int manifest_write(const char *dir, const struct result_run *run,
		   const struct manifest_target *t, struct diag *d);

/* Writes DIR/results.csv: a BOM, a header, one row per step whose status is "ok". */
int manifest_write_results(const char *dir, const struct result_run *run,
			   struct diag *d);

/* The target's probe at the start of the run in DIR's manifest, as JSON; NULL if none. */
char *manifest_probe_before(const char *dir);
/* the manifest's report_langs in dir ("en,zh-CN"), or NULL; free() it. */
char *manifest_langs(const char *dir);

/*
 * Writes ARCHIVE/<st->dir>/series.csv: the element's per-second samples in one
 * table, a row per second: t_s, IOPS, bytes/s and mean latency per direction,
 * cumulative bytes written by the run and % of capacity, temperature
 * (docs/archive-format.md). Nothing is written when fio logged no second.
 */
int manifest_write_series(const char *dir, const struct result_step *st, struct diag *d);

#endif
