/* SPDX-License-Identifier: MIT */
/*
 * run_int: what the run's files share. From the lowest up (each calls only those
 * before it): run_elem.c (elements' records, shared helpers), run_device.c (the
 * device side around elements, the write cache), run_cont.c (continuous rounds),
 * run_step.c (the step kinds' table, one live element), run_walk.c (scopes, rounds,
 * the walk), run_archive.c and run_setup.c (before the first element), run.c
 * (entry points).
 */
#ifndef SB_RUN_INT_H
#define SB_RUN_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "archlock.h"
#include "diag.h"
#include "fiorun.h"
#include "journal.h"
#include "manifest.h"
#include "plan.h"
#include "remote.h"
#include "result.h"
#include "run_opts.h"
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

/*
 * What the engine calls fio through (fiorun.h has the contracts): the product's
 * run__fio_real, or a test's fake that writes a canned report into the step folder.
 */
struct run_fio_ops {
	int (*version)(char *buf, size_t n);
	int (*probe_engine)(const char *filename, int is_device, const char *engine,
			    int direct, const char *workdir, const char *client);
	int (*write_jobfile)(const char *path, const struct plan *p,
			     const struct plan_workload *w, const struct fiorun_target *t,
			     const char *engine, struct diag *d);
	int (*exec)(const struct fiorun_exec_opts *o, int *status, struct diag *d);
	int (*kill_leftovers)(const char *dir);
	char *(*error_text)(const char *dir);
	char *(*job_error)(const char *dir);
	char *(*nospace)(const char *dir);
};

/* fiorun's functions (run_fio.c). */
extern const struct run_fio_ops run__fio_real;

struct orch;
struct run_ctx;

/* What a kind of step does in the run (run__kinds' flags). */
enum {
	RUN_KIND_FIO = 1 << 0,    /* runs fio: its data pattern, the same medium before it,
				     a duty cycle's start time instead of a wait */
	RUN_KIND_FILL = 1 << 1,   /* writes its amount over the target: rw write or
				     randwrite, laid out for the watchdog */
	RUN_KIND_TIMED = 1 << 2,  /* runs the step's runtime (a duty cycle's "on" time) */
	RUN_KIND_DEVICE = 1 << 3, /* needs the target's device layer (a bench's: ssh) */
	RUN_KIND_PURGES = 1 << 4, /* erases with its method: a bench's purge command */
};

/* One row per enum step_kind (run_step.c). */
struct run_kind {
	/* Runs the live element st of step w where c says; 0, or the failure (d set). */
	int (*exec)(struct orch *x, const struct plan_workload *w, struct result_step *st,
		    const struct run_ctx *c, const char *label, struct diag *d);
	/* --dry-run: what step i does, on stdout. */
	void (*describe)(const struct orch *x, size_t i);
	const char *done;         /* the progress line of an element with no measurement */
	unsigned flags;           /* RUN_KIND_* */
};

/* The number of step kinds (enum step_kind): run__kinds has a row for each. */
#define RUN_NKINDS STEP_N

/*
 * The step kinds' table, indexed by enum step_kind. The files below run_step.c
 * read it through x->kinds, so that none of them calls up into it.
 */
extern const struct run_kind run__kinds[];

/* The fio side: how fio is run, and what it is. */
struct run_fio {
	const struct run_fio_ops *ops; /* run__fio_real, or a test's fake */
	char version[64];            /* this machine's fio ("fio-3.33") */
	char engine[32];             /* the I/O engine "auto" became, or the plan's */
};

/* The device side: the target and what guards, assembles or changes it. */
struct run_dev {
	struct run_target tgt;
	struct run_guard g;          /* interlocks, lock, purge and over-provisioning */
	struct run_raid *raid;       /* a plan with <raid>: its members and array, or NULL */
	struct run_hwop *hw;         /* a plan with <op method="hpa|namespace">, or NULL */
	struct run_wcache *wc;       /* the write cache the plan asks for (run_wcache.c) */
	char *probe_before, *probe_after; /* the target's identity and health, JSON */
};

