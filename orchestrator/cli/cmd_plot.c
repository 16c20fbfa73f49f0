/* SPDX-License-Identifier: MIT */
/* cmd_plot: quick charts from fio logs and JSON made outside any plan. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chartdraw.h"
#include "cli_int.h"
#include "err.h"
#include "fiojson.h"
#include "fiolog.h"
#include "qos.h"
#include "report.h"
#include "sbuf.h"
#include "table.h"
#include "version.h"
#include "xalloc.h"

#define PLOT_MAX_FILES 64

const struct cli_opt cmd_plot_opts[] = {
	{ "kind", 'k', "KIND", 0, "time (default): the logs' metric over time; scatter: "
	  "per-second dispersion; bars: mean MB/s per job (JSON); qos: latency "
	  "exceedance from json+ bins (JSON); hist: response-time histogram from "
	  "json+ bins (JSON); delta: a table of each JSON's change against the first" },
	{ "x", 'x', "AXIS", 0, "time (default) or written: GB written, from bw logs" },
	{ "output", 'o', "FILE", 0, "FILE.svg, FILE.pdf or FILE.png (default plot.svg)" },
	{ "title", 't', "TEXT", 0, "chart title (default: the first file's name)" },
	{ "log-y", 0, NULL, 0, "logarithmic y axis" },
	{ "lang", 'l', "LANG", 0, "language of the text: zh-TW (default), zh-CN or en" },
	{ "width", 'w', "PX", 0, "PNG width in pixels (default 1400)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

enum plot_kind { PLOT_TIME, PLOT_SCATTER, PLOT_BARS, PLOT_QOS, PLOT_HIST, PLOT_DELTA };

static const char *const kind_names[] = { "time", "scatter", "bars", "qos", "hist",
					  "delta" };

/* Histogram buckets per decade of latency: fio's bins regrouped on a log axis. */
#define HIST_PER_DECADE 10
#define HIST_DECADES 12  /* 1 ns to 1000 s */

/* What a log's values are, from fio's file name (job_bw.1.log, job_iops.1.log). */
static const struct {
	const char *tag;
	const char *ytitle;
	double scale;             /* to the unit of ytitle */
	enum fiolog_combine how;
} log_kinds[] = {
	{ "_bw", "MB/s", 1024.0 / 1e6, FIOLOG_SUM },
	{ "_iops", "IOPS", 1, FIOLOG_SUM },
	{ "lat", "Latency (µs)", 1e-3, FIOLOG_MEAN },
	{ "", "Value", 1, FIOLOG_MEAN },
};

struct plot {
	enum plot_kind kind;
	int written;
	const char *out;
	struct chart *c;
	const char *ytitle;
	char *fio_version;        /* from the first JSON that names it */
};

static size_t log_kind(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t i = 0;

	while (log_kinds[i].tag[0] && !strstr(base, log_kinds[i].tag))
		i++;
	return i;
}

/* "dir/job_iops.1.log" -> "job_iops.1"; "run2/fio.json" -> "run2". */
static char *file_label(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *dot = strrchr(base, '.');

	if (!strcmp(base, "fio.json") && base > path + 1) {
		const char *dir = base - 1;

		while (dir > path && dir[-1] != '/')
			dir--;
		return xstrndup(dir, (size_t)(base - 1 - dir));
	}
	if (dot && (!strcmp(dot, ".log") || !strcmp(dot, ".json")))
		return xstrndup(base, (size_t)(dot - base));
	return xstrdup(base);
}

/*
 * Turns s into the chart's points in place: y scaled to the log's unit, x the
 * seconds, or GB written so far (bw in bytes/s, 1 s apart).
 */
static void to_points(const struct plot *pl, struct result_series *s, double scale)
{
	double sum = 0;

	for (size_t i = 0; i < s->n; i++) {
		sum += s->v[i] * scale * 1e6 / 1e9;
		if (pl->written)
			s->t[i] = sum;
		s->v[i] *= scale;
	}
}

