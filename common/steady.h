/* SPDX-License-Identifier: MIT */
/*
 * steady: SNIA SSS PTS 2.0.2 steady state (§2.1.24) over per-round values. The
 * measurement window is the last `window` rounds; the device is steady when the
 * data excursion max - min is at most `range` x the window average AND the
 * excursion of the least-squares line over the window, |slope| x (window - 1), is
 * at most `slope` x the average; both with "at most", every tracking variable.
 * fio's own steadystate= option is a different statistic and is not used.
 */
#ifndef SB_STEADY_H
#define SB_STEADY_H

#include <stddef.h>

/* The verdict for one tracking variable over one window. */
struct steady_window {
	size_t first, last;        /* round numbers (1-based) of the window */
	double avg;
	double data_excursion;     /* max - min */
	double max_data_excursion; /* range x avg: the limit */
	double slope, intercept;   /* y = slope x round + intercept over the window */
	double slope_excursion;    /* |slope| x (last - first) */
	double max_slope_excursion;/* slope limit x avg */
	int range_ok, slope_ok;
};

/*
 * Tests rounds y[0..n) (round i + 1 is y[i]) over its last `window` rounds.
 * range and slope are fractions (0.20, 0.10). Returns 1 steady, 0 not steady, and
 * -1 when there are fewer rounds than the window (w is then left zeroed).
 */
int steady_test(const double *y, size_t n, size_t window, double range, double slope,
		struct steady_window *w);

/*
 * Tests several tracking variables at once (ys[k][0..n)); steady only when every
 * one is. ws receives each one's window (nvars entries). Same returns.
 */
int steady_test_all(const double *const *ys, size_t nvars, size_t n, size_t window,
		    double range, double slope, struct steady_window *ws);

/*
 * The first round (1-based) at which the test passes when applied after every
 * round from `window` to n, or 0 when it never does ("not reached").
 */
size_t steady_first_round(const double *const *ys, size_t nvars, size_t n,
			  size_t window, double range, double slope);

#endif
