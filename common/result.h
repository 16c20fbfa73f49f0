/* SPDX-License-Identifier: MIT */
/*
 * result: the archive's results model, shared by the parsers that fill it and the
 * report that draws it. Plain data: no fio, no cairo.
 */
#ifndef SB_RESULT_H
#define SB_RESULT_H

#include <stddef.h>
#include <stdint.h>

enum result_dir { RESULT_READ, RESULT_WRITE, RESULT_TRIM, RESULT_NDIRS };

/* A per-second series; t is seconds since the step's start. */
struct result_series {
	double *t;
	double *v;
	size_t n, cap;
};

/* One direction's totals for a step, from fio's JSON. */
struct result_dirstat {
	double iops;
	double bw_bytes;      /* bytes per second */
	uint64_t io_bytes;
	uint64_t total_ios;
	double clat_mean_us;  /* 0 when no I/O */
	double clat_p99_us, clat_p999_us, clat_p9999_us;
	double clat_max_us;
};

struct result_step {
	int index;            /* 1-based, as in steps/NNN-name */
	char *name;
	char *dir;            /* relative to the archive: "steps/001-seq1m-q8t1-read" */
	char *status;         /* "ok", "failed", "pending" */
	char *error;          /* why it failed, or NULL */
	char *rw;
	uint64_t bs;          /* bytes */
	int iodepth;
	int numjobs;
	int rwmixread;        /* -1 when not set */
	uint64_t runtime_ms;
	char *started;        /* UTC, ISO 8601; NULL until it starts */
	char *ended;

	struct result_dirstat dir_stat[RESULT_NDIRS];
	/* Completion latency over all directions together (from json+ bins). */
	double clat_mean_us, clat_p99_us, clat_p999_us, clat_p9999_us;

	/* Per-second series from fio's logs (empty when the logs are missing). */
	struct result_series iops[RESULT_NDIRS];
	struct result_series bw[RESULT_NDIRS];      /* bytes per second */
	struct result_series clat_us[RESULT_NDIRS]; /* mean completion latency */
};

struct result_run {
	char *plan_name;      /* identifier from <plan name=> */
	char *plan_title;     /* display title, may be CJK; falls back to plan_name */
	char *plan_file;      /* the copy inside the archive, relative */
	char *plan_sha256;
	char *target;         /* human description: "file target.bin (1 GiB)" */
	char *ssdbench_version;
	char *fio_version;
	char *ioengine;
	char *kernel;
	char *cpu;
	char *hostname;
	char *started;        /* UTC, ISO 8601 */
	char *ended;
	char *status;         /* "complete", "failed", "running" */
	char *error;          /* why the run failed, or NULL */
	struct result_step *steps;
	size_t nsteps, cap;
	/* The drive's identity, for chart footers; NULL when unknown (file targets). */
	char *drive_model;
	char *drive_firmware;
};

void result_series_push(struct result_series *s, double t, double v);
void result_series_release(struct result_series *s);

void result_step_init(struct result_step *st);
void result_step_release(struct result_step *st);

void result_run_init(struct result_run *r);
void result_run_release(struct result_run *r);
/* Appends an initialised step and returns it; the run owns it. */
struct result_step *result_run_add_step(struct result_run *r);

/* Direction names as fio writes them: "read", "write", "trim". */
const char *result_dir_name(enum result_dir d);

#endif
