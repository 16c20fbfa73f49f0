/* SPDX-License-Identifier: MIT */
/* lineup_csv: the lineup CSV and the statistics CSV of its columns' passes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "chart.h"
#include "err.h"
#include "lineup.h"
#include "lineup_params.h"
#include "safefile.h"
#include "sbuf.h"

/* A number with digits enough for a recomputation to compare (empty: NAN). */
static void add_num(struct sbuf *sb, double v)
{
	if (isfinite(v))
		sbuf_addf(sb, "%.10g", v);
}

/* The member's archives: its one, or its passes' ';'-separated. A new string. */
static char *member_dirs(const struct lineup_member *m)
{
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t p = 0; p < m->npass; p++)
		sbuf_addf(&sb, "%s%s", p ? ";" : "", m->pass[p].dir);
	return sbuf_detach(&sb);
}

/* ",passes,sd,ci95,delta_ci95_pct,p,noise" of member i's row. */
static void noise_fields(struct sbuf *sb, const struct lineup *l, size_t t, size_t i, int m)
{
	const struct lineup_test *tt = &l->t[t];
	const struct stats *st = &tt->st[i][m];
	const struct stats_welch *w = &tt->w[i][m];
	double b = tt->v[l->base][m];

	sbuf_addf(sb, ",%zu,", st->n);
	add_num(sb, st->sd);
	sbuf_addc(sb, ',');
	add_num(sb, st->ci95);
	sbuf_addc(sb, ',');
	if (i != l->base && b != 0)
		add_num(sb, w->ci95 / fabs(b) * 100.0);
	sbuf_addc(sb, ',');
	if (i != l->base)
		add_num(sb, w->p);
	sbuf_addc(sb, ',');
	if (i != l->base)
		sbuf_adds(sb, tt->noise[i][m] == LINEUP_NOISE_SIGNIFICANT ? "significant" :
			      tt->noise[i][m] == LINEUP_NOISE_WITHIN ? "within" : "1 pass");
}

/* Column i's row of test t, metric m in the lineup CSV (none when unmeasured). */
static void csv_row(struct sbuf *sb, const struct lineup *l, size_t t, size_t i, int m)
{
	const struct lineup_test *tt = &l->t[t];
	char *dirs;
	const char *fields[6];
	double dp = lineup_delta(l, t, i, (enum lineup_metric)m);
	struct sbuf differs;
	char num[64];

	if (!isfinite(tt->v[i][m]))
		return;
	dirs = member_dirs(&l->m[i]);
	fields[0] = l->m[i].label;
	fields[1] = dirs;
	fields[2] = tt->name;
	fields[3] = tt->cell ? tt->cell : "";
	fields[4] = lineup_metric(m)->id;
	fields[5] = lineup_metric(m)->unit;
	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		sbuf_add_csv(sb, fields[f]);
		sbuf_addc(sb, ',');
	}
	free(dirs);
	if (isfinite(tt->v[i][m]))                  /* a test the drive lacks: empty */
		sbuf_adds(sb, chart_format_fixed(tt->v[i][m], lineup_metric(m)->decimals, num,
						 sizeof(num)));
	sbuf_addc(sb, ',');
	if (isfinite(dp))
		sbuf_adds(sb, chart_format_fixed(dp, 2, num, sizeof(num)));
	sbuf_addf(sb, ",%s,", lineup_metric(m)->lower_better ? "lower" : "higher");
	sbuf_add_csv(sb, tt->how[i]);
	sbuf_addc(sb, ',');
	sbuf_init(&differs);
	if (lineup_mark(l, t, i, NULL, &differs))
		sbuf_add_csv(sb, differs.buf);
	sbuf_release(&differs);
	noise_fields(sb, l, t, i, m);
	sbuf_adds(sb, "\r\n");
}

/* Writes path: the header, then row() of every test, column and metric in order. */
static int write_csv(const struct lineup *l, const char *path, const char *header,
		     void (*row)(struct sbuf *, const struct lineup *, size_t, size_t, int),
		     struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_adds(&sb, "\xEF\xBB\xBF");
	sbuf_adds(&sb, header);
	for (size_t t = 0; t < l->nt; t++)
		for (size_t i = 0; i < l->nm; i++)
			for (int m = 0; m < LM_N; m++)
				row(&sb, l, t, i, m);
	rc = safefile_write(path, sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

int lineup_write_csv(const struct lineup *l, const char *path, struct diag *d)
{
	return write_csv(l, path, "drive,archive,test,cell,metric,unit,value,delta_pct,"
			 "better,selection,params_differ,passes,sd,ci95,delta_ci95_pct,p,"
			 "noise\r\n", csv_row, d);
}

/* Column i's statistics of test t, metric m: a row of stats.csv (none unmeasured). */
static void stats_row(struct sbuf *sb, const struct lineup *l, size_t t, size_t i, int m)
{
	const struct stats *st = &l->t[t].st[i][m];
	const char *f[] = { l->m[i].label, l->t[t].name, l->t[t].cell ? l->t[t].cell : "",
			    lineup_metric(m)->id, lineup_metric(m)->unit };
	double num[] = { st->mean, st->sd, st->cv * 100, st->ci95,
			 st->ci95 / fabs(st->mean) * 100, st->min, st->max };
	char buf[64];

	if (!st->n)
		return;
	for (size_t k = 0; k < sizeof(f) / sizeof(*f); k++) {
		sbuf_add_csv(sb, f[k]);
		sbuf_addc(sb, ',');
	}
	sbuf_addf(sb, "%zu", st->n);
	for (size_t k = 0; k < sizeof(num) / sizeof(*num); k++) {
		sbuf_addc(sb, ',');
		add_num(sb, num[k]);
	}
	sbuf_addc(sb, ',');
	for (size_t p = 0; p < l->t[t].np[i]; p++) {
		double v = l->t[t].pv[i][p * LM_N + m];

		sbuf_addf(sb, "%s%s", p ? ";" : "", isfinite(v) ?
			  chart_format_fixed(v, 6, buf, sizeof(buf)) : "");
	}
	sbuf_adds(sb, "\r\n");
}

int lineup_write_stats_csv(const struct lineup *l, const char *path, struct diag *d)
{
	return write_csv(l, path, "drive,test,cell,metric,unit,passes,mean,sd,cv_pct,ci95,"
			 "ci95_pct,min,max,values\r\n", stats_row, d);
}
