/* SPDX-License-Identifier: MIT */
/* fiojson: decodes fio's JSON reports into structs, and computes percentiles from bins. */
#include "fiojson.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "fiojson_int.h"
#include "safefile.h"
#include "sbuf.h"
#include "xalloc.h"

/* ---- lifecycle ------------------------------------------------------------ */

void fiojson_lat_init(struct fiojson_lat *l)
{
	memset(l, 0, sizeof(*l));
}

void fiojson_lat_release(struct fiojson_lat *l)
{
	free(l->pct);
	free(l->bins);
	fiojson_lat_init(l);
}

void fiojson_report_init(struct fiojson_report *r)
{
	memset(r, 0, sizeof(*r));
}

static void opts_release(struct fiojson_opt *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].value);
	}
	free(v);
}

void fiojson_report_release(struct fiojson_report *r)
{
	free(r->fio_version);
	opts_release(r->globals, r->nglobals);
	for (size_t i = 0; i < r->njobs; i++) {
		opts_release(r->jobs[i].opts, r->jobs[i].nopts);
		free(r->jobs[i].jobname);
		free(r->jobs[i].hostname);
		for (int dir = 0; dir < FIOJSON_NDIRS; dir++) {
			fiojson_lat_release(&r->jobs[i].dir[dir].clat);
			fiojson_lat_release(&r->jobs[i].dir[dir].lat);
		}
	}
	free(r->jobs);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	fiojson_report_init(r);
}

const char *fiojson_dir_name(enum fiojson_dir dir)
{
	static const char *const names[FIOJSON_NDIRS] = { "read", "write", "trim" };

	return (unsigned)dir < FIOJSON_NDIRS ? names[dir] : "?";
}

/* ---- typed field access with JSON paths ------------------------------------ */

/* Where we are: the file and the JSON path of the object being read. */
struct jloc {
	const char *file;
	const char *path;
	struct diag *d;
};

/* Writes base.key into dst; a path too long for dst is cut, which is still useful. */
static void join_path(char *dst, size_t n, const char *base, const char *key)
{
	if (snprintf(dst, n, "%s%s%s", base, base[0] && key[0] ? "." : "", key) >= (int)n)
		dst[n - 1] = '\0';
}

static const char *jtype(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a number";
	case JSON_TRUE: return "true";
	case JSON_FALSE: return "false";
	case JSON_NULL: return "null";
	}
	return "?";
}

