/* SPDX-License-Identifier: MIT */
/*
 * rounds: what the report draws of a <rounds> scope, computed from the results
 * model without cairo: the SNIA measurement window's lines, the SNIA IOPS matrix
 * (block size x R/W mix, averaged over the window), and the per-second curves of
 * a scope's elements laid end to end (over time or over % of capacity written).
 */
#ifndef SB_ROUNDS_H
#define SB_ROUNDS_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"

/* The measurement window of one tracking variable, as the SNIA window chart shows it. */
struct rounds_window {
	size_t first, last;       /* rounds (1-based) */
	double avg;
	double band_lo, band_hi;  /* avg x (1 -+ range / 2): the 90 % and 110 % lines */
	double fit_first, fit_last; /* the least-squares line at rounds first and last */
	int steady;               /* this variable passed both tests there */
	struct steady_window w;   /* the numbers behind it */
};

/*
 * The window of track t to show: the one at the scope's steady round, else the
 * one after its last round. Uses the window the engine stored, or computes it
 * (steady_test) when none was stored. Returns 0, or -1 when t has fewer rounds
 * than the window.
 */
int rounds_window(const struct result_scope *s, const struct result_track *t,
		  struct rounds_window *out);

/*
 * The rounds a matrix averages: the measurement window, its last round the one
 * steady state was reached at, or the last round run when it was not (SNIA PTS
 * reports the last window either way).
 */
void rounds_report_rounds(const struct result_run *run, const struct result_scope *s,
			  int *first, int *last);

/*
 * The SNIA IOPS table of a scope whose elements have two sweep coordinates
 * ("mix=65 bs=64k"): rows are the block sizes (the "bs" key, else the second
 * key), ascending; columns the other key in the order the plan ran them.
 */
struct rounds_matrix {
	char *row_key, *col_key;
	char **rows, **cols;      /* labels: "64k"; a mix "65" reads "65/35" */
	double *row_bytes;        /* each row's block size in bytes (0 when not a size) */
	size_t nrows, ncols;
	double *v;                /* v[r * ncols + c]: mean total IOPS; NAN when none */
	int first, last;          /* the rounds averaged */
};

/*
 * Fills m from the ok elements of scope s. Returns 0, or -1 (m empty) when the
 * scope's elements do not all have the same two coordinates. Release m with
 * rounds_matrix_release() either way.
 */
int rounds_matrix(const struct result_run *run, const struct result_scope *s,
		  struct rounds_matrix *m);
/*
 * What a matrix cell holds: the mean over the window's rounds of each round's total
 * IOPS, of its mean response time (µs, fio's lat over every direction, weighted by
 * I/O count), or the maximum of its maximum response times (µs): SNIA's ART and MRT.
 */
enum rounds_value { ROUNDS_IOPS, ROUNDS_ART, ROUNDS_MRT };
/* rounds_matrix() with the cells holding what. */
int rounds_matrix_of(const struct result_run *run, const struct result_scope *s,
		     enum rounds_value what, struct rounds_matrix *m);
void rounds_matrix_release(struct rounds_matrix *m);

/* A curve built element by element. */
struct rounds_curve {
	double *x, *y;
	size_t n, cap;
};

void rounds_curve_release(struct rounds_curve *c);

/*
 * An element's total IOPS per second (every direction, on the clock of the one
 * with the most samples) into new arrays *t and *v (free() both). Returns n.
 */
size_t rounds_total_iops(const struct result_step *st, double **t, double **v);

/*
 * Appends an element's per-second total IOPS against what had been written at
 * each second: x = % of capacity when capacity > 0, else GB (10^9 B).
 */
void rounds_curve_add_written(struct rounds_curve *c, const struct result_step *st,
			      uint64_t capacity);
/* Appends an element's temperature samples the same way (x as above). */
void rounds_curve_add_written_temp(struct rounds_curve *c, const struct result_step *st,
				   uint64_t capacity);
/*
 * Appends an element's per-second total IOPS (temp: its temperature samples
 * instead) at t0 + its own seconds. Returns where the element ended: t0 + its
 * last sample or its runtime, whichever is later.
 */
double rounds_curve_add_time(struct rounds_curve *c, const struct result_step *st,
			     double t0, int temp);

/* Whether an element is one of scope s's (by name). */
int rounds_in_scope(const struct result_step *st, const struct result_scope *s);

#endif
