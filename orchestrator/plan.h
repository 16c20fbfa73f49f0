/* SPDX-License-Identifier: MIT */
/* plan: loads, checks and resolves an XML test plan (the elements live in one table). */
#ifndef SB_PLAN_H
#define SB_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

enum plan_target_kind { PLAN_TARGET_FILE, PLAN_TARGET_DEVICE };

struct plan_target {
	char *name;
	enum plan_target_kind kind;
	char *path;        /* file: relative paths are relative to the output folder */
	uint64_t size;     /* bytes; 0 for a device (its size is read when it opens) */
	int line;
};

struct plan_workload {
	char *name;        /* [A-Za-z0-9._-]+, unique within the plan */
	char *target;      /* target name; NULL means the plan's only target */
	char *rw;          /* fio's rw= value */
	uint64_t bs;
	long long iodepth;
	long long numjobs;
	long long rwmixread; /* -1 when unset */
	uint64_t runtime_ms;
	uint64_t size;     /* bytes of the target to use; 0 = all of it */
	char *ioengine;    /* "auto" = io_uring, falling back to libaio */
	int direct;
	int line;
};

struct plan_var {
	char *name;
	char *value;
	int line, col;
	int used_by_set;   /* overridden on the command line */
};

struct plan {
	char *file;        /* as given */
	char *name;        /* identifier: names the default output folder */
	char *title;       /* display title (may be CJK); defaults to name */
	struct plan_var *vars;
	size_t nvars, capvars;
	struct plan_target *targets;
	size_t ntargets, captargets;
	struct plan_workload *steps;
	size_t nsteps, capsteps;
};

void plan_init(struct plan *p);
void plan_release(struct plan *p);

/*
 * Loads path into p. sets[0..nsets) are "NAME=VALUE" overrides of <var> values
 * (--set). Every error is reported once, in d, with FILE:LINE:COL, and the first
 * one wins. Returns 0 or a negative SB_E* code.
 */
int plan_load(struct plan *p, const char *path, const char *const *sets,
	      size_t nsets, struct diag *d);

/*
 * Replaces the target named in SPEC "NAME=/dev/DEVICE" or "NAME=file:PATH[,size=S]"
 * (PATH relative to the working folder). Returns 0 or -SB_EUSAGE with d set.
 */
int plan_apply_target(struct plan *p, const char *spec, struct diag *d);
/* Returns path made absolute against the working folder; free() it. */
char *plan_absolute_path(const char *path);

/* Returns the target a step runs on (never NULL for a loaded plan). */
const struct plan_target *plan_step_target(const struct plan *p,
					   const struct plan_workload *w);
/* 1 when the step writes to its target. */
int plan_step_writes(const struct plan_workload *w);
/* Total measured time of all steps, in ms. */
uint64_t plan_runtime_ms(const struct plan *p);

/* Prints the generated reference of every element and attribute (Markdown). */
void plan_print_reference(FILE *out);

#endif
