/* SPDX-License-Identifier: MIT */
/*
 * result: the archive's results model, shared by the parsers that fill it and the
 * report that draws it. Plain data: no fio, no cairo.
 */
#ifndef SB_RESULT_H
#define SB_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "consistency.h"
#include "steady.h"

enum result_dir { RESULT_READ, RESULT_WRITE, RESULT_TRIM, RESULT_NDIRS };

/* A per-second series; t is seconds since the step's start. */
struct result_series {
	double *t;
	double *v;
	size_t n, cap;
};

/* One direction's totals for a step, from fio's JSON. */
/*
 * A response-time summary (fio's lat: submission plus completion, what SNIA's
 * latency test and reviewers' QoS report), in µs; n == 0 when fio reported none.
 */
struct result_lat {
	uint64_t n;
	double mean_us, p99_us, p999_us, p9999_us, p99999_us, max_us;
	int max_bound;        /* max_us is the highest bucket (a continuous round in which
			       * fio's maximum did not rise), not a measured maximum */
};

struct result_dirstat {
	double iops;
	double bw_bytes;      /* bytes per second */
	uint64_t io_bytes;
	uint64_t total_ios;
	double clat_mean_us;  /* 0 when no I/O */
	/* Percentiles: never above the maximum; NAN where fio gave none or the I/Os
	 * are too few to say anything of it (fewer than 1 / (1 - p): 99.9 % needs 1,000). */
	double clat_p99_us, clat_p999_us, clat_p9999_us, clat_p99999_us;
	double clat_max_us;
	int clat_max_bound;   /* as result_lat.max_bound */
	struct result_lat resp;   /* response time */
};

/* A completion-latency histogram from fio's json+ bins, ascending by ns. */
struct result_hist {
	uint64_t *ns;         /* bucket value */
	uint64_t *count;
	size_t n;
};

/* A text in one language (a plan title, a display label); lang "*": every language. */
struct result_title {
	char *lang, *text;
};

/* a step's, scope's or target's display labels, one per language. */
struct result_labels {
	struct result_title *v;
	size_t n;
};

/*
 * One element: one execution of one plan step. A step outside rounds runs once; a
 * step inside <rounds> runs once per round, and each run is its own element.
 */
struct result_step {
	int index;            /* 1-based execution order, as in steps/NNN-name */
	char *name;           /* the plan step's name */
	char *kind;           /* "workload", "precondition", "purge", "idle", "probe", "replay" */
	char *dir;            /* relative to the archive: "steps/001-seq1m-q8t1-read" */
	char *status;         /* "ok", "failed", "pending", "skipped" (could not run
				 here, error says why: a RAID without md) */
	char *error;          /* why it failed, or NULL */
	char *scope;          /* the innermost <rounds> it ran in, or NULL */
	int round;            /* 1-based round within scope; 0 outside rounds */
	int continuous;       /* 1: a round cut from its scope's one fio process
			       * (docs/archive-format.md), runtime_ms its actual length */
	uint64_t seed;        /* fio's randseed for it; 0 for elements without fio */
	uint64_t lost_before; /* bytes fio wrote before it that no element holds (an open
			       * round an interruption lost); in written_before */
	int new_pass;         /* 1: a resumed fill (until="written") begins its pass again */
	char *data;           /* data pattern written ("random", "zero", "compressible:50%"),
			       * NULL for elements without fio */
	uint64_t read_holes;  /* bytes of its range that were holes of a file target when
			       * it began reading (reads of them measure no medium); 0 */
	char *ioengine;       /* fio's engine that ran it ("io_uring", ...; "null": fio's
			       * null engine, nothing reached the target); NULL without fio */
	char *write_cache;    /* the drive's volatile write cache while it ran: "on", "off",
			       * "unknown", "not applicable" (files, loop, zram); or NULL */
	char *cell;           /* sweep coordinates that made it, "mix=65 bs=64k", or NULL */
	char *chart;          /* the plan's report hint: "auto", "time", "dispersion",
				 "written", "qos", ...; NULL = "auto" */
	struct result_labels labels; /* the plan's display labels (${var}s substituted) */
	char *rw;
	uint64_t bs;          /* bytes */
	int iodepth;
	int numjobs;
	int rwmixread;        /* -1 when not set */
	uint64_t runtime_ms;
	/* The active range: the bytes of the target its I/O spans from
	 * range_offset; 0 for elements without fio. amount: a fill's bytes to write. */
	uint64_t range_offset, range_size, amount;
	char *started;        /* UTC, ISO 8601; NULL until it starts */
	char *ended;

	struct result_dirstat dir_stat[RESULT_NDIRS];
	/* Completion latency over all directions together (from json+ bins). */
	double clat_mean_us, clat_p99_us, clat_p999_us, clat_p9999_us;

