/* SPDX-License-Identifier: MIT */
/*
 * lineup_params: whether the tests a lineup puts side by side ran with
 * the same stimulus. A lineup matches tests by step name and sweep cell; a plan
 * variable (a QD set with --set) can give two archives one name for two different
 * workloads. This compares, per test, the parameters that define what fio did
 * (LINEUP_PARAMS: one row each) across the columns, and says which differ. Without
 * cairo (in sb_chart). Also the provenance line of the lineup's charts.
 */
#ifndef SB_LINEUP_PARAMS_H
#define SB_LINEUP_PARAMS_H

#include <stddef.h>

#include "lineup.h"

/*
 * One difference: test t's parameter (its LINEUP_PARAMS name, as fio spells it) and
 * each column's value as text ("32", NULL where the column has no element), nm of
 * them; line is the whole of it, "rnd4k-write: iodepth 32 (drvA) vs 16 (drvB)".
 */
struct lineup_diff {
	size_t test;
	const char *param;
	char **values;
	char *line;
};

/*
 * The differences of lineup l, test by test in l's order and parameter by parameter
 * in LINEUP_PARAMS order: *out (free with lineup_diffs_free()), *n of them. Numbers
 * compare exactly except the runtime (within 2 % or 0.5 s: a round cut from one fio
 * process ends a few ms apart) and the active range, compared as a share of each
 * target's capacity (within 1 point) and not at all with lineup.by (the sweep key
 * itself, over-provisioning, changes it).
 */
void lineup_diffs(const struct lineup *l, struct lineup_diff **out, size_t *n);
void lineup_diffs_free(struct lineup_diff *d, size_t n, size_t nm);

/*
 * The provenance line under every lineup chart: the columns ("N columns" when their
 * labels would not fit a line), the plan or plans with their SHA-256, fio's versions,
 * ssdbench's. plan_word is the language's "plan". A new string (free() it).
 */
char *lineup_provenance(const struct lineup *l, const char *plan_word);

#endif
