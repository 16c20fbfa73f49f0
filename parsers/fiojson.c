/* SPDX-License-Identifier: MIT */
/* fiojson: finds, repairs and decodes fio's JSON reports, and computes percentiles from bins. */
#include "fiojson.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
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
		for (int dir = 0; dir < FIOJSON_NDIRS; dir++)
			fiojson_lat_release(&r->jobs[i].dir[dir].clat);
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

/* ---- finding and repairing documents -------------------------------------- */

/*
 * One JSON document cut out of fio's output and repaired. Repairs keep every byte
 * at its offset except "nan"/"inf" -> "null", which inserts one byte; ins[] holds
 * the offsets in text of those inserted bytes so errors map back to the original.
 */
struct doc {
	size_t start, end;  /* [start, end) in the original buffer */
	struct sbuf text;
	size_t *ins;
	size_t nins, inscap;
	size_t nfixed;
};

/* Returns the length of a valid UTF-8 sequence at s, or 0 when it is invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return len;
}

static int may_start_bad_number(char c)
{
	return c == '-' || c == '+' || c == 'n' || c == 'N' || c == 'i' || c == 'I';
}

/* Length of a bare nan/-nan/inf/-inf/infinity token at s (outside strings), or 0. */
static size_t bad_number_len(const char *s, size_t n)
{
	static const char *const words[] = { "infinity", "nan", "inf" };
	size_t sign = (s[0] == '-' || s[0] == '+') ? 1 : 0;

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
		size_t wl = strlen(words[w]), end = sign + wl;

		if (end > n || strncasecmp(s + sign, words[w], wl) != 0)
			continue;
		if (end < n && (s[end] == '_' || s[end] == '(' ||
				((s[end] | 0x20) >= 'a' && (s[end] | 0x20) <= 'z')))
			continue;
		return end;
	}
	return 0;
}

/* Copies one string byte (or UTF-8 sequence) starting at i; returns bytes consumed. */
static size_t repair_string_byte(const char *buf, size_t len, size_t i, struct doc *doc)
{
	const unsigned char *u = (const unsigned char *)buf + i;
	size_t n;

	if (*u < 0x20) {
		sbuf_addc(&doc->text, ' ');
		doc->nfixed++;
		return 1;
	}
	n = utf8_len(u, len - i);
	if (!n) {
		sbuf_addc(&doc->text, '?');
		doc->nfixed++;
		return 1;
	}
	sbuf_add(&doc->text, buf + i, n);
	return n;
}

/* Writes "null" for a bad number token of n bytes: padded with spaces, or one inserted byte. */
static void repair_number(size_t n, struct doc *doc)
{
	sbuf_adds(&doc->text, "null");
	if (n < 4) {
		XGROW(doc->ins, doc->inscap, doc->nins + 1);
		doc->ins[doc->nins++] = doc->text.len - 1;
	}
	for (size_t k = 4; k < n; k++)
		sbuf_addc(&doc->text, ' ');
	doc->nfixed++;
}

/*
 * Copies the document starting at doc->start (a '{') into doc->text, repairing it,
 * and sets doc->end one past its closing brace, or to len when it never closes.
 */
static void doc_cut(const char *buf, size_t len, struct doc *doc)
{
	size_t i = doc->start;
	long depth = 0;
	int in_str = 0, esc = 0;

	while (i < len) {
		char c = buf[i];
		size_t n;

		if (in_str && (esc || (c != '"' && c != '\\'))) {
			esc = 0;
			i += repair_string_byte(buf, len, i, doc);
			continue;
		}
		if (in_str) {
			esc = c == '\\';
			in_str = c != '"';
		} else if (c == '"') {
			in_str = 1;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (--depth == 0) {
				sbuf_addc(&doc->text, c);
				i++;
				break;
			}
		} else if (may_start_bad_number(c) && (n = bad_number_len(buf + i, len - i))) {
			repair_number(n, doc);
			i += n;
			continue;
		}
		sbuf_addc(&doc->text, c);
		i++;
	}
	doc->end = i;
}

