/* SPDX-License-Identifier: MIT */
/*
 * plot: `ssdbench plot`'s quick charts and delta tables from fio logs and JSON made
 * outside any plan; its kinds are TMPL_KINDS' rows marked for plot (tmpl.h).
 */
#include "plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc.h"
#include "err.h"
#include "fiojson.h"
#include "fiolog.h"
#include "html.h"
#include "lang.h"
#include "msg.h"
#include "qos.h"
#include "sbuf.h"
#include "table.h"
#include "tmpl.h"
#include "version.h"
#include "wcheck.h"
#include "xalloc.h"

/* Histogram buckets per decade of latency: fio's bins regrouped on a log axis. */
#define HIST_PER_DECADE 10
#define HIST_DECADES 12  /* 1 ns to 1000 s */

/*
 * What a log's values are, from fio's file name (job_bw.1.log, job_iops.1.log); the
 * y title is the string ytitle_msg of the language when not M_N.
 */
static const struct {
	const char *tag;
	const char *ytitle;
	enum msg ytitle_msg;
	double scale;             /* to the unit of ytitle */
	enum fiolog_combine how;
} log_kinds[] = {
	{ "_bw", "MB/s", M_N, 1024.0 / 1e6, FIOLOG_SUM },
	{ "_iops", "IOPS", M_N, 1, FIOLOG_SUM },
	{ "_clat", NULL, M_PLOT_CLAT, 1e-3, FIOLOG_MEAN },  /* fio's clat: completion */
	{ "_slat", NULL, M_PLOT_SLAT, 1e-3, FIOLOG_MEAN },  /* slat: submission */
	{ "_lat", NULL, M_PLOT_LAT, 1e-3, FIOLOG_MEAN },    /* lat: their sum, response time */
	{ "", NULL, M_PLOT_VALUE, 1, FIOLOG_MEAN },
};

/* One plot being built: the options, and the chart as it fills. */
struct plot {
	enum tmpl_kind kind;
	int written;
	struct chart *c;
	const char *ytitle;
	char *fio_version;        /* from the first JSON that names it */
	const char *const *msg;   /* the language's strings (--lang) */
	char **labels;            /* each file's legend name (--label, else its name) */
	size_t nlabels;
	const char *const *files; /* the files, nlabels of them (their paths in the footer) */
	const char *title;        /* --title, or NULL */
};

static const enum msg dir_msg[RESULT_NDIRS] = { M_READ, M_WRITE, M_TRIM };

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

static int add_log(struct plot *pl, const char *path, const char *label, struct diag *d)
{
	struct result_series s[RESULT_NDIRS];
	size_t k = log_kind(path), dirs = 0;
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
		name = dirs > 1 ? xasprintf("%s %s", label, pl->msg[dir_msg[i]])
				: xstrdup(label);
		/* Millions of points: the chart takes the arrays, no copy. */
		to_points(pl, &s[i], log_kinds[k].scale);
		chart_series_add_own(pl->c, name, chart_palette(pl->c->nseries), s[i].t,
				     s[i].v, s[i].n);
		memset(&s[i], 0, sizeof(s[i]));
		free(name);
	}
	pl->ytitle = log_kinds[k].ytitle ? log_kinds[k].ytitle : pl->msg[log_kinds[k].ytitle_msg];
	for (int i = 0; i < RESULT_NDIRS; i++)
		result_series_release(&s[i]);
	return rc;
}

/* l's json+ bins (sorted by value) as report/model/qos.c takes them; result_hist_release() it. */
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
		chart_series_add(pl->c, name, chart_palette(pl->c->nseries), x, y, n);
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
		chart_series_add(pl->c, name, chart_palette(pl->c->nseries), x, y, n);
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
	chart_add_legend(pl->c, pl->msg[dir_msg[dir]], dir_color[dir]);
	free(value);
}

static int add_json(struct plot *pl, const char *path, const char *label, struct diag *d)
{
	struct fiojson_report r;
	int rc;

	fiojson_report_init(&r);
	rc = fiojson_parse_file(path, &r, d);
	if (!rc && r.fio_version && !pl->fio_version)
		pl->fio_version = xstrdup(r.fio_version);
	for (size_t j = 0; !rc && j < r.njobs; j++)
		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			const struct fiojson_dirstat *ds = &r.jobs[j].dir[k];
			char *name = xasprintf("%s: %s %s", label, r.jobs[j].jobname,
					       pl->msg[dir_msg[k]]);

			if (ds->total_ios > 0 && pl->kind == TMPL_BARS)
				add_job_bar(pl, ds, name, k);
			else if (ds->total_ios > 0 && pl->kind == TMPL_HIST)
				add_hist(pl, &ds->clat, name);
			else if (ds->total_ios > 0)
				add_qos(pl, &ds->clat, name);
			free(name);
		}
	fiojson_report_release(&r);
	return rc;
}