	double clat_p99999_us, clat_max_us;
	int clat_max_bound;   /* as result_lat.max_bound */
	struct result_lat resp;   /* response time over all directions together */
	/* json+ histograms per direction; empty when fio's report had no bins: of
	 * completion latency (clat) and of response time (lat, fio's lat_percentiles). */
	struct result_hist hist[RESULT_NDIRS];
	struct result_hist resp_hist[RESULT_NDIRS];

	/* Per-second series from fio's logs (empty when the logs are missing). */
	struct result_series iops[RESULT_NDIRS];
	struct result_series bw[RESULT_NDIRS];      /* bytes per second */
	struct result_series clat_us[RESULT_NDIRS]; /* mean completion latency */
	struct result_series lat_us[RESULT_NDIRS];  /* mean response time (lat log) */
	/* Consistency of each direction's per-second IOPS (n == 0 without logs). */
	struct consistency cons[RESULT_NDIRS];
	struct consistency cons_total;  /* of read + write + trim IOPS per second */

	/*
	 * Write accounting: bytes written to the target by every element before this
	 * one (since the run began; a purge does not reset it), and the target's
	 * capacity for "% of capacity written". written has one sample per second of
	 * the write log: t as in bw[], v = cumulative bytes written at its end.
	 */
	uint64_t written_before;
	uint64_t capacity;
	struct result_series written;
	/* Telemetry sampled during the element: temperature in degrees Celsius. */
	struct result_series temp_c;

	/* a <replay> element's trace and how it was fitted onto the target
	 * (NULL and 0 for other elements); io_ms for every element with fio. */
	char *trace;          /* the trace file as the plan resolved it */
	char *replay_mode;    /* "fast" or "timed" */
	char *replay_fit;     /* "none" (the trace fits the target) or "scale" */
	uint64_t replay_scale; /* the replay's offsets divided by it (1: none) */
	uint64_t trace_ios;   /* the I/Os the trace holds (fio replays each once) */
	uint64_t trace_end;   /* the trace's highest offset + length, bytes */
	uint64_t fio_released_ms; /* Unix ms fio was given its job (0: not recorded) */
	uint64_t io_ms;       /* fio's job runtime (from fio.json): a replay's wall time */
	char *values;         /* NULL: fio's report (fio.json); "measured.json": the values
			       * another tool printed, read by import (result_source) */
};

/* a replay element's bandwidth, MB/s (10^6 bytes): every direction's
 * bytes over its job runtime; NAN without one (under a millisecond). */
double result_replay_mbps(const struct result_step *st);

/* st's IOPS: every direction's, summed (fio's per-direction rates). */
double result_step_iops(const struct result_step *st);

/* 1 when st did I/O in direction dir: fio counted some, or another tool printed a rate
 * (an imported element, st->values). */
int result_dir_ran(const struct result_step *st, int dir);

/* st's consistency per direction and of the directions together (cons, cons_total)
 * from its per-second IOPS; per_second 0 (a replay's seconds) leaves them empty. */
void result_step_consistency(struct result_step *st, int per_second);

/* 1 when fio's null engine ran st: nothing reached the target. */
int result_step_null_engine(const struct result_step *st);

/* The bytes st wrote to the target: fio's write bytes, none for the null engine. */
uint64_t result_step_wrote(const struct result_step *st);

/* st's kind as common/vocab.h numbers it (enum step_kind): no kind (an imported or
 * older archive's element) reads as a workload; -1 for a kind not in the table. */
int result_step_kind(const struct result_step *st);

/* One tracking variable of a <rounds> scope: one element's metric, per round. */
struct result_track {
	char *element;        /* step name */
	char *metric;         /* "iops", "bw", "lat-mean" */
	char *dir;            /* "read", "write", "total" */
	double *values;       /* values[r - 1] for round r (IOPS, bytes/s for bw, µs for
				 lat-mean); NAN when the element failed */
	/* wins[r - 1]: the steady-state test after round r (first == 0 before window). */
	struct steady_window *wins;
	size_t n;             /* rounds recorded */
};

/* A <rounds> scope's execution and verdict. */
struct result_scope {
	char *name;
	char *until;          /* "steady", "written", "time", "max" */
	char *verdict;        /* "running", "steady", "not reached", "written", "time",
				 "max", "failed" */
	int rounds;           /* rounds finished */
	int steady_round;     /* the round steady state was reached at; 0 when not */
	int max_rounds, window;
	double range, slope;  /* fractions: 0.20, 0.10 */
	uint64_t written_goal;/* until="written": bytes */
	uint64_t time_goal_ms;/* until="time" */
	char *chart;          /* report hint: "auto", "written", "steady", ... */
	struct result_labels labels; /* the plan's display labels */
	struct result_track *tracks;
	size_t ntracks;
};

