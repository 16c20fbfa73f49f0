/* SPDX-License-Identifier: MIT */
/*
 * replay: the `replay` template kind: the pages of a run's <replay>
 * elements (docs/replay.md). Per trace its bandwidth (MB/s: every direction's
 * bytes over fio's job runtime) and average access time (mean completion latency
 * over every I/O) as bars, the table of both with the percentiles, I/O count and
 * fit, and the suites compared: the n-th replay of each trace forms suite n, its
 * score the geometric mean of its traces' MB/s; the first suite against the last
 * (before and after steady state) with Δ % per trace; the scores first, a bar per
 * suite, as PCMark 8 opens its results. A trace is named as its file
 * (wording_trace()); a suite by what the run did before it (after purge, after
 * steady state), as PCMark 8 names its phases. Called from report_charts.c; calls
 * report_ctx.c.
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qos.h"
#include "wording.h"
#include "xalloc.h"

/* The replay elements in run order, and per element its trace's number and its
 * suite (the how-many-th replay of that trace it is). */
struct replays {
	const struct result_step **st;
	size_t *trace, *suite;
	size_t n, ntraces, nsuites;
	char **names;         /* per trace: its name (wording_trace()) */
	char **suites;        /* per suite: its name (suite_name()) */
};

static int is_replay(const struct result_step *st)
{
	return st->trace && report__is_ok(st);
}

/* Each suite's name: what ran before its first replay; "suite n" when nothing
 * fits or another suite has the same words. */
static void name_suites(const struct report *r, struct replays *rp)
{
	enum msg *w = xcalloc(rp->nsuites + 1, sizeof(*w));

	rp->suites = xcalloc(rp->nsuites + 1, sizeof(*rp->suites));
	for (size_t s = 0; s < rp->nsuites; s++) {
		size_t i = 0;

		while (rp->suite[i] != s)
			i++;
		w[s] = report__after(r->run, (size_t)(rp->st[i] - r->run->steps));
	}
	for (size_t s = 0; s < rp->nsuites; s++) {
		int same = 0;
		char num[24];

		for (size_t o = 0; o < rp->nsuites; o++)
			same |= o != s && w[o] == w[s];
		snprintf(num, sizeof(num), "%zu", s + 1);
		rp->suites[s] = w[s] != M_N && !same
			? xstrdup(r->msg[w[s]])
			: msg_subst(r->msg[M_RP_SUITE_N], (const char *const[]){ num }, 1);
	}
	free(w);
}

static void collect(const struct report *r, struct replays *rp)
{
	const struct result_run *run = r->run;
	const char **paths = xcalloc(run->nsteps + 1, sizeof(*paths));
	size_t *count = xcalloc(run->nsteps + 1, sizeof(*count));

	memset(rp, 0, sizeof(*rp));
	rp->st = xcalloc(run->nsteps + 1, sizeof(const struct result_step *));
	rp->trace = xcalloc(run->nsteps + 1, sizeof(*rp->trace));
	rp->suite = xcalloc(run->nsteps + 1, sizeof(*rp->suite));
	rp->names = xcalloc(run->nsteps + 1, sizeof(*rp->names));
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		size_t t = 0;

		if (!is_replay(st))
			continue;
		while (t < rp->ntraces && strcmp(paths[t], st->trace))
			t++;
		if (t == rp->ntraces) {
			paths[rp->ntraces] = st->trace;
			rp->names[rp->ntraces++] = wording_trace(st->trace);
		}
		rp->st[rp->n] = st;
		rp->trace[rp->n] = t;
		rp->suite[rp->n] = count[t]++;
		if (count[t] > rp->nsuites)
			rp->nsuites = count[t];
		rp->n++;
	}
	free(paths);
	free(count);
	name_suites(r, rp);
}

static void release(struct replays *rp)
{
	free(rp->st);
	free(rp->trace);
	free(rp->suite);
	for (size_t t = 0; t < rp->ntraces; t++)
		free(rp->names[t]);
	for (size_t s = 0; s < rp->nsuites; s++)
		free(rp->suites[s]);
	free(rp->names);
	free(rp->suites);
}

/* The element of trace t in suite s, or NULL. */
static const struct result_step *find(const struct replays *rp, size_t t, size_t s)
{
	for (size_t i = 0; i < rp->n; i++)
		if (rp->trace[i] == t && rp->suite[i] == s)
			return rp->st[i];
	return NULL;
}

/* Suite s's score: the geometric mean of its traces' MB/s; NAN unless every trace
 * of the run was replayed in it. */
static double suite_score(const struct replays *rp, size_t s)
{
	double logs = 0;

	for (size_t t = 0; t < rp->ntraces; t++) {
		const struct result_step *st = find(rp, t, s);
		double mb = st ? result_replay_mbps(st) : 0;

		if (!(mb > 0))
			return NAN;
		logs += log(mb);
	}
	return rp->ntraces ? exp(logs / (double)rp->ntraces) : NAN;
}

