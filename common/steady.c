/* SPDX-License-Identifier: MIT */
/* steady: the SNIA PTS steady-state test: data excursion and least-squares slope. */
#include "steady.h"

#include <math.h>
#include <string.h>

/*
 * Limits are compared with "at most". Values such as 0.2 x 100 are not exact in
 * binary floating point, so a value on the limit is allowed a relative 1e-9.
 */
static int at_most(double v, double limit)
{
	return v <= limit + fabs(limit) * 1e-9;
}

int steady_test(const double *y, size_t n, size_t window, double range, double slope,
		struct steady_window *w)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, lo, hi, m, denom;
	size_t first;

	memset(w, 0, sizeof(*w));
	if (window < 2 || n < window)
		return -1;
	first = n - window;
	lo = hi = y[first];
	for (size_t i = first; i < n; i++) {
		double x = (double)(i + 1);

		sx += x;
		sy += y[i];
		sxx += x * x;
		sxy += x * y[i];
		lo = fmin(lo, y[i]);
		hi = fmax(hi, y[i]);
	}
	m = (double)window;
	denom = m * sxx - sx * sx;
	w->first = first + 1;
	w->last = n;
	w->avg = sy / m;
	w->data_excursion = hi - lo;
	w->max_data_excursion = range * w->avg;
	w->slope = (m * sxy - sx * sy) / denom;
	w->intercept = (sy - w->slope * sx) / m;
	w->slope_excursion = fabs(w->slope) * (double)(window - 1);
	w->max_slope_excursion = slope * w->avg;
	/* A variable that averages 0 (nothing measured) is not steady: 0 <= 20 % of 0. */
	w->range_ok = w->avg > 0 && at_most(w->data_excursion, w->max_data_excursion);
	w->slope_ok = w->avg > 0 && at_most(w->slope_excursion, w->max_slope_excursion);
	return w->range_ok && w->slope_ok;
}

int steady_test_all(const double *const *ys, size_t nvars, size_t n, size_t window,
		    double range, double slope, struct steady_window *ws)
{
	int all = 1;

	for (size_t k = 0; k < nvars; k++) {
		int r = steady_test(ys[k], n, window, range, slope, &ws[k]);

		if (r < 0)
			return -1;
		all &= r;
	}
	return nvars ? all : 0;
}

size_t steady_first_round(const double *const *ys, size_t nvars, size_t n,
			  size_t window, double range, double slope)
{
	struct steady_window ws[16];

	if (nvars > 16)
		return 0;
	for (size_t r = window; r <= n; r++)
		if (steady_test_all(ys, nvars, r, window, range, slope, ws) == 1)
			return r;
	return 0;
}
