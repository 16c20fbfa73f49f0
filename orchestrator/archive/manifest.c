/* SPDX-License-Identifier: MIT */
/* manifest: the archive's manifest.json and results.csv, rewritten after every step. */
#include "manifest.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive_files.h"
#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "xalloc.h"

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *step_json(const struct result_step *st)
{
	json_t *o = json_object();

	json_object_set_new(o, "index", json_integer(st->index));
	json_object_set_new(o, "name", str_or_null(st->name));
	json_object_set_new(o, "kind", str_or_null(st->kind));
	json_object_set_new(o, "scope", str_or_null(st->scope));
	json_object_set_new(o, "round", json_integer(st->round));
	json_object_set_new(o, "continuous", json_integer(st->continuous));
	json_object_set_new(o, "seed", st->seed ? json_integer((json_int_t)st->seed) :
			    json_null());
	json_object_set_new(o, "data", str_or_null(st->data));
	json_object_set_new(o, "write_cache", str_or_null(st->write_cache));
	json_object_set_new(o, "cell", str_or_null(st->cell));
	json_object_set_new(o, "chart", str_or_null(st->chart));
	json_object_set_new(o, "dir", str_or_null(st->dir));
	json_object_set_new(o, "status", str_or_null(st->status));
	json_object_set_new(o, "error", str_or_null(st->error));
	json_object_set_new(o, "rw", str_or_null(st->rw));
	json_object_set_new(o, "bs", json_integer((json_int_t)st->bs));
	json_object_set_new(o, "iodepth", json_integer(st->iodepth));
	json_object_set_new(o, "numjobs", json_integer(st->numjobs));
	json_object_set_new(o, "rwmixread", st->rwmixread >= 0 ?
			    json_integer(st->rwmixread) : json_null());
	json_object_set_new(o, "runtime_ms", json_integer((json_int_t)st->runtime_ms));
	json_object_set_new(o, "started", str_or_null(st->started));
	json_object_set_new(o, "ended", str_or_null(st->ended));
	json_object_set_new(o, "written_before", json_integer((json_int_t)st->written_before));
	json_object_set_new(o, "capacity", json_integer((json_int_t)st->capacity));
	return o;
}

