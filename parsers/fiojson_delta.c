/* SPDX-License-Identifier: MIT */
/*
 * fiojson_delta: what happened between two of fio's cumulative status reports
 * (--status-interval): counters, times and json+ histograms subtracted.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fiojson.h"
#include "xalloc.h"

/* end->bins minus start->bins (both sorted by ns); -1 when a count goes down. */
static int subtract_bins(struct fiojson_lat *end, const struct fiojson_lat *start)
{
	struct fiojson_bin *out = xcalloc(end->nbins + 1, sizeof(*out));
	size_t i = 0, j = 0, n = 0;

	for (; i < end->nbins; i++) {
		uint64_t c = end->bins[i].count;

		for (; j < start->nbins && start->bins[j].ns < end->bins[i].ns; j++)
			if (start->bins[j].count) {   /* a bucket the end no longer has */
				free(out);
				return -1;
			}
		if (j < start->nbins && start->bins[j].ns == end->bins[i].ns) {
			if (start->bins[j].count > c) {
				free(out);
				return -1;
			}
			c -= start->bins[j++].count;
		}
		if (c)
			out[n++] = (struct fiojson_bin){ end->bins[i].ns, c };
	}
	for (; j < start->nbins; j++)
		if (start->bins[j].count) {
			free(out);
			return -1;
		}
	free(end->bins);
	end->bins = out;
	end->nbins = n;
	return 0;
}

/*
 * end becomes the I/Os of end that start did not hold yet: N, the mean and the
 * standard deviation from both reports' sums and sums of squares, the bins
 * subtracted, min the lowest bucket left. max is fio's own maximum when it rose
 * since start (then it was reached in the interval: exact); else fio keeps no
 * per-interval extreme, and max is the highest bucket left, no more than fio's
 * maximum, flagged max_bound (without bins: fio's maximum, a bound too). The
 * percentile object is dropped: percentiles come from the bins. Returns 0, or -1
 * when start holds more than end.
 */
static int lat_since(struct fiojson_lat *end, const struct fiojson_lat *start)
{
	double ne = (double)end->n, ns = (double)start->n, n, s1, s2;

	if (start->n > end->n || (start->nbins && !end->nbins))
		return -1;
	free(end->pct);
	end->pct = NULL;
	end->npct = 0;
	if (end->nbins && subtract_bins(end, start))
		return -1;
	n = ne - ns;
	s1 = end->mean_ns * ne - (start->n ? start->mean_ns * ns : 0);
	s2 = ((ne > 1 ? (ne - 1) * end->stddev_ns * end->stddev_ns : 0) + ne * end->mean_ns *
	      end->mean_ns) - (start->n ? (ns > 1 ? (ns - 1) * start->stddev_ns *
					   start->stddev_ns : 0) + ns * start->mean_ns *
			       start->mean_ns : 0);
	end->n -= start->n;
	end->mean_ns = end->n ? s1 / n : 0;
	end->stddev_ns = end->n > 1 ? sqrt(fmax(0, (s2 - n * end->mean_ns * end->mean_ns) /
						  (n - 1))) : 0;
	end->max_bound = start->n && end->max_ns <= start->max_ns;
	if (end->nbins) {
		end->min_ns = end->bins[0].ns;
		if (end->max_bound && end->bins[end->nbins - 1].ns < end->max_ns)
			end->max_ns = end->bins[end->nbins - 1].ns;
	} else if (!end->n) {
		end->min_ns = end->max_ns = 0;
		end->max_bound = 0;
	}
	return 0;
}

static int dir_since(struct fiojson_dirstat *e, const struct fiojson_dirstat *s)
{
	if (s->io_bytes > e->io_bytes || s->total_ios > e->total_ios ||
	    s->runtime_ms > e->runtime_ms || lat_since(&e->clat, &s->clat) ||
	    (s->lat.n && lat_since(&e->lat, &s->lat)))
		return -1;
	e->io_bytes -= s->io_bytes;
	e->total_ios -= s->total_ios;
	e->runtime_ms -= s->runtime_ms;
	e->iops = e->runtime_ms ? (double)e->total_ios * 1000.0 / (double)e->runtime_ms : 0;
	e->bw_bytes = e->runtime_ms ? (double)e->io_bytes * 1000.0 / (double)e->runtime_ms : 0;
	return 0;
}

int fiojson_report_since(struct fiojson_report *end, const struct fiojson_report *start,
			 const char *name, struct diag *d)
{
	if (end->njobs != start->njobs)
		return diag_set(d, -SB_EPARSE, name, 0, 0, "has %zu jobs where the report it "
				"continues has %zu: not the same fio run", end->njobs,
				start->njobs);
	for (size_t i = 0; i < end->njobs; i++) {
		struct fiojson_job *e = &end->jobs[i];
		const struct fiojson_job *s = &start->jobs[i];

		if (strcmp(e->jobname ? e->jobname : "", s->jobname ? s->jobname : ""))
			return diag_set(d, -SB_EPARSE, name, 0, 0, "jobs[%zu] is '%s' where the "
					"report it continues has '%s': not the same fio run", i,
					e->jobname ? e->jobname : "", s->jobname ? s->jobname : "");
		for (int k = 0; k < FIOJSON_NDIRS; k++)
			if (dir_since(&e->dir[k], &s->dir[k]))
				return diag_set(d, -SB_EPARSE, name, 0, 0, "jobs[%zu].%s holds "
						"less than the report it continues: not a later "
						"report of the same fio run", i,
						fiojson_dir_name((enum fiojson_dir)k));
		e->job_runtime_ms = e->job_runtime_ms >= s->job_runtime_ms ?
				    e->job_runtime_ms - s->job_runtime_ms : 0;
	}
	return 0;
}

uint64_t fiojson_report_clock_ms(const struct fiojson_report *r)
{
	uint64_t c = 0;

	for (size_t i = 0; i < r->njobs; i++)
		for (int k = 0; k < FIOJSON_NDIRS; k++)
			if (r->jobs[i].dir[k].runtime_ms > c)
				c = r->jobs[i].dir[k].runtime_ms;
	return c;
}
