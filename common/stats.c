/* SPDX-License-Identifier: MIT */
/* stats: mean, σ, Student's t intervals, Welch's t-test and Holm's step-down. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>

#include "xalloc.h"

void stats_of(const double *v, size_t n, struct stats *s)
{
	double sum = 0, ss = 0;

	s->n = 0;
	s->mean = s->sd = s->cv = s->ci95 = s->min = s->max = NAN;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		if (!s->n || v[i] < s->min)
			s->min = v[i];
		if (!s->n || v[i] > s->max)
			s->max = v[i];
		sum += v[i];
		s->n++;
	}
	if (!s->n)
		return;
	s->mean = sum / (double)s->n;
	if (s->n < 2)
		return;
	/* Two passes over the values: the squares of deviations from the mean, so a
	 * large mean with a small spread keeps its digits. */
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->sd = sqrt(ss / (double)(s->n - 1));
	s->cv = s->mean != 0 ? s->sd / fabs(s->mean) : NAN;
	s->ci95 = stats_t975((double)(s->n - 1)) * s->sd / sqrt((double)s->n);
}

/*
 * The continued fraction of the regularized incomplete beta function I_x(a, b),
 * evaluated by the modified Lentz method; it converges fast for x < (a+1)/(a+b+2).
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 400; m++) {
		double num, del;

		/* the even step, then the odd one */
		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* I_x(a, b), a and b > 0. */
static double beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double stats_t_p2(double t, double df)
{
	if (!isfinite(t))
		return isnan(t) || !(df > 0) ? NAN : 0;
	if (!(df > 0))
		return NAN;
	return beta_inc(df / 2, 0.5, df / (df + t * t));
}

double stats_t975(double df)
{
	double lo = 0, hi = 1e4;

	if (!(df > 0))
		return NAN;
	if (isinf(df))
		return 1.959963984540054;
	/* p2 falls as t grows: bisection to the last bit (df 1: 12.706). */
	for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_p2(mid, df) > 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int stats_welch(const struct stats *a, const struct stats *b, struct stats_welch *w)
{
	double va, vb;

	w->diff = b->mean - a->mean;
	w->se = w->df = w->ci95 = w->p = NAN;
	if (a->n < 2 || b->n < 2)
		return -1;
	va = a->sd * a->sd / (double)a->n;
	vb = b->sd * b->sd / (double)b->n;
	w->se = sqrt(va + vb);
	if (w->se == 0) {   /* no spread on either side: any difference is certain */
		w->df = (double)(a->n + b->n - 2);
		w->ci95 = 0;
		w->p = w->diff == 0 ? 1 : 0;
		return 0;
	}
	w->df = (va + vb) * (va + vb) /
		(va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	w->ci95 = stats_t975(w->df) * w->se;
	w->p = stats_t_p2(w->diff / w->se, w->df);
	return 0;
}

static int by_p(const void *x, const void *y)
{
	double a = **(const double *const *)x, b = **(const double *const *)y;

	return (a > b) - (a < b);
}

void stats_holm(const double *p, size_t n, double alpha, int *sig)
{
	const double **order = xcalloc(n + 1, sizeof(*order));
	size_t m = 0;

	for (size_t i = 0; i < n; i++) {
		sig[i] = isnan(p[i]) ? -1 : 0;
		if (!isnan(p[i]))
			order[m++] = &p[i];
	}
	qsort(order, m, sizeof(*order), by_p);
	/* The k-th smallest p against alpha / (m - k): the first that fails stops it. */
	for (size_t k = 0; k < m && *order[k] <= alpha / (double)(m - k); k++)
		sig[order[k] - p] = 1;
	free(order);
}