/* Offset of the next line at or after from that starts with '{', or len. */
static size_t next_doc_start(const char *buf, size_t len, size_t from)
{
	size_t p = from;

	if (p > 0 && p < len && buf[p - 1] != '\n') {
		const char *nl = memchr(buf + p, '\n', len - p);

		p = nl ? (size_t)(nl - buf) + 1 : len;
	}
	while (p < len && buf[p] != '{') {
		const char *nl = memchr(buf + p, '\n', len - p);

		p = nl ? (size_t)(nl - buf) + 1 : len;
	}
	return p;
}

/* Keeps every non-blank line of buf[from, to) as a warning, without line ending. */
static void keep_stray_lines(const char *buf, size_t from, size_t to,
			     struct fiojson_report *r)
{
	while (from < to) {
		const char *nl = memchr(buf + from, '\n', to - from);
		size_t end = nl ? (size_t)(nl - buf) : to, e = end, b = from;

		while (e > b && (buf[e - 1] == '\r' || buf[e - 1] == ' ' || buf[e - 1] == '\t'))
			e--;
		while (b < e && (buf[b] == ' ' || buf[b] == '\t'))
			b++;
		if (e > b) {
			r->warnings = xrealloc(r->warnings,
					       (r->nwarnings + 1) * sizeof(*r->warnings));
			r->warnings[r->nwarnings++] = xstrndup(buf + b, e - b);
		}
		from = end + 1;
	}
}

/* Reports a jansson error at its position, mapped back to the original text. */
static int doc_error(const char *buf, const struct doc *doc, const json_error_t *je,
		     const char *name, struct diag *d)
{
	size_t pos = je->position > 0 ? (size_t)je->position : 0, shift = 0;
	size_t orig, line = 1, line_start = 0, chars = 0;

	if (pos > doc->text.len)
		pos = doc->text.len;
	for (size_t k = 0; k < doc->nins; k++)
		if (doc->ins[k] < pos)
			shift++;
	orig = doc->start + pos - shift;
	for (size_t k = 0; k < orig; k++) {
		if (buf[k] == '\n') {
			line++;
			line_start = k + 1;
		}
	}
	if (orig > doc->start && orig == line_start) {
		/* jansson stopped just past a newline: point at the end of that line. */
		line--;
		for (line_start = orig - 1; line_start > 0 && buf[line_start - 1] != '\n';)
			line_start--;
	}
	for (size_t k = line_start; k < orig; k++)
		chars += ((unsigned char)buf[k] & 0xC0) != 0x80; /* columns count characters */
	return diag_set(d, -SB_EPARSE, name, (int)line, chars ? (int)chars : 1, "%s",
			je->text);
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
	return 0;
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

/* Fills r from a decoded report: "jobs", or "client_stats" without "All clients". */
static int parse_report(const json_t *root, const char *name, struct fiojson_report *r,
			struct diag *d)
{
	struct jloc at = { name, "", d };
	const char *key = "jobs";
	const json_t *jobs;
	double ts = 0, ts_ms = 0;
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
	r->jobs = xcalloc(json_array_size(jobs) + 1, sizeof(*r->jobs));
	for (size_t i = 0; i < json_array_size(jobs); i++) {
		const json_t *job = json_array_get(jobs, i);
		const char *jobname = json_string_value(json_object_get(job, "jobname"));

		if (r->client_server && jobname && strcmp(jobname, "All clients") == 0)
			continue;
		snprintf(path, sizeof(path), "%s[%zu]", key, i);
		at.path = path;
		rc = parse_job(&at, job, io_bytes_in_kib(r->fio_version), &r->jobs[r->njobs++]);
		if (rc)
			return rc;
	}
	return 0;
}

/* Decodes one repaired document; on success *root holds it. */
static int doc_decode(const char *buf, struct doc *doc, const char *name, json_t **root,
		      struct diag *d)
{
	json_error_t je;

	*root = json_loadb(doc->text.buf, doc->text.len, JSON_DISABLE_EOF_CHECK, &je);
	if (!*root)
		return doc_error(buf, doc, &je, name, d);
	if (!json_is_object(*root)) {
		json_decref(*root);
		*root = NULL;
		return diag_set(d, -SB_EPARSE, name, 0, 0, "expected a JSON object");
	}
	return 0;
}

/* Decodes every document in buf and keeps the last one in *last. */
static int decode_last(const char *buf, size_t len, const char *name, json_t **last,
		       struct fiojson_report *r, struct diag *d)
{
	size_t from = 0;
	int rc = 0;

	*last = NULL;
	while (from < len) {
		struct doc doc = { 0 };
		json_t *root = NULL;

		doc.start = next_doc_start(buf, len, from);
		keep_stray_lines(buf, from, doc.start, r);
		if (doc.start >= len)
			break;
		sbuf_init(&doc.text);
		doc_cut(buf, len, &doc);
		rc = doc_decode(buf, &doc, name, &root, d);
		r->nsanitized += doc.nfixed;
		sbuf_release(&doc.text);
		free(doc.ins);
		if (rc)
			return rc;
		json_decref(*last);
		*last = root;
		from = doc.end;
	}
	if (!*last)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"no JSON report found (no line starts with '{')");
	return 0;
}