static int add_log(struct plot *pl, const char *path, struct diag *d)
{
	struct result_series s[RESULT_NDIRS];
	size_t k = log_kind(path), dirs = 0;
	char *label = file_label(path);
	int rc;

	memset(s, 0, sizeof(s));
	if (pl->written && k != 0)
		rc = diag_set(d, -SB_EINVAL, path, 0, 0, "--x written needs a bw log "
			      "(NAME_bw.N.log)");
	else
		rc = fiolog_aggregate(&path, 1, log_kinds[k].how, s, d);
	for (int i = 0; !rc && i < RESULT_NDIRS; i++)
		dirs += s[i].n > 0;
	for (int i = 0; !rc && i < RESULT_NDIRS; i++) {
		char *name;

		if (!s[i].n)
			continue;
		name = dirs > 1 ? xasprintf("%s %s", label, result_dir_name(i))
				: xstrdup(label);
		/* Millions of points: the chart takes the arrays, no copy. */
		to_points(pl, &s[i], log_kinds[k].scale);
		chart_add_series_own(pl->c, name, chart_palette(pl->c->nseries), s[i].t,
				     s[i].v, s[i].n);
		memset(&s[i], 0, sizeof(s[i]));
		free(name);
	}
	pl->ytitle = log_kinds[k].ytitle;
	for (int i = 0; i < RESULT_NDIRS; i++)
		result_series_release(&s[i]);
	free(label);
	return rc;
}

/* l's json+ bins (sorted by value) as report/qos.c takes them; result_hist_release() it. */
static void lat_hist(const struct fiojson_lat *l, struct result_hist *h)
{
	h->ns = xmalloc((l->nbins + 1) * sizeof(*h->ns));
	h->count = xmalloc((l->nbins + 1) * sizeof(*h->count));
	for (size_t i = 0; i < l->nbins; i++) {
		h->ns[i] = l->bins[i].ns;
		h->count[i] = l->bins[i].count;
	}
	h->n = l->nbins;
}

/* The exceedance curve, P(latency >= x), x in µs: the report's QoS staircase. */
static void add_qos(struct plot *pl, const struct fiojson_lat *l, const char *name)
{
	struct result_hist h;
	double *x = xmalloc((2 * l->nbins + 1) * sizeof(*x));
	double *y = xmalloc((2 * l->nbins + 1) * sizeof(*y));
	size_t n;

	lat_hist(l, &h);
	n = qos_exceedance(&h, x, y);
	if (n)
		chart_add_series(pl->c, name, chart_palette(pl->c->nseries), x, y, n);
	result_hist_release(&h);
	free(x);
	free(y);
}

/* The share of I/Os per log-spaced latency bucket, in percent, x in µs: the report's. */
static void add_hist(struct plot *pl, const struct fiojson_lat *l, const char *name)
{
	double x[HIST_PER_DECADE * HIST_DECADES], y[HIST_PER_DECADE * HIST_DECADES];
	struct result_hist h;
	size_t n;

	lat_hist(l, &h);
	n = qos_histogram(&h, HIST_PER_DECADE, x, y, HIST_PER_DECADE * HIST_DECADES);
	if (n)
		chart_add_series(pl->c, name, chart_palette(pl->c->nseries), x, y, n);
	result_hist_release(&h);
}

static void add_job_bar(struct plot *pl, const struct fiojson_dirstat *ds,
			const char *name, int dir)
{
	static const uint32_t dir_color[FIOJSON_NDIRS] = {
		CHART_COLOR_READ, CHART_COLOR_WRITE, CHART_COLOR_TRIM,
	};

	char mbs[48], iops[32], *value;

	chart_format_grouped(ds->bw_bytes / 1e6, ds->bw_bytes < 100e6 ? 1 : 0, mbs,
			     sizeof(mbs));
	chart_format_si(ds->iops, 0, iops, sizeof(iops));
	value = xasprintf("%s MB/s  (%s IOPS)", mbs, iops);
	chart_add_bar(pl->c, name, "", ds->bw_bytes / 1e6, value, dir_color[dir]);
	chart_add_legend(pl->c, fiojson_dir_name((enum fiojson_dir)dir), dir_color[dir]);
	free(value);
}