static int is_json(const char *path)
{
	size_t n = strlen(path);

	return n > 5 && !strcmp(path + n - 5, ".json");
}

static int add_file(struct plot *pl, const char *path, const char *label, struct diag *d)
{
	int json = is_json(path);

	if (json != !!(tmpl_kind_info(pl->kind)->flags & TMPL_PLOT_JSON))
		return diag_set(d, -SB_EINVAL, path, 0, 0, "--kind %s takes %s",
				tmpl_kind_name(pl->kind), json ? "fio logs, not JSON"
							       : "fio JSON (json+ for qos)");
	return json ? add_json(pl, path, label, d) : add_log(pl, path, label, d);
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
	/* The chart model's kind of each plot kind but delta (a table). */
	static const enum chart_kind chart_of[TMPL_NKINDS] = {
		[TMPL_TIME] = CHART_LINE,  [TMPL_DISPERSION] = CHART_SCATTER,
		[TMPL_BARS] = CHART_BARH,  [TMPL_QOS] = CHART_SWEEP,
		[TMPL_HIST] = CHART_SWEEP,
	};
	int rc = 0;

	pl->c = chart_new(chart_of[pl->kind], title ? title : pl->labels[0], "");
	for (size_t i = 0; !rc && i < nfiles; i++)
		rc = add_file(pl, files[i], pl->labels[i], d);
	if (pl->kind == TMPL_QOS) {
		chart_set_axis_titles(pl->c, pl->msg[M_LATENCY], pl->msg[M_PERCENTILE]);
		chart_set_scales(pl->c, CHART_LOG10, CHART_LOG10);
		chart_set_units(pl->c, CHART_UNIT_SI, CHART_UNIT_NINES);
	} else if (pl->kind == TMPL_HIST) {
		chart_set_axis_titles(pl->c, pl->msg[M_LATENCY], pl->msg[M_PCT_IOS]);
		chart_set_scales(pl->c, CHART_LOG10, CHART_LINEAR);
	} else if (pl->kind == TMPL_BARS) {
		chart_set_axis_titles(pl->c, pl->msg[M_PLOT_MBS], "");
	} else {
		chart_set_axis_titles(pl->c, pl->msg[pl->written ? M_GB_WRITTEN : M_TIME],
				      pl->ytitle);
		chart_set_scales(pl->c, CHART_LINEAR, log_y ? CHART_LOG10 : CHART_LINEAR);
	}
	set_footer(pl, pl->c, NULL, files, nfiles);
	return rc;
}

/* The columns of a delta table and which way each is better. */
enum { DM_RIOPS, DM_WIOPS, DM_RMBS, DM_WMBS, DM_MEAN, DM_P99, DM_P999, DM_N };

static const struct {
	enum msg head;
	enum table_better better;
} delta_cols[DM_N] = {
	{ M_PLOT_RIOPS, TABLE_HIGHER_BETTER }, { M_PLOT_WIOPS, TABLE_HIGHER_BETTER },
	{ M_RMBS, TABLE_HIGHER_BETTER },  { M_WMBS, TABLE_HIGHER_BETTER },
	{ M_PLOT_MEAN_US, TABLE_LOWER_BETTER }, { M_PLOT_P99_US, TABLE_LOWER_BETTER },
	{ M_PLOT_P999_US, TABLE_LOWER_BETTER },
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
		head[i + 1] = pl->msg[delta_cols[i].head];
	t = table_new(title ? title : pl->msg[M_PLOT_DELTA], pl->msg[M_PLOT_DELTA_SUB], DM_N + 1,
		      head);
	for (size_t f = 0; !rc && f < nfiles; f++) {
		struct fiojson_report r;
		const char *label = pl->labels[f];

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
	}
	*out = t;
	return rc;
}

/* The chart, or the delta table, as a one-item document in lang written to o. */
static int draw(struct plot *pl, struct table **t, const char *lang,
		const struct doc_out *o, struct diag *d)
{
	const struct html_words w = { pl->msg[M_H_ALT], pl->msg[M_H_SVG], pl->msg[M_H_DESC_BARS],
				      pl->msg[M_H_DESC_LINES] };
	const struct doc_kind k = { .html = { &w, NULL, NULL } };
	struct doc doc;
	int rc;

	doc_init(&doc);
	doc.title = *t ? (*t)->title : pl->c->title;
	doc.msg = pl->msg;
	/* the document takes the chart or table */
	doc_add(&doc, xstrdup("plot"), *t ? NULL : pl->c, *t, 960, *t ? 0 : 600);
	*t = NULL;
	pl->c = NULL;
	rc = doc_begin(&doc, o, lang, NULL, NULL, NULL, d);
	/* the files' names, their labels and the title are the user's */
	for (size_t i = 0; !rc && doc.check && i < pl->nlabels; i++) {
		wcheck_allow(doc.check, pl->labels[i]);
		wcheck_allow(doc.check, pl->files[i]);
	}
	if (!rc && doc.check) {
		wcheck_allow(doc.check, pl->title);
		wcheck_allow(doc.check, pl->fio_version);
	}
	if (!rc)
		rc = doc_write(&doc, o, &k, d);
	doc_release(&doc);
	return rc;
}