/* Records an error at path.key (or at path when key is NULL). */
static int jerr(const struct jloc *at, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int jerr(const struct jloc *at, const char *key, const char *fmt, ...)
{
	char path[256], msg[512];
	va_list ap;

	join_path(path, sizeof(path), at->path, key ? key : "");
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return diag_set_path(at->d, -SB_EPARSE, at->file, path, "%s", msg);
}

/* Any number (int or float); null (a repaired nan) reads as NaN. Absent: *out kept. */
static int get_double(const struct jloc *at, const json_t *obj, const char *key,
		      int required, double *out)
{
	const json_t *v = json_object_get(obj, key);

	if (!v)
		return required ? jerr(at, key, "missing (expected a number)") : 0;
	if (json_is_null(v))
		*out = NAN;
	else if (json_is_number(v))
		*out = json_number_value(v);
	else
		return jerr(at, key, "expected a number, got %s", jtype(v));
	return 0;
}

/* A non-negative integer; a float with no fraction is accepted too. */
static int get_u64(const struct jloc *at, const json_t *obj, const char *key,
		   int required, uint64_t *out)
{
	const json_t *v = json_object_get(obj, key);
	double x;

	if (!v)
		return required ? jerr(at, key, "missing (expected a number)") : 0;
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return jerr(at, key, "expected a non-negative number, got %lld",
				    (long long)json_integer_value(v));
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (!json_is_real(v))
		return jerr(at, key, "expected a number, got %s", jtype(v));
	x = json_real_value(v);
	if (!(x >= 0 && x < 18446744073709551616.0))
		return jerr(at, key, "expected a non-negative number, got %g", x);
	*out = (uint64_t)x;
	return 0;
}

static int get_int(const struct jloc *at, const json_t *obj, const char *key,
		   int required, int *out)
{
	const json_t *v = json_object_get(obj, key);
	double x;

	if (!v)
		return required ? jerr(at, key, "missing (expected an integer)") : 0;
	if (!json_is_number(v))
		return jerr(at, key, "expected an integer, got %s", jtype(v));
	x = json_number_value(v);
	if (!(x >= INT_MIN && x <= INT_MAX) || x != floor(x))
		return jerr(at, key, "expected an integer, got %g", x);
	*out = (int)x;
	return 0;
}

/* A string, duplicated into *out (which must be NULL). */
static int get_str(const struct jloc *at, const json_t *obj, const char *key,
		   int required, char **out)
{
	const json_t *v = json_object_get(obj, key);

	if (!v)
		return required ? jerr(at, key, "missing (expected a string)") : 0;
	if (!json_is_string(v))
		return jerr(at, key, "expected a string, got %s", jtype(v));
	*out = xstrndup(json_string_value(v), json_string_length(v));
	return 0;
}

/* An object member: *out is NULL when absent and not required. */
static int get_obj(const struct jloc *at, const json_t *obj, const char *key,
		   int required, const json_t **out)
{
	const json_t *v = json_object_get(obj, key);

	*out = NULL;
	if (!v)
		return required ? jerr(at, key, "missing (expected an object)") : 0;
	if (!json_is_object(v))
		return jerr(at, key, "expected an object, got %s", jtype(v));
	*out = v;
	return 0;
}

/* ---- decoding a report ------------------------------------------------------ */

static int cmp_bin(const void *a, const void *b)
{
	const struct fiojson_bin *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

/* Reads the "percentile" object: keys "99.900000", values in the object's unit. */
static int parse_pct(const struct jloc *at, const json_t *obj, uint64_t scale,
		     struct fiojson_lat *l)
{
	const char *key;
	json_t *v;
	int rc;

	l->pct = xcalloc(json_object_size(obj) + 1, sizeof(*l->pct));
	json_object_foreach((json_t *)(uintptr_t)obj, key, v) {
		struct fiojson_pct *p = &l->pct[l->npct];
		char *end;

		p->pct = strtod(key, &end);
		if (end == key || *end || !(p->pct >= 0 && p->pct <= 100))
			return jerr(at, key, "expected a percentile key such as \"99.900000\"");
		if ((rc = get_u64(at, obj, key, 1, &p->ns)))
			return rc;
		p->ns *= scale;
		l->npct++;
	}
	return 0;
}

/* Reads json+ "bins": keys are bucket values, values counts; sorted by value. */
static int parse_bins(const struct jloc *at, const json_t *obj, uint64_t scale,
		      struct fiojson_lat *l)
{
	const char *key;
	json_t *v;
	int rc;

	l->bins = xcalloc(json_object_size(obj) + 1, sizeof(*l->bins));
	json_object_foreach((json_t *)(uintptr_t)obj, key, v) {
		struct fiojson_bin *b = &l->bins[l->nbins];
		char *end;

		errno = 0;
		b->ns = strtoull(key, &end, 10);
		if (end == key || *end || errno || key[0] == '-')
			return jerr(at, key, "expected a latency bucket key such as \"24576\"");
		if ((rc = get_u64(at, obj, key, 1, &b->count)))
			return rc;
		b->ns *= scale;
		l->nbins++;
	}
	qsort(l->bins, l->nbins, sizeof(*l->bins), cmp_bin);
	return 0;
}

/* A latency object in ns (scale 1) or, for fio 2.x "clat", in µs (scale 1000). */
static int parse_lat(const struct jloc *at, const json_t *obj, uint64_t scale,
		     struct fiojson_lat *l)
{
	const json_t *sub;
	int rc;

	l->n = UINT64_MAX;
	if ((rc = get_u64(at, obj, "min", 1, &l->min_ns)) ||
	    (rc = get_u64(at, obj, "max", 1, &l->max_ns)) ||
	    (rc = get_double(at, obj, "mean", 1, &l->mean_ns)) ||
	    (rc = get_double(at, obj, "stddev", 0, &l->stddev_ns)) ||
	    (rc = get_u64(at, obj, "N", 0, &l->n)))
		return rc;
	l->min_ns *= scale;
	l->max_ns *= scale;
	l->mean_ns *= (double)scale;
	l->stddev_ns *= (double)scale;
	if ((rc = get_obj(at, obj, "percentile", 0, &sub)))
		return rc;
	if (sub) {
		char path[256];
		struct jloc in = { at->file, path, at->d };

		join_path(path, sizeof(path), at->path, "percentile");
		if ((rc = parse_pct(&in, sub, scale, l)))
			return rc;
	}
	if ((rc = get_obj(at, obj, "bins", 0, &sub)))
		return rc;
	if (sub) {
		char path[256];
		struct jloc in = { at->file, path, at->d };

		join_path(path, sizeof(path), at->path, "bins");
		rc = parse_bins(&in, sub, scale, l);
	}
	return rc;
}

/*
 * The response time, "lat_ns" (fio 2.x: "lat", in µs), when the report has it:
 * submission plus completion latency, what SNIA's latency test and QoS report.
 */
static int parse_response(const struct jloc *at, const json_t *obj, const char *path,
			  struct fiojson_dirstat *ds)
{
	const char *key = json_object_get(obj, "lat_ns") ? "lat_ns" : "lat";
	const json_t *lat = json_object_get(obj, key);
	char latpath[256];
	struct jloc lat_at = *at;
	int rc;

	if (!lat)
		return 0;
	if (!json_is_object(lat))
		return diag_set_path(at->d, -SB_EPARSE, at->file, path, "'%s' is not an "
				     "object", key);
	join_path(latpath, sizeof(latpath), path, key);
	lat_at.path = latpath;
	rc = parse_lat(&lat_at, lat, key[3] ? 1 : 1000, &ds->lat);
	if (!rc && ds->lat.n == UINT64_MAX)
		ds->lat.n = ds->total_ios;
	return rc;
}

/* One direction object ("read", "write", "trim"); trim may be absent (zeros). */
static int parse_dir(const struct jloc *job_at, const json_t *job, enum fiojson_dir dir,
		     int io_in_kib, struct fiojson_dirstat *ds)
{
	const char *name = fiojson_dir_name(dir), *latkey = "clat_ns";
	char path[256], latpath[256];
	struct jloc at = { job_at->file, path, job_at->d }, lat_at = at;
	const json_t *obj, *lat;
	uint64_t bw_kib = 0;
	int rc;

	if ((rc = get_obj(job_at, job, name, dir != FIOJSON_TRIM, &obj)) || !obj)
		return rc;
	join_path(path, sizeof(path), job_at->path, name);
	if ((rc = get_u64(&at, obj, "io_bytes", 1, &ds->io_bytes)) ||
	    (rc = get_u64(&at, obj, "total_ios", 1, &ds->total_ios)) ||
	    (rc = get_u64(&at, obj, "runtime", 1, &ds->runtime_ms)) ||
	    (rc = get_double(&at, obj, "iops", 1, &ds->iops)))
		return rc;
	if (io_in_kib)
		ds->io_bytes *= 1024;
	if (json_object_get(obj, "bw_bytes")) {
		rc = get_double(&at, obj, "bw_bytes", 1, &ds->bw_bytes);
	} else {
		rc = get_u64(&at, obj, "bw", 1, &bw_kib);
		ds->bw_bytes = (double)bw_kib * 1024.0;
	}
	if (rc)
		return rc;
	if (!json_object_get(obj, latkey) && json_object_get(obj, "clat"))
		latkey = "clat";
	if ((rc = get_obj(&at, obj, latkey, 1, &lat)))
		return rc;
	join_path(latpath, sizeof(latpath), path, latkey);
	lat_at.path = latpath;
	if ((rc = parse_lat(&lat_at, lat, latkey[4] ? 1 : 1000, &ds->clat)))
		return rc;
	if (ds->clat.n == UINT64_MAX)
		ds->clat.n = ds->total_ios;
	return parse_response(&at, obj, path, ds);
}

/* Copies the string members of an options object; anything else is left out. */
static void read_opts(const json_t *obj, struct fiojson_opt **out, size_t *n)
{
	const char *key;
	json_t *v;

	if (!json_is_object(obj))
		return;
	*out = xcalloc(json_object_size(obj) + 1, sizeof(**out));
	json_object_foreach((json_t *)(uintptr_t)obj, key, v) {
		if (!json_is_string(v))
			continue;
		(*out)[*n].key = xstrdup(key);
		(*out)[(*n)++].value = xstrndup(json_string_value(v), json_string_length(v));
	}
}

static const char *find_opt(const struct fiojson_opt *v, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].key, key))
			return v[i].value;
	return NULL;
}

