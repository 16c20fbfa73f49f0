/* SPDX-License-Identifier: MIT */
/* lineup: matching tests across archives, values per drive, deltas, the lineup CSV. */
#include "lineup.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

static const struct lineup_metric_def metrics[LM_N] = {
	[LM_IOPS] = { "iops", "IOPS", 0, 1 },
	[LM_MBPS] = { "MBps", "MB/s", 0, 1 },
	[LM_READ_IOPS] = { "read_iops", "IOPS", 0, 0 },
	[LM_READ_MBPS] = { "read_MBps", "MB/s", 0, 0 },
	[LM_WRITE_IOPS] = { "write_iops", "IOPS", 0, 0 },
	[LM_WRITE_MBPS] = { "write_MBps", "MB/s", 0, 0 },
	[LM_CLAT_MEAN] = { "clat_mean_us", "µs", 1, 1 },
	[LM_CLAT_P99] = { "clat_p99_us", "µs", 1, 0 },
	[LM_CLAT_P999] = { "clat_p99.9_us", "µs", 1, 1 },
	[LM_CLAT_P9999] = { "clat_p99.99_us", "µs", 1, 0 },
};

const struct lineup_metric_def *lineup_metric(enum lineup_metric m)
{
	return &metrics[(unsigned)m < LM_N ? m : 0];
}

/* A positive measurement, else NAN: a direction without I/O has no rate. */
static double pos(double v)
{
	return v > 0 ? v : NAN;
}

static void step_values(const struct result_step *st, double v[LM_N])
{
	const struct result_dirstat *ds = st->dir_stat;

	v[LM_IOPS] = pos(ds[RESULT_READ].iops + ds[RESULT_WRITE].iops + ds[RESULT_TRIM].iops);
	v[LM_MBPS] = pos((ds[RESULT_READ].bw_bytes + ds[RESULT_WRITE].bw_bytes +
			  ds[RESULT_TRIM].bw_bytes) / 1e6);
	v[LM_READ_IOPS] = pos(ds[RESULT_READ].iops);
	v[LM_READ_MBPS] = pos(ds[RESULT_READ].bw_bytes / 1e6);
	v[LM_WRITE_IOPS] = pos(ds[RESULT_WRITE].iops);
	v[LM_WRITE_MBPS] = pos(ds[RESULT_WRITE].bw_bytes / 1e6);
	v[LM_CLAT_MEAN] = pos(st->clat_mean_us);
	v[LM_CLAT_P99] = pos(st->clat_p99_us);
	v[LM_CLAT_P999] = pos(st->clat_p999_us);
	v[LM_CLAT_P9999] = pos(st->clat_p9999_us);
}

static int same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int usable(const struct result_step *st)
{
	return st->status && !strcmp(st->status, "ok") &&
	       (!st->kind || !strcmp(st->kind, "workload"));
}

/*
 * Member run's value of test (name, cell): outside rounds the element itself; in
 * a rounds scope that reached steady state the mean over the measurement window;
 * otherwise the last round. Returns the representative element, or NULL.
 */
static const struct result_step *select_value(const struct result_run *run,
					      const char *name, const char *cell,
					      double v[LM_N], char **how)
{
	const struct result_step *last = NULL;
	const struct result_scope *sc;
	double sum[LM_N] = { 0 }, one[LM_N];
	int n[LM_N] = { 0 }, lo, hi;

	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (usable(st) && same(st->name, name) && same(st->cell, cell) &&
		    (!last || st->round >= last->round))
			last = st;
	}
	if (!last)
		return NULL;
	step_values(last, v);
	*how = xstrdup("");
	sc = last->scope ? result_run_scope(run, last->scope) : NULL;
	if (!last->round || !sc)
		return last;
	free(*how);
	if (!sc->steady_round || sc->window < 1) {
		*how = xasprintf("last round %d", last->round);
		return last;
	}
	hi = sc->steady_round;
	lo = hi - sc->window + 1 > 1 ? hi - sc->window + 1 : 1;
	*how = xasprintf("steady window %d-%d", lo, hi);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (!usable(st) || !same(st->name, name) || !same(st->cell, cell) ||
		    st->round < lo || st->round > hi)
			continue;
		step_values(st, one);
		for (int m = 0; m < LM_N; m++)
			if (isfinite(one[m])) {
				sum[m] += one[m];
				n[m]++;
			}
		if (st->round == hi)
			last = st;
	}
	for (int m = 0; m < LM_N; m++)
		v[m] = n[m] ? sum[m] / n[m] : NAN;
	return last;
}