/*
 * each file's legend name: its --label FILE=TEXT, else its name; names
 * that two files share get their folder in front ("a/job_iops.1"), then a number.
 */
static char **legend_names(const struct plot_opts *o, const char *const *files, size_t n)
{
	char **names = xcalloc(n, sizeof(*names));
	unsigned char *given = xcalloc(n + 1, 1);

	for (size_t i = 0; i < n; i++) {
		for (size_t k = o->nlabels; k-- > 0 && !names[i];) {
			const char *eq = strchr(o->labels[k], '=');

			if (eq && strlen(files[i]) == (size_t)(eq - o->labels[k]) &&
			    !strncmp(files[i], o->labels[k], (size_t)(eq - o->labels[k]))) {
				names[i] = xstrdup(eq + 1);
				given[i] = 1;
			}
		}
		if (!names[i])
			names[i] = file_label(files[i]);
	}
	for (int pass = 0; pass < 2; pass++) {
		unsigned char *dup = xcalloc(n + 1, 1);

		for (size_t i = 0; i < n; i++)   /* all first: renaming one ends its pair */
			for (size_t j = 0; j < n; j++)
				dup[i] |= j != i && !strcmp(names[i], names[j]);
		for (size_t i = 0; i < n; i++) {
			if (!dup[i] || given[i])
				continue;
			if (pass == 0 && strrchr(files[i], '/')) {
				const char *slash = strrchr(files[i], '/'), *dir = slash;
				char *both;

				while (dir > files[i] && dir[-1] != '/')
					dir--;
				if (dir == slash)   /* "/job.log": no folder name */
					continue;
				both = xasprintf("%.*s/%s", (int)(slash - dir), dir, names[i]);
				free(names[i]);
				names[i] = both;
			} else if (pass == 1) {
				char *num = xasprintf("%s (%zu)", names[i], i + 1);

				free(names[i]);
				names[i] = num;
			}
		}
		free(dup);
	}
	free(given);
	return names;
}

/* What plot_one() draws. */
struct plot_in {
	const struct plot_opts *o;
	const char *const *files;
	size_t nfiles;
};

/* The plot in one language, written to lo's paths. */
static int plot_one(void *arg, const char *lang, const struct doc_out *lo, struct diag *d)
{
	const struct plot_in *in = arg;
	const struct plot_opts *o = in->o;
	const char *const *files = in->files;
	size_t nfiles = in->nfiles;
	struct plot pl = { .kind = o->kind, .written = o->written };
	struct i18n *strings = NULL;
	struct table *t = NULL;
	int rc = msg_load(&strings, lang, d);

	if (rc)
		return rc;
	pl.msg = i18n_strings(strings);
	pl.ytitle = pl.msg[M_PLOT_VALUE];
	pl.labels = legend_names(o, files, nfiles);
	pl.nlabels = nfiles;
	pl.files = files;
	pl.title = o->title;
	if (o->kind == TMPL_DELTA) {
		rc = build_delta(&pl, &t, o->title, files, nfiles, d);
		if (!rc)
			set_footer(&pl, NULL, t, files, nfiles);
	} else {
		rc = build(&pl, o->title, files, nfiles, o->log_y, d);
	}
	if (!rc)
		rc = draw(&pl, &t, lang, lo, d);
	table_free(t);
	chart_free(pl.c);
	free(pl.fio_version);
	for (size_t i = 0; i < nfiles; i++)
		free(pl.labels[i]);
	free(pl.labels);
	i18n_free(strings);
	return rc;
}

int plot_draw(const struct plot_opts *o, const char *const *files, size_t nfiles,
	      struct diag *d)
{
	struct plot_in in = { o, files, nfiles };

	if (!nfiles || !(tmpl_kind_info(o->kind) && tmpl_kind_info(o->kind)->where &
			 TMPL_IN_PLOT))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "nothing to plot: no files, or "
				"'%s' is not a plot kind", tmpl_kind_name(o->kind));
	return doc_out_each(&o->out, lang_default(), "plot", o->say, plot_one, &in, d);
}
