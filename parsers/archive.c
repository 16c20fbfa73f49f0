/* SPDX-License-Identifier: MIT */
/* archive: manifest.json, each step's fio.json and logs, into the results model. */
#include "archive.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive_fields.h"
#include "err.h"
#include "fiojson.h"
#include "measured.h"
#include "fiolog.h"
#include "safefile.h"
#include "sbuf.h"
#include "vocab.h"
#include "xalloc.h"

/* ---- manifest ----------------------------------------------------------- */

/* A step directory must stay inside the archive: relative, no "..". */
static int check_step(const struct result_step *st, const char *file, const char *path,
		      struct diag *d)
{
	static const char *const statuses[] = { "ok", "failed", "pending", "skipped" };
	const char *p = st->dir;
	size_t i;

	for (i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
		if (strcmp(st->status, statuses[i]) == 0)
			break;
	if (i == sizeof(statuses) / sizeof(statuses[0]))
		return diag_set_path(d, -SB_EPARSE, file, path,
				     "unknown step status '%s' (expected ok, failed, pending or skipped)",
				     st->status);
	if (p[0] == '/' || p[0] == '\0')
		return diag_set_path(d, -SB_EPARSE, file, path,
				     "step dir '%s' must be a relative path", st->dir);
	for (; p; p = strchr(p, '/'), p = p ? p + 1 : NULL)
		if (strncmp(p, "..", 2) == 0 && (p[2] == '/' || p[2] == '\0'))
			return diag_set_path(d, -SB_EPARSE, file, path,
					     "step dir '%s' leaves the archive", st->dir);
	return 0;
}

static int read_steps(const json_t *steps, const char *file, struct result_run *run,
		      struct diag *d)
{
	char path[64];
	int rc;

	for (size_t i = 0; i < json_array_size(steps); i++) {
		const json_t *js = json_array_get(steps, i);
		struct result_step *st = result_run_add_step(run);

		snprintf(path, sizeof(path), "steps[%zu]", i);
		if (!json_is_object(js))
			return diag_set_path(d, -SB_EPARSE, file, path, "expected an object");
		if ((rc = archive_fields_read(ARCHIVE_STEP, js, st, file, path, d)) ||
		    (rc = check_step(st, file, path, d)))
			return rc;
	}
	return 0;
}

/* One round of a tracking variable: {"value": v|null, "window": {...}|absent}. */
static int read_round(const json_t *jr, struct result_track *t, int round,
		      const char *file, const char *path, struct diag *d)
{
	const json_t *v = json_object_get(jr, "value"), *jw = json_object_get(jr, "window");
	struct steady_window w;
	char wpath[256];
	int rc;

	memset(&w, 0, sizeof(w));
	if (!json_is_object(jr) || (v && !json_is_null(v) && !json_is_number(v)))
		return diag_set_path(d, -SB_EPARSE, file, path,
				     "expected {\"value\": number or null, ...}");
	if (json_is_object(jw)) {
		const json_t *first = json_object_get(jw, "first");
		const json_t *last = json_object_get(jw, "last");

		snprintf(wpath, sizeof(wpath), "%s.window", path);
		if (!json_is_integer(first) || !json_is_integer(last) ||
		    json_integer_value(first) < 1 ||
		    json_integer_value(last) < json_integer_value(first))
			return diag_set_path(d, -SB_EPARSE, file, wpath,
					     "expected first and last rounds, first >= 1");
		w.first = (size_t)json_integer_value(first);
		w.last = (size_t)json_integer_value(last);
		if ((rc = archive_fields_read(ARCHIVE_WINDOW, jw, &w, file, wpath, d)))
			return rc;
	}
	result_track_set(t, round, v && json_is_number(v) ? json_number_value(v) : NAN,
			 w.first ? &w : NULL);
	return 0;
}

static int read_track(const json_t *jt, struct result_scope *s, const char *file,
		      const char *path, struct diag *d)
{
	struct result_track *t = result_scope_add_track(s);
	const json_t *rounds = json_object_get(jt, "rounds");
	char rpath[192];
	int rc;

	/* The track's names, each a string: a missing one says so too (not "missing"). */
	for (size_t k = 0; k < archive_nfields; k++) {
		const struct archive_field *f = &archive_fields[k];
		const json_t *v = json_object_get(jt, f->key);

		if (f->rec != ARCHIVE_TRACK || f->type != ARCHIVE_STR)
			continue;
		if (!json_is_string(v)) {
			snprintf(rpath, sizeof(rpath), "%s.%s", path, f->key);
			return diag_set_path(d, -SB_EPARSE, file, rpath, "expected a string");
		}
		*(char **)((char *)t + f->off) = xstrdup(json_string_value(v));
	}
	if (!json_is_array(rounds)) {
		snprintf(rpath, sizeof(rpath), "%s.rounds", path);
		return diag_set_path(d, -SB_EPARSE, file, rpath, "expected an array");
	}
	for (size_t r = 0; r < json_array_size(rounds); r++) {
		snprintf(rpath, sizeof(rpath), "%s.rounds[%zu]", path, r);
		if ((rc = read_round(json_array_get(rounds, r), t, (int)r + 1, file, rpath, d)))
			return rc;
	}
	return 0;
}

static int read_scopes(const json_t *scopes, const char *file, struct result_run *run,
		       struct diag *d)
{
	char path[96], tpath[128];
	int rc;

