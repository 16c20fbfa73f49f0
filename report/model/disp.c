/* SPDX-License-Identifier: MIT */
/* disp: the zoomed inset of a dispersion scatter, from the template and the points. */
#include "disp.h"

#include <math.h>

/* The points' x range; 0 when there is none. */
static int x_range(const struct chart *c, double *lo, double *hi)
{
	int any = 0;

	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];

		if (s->stroke != CHART_STROKE_AUTO)
			continue;
		for (size_t j = 0; j < s->n; j++) {
			if (!isfinite(s->x[j]))
				continue;
			*lo = any && *lo < s->x[j] ? *lo : s->x[j];
			*hi = any && *hi > s->x[j] ? *hi : s->x[j];
			any = 1;
		}
	}
	return any;
}

/* The points' y range inside x window [x0, x1]; 0 when no point is there. */
static int y_range(const struct chart *c, double x0, double x1, double *lo, double *hi)
{
	int any = 0, log_y = c->y.scale != CHART_LINEAR;

	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];

		if (s->stroke != CHART_STROKE_AUTO)
			continue;
		for (size_t j = 0; j < s->n; j++) {
			double y = s->y[j];

			if (!(s->x[j] >= x0 && s->x[j] <= x1) || !isfinite(y) || (log_y && y <= 0))
				continue;
			*lo = any && *lo < y ? *lo : y;
			*hi = any && *hi > y ? *hi : y;
			any = 1;
		}
	}
	return any;
}

int disp_inset(struct chart *c, const struct tmpl_chart *t)
{
	double x0 = 0, x1 = 0, y0 = 0, y1 = 0;

	if (c->kind != CHART_SCATTER || !t || t->inset == TMPL_INSET_NONE)
		return 0;
	if (t->has_inset_x) {
		x0 = t->inset_x[0];
		x1 = t->inset_x[1];
	} else if (x_range(c, &x0, &x1)) {
		double span = t->inset_last > 0 ? t->inset_last : (x1 - x0) * DISP_INSET_TAIL;

		x0 = fmax(x0, x1 - span);
	} else {
		return 0;
	}
	if (t->has_inset_y) {
		y0 = t->inset_y[0];
		y1 = t->inset_y[1];
	} else if (y_range(c, x0, x1, &y0, &y1)) {
		double pad = (y1 - y0) * DISP_INSET_PAD;

		if (pad <= 0)
			pad = fabs(y0) * DISP_INSET_PAD + (y0 == 0);
		if (c->y.scale != CHART_LINEAR && y0 - pad <= 0)
			y0 /= 1 + DISP_INSET_PAD;
		else   /* IOPS: not below 0 when no point is */
			y0 = y0 >= 0 && y0 - pad < 0 ? 0 : y0 - pad;
		y1 += pad;
	} else {
		return 0;
	}
	if (!(x1 > x0))
		x1 = x0 + 1;
	chart_set_inset(c, x0, x1, y0, y1);
	c->inset_corner = t->inset_corner;
	return 1;
}
