/* SPDX-License-Identifier: MIT */
/* fiojson: fio's JSON and json+ reports (standalone and client/server) as plain structs. */
#ifndef SB_FIOJSON_H
#define SB_FIOJSON_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* fio's data directions, numbered as in its logs' ddir column. */
enum fiojson_dir { FIOJSON_READ, FIOJSON_WRITE, FIOJSON_TRIM, FIOJSON_NDIRS };

/* One json+ histogram bucket: its value (bucket mid-point) and how many I/Os fell in it. */
struct fiojson_bin {
	uint64_t ns;
	uint64_t count;
};

/* One entry of fio's "percentile" object: "99.900000": 24248. */
struct fiojson_pct {
	double pct;
	uint64_t ns;
};

/*
 * A latency object (clat_ns; fio 2.x "clat" in µs is converted to ns). bins is
 * sorted by ns and empty unless the report was json+. mean/stddev may be NaN when
 * fio printed "nan".
 */
struct fiojson_lat {
	uint64_t min_ns, max_ns;
	int max_bound;              /* max_ns is the highest bucket's value (an interval
				     * in which fio's own maximum did not rise), not a
				     * measured maximum */
	double mean_ns, stddev_ns;
	uint64_t n;                 /* N; total_ios of the direction for fio < 3.18 */
	struct fiojson_pct *pct;
	size_t npct;
	struct fiojson_bin *bins;
	size_t nbins;
};

struct fiojson_dirstat {
	uint64_t io_bytes;          /* bytes (fio < 2.21 KiB are converted) */
	uint64_t total_ios;
	uint64_t runtime_ms;
	double iops;
	double bw_bytes;            /* bytes per second; bw * 1024 when bw_bytes is absent */
	struct fiojson_lat clat;    /* completion latency: submission to completion */
	struct fiojson_lat lat;     /* response time (slat + clat, fio's lat_ns); n is 0
				     * when the report has none */
};

/* One entry of "job options" or "global options" (fio writes them all as strings). */
struct fiojson_opt {
	char *key;
	char *value;
};

struct fiojson_job {
	struct fiojson_opt *opts;   /* its "job options" */
	size_t nopts;
	char *jobname;
	char *hostname;             /* client/server reports only, else NULL */
	int groupid;
	int error;                  /* errno-style; 0 = ok */
	uint64_t job_runtime_ms;    /* 0 when absent (fio < 3.8) */
	struct fiojson_dirstat dir[FIOJSON_NDIRS];
};

struct fiojson_report {
	char *fio_version;          /* "fio-3.33", or NULL */
	int64_t timestamp;          /* Unix seconds, 0 when absent */
	int64_t timestamp_ms;       /* 0 when absent (client/server) */
	int client_server;          /* 1 when the jobs came from "client_stats" */
	struct fiojson_opt *globals; /* "global options" */
	size_t nglobals;
	struct fiojson_job *jobs;   /* "All clients" aggregates are left out */
	size_t njobs;
	char **warnings;            /* non-JSON lines around the JSON, without newline */
	size_t nwarnings;
	size_t nsanitized;          /* tokens and bytes repaired before parsing */
};

void fiojson_report_init(struct fiojson_report *r);
void fiojson_report_release(struct fiojson_report *r);

/*
 * Parses a fio report held in buf[0..len) (not NUL-terminated necessarily). name is
 * the file name used in diagnostics. Text before the first line starting with '{'
 * and between or after documents is kept in r->warnings; when several documents are
 * concatenated (--status-interval) the last one is used. Before parsing, a copy of
 * each document is repaired: bare nan/-nan/inf/-inf become null, raw control bytes
 * and invalid UTF-8 inside strings become ' ' and '?'. Syntax errors are located
 * FILE:LINE:COL in the original text; missing or mistyped fields by JSON path.
 * r must be initialised; on failure it is left empty.
 */
int fiojson_parse_buf(const char *buf, size_t len, const char *name,
		      struct fiojson_report *r, struct diag *d);
/* The largest report fiojson_parse_file reads (a 20,000-job report is ~300 MB). */
#define FIOJSON_MAX_FILE ((size_t)512 << 20)
/* Reads and parses path; path is also the name in diagnostics. A file larger than
 * FIOJSON_MAX_FILE is an error (-SB_EPARSE), not read. */
int fiojson_parse_file(const char *path, struct fiojson_report *r, struct diag *d);

/*
 * The last report in buf (found and repaired as fiojson_parse_buf does) encoded
 * again as JSON once per group of ids[0..n): out[k] holds only the entries of "jobs"
 * (or "client_stats") whose groupid is ids[k], so each group of a multi-group report
 * can stand alone. The report is decoded once, however many groups. Returns 0 with
 * n new strings in out (free() them), or a negative code with d located as for
 * parsing and out all NULL.
 */
int fiojson_extract_groups(const char *buf, size_t len, const char *name, const int *ids,
			   size_t n, char **out, struct diag *d);

/* The option key of job: its "job options", else the report's "global options";
 * NULL when neither sets it. */
const char *fiojson_option(const struct fiojson_report *r, const struct fiojson_job *job,
			   const char *key);

void fiojson_lat_init(struct fiojson_lat *l);
void fiojson_lat_release(struct fiojson_lat *l);

/*
 * The p-th percentile (0 < p <= 100) in ns, as fio computes it: the value of the
 * first bin at which the cumulative count reaches p% of the total, but no more
 * than max_ns (a bin's value is its bucket's middle, which can pass the maximum
 * fio measured: fio prints such percentiles; the true one cannot be). Without
 * bins it falls back to the entry of the percentile object for p. Returns 0, or
 * -SB_ENOENT when neither source has it (no I/O, or p not in fio's list).
 */
int fiojson_lat_percentile(const struct fiojson_lat *l, double p, uint64_t *ns);

/*
 * Adds src into dst, as if both directions' I/Os had been one histogram: bins are
 * merged, N summed, min/max widened, mean and stddev pooled. The percentile object
 * no longer applies and is dropped once two non-empty objects are merged; bins are
 * dropped when either side had I/O but no bins. dst must be initialised.
 */
void fiojson_lat_merge(struct fiojson_lat *dst, const struct fiojson_lat *src);

/*
 * end becomes what fio did between start and end, two cumulative reports of one
 * run (--status-interval): per job and direction the bytes, I/Os and runtime
 * subtracted, IOPS and bandwidth over that runtime, latency N, mean and stddev
 * from the sums, json+ bins subtracted (percentiles, min and max then come from
 * them; the percentile object is dropped). Returns 0, or -SB_EPARSE with d naming
 * name and the job when the two are not reports of one run in that order.
 */
int fiojson_report_since(struct fiojson_report *end, const struct fiojson_report *start,
			 const char *name, struct diag *d);

/* How long the run of report r has been doing I/O: its longest direction runtime, ms. */
uint64_t fiojson_report_clock_ms(const struct fiojson_report *r);

/* Direction names as fio writes them: "read", "write", "trim". */
const char *fiojson_dir_name(enum fiojson_dir dir);

#endif