	if (!scopes)
		return 0;
	if (!json_is_array(scopes))
		return diag_set_path(d, -SB_EPARSE, file, "scopes", "expected an array");
	for (size_t i = 0; i < json_array_size(scopes); i++) {
		const json_t *js = json_array_get(scopes, i), *tracks;
		struct result_scope *s = result_run_add_scope(run);

		snprintf(path, sizeof(path), "scopes[%zu]", i);
		if (!json_is_object(js))
			return diag_set_path(d, -SB_EPARSE, file, path, "expected an object");
		if ((rc = archive_fields_read(ARCHIVE_SCOPE, js, s, file, path, d)))
			return rc;
		tracks = json_object_get(js, "tracks");
		for (size_t k = 0; k < json_array_size(tracks); k++) {
			snprintf(tpath, sizeof(tpath), "%s.tracks[%zu]", path, k);
			if ((rc = read_track(json_array_get(tracks, k), s, file, tpath, d)))
				return rc;
		}
	}
	return 0;
}

static int read_manifest(const json_t *root, const char *file, struct result_run *run,
			 struct diag *d)
{
	const json_t *format = json_object_get(root, "format");
	const json_t *steps = json_object_get(root, "steps");
	int rc;

	if (!json_is_object(root))
		return diag_set(d, -SB_EPARSE, file, 0, 0, "expected a JSON object");
	if (!json_is_string(format) || strcmp(json_string_value(format), ARCHIVE_FORMAT) != 0)
		return diag_set_path(d, -SB_EPARSE, file, "format",
				     "expected \"" ARCHIVE_FORMAT "\"");
	if ((rc = archive_fields_read(ARCHIVE_MANIFEST, root, run, file, "", d)))
		return rc;
	if (!json_is_array(steps))
		return diag_set_path(d, -SB_EPARSE, file, "steps",
				     steps ? "expected an array" : "missing");
	rc = read_steps(steps, file, run, d);
	return rc ? rc : read_scopes(json_object_get(root, "scopes"), file, run, d);
}

/* plan.titles: {"en": "...", "zh-CN": "..."}; anything else is left out. */
static void read_titles(json_t *titles, struct result_run *run)
{
	const char *lang;
	json_t *text;

	json_object_foreach(titles, lang, text)
		if (json_is_string(text))
			result_run_add_title(run, lang, json_string_value(text));
}

/*
 * The archive's files an output reads whole after the load (the workbook's results
 * sheet): refused at the load, by name, when one is a link, FIFO or device, so that no
 * output of report or compare (PDF, SVG, PNG, workbook, HTML) is made from an archive
 * holding one.
 */
static const char *const later_reads[] = { "results.csv" };

static int check_later_reads(const char *dir, struct diag *d)
{
	for (size_t i = 0; i < sizeof(later_reads) / sizeof(later_reads[0]); i++) {
		int fd = safefile_open_present(dir, later_reads[i], d);

		if (fd >= 0)
			close(fd);
		else if (fd != -SB_ENOENT)
			return fd;
	}
	return 0;
}

int archive_load(const char *dir, struct result_run *run, struct diag *d)
{
	char *file = xasprintf("%s/manifest.json", dir);
	json_t *root = NULL;
	json_error_t je;
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = safefile_load(dir, "manifest.json", SAFEFILE_MAX_LOAD, &sb, d);
	if (rc)
		goto out;
	root = json_loadb(sb.buf, sb.len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		rc = diag_set(d, -SB_EPARSE, file, je.line, je.column, "%s", je.text);
		goto out;
	}
	rc = read_manifest(root, file, run, d);
	if (!rc)
		run->archive_dir = xstrdup(dir);
	if (!rc)
		read_titles(json_object_get(json_object_get(root, "plan"), "titles"), run);
	for (size_t i = 0; !rc && i < run->nsteps; i++)
		if (strcmp(run->steps[i].status, "ok") == 0 && result_step_measured(&run->steps[i]))
			rc = archive_load_step(dir, &run->steps[i], d);
	if (!rc)
		rc = check_later_reads(dir, d);
out:
	json_decref(root);
	sbuf_release(&sb);
	free(file);
	return rc;
}

/* dir/rel's status, opened through the safe-file layer: a regular file, no link on
 * the way (else 0). */
static int safe_stat(const char *dir, const char *rel, struct stat *st)
{
	struct diag none;
	int fd, ok;

	diag_clear(&none);
	fd = safefile_open(dir, rel, &none);
	ok = fd >= 0 && fstat(fd, st) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* rel in dir is a whole report.pdf written since manifest.json (m) last changed. */
static int pdf_current(const char *dir, const char *rel, const struct stat *m)
{
	struct stat p;

	return safe_stat(dir, rel, &p) && p.st_size > 0 &&
	       (p.st_mtim.tv_sec > m->st_mtim.tv_sec ||
		(p.st_mtim.tv_sec == m->st_mtim.tv_sec && p.st_mtim.tv_nsec >= m->st_mtim.tv_nsec));
}

int archive_report_current(const char *dir)
{
	struct stat m;
	struct diag none;
	DIR *dh = NULL;
	struct dirent *e;
	int ok = safe_stat(dir, "manifest.json", &m), n = 0, fd;

	/* report.pdf, or several languages' report/LANG/report.pdf, every one */
	if (ok && !pdf_current(dir, "report.pdf", &m)) {
		diag_clear(&none);
		fd = safefile_opendir(dir, "report", &none);
		dh = fd < 0 ? NULL : fdopendir(fd);
		if (!dh && fd >= 0)
			close(fd);
		ok = dh != NULL;
		while (ok && (e = readdir(dh)))
			if (e->d_name[0] != '.') {
				char *rel = xasprintf("report/%s/report.pdf", e->d_name);

				ok = pdf_current(dir, rel, &m);
				n++;
				free(rel);
			}
		ok = ok && n > 0;
	}
	if (dh)
		closedir(dh);
	return ok;
}

/* ---- one step --------------------------------------------------------------- */

/* Percentile p of l in µs; NAN where the report has none or n does not support it. */
static double pct_us(const struct fiojson_lat *l, double p)
{
	uint64_t ns = 0;

	return result_pct_supported((double)l->n, p) && fiojson_lat_percentile(l, p, &ns) == 0 ?
	       (double)ns / 1000.0 : NAN;
}

/* Every job must have succeeded; fio reports setup and I/O failures per job. */
static int check_jobs(const struct fiojson_report *rep, const char *file, struct diag *d)
{
	char path[64];

	if (!rep->njobs)
		return diag_set_path(d, -SB_EFIO, file, rep->client_server ? "client_stats" : "jobs",
				     "fio reported no jobs");
	for (size_t i = 0; i < rep->njobs; i++) {
		const struct fiojson_job *job = &rep->jobs[i];

		if (!job->error)
			continue;
		snprintf(path, sizeof(path), "%s[%zu].error",
			 rep->client_server ? "client_stats" : "jobs", i);
		return diag_set_path(d, -SB_EFIO, file, path, "fio job '%s' failed: error %d (%s)",
				     job->jobname, job->error, strerror(job->error));
	}
	return 0;
}

static void copy_hist(const struct fiojson_lat *l, struct result_hist *h)
{
	result_hist_release(h);
	if (!l->nbins)
		return;
	h->ns = xmalloc(l->nbins * sizeof(*h->ns));
	h->count = xmalloc(l->nbins * sizeof(*h->count));
	for (size_t i = 0; i < l->nbins; i++) {
		h->ns[i] = l->bins[i].ns;
		h->count[i] = l->bins[i].count;
	}
	h->n = l->nbins;
}

/* Sums the jobs per direction and merges their histograms, then all directions. */
/*
 * A response-time summary from a merged latency object: percentiles from its bins
 * (ssdbench asks fio for lat_percentiles), NAN in reports made without them.
 */
static void fill_resp(const struct fiojson_lat *l, struct result_lat *r)
{
	r->n = l->n;
	r->mean_us = l->n ? l->mean_ns / 1000.0 : 0;
	r->max_us = (double)l->max_ns / 1000.0;
	r->max_bound = l->max_bound;
	r->p99_us = pct_us(l, 99.0);
	r->p999_us = pct_us(l, 99.9);
	r->p9999_us = pct_us(l, 99.99);
	r->p99999_us = pct_us(l, 99.999);
}

static void fill_stats(const struct fiojson_report *rep, struct result_step *st)
{
	struct fiojson_lat all, all_resp;

	fiojson_lat_init(&all);
	fiojson_lat_init(&all_resp);
	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		struct result_dirstat *ds = &st->dir_stat[dir];
		struct fiojson_lat lat, resp;

		fiojson_lat_init(&lat);
		fiojson_lat_init(&resp);
		memset(ds, 0, sizeof(*ds));
		for (size_t i = 0; i < rep->njobs; i++) {
			const struct fiojson_dirstat *js = &rep->jobs[i].dir[dir];

			ds->iops += js->iops;
			ds->bw_bytes += js->bw_bytes;
			ds->io_bytes += js->io_bytes;
			ds->total_ios += js->total_ios;
			fiojson_lat_merge(&lat, &js->clat);
			if (js->lat.n)
				fiojson_lat_merge(&resp, &js->lat);
		}
		fill_resp(&resp, &ds->resp);
		copy_hist(&resp, &st->resp_hist[dir]);
		fiojson_lat_merge(&all_resp, &resp);
		fiojson_lat_release(&resp);
		ds->clat_mean_us = lat.n ? lat.mean_ns / 1000.0 : 0;
		ds->clat_max_us = (double)lat.max_ns / 1000.0;
		ds->clat_max_bound = lat.max_bound;
		ds->clat_p99_us = pct_us(&lat, 99.0);
		ds->clat_p999_us = pct_us(&lat, 99.9);
		ds->clat_p9999_us = pct_us(&lat, 99.99);
		ds->clat_p99999_us = pct_us(&lat, 99.999);
		copy_hist(&lat, &st->hist[dir]);
		fiojson_lat_merge(&all, &lat);
		fiojson_lat_release(&lat);
	}
	st->clat_mean_us = all.n ? all.mean_ns / 1000.0 : 0;
	st->clat_p99_us = pct_us(&all, 99.0);
	st->clat_p999_us = pct_us(&all, 99.9);
	st->clat_p9999_us = pct_us(&all, 99.99);
	st->clat_p99999_us = pct_us(&all, 99.999);
	st->clat_max_us = (double)all.max_ns / 1000.0;
	st->clat_max_bound = all.max_bound;
	fiojson_lat_release(&all);
	/* the wall time of the I/O (fio < 3.8: its longest direction's) */
	st->io_ms = 0;
	for (size_t i = 0; i < rep->njobs; i++)
		if (rep->jobs[i].job_runtime_ms > st->io_ms)
			st->io_ms = rep->jobs[i].job_runtime_ms;
	if (!st->io_ms)
		st->io_ms = fiojson_report_clock_ms(rep);
	fill_resp(&all_resp, &st->resp);
	fiojson_lat_release(&all_resp);
}

/* The per-second series a step keeps: log type, how clones combine, unit scale. */
static const struct {
	const char *type;
	enum fiolog_combine how;
	double scale;
	size_t off;
} step_series[] = {
	{ "iops", FIOLOG_SUM, 1.0, offsetof(struct result_step, iops) },
	{ "bw", FIOLOG_SUM, 1024.0, offsetof(struct result_step, bw) },     /* KiB/s -> B/s */
	{ "clat", FIOLOG_MEAN, 0.001, offsetof(struct result_step, clat_us) }, /* ns -> µs */
	{ "lat", FIOLOG_MEAN, 0.001, offsetof(struct result_step, lat_us) },   /* response */
};

/* 1 when ARCHIVE/REL is a regular file to read, 0 when it does not exist, or the refusal. */
static int present(const char *archive, const char *rel, struct diag *d)
{
	int fd = safefile_open_present(archive, rel, d);

	if (fd >= 0)
		close(fd);
	return fd >= 0 ? 1 : fd == -SB_ENOENT ? 0 : fd;
}

/* round_row()'s state: the series, the unit scale, each direction's last time. */
struct round_rows {
	struct result_series *series;
	double scale;
	uint64_t last_ms[RESULT_NDIRS];
	const char *file;
	struct diag *d;
};

static int round_row(const struct fiolog_row *row, void *arg)
{
	struct round_rows *rr = arg;

	if (row->ddir < 0 || row->ddir >= RESULT_NDIRS || row->bs)
		return diag_set(rr->d, -SB_EPARSE, rr->file, (int)row->line, 1,
				"expected a windowed row (time, value, ddir 0-2, bs 0)");
	if (row->time_ms <= rr->last_ms[row->ddir])
		return diag_set(rr->d, -SB_EPARSE, rr->file, (int)row->line, 1,
				"time %llu ms is not after the direction's last row's",
				(unsigned long long)row->time_ms);
	rr->last_ms[row->ddir] = row->time_ms;
	result_series_push(&rr->series[row->ddir], (double)row->time_ms / 1000.0,
			   row->value * rr->scale);
	return 0;
}

/*
 * A continuous round's STEP/log_TYPE.1.log: one row per direction per interval
 * between two of fio's reports, stamped when the later one came (ms since the
 * round's start). The reports come at whole seconds of fio's clock unless fio
 * answers late (a loaded machine: 998, 2199, then 801 ms into the next round), so
 * the series keeps each row's own time: a value is a rate over the interval since
 * the row before, and the rates times their intervals add up to the round's I/Os.
 */
static int load_round_series(const char *archive, const char *step, size_t which,
			     struct result_step *st, struct diag *d)
{
	char *rel = xasprintf("%s/log_%s.1.log", step, step_series[which].type);
	char *file = xasprintf("%s/%s", archive, rel);
	struct round_rows rr = {
		.series = (struct result_series *)((char *)st + step_series[which].off),
		.scale = step_series[which].scale, .file = file, .d = d,
	};
	int rc = present(archive, rel, d);

