/* SPDX-License-Identifier: MIT */
/* manifest: the archive's manifest.json and results.csv, rewritten after every step. */
#include "manifest.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive_fields.h"
#include "archive_files.h"
#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "xalloc.h"

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

/* 1 when f is the field OBJ.KEY (obj NULL: not in a member object). */
static int field_is(const struct archive_field *f, const char *obj, const char *key)
{
	return !strcmp(f->key, key) && (obj ? f->obj && !strcmp(f->obj, obj) : !f->obj);
}

/* One round of a tracking variable: its value and, once complete, its window. */
struct round_ctx {
	const struct result_track *t;
	size_t r;
};

static json_t *round_code(const struct archive_field *f, void *ctx)
{
	const struct round_ctx *rc = ctx;
	const struct steady_window *w = &rc->t->wins[rc->r];

	if (field_is(f, NULL, "value"))
		return isfinite(rc->t->values[rc->r]) ? json_real(rc->t->values[rc->r]) :
		       json_null();
	return w->first ? archive_fields_write(ARCHIVE_WINDOW, w, NULL, NULL) : NULL;
}

/* A tracking variable's rounds (the one by-code field of a track). */
static json_t *track_code(const struct archive_field *f, void *ctx)
{
	const struct result_track *t = ctx;
	json_t *rounds = json_array();

	(void)f;
	for (size_t r = 0; r < t->n; r++) {
		struct round_ctx rc = { t, r };

		json_array_append_new(rounds, archive_fields_write(ARCHIVE_ROUND, NULL,
								    round_code, &rc));
	}
	return rounds;
}

/* A <rounds> scope's tracking variables (the one by-code field of a scope). */
static json_t *scope_code(const struct archive_field *f, void *ctx)
{
	const struct result_scope *s = ctx;
	json_t *tracks = json_array();

	(void)f;
	for (size_t k = 0; k < s->ntracks; k++)
		json_array_append_new(tracks, archive_fields_write(ARCHIVE_TRACK, &s->tracks[k],
								    track_code,
								    (void *)&s->tracks[k]));
	return tracks;
}

/* The target's path relative to dir when the target file lives inside it, else NULL. */
static char *target_in_archive(const char *dir, const char *target)
{
	char *rdir = realpath(dir, NULL), *rel = NULL;
	size_t n = rdir ? strlen(rdir) : 0;

	if (rdir && target && !strncmp(target, rdir, n) && target[n] == '/')
		rel = xstrdup(target + n + 1);
	free(rdir);
	return rel;
}

/* Every file of the archive with its size and SHA-256 (archive_files.h). */
static json_t *files_json(const struct archive_files *f)
{
	json_t *a = json_array();

	for (size_t i = 0; i < f->n; i++)
		json_array_append_new(a, json_pack("{s:s, s:I, s:s}", "path", f->v[i].path,
						   "size", (json_int_t)f->v[i].size,
						   "sha256", f->v[i].sha256));
	return a;
}

/* DIR/manifest.json as JSON, read as untrusted (safefile_load), or NULL. */
static json_t *load_manifest(const char *dir)
{
	struct sbuf sb;
	json_t *root = NULL;

	sbuf_init(&sb);
	if (!safefile_load(dir, "manifest.json", SAFEFILE_MAX_LOAD, &sb, NULL))
		root = json_loadb(sb.buf, sb.len, 0, NULL);
	sbuf_release(&sb);
	return root;
}

/* The archive a rerun repeats: where it was, and what identifies it if it moves. */
static json_t *rerun_json(const char *dir)
{
	char *abs = realpath(dir, NULL);
	json_t *old = load_manifest(dir), *o;

	o = json_pack("{s:s?, s:O?, s:O?, s:O?}", "archive", abs,
		      "started", json_object_get(old, "started"),
		      "plan_sha256", json_object_get(json_object_get(old, "plan"), "sha256"),
		      "target", json_object_get(json_object_get(old, "target"), "description"));
	json_decref(old);
	free(abs);
	return o ? o : json_null();
}

/* What the top level's by-code fields are made from. */
struct manifest_ctx {
	const struct result_run *run;
	const struct manifest_target *t;
	const char *in_archive;
	const struct archive_files *files;
};

static json_t *json_or_null(const char *text)
{
	return text ? json_loads(text, 0, NULL) : json_null();
}