const char *fiojson_option(const struct fiojson_report *r, const struct fiojson_job *job,
			   const char *key)
{
	const char *v = job ? find_opt(job->opts, job->nopts, key) : NULL;

	return v ? v : find_opt(r->globals, r->nglobals, key);
}

static int parse_job(const struct jloc *at, const json_t *obj, int io_in_kib,
		     struct fiojson_job *job)
{
	int rc;

	if (!json_is_object(obj))
		return jerr(at, NULL, "expected an object, got %s", jtype(obj));
	read_opts(json_object_get(obj, "job options"), &job->opts, &job->nopts);
	if ((rc = get_str(at, obj, "jobname", 1, &job->jobname)) ||
	    (rc = get_str(at, obj, "hostname", 0, &job->hostname)) ||
	    (rc = get_int(at, obj, "groupid", 0, &job->groupid)) ||
	    (rc = get_int(at, obj, "error", 1, &job->error)) ||
	    (rc = get_u64(at, obj, "job_runtime", 0, &job->job_runtime_ms)))
		return rc;
	for (int dir = 0; dir < FIOJSON_NDIRS; dir++)
		if ((rc = parse_dir(at, obj, (enum fiojson_dir)dir, io_in_kib, &job->dir[dir])))
			return rc;
	return 0;
}

