/* SPDX-License-Identifier: MIT */
/* consistency: average, spread and the DriveMaster score of a per-second series. */
#include "consistency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static double sample_sd(const double *v, size_t n, double *avg)
{
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	*avg = n ? sum / (double)n : 0;
	if (n < 2)
		return NAN;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - *avg) * (v[i] - *avg);
	return sqrt(ss / (double)(n - 1));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void consistency_compute(const double *v, size_t n, size_t last_n, struct consistency *c)
{
	double *sorted, tail_avg;
	size_t k;

	memset(c, 0, sizeof(*c));
	if (!n)
		return;
	c->n = n;
	c->stddev = sample_sd(v, n, &c->avg);
	c->avg_over_sd = c->stddev > 0 ? c->avg / c->stddev : NAN;
	c->stddev_last = last_n && n >= last_n ? sample_sd(v + n - last_n, last_n, &tail_avg) :
			 NAN;
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	c->min = sorted[0];
	c->max = sorted[n - 1];
	k = (size_t)ceil(0.001 * (double)n);
	c->p999_slowest = sorted[(k ? k : 1) - 1];
	c->drivemaster = c->avg > 0 ? c->p999_slowest / c->avg : NAN;
	free(sorted);
}