/* The plan's title per language. */
static json_t *titles_json(const struct result_run *run)
{
	json_t *titles = json_object();

	for (size_t i = 0; i < run->ntitles; i++)
		json_object_set_new(titles, run->titles[i].lang, json_string(run->titles[i].text));
	return titles;
}

static json_t *steps_json(const struct result_run *run)
{
	json_t *steps = json_array();

	for (size_t i = 0; i < run->nsteps; i++)
		json_array_append_new(steps, archive_fields_write(ARCHIVE_STEP, &run->steps[i],
								   NULL, NULL));
	return steps;
}

static json_t *scopes_json(const struct result_run *run)
{
	json_t *scopes = json_array();

	for (size_t i = 0; i < run->nscopes; i++)
		json_array_append_new(scopes, archive_fields_write(ARCHIVE_SCOPE, &run->scopes[i],
								    scope_code,
								    (void *)&run->scopes[i]));
	return scopes;
}

/* The value of a top-level field the table leaves to the writer; NULL: left out. */
static json_t *manifest_code(const struct archive_field *f, void *ctx)
{
	const struct manifest_ctx *m = ctx;
	const struct manifest_target *t = m->t;

	if (field_is(f, NULL, "format"))
		return json_string(ARCHIVE_FORMAT);
	if (field_is(f, "plan", "titles"))
		return titles_json(m->run);
	if (field_is(f, "target", "name"))
		return str_or_null(t->name);
	if (field_is(f, "target", "kind"))
		return str_or_null(t->kind);
	if (field_is(f, "target", "path"))
		return str_or_null(t->path);
	if (field_is(f, "target", "size"))
		return json_integer((json_int_t)t->size);
	if (field_is(f, "target", "host"))
		return !t->host ? json_null() :
		       json_pack("{s:s, s:o, s:o}", "name", t->host, "fio_server",
				 str_or_null(t->host_server), "hostname",
				 str_or_null(t->host_hostname));
	/* The identity and health snapshots, as 'ssdbench probe --json' prints them. */
	if (field_is(f, "target", "before"))
		return json_or_null(t->probe_before);
	if (field_is(f, "target", "after"))
		return json_or_null(t->probe_after);
	if (field_is(f, "target", "raid"))
		return t->raid ? json_loads(t->raid, 0, NULL) : NULL;
	if (field_is(f, "target", "capacity"))
		return t->capacity ? json_loads(t->capacity, 0, NULL) : NULL;
	if (field_is(f, "target", "write_cache"))
		return t->write_cache ? json_loads(t->write_cache, 0, NULL) : NULL;
	if (field_is(f, "target", "in_archive"))
		return str_or_null(m->in_archive);
	if (field_is(f, NULL, "rerun_of"))
		return t->rerun_of ? rerun_json(t->rerun_of) : NULL;
	if (field_is(f, NULL, "steps"))
		return steps_json(m->run);
	if (field_is(f, NULL, "scopes"))
		return scopes_json(m->run);
	if (field_is(f, NULL, "files"))
		return files_json(m->files);
	return NULL;
}

/* Writes data to DIR/NAME through a temporary file and a rename (never through a link). */
static int write_atomic(const char *dir, const char *name, const char *data,
			size_t len, struct diag *d)
{
	char *path = xasprintf("%s/%s", dir, name);
	int rc = safefile_write(path, data, len, d);

	free(path);
	return rc;
}

