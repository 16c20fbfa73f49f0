/* SPDX-License-Identifier: MIT */
/* qos: percentiles, exceedance and histogram curves from json+ latency bins. */
#include "qos.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

const double qos_marks[QOS_NMARKS] = { 99, 99.9, 99.99, 99.999 };

int qos_has_resp(const struct result_step *st)
{
	int any = 0;

	for (int d = 0; d < RESULT_NDIRS; d++) {
		if (st->hist[d].n && !st->resp_hist[d].n)
			return 0;
		any |= st->resp_hist[d].n > 0;
	}
	return any;
}

const struct result_hist *qos_hist(const struct result_step *st, int d, int resp)
{
	return resp ? &st->resp_hist[d] : &st->hist[d];
}

void qos_merge(const struct result_step *st, int resp, struct result_hist *out)
{
	size_t cap = 0, n = 0;

	result_hist_release(out);
	for (int d = 0; d < RESULT_NDIRS; d++)
		cap += qos_hist(st, d, resp)->n;
	out->ns = xmalloc((cap + 1) * sizeof(*out->ns));
	out->count = xmalloc((cap + 1) * sizeof(*out->count));
	for (int d = 0; d < RESULT_NDIRS; d++) {
		const struct result_hist *h = qos_hist(st, d, resp);

		for (size_t i = 0; i < h->n; i++) {
			uint64_t ns = h->ns[i];
			size_t k = n;

			while (k > 0 && out->ns[k - 1] > ns)
				k--;
			if (k > 0 && out->ns[k - 1] == ns) {
				out->count[k - 1] += h->count[i];
				continue;
			}
			memmove(&out->ns[k + 1], &out->ns[k], (n - k) * sizeof(*out->ns));
			memmove(&out->count[k + 1], &out->count[k], (n - k) * sizeof(*out->count));
			out->ns[k] = ns;
			out->count[k] = h->count[i];
			n++;
		}
	}
	out->n = n;
}

uint64_t qos_total(const struct result_hist *h)
{
	uint64_t total = 0;

	for (size_t i = 0; i < h->n; i++)
		total += h->count[i];
	return total;
}

double qos_percentile(const struct result_hist *h, double p)
{
	uint64_t total = qos_total(h), cum = 0;

	for (size_t i = 0; total && i < h->n; i++) {
		cum += h->count[i];
		/* A relative slack: 99.9 % of 100,000 must be 99,900, not 99,900.0000001. */
		if ((double)cum * 100 >= p * (double)total * (1 - 1e-12))
			return (double)h->ns[i] / 1e3;
	}
	return NAN;
}

size_t qos_exceedance(const struct result_hist *h, double *x, double *y)
{
	uint64_t total = qos_total(h), cum = 0;
	double prev = 1;
	size_t n = 0;

	for (size_t i = 0; total && i < h->n; i++) {
		double us = (double)h->ns[i] / 1e3;

		if (!h->count[i])
			continue;
		cum += h->count[i];
		x[n] = us; /* the step down at this bin */
		y[n++] = prev;
		if (cum == total)
			break; /* 0 has no place on a log axis */
		prev = (double)(total - cum) / (double)total;
		x[n] = us;
		y[n++] = prev;
	}
	return n;
}

size_t qos_histogram(const struct result_hist *h, int per_decade, double *x, double *y,
		     size_t max)
{
	double total = (double)qos_total(h);
	long lo = -1, hi = -1;
	size_t n = 0;

	if (!(total > 0) || per_decade < 1)
		return 0;
	for (size_t i = 0; i < h->n; i++) {
		long b = h->ns[i] ? (long)floor(log10((double)h->ns[i]) * per_decade) : 0;

		if (!h->count[i])
			continue;
		lo = lo < 0 || b < lo ? b : lo;
		hi = b > hi ? b : hi;
	}
	for (long b = lo; lo >= 0 && b <= hi && n < max; b++, n++) {
		double sum = 0;

		for (size_t i = 0; i < h->n; i++) {
			long bi = h->ns[i] ? (long)floor(log10((double)h->ns[i]) * per_decade) : 0;

			if (bi == b)
				sum += (double)h->count[i];
		}
		x[n] = pow(10, ((double)b + 0.5) / per_decade) / 1e3;
		y[n] = sum / total * 100;
	}
	return n;
}
