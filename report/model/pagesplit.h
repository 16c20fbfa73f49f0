/* SPDX-License-Identifier: MIT */
/*
 * pagesplit: a bar chart or table too tall for a page is cut into parts
 * that each fit at the type scale's own size, instead of being drawn smaller; a
 * table too wide is cut by columns first, never with a cell cut short.
 * Without cairo (in sb_chart); the report and the lineup use it.
 */
#ifndef SB_PAGESPLIT_H
#define SB_PAGESPLIT_H

#include <stddef.h>

#include "chart.h"
#include "table.h"

/* One page's part: a chart or a table (one of them NULL), owned by the caller. */
struct pagesplit_part {
	struct chart *c;
	struct table *t;
};

/*
 * When the bar chart c or table t (the other NULL), laid out w points wide, is
 * taller than avail, makes parts of consecutive rows that each fit, titled
 * "TITLE (k/n)", every part of a chart on the whole chart's value axis and with
 * its legend (part, the language's "{} ({}/{})" for TITLE, k and n; NULL: that
 * one), and returns their number with *out (free each part's chart or
 * table and then *out). Returns 0 when it fits, is no bar chart, or cannot be
 * laid out (the caller reports that); a single row taller than avail is a part
 * of its own.
 */
size_t pagesplit(const struct chart *c, const struct table *t, double w, double avail,
		 const struct chart_measure *m, const char *part, struct pagesplit_part **out);

/*
 * When table t, laid out w points wide, cuts a cell short (or does not fit) and keeps
 * leading columns (table_set_keep()), makes parts of its other columns, as many in
 * each as fit w whole, each with the kept columns, and returns their number with
 * *out (free each table, then *out); 0 when it fits or keeps none. pagesplit() does
 * this first for a table, then cuts each part by rows; every part is titled
 * "TITLE (k/n)" there.
 */
size_t pagesplit_columns(const struct table *t, double w, const struct chart_measure *m,
			 const char *part, struct table ***out);

#endif
