/* SPDX-License-Identifier: MIT */
/* sweep: MB/s and IOPS against queue depth, and mean response time against IOPS. */
#include "sweep.h"

#include "report_int.h"

#include <stdlib.h>
#include <string.h>

#include "wording.h"
#include "xalloc.h"

/* One queue depth of a pattern. */
struct sweep_point {
	double qd, mbps, iops, lat_us;
};

/* The steps of one pattern, ascending by QD. */
struct sweep_line {
	char *label;     /* "randread 4 KiB" */
	int random;
	size_t style;    /* its colour and marker, the same in each of the three charts */
	struct sweep_point *p;
	size_t n;
};

/* A finished step outside rounds whose hint does not say "none". */
static int usable(const struct result_step *st)
{
	return report__is_ok(st) && !st->scope && report__hint(st) != HINT_NONE &&
	       st->iodepth >= 1;
}

/* Same workload but for the queue depth. */
static int same_but_qd(const struct result_step *a, const struct result_step *b)
{
	return !strcmp(msg_or(a->rw, ""), msg_or(b->rw, "")) &&
	       a->bs == b->bs && a->numjobs == b->numjobs &&
	       a->rwmixread == b->rwmixread;
}

/* Mean response time over every direction (fio's lat), else completion latency. */
static double mean_lat(const struct result_step *st)
{
	return st->resp.n ? st->resp.mean_us : st->clat_mean_us;
}

static struct sweep_point point_of(const struct result_step *st)
{
	struct sweep_point p = { (double)st->iodepth, 0, result_step_iops(st), mean_lat(st) };

	for (int d = 0; d < RESULT_NDIRS; d++)
		p.mbps += st->dir_stat[d].bw_bytes / 1e6;
	return p;
}

/* The pattern of run->steps[first]; marks its steps in done. 0 when it is no sweep. */
static int line_of(const struct report *r, size_t first, char *done, struct sweep_line *l)
{
	const struct result_run *run = r->run;
	const struct result_step *a = &run->steps[first];
	struct wording w = report__wording(r);
	struct sbuf label;
	size_t distinct = 0;
	int hinted = 1;
	char bs[32];

	l->p = xmalloc(run->nsteps * sizeof(*l->p));
	l->n = 0;
	for (size_t j = first; j < run->nsteps; j++) {
		const struct result_step *st = &run->steps[j];
		size_t k = l->n;

		if (done[j] || !usable(st) || !same_but_qd(st, a))
			continue;
		done[j] = 1;
		hinted &= report__hint(st) == HINT_SWEEP;
		while (k > 0 && l->p[k - 1].qd > st->iodepth) { /* insertion by QD */
			l->p[k] = l->p[k - 1];
			k--;
		}
		l->p[k] = point_of(st);
		l->n++;
	}
	for (size_t k = 0; k < l->n; k++)
		distinct += !k || l->p[k].qd != l->p[k - 1].qd;
	/* the line's pattern in the report's words: "4K 隨機讀取" */
	wording_bs(a->bs, bs, sizeof(bs));
	sbuf_init(&label);
	sbuf_addf(&label, "%s ", bs);
	wording_rw(a->rw, a->rwmixread, &w, &label);
	l->label = sbuf_detach(&label);
	l->random = !strncmp(msg_or(a->rw, ""), "rand", 4);
	return distinct >= (hinted ? SWEEP_MIN_HINTED : SWEEP_MIN_DEPTHS);
}

/* Metric m of l's points (0 MB/s, 1 IOPS, 2 latency) into y; QD into x. */
static void values(const struct sweep_line *l, int m, double *x, double *y)
{
	for (size_t k = 0; k < l->n; k++) {
		x[k] = m == 2 ? l->p[k].iops : l->p[k].qd;
		y[k] = m == 0 ? l->p[k].mbps : m == 1 ? l->p[k].iops : l->p[k].lat_us;
	}
}

static void add_line(struct chart *c, const struct sweep_line *l, int m)
{
	double *x = xmalloc((l->n + 1) * sizeof(*x)), *y = xmalloc((l->n + 1) * sizeof(*y));

	values(l, m, x, y);
	chart_series_add(c, l->label, chart_palette(l->style), x, y, l->n);
	c->series[c->nseries - 1].marker = (enum chart_marker)(l->style % CHART_MARK_N);
	if (m == 2)
		for (size_t k = 0; k < l->n; k++) {
			char *qd = xasprintf("QD%g", l->p[k].qd);

			chart_add_mark(c, x[k], y[k], qd);
			chart_mark_optional(c, c->nmarks - 1);   /* none rather than piled */
			free(qd);
		}
	free(x);
	free(y);
}

/* The chart of metric m over lines of kind random (-1: every line); kept when drawn on. */
static void add_chart(struct report *r, const struct sweep_line *l, size_t n, int m,
		      int random, const char *name)
{
	static const enum msg title[3] = { M_SWEEP_MBPS, M_SWEEP, M_SWEEP_LAT };
	static const enum msg sub[3] = { M_SWEEP_MBPS_SUB, M_SWEEP_SUB, M_SWEEP_LAT_SUB };
	struct chart *c = chart_new(CHART_SWEEP, r->msg[title[m]], r->msg[sub[m]]);

	if (m == 2) {
		chart_set_axis_titles(c, "IOPS", r->msg[M_SWEEP_LAT_Y]);
	} else {
		chart_set_axis_titles(c, r->msg[M_QD], m ? "IOPS" : "MB/s");
		chart_set_scales(c, CHART_LOG2, CHART_LINEAR);
	}
	for (size_t i = 0; i < n; i++)
		if (random < 0 || l[i].random == random)
			add_line(c, &l[i], m);
	if (!c->nseries) {
		chart_free(c);
		return;
	}
	report__add_chart(r, xstrdup(name), c, NULL);
}

void sweep__build(struct report *r)
{
	const struct result_run *run = r->run;
	char *done = xcalloc(run->nsteps + 1, 1);
	struct sweep_line *l = xcalloc(run->nsteps + 1, sizeof(*l));
	size_t n = 0;

	for (size_t i = 0; i < run->nsteps; i++) {
		if (done[i] || !usable(&run->steps[i]))
			continue;
		if (line_of(r, i, done, &l[n])) {
			l[n].style = n;
			n++;
		} else {
			free(l[n].label);
			free(l[n].p);
		}
	}
	add_chart(r, l, n, 0, 0, "sweep-qd-mbps");
	add_chart(r, l, n, 1, 1, "sweep-qd-iops");
	add_chart(r, l, n, 2, -1, "sweep-qd-lat");
	for (size_t i = 0; i < n; i++) {
		free(l[i].label);
		free(l[i].p);
	}
	free(l);
	free(done);
}