static int add_json(struct plot *pl, const char *path, struct diag *d)
{
	struct fiojson_report r;
	char *label = file_label(path);
	int rc;

	fiojson_report_init(&r);
	rc = fiojson_parse_file(path, &r, d);
	if (!rc && r.fio_version && !pl->fio_version)
		pl->fio_version = xstrdup(r.fio_version);
	for (size_t j = 0; !rc && j < r.njobs; j++)
		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			const struct fiojson_dirstat *ds = &r.jobs[j].dir[k];
			char *name = xasprintf("%s: %s %s", label, r.jobs[j].jobname,
					       fiojson_dir_name((enum fiojson_dir)k));

			if (ds->total_ios > 0 && pl->kind == PLOT_BARS)
				add_job_bar(pl, ds, name, k);
			else if (ds->total_ios > 0 && pl->kind == PLOT_HIST)
				add_hist(pl, &ds->clat, name);
			else if (ds->total_ios > 0)
				add_qos(pl, &ds->clat, name);
			free(name);
		}
	fiojson_report_release(&r);
	free(label);
	return rc;
}

static int is_json(const char *path)
{
	size_t n = strlen(path);

	return n > 5 && !strcmp(path + n - 5, ".json");
}

static int add_file(struct plot *pl, const char *path, struct diag *d)
{
	int json = is_json(path);

	if (json != (pl->kind >= PLOT_BARS))
		return diag_set(d, -SB_EINVAL, path, 0, 0, "--kind %s takes %s",
				kind_names[pl->kind], json ? "fio logs, not JSON"
							   : "fio JSON (json+ for qos)");
	return json ? add_json(pl, path, d) : add_log(pl, path, d);
}

/* Provenance: the files, fio's version when a JSON said it, ssdbench's. */
static void set_footer(const struct plot *pl, struct chart *c, struct table *t,
		       const char *const *files, size_t nfiles)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_addf(&sb, "%s", files[0]);
	if (nfiles > 1)
		sbuf_addf(&sb, " (+%zu)", nfiles - 1);
	if (pl->fio_version)
		sbuf_addf(&sb, "  |  %s", pl->fio_version);
	sbuf_addf(&sb, "  |  ssdbench %s", SSDBENCH_VERSION);
	if (c)
		chart_set_footer(c, sb.buf);
	if (t)
		table_set_footer(t, sb.buf);
	sbuf_release(&sb);
}

/* The chart for the kind, its axes, and every file's series or bars. */
static int build(struct plot *pl, const char *title, const char *const *files,
		 size_t nfiles, int log_y, struct diag *d)
{
	static const enum chart_kind kinds[] = { CHART_LINE, CHART_SCATTER, CHART_BARH,
						 CHART_SWEEP, CHART_SWEEP };
	char *first = file_label(files[0]);
	int rc = 0;

	pl->c = chart_new(kinds[pl->kind], title ? title : first, "");
	for (size_t i = 0; !rc && i < nfiles; i++)
		rc = add_file(pl, files[i], d);
	if (pl->kind == PLOT_QOS) {
		chart_set_axis_titles(pl->c, "Completion latency (µs)", "Percentile");
		chart_set_scales(pl->c, CHART_LOG10, CHART_LOG10);
		chart_set_units(pl->c, CHART_UNIT_SI, CHART_UNIT_NINES);
	} else if (pl->kind == PLOT_HIST) {
		chart_set_axis_titles(pl->c, "Completion latency (µs)", "% of I/Os");
		chart_set_scales(pl->c, CHART_LOG10, CHART_LINEAR);
	} else if (pl->kind == PLOT_BARS) {
		chart_set_axis_titles(pl->c, "MB/s (1 MB = 1,000,000 B)", "");
	} else {
		chart_set_axis_titles(pl->c, pl->written ? "GB written" : "Time (s)",
				      pl->ytitle);
		chart_set_scales(pl->c, CHART_LINEAR, log_y ? CHART_LOG10 : CHART_LINEAR);
	}
	set_footer(pl, pl->c, NULL, files, nfiles);
	free(first);
	return rc;
}

/* The columns of a delta table and which way each is better. */
enum { DM_RIOPS, DM_WIOPS, DM_RMBS, DM_WMBS, DM_MEAN, DM_P99, DM_P999, DM_N };