/* Where an imported archive's results come from (import): NULL/0 where unknown. */
struct result_source {
	char *kind;           /* "imported", or NULL for a run of a plan */
	char *tool;           /* "fio", "CrystalDiskMark", "KDiskMark" */
	char *version;        /* the tool's: "8.0.1 x64", "3.0.0" */
	char *file;           /* the original file, kept byte for byte, in the archive */
	char *encoding;       /* "utf-16le", "utf-8", "utf-8 with BOM" */
	char *profile;        /* CrystalDiskMark's "Default", "Peak", "Real", "Demo" */
	char *test;           /* the file's test line: "1 GiB (x5) [C: 91% (202/223GiB)]" */
	uint64_t test_bytes;  /* the test size, bytes */
	int passes;           /* each test repeated, the best kept */
	char *drive;          /* the drive letter, its fill: "C: 91% (202/223GiB)" */
	char *date;           /* as the file writes it, local time, ISO 8601 without a zone */
	char *comment;
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
	char *drive_serial;   /* NULL when unknown */
	char *target_kind;    /* "file" or "device" */
	char *report;         /* the plan's report template name ("snia-iops"), or NULL */
	char *sponsor;        /* the plan's test sponsor, or NULL */
	char *report_langs;   /* the languages of the archive's report,
				 "en,zh-CN" (run --lang), or NULL: zh-TW */
	uint64_t capacity;    /* target bytes the plan's amounts are relative to */
	char *failure;        /* the plan's failure policy: "stop" or "continue" */
	/* The plan's titles in other languages (<title lang= text=>). */
	struct result_title *titles;
	size_t ntitles;
	struct result_labels target_labels; /* the target's display labels */
	struct result_scope *scopes;
	size_t nscopes, capscopes;
	char *archive_dir;    /* the folder it was loaded from or is written to (not in
				 the manifest): ECW's access table reads plan_file there */
	/* the platform and the drive's link for the cover; NULL/0 unknown. */
	char *os;             /* /etc/os-release PRETTY_NAME */
	uint64_t ram_bytes;   /* /proc/meminfo MemTotal */
	char *board;          /* DMI board vendor, name, version */
	char *bios;           /* DMI BIOS vendor, version, date */
	char *interface;      /* "NVMe, PCIe 4.0 x4 (16.0 GT/s)"; NULL for a file */
	struct result_source source;   /* an import's origin; all NULL/0 for a run */
};

void result_series_push(struct result_series *s, double t, double v);
void result_series_release(struct result_series *s);

void result_step_init(struct result_step *st);
void result_step_release(struct result_step *st);

void result_run_init(struct result_run *r);
void result_run_release(struct result_run *r);
/* Appends an initialised step and returns it; the run owns it. */
struct result_step *result_run_add_step(struct result_run *r);

/* Adds the plan's title in lang (copies). */
void result_run_add_title(struct result_run *r, const char *lang, const char *text);
/* The plan's title in lang if it has one, else its own title, else its name. */
const char *result_run_title(const struct result_run *r, const char *lang);

/* Adds (or replaces) the label in lang ("*": every language); copies. */
void result_labels_add(struct result_labels *l, const char *lang, const char *text);
/*
 * The label for lang: the one of that tag, else one whose tag reads as the same
 * language (lang_base()), else the "*" one; NULL when none.
 */
const char *result_labels_get(const struct result_labels *l, const char *lang);
void result_labels_release(struct result_labels *l);

/* Appends a zeroed scope and returns it; the run owns it. */
struct result_scope *result_run_add_scope(struct result_run *r);
/* The scope named name, or NULL. */
struct result_scope *result_run_scope(const struct result_run *r, const char *name);
/* Appends a zeroed tracking variable to s and returns it. */
struct result_track *result_scope_add_track(struct result_scope *s);
/* Records round's value (1-based; earlier missing rounds become NAN). */
void result_track_set(struct result_track *t, int round, double value,
		      const struct steady_window *w);

void result_hist_release(struct result_hist *h);

/* 1 when fio measured the element: a workload, precondition or replay (purge, idle and probe
 * elements have no fio.json and no numbers). */
int result_step_measured(const struct result_step *st);
/*
 * Whether n I/Os say anything of percentile p: n at least 1 / (1 - p/100), at
 * least one I/O beyond it (99.9 %: 1,000 I/Os; 99.999 %: 100,000). Below that,
 * "the slowest 0.001 %" is the slowest I/O: the number would only repeat the maximum.
 */
int result_pct_supported(double n, double p);

/* Direction names as fio writes them: "read", "write", "trim". */
const char *result_dir_name(enum result_dir d);

#endif