/* The label: drive model and firmware when known, else the folder's last name. */
static char *default_label(const struct result_run *run, const char *dir)
{
	const char *end, *start;

	if (run->drive_model && *run->drive_model)
		return run->drive_firmware && *run->drive_firmware
			       ? xasprintf("%s %s", run->drive_model, run->drive_firmware)
			       : xstrdup(run->drive_model);
	end = dir + strlen(dir);
	while (end > dir + 1 && end[-1] == '/')
		end--;
	start = end;
	while (start > dir && start[-1] != '/')
		start--;
	return xstrndup(start, (size_t)(end - start));
}

static void set_labels(struct lineup *l, const char *const *dirs, const char *const *labels)
{
	for (size_t i = 0; i < l->nm; i++) {
		char *lab = labels && labels[i] ? xstrdup(labels[i])
						: default_label(l->m[i].run, dirs[i]);

		for (size_t j = 0; j < i; j++)
			if (!strcmp(l->m[j].label, lab)) {
				char *u = xasprintf("%s (%zu)", lab, i + 1);

				free(lab);
				lab = u;
				break;
			}
		l->m[i].label = lab;
		l->m[i].dir = xstrdup(dirs[i]);
	}
}

/* Whether test (name, cell) was already seen in run before element k. */
static int seen_before(const struct result_run *run, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (usable(&run->steps[i]) && same(run->steps[i].name, run->steps[k].name) &&
		    same(run->steps[i].cell, run->steps[k].cell))
			return 1;
	return 0;
}

/* Whether the lineup already matched or reported (name, cell). */
static int known(const struct lineup *l, const struct result_step *st)
{
	for (size_t i = 0; i < l->nt; i++)
		if (same(l->t[i].name, st->name) && same(l->t[i].cell, st->cell))
			return 1;
	for (size_t i = 0; i < l->nleft; i++) {
		char *key = xasprintf("%s%s%s%s: ", st->name, st->cell ? " [" : "",
				      st->cell ? st->cell : "", st->cell ? "]" : "");
		int hit = !strncmp(l->left_out[i], key, strlen(key));

		free(key);
		if (hit)
			return 1;
	}
	return 0;
}

/* Matches run r's element k across the members: a shared test, or a left-out one. */
static void match(struct lineup *l, const struct result_step *st)
{
	struct lineup_test t = { xstrdup(st->name), st->cell ? xstrdup(st->cell) : NULL,
				 /* An array of pointers: sizeof(*p) is the pointer size, as meant. */
				 /* NOLINTNEXTLINE(bugprone-sizeof-expression) */
				 xcalloc(l->nm, sizeof(*t.step)), xcalloc(l->nm, sizeof(*t.v)),
				 xcalloc(l->nm, sizeof(*t.how)) };
	struct sbuf only;
	size_t have = 0;

	sbuf_init(&only);
	for (size_t i = 0; i < l->nm; i++) {
		t.step[i] = select_value(l->m[i].run, st->name, st->cell, t.v[i], &t.how[i]);
		if (t.step[i])
			sbuf_addf(&only, "%s%s", have++ ? ", " : "", l->m[i].label);
	}
	if (have == l->nm) {
		l->t = xrealloc(l->t, (l->nt + 1) * sizeof(*l->t));
		l->t[l->nt++] = t;
	} else {
		l->left_out = xrealloc(l->left_out, (l->nleft + 1) * sizeof(*l->left_out));
		l->left_out[l->nleft++] =
			xasprintf("%s%s%s%s: only in %s", st->name, st->cell ? " [" : "",
				  st->cell ? st->cell : "", st->cell ? "]" : "", only.buf);
		for (size_t i = 0; i < l->nm; i++)
			free(t.how[i]);
		free(t.how);
		free(t.v);
		free(t.step);
		free(t.name);
		free(t.cell);
	}
	sbuf_release(&only);
}