static const struct {
	const char *head;
	enum table_better better;
} delta_cols[DM_N] = {
	{ "Read IOPS", TABLE_HIGHER_BETTER }, { "Write IOPS", TABLE_HIGHER_BETTER },
	{ "Read MB/s", TABLE_HIGHER_BETTER },  { "Write MB/s", TABLE_HIGHER_BETTER },
	{ "Mean lat. (µs)", TABLE_LOWER_BETTER }, { "p99 (µs)", TABLE_LOWER_BETTER },
	{ "p99.9 (µs)", TABLE_LOWER_BETTER },
};

/* A JSON's headline numbers over all its jobs; latency over every direction. */
static void delta_values(const struct fiojson_report *r, double v[DM_N])
{
	struct fiojson_lat all;
	uint64_t ns;

	fiojson_lat_init(&all);
	memset(v, 0, DM_N * sizeof(*v));
	for (size_t j = 0; j < r->njobs; j++) {
		const struct fiojson_dirstat *ds = r->jobs[j].dir;

		v[DM_RIOPS] += ds[FIOJSON_READ].iops;
		v[DM_WIOPS] += ds[FIOJSON_WRITE].iops;
		v[DM_RMBS] += ds[FIOJSON_READ].bw_bytes / 1e6;
		v[DM_WMBS] += ds[FIOJSON_WRITE].bw_bytes / 1e6;
		for (int k = 0; k < FIOJSON_NDIRS; k++)
			if (ds[k].total_ios)
				fiojson_lat_merge(&all, &ds[k].clat);
	}
	v[DM_MEAN] = isfinite(all.mean_ns) ? all.mean_ns / 1e3 : 0;
	v[DM_P99] = fiojson_lat_percentile(&all, 99, &ns) ? 0 : (double)ns / 1e3;
	v[DM_P999] = fiojson_lat_percentile(&all, 99.9, &ns) ? 0 : (double)ns / 1e3;
	fiojson_lat_release(&all);
}

/* One row: the values, and for rows after the baseline their shaded change. */
static void delta_row(struct table *t, const char *label, const double v[DM_N],
		      const double *base)
{
	const char *text[DM_N + 1];
	uint32_t fill[DM_N + 1];
	char buf[DM_N][64];

	text[0] = label;
	fill[0] = TABLE_NO_FILL;
	for (int i = 0; i < DM_N; i++) {
		double pct = base ? table_delta_pct(base[i], v[i]) : NAN;
		char num[32];

		chart_format_grouped(v[i], v[i] < 100 ? 1 : 0, num, sizeof(num));
		if (!(v[i] > 0))
			snprintf(buf[i], sizeof(buf[i]), "–");
		else if (isfinite(pct))
			snprintf(buf[i], sizeof(buf[i]), "%s  (%+.1f%%)", num, pct);
		else
			snprintf(buf[i], sizeof(buf[i]), "%s", num);
		text[i + 1] = buf[i];
		fill[i + 1] = base ? table_delta_color(pct, delta_cols[i].better, 20)
				   : TABLE_NO_FILL;
	}
	table_add_row(t, text, fill);
}

/* --kind delta: each JSON against the first, one row each. */
static int build_delta(struct plot *pl, struct table **out, const char *title,
		       const char *const *files, size_t nfiles, struct diag *d)
{
	const char *head[DM_N + 1] = { "" };
	double base[DM_N], v[DM_N];
	struct table *t;
	int rc = 0;

	for (int i = 0; i < DM_N; i++)
		head[i + 1] = delta_cols[i].head;
	t = table_new(title ? title : "Change against the baseline",
		      "Shaded by how much better (green) or worse (red); baseline: first "
		      "file; latency lower is better", DM_N + 1, head);
	for (size_t f = 0; !rc && f < nfiles; f++) {
		struct fiojson_report r;
		char *label = file_label(files[f]);

		fiojson_report_init(&r);
		rc = is_json(files[f]) ? fiojson_parse_file(files[f], &r, d)
			: diag_set(d, -SB_EINVAL, files[f], 0, 0, "--kind delta takes fio JSON");
		if (!rc && r.fio_version && !pl->fio_version)
			pl->fio_version = xstrdup(r.fio_version);
		if (!rc) {
			delta_values(&r, f ? v : base);
			delta_row(t, label, f ? v : base, f ? base : NULL);
		}
		fiojson_report_release(&r);
		free(label);
	}
	*out = t;
	return rc;
}