	for (int k = 0; k < RESULT_NDIRS; k++)
		result_series_release(&rr.series[k]);
	if (rc == 1)
		rc = fiolog_read(file, round_row, &rr, d);
	free(file);
	free(rel);
	return rc < 0 ? rc : 0;
}

/* Reads STEP/log_TYPE.1.log, .2.log, ... (until one is missing) into series[]. */
static int load_series(const char *archive, const char *step, size_t which,
		       struct result_step *st, struct diag *d)
{
	struct result_series *series =
		(struct result_series *)((char *)st + step_series[which].off);
	char **paths = NULL;
	size_t n = 0;
	int rc = 0;

	for (;;) {
		char *rel = xasprintf("%s/log_%s.%zu.log", step, step_series[which].type, n + 1);

		rc = present(archive, rel, d);
		if (rc == 1) {
			paths = xrealloc(paths, (n + 1) * sizeof(*paths));
			paths[n++] = xasprintf("%s/%s", archive, rel);
		}
		free(rel);
		if (rc != 1)
			break;
	}
	for (int k = 0; k < RESULT_NDIRS; k++)
		result_series_release(&series[k]);
	if (!rc && n)
		rc = fiolog_aggregate((const char *const *)paths, n, step_series[which].how,
				      series, d);
	for (int k = 0; k < RESULT_NDIRS; k++)
		for (size_t i = 0; i < series[k].n; i++)
			series[k].v[i] *= step_series[which].scale;
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	return rc;
}

/* 1 when fio wrote per-second logs in the step folder (log="none" writes none). */
static int has_logs(const char *archive_dir, const char *step_dir)
{
	char *rel = xasprintf("%s/log_iops.1.log", step_dir);
	struct diag ignored;
	int yes = present(archive_dir, rel, &ignored) == 1;

	free(rel);
	return yes;
}

/*
 * Pushes the points after second end up to end + tail_s, each value per second
 * over tail_s seconds: one at each whole second but the last, which is at the
 * run's real end and takes a part second with it (a row stands for the time since
 * the one before: a last row of 0.4 s is stamped end + 0.4, not a whole second
 * that would count it 2.5 times; a tail of 1.001 s is one row at end + 1.001).
 */
static void push_tail(struct result_series *s, double end, double amount, double tail_s)
{
	long k = lround(tail_s) > 1 ? lround(tail_s) : 1;

	for (int j = 1; j < k; j++)
		result_series_push(s, end + j, amount / tail_s);
	result_series_push(s, end + tail_s, amount / tail_s);
}

/*
 * fio logs a window when its log timer fires, and a job that ends before the timer
 * leaves its last window out: a 1 s step often logs nothing, a 2 s step of 4 jobs
 * some of its second second (fiolog_aggregate keeps only the seconds every job
 * logged). Those I/Os are in fio's totals. The time from the last logged second to
 * the end of the run gets what the logs lack, evenly (push_tail: whole seconds, the
 * last row at the real end), so the IOPS and bandwidth rows times their intervals
 * add up to fio's total_ios and io_bytes. A remainder of a millisecond or less (a
 * log row stamped just before the run's end) is left out.
 */
static void complete_tail(const struct fiojson_report *rep, struct result_step *st)
{
	for (int dir = 0; dir < RESULT_NDIRS; dir++) {
		const struct result_dirstat *ds = &st->dir_stat[dir];
		struct result_series *io = &st->iops[dir], *bw = &st->bw[dir];
		double end = io->n ? io->t[io->n - 1] : 0, ios = 0, bytes = 0, run_s = 0;

		for (size_t i = 0; i < rep->njobs; i++)
			if ((double)rep->jobs[i].dir[dir].runtime_ms / 1000.0 > run_s)
				run_s = (double)rep->jobs[i].dir[dir].runtime_ms / 1000.0;
		if (!ds->total_ios || run_s - end <= 0.001 || (bw->n && bw->t[bw->n - 1] != end))
			continue;
		for (size_t i = 0; i < io->n; i++)
			ios += io->v[i];
		for (size_t i = 0; i < bw->n; i++)
			bytes += bw->v[i];
		if ((double)ds->total_ios > ios)
			push_tail(io, end, (double)ds->total_ios - ios, run_s - end);
		if ((double)ds->io_bytes > bytes)
			push_tail(bw, end, (double)ds->io_bytes - bytes, run_s - end);
	}
}

/*
 * What follows from the measurements: each direction's consistency (not for a
 * replay: its seconds follow the trace's own ups and downs, and a score of their
 * steadiness would say nothing of the drive's) and the cumulative bytes written
 * per second. Each logged second adds bw x its length;
 * the last sample is then set to fio's own total, which also counts the final
 * partial second the log may leave out.
 */
static void derive(struct result_step *st)
{
	const struct result_series *bw = &st->bw[RESULT_WRITE];
	double sum = (double)st->written_before, prev = 0;

	int null_engine = result_step_null_engine(st);   /* wrote nothing */

	/* a replay's seconds are a trace's pace, not the drive's consistency */
	result_step_consistency(st, vocab_find(step_kind_names, st->kind) != STEP_REPLAY);
	result_series_release(&st->written);
	for (size_t i = 0; i < bw->n; i++) {
		sum += null_engine ? 0 : bw->v[i] * (bw->t[i] - prev);
		prev = bw->t[i];
		result_series_push(&st->written, bw->t[i], sum);
	}
	if (st->written.n)
		st->written.v[st->written.n - 1] =
			(double)(st->written_before + result_step_wrote(st));
}

/*
 * DIR/telemetry.csv, when the engine sampled the device: a header line, then
 * "seconds,celsius" per sample (celsius empty when a sample failed).
 */
static int load_telemetry(const char *archive, const char *step, struct result_step *st,
			  struct diag *d)
{
	char *rel = xasprintf("%s/telemetry.csv", step), line[256];
	char *file = xasprintf("%s/%s", archive, rel);
	int lineno = 0, fd = safefile_open_present(archive, rel, d);
	int rc = fd >= 0 || fd == -SB_ENOENT ? 0 : fd;
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;

