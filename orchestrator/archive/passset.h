/* SPDX-License-Identifier: MIT */
/*
 * passset: a pass set, the folder `run --passes` writes (docs/passes.md): one
 * complete archive per pass (pass-1/, pass-2/, ...) and passes.json, which says
 * which passes it holds and why it stopped. compare takes the folder as one column.
 */
#ifndef SB_PASSSET_H
#define SB_PASSSET_H

#include <stddef.h>

#include "diag.h"

struct passset {
	char *plan;           /* the plan's name */
	char *requested;      /* "5", "auto:8" */
	double noise_pct;     /* auto's target: the largest 95 % half-width, % of the mean;
			       * 0 without auto */
	int noise_met;        /* auto: 1 met, 0 not; -1 without auto */
	char *worst;          /* the widest interval: "rnd4k-q32 iops ±3.1 %", or NULL */
	char *between;        /* what ran between passes: "purge" (the plan or --purge
			       * purges first: each pass from a purged drive) or "none" */
	int stopped;          /* 1: a pass failed or was interrupted; its folder is not
			       * among passes[] */
	char **passes;        /* the complete passes' folders, "pass-1", ... */
	size_t npasses;
};

/* Reads DIR/passes.json: 0, 1 when DIR has none (not a pass set), or a negative
 * SB_E* code with d naming the file and what is wrong. */
int passset_read(const char *dir, struct passset *ps, struct diag *d);

/* 1 when DIR has a passes.json (or one that cannot be opened: passset_read() then
 * says why), 0 when it has none. */
int passset_is(const char *dir);

/* Writes DIR/passes.json (through a temporary file). */
int passset_write(const char *dir, const struct passset *ps, struct diag *d);

void passset_release(struct passset *ps);

#endif