static json_t *num_or_null(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *window_json(const struct steady_window *w)
{
	return json_pack("{s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:b}",
			 "first", (json_int_t)w->first, "last", (json_int_t)w->last,
			 "avg", num_or_null(w->avg),
			 "data_excursion", num_or_null(w->data_excursion),
			 "max_data_excursion", num_or_null(w->max_data_excursion),
			 "slope", num_or_null(w->slope), "intercept", num_or_null(w->intercept),
			 "slope_excursion", num_or_null(w->slope_excursion),
			 "max_slope_excursion", num_or_null(w->max_slope_excursion),
			 "range_ok", w->range_ok, "slope_ok", w->slope_ok);
}

/* A <rounds> scope: its goal, verdict and every tracking variable per round. */
static json_t *scope_json(const struct result_scope *s)
{
	json_t *o = json_object(), *tracks = json_array();

	json_object_set_new(o, "name", str_or_null(s->name));
	json_object_set_new(o, "until", str_or_null(s->until));
	json_object_set_new(o, "verdict", str_or_null(s->verdict));
	json_object_set_new(o, "rounds", json_integer(s->rounds));
	json_object_set_new(o, "steady_round", json_integer(s->steady_round));
	json_object_set_new(o, "max_rounds", json_integer(s->max_rounds));
	json_object_set_new(o, "window", json_integer(s->window));
	json_object_set_new(o, "range", json_real(s->range));
	json_object_set_new(o, "slope", json_real(s->slope));
	json_object_set_new(o, "written_goal", json_integer((json_int_t)s->written_goal));
	json_object_set_new(o, "time_goal_ms", json_integer((json_int_t)s->time_goal_ms));
	json_object_set_new(o, "chart", str_or_null(s->chart));
	for (size_t k = 0; k < s->ntracks; k++) {
		const struct result_track *t = &s->tracks[k];
		json_t *jt = json_object(), *rounds = json_array();

		json_object_set_new(jt, "element", str_or_null(t->element));
		json_object_set_new(jt, "metric", str_or_null(t->metric));
		json_object_set_new(jt, "dir", str_or_null(t->dir));
		for (size_t r = 0; r < t->n; r++) {
			json_t *jr = json_object();

			json_object_set_new(jr, "value", num_or_null(t->values[r]));
			if (t->wins[r].first)
				json_object_set_new(jr, "window", window_json(&t->wins[r]));
			json_array_append_new(rounds, jr);
		}
		json_object_set_new(jt, "rounds", rounds);
		json_array_append_new(tracks, jt);
	}
	json_object_set_new(o, "tracks", tracks);
	return o;
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

static json_t *manifest_json(const struct result_run *run,
			     const struct manifest_target *t)
{
	json_t *o = json_object(), *plat = json_object(), *plan = json_object();
	json_t *tgt = json_object(), *steps = json_array(), *scopes;

	json_object_set_new(o, "format", json_string("ssdbench-archive-1"));
	json_object_set_new(o, "ssdbench_version", str_or_null(run->ssdbench_version));
	json_object_set_new(o, "fio_version", str_or_null(run->fio_version));
	json_object_set_new(o, "ioengine", str_or_null(run->ioengine));
	json_object_set_new(plat, "kernel", str_or_null(run->kernel));
	json_object_set_new(plat, "cpu", str_or_null(run->cpu));
	json_object_set_new(plat, "hostname", str_or_null(run->hostname));
	json_object_set_new(o, "platform", plat);
	json_object_set_new(o, "started", str_or_null(run->started));
	json_object_set_new(o, "ended", str_or_null(run->ended));
	json_object_set_new(o, "status", str_or_null(run->status));
	json_object_set_new(o, "error", str_or_null(run->error));
	json_object_set_new(plan, "name", str_or_null(run->plan_name));
	json_object_set_new(plan, "title", str_or_null(run->plan_title));
	json_object_set_new(plan, "file", str_or_null(run->plan_file));
	json_object_set_new(plan, "sha256", str_or_null(run->plan_sha256));
	json_object_set_new(plan, "failure", str_or_null(run->failure));
	{
		json_t *titles = json_object();

		for (size_t i = 0; i < run->ntitles; i++)
			json_object_set_new(titles, run->titles[i].lang,
					    json_string(run->titles[i].text));
		json_object_set_new(plan, "titles", titles);
	}
	json_object_set_new(o, "plan", plan);
	json_object_set_new(tgt, "name", str_or_null(t->name));
	json_object_set_new(tgt, "kind", str_or_null(t->kind));
	json_object_set_new(tgt, "path", str_or_null(t->path));
	json_object_set_new(tgt, "size", json_integer((json_int_t)t->size));
	json_object_set_new(tgt, "description", str_or_null(run->target));
	json_object_set_new(tgt, "host", !t->host ? json_null() :
			    json_pack("{s:s, s:o, s:o}", "name", t->host, "fio_server",
				      str_or_null(t->host_server), "hostname",
				      str_or_null(t->host_hostname)));
	json_object_set_new(tgt, "model", str_or_null(run->drive_model));
	json_object_set_new(tgt, "firmware", str_or_null(run->drive_firmware));
	/* The identity and health snapshots, as 'ssdbench probe --json' prints them. */
	json_object_set_new(tgt, "before", t->probe_before ?
			    json_loads(t->probe_before, 0, NULL) : json_null());
	json_object_set_new(tgt, "after", t->probe_after ?
			    json_loads(t->probe_after, 0, NULL) : json_null());
	if (t->raid)
		json_object_set_new(tgt, "raid", json_loads(t->raid, 0, NULL));
	if (t->capacity)
		json_object_set_new(tgt, "capacity", json_loads(t->capacity, 0, NULL));
	if (t->write_cache)
		json_object_set_new(tgt, "write_cache", json_loads(t->write_cache, 0, NULL));
	json_object_set_new(o, "target", tgt);
	if (t->rerun_of)
		json_object_set_new(o, "rerun_of", rerun_json(t->rerun_of));
	for (size_t i = 0; i < run->nsteps; i++)
		json_array_append_new(steps, step_json(&run->steps[i]));
	json_object_set_new(o, "steps", steps);
	scopes = json_array();
	for (size_t i = 0; i < run->nscopes; i++)
		json_array_append_new(scopes, scope_json(&run->scopes[i]));
	json_object_set_new(o, "scopes", scopes);
	return o;
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
	char *in_archive = target_in_archive(dir, t->path), *text;
	struct archive_files files;
	json_t *o = manifest_json(run, t);
	struct sbuf sb;
	int rc;

	archive_files_init(&files);
	rc = archive_files_scan(dir, in_archive, &files, d);
	json_object_set_new(json_object_get(o, "target"), "in_archive",
			    in_archive ? json_string(in_archive) : json_null());
	json_object_set_new(o, "files", files_json(&files));
	archive_files_release(&files);
	free(in_archive);
	text = rc ? NULL : json_dumps(o, JSON_INDENT(2));
	json_decref(o);
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

static double c_iops(const struct result_step *st, int dir)
{
	return st->dir_stat[dir].iops;
}

static double c_mbps(const struct result_step *st, int dir)
{
	return st->dir_stat[dir].bw_bytes / 1e6;
}

static double c_qos(const struct result_step *st, int which)
{
	const struct result_dirstat *s = &st->dir_stat[which / 8];
	const double v[] = { s->clat_mean_us, s->clat_p99_us, s->clat_p999_us,
			     s->clat_p9999_us, s->clat_p99999_us, s->clat_max_us };

	return s->total_ios ? v[which % 8] : NAN;
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
		   (after ? (double)st->dir_stat[RESULT_WRITE].io_bytes : 0);

	return after == 2 ? (st->capacity ? 100.0 * w / (double)st->capacity : NAN) : w;
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
