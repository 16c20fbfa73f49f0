/* SPDX-License-Identifier: MIT */
/* xlsx_lineup: a lineup's Δ sheets with colour scales and bar charts. */
#ifndef SB_XLSX_LINEUP_H
#define SB_XLSX_LINEUP_H

#include "lineup.h"
#include "wording.h"
#include "xlsx.h"

/* The words the sheets need, in the lineup's language, and which metrics. */
struct xlsx_lineup_words {
	const char *test, *baseline, *delta_sub;
	const char *differs, *mark_note;   /* the marks' column and what they mean */
	const struct wording *wording;     /* for the marks (lineup_mark()) */
	const enum lineup_metric *metrics;
	const char *const *titles;   /* titles[k]: metrics[k]'s sheet name and title */
	const char *const *tests;    /* tests[t]: test t's heading (the lineup's l->nt) */
	const char *const *labels;   /* labels[i]: column i's (lineup_labels()) */
	size_t nmetrics;
	const char *noise_note, *noise_none;   /* what "≈" means; a column of one pass */
};

/* A Δ sheet per metric of w, in that order: each column's value, each other
 * column's Δ %, the marks, then each column's 95 % half-width (a column of passes)
 * and which Δs are within the noise ("≈ B"). */
void xlsx_lineup_deltas(struct xlsx *x, const struct lineup *l,
			const struct xlsx_lineup_words *w);

#endif
