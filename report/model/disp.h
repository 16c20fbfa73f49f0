/* SPDX-License-Identifier: MIT */
/*
 * disp: a dispersion scatter as reviewers publish it: the zoomed inset the
 * template asks for (tmpl_chart.inset), its data window worked out from the points.
 */
#ifndef SB_DISP_H
#define SB_DISP_H

#include "chart.h"
#include "tmpl.h"

/* Share of the x extent an inset="auto" zooms on: the last 30 % (AnandTech's tail). */
#define DISP_INSET_TAIL 0.3
/* Share of the points' y range added above and below the inset's window. */
#define DISP_INSET_PAD 0.05

/*
 * Gives scatter c (its series added) the inset t asks for: x the template's
 * inset-x, else the last t->inset_last seconds (the last DISP_INSET_TAIL of the
 * x extent when 0) of the points' x range; y the template's inset-y, else the
 * points' y range inside that x window, padded by DISP_INSET_PAD (not below 0
 * when no point is; values <= 0 left out on a log y axis). Only the points count (series stroked
 * CHART_STROKE_AUTO), not reference lines. Nothing for another chart kind, no
 * inset asked, or no point inside the window. Returns 1 when it set one.
 */
int disp_inset(struct chart *c, const struct tmpl_chart *t);

#endif
