/* SPDX-License-Identifier: MIT */
/*
 * archive_files: the files of a result archive with their SHA-256, as the manifest
 * lists them and `ssdbench verify` checks them. Left out: manifest.json itself,
 * journal.jsonl, the lock of the run writing it (.lock at the top), what a
 * re-render replaces (report.pdf, charts/), temporary files (*.tmp), and
 * the target file when a file target lives inside the archive.
 */
#ifndef SB_ARCHIVE_FILES_H
#define SB_ARCHIVE_FILES_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct archive_file {
	char *path;          /* relative to the archive, '/'-separated */
	uint64_t size;
	char sha256[65];
};

struct archive_files {
	struct archive_file *v;
	size_t n, cap;
	/* Anything neither a regular file nor a folder: "PATH (a FIFO)", in walk order. */
	char **special;
	size_t nspecial, cap_special;
};

void archive_files_init(struct archive_files *f);
void archive_files_release(struct archive_files *f);

/*
 * Lists and hashes every file under dir that belongs in the manifest, sorted by
 * path. skip is a path relative to dir to leave out too (the target), or NULL.
 * Nothing is followed: symbolic links, FIFOs, devices and sockets anywhere below
 * dir (charts/ included) go to f->special, neither listed nor opened.
 */
int archive_files_scan(const char *dir, const char *skip, struct archive_files *f,
		       struct diag *d);

/* The folder a report draws in before it swaps the new report in, + its pid
 * (report/run/report_out.c): one left behind is a report that was killed. */
#define ARCHIVE_REPORT_TMP ".ssdbench-report-"
/*
 * While a continuous scope's fio runs: the run's bytes written as of fio's newest
 * status report, one decimal number (orchestrator/engine/run_cont.c), so that a
 * resume after a kill counts what the lost round wrote. Bookkeeping, not listed.
 */
#define ARCHIVE_SEGMENT_WRITTEN "journal.written"

/* 1 when a path relative to the archive is never listed (see above). */
int archive_files_excluded(const char *rel);

/*
 * What verify found: each list holds relative paths; special holds what
 * archive_files.special does (tampering: ssdbench writes none of them).
 */
struct archive_verify {
	char **missing, **changed, **extra, **special;
	size_t nmissing, nchanged, nextra, nspecial;
	char **leftover;      /* ARCHIVE_REPORT_TMP folders: reports cut short */
	size_t nleftover;
	size_t cap_missing, cap_changed, cap_extra;
	size_t checked;       /* files listed in the manifest */
};

void archive_verify_release(struct archive_verify *v);
/*
 * Compares the files under dir with the "files" list of dir/manifest.json.
 * Returns 0 when the check could be made (problems are in v; release it), or a
 * negative code when the manifest cannot be read (v then holds nothing).
 */
int archive_verify(const char *dir, struct archive_verify *v, struct diag *d);

#endif