int manifest_write(const char *dir, const struct result_run *run,
		   const struct manifest_target *t, struct diag *d)
{
	char *in_archive = target_in_archive(dir, t->path), *text = NULL;
	struct archive_files files;
	struct manifest_ctx m = { run, t, in_archive, &files };
	struct sbuf sb;
	int rc;

	archive_files_init(&files);
	rc = archive_files_scan(dir, in_archive, &files, d);
	if (!rc) {
		json_t *o = archive_fields_write(ARCHIVE_MANIFEST, run, manifest_code, &m);

		text = json_dumps(o, JSON_INDENT(2));
		json_decref(o);
	}
	archive_files_release(&files);
	free(in_archive);
	if (rc)
		return rc;
	if (!text)
		return diag_set(d, -SB_EINTERNAL, NULL, 0, 0, "cannot encode the manifest");
	sbuf_init(&sb);
	sbuf_adds(&sb, text);
	sbuf_addc(&sb, '\n');
	free(text);
	rc = write_atomic(dir, "manifest.json", sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

/* The tracking variable that names step st's element in its scope, or NULL. */
static const struct result_track *track_of(const struct result_run *run,
					   const struct result_step *st)
{
	const struct result_scope *sc = st->scope ? result_run_scope(run, st->scope) : NULL;

	for (size_t k = 0; sc && k < sc->ntracks; k++)
		if (!strcmp(sc->tracks[k].element, st->name) && st->round > 0 &&
		    (size_t)st->round <= sc->tracks[k].n)
			return &sc->tracks[k];
	return NULL;
}

/* One numeric column of results.csv: its header and how to get it (NAN = empty). */
struct column {
	const char *header;
	double (*get)(const struct result_step *st, int arg);
	int arg;
	int prec;          /* decimals */
};

/* A direction without I/O has no rate: empty, not 0.00 (a write test reads nothing). */
static double c_iops(const struct result_step *st, int dir)
{
	return result_dir_ran(st, dir) ? st->dir_stat[dir].iops : NAN;
}

static double c_mbps(const struct result_step *st, int dir)
{
	return result_dir_ran(st, dir) ? st->dir_stat[dir].bw_bytes / 1e6 : NAN;
}

static double c_qos(const struct result_step *st, int which)
{
	const struct result_dirstat *s = &st->dir_stat[which / 8];
	const double v[] = { s->clat_mean_us, s->clat_p99_us, s->clat_p999_us,
			     s->clat_p9999_us, s->clat_p99999_us, s->clat_max_us };

	return result_dir_ran(st, which / 8) && isfinite(v[which % 8]) && (v[which % 8] > 0 || s->total_ios)
	       ? v[which % 8] : NAN;
}

static double c_all(const struct result_step *st, int which)
{
	const double v[] = { st->clat_mean_us, st->clat_p99_us, st->clat_p999_us,
			     st->clat_p9999_us, st->clat_p99999_us, st->clat_max_us };

	return v[which];
}

/* Response time: which / 8 the direction (RESULT_NDIRS: all together), % 8 the value. */
static double c_resp(const struct result_step *st, int which)
{
	const struct result_lat *l = which / 8 < RESULT_NDIRS ? &st->dir_stat[which / 8].resp :
				     &st->resp;
	const double v[] = { l->mean_us, l->p99_us, l->p999_us, l->p9999_us, l->p99999_us,
			     l->max_us };

	return l->n ? v[which % 8] : NAN;
}

static double c_cons(const struct result_step *st, int which)
{
	const struct consistency *c = &st->cons_total;
	const double v[] = { c->avg, c->stddev, c->avg_over_sd, c->stddev_last, c->min,
			     c->max, c->p999_slowest, c->drivemaster };

	return c->n ? v[which] : NAN;
}

static double c_written(const struct result_step *st, int after)
{
	double w = (double)st->written_before +
		   (after ? (double)result_step_wrote(st) : 0);

	return after == 2 ? (st->capacity ? 100.0 * w / (double)st->capacity : NAN) : w;
}

/* Bytes of a file target's holes the element read (empty: none). */
static double c_holes(const struct result_step *st, int which)
{
	(void)which;
	return st->read_holes ? (double)st->read_holes : NAN;
}

#define QOS(dir, name) \
	{ name "_clat_mean_us", c_qos, (dir) * 8 + 0, 2 }, \
	{ name "_clat_p99_us", c_qos, (dir) * 8 + 1, 2 }, \
	{ name "_clat_p99.9_us", c_qos, (dir) * 8 + 2, 2 }, \
	{ name "_clat_p99.99_us", c_qos, (dir) * 8 + 3, 2 }, \
	{ name "_clat_p99.999_us", c_qos, (dir) * 8 + 4, 2 }, \
	{ name "_clat_max_us", c_qos, (dir) * 8 + 5, 2 }
/* Response time (fio's lat: submission + completion), "read_lat_mean_us" ... */
#define RESP(dir, name) \
	{ name "lat_mean_us", c_resp, (dir) * 8 + 0, 2 }, \
	{ name "lat_p99_us", c_resp, (dir) * 8 + 1, 2 }, \
	{ name "lat_p99.9_us", c_resp, (dir) * 8 + 2, 2 }, \
	{ name "lat_p99.99_us", c_resp, (dir) * 8 + 3, 2 }, \
	{ name "lat_p99.999_us", c_resp, (dir) * 8 + 4, 2 }, \
	{ name "lat_max_us", c_resp, (dir) * 8 + 5, 2 }
static const struct column columns[] = {
	{ "read_iops", c_iops, RESULT_READ, 2 },
	{ "read_MBps", c_mbps, RESULT_READ, 2 },
	{ "write_iops", c_iops, RESULT_WRITE, 2 },
	{ "write_MBps", c_mbps, RESULT_WRITE, 2 },
	{ "clat_mean_us", c_all, 0, 2 },
	{ "clat_p99_us", c_all, 1, 2 },
	{ "clat_p99.9_us", c_all, 2, 2 },
	{ "clat_p99.99_us", c_all, 3, 2 },
	{ "clat_p99.999_us", c_all, 4, 2 },
	{ "clat_max_us", c_all, 5, 2 },
	QOS(RESULT_READ, "read"), QOS(RESULT_WRITE, "write"),
	RESP(RESULT_NDIRS, ""), RESP(RESULT_READ, "read_"), RESP(RESULT_WRITE, "write_"),
	{ "iops_avg", c_cons, 0, 2 },
	{ "iops_stddev", c_cons, 1, 2 },
	{ "iops_avg_over_stddev", c_cons, 2, 3 },
	{ "iops_stddev_last60s", c_cons, 3, 2 },
	{ "iops_min", c_cons, 4, 2 },
	{ "iops_max", c_cons, 5, 2 },
	{ "iops_p99.9_slowest", c_cons, 6, 2 },
	{ "drivemaster_score", c_cons, 7, 4 },
	{ "written_before_bytes", c_written, 0, 0 },
	{ "written_after_bytes", c_written, 1, 0 },
	{ "capacity_written_pct", c_written, 2, 3 },
	{ "read_holes_bytes", c_holes, 0, 0 },
};
#undef QOS
#undef RESP

/* The steady-state columns, from the element's tracking variable after its round. */
static const char *const steady_headers[] = {
	"ss_metric", "ss_value", "ss_window_first", "ss_window_last", "ss_avg",
	"ss_data_excursion", "ss_max_data_excursion", "ss_slope", "ss_intercept",
	"ss_slope_excursion", "ss_max_slope_excursion", "ss_pass",
};

static void steady_cells(struct sbuf *sb, const struct result_track *t, int round)
{
	const struct steady_window *w;

	if (!t) {
		for (size_t k = 0; k < sizeof(steady_headers) / sizeof(steady_headers[0]); k++)
			sbuf_addc(sb, ',');
		return;
	}
	w = &t->wins[round - 1];
	sbuf_addc(sb, ',');
	sbuf_add_csv(sb, t->metric);
	sbuf_addc(sb, ':');
	sbuf_add_csv(sb, t->dir);
	if (isfinite(t->values[round - 1]))
		sbuf_addf(sb, ",%.2f", t->values[round - 1]);
	else
		sbuf_addc(sb, ',');
	if (!w->first) {
		sbuf_adds(sb, ",,,,,,,,,,");
		return;
	}
	sbuf_addf(sb, ",%zu,%zu,%.2f,%.2f,%.2f,%.4f,%.2f,%.2f,%.2f,%s", w->first, w->last,
		  w->avg, w->data_excursion, w->max_data_excursion, w->slope, w->intercept,
		  w->slope_excursion, w->max_slope_excursion,
		  w->range_ok && w->slope_ok ? "yes" : "no");
}

int manifest_write_results(const char *dir, const struct result_run *run,
			   struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_adds(&sb, "\xEF\xBB\xBF" "step,name,kind,scope,round,cell,rw,bs,iodepth,"
		  "numjobs,rwmixread");
	for (size_t c = 0; c < sizeof(columns) / sizeof(columns[0]); c++)
		sbuf_addf(&sb, ",%s", columns[c].header);
	for (size_t c = 0; c < sizeof(steady_headers) / sizeof(steady_headers[0]); c++)
		sbuf_addf(&sb, ",%s", steady_headers[c]);
	sbuf_adds(&sb, "\r\n");
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (!st->status || strcmp(st->status, "ok"))
			continue;
		sbuf_addf(&sb, "%d,", st->index);
		sbuf_add_csv(&sb, st->name);
		sbuf_addc(&sb, ',');
		sbuf_add_csv(&sb, st->kind ? st->kind : "workload");
		sbuf_addc(&sb, ',');
		sbuf_add_csv(&sb, st->scope ? st->scope : "");
		sbuf_addf(&sb, st->round ? ",%d," : ",,", st->round);
		sbuf_add_csv(&sb, st->cell ? st->cell : "");
		sbuf_addc(&sb, ',');
		sbuf_add_csv(&sb, st->rw ? st->rw : "");
		sbuf_addf(&sb, ",%llu,%d,%d,", (unsigned long long)st->bs, st->iodepth,
			  st->numjobs);
		if (st->rwmixread >= 0)
			sbuf_addf(&sb, "%d", st->rwmixread);
		for (size_t c = 0; c < sizeof(columns) / sizeof(columns[0]); c++) {
			double v = result_step_measured(st) ? columns[c].get(st, columns[c].arg) : NAN;

			sbuf_addc(&sb, ',');
			if (isfinite(v))
				sbuf_addf(&sb, "%.*f", columns[c].prec, v);
		}
		steady_cells(&sb, track_of(run, st), st->round);
		sbuf_adds(&sb, "\r\n");
	}
	rc = write_atomic(dir, "results.csv", sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

char *manifest_probe_before(const char *dir)
{
	char *text = NULL;
	json_t *root = load_manifest(dir);
	json_t *before = json_object_get(json_object_get(root, "target"), "before");

	if (json_is_object(before))
		text = json_dumps(before, JSON_INDENT(2));
	json_decref(root);
	return text;
}

char *manifest_langs(const char *dir)
{
	json_t *root = load_manifest(dir);
	const char *v = json_string_value(json_object_get(root, "report_langs"));
	char *text = v ? xstrdup(v) : NULL;

	json_decref(root);
	return text;
}

/* A cell of series.csv: the i-th value of s, or empty when s is shorter. */
static void series_cell(struct sbuf *sb, const struct result_series *s, size_t i, int prec)
{
	sbuf_addc(sb, ',');
	if (i < s->n && isfinite(s->v[i]))
		sbuf_addf(sb, "%.*f", prec, s->v[i]);
}

/* The temperature sampled nearest before t (telemetry runs on its own clock). */
static void temp_cell(struct sbuf *sb, const struct result_series *s, double t)
{
	size_t k = 0;

	sbuf_addc(sb, ',');
	while (k < s->n && s->t[k] <= t)
		k++;
	if (k)
		sbuf_addf(sb, "%.1f", s->v[k - 1]);
}

int manifest_write_series(const char *dir, const struct result_step *st, struct diag *d)
{
	const struct result_series *clock = NULL;
	char *sub;
	struct sbuf sb;
	size_t n = 0;
	int rc;

	for (int k = 0; k < RESULT_NDIRS; k++)
		if (st->iops[k].n > n) {
			n = st->iops[k].n;
			clock = &st->iops[k];
		}
	if (!n)
		return 0;
	sbuf_init(&sb);
	sbuf_adds(&sb, "t_s,read_iops,write_iops,trim_iops,read_Bps,write_Bps,trim_Bps,"
		  "read_clat_us,write_clat_us,trim_clat_us,written_bytes,capacity_pct,"
		  "celsius,read_lat_us,write_lat_us,trim_lat_us\n");
	for (size_t i = 0; i < n; i++) {
		sbuf_addf(&sb, "%.3f", clock->t[i]);
		for (int k = 0; k < RESULT_NDIRS; k++)
			series_cell(&sb, &st->iops[k], i, 1);
		for (int k = 0; k < RESULT_NDIRS; k++)
			series_cell(&sb, &st->bw[k], i, 0);
		for (int k = 0; k < RESULT_NDIRS; k++)
			series_cell(&sb, &st->clat_us[k], i, 2);
		series_cell(&sb, &st->written, i, 0);
		sbuf_addc(&sb, ',');
		if (i < st->written.n && st->capacity)
			sbuf_addf(&sb, "%.3f", 100.0 * st->written.v[i] / (double)st->capacity);
		temp_cell(&sb, &st->temp_c, clock->t[i]);
		for (int k = 0; k < RESULT_NDIRS; k++)   /* response time, after the rest */
			series_cell(&sb, &st->lat_us[k], i, 2);
		sbuf_addc(&sb, '\n');
	}
	sub = xasprintf("%s/%s", dir, st->dir);
	rc = write_atomic(sub, "series.csv", sb.buf, sb.len, d);
	free(sub);
	sbuf_release(&sb);
	return rc;
}
