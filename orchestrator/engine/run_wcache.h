/* SPDX-License-Identifier: MIT */
/*
 * run_wcache: a run's write-cache="off|on|as-is" (the plan's, or a scope's for the
 * steps inside) on a live drive. Before the first step that needs a state other
 * than the drive's: the state read ("before"), the restore record journaled
 * ("write-cache-change"), the state set and read back; when a step wants the
 * drive's own state again, at the end of the run, after a failure, after Ctrl-C
 * and first thing at resume after a crash, the state set back and read back
 * ("write-cache-restored"), refused on a drive with another identity. Files, loop
 * and zram devices have no write cache to set: "not applicable", nothing sent.
 */
#ifndef SB_RUN_WCACHE_H
#define SB_RUN_WCACHE_H

#include <stddef.h>
#include <stdio.h>

#include "device.h"
#include "diag.h"
#include "hwop.h"
#include "plan.h"
#include "wcache.h"

struct run_wcache {
	int any;                     /* the plan or a scope asks for on or off */
	const char *asks;            /* the first such value ("off"), for messages */
	enum wcache_method method;   /* WCACHE_NONE: not applicable, why says why */
	char why[96];
	char node[4096];             /* the drive */
	char identity[128];          /* its serial: the restore refuses another drive */
	int present;                 /* it has a volatile write cache */
	int asks_on;                 /* the plan or a scope asks for on */
	int no_cache;                /* off asked of a drive without one: off already */
	int simulated;               /* SSDBENCH_FAKE_DRIVE answered (tests) */
	int before;                  /* the state the run found: 1 on, 0 off, -1 unknown */
	int read;                    /* before was read from the drive for a change */
	int cur;                     /* the state now, as last read back; -1 unknown */
	int set;                     /* the last state the run set; -1 none */
	unsigned asked_set;          /* bit 0: set off for steps, bit 1: set on */
	int changed;                 /* cur is not before: a restore is owed */
	int restored;                /* set back to before and read back */
	int recovered;               /* ... at resume, left set by a run that died */
	char kernel_before[16], kernel_after[16];  /* sysfs queue/write_cache */
	struct hwop_log log;         /* every command, timed */
	char *json;                  /* the manifest's "write_cache" object */
};

/*
 * A new run_wcache for plan p (run_wcache_free() it); -SB_EUSAGE with d set, *w
 * NULL, for on or off in a plan with <raid> (its members' caches are not set in
 * this version).
 */
int run_wcache_new(const struct plan *p, struct run_wcache **w, struct diag *d);
void run_wcache_free(struct run_wcache *w);
/*
 * Decides from the target's probe di (NULL: none) what the write cache is: not
 * applicable (a file, loop, zram, md), or a drive's reached by NVMe or ATA
 * commands. host is the bench the target is on, or NULL. On or off on a drive
 * that cannot take it, or on a device on a bench, is -SB_EUSAGE with d saying why:
 * check, the dry run and the run all refuse it here.
 */
int run_wcache_guard(struct run_wcache *w, const struct device_info *di, const char *host,
		     int is_device, struct diag *d);
/* What step w of p asks for: 1 on, 0 off, -1 as-is (the drive's own state). */
int run_wcache_want(const struct plan *p, const struct plan_workload *w);
/* The manifest's word for an element of step s: "on", "off", "not applicable"... */
const char *run_wcache_element(const struct run_wcache *w, const struct plan *p,
			       const struct plan_workload *s);
/*
 * Gives the drive the state want (-1: the one the run found), sending nothing when
 * it has it; journals the restore record in archive dir before the first change.
 * Lines on out. 0, or -SB_E* with d set (a restore is then still owed when
 * w->changed is set).
 */
int run_wcache_apply(struct run_wcache *w, int want, const char *dir, FILE *out,
		     struct diag *d);
/* Sets the state the run found back, when it changed it. */
int run_wcache_restore(struct run_wcache *w, const char *dir, FILE *out, struct diag *d);
/*
 * Resume: sets back the state the journal's open "write-cache-change" record
 * names, first of all; -SB_EUNSAFE when the drive at its node is another one.
 */
int run_wcache_recover(struct run_wcache *w, const char *record, const char *dir, FILE *out,
		       struct diag *d);
/*
 * For --dry-run: what a step asking want sends after one that asked prev (-2:
 * nothing set yet, said once with how it is given back), on out; where names it.
 */
void run_wcache_describe(const struct run_wcache *w, int want, int prev, const char *where,
			 FILE *out);
/* Refreshes w->json and returns it. */
const char *run_wcache_json(struct run_wcache *w);

#endif
