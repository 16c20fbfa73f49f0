/* SPDX-License-Identifier: MIT */
/* chart_int: what chart.c's layout shares with the chart files beside it (not the API). */
#ifndef SB_CHART_INT_H
#define SB_CHART_INT_H

#include "chart.h"

/*
 * chart_marks.c: each mark's label box, gap points from its point (struct
 * chart_mark), once the plot and scales are laid out.
 */
void chart__layout_marks(struct chart *c, const struct chart_measure *m, double gap);

#endif
