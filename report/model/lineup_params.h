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

#include "sbuf.h"
#include "wording.h"

/* What marks a value measured with other parameters than its test's reference. */
#define LINEUP_MARK "\xE2\x80\xA0"   /* † */

/*
 * One difference: test t's parameter (its LINEUP_PARAMS name, as fio spells it; title
 * its name for a reader, an enum msg) and each column's value as text ("32"; NULL
 * where the column has no element, "" where the archive does not say: unknown), nm
 * of them; line is the whole of it, "rnd4k-write: iodepth 32 (drvA) vs 16 (drvB)".
 */
struct lineup_diff {
	size_t test;
	const char *param;
	int title;
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

/* The column test t's other columns are held to: the baseline, or the first column
 * that ran t when the baseline did not. */
size_t lineup_reference(const struct lineup *l, size_t t);

/*
 * Marks member i's value of test t when its stimulus differs from the reference
 * column's (a value one of them does not say is no difference): appends to sb each
 * differing parameter's value as reviewers write it, then LINEUP_MARK ("QD16†",
 * "4K QD16†"), or with w NULL fio's names and both values ("iodepth 16 vs 32;
 * numjobs 4 vs 1", the lineup CSV's). Returns how many parameters differ; 0 (sb
 * untouched) for the reference, a column without the test, or the same stimulus.
 */
size_t lineup_mark(const struct lineup *l, size_t t, size_t i, const struct wording *w,
		   struct sbuf *sb);

/*
 * The provenance line under every lineup chart: the columns ("N columns" when their
 * labels would not fit a line), the plan or plans by title with their SHA-256, fio's
 * versions, ssdbench's, in w's words. A new string (free() it).
 */
char *lineup_provenance(const struct lineup *l, const struct wording *w);

/*
 * The columns' labels in w's words: an archive's as given; a column of lineup.by
 * its value as reviewers write it ("OP 28 %", "填盤前"), after its archive's label
 * when several archives are split. The lineup CSV keeps lineup_member.label ("op=28").
 * nm new strings; lineup_labels_free() them.
 */
char **lineup_labels(const struct lineup *l, const struct wording *w);
void lineup_labels_free(char **labels, size_t nm);

#endif