static void fmt1(double v, char *buf, size_t n)
{
	if (isfinite(v))
		chart_format_grouped(v, 1, buf, n);
	else
		snprintf(buf, n, "–");
}

/* The bars of one metric: per trace a group, in it a bar per suite in its colour. */
static void bars(struct report *r, const struct replays *rp, int access)
{
	struct chart *c = chart_new(CHART_BARG, r->msg[access ? M_RP_ACCESS : M_RP_MBPS],
				    r->msg[M_RP_BARS_SUB]);

	for (size_t t = 0; t < rp->ntraces; t++)
		for (size_t s = 0; s < rp->nsuites; s++) {
			const struct result_step *st = find(rp, t, s);
			char num[48], text[64];
			double v;

			if (!st)
				continue;
			v = access ? st->clat_mean_us : result_replay_mbps(st);
			fmt1(v, num, sizeof(num));
			snprintf(text, sizeof(text), "%s %s", num, access ? "µs" : "MB/s");
			chart_add_group_bar(c, rp->names[t], rp->suites[s], v, text,
					    chart_palette(s));
		}
	report__add_chart(r, xstrdup(access ? "replay-access" : "replay-mbps"), c, NULL);
}

/*
 * The overall score first, as PCMark 8 opens its storage results: a bar per suite of
 * its score (suite_score()); none when no suite replayed every trace.
 */
static void overall(struct report *r, const struct replays *rp)
{
	struct chart *c = chart_new(CHART_BARH, r->msg[M_RP_SCORE], r->msg[M_RP_SCORE_SUB]);

	chart_set_axis_titles(c, r->msg[M_MBPS_AXIS], "");
	for (size_t s = 0; s < rp->nsuites; s++) {
		double v = suite_score(rp, s);
		char num[48], text[64];

		if (!isfinite(v))
			continue;
		fmt1(v, num, sizeof(num));
		snprintf(text, sizeof(text), "%s MB/s", num);
		chart_add_bar(c, rp->suites[s], NULL, v, text, chart_palette(s));
	}
	if (c->nbars)
		report__add_chart(r, xstrdup("replay-score"), c, NULL);
	else
		chart_free(c);
}

/* "build, after steady state": element i's trace and suite. free() it. */
static char *element_name(const struct report *r, const struct replays *rp, size_t i)
{
	const struct wording w = report__wording(r);

	return xasprintf("%s%s%s", rp->names[rp->trace[i]], wording_sep(&w),
			 rp->suites[rp->suite[i]]);
}

/* How the trace was fitted onto the target: as recorded, or its offsets ÷ N. */
static void fit_text(const struct report *r, const struct result_step *st, char *buf,
		     size_t n)
{
	char f[24];
	char *t;

	if (st->replay_scale <= 1) {
		snprintf(buf, n, "%s", r->msg[M_RP_FIT_NONE]);
		return;
	}
	snprintf(f, sizeof(f), "%llu", (unsigned long long)st->replay_scale);
	t = msg_subst(r->msg[M_RP_FIT_SCALE], (const char *const[]){ f }, 1);
	snprintf(buf, n, "%s", t);
	free(t);
}

/* Every element's numbers, and each suite's score. */
static void scores(struct report *r, const struct replays *rp)
{
	const char *head[7] = { r->msg[M_RP_TRACE], "MB/s", r->msg[M_RP_ACCESS_US],
				r->msg[M_PLOT_P99_US], r->msg[M_PLOT_P999_US], r->msg[M_RP_IOS],
				r->msg[M_RP_FIT] };
	struct table *t = table_new(r->msg[M_RP_TABLE], r->msg[M_RP_TABLE_SUB], 7, head);
	char mb[48], acc[48], p99[48], p999[48], ios[32], fit[48];
	const char *row[7] = { NULL, mb, acc, p99, p999, ios, fit };

	for (size_t i = 0; i < rp->n; i++) {
		const struct result_step *st = rp->st[i];
		uint64_t n = 0;
		char *name;

		for (int dd = 0; dd < RESULT_NDIRS; dd++)
			n += st->dir_stat[dd].total_ios;
		row[0] = name = element_name(r, rp, i);
		fmt1(result_replay_mbps(st), mb, sizeof(mb));
		fmt1(st->clat_mean_us, acc, sizeof(acc));
		fmt1(st->clat_p99_us, p99, sizeof(p99));
		fmt1(st->clat_p999_us, p999, sizeof(p999));
		chart_format_grouped((double)n, 0, ios, sizeof(ios));
		fit_text(r, st, fit, sizeof(fit));
		table_add_row(t, row, NULL);
		free(name);
	}
	for (size_t s = 0; s < rp->nsuites; s++) {
		char *label = msg_subst(r->msg[M_RP_SUITE_OF],
					(const char *const[]){ rp->suites[s] }, 1);

		row[0] = label;
		fmt1(suite_score(rp, s), mb, sizeof(mb));
		acc[0] = p99[0] = p999[0] = ios[0] = fit[0] = '\0';
		table_add_row(t, row, NULL);
		free(label);
	}
	report__add_chart(r, xstrdup("replay-table"), NULL, t);
}