/* fio before 2.21 wrote io_bytes in KiB. */
static int io_bytes_in_kib(const char *version)
{
	int major = 0, minor = 0;

	if (!version || sscanf(version, "fio-%d.%d", &major, &minor) != 2)
		return 0;
	return major < 2 || (major == 2 && minor < 21);
}

/* ---- decoding a report's jobs ------------------------------------------- */

/* Fills r from a decoded report: "jobs", or "client_stats" without "All clients". */
static int parse_report(const char *buf, const struct last_doc *ld, const char *name,
			struct fiojson_report *r, struct diag *d)
{
	const json_t *root = ld->root, *jobs;
	struct jloc at = { name, "", d };
	const char *key = "jobs";
	double ts = 0, ts_ms = 0;
	struct job_iter it;
	json_t *job = NULL;
	size_t cap = 0, from, to;
	char path[64];
	int rc;

	if ((rc = get_str(&at, root, "fio version", 0, &r->fio_version)))
		return rc;
	if ((rc = get_double(&at, root, "timestamp", 0, &ts)) ||
	    (rc = get_double(&at, root, "timestamp_ms", 0, &ts_ms)))
		return rc;
	read_opts(json_object_get(root, "global options"), &r->globals, &r->nglobals);
	r->timestamp = isfinite(ts) ? (int64_t)ts : 0;
	r->timestamp_ms = isfinite(ts_ms) ? (int64_t)ts_ms : 0;
	if (!json_object_get(root, "jobs") && json_object_get(root, "client_stats")) {
		key = "client_stats";
		r->client_server = 1;
	}
	jobs = json_object_get(root, key);
	if (!jobs)
		return jerr(&at, key, "missing (expected an array of jobs)");
	if (!json_is_array(jobs))
		return jerr(&at, key, "expected an array, got %s", jtype(jobs));
	fiojson__job_iter_init(&it, buf, ld, jobs);
	while (!rc && (rc = fiojson__job_next(&it, &job, &from, &to, name, d)) == 1) {
		const char *jobname = json_string_value(json_object_get(job, "jobname"));

		rc = 0;
		if (r->client_server && jobname && strcmp(jobname, "All clients") == 0) {
			json_decref(job);
			continue;
		}
		snprintf(path, sizeof(path), "%s[%zu]", key, it.i - 1);
		at.path = path;
		XGROW(r->jobs, cap, r->njobs + 2);
		memset(&r->jobs[r->njobs], 0, sizeof(*r->jobs));
		rc = parse_job(&at, job, io_bytes_in_kib(r->fio_version), &r->jobs[r->njobs++]);
		json_decref(job);
	}
	return rc;
}

int fiojson_parse_buf(const char *buf, size_t len, const char *name,
		      struct fiojson_report *r, struct diag *d)
{
	struct last_doc ld;
	int rc;

	fiojson_report_release(r);
	rc = fiojson__decode_last(buf, len, name, &ld, r, d);
	if (!rc)
		rc = parse_report(buf, &ld, name, r, d);
	fiojson__last_doc_release(&ld);
	if (rc)
		fiojson_report_release(r);
	return rc;
}

/* A groupid and its index in the caller's ids[]: sorted by id to be searched. */
struct group_ref {
	json_int_t id;
	size_t k;
};

