/* SPDX-License-Identifier: MIT */
/* check: validates a plan with its overrides and prints what it would run. */
#ifndef SB_CHECK_H
#define SB_CHECK_H

#include <stddef.h>

#include "diag.h"

struct check_opts {
	const char *plan_path;
	const char *const *targets;  /* "NAME=SPEC" overrides */
	size_t ntargets;
	const char *const *sets;     /* "NAME=VALUE" variable overrides */
	size_t nsets;
};

/*
 * Loads and checks the plan without running or touching anything, and prints the
 * resolved steps. Returns 0, or -SB_EPARSE / -SB_EUSAGE (invalid), with d set.
 */
int check_plan(const struct check_opts *o, struct diag *d);

#endif
