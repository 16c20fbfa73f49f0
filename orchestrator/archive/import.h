/* SPDX-License-Identifier: MIT */
/*
 * import: builds a result archive from fio output made elsewhere (JSON or json+
 * reports of fio 2.x/3.x, client/server, concatenated; per-second logs), so it
 * reads, verifies, reports and compares like an archive `ssdbench run` wrote.
 */
#ifndef SB_IMPORT_H
#define SB_IMPORT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

struct import_opts {
	const char *out;        /* the archive folder to create; must not exist */
	const char *title;      /* plan title shown in reports; NULL: "import" */
	const char *target;     /* target description; NULL: generated */
	uint64_t capacity;      /* target bytes, for % of capacity written; 0 unknown */
	int quiet;              /* no line per element on stdout */
	const char *from;       /* the tool that wrote the files ("diskspd"); NULL: by content */
};

/* What a file name says about a fio log: PREFIX_TYPE[.N].log[.HOST]. */
struct import_logname {
	char type[16];          /* "iops", "bw", "clat", "lat", "slat", "clat_hist" */
	unsigned thread;        /* fio's 1-based thread number; 1 when absent */
	int compressed;         /* .log.fz (log_store_compressed) */
};

/* Returns 1 and fills ln when name (a path) is a fio log's file name, else 0. */
int import_parse_logname(const char *path, struct import_logname *ln);

/*
 * Imports files: reports and the logs that follow each report on the command line.
 * One element per fio reporting group of each report (docs/lineups.md). Everything
 * is written to a temporary folder beside o->out and renamed at the end, so a
 * failure leaves nothing. Returns 0, or a negative code with d naming the file and
 * the JSON path or line.
 */
int import_run(const char *const *files, size_t nfiles, const struct import_opts *o,
	       struct diag *d);

/* Both importers' archive folder: 0 when out does not exist yet, else an error. */
int import__fresh(const char *out, struct diag *d);
/*
 * A temporary folder beside out ("OUT.import-XXXXXX", malloc'd into *tmp), or an
 * error; import__finish() renames it to out when rc is 0, else removes it: a failure
 * leaves nothing. It frees *tmp and returns rc, or the rename's error.
 */
int import__begin(const char *out, char **tmp, struct diag *d);
int import__finish(char **tmp, const char *out, int rc, struct diag *d);

/*
 * Another tool's result file (CrystalDiskMark, KDiskMark: import_tool.c) as an archive:
 * an element per test, named as the shipped plans name it ("seq1m-q8t1-read"), its
 * numbers as the tool printed them, the file kept byte for byte. As import_run, a
 * failure leaves nothing.
 */
int import_tool_run(const char *file, const struct import_opts *o, struct diag *d);
/* 1 when from names a tool import_tool_run() reads ("crystaldiskmark", "kdiskmark",
 * "diskspd"). */
int import_tool_known(const char *from);
/* 1 when the file at path looks like such a tool's result. */
int import_tool_sniff(const char *path);

#endif
