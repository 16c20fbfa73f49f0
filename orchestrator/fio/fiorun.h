/* SPDX-License-Identifier: MIT */
/*
 * fiorun: runs fio as an external program: version, engine probe, execution. The fio
 * layer's whole interface: its job files (fiorun_job.h), what fio said
 * (fiorun_text.h) and its ETA lines read (fiorun_eta.h) come with it.
 */
#ifndef SB_FIORUN_H
#define SB_FIORUN_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "diag.h"
#include "fiorun_eta.h"
#include "fiorun_job.h"
#include "fiorun_text.h"

/* Writes fio's version ("fio-3.33") into buf. Returns 0, or -SB_ENOFIO. */
int fiorun_version(char *buf, size_t n);

/* The oldest fio ssdbench runs: nanosecond latencies and json+ histograms (fio 3.0). */
#define FIORUN_MIN_MAJOR 3
#define FIORUN_MIN_MINOR 0

/*
 * Checks a version string as fio prints it ("fio-3.33", "fio-3.9-4-gabc"). Returns 0
 * when it is FIORUN_MIN_* or newer; -SB_EFIO with d naming the minimum when it is
 * older, or saying so when it is not "fio-MAJOR.MINOR..." with digits ("fio-banana").
 */
int fiorun_check_version(const char *version, struct diag *d);

/*
 * The watchdog's limit for one step, in seconds: runtime + max(60 s, 50 % of the
 * runtime), plus layout_bytes at 20 MB/s for the file fio may first have to lay
 * out. The environment variable SSDBENCH_STEP_TIMEOUT_S (whole seconds > 0)
 * replaces it.
 */
unsigned fiorun_step_timeout_s(uint64_t runtime_ms, uint64_t layout_bytes);

/*
 * Runs a tiny read job with engine on filename to learn whether this machine can
 * use it (io_uring can be compiled in yet disabled by the kernel or a sandbox).
 * A device is opened read-only. Returns 0 when it works. workdir holds fio's files.
 * With client ("ADDRESS,PORT") the job runs on that bench's fio server instead, and
 * a file it creates there is removed again (unlink=1).
 */
int fiorun_probe_engine(const char *filename, int is_device, const char *engine,
			int direct, const char *workdir, const char *client);

struct fiorun_exec_opts {
	const char *dir;       /* the step folder; fio runs in it */
	const char *jobfile;   /* file name inside dir */
	const char *label;     /* shown in progress: "[2/8] rnd4k-q32t1-read" */
	int tty;               /* redraw live progress on stderr */
	const volatile sig_atomic_t *stop; /* when it becomes non-zero, stop fio; may be NULL */
	unsigned timeout_s;    /* watchdog: 0 = none (see fiorun_step_timeout_s) */
	void (*tick)(void *arg); /* called at least twice a second while fio runs; may be NULL */
	void *tick_arg;
	const char *client;    /* "ADDRESS,PORT": run on that bench's fio server; NULL = here */
	const char *target;    /* a local target's file or device, flushed before fio starts
				  (see fiorun_exec); NULL = none, as for a remote bench */
	const char *output;    /* fio's --output (a FIFO the caller reads); NULL = fio.json */
	unsigned tick_ms;      /* how often tick runs at least; 0 = 500 ms */
	int version_checked;   /* 1: the caller refused an old fio already (the engine
				  does at the start of a run), so no `fio --version` per
				  step between the measurements; 0: fiorun_exec checks */
	int64_t start_at_ms;   /* Unix ms: fio starts then (after the flush), not sooner,
				  unless *stop is set; 0 = at once */
	int64_t *started_ms;   /* out: the Unix ms fio was started at; may be NULL */
	pid_t *pid;            /* out: fio's pid while it runs (0 once reaped), for its
				  SIGUSR1 reports; may be NULL */
	/* With tty: draws the live status instead of fiorun, called with each ETA line
	 * of fio's (line, n) and at each tick with (NULL, 0); NULL = fiorun prints the
	 * label and fio's status itself. */
	void (*status)(void *arg, const char *line, size_t n);
	void *status_arg;
	/* The job file's gate (fiorun_target.gate), local fio only: fio is given its job at
	 * once and sets up; gate_jobs lines are written to the FIFO at start_at_ms (at
	 * once when 0, or when *stop is set), which *started_ms then says; NULL = none. */
	const char *gate;
	int gate_jobs;
};

/*
 * Runs fio on the job file: JSON+ report to fio.json, stdout (less its ETA lines) to
 * fio.stdout as it comes (one line held, a longer one than 64 KiB streamed), stderr
 * to fio.stderr, all in dir; a failed write of fio.stdout is an error naming it. Before fio starts, what ssdbench
 * wrote for the step (dir's filesystem) and what an earlier step left in o->target's
 * page cache are put on disk, so that no journal commit or writeback of theirs lands
 * inside the measured seconds. *status is fio's exit status, or
 * 128 + signal when it was killed. Returns 0 when fio ran (whatever its status),
 * or a negative SB_E* code with d set: fio could not be started, is older than
 * FIORUN_MIN_*, or ran past o->timeout_s and was stopped by the watchdog (SIGTERM,
 * then SIGKILL after a grace period). fio's job processes left behind when fio
 * itself dies (they run in their own sessions) are killed: ssdbench becomes
 * their reaper (PR_SET_CHILD_SUBREAPER) for that.
 *
 * With o->client the job runs on that fio server (fio --client): the report is the
 * client/server JSON, and the logs fio sends back as NAME.log.<host> are renamed
 * NAME.log, as a local run leaves them. The watchdog stops the local client; fio's
 * server ends the job when its client goes away.
 */
int fiorun_exec(const struct fiorun_exec_opts *o, int *status, struct diag *d);

/*
 * Kills (SIGKILL) the fio processes whose working folder is inside dir -- those a
 * run killed without a chance to stop them left behind -- and waits (at most 10 s)
 * until they are gone. Returns how many there were.
 */
int fiorun_kill_leftovers(const char *dir);

#endif