	if (fd >= 0 && !f)
		close(fd);
	result_series_release(&st->temp_c);
	while (f && !rc && fgets(line, sizeof(line), f)) {
		double t, c;
		char *end;

		if (++lineno == 1)
			continue;
		line[strcspn(line, "\r\n")] = '\0';
		t = strtod(line, &end);
		if (end == line || *end != ',' || !isfinite(t)) {
			rc = diag_set(d, -SB_EPARSE, file, lineno, 1,
				      "expected \"seconds,celsius\"");
			break;
		}
		if (end[1] == '\n' || end[1] == '\0')
			continue;
		c = strtod(end + 1, NULL);
		if (!isfinite(c)) {   /* strtod reads nan and inf too */
			rc = diag_set(d, -SB_EPARSE, file, lineno, (int)(end - line) + 2,
				      "expected a temperature, got '%.20s'", end + 1);
			break;
		}
		result_series_push(&st->temp_c, t, c);
	}
	if (f)
		fclose(f);
	free(file);
	free(rel);
	return rc;
}

/* Reads and parses ARCHIVE/REL into rep (initialised). */
static int load_report(const char *archive_dir, const char *rel, struct fiojson_report *rep,
		       struct diag *d)
{
	char *file = xasprintf("%s/%s", archive_dir, rel);
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = safefile_load(archive_dir, rel, SAFEFILE_MAX_LOAD, &sb, d);
	if (!rc)
		rc = fiojson_parse_buf(sb.buf, sb.len, file, rep, d);
	sbuf_release(&sb);
	free(file);
	return rc;
}

/*
 * A round of a continuous scope (docs/archive-format.md): its fio.json is fio's
 * cumulative status report at the round's end, and fio-start.json, when there is
 * one, the report at its start; the round is what lies between them.
 */
static int load_round_start(const char *archive_dir, const struct result_step *st,
			    struct fiojson_report *rep, struct diag *d)
{
	char *rel = xasprintf("%s/fio-start.json", st->dir);
	char *file = xasprintf("%s/%s/fio.json", archive_dir, st->dir);
	struct fiojson_report start;
	int rc = present(archive_dir, rel, d);

