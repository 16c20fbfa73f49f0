/* SPDX-License-Identifier: MIT */
/*
 * chart_m4: M4 thinning of a series for a plot of a given width (each pixel column's
 * first, lowest, highest and last point), which keeps a per-second line's every peak
 * and dip while drawing far fewer points (chart.h's chart_m4()).
 */
#include "chart.h"

#include <math.h>
#include <string.h>

/* Appends the column's distinct indices in ascending order. */
static size_t m4_flush(const double *x, const double *y, const size_t idx[4],
		       double *ox, double *oy, size_t o)
{
	size_t k[4];
	int nk = 0;

	for (int i = 0; i < 4; i++) {
		int j = nk;

		while (j > 0 && k[j - 1] > idx[i])
			j--;
		if (j > 0 && k[j - 1] == idx[i])
			continue;
		memmove(&k[j + 1], &k[j], (size_t)(nk - j) * sizeof(k[0]));
		k[j] = idx[i];
		nk++;
	}
	for (int i = 0; i < nk; i++, o++) {
		ox[o] = x[k[i]];
		oy[o] = y[k[i]];
	}
	return o;
}

size_t chart_m4(const double *x, const double *y, size_t n, double x0, double x1,
		int columns, double *ox, double *oy)
{
	size_t idx[4] = { 0, 0, 0, 0 }, o = 0; /* first, min, max, last */
	long col = -1;
	double span = x1 - x0;

	if (columns < 1)
		columns = 1;
	for (size_t i = 0; i < n; i++) {
		long c = span > 0 ? (long)floor((x[i] - x0) / span * columns) : 0;

		if (c < 0)
			c = 0;
		if (c >= columns)
			c = columns - 1;
		if (c != col) {
			if (col >= 0)
				o = m4_flush(x, y, idx, ox, oy, o);
			col = c;
			idx[0] = idx[1] = idx[2] = idx[3] = i;
			continue;
		}
		if (y[i] < y[idx[1]])
			idx[1] = i;
		if (y[i] > y[idx[2]])
			idx[2] = i;
		idx[3] = i;
	}
	if (col >= 0)
		o = m4_flush(x, y, idx, ox, oy, o);
	return o;
}
