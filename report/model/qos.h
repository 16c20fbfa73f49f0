/* SPDX-License-Identifier: MIT */
/*
 * qos: latency quality of service from fio's json+ histogram bins, without cairo:
 * the merged histogram of a step, percentiles, the exceedance (1 - CDF) curve and
 * a response-time histogram regrouped on a log axis.
 */
#ifndef SB_QOS_H
#define SB_QOS_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"

/* The nines a QoS chart marks: 99, 99.9, 99.99 and 99.999 %. */
#define QOS_NMARKS 4
extern const double qos_marks[QOS_NMARKS];

/*
 * 1 when st has response-time bins (fio's lat, submission + completion) for every
 * direction it has completion-latency bins for: its QoS is then drawn in response
 * time, as SNIA's latency test and reviewers' QoS charts give it; 0: completion
 * latency (a report without lat_percentiles).
 */
int qos_has_resp(const struct result_step *st);

/* Direction d's bins: of response time when resp, else of completion latency. */
const struct result_hist *qos_hist(const struct result_step *st, int d, int resp);

/*
 * Merges the histograms (response time when resp) of every direction of st into
 * out (bins by value, ascending; out is released first). Release it with
 * result_hist_release().
 */
void qos_merge(const struct result_step *st, int resp, struct result_hist *out);

/* I/Os in h. */
uint64_t qos_total(const struct result_hist *h);

/*
 * The latency in µs under which p percent of the I/Os completed: the smallest bin
 * whose cumulative count reaches p % of the total. NAN when h is empty.
 */
double qos_percentile(const struct result_hist *h, double p);

/*
 * The exceedance curve, as the staircase the bins are: for each bin with I/Os,
 * x = its latency in µs, a point at the fraction of I/Os at least that slow, then
 * one at the fraction slower (left out for the last bin: 0 has no place on a log
 * axis). So the p-th percentile (x = qos_percentile(p), y = 1 - p / 100) lies on
 * the curve. x and y hold 2 * h->n values. Returns the points written.
 */
size_t qos_exceedance(const struct result_hist *h, double *x, double *y);

/*
 * The response-time histogram: bins regrouped into per_decade buckets per decade
 * of latency, from the first bucket with I/Os to the last; x = bucket centre in
 * µs (geometric), y = percent of I/Os. Writes at most max points; returns them.
 */
size_t qos_histogram(const struct result_hist *h, int per_decade, double *x, double *y,
		     size_t max);

#endif
