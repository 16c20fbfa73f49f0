/* SPDX-License-Identifier: MIT */
/*
 * cdmtext: the text results CrystalDiskMark (3, 5, 6, 7, 8) and KDiskMark (1 to 3)
 * save, as they were written: UTF-16LE with a byte-order mark and CRLF (CrystalDiskMark
 * 7 and earlier), UTF-8 with or without a mark, copies that went through an editor (LF,
 * no final newline). docs/import-crystaldiskmark.md says what is read and how.
 */
#ifndef SB_CDMTEXT_H
#define SB_CDMTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

enum cdmtext_dir { CDMTEXT_READ, CDMTEXT_WRITE, CDMTEXT_MIX };

/* What a value is: printed in the file, derived from another, or not there. */
enum cdmtext_how { CDMTEXT_ABSENT, CDMTEXT_PRINTED, CDMTEXT_DERIVED };

/* One test's result line. */
struct cdmtext_test {
	int line;                 /* 1-based, in the decoded text (the file's lines) */
	int seq;                  /* 1 sequential, 0 random */
	enum cdmtext_dir dir;
	int mix_read;             /* CDMTEXT_MIX: the read share in % (CrystalDiskMark's [Mix]) */
	uint64_t bs;              /* bytes */
	int bs_implied;           /* 1: the line does not print it; the version's test set does */
	int qd, threads;
	double mbps;              /* MB/s as printed: 10^6 bytes per second */
	double iops;              /* printed, or MB/s x 10^6 / bs (iops_how) */
	enum cdmtext_how iops_how;
	double lat_us;            /* mean latency per I/O, µs, when printed */
	enum cdmtext_how lat_how;
	int not_run;              /* printed as zeros: the test was not run */
	char name[48];            /* "seq1m-q8t1-read", as the shipped plans name it */
};

struct cdmtext_result {
	char *tool;               /* "CrystalDiskMark" or "KDiskMark" */
	char *version;            /* "8.0.4", "3.0.1" */
	char *edition;            /* what follows the version: "x64", "x64 (UWP)", or NULL */
	int major;
	char *fio_version;        /* KDiskMark's "fio-3.30", else NULL */
	char *encoding;           /* "utf-16le", "utf-8", "utf-8 with BOM" */
	int crlf;                 /* 1 when the lines end in CR LF */
	char *profile;            /* "Default", "Peak", "Real", "Demo"...; NULL when absent */
	char *test_text;          /* the test line's text after "Test:" */
	uint64_t test_bytes;      /* the test size */
	int passes;               /* (x5) */
	char *drive;              /* "C: 91% (202/223GiB)", NULL when absent */
	char *mode;               /* "[Admin]"... NULL when absent or empty */
	int measure_s, interval_s;   /* seconds; 0 when absent */
	char *date;               /* ISO 8601 as written (no zone: the file gives none) */
	char *os;
	char *comment;
	struct cdmtext_test *t;
	size_t n;
};

/* Decodes and parses the whole file (its bytes in buf). 0, or a negative SB_E* code
 * with d naming file:line and what is not understood; r is then released. */
int cdmtext_parse(const char *buf, size_t len, const char *file, struct cdmtext_result *r,
		  struct diag *d);
void cdmtext_release(struct cdmtext_result *r);
/* Whether buf looks like such a file (for import --from auto). */
int cdmtext_sniff(const char *buf, size_t len);

#endif