/* The archive side: the folder, what it says of the run, and its journal. */
struct run_arc {
	char *out;                   /* the archive's folder */
	struct result_run run;       /* the run as the manifest says it, elements in order */
	struct manifest_target mt;   /* the manifest's target (borrows from struct run_dev) */
	struct archlock lock;        /* the archive's: one writer at a time */
	struct journal replay;       /* resume: the elements already finished */
	char *plan_copy;             /* the main plan's copy in the archive: "plan/x.xml" */
	int saved;                   /* a manifest of this run was written */
};

/* The walk's own state, carried from element to element. */
struct run_walk {
	uint64_t written;            /* bytes written to the target by the run so far */
	/* What a resumed segment's first element records (run__segment_resume). */
	uint64_t lost_pending;       /* the interrupted segment's open round's bytes */
	int pass_pending;            /* it begins the fill's pass again */
	int fatal;                   /* stop whatever the failure policy says */
	double started;              /* clock_mono_s() at the run's start */
	/*
	 * A duty cycle's wait state: its last fio element's end of I/O (fio's report
	 * time) and that plus the wait, in Unix ms. The next fio element, started and set
	 * up during the wait, is let through its gate (fiorun_target.gate) at wait_end_ms,
	 * so its first I/O comes the "off" time after that end; fio's client (no gate
	 * there) and any other element start at wait_end_ms.
	 */
	int64_t fio_end_ms, wait_end_ms;
	struct run_eta {             /* what the live status learns (run_progress.c) */
		double write_bps;    /* the write rate fio showed, averaged; 0 = none yet */
		long unit;           /* the top-level step or scope running */
		int unit_set;
		double unit_started; /* clock_mono_s() at its first element */
	} eta;
};

