/* SPDX-License-Identifier: MIT */
/*
 * stats: what repeated passes of one test say about its value (docs/passes.md):
 * mean, sample standard deviation, the 95 % confidence interval of the mean
 * (Student's t), and whether two such means differ beyond their noise (Welch's
 * t-test, with Holm's step-down over a table of them).
 */
#ifndef SB_STATS_H
#define SB_STATS_H

#include <stddef.h>

/* One test's metric over its passes. n < 2: sd, cv and ci95 are NAN (no noise
 * estimate from one pass). */
struct stats {
	size_t n;             /* the finite values among those given */
	double mean, sd;      /* sd: the sample standard deviation (n - 1) */
	double cv;            /* sd / |mean|, a fraction; NAN when mean is 0 */
	double ci95;          /* half-width of the mean's 95 % interval: t(0.975, n-1) sd/sqrt(n) */
	double min, max;
};

/* The statistics of v[0..n) (NAN values left out; n == 0 leaves every field NAN). */
void stats_of(const double *v, size_t n, struct stats *s);

/* Student's t: P(|T| >= |t|) with df degrees of freedom (df > 0, not necessarily whole). */
double stats_t_p2(double t, double df);
/* The two-sided 95 % quantile of Student's t with df degrees of freedom: t(0.975, df). */
double stats_t975(double df);

/* Welch's t-test of the difference b.mean - a.mean. */
struct stats_welch {
	double diff;          /* b.mean - a.mean */
	double se;            /* its standard error */
	double df;            /* Welch–Satterthwaite degrees of freedom */
	double ci95;          /* half-width of the difference's 95 % interval */
	double p;             /* two-sided p-value; NAN when either side has n < 2 */
};
/* Returns 0, or -1 (w->p NAN) when either side has fewer than two values. Two sides
 * without any spread: p is 1 when the means are equal, else 0. */
int stats_welch(const struct stats *a, const struct stats *b, struct stats_welch *w);

/*
 * Holm's step-down over n p-values (NAN ones take no part): sig[i] = 1 when p[i]
 * is significant at family-wise level alpha, 0 when not, -1 for a NAN p.
 */
void stats_holm(const double *p, size_t n, double alpha, int *sig);

#endif