/* The first suite against the last: per trace MB/s and access time, Δ %. */
static void delta(struct report *r, const struct replays *rp)
{
	size_t last = rp->nsuites - 1;
	const char *first_last[2] = { rp->suites[0], rp->suites[last] };
	char *h[4] = { msg_subst(r->msg[M_COL_MBPS], first_last, 1),
		       msg_subst(r->msg[M_COL_MBPS], first_last + 1, 1),
		       msg_subst(r->msg[M_COL_US], first_last, 1),
		       msg_subst(r->msg[M_COL_US], first_last + 1, 1) };
	const char *head[7] = { r->msg[M_RP_TRACE], h[0], h[1], "Δ %", h[2], h[3], "Δ %" };
	char *sub = msg_subst(r->msg[M_RP_DELTA_SUB], first_last, 2);
	struct table *t = table_new(r->msg[M_RP_DELTA], sub, 7, head);
	char c[6][48];
	const char *row[7] = { NULL, c[0], c[1], c[2], c[3], c[4], c[5] };

	for (size_t i = 0; i < 4; i++)
		free(h[i]);
	free(sub);

	for (size_t k = 0; k <= rp->ntraces; k++) {
		const struct result_step *a = k < rp->ntraces ? find(rp, k, 0) : NULL;
		const struct result_step *b = k < rp->ntraces ? find(rp, k, last) : NULL;
		double v[4] = { NAN, NAN, NAN, NAN };
		uint32_t fills[7] = { TABLE_NO_FILL, TABLE_NO_FILL, TABLE_NO_FILL, TABLE_NO_FILL,
				      TABLE_NO_FILL,
				      TABLE_NO_FILL, TABLE_NO_FILL };

		if (k < rp->ntraces && (!a || !b))
			continue;
		if (a && b) {
			v[0] = result_replay_mbps(a);
			v[1] = result_replay_mbps(b);
			v[2] = a->clat_mean_us;
			v[3] = b->clat_mean_us;
			row[0] = rp->names[k];
		} else {   /* the suites' scores */
			v[0] = suite_score(rp, 0);
			v[1] = suite_score(rp, last);
			row[0] = r->msg[M_RP_GEOMEAN];
		}
		fmt1(v[0], c[0], sizeof(c[0]));
		fmt1(v[1], c[1], sizeof(c[1]));
		fmt1(table_delta_pct(v[0], v[1]), c[2], sizeof(c[2]));
		fills[3] = table_delta_color(table_delta_pct(v[0], v[1]), TABLE_HIGHER_BETTER, 50);
		fmt1(v[2], c[3], sizeof(c[3]));
		fmt1(v[3], c[4], sizeof(c[4]));
		fmt1(table_delta_pct(v[2], v[3]), c[5], sizeof(c[5]));
		fills[6] = table_delta_color(table_delta_pct(v[2], v[3]), TABLE_LOWER_BETTER, 50);
		table_add_row(t, row, fills);
	}
	report__add_chart(r, xstrdup("replay-delta"), NULL, t);
}

/* The access-time distribution: each element's completion-latency exceedance
 * (json+ bins over every direction), log-log as the qos kind draws it. */
static void distribution(struct report *r, const struct replays *rp)
{
	struct chart *c = chart_new(CHART_SWEEP, r->msg[M_RP_DIST], r->msg[M_RP_DIST_SUB]);
	struct result_hist h = { NULL, NULL, 0 };

	chart_set_axis_titles(c, r->msg[M_LATENCY], r->msg[M_PERCENTILE]);
	chart_set_scales(c, CHART_LOG10, CHART_LOG10);
	chart_set_units(c, CHART_UNIT_SI, CHART_UNIT_NINES);
	for (size_t i = 0; i < rp->n; i++) {
		double *x, *y;
		size_t n;

		qos_merge(rp->st[i], 0, &h);
		x = xmalloc((2 * h.n + 1) * sizeof(*x));
		y = xmalloc((2 * h.n + 1) * sizeof(*y));
		n = qos_exceedance(&h, x, y);
		if (n) {
			char *name = element_name(r, rp, i);

			chart_series_add(c, name, chart_palette(c->nseries), x, y, n);
			free(name);
		}
		free(x);
		free(y);
	}
	result_hist_release(&h);
	if (!c->nseries) {
		chart_free(c);
		return;
	}
	report__add_chart(r, xstrdup("replay-dist"), c, NULL);
}

void report__build_replay(struct report *r, const struct tmpl_chart *t)
{
	struct replays rp;

	(void)t;
	collect(r, &rp);
	if (rp.n) {
		overall(r, &rp);
		bars(r, &rp, 0);
		bars(r, &rp, 1);
		scores(r, &rp);
		if (rp.nsuites > 1)
			delta(r, &rp);
		distribution(r, &rp);
	}
	release(&rp);
}