/* A run: the plan and the command line, and each side's part. */
struct orch {
	const struct run_opts *o;
	const struct run_kind *kinds;  /* run__kinds */
	struct plan plan;
	struct run_fio fio;
	struct run_dev dev;
	struct run_arc arc;
	struct run_walk walk;
	int quiet;
	FILE *talk;                  /* where checks are said: stdout, or /dev/null with --quiet */
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
/*
 * w's point (plan_workload.point): among the elements of the last round of the
 * <rounds> scope w->point_from that a sweep made (a cell) and that finished ok, the
 * one of most IOPS (max-iops; the first of equals), or the one whose IOPS is nearest
 * halfway between the most and the fewest (mid-iops). *at gets it (NULL when there
 * is none: -SB_EFIO with d set).
 */
int run__point(const struct orch *x, const struct plan_workload *w,
	       const struct result_step **at, struct diag *d);
/* "[3/7 r2] name" for progress lines; free() it. */
char *run__element_label(const struct orch *x, size_t i, const struct run_ctx *c);
/* "12034 IOPS, 47.0 MB/s, ..." for the element's progress line. */
void run__describe_result(const struct result_step *st, struct sbuf *sb);
/* the live status line of a fio element on a terminal (run_progress.c). */
struct run_progress {
	struct orch *x;
	size_t step;                 /* the plan step */
	int round;
	const int *closed;           /* a continuous segment's rounds closed so far, shown
					added to round; NULL = one element */
	uint64_t runtime_ms;         /* its planned time; 0 = until its amount is written */
	double started;              /* clock_mono_s() at its start */
	struct fiorun_eta eta;       /* fio's last ETA line */
	long shown;                  /* the run's second last drawn; -1 = none */
};
/* Starts the status of step (round) planned to run runtime_ms. */
void run__progress_start(struct run_progress *p, struct orch *x, size_t step, int round,
			 uint64_t runtime_ms);
/* fiorun's status callback (arg: the run_progress): redraws the line on stderr. */
void run__progress_status(void *arg, const char *line, size_t n);
/* The line at clock_mono_s() now, cut to width cells (0: whole), added to out. */
void run__progress_line(const struct run_progress *p, double now, size_t width,
			struct sbuf *out);
/* Seconds the plan has left at now: -1 while a rate it needs is not measured yet. */
double run__progress_left(const struct run_progress *p, double now);
/* Journals the finished element, then rewrites the manifest and results.csv. */
int run__record(struct orch *x, const struct result_step *st, struct diag *d);

/*
 * Before a live element of step w: its RAID array up, a hardware OP scope's new
 * capacity, every interlock again for a writing step, the same medium. Returns 0,
 * or the failure (x->fatal set, d says why).
 */
int run__preflight(struct orch *x, const struct plan_workload *w, struct diag *d);

/* Whether step w runs inside scope si. */
int run__in_scope(const struct orch *x, const struct plan_workload *w, int si);
/* Tears a RAID scope's array down; a teardown that did not finish stops the run. */
int run__array_down(struct orch *x, struct diag *d);
/* Gives a resized drive's capacity back; a restore that did not finish stops the run. */
int run__capacity_restore(struct orch *x, struct diag *d);

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

/*
 * Before the first segment of a resumed run, in continuous scope si at round r
 * (written0: x->walk.written when the scope began): what fio wrote in the round the
 * interruption lost, from its last status report (ARCHIVE_SEGMENT_WRITTEN), is
 * counted into x->walk.written; a fill (until="written") cut in its first pass over
 * the range begins its pass again (*written0 := now), since a new fio process
 * cannot continue the interrupted one's random map. Both are said, and recorded
 * on the next element (lost_before, new_pass).
 */
void run__segment_resume(struct orch *x, int si, const struct run_ctx *c, int r,
			 uint64_t *written0);

/* Rewrites manifest.json and results.csv. */
int run__save(struct orch *x, struct diag *d);
char *run__iso_now(void);
/* The target fio is handed for steps confined to usable bytes (0 = the plan's). */
struct fiorun_target run__fio_target(const struct orch *x, uint64_t usable);
/* Prints a progress line: "[hh:mm:ss] " first when not on a terminal; not with --quiet. */
void run__say(const struct orch *x, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- one live element (run_step.c) ---- */

/*
 * Runs step i once, live, as element ei (its folder, status and record): the
 * preflight, the step kind's executor, the progress line, the journal. Returns 0,
 * or the failure (d set); an interruption leaves the element unjournaled.
 */
int run__live_element(struct orch *x, size_t i, size_t ei, const struct run_ctx *c,
		      struct diag *d);
/* Sleeps ms, waking for a signal. */
void run__idle_ms(uint64_t ms);

/* Seconds (rounded up) from now to the wait state's end, 0 when none: a fio started
 * before it (its gate) waits that long more under the watchdog. */
unsigned run__wait_left_s(const struct orch *x);

/* A FIFO outside the archive (verify refuses special files in it): mkdtemp(tmpl)/name,
 * to be unlinked and the folder removed by the caller; NULL with errno set. */
char *run__make_fifo(char *tmpl, const char *name);
/* --dry-run: what step i does, a fio step's job file as fio would get it. */
void run__describe_step(const struct orch *x, size_t i);

/* ---- the walk (run_walk.c) ---- */

/*
 * The walk's decisions, each from the few parts it needs (a unit test calls them
 * with those alone).
 */
/* Whether a failure ends the walk: fatal, interrupted, or the policy is not "continue". */
int run__stops(const struct plan *p, const struct run_walk *w);
/* Whether element `index` (1-based) is read back from the journal, not run (resume). */
int run__replays(const struct run_arc *a, int index);
/*
 * Records round r's tracking variables in rs (their elements from run's element
 * `from` on) and tests them: 1 when every one is steady over the window ending at
 * r (SNIA PTS 2.0.2: range and slope), else 0; a failed round in the window is not.
 */
int run__track_round(const struct plan_scope *s, const struct result_run *run,
		     struct result_scope *rs, int r, size_t from);
/*
 * The verdict of rounds scope s once round r is done ("steady", setting
 * rs->steady_round; "written", "time", "max" or "not reached"), or NULL to go on.
 */
const char *run__round_verdict(const struct plan_scope *s, struct result_scope *rs, int r,
			       int steady, uint64_t scope_written, double scope_s);

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

/* ---- the archive (run_archive.c) ---- */

/*
 * The target's probe as 'ssdbench probe --json' prints it, or NULL (it failed, the
 * run does not reach the bench, a RAID's array); free() it.
 */
char *run__probe_json(const struct orch *x);
/* Fills the run's description: versions, platform, plan, target. */
int run__describe_run(struct orch *x, struct diag *d);
/* Creates out/ and out/steps/ with the plan files' copies; --force replaces an archive. */
int run__prepare_archive(struct orch *x, struct diag *d);
/* The journal's first line: everything resume needs to start the run again. */
int run__start_journal(struct orch *x, struct diag *d);
/* Resume: the archive's plan copies as they were, the same target, or a refusal. */
int run__check_resume(struct orch *x, struct diag *d);
/* The error of an interrupted run: what is kept, and the command that goes on with it,
 * "ssdbench resume OUT --target ... --host ... --destroy ..." (a resume takes targets
 * and hosts only from its command line); step: the step cut short, or NULL. */
int run__interrupted_error(const struct orch *x, const char *step, struct diag *d);
/* Resume: the journal's trailing elements that did not finish "ok" forgotten (run again). */
void run__resume_trim(struct journal *j);
/* Resume: trailing failed elements forgotten, unfinished elements' folders removed. */
int run__prepare_resume(struct orch *x, struct diag *d);
/*
 * A new run's folder is absent, empty, or an archive (manifest.json or journal.jsonl,
 * or only the .lock of a run killed early); anything else is someone's folder.
 */
int run__check_out_folder(const struct orch *x, struct diag *d);
/* Takes the archive's lock (create: make the folder first) unless held already. */
int run__lock_archive(struct orch *x, int create, struct diag *d);
/* Renders report.pdf and its charts. */
int run__render(struct orch *x, struct diag *d);

/* ---- before the first element (run_setup.c) ---- */

/* The target, its interlocks and lock; a dry run ends here, having said what it would do. */
int run__guard(struct orch *x, struct diag *d);
/* The bench's fio server answers, with the controller's fio major.minor. */
int run__check_bench(struct orch *x, struct diag *d);
/* Picks the engine for "auto": io_uring when it works here, else libaio. */
int run__probe_engine(struct orch *x, struct diag *d);
/* Purges the target before the first step (--purge), re-checking every interlock. */
int run__purge_target(struct orch *x, struct diag *d);

/* ---- the target's device layer, here or on its bench over ssh (run_bench.c) ---- */

/* What of the run needs ssh to the target's bench ("a device target", "probe"), or NULL. */
const char *run__bench_needs(const struct orch *x);
/* ssh to the bench works and its ssdbench is this version; else d says which fails. */
int run__bench_check(const struct orch *x, struct diag *d);
/* Probes the target: di filled; *json (when json is not NULL) the probe's JSON, free() it. */
int run__probe(const struct orch *x, struct device_info *di, char **json, struct diag *d);
/* Whether the target exists (on its bench: 1 when the bench cannot tell). */
int run__target_exists(const struct orch *x);
/* A file target that is the run's own without --destroy: this run created it, or the
 * first pass of its pass set did (run_opts.own_file). */
int run__file_is_ours(const struct orch *x);
/* The interlocked purge with method m: a file that is the run's own (run__file_is_ours)
 * confirms itself, else --destroy. */
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