int lineup_build(struct lineup *l, const struct result_run *const *runs,
		 const char *const *dirs, const char *const *labels, size_t n, size_t base,
		 struct diag *d)
{
	memset(l, 0, sizeof(*l));
	l->nm = n;
	l->base = base < n ? base : 0;
	l->m = xcalloc(n + 1, sizeof(*l->m));
	for (size_t i = 0; i < n; i++)
		l->m[i].run = runs[i];
	set_labels(l, dirs, labels);
	/* The baseline's order first, then what only the others ran. */
	for (size_t k = 0; k <= n; k++) {
		const struct result_run *run = runs[k == 0 ? l->base : k - 1];

		if (k && k - 1 == l->base)
			continue;
		for (size_t i = 0; i < run->nsteps; i++)
			if (usable(&run->steps[i]) && !seen_before(run, i) &&
			    !known(l, &run->steps[i]))
				match(l, &run->steps[i]);
	}
	if (!l->nt)
		return diag_set(d, -SB_EINVAL, dirs[l->base], 0, 0,
				"the archives share no finished test (step name and cell)");
	return 0;
}

void lineup_release(struct lineup *l)
{
	for (size_t i = 0; i < l->nt; i++) {
		for (size_t k = 0; k < l->nm; k++)
			free(l->t[i].how[k]);
		free(l->t[i].how);
		free(l->t[i].v);
		free(l->t[i].step);
		free(l->t[i].name);
		free(l->t[i].cell);
	}
	for (size_t i = 0; i < l->nm; i++) {
		free(l->m[i].label);
		free(l->m[i].dir);
	}
	for (size_t i = 0; i < l->nleft; i++)
		free(l->left_out[i]);
	free(l->left_out);
	free(l->t);
	free(l->m);
	memset(l, 0, sizeof(*l));
}

double lineup_delta(const struct lineup *l, size_t t, size_t i, enum lineup_metric m)
{
	double b = l->t[t].v[l->base][m], v = l->t[t].v[i][m];

	if (!isfinite(b) || !isfinite(v) || b == 0)
		return NAN;
	return (v - b) / fabs(b) * 100.0;
}

static void csv_row(struct sbuf *sb, const struct lineup *l, size_t t, size_t i, int m)
{
	const struct lineup_test *tt = &l->t[t];
	const char *fields[] = { l->m[i].label, l->m[i].dir, tt->name, tt->cell ? tt->cell : "",
				 metrics[m].id, metrics[m].unit };
	double dp = lineup_delta(l, t, i, (enum lineup_metric)m);

	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		sbuf_add_csv(sb, fields[f]);
		sbuf_addc(sb, ',');
	}
	sbuf_addf(sb, "%.2f,", tt->v[i][m]);
	if (isfinite(dp))
		sbuf_addf(sb, "%.2f", dp);
	sbuf_addf(sb, ",%s,", metrics[m].lower_better ? "lower" : "higher");
	sbuf_add_csv(sb, tt->how[i]);
	sbuf_adds(sb, "\r\n");
}

int lineup_write_csv(const struct lineup *l, const char *path, struct diag *d)
{
	struct sbuf sb;
	FILE *f;
	int rc = 0;

	sbuf_init(&sb);
	sbuf_adds(&sb, "\xEF\xBB\xBF" "drive,archive,test,cell,metric,unit,value,delta_pct,"
		  "better,selection\r\n");
	for (size_t t = 0; t < l->nt; t++)
		for (size_t i = 0; i < l->nm; i++)
			for (int m = 0; m < LM_N; m++)
				if (isfinite(l->t[t].v[i][m]))
					csv_row(&sb, l, t, i, m);
	f = fopen(path, "wb");
	if (!f || fwrite(sb.buf, 1, sb.len, f) != sb.len)
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno ? errno : EIO));
	if (f && fclose(f) && !rc)
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno));
	sbuf_release(&sb);
	return rc;
}
