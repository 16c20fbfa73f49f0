/* SPDX-License-Identifier: MIT */
/*
 * run_hwop: a run's <op method="hpa"|"namespace"> scope on a live drive: the
 * capacity change before the scope's first live step (identity against --destroy,
 * the restore record journaled before any command, the change, the rescan, the
 * node and its new size checked), and the restore after its last step, after a
 * failure, after Ctrl-C and at resume after a crash ("capacity-change" without
 * "capacity-restored" in the journal), refused on a drive with another serial.
 */
#ifndef SB_RUN_HWOP_H
#define SB_RUN_HWOP_H

#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "hwop.h"
#include "plan.h"
#include "run_opts.h"

struct run_hwop {
	int scope;                   /* the <op> scope's index in the plan */
	const char *name;            /* its name; borrowed from the plan */
	enum hwop_method method;
	unsigned centi;              /* OP in hundredths of a percent */
	int changed;                 /* resized and not given back: a restore is owed */
	int restored;                /* given back, the size checked */
	int recovered;               /* ... at resume, left resized by the run before */
	int simulated;               /* SSDBENCH_FAKE_DRIVE answered (tests) */
	struct hwop_restore rec;     /* as journaled */
	uint64_t count;              /* the last LBA (HPA) or NSZE the change set */
	uint32_t nsid;               /* the namespace during the scope */
	char node[4096];             /* the drive's node during the scope */
	uint64_t old_size, new_size, back_size; /* bytes the kernel saw */
	double change_s, restore_s;
	struct hwop_log log;
	char *json;                  /* the manifest's "capacity" object */
};

/*
 * The plan's hardware-OP scope: 0 with *h NULL when it has none, or a new
 * run_hwop (run_hwop_free() it); -SB_EUSAGE with d set for a second one.
 */
int run_hwop_new(const struct plan *p, struct run_hwop **h, struct diag *d);
void run_hwop_free(struct run_hwop *h);
/*
 * Resizes the drive at path for h's scope, its journal in archive dir, lines on
 * out. When h->changed is set afterwards, whatever it returned, run_hwop_restore()
 * must follow.
 */
int run_hwop_change(struct run_hwop *h, const struct run_opts *o, const char *path,
		    const char *dir, FILE *out, struct diag *d);
/* Gives the capacity back and checks it, then journals "capacity-restored". */
int run_hwop_restore(struct run_hwop *h, const char *dir, FILE *out, struct diag *d);
/*
 * Resume: gives back the capacity record (the journal's open "capacity-change")
 * names, first of all; refused (-SB_EUNSAFE) when the drive's serial differs. What
 * it did goes into h (the plan's scope; NULL when the plan has none any more).
 */
int run_hwop_recover(struct run_hwop *h, const char *record, const char *dir, FILE *out,
		     struct diag *d);
/* Refreshes h->json and returns it (the previous text is freed). */
const char *run_hwop_json(struct run_hwop *h);

#endif
