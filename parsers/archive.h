/* SPDX-License-Identifier: MIT */
/* archive: reads a result archive (docs/archive-format.md) into the results model. */
#ifndef SB_ARCHIVE_H
#define SB_ARCHIVE_H

#include "diag.h"
#include "result.h"

/*
 * Reads DIR/manifest.json and, for every step whose status is "ok" and that fio ran
 * (a workload or precondition), that step's
 * fio.json and per-second logs (archive_load_step). run must be initialised
 * (result_run_init); on failure it holds what was read so far and d says why, with
 * the file and the JSON path.
 */
int archive_load(const char *dir, struct result_run *run, struct diag *d);

/*
 * Fills a step's metrics and series from ARCHIVE/<st->dir>/fio.json and the
 * log_{iops,bw,clat}.N.log files beside it. st->dir and the plan fields (name, rw,
 * bs, ...) are already set by the caller. A missing log is not an error (the
 * series stay empty); a missing or bad fio.json is.
 */
int archive_load_step(const char *archive_dir, struct result_step *st, struct diag *d);

/*
 * 1 when DIR/report.pdf is a regular file written after the manifest's last save
 * (a render that ran to its end), or with several languages every
 * DIR/report/LANG/report.pdf is; 0 when it is missing, older or not a file (the
 * render was cut short, or never ran): `ssdbench report DIR` makes it.
 */
int archive_report_current(const char *dir);

#endif
