/* SPDX-License-Identifier: MIT */
/*
 * consistency: the dispersion numbers reviewers publish, from one per-second
 * series: average, standard deviation, avg/σ (AnandTech), σ of the last N
 * seconds (bit-tech), min/max, and the DriveMaster score, the 99.9th-percentile-
 * slowest second divided by the average.
 */
#ifndef SB_CONSISTENCY_H
#define SB_CONSISTENCY_H

#include <stddef.h>

struct consistency {
	size_t n;
	double avg;
	/* Undefined values are NAN (an empty cell, null in JSON), never a number. */
	double stddev;        /* sample standard deviation (n - 1); NAN when n < 2 */
	double avg_over_sd;   /* avg / stddev; NAN when stddev is 0 or NAN */
	double min, max;
	double stddev_last;   /* the same over the last `last_n` samples; NAN if fewer */
	/*
	 * The 99.9th-percentile-slowest second: 99.9 % of the seconds are at least
	 * this fast. Nearest rank on the ascending values: the k-th smallest with
	 * k = ceil(0.001 x n), so for 1000 seconds it is the slowest one.
	 */
	double p999_slowest;
	double drivemaster;   /* p999_slowest / avg, 1.0 for a perfectly flat line; NAN
			       * when avg is 0 */
};

/*
 * Under this many seconds the 99.9th-percentile-slowest second is the slowest one
 * (k = 1): what reports say with it is flagged (consistency_p999_is_min()).
 */
#define CONSISTENCY_P999_N 1000
#define consistency_p999_is_min(c) ((c)->n > 0 && (c)->n < CONSISTENCY_P999_N)

/* Computes c from v[0..n); an empty series gives all zeros. */
void consistency_compute(const double *v, size_t n, size_t last_n, struct consistency *c);

#endif