static int cmp_group_ref(const void *a, const void *b)
{
	const struct group_ref *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static const struct group_ref *find_group(const struct group_ref *refs, size_t n,
					  const json_t *job)
{
	struct group_ref want = { json_integer_value(json_object_get(job, "groupid")), 0 };

	return n ? bsearch(&want, refs, n, sizeof(*refs), cmp_group_ref) : NULL;
}

/* extract_groups for a document decoded whole: each group's jobs encoded again. */
static int extract_tree(const struct last_doc *ld, const struct group_ref *refs, size_t n,
			char **out, const char *name, struct diag *d)
{
	const char *key = json_object_get(ld->root, "jobs") ? "jobs" : "client_stats";
	const json_t *jobs = json_object_get(ld->root, key);
	json_t **kept;
	int rc = 0;

	/* An array of pointers: sizeof(*kept) is a pointer's size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	kept = xcalloc(n + 1, sizeof(*kept));
	for (size_t k = 0; k < n; k++)
		kept[k] = json_array();
	for (size_t i = 0; i < json_array_size(jobs); i++) {
		json_t *job = json_array_get(jobs, i);
		const struct group_ref *g = find_group(refs, n, job);

		if (g)
			json_array_append(kept[g->k], job);
	}
	for (size_t k = 0; k < n && !rc; k++) {
		json_object_set(ld->root, key, kept[k]);
		out[k] = json_dumps(ld->root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (!out[k])
			rc = diag_set(d, -SB_EINTERNAL, name, 0, 0, "cannot encode a group");
	}
	for (size_t k = 0; k < n; k++)
		json_decref(kept[k]);
	free(kept);
	return rc;
}

/* extract_groups for a split document: each group's jobs copied from its text. */
static int extract_text(const char *buf, const struct last_doc *ld,
			const struct group_ref *refs, size_t n, char **out, const char *name,
			struct diag *d)
{
	const char *t = ld->doc.t;
	struct sbuf *sb = xcalloc(n + 1, sizeof(*sb));
	struct job_iter it;
	json_t *job;
	size_t from, to;
	int rc;

	for (size_t k = 0; k < n; k++) {
		sbuf_init(&sb[k]);
		sbuf_add(&sb[k], t, ld->a);
	}
	fiojson__job_iter_init(&it, buf, ld, NULL);
	while ((rc = fiojson__job_next(&it, &job, &from, &to, name, d)) == 1) {
		const struct group_ref *g = find_group(refs, n, job);

		json_decref(job);
		if (!g)
			continue;
		if (sb[g->k].len > ld->a)
			sbuf_adds(&sb[g->k], ",\n");
		sbuf_add(&sb[g->k], t + from, to - from);
	}
	for (size_t k = 0; k < n; k++) {
		sbuf_add(&sb[k], t + ld->b, ld->doc.tlen - ld->b);
		out[k] = rc ? NULL : sbuf_detach(&sb[k]);
		sbuf_release(&sb[k]);
	}
	free(sb);
	return rc;
}

int fiojson_extract_groups(const char *buf, size_t len, const char *name, const int *ids,
			   size_t n, char **out, struct diag *d)
{
	struct group_ref *refs = xcalloc(n + 1, sizeof(*refs));
	struct fiojson_report scratch;
	struct last_doc ld;
	int rc;

	memset(out, 0, n * sizeof(*out));
	fiojson_report_init(&scratch);
	rc = fiojson__decode_last(buf, len, name, &ld, &scratch, d);
	fiojson_report_release(&scratch);
	for (size_t k = 0; k < n; k++)
		refs[k] = (struct group_ref){ ids[k], k };
	qsort(refs, n, sizeof(*refs), cmp_group_ref);
	if (!rc)
		rc = ld.split ? extract_text(buf, &ld, refs, n, out, name, d)
			      : extract_tree(&ld, refs, n, out, name, d);
	for (size_t k = 0; rc && k < n; k++) {
		free(out[k]);
		out[k] = NULL;
	}
	fiojson__last_doc_release(&ld);
	free(refs);
	return rc;
}

int fiojson_parse_file(const char *path, struct fiojson_report *r, struct diag *d)
{
	struct sbuf sb;
	int rc;

	struct stat st;
	int fd;

	sbuf_init(&sb);
	/* A file the user or the run names (links followed), through the safe-file
	 * layer: a FIFO or device is refused, not waited on. */
	fd = rc = safefile_open_path(path, 1, d);
	if (fd < 0)
		goto out;
	if (fstat(fd, &st) == 0 && (uint64_t)st.st_size > FIOJSON_MAX_FILE)
		rc = diag_set(d, -SB_EPARSE, path, 0, 0, "'%s' is larger than a fio report "
			      "can be (%zu MiB at most)", path, FIOJSON_MAX_FILE >> 20);
	else
		rc = safefile_read_fd(fd, path, FIOJSON_MAX_FILE, &sb, d);
	close(fd);
	if (rc)
		goto out;
	rc = fiojson_parse_buf(sb.buf, sb.len, path, r, d);
out:
	sbuf_release(&sb);
	return rc;
}

/* ---- percentiles and merging ------------------------------------------------ */

/* A bucket's value is its middle: never above the maximum the I/Os reached. */
static uint64_t at_most_max(const struct fiojson_lat *l, uint64_t ns)
{
	return l->n && l->max_ns && ns > l->max_ns ? l->max_ns : ns;
}

int fiojson_lat_percentile(const struct fiojson_lat *l, double p, uint64_t *ns)
{
	uint64_t total = 0, sum = 0;

	for (size_t i = 0; i < l->nbins; i++)
		total += l->bins[i].count;
	if (total && p > 0 && p <= 100) {
		long double want = (long double)p / 100.0 * total;

		for (size_t i = 0; i < l->nbins; i++) {
			sum += l->bins[i].count;
			if (sum >= want) {
				*ns = at_most_max(l, l->bins[i].ns);
				return 0;
			}
		}
	}
	for (size_t i = 0; i < l->npct; i++) {
		if (fabs(l->pct[i].pct - p) < 1e-6) {
			*ns = at_most_max(l, l->pct[i].ns);
			return 0;
		}
	}
	return -SB_ENOENT;
}

/* Merges two sorted bin arrays into dst's. */
static void merge_bins(struct fiojson_lat *dst, const struct fiojson_lat *src)
{
	struct fiojson_bin *out = xcalloc(dst->nbins + src->nbins + 1, sizeof(*out));
	size_t i = 0, j = 0, n = 0;

	while (i < dst->nbins || j < src->nbins) {
		if (j == src->nbins || (i < dst->nbins && dst->bins[i].ns < src->bins[j].ns)) {
			out[n++] = dst->bins[i++];
		} else if (i == dst->nbins || src->bins[j].ns < dst->bins[i].ns) {
			out[n++] = src->bins[j++];
		} else {
			out[n] = dst->bins[i++];
			out[n++].count += src->bins[j++].count;
		}
	}
	free(dst->bins);
	dst->bins = out;
	dst->nbins = n;
}

static void copy_lat(struct fiojson_lat *dst, const struct fiojson_lat *src)
{
	*dst = *src;
	dst->pct = xcalloc(src->npct + 1, sizeof(*dst->pct));
	if (src->npct)
		memcpy(dst->pct, src->pct, src->npct * sizeof(*dst->pct));
	dst->bins = xcalloc(src->nbins + 1, sizeof(*dst->bins));
	if (src->nbins)
		memcpy(dst->bins, src->bins, src->nbins * sizeof(*dst->bins));
}

void fiojson_lat_merge(struct fiojson_lat *dst, const struct fiojson_lat *src)
{
	double n1 = (double)dst->n, n2 = (double)src->n, n = n1 + n2, delta, ss;

	if (!src->n)
		return;
	if (!dst->n) {
		fiojson_lat_release(dst);
		copy_lat(dst, src);
		return;
	}
	/* Pooled sample variance: both groups' sums of squares plus the shift of means. */
	delta = src->mean_ns - dst->mean_ns;
	ss = (n1 - 1) * dst->stddev_ns * dst->stddev_ns +
	     (n2 - 1) * src->stddev_ns * src->stddev_ns + delta * delta * n1 * n2 / n;
	dst->mean_ns = (n1 * dst->mean_ns + n2 * src->mean_ns) / n;
	dst->stddev_ns = n > 1 ? sqrt(ss / (n - 1)) : 0;
	dst->min_ns = src->min_ns < dst->min_ns ? src->min_ns : dst->min_ns;
	if (src->max_ns > dst->max_ns)          /* the flag of the maximum kept */
		dst->max_bound = src->max_bound;
	else if (src->max_ns == dst->max_ns)
		dst->max_bound = dst->max_bound || src->max_bound;
	dst->max_ns = src->max_ns > dst->max_ns ? src->max_ns : dst->max_ns;
	dst->n += src->n;
	free(dst->pct);
	dst->pct = NULL;
	dst->npct = 0;
	if (dst->nbins && src->nbins) {
		merge_bins(dst, src);
	} else {
		free(dst->bins);
		dst->bins = NULL;
		dst->nbins = 0;
	}
}