int fiojson_parse_buf(const char *buf, size_t len, const char *name,
		      struct fiojson_report *r, struct diag *d)
{
	json_t *root = NULL;
	int rc;

	fiojson_report_release(r);
	rc = decode_last(buf, len, name, &root, r, d);
	if (rc)
		goto out;
	rc = parse_report(root, name, r, d);
out:
	json_decref(root);
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

int fiojson_extract_groups(const char *buf, size_t len, const char *name, const int *ids,
			   size_t n, char **out, struct diag *d)
{
	struct group_ref *refs = xcalloc(n + 1, sizeof(*refs));
	struct fiojson_report scratch;
	json_t *root = NULL, *jobs, **kept;
	const char *key;
	int rc;

	memset(out, 0, n * sizeof(*out));
	fiojson_report_init(&scratch);
	rc = decode_last(buf, len, name, &root, &scratch, d);
	fiojson_report_release(&scratch);
	if (rc) {
		free(refs);
		return rc;
	}
	key = json_object_get(root, "jobs") ? "jobs" : "client_stats";
	jobs = json_object_get(root, key);
	for (size_t k = 0; k < n; k++)
		refs[k] = (struct group_ref){ ids[k], k };
	qsort(refs, n, sizeof(*refs), cmp_group_ref);
	/* An array of pointers: sizeof(*kept) is a pointer's size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	kept = xcalloc(n + 1, sizeof(*kept));
	for (size_t k = 0; k < n; k++)
		kept[k] = json_array();
	for (size_t i = 0; i < json_array_size(jobs); i++) {
		json_t *job = json_array_get(jobs, i);
		struct group_ref want = { json_integer_value(json_object_get(job, "groupid")), 0 };
		const struct group_ref *g = n ? bsearch(&want, refs, n, sizeof(*refs),
							cmp_group_ref) : NULL;

		if (g)
			json_array_append(kept[g->k], job);
	}
	for (size_t k = 0; k < n && !rc; k++) {
		json_object_set(root, key, kept[k]);
		out[k] = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (!out[k])
			rc = diag_set(d, -SB_EINTERNAL, name, 0, 0, "cannot encode group %d",
				      ids[k]);
	}
	for (size_t k = 0; k < n; k++) {
		json_decref(kept[k]);
		if (rc) {
			free(out[k]);
			out[k] = NULL;
		}
	}
	free(kept);
	free(refs);
	json_decref(root);
	return rc;
}

int fiojson_parse_file(const char *path, struct fiojson_report *r, struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = sbuf_read_file(&sb, path);
	if (rc) {
		rc = diag_set(d, rc == -ENOENT ? -SB_ENOENT : -SB_EIO, path, 0, 0,
			      "cannot read '%s': %s", path, strerror(-rc));
		goto out;
	}
	rc = fiojson_parse_buf(sb.buf, sb.len, path, r, d);
out:
	sbuf_release(&sb);
	return rc;
}

/* ---- percentiles and merging ------------------------------------------------ */

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
				*ns = l->bins[i].ns;
				return 0;
			}
		}
	}
	for (size_t i = 0; i < l->npct; i++) {
		if (fabs(l->pct[i].pct - p) < 1e-6) {
			*ns = l->pct[i].ns;
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
