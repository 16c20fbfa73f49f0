/* SPDX-License-Identifier: MIT */
/* check: validates a plan and prints it resolved, with estimates, touching nothing. */
#ifndef SB_CHECK_H
#define SB_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "plan.h"

/* A plan's errors after the first (plan_load_all()): each at its FILE:LINE:COL. */
struct check_errors {
	struct diag *more;           /* free() it */
	size_t nmore;
};

struct check_opts {
	const char *plan_path;
	const char *const *targets;  /* "NAME=SPEC" overrides */
	size_t ntargets;
	const char *const *sets;     /* "NAME=VALUE" variable overrides */
	size_t nsets;
	uint64_t assume_capacity;    /* bytes for devices not attached; 0 = none */
	int json;                    /* print JSON instead of text */
	struct check_errors *errors; /* not NULL: the plan's errors past d's, listed here */
};

/* A duration range, and how much of it could not be known before running. */
struct check_estimate {
	uint64_t min_ms, max_ms;     /* measured and idle time */
	double written_min, written_max; /* bytes written, as multiples of capacity */
	int open_time;               /* some steps' time depends on the drive */
	int open_written;            /* time-based writes: amount depends on the drive */
};

/*
 * Estimates steps [first, end) of p that sit directly in scope `parent` (-1 for
 * the plan), scopes included. Capacity is the target's, for amounts in bytes.
 */
void check_estimate(const struct plan *p, size_t first, size_t end, int parent,
		    uint64_t capacity, struct check_estimate *e);
/* Writes "4 h 40 min" or "56 min" or "5 s" into buf. */
void check_format_ms(uint64_t ms, char *buf, size_t n);

/*
 * Loads the report template the plan names (report="NAME": templates/report-NAME.xml
 * in the data folder) as the report at the end of the run will, so that a broken one
 * is refused before the run, at its FILE:LINE:COL, and not after hours of it.
 * 0 (also when the plan names none), or -SB_EPARSE (-SB_ENOENT: unreadable), d set.
 */
int check_report_template(const struct plan *p, struct diag *d);

/*
 * Loads and checks the plan without running or touching anything, and prints the
 * resolved steps to out. Returns 0, or -SB_EPARSE / -SB_EUSAGE (invalid), d set.
 */
int check_plan(const struct check_opts *o, FILE *out, struct diag *d);

#endif
