/* SPDX-License-Identifier: MIT */
/*
 * run_int: what run.c (set-up, archive, entry points) and run_walk.c (the plan's
 * steps, rounds and elements) share.
 */
#ifndef SB_RUN_INT_H
#define SB_RUN_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "archlock.h"
#include "diag.h"
#include "journal.h"
#include "manifest.h"
#include "plan.h"
#include "remote.h"
#include "result.h"
#include "run.h"
#include "run_guard.h"
#include "run_hwop.h"
#include "run_raid.h"
#include "sbuf.h"
#include "run_wcache.h"

/* The resolved target a run writes to. */
struct run_target {
	char *name;
	char *path;       /* absolute */
	uint64_t size;
	int is_device;
	int created;      /* a file that did not exist when the run started: ours to erase */
	const struct plan_host *host; /* the bench it is on (fio --client), or NULL: here */
	char *client;     /* fio's --client value for host, "ADDRESS,PORT" */
	struct remote_probe bench;    /* what the bench's fio server said about itself */
};

struct orch {
	const struct run_opts *o;
	struct plan plan;
	char *out;
	struct run_target tgt;
	char fio_version[64];
	char engine[32];
	struct result_run run;
	struct manifest_target mt;
	struct run_guard g;          /* interlocks, lock, purge and over-provisioning */
	struct archlock lock;        /* the archive's: one writer at a time */
	struct run_raid *raid;       /* a plan with <raid>: its members and array, or NULL */
	struct run_hwop *hw;         /* a plan with <op method="hpa|namespace">, or NULL */
	struct run_wcache *wc;       /* the write cache the plan asks for (run_wcache.c) */

	uint64_t written;            /* bytes written to the target by the run so far */
	char *probe_before, *probe_after; /* the target's identity and health, JSON */
	char *plan_copy;             /* the main plan's copy in the archive: "plan/x.xml" */
	struct journal replay;       /* resume: the elements already finished */
	int fatal;                   /* stop whatever the failure policy says */
	int saved;                   /* a manifest of this run was written */
	int quiet;
	FILE *talk;                  /* where checks are said: stdout, or /dev/null with --quiet */
	double started;              /* clock_mono_s() at the run's start */
	uint64_t estimate_min_ms, estimate_max_ms; /* the plan's estimated duration */
	/*
	 * A duty cycle's wait state: its last fio element's end of I/O (fio's report
	 * time) and fio's start-up (start to first I/O, the mean so far), in ms; the next fio
	 * element starts at start_at_ms so that its first I/O comes the "off" time
	 * after that end, and any other element waits until wait_end_ms.
	 */
	int64_t fio_end_ms, fio_startup_ms, start_at_ms, wait_end_ms;
	int64_t fio_startups;        /* the start-ups fio_startup_ms is the mean of */
};

/*
 * Set by SIGINT/SIGTERM/SIGHUP while a run is under way (run.c). fio, in the same
 * process group, gets the signal too (else ssdbench passes it on as SIGINT), stops
 * and writes its report; the run then records the element as interrupted and
 * closes the archive instead of dying half-written.
 */
extern volatile sig_atomic_t run__interrupted;

/* Where an element runs: its rounds or duty-cycle scope and what that scope sets. */
struct run_ctx {
	int scope;            /* innermost rounds or duty-cycle scope, or -1 */
	int round;            /* its round (repetition), 0 outside */
	int in_rounds;        /* inside rounds: a failure ends that scope, not the run */
	uint64_t on_ms;       /* duty cycle: the "on" time instead of the step's runtime */
	uint64_t usable;      /* OP scope: bytes the steps may use; 0 = as the run */
};

/* The bytes "% of capacity written" and a written="2x" goal refer to where c runs. */
uint64_t run__capacity(const struct orch *x, const struct run_ctx *c);
/* An element's folder in the archive: "steps/007-name-r3" (round 0: no suffix). */
char *run__element_dir(int index, const char *name, int round);
/* A new element for step i where c says, its folder named, status "pending". */
struct result_step *run__new_element(struct orch *x, size_t i, const struct run_ctx *c);
/* "[3/7 r2] name" for progress lines (with the time so far on a terminal); free() it. */
char *run__element_label(const struct orch *x, size_t i, const struct run_ctx *c);
/* "12034 IOPS, 47.0 MB/s, ..." for the element's progress line. */
void run__describe_result(const struct result_step *st, struct sbuf *sb);
/* Journals the finished element, then rewrites the manifest and results.csv. */
int run__record(struct orch *x, const struct result_step *st, struct diag *d);

/*
 * Before a live element of step w: its RAID array up, a hardware OP scope's new
 * capacity, every interlock again for a writing step, the same medium. Returns 0,
 * or the failure (x->fatal set, d says why).
 */
int run__preflight(struct orch *x, const struct plan_workload *w, struct diag *d);