	fiojson_report_init(&start);
	if (rc == 1)
		rc = load_report(archive_dir, rel, &start, d);
	if (!rc && start.njobs)
		rc = fiojson_report_since(rep, &start, file, d);
	fiojson_report_release(&start);
	free(file);
	free(rel);
	return rc;
}

int archive_load_step(const char *archive_dir, struct result_step *st, struct diag *d)
{
	char *rel = xasprintf("%s/fio.json", st->dir);
	char *file = xasprintf("%s/%s", archive_dir, rel);
	struct fiojson_report rep;
	int rc;

	if (st->values) {   /* another tool's numbers, read by import */
		free(rel);
		if (!strcmp(st->values, MEASURED_FILE)) {
			free(file);
			return measured_load(archive_dir, st, d);
		}
		rc = diag_set_path(d, -SB_EPARSE, file, "values", "'%s': not a file of numbers "
				   "this ssdbench reads (it reads %s)", st->values, MEASURED_FILE);
		free(file);
		return rc;
	}
	fiojson_report_init(&rep);
	rc = load_report(archive_dir, rel, &rep, d);
	if (!rc)
		rc = load_round_start(archive_dir, st, &rep, d);
	if (rc)
		goto out;
	rc = check_jobs(&rep, file, d);
	if (rc)
		goto out;
	fill_stats(&rep, st);
	for (size_t k = 0; !rc && k < sizeof(step_series) / sizeof(step_series[0]); k++)
		rc = (st->continuous ? load_round_series : load_series)(archive_dir, st->dir,
									k, st, d);
	if (!rc) {
		/* a continuous round's rows come from fio's reports: none is missing */
		if (!st->continuous && has_logs(archive_dir, st->dir))
			complete_tail(&rep, st);
		derive(st);
	}
	if (!rc)
		rc = load_telemetry(archive_dir, st->dir, st, d);
out:
	fiojson_report_release(&rep);
	free(file);
	free(rel);
	return rc;
}