static int parse_kind(const struct cli_cmd *c, const char *s, enum plot_kind *k)
{
	for (size_t i = 0; i < sizeof(kind_names) / sizeof(kind_names[0]); i++)
		if (!strcmp(s, kind_names[i])) {
			*k = (enum plot_kind)i;
			return -1;
		}
	return cli__usage(c, "unknown --kind '%s' (time, scatter, bars, qos, hist or "
			  "delta)", s);
}

/* Checks the options into pl; returns -1 to go on, or an exit code. */
static int read_opts(const struct cli_cmd *c, const struct cli_parsed *p,
		     struct plot *pl, int *png_width)
{
	const char *x = cli__value(c, p, "x"), *w = cli__value(c, p, "width");
	int ex = -1;

	pl->out = cli__value(c, p, "output") ? cli__value(c, p, "output") : "plot.svg";
	if (cli__value(c, p, "kind"))
		ex = parse_kind(c, cli__value(c, p, "kind"), &pl->kind);
	if (ex < 0 && x && strcmp(x, "time") && strcmp(x, "written"))
		ex = cli__usage(c, "unknown --x '%s' (time or written)", x);
	pl->written = x && !strcmp(x, "written");
	if (ex < 0 && chartdraw_format(pl->out) < 0)
		ex = cli__usage(c, "output '%s' must end in .svg, .pdf or .png", pl->out);
	*png_width = w ? atoi(w) : 1400;
	if (ex < 0 && (*png_width < 200 || *png_width > 20000))
		ex = cli__usage(c, "invalid --width '%s' (pixels, 200 to 20000)", w);
	return ex;
}

/* Draws the chart, or the delta table, to pl->out. */
static int draw(struct plot *pl, struct table *t, const struct cli_parsed *p,
		const struct cli_cmd *c, int png_width, struct diag *d)
{
	char *conf = report_data_path("templates/fonts.conf");
	enum gfx_format fmt = (enum gfx_format)chartdraw_format(pl->out);
	struct gfx_fonts *fonts = NULL;
	struct gfx_meta meta = { NULL, "ssdbench", NULL };
	int rc = gfx_fonts_new(&fonts, conf, cli__value(c, p, "lang"), d);

	meta.title = t ? t->title : pl->c->title;
	if (!rc && t)
		rc = chartdraw_table_file(t, fonts, fmt, pl->out, 960, png_width, &meta, d);
	else if (!rc)
		rc = chartdraw_file(pl->c, fonts, fmt, pl->out, 960, 600, png_width, &meta,
				    d);
	if (!rc)
		printf("plot: %s\n", pl->out);
	gfx_fonts_free(fonts);
	free(conf);
	return rc;
}

/* Builds and draws what the options ask for; returns 0 or a negative code. */
static int plot_files(struct plot *pl, const struct cli_cmd *c, const struct cli_parsed *p,
		      const char *const *files, size_t nfiles, int png_width,
		      struct diag *d)
{
	const char *title = cli__value(c, p, "title");
	struct table *t = NULL;
	int rc;

	if (pl->kind == PLOT_DELTA) {
		rc = build_delta(pl, &t, title, files, nfiles, d);
		if (!rc)
			set_footer(pl, NULL, t, files, nfiles);
	} else {
		rc = build(pl, title, files, nfiles, cli__value(c, p, "log-y") != NULL, d);
	}
	if (!rc)
		rc = draw(pl, t, p, c, png_width, d);
	table_free(t);
	return rc;
}

int cmd_plot(const struct cli_cmd *c, int argc, char **argv)
{
	struct plot pl = { PLOT_TIME, 0, NULL, NULL, "Value", NULL };
	struct cli_parsed p;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), png_width = 0;

	if (ex < 0 && p.nargs > PLOT_MAX_FILES)
		ex = cli__usage(c, "at most %d files", PLOT_MAX_FILES);
	if (ex < 0)
		ex = read_opts(c, &p, &pl, &png_width);
	if (ex < 0) {
		diag_clear(&d);
		ex = cli__finish(plot_files(&pl, c, &p, (const char *const *)p.args, p.nargs,
					    png_width, &d), &d);
	}
	chart_free(pl.c);
	free(pl.fio_version);
	return ex;
}