/* ---- continuous rounds: one fio process (run_cont.c) ---- */

/* Why rounds scope si, where c says, runs one fio process per round; NULL: one in all. */
const char *run__discontinuous(const struct orch *x, int si, const struct run_ctx *c);
/* The continuous rounds scope whose one step is `step` (as a dry run sees it), or -1. */
int run__continuous_scope(const struct orch *x, size_t step);
/*
 * The fio process of continuous scope si from round r on, written bytes already
 * written in the scope: *planned rounds at most (max, and time in whole rounds),
 * *io_size the bytes each job writes until until="written" is reached (0: other).
 */
void run__segment_shape(const struct orch *x, int si, int r, uint64_t written,
			uint64_t capacity, int *planned, uint64_t *io_size);
/*
 * Runs the segment of c's scope from round r0: one fio process of step `step`,
 * each round an element, read back and journaled as it closes, then done(arg,
 * round), which returns 1 when the scope's verdict came (fio is stopped). *closed
 * is the rounds recorded. Returns 0 when fio ended, else the failure (d set); an
 * interruption (run__interrupted) records nothing of the round it cut.
 */
int run__segment(struct orch *x, size_t step, const struct run_ctx *c, int r0,
		 uint64_t scope_written, int (*done)(void *arg, int round), void *arg,
		 int *closed, struct diag *d);

/* Rewrites manifest.json and results.csv. */
int run__save(struct orch *x, struct diag *d);
char *run__iso_now(void);
/* The target fio is handed for steps confined to usable bytes (0 = the plan's). */
struct fiorun_target run__fio_target(const struct orch *x, uint64_t usable);
/* Prints a progress line: "[hh:mm:ss] " first when not on a terminal; not with --quiet. */
void run__say(const struct orch *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Runs every step of the plan in order, rounds and duty cycles included, each
 * element saved (manifest, results.csv, journal) as it finishes. With x->replay
 * holding finished elements, those are read back from the archive instead of run.
 * Returns 0, or the first failure that stopped the run (d set).
 */
int run__walk(struct orch *x, struct diag *d);
/*
 * Appends a pending element for every step of the plan from step `from` on that
 * did not run (so the archive shows what is left).
 */
void run__add_pending(struct orch *x);

/* ---- the target's device layer, here or on its bench over ssh (run_bench.c) ---- */

/* What of the run needs ssh to the target's bench ("a device target", "probe"), or NULL. */
const char *run__bench_needs(const struct orch *x);
/* ssh to the bench works and its ssdbench is this version; else d says which fails. */
int run__bench_check(const struct orch *x, struct diag *d);
/* Probes the target: di filled; *json (when json is not NULL) the probe's JSON, free() it. */
int run__probe(const struct orch *x, struct device_info *di, char **json, struct diag *d);
/* Whether the target exists (on its bench: 1 when the bench cannot tell). */
int run__target_exists(const struct orch *x);
/* The interlocked purge with method m: a file the run created is its own, else --destroy. */
int run__purge(const struct orch *x, enum purge_method m, struct purge_result *pr,
	       struct diag *d);
/*
 * A bench's device that will be written: its interlocks, run on the bench
 * (x->g.checks), then its lock taken there for the whole run (x->g.bench_lock).
 */
int run__bench_guard(struct orch *x, struct diag *d);
/*
 * A RAID on a bench: one `ssdbench lock` there over every member, after their
 * interlocks passed (x->g.bench_lock), its token the array's commands' (x->raid->token).
 */
int run__bench_lock_raid(struct orch *x, struct diag *d);
/* The token of the run's lock on its bench's device, or NULL. */
const char *run__bench_token(const struct orch *x);
/* Right before a writing step: every interlock again and the same medium (diskseq). */
int run__recheck(const struct orch *x, struct diag *d);
/* --dry-run: every command the run would run on the bench over ssh, as argv lines. */
void run__bench_describe(const struct orch *x, FILE *out);

/* ---- the write cache (run_wcache.c) ---- */

/* After the target's checks: what its write cache is; refuses what cannot be set. */
int run__wcache_guard(struct orch *x, struct diag *d);
/* Before step i starts (an element or a scope), live: the write cache it asks for. */
int run__wcache_step(struct orch *x, size_t i, struct diag *d);
/* After the walk, however it ended (rc): the state the run found set back. */
int run__wcache_end(struct orch *x, int rc, struct diag *d);
/* Resume: the state an interrupted run left set is set back first. */
int run__wcache_recover(struct orch *x, struct diag *d);
/*
 * --dry-run, before step i (x->plan.nsteps: after the last): the commands it sends;
 * *prev, -2 before the first step, follows what the steps asked.
 */
void run__wcache_dry_run(const struct orch *x, size_t i, int *prev, FILE *out);

#endif
