/* SPDX-License-Identifier: MIT */
/*
 * wording_cols: results.csv's columns and values as a reader is shown them (the
 * workbook's results sheet): "read_clat_p99.9_us" is "讀取完成延遲 p99.9（µs）", a
 * step's kind "precondition" is "填盤", ss_pass "1" is "是". The CSV itself keeps
 * its names (wording.h).
 */
#include "wording.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The columns named as they are, and their words. */
static const struct {
	const char *col;
	enum msg words;
} cols[] = {
	{ "step", W_C_INDEX },
	{ "name", M_STEP },
	{ "kind", W_C_KIND },
	{ "scope", W_C_SCOPE },
	{ "round", M_ROUND },
	{ "cell", W_C_CELL },
	{ "rw", M_PATTERN },
	{ "bs", W_C_BS },
	{ "iodepth", W_C_QD },
	{ "numjobs", W_C_T },
	{ "rwmixread", W_C_MIX },
	{ "iops_avg", W_C_IOPS_AVG },
	{ "iops_stddev", W_C_IOPS_SD },
	{ "iops_avg_over_stddev", W_C_IOPS_AVGSD },
	{ "iops_stddev_last60s", W_C_IOPS_SD60 },
	{ "iops_min", W_C_IOPS_MIN },
	{ "iops_max", W_C_IOPS_MAX },
	{ "iops_p99.9_slowest", W_C_IOPS_SLOW },
	{ "drivemaster_score", W_C_DM },
	{ "written_before_bytes", W_C_WB },
	{ "written_after_bytes", W_C_WA },
	{ "capacity_written_pct", W_C_CAPW },
	{ "read_holes_bytes", W_C_HOLES },
	{ "ss_metric", W_C_SS_METRIC },
	{ "ss_value", W_C_SS_VALUE },
	{ "ss_window_first", W_C_SS_FIRST },
	{ "ss_window_last", W_C_SS_LAST },
	{ "ss_avg", W_C_SS_AVG },
	{ "ss_data_excursion", W_C_SS_DEXC },
	{ "ss_max_data_excursion", W_C_SS_MDEXC },
	{ "ss_slope", W_C_SS_SLOPE },
	{ "ss_intercept", W_C_SS_ICPT },
	{ "ss_slope_excursion", W_C_SS_SEXC },
	{ "ss_max_slope_excursion", W_C_SS_MSEXC },
	{ "ss_pass", W_C_SS_PASS },
};

/* "read_" and "write_" before a measure, and their words */
static const struct {
	const char *prefix;
	enum msg words;
} dirs[] = {
	{ "read_", M_READ },
	{ "write_", M_WRITE },
};

/* the latency columns' families: "clat_p99.9_us", "lat_mean_us" */
static const struct {
	const char *prefix;
	enum msg words;   /* "{}" is the statistic */
} lats[] = {
	{ "clat_", W_C_CLAT },
	{ "lat_", W_C_LAT },
};

/* A measure without its direction: "iops", "MBps", "clat_p99_us"; 0 when unknown. */
static int add_measure(const char *m, const struct wording *w, struct sbuf *sb)
{
	size_t n = strlen(m);

	if (!strcmp(m, "iops")) {
		sbuf_adds(sb, "IOPS");
		return 1;
	}
	if (!strcmp(m, "MBps") || !strcmp(m, "bw")) {
		sbuf_adds(sb, "MB/s");
		return 1;
	}
	for (size_t i = 0; i < sizeof(lats) / sizeof(*lats); i++) {
		size_t p = strlen(lats[i].prefix);
		/* results.csv's "clat_p99_us", or a tracking variable's "clat-mean" */
		int track = !strncmp(m, lats[i].prefix, p - 1) && m[p - 1] == '-';
		const char *v;
		char *stat;

		if (!track && (strncmp(m, lats[i].prefix, p) || n < p + 3 ||
			       strcmp(m + n - 3, "_us")))
			continue;
		stat = track ? xstrdup(m + p) : xstrndup(m + p, n - p - 3);
		v = !strcmp(stat, "mean") ? w->s[W_C_AVG] : !strcmp(stat, "max") ? w->s[W_C_MAX] : stat;
		msg_add(sb, w->s[lats[i].words], &v, 1);
		free(stat);
		return 1;
	}
	return 0;
}

void wording_column(const char *col, const struct wording *w, struct sbuf *sb)
{
	struct sbuf m;

	for (size_t i = 0; i < sizeof(cols) / sizeof(*cols); i++)
		if (!strcmp(cols[i].col, col)) {
			sbuf_adds(sb, w->s[cols[i].words]);
			return;
		}
	sbuf_init(&m);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		size_t p = strlen(dirs[i].prefix);

		if (!strncmp(col, dirs[i].prefix, p) && add_measure(col + p, w, &m)) {
			const char *v[2] = { w->s[dirs[i].words], m.buf };

			msg_add(sb, w->s[W_C_DIR], v, 2);
			sbuf_release(&m);
			return;
		}
	}
	if (add_measure(col, w, &m))
		sbuf_adds(sb, m.buf);
	else
		sbuf_adds(sb, col);   /* a column this table does not know yet: its name */
	sbuf_release(&m);
}

void wording_track(const char *metric_dir, const struct wording *w, struct sbuf *sb)
{
	const char *colon = strchr(metric_dir, ':');
	char *metric = xstrndup(metric_dir, colon ? (size_t)(colon - metric_dir)
					       : strlen(metric_dir));
	struct sbuf m;

	sbuf_init(&m);
	if (!add_measure(metric, w, &m))
		sbuf_adds(&m, metric);
	for (size_t i = 0; colon && i < sizeof(dirs) / sizeof(*dirs); i++)
		if (!strncmp(colon + 1, dirs[i].prefix, strlen(dirs[i].prefix) - 1) &&
		    !colon[strlen(dirs[i].prefix)]) {
			const char *v[2] = { w->s[dirs[i].words], m.buf };

			msg_add(sb, w->s[W_C_DIR], v, 2);
			colon = NULL;
		}
	if (colon)   /* "iops:total" and the like: the measure alone */
		sbuf_adds(sb, m.buf);
	sbuf_release(&m);
	free(metric);
}
