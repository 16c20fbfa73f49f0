/* SPDX-License-Identifier: MIT */
/*
 * consistency_table (cairo-free, in sb_chart): the consistency table the report
 * and the lineup print, one row per step (or per test and column) from its
 * per-second total IOPS (result_step.cons_total, the numbers results.csv has):
 * average, 99.9 %-slowest second, DriveMaster score, avg / sigma, sigma, sigma of
 * the last 60 s. Also the score's and IOPS values' text, so chart captions and
 * tables print the same digits.
 */
#ifndef SB_CONSISTENCY_TABLE_H
#define SB_CONSISTENCY_TABLE_H

#include <stddef.h>

#include "consistency.h"
#include "table.h"

/* Columns: the row's name, then the numbers in this order. */
enum cons_col { CONS_NAME, CONS_AVG, CONS_P999, CONS_SCORE, CONS_AVG_SD, CONS_SD,
		CONS_SD_LAST, CONS_NCOLS };

/* Digits of the DriveMaster score and of avg / sigma. */
#define CONS_SCORE_DIGITS 3
#define CONS_AVG_SD_DIGITS 2

/*
 * Column col's text for c into buf: IOPS grouped ("12,345", one decimal below
 * 100), the score with CONS_SCORE_DIGITS decimals, avg / sigma with
 * CONS_AVG_SD_DIGITS; "–" for an undefined (NAN) value or a series without seconds.
 */
void cons_format(const struct consistency *c, enum cons_col col, char *buf, size_t n);

/* A new table with the CONS_NCOLS column titles head[]; strings are copied. */
struct table *cons_table_new(const char *title, const char *subtitle,
			     const char *const head[CONS_NCOLS]);
/*
 * Appends the row "label, c's numbers", the label marked " *" when c's 99.9 %
 * slowest second is its slowest (consistency_p999_is_min()). Returns 1 when marked.
 */
int cons_table_add(struct table *t, const char *label, const struct consistency *c);
/* When marked rows (a count of cons_table_add()'s 1s) were added: note, after " / ", in the subtitle. */
void cons_table_note(struct table *t, int marked, const char *note);

#endif
