/* SPDX-License-Identifier: MIT */
/* import: fio reports and logs made elsewhere, written as a result archive. */
#include "import.h"

#include <errno.h>
#include <ftw.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "err.h"
#include "fiojson.h"
#include "fiolog.h"
#include "manifest.h"
#include "result.h"
#include "sbuf.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

/* fio's log types (init.c gen_log_name), longest suffix first. */
static const char *const log_types[] = { "clat_hist", "iops", "slat", "clat", "lat", "bw" };

/* One report file and the logs named after it on the command line. */
struct imp_report {
	const char *path;
	struct fiojson_report rep;
	struct sbuf text;
	const char **logs;
	struct import_logname *names;
	size_t nlogs;
};

struct imp {
	const struct import_opts *o;
	struct imp_report *reps;
	size_t nreps;
	char *tmp;             /* the temporary archive folder */
	struct result_run run;
	struct diag *d;
};

int import_parse_logname(const char *path, struct import_logname *ln)
{
	const char *base = strrchr(path, '/'), *dot;
	char stem[512];
	size_t n;

	base = base ? base + 1 : path;
	memset(ln, 0, sizeof(*ln));
	dot = strstr(base, ".log");
	while (dot && strstr(dot + 1, ".log"))
		dot = strstr(dot + 1, ".log");
	if (!dot || (dot[4] != '\0' && dot[4] != '.'))
		return 0;
	ln->compressed = !strcmp(dot + 4, ".fz");
	n = (size_t)(dot - base);
	if (n >= sizeof(stem))
		return 0;
	memcpy(stem, base, n);
	stem[n] = '\0';
	ln->thread = 1;
	for (char *p = stem + n; p > stem; p--) {
		if (p[-1] == '.' && p < stem + n) {
			ln->thread = (unsigned)strtoul(p, NULL, 10);
			p[-1] = '\0';
			break;
		}
		if (p[-1] < '0' || p[-1] > '9')
			break;
	}
	n = strlen(stem);
	for (size_t i = 0; i < sizeof(log_types) / sizeof(log_types[0]); i++) {
		size_t k = strlen(log_types[i]);

		if (n > k && stem[n - k - 1] == '_' && !strcmp(stem + n - k, log_types[i])) {
			memcpy(ln->type, log_types[i], k + 1);
			return ln->thread > 0;
		}
	}
	return 0;
}

/* ---- reading the inputs ------------------------------------------------------- */

static int no_row(const struct fiolog_row *row, void *arg)
{
	(void)row;
	(void)arg;
	return 0;
}

/* Sorts files into reports and their logs, then reads every one of them. */
static int read_inputs(struct imp *im, const char *const *files, size_t n)
{
	struct diag *d = im->d;
	int rc;

	im->reps = xcalloc(n + 1, sizeof(*im->reps));
	for (size_t i = 0; i < n; i++) {
		struct import_logname ln;
		struct imp_report *r;

		if (!import_parse_logname(files[i], &ln)) {
			r = &im->reps[im->nreps++];
			r->path = files[i];
			fiojson_report_init(&r->rep);
			sbuf_init(&r->text);
			if ((rc = sbuf_read_file(&r->text, files[i])))
				return diag_set(d, rc == -ENOENT ? -SB_ENOENT : -SB_EIO, files[i],
						0, 0, "cannot read '%s': %s", files[i],
						strerror(-rc));
			if ((rc = fiojson_parse_buf(r->text.buf, r->text.len, files[i], &r->rep, d)))
				return rc;
			continue;
		}
		if (!im->nreps)
			return diag_set(d, -SB_EUSAGE, files[i], 0, 0,
					"log '%s' comes before any fio report: name each "
					"report first, then its logs", files[i]);
		if (ln.compressed)
			return diag_set(d, -SB_EPARSE, files[i], 0, 0,
					"'%s' is compressed: inflate it first with "
					"'fio --inflate-log=FILE'", files[i]);
		if ((rc = fiolog_read(files[i], no_row, NULL, d)))
			return rc;
		r = &im->reps[im->nreps - 1];
		r->logs = xrealloc(r->logs, (r->nlogs + 1) * sizeof(*r->logs));
		r->names = xrealloc(r->names, (r->nlogs + 1) * sizeof(*r->names));
		r->logs[r->nlogs] = files[i];
		r->names[r->nlogs++] = ln;
	}
	if (!im->nreps)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "no fio report among the files");
	return 0;
}

/* ---- one element per reporting group ---------------------------------------------- */

/* The option key of the group's first job, else of "global options"; NULL if unset. */
static const char *opt(const json_t *root, const char *key)
{
	const json_t *jobs = json_object_get(root, "jobs");
	const json_t *v;

	if (!jobs)
		jobs = json_object_get(root, "client_stats");
	v = json_object_get(json_object_get(json_array_get(jobs, 0), "job options"), key);
	if (!json_is_string(v))
		v = json_object_get(json_object_get(root, "global options"), key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int opt_int(const json_t *root, const char *key, int dflt)
{
	const char *s = opt(root, key);
	char *end;
	long v = s ? strtol(s, &end, 10) : 0;

	return s && end != s && v >= 0 && v <= INT_MAX ? (int)v : dflt;
}

/* The plan fields of an element from the group's fio options. */
static void step_params(const json_t *root, struct result_step *st)
{
	const char *bs = opt(root, "bs"), *why;
	int mixw = opt_int(root, "rwmixwrite", -1);

	if (!bs)
		bs = opt(root, "blocksize");
	st->rw = xstrdup(opt(root, "rw") ? opt(root, "rw")
		 : opt(root, "readwrite") ? opt(root, "readwrite") : "read");
	if (!bs || units_parse_size(bs, &st->bs, &why))
		st->bs = 4096;
	st->iodepth = opt_int(root, "iodepth", 1);
	st->numjobs = opt_int(root, "numjobs", 1);
	st->rwmixread = opt_int(root, "rwmixread", mixw >= 0 && mixw <= 100 ? 100 - mixw : -1);
}

static char *iso_time(int64_t unix_s)
{
	time_t t = (time_t)unix_s;
	struct tm tm;
	char buf[32];

	if (unix_s <= 0 || !gmtime_r(&t, &tm))
		return NULL;
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return xstrdup(buf);
}

/* A folder-safe name: letters, digits, '.', '-', '_'; anything else becomes '_'. */
static char *safe_name(const char *s)
{
	char *out = xstrdup(s && *s ? s : "job");

	for (char *p = out; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '_'))
			*p = '_';
	return out;
}

/* The element's name: the group's first job name, made unique in the run. */
static char *unique_name(const struct result_run *run, const char *jobname)
{
	char *name = xstrdup(jobname && *jobname ? jobname : "job");

	for (int k = 2;; k++) {
		size_t i = 0;

		while (i < run->nsteps &&
		       (!run->steps[i].name || strcmp(run->steps[i].name, name)))
			i++;
		if (i == run->nsteps)
			return name;
		free(name);
		name = xasprintf("%s-%d", jobname && *jobname ? jobname : "job", k);
	}
}

static int copy_file(const char *from, const char *to, struct diag *d)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[65536];
	size_t n;
	int rc = 0;

	if (!in || !out)
		rc = diag_set(d, -SB_EIO, in ? to : from, 0, 0, "cannot open '%s': %s",
			      in ? to : from, strerror(errno));
	while (!rc && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = diag_set(d, -SB_EIO, to, 0, 0, "cannot write '%s': %s", to,
				      strerror(errno));
	if (!rc && ferror(in))
		rc = diag_set(d, -SB_EIO, from, 0, 0, "cannot read '%s'", from);
	if (out && fclose(out) && !rc)
		rc = diag_set(d, -SB_EIO, to, 0, 0, "cannot write '%s': %s", to, strerror(errno));
	if (in)
		fclose(in);
	return rc;
}

static int write_text(const char *path, const char *text, struct diag *d)
{
	FILE *f = fopen(path, "wb");
	size_t n = strlen(text);
	int bad = !f || fwrite(text, 1, n, f) != n || fputc('\n', f) == EOF;

	if ((f && fclose(f)) || bad)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", path,
				strerror(errno ? errno : EIO));
	return 0;
}

/*
 * The fio threads a group's jobs[] entries stand for, [*first, *first + *count):
 * fio numbers its threads (the .N of the logs) in job order, clones included. An
 * entry stands for numjobs threads under group_reporting, or one clone when the
 * report lists the clones apart (several entries with its name and group).
 */
static void group_threads(const struct fiojson_report *rep, const json_t *const *roots,
			  int group, unsigned *first, unsigned *count)
{
	unsigned t = 1;

	*first = *count = 0;
	for (size_t i = 0; i < rep->njobs; i++) {
		const struct fiojson_job *j = &rep->jobs[i];
		size_t same = 0;
		unsigned k;

		for (size_t m = 0; m < rep->njobs; m++)
			same += rep->jobs[m].groupid == j->groupid &&
				!strcmp(rep->jobs[m].jobname, j->jobname);
		k = same > 1 ? 1 : (unsigned)opt_int(roots[i], "numjobs", 1);
		if (j->groupid == group) {
			if (!*count)
				*first = t;
			*count += k;
		}
		t += k;
	}
}

/* Copies the logs of threads [first, first + count) into dir, renumbered from 1. */
static int copy_logs(struct imp *im, const struct imp_report *r, const char *dir,
		     unsigned first, unsigned count, int all, size_t *ncopied)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < r->nlogs; i++) {
		const struct import_logname *ln = &r->names[i];
		unsigned n = all ? ln->thread : ln->thread - first + 1;
		char *to;

		if (!all && (ln->thread < first || ln->thread >= first + count))
			continue;
		to = xasprintf("%s/log_%s.%u.log", dir, ln->type, n);
		if (access(to, F_OK) == 0)
			rc = diag_set(im->d, -SB_EUSAGE, r->logs[i], 0, 0,
				      "log '%s' repeats %s log %u of '%s'", r->logs[i],
				      ln->type, ln->thread, r->path);
		else
			rc = copy_file(r->logs[i], to, im->d);
		*ncopied += !rc;
		free(to);
	}
	return rc;
}

/* Fills the element of group g and writes its folder. */
static int add_group(struct imp *im, const struct imp_report *r, int g, int ngroups,
		     const json_t *const *roots, const char *text)
{
	const struct fiojson_report *rep = &r->rep;
	struct result_step *st = result_run_add_step(&im->run);
	const struct fiojson_job *first = NULL;
	unsigned t0, tn;
	size_t nlogs = 0;
	char *name, *dir, *json;
	json_t *root;
	int rc;

	for (size_t i = 0; i < rep->njobs; i++) {
		const struct fiojson_job *j = &rep->jobs[i];

		if (j->groupid != g)
			continue;
		first = first ? first : j;
		for (int k = 0; k < FIOJSON_NDIRS; k++)
			if (j->dir[k].runtime_ms > st->runtime_ms)
				st->runtime_ms = j->dir[k].runtime_ms;
		if (j->error && !st->error)
			st->error = xasprintf("fio job '%s' failed: error %d (%s)", j->jobname,
					      j->error, strerror(j->error));
	}
	st->index = (int)im->run.nsteps;
	/* g is one of groups_of()'s: at least one job has it. */
	st->name = unique_name(&im->run, first ? first->jobname : "group");
	st->kind = xstrdup("workload");
	st->status = xstrdup(st->error ? "failed" : "ok");
	name = safe_name(st->name);
	st->dir = xasprintf("steps/%03d-%s", st->index, name);
	free(name);
	root = json_loads(text, 0, NULL);
	step_params(root, st);
	json_decref(root);
	st->ended = iso_time(rep->timestamp);
	st->started = iso_time(rep->timestamp - (int64_t)((st->runtime_ms + 999) / 1000));
	dir = xasprintf("%s/%s", im->tmp, st->dir);
	json = xasprintf("%s/fio.json", dir);
	if (mkdir(dir, 0777))
		rc = diag_set(im->d, -SB_EIO, dir, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	else
		rc = ngroups == 1 ? copy_file(r->path, json, im->d)
				  : write_text(json, text, im->d);
	group_threads(rep, roots, g, &t0, &tn);
	if (!rc)
		rc = copy_logs(im, r, dir, t0, tn, ngroups == 1, &nlogs);
	if (!rc && !im->o->quiet)
		printf("%s: group %d '%s' -> %s (%zu log%s)%s\n", r->path, g, first->jobname,
		       st->dir, nlogs, nlogs == 1 ? "" : "s", st->error ? " failed" : "");
	free(json);
	free(dir);
	return rc;
}

/* The distinct groupids of rep in order of appearance; returns their count. */
static int groups_of(const struct fiojson_report *rep, int *ids)
{
	int n = 0;

	for (size_t i = 0; i < rep->njobs; i++) {
		int k = 0;

		while (k < n && ids[k] != rep->jobs[i].groupid)
			k++;
		if (k == n)
			ids[n++] = rep->jobs[i].groupid;
	}
	return n;
}

/* One element per group of r; logs go to the group whose threads wrote them. */
static int add_report(struct imp *im, const struct imp_report *r)
{
	const struct fiojson_report *rep = &r->rep;
	int *ids = xcalloc(rep->njobs + 1, sizeof(*ids)), n = groups_of(rep, ids), rc = 0;
	/* An array of pointers: sizeof(*p) is the pointer size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	json_t **roots = xcalloc(rep->njobs + 1, sizeof(*roots));
	char **texts = xcalloc((size_t)n + 1, sizeof(*texts));

	if (!rep->njobs)
		rc = diag_set_path(im->d, -SB_EPARSE, r->path,
				   rep->client_server ? "client_stats" : "jobs",
				   "fio reported no jobs");
	for (int k = 0; !rc && k < n; k++)
		rc = fiojson_extract_group(r->text.buf, r->text.len, r->path, ids[k],
					   &texts[k], im->d);
	for (size_t i = 0; !rc && i < rep->njobs; i++) {
		int k = 0;

		while (ids[k] != rep->jobs[i].groupid)
			k++;
		roots[i] = json_loads(texts[k], 0, NULL);
	}
	for (size_t i = 0; !rc && i < r->nlogs; i++) {
		unsigned t0, tn;

		group_threads(rep, (const json_t *const *)roots, ids[n - 1], &t0, &tn);
		if (n > 1 && r->names[i].thread >= t0 + tn)
			rc = diag_set(im->d, -SB_EUSAGE, r->logs[i], 0, 0,
				      "log '%s' is from fio thread %u, but '%s' has %u threads",
				      r->logs[i], r->names[i].thread, r->path, t0 + tn - 1);
	}
	for (int k = 0; !rc && k < n; k++)
		rc = add_group(im, r, ids[k], n, (const json_t *const *)roots, texts[k]);
	for (size_t i = 0; i < rep->njobs; i++)
		json_decref(roots[i]);
	for (int k = 0; k < n; k++)
		free(texts[k]);
	free(texts);
	free(roots);
	free(ids);
	return rc;
}

/* ---- the archive ------------------------------------------------------------------ */

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* The run's identity: plan "import", the fio version and time span of the reports. */
static void fill_run(struct imp *im)
{
	struct result_run *run = &im->run;
	const struct fiojson_report *first = &im->reps[0].rep;
	int64_t lo = 0, hi = 0;
	const char *host = NULL;

	for (size_t i = 0; i < im->nreps; i++) {
		const struct fiojson_report *rep = &im->reps[i].rep;

		if (rep->timestamp && (!lo || rep->timestamp < lo))
			lo = rep->timestamp;
		hi = rep->timestamp > hi ? rep->timestamp : hi;
		for (size_t j = 0; !host && j < rep->njobs; j++)
			host = rep->jobs[j].hostname;
	}
	run->plan_name = xstrdup("import");
	run->plan_title = xstrdup(im->o->title ? im->o->title : "import");
	run->status = xstrdup("complete");
	run->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	run->fio_version = first->fio_version ? xstrdup(first->fio_version) : NULL;
	run->hostname = host ? xstrdup(host) : NULL;
	run->target = im->o->target ? xstrdup(im->o->target)
		      : xasprintf("imported: %zu fio report%s", im->nreps,
				  im->nreps == 1 ? "" : "s");
	run->capacity = im->o->capacity;
	run->started = iso_time(lo);
	run->ended = iso_time(hi);
}

/* Writes every element into im->tmp, then results.csv and the manifest. */
static int build(struct imp *im)
{
	struct manifest_target t = { .name = "dut", .kind = "file", .size = im->o->capacity };
	char *steps = xasprintf("%s/steps", im->tmp);
	int rc = 0;

	if (mkdir(steps, 0777))
		rc = diag_set(im->d, -SB_EIO, steps, 0, 0, "cannot create '%s': %s", steps,
			      strerror(errno));
	free(steps);
	fill_run(im);
	for (size_t i = 0; !rc && i < im->nreps; i++)
		rc = add_report(im, &im->reps[i]);
	for (size_t i = 0; !rc && i < im->run.nsteps; i++) {
		struct result_step *st = &im->run.steps[i];

		st->capacity = im->o->capacity;
		if (!strcmp(st->status, "ok"))
			rc = archive_load_step(im->tmp, st, im->d);
	}
	if (!rc)
		rc = manifest_write_results(im->tmp, &im->run, im->d);
	if (!rc)
		rc = manifest_write(im->tmp, &im->run, &t, im->d);
	return rc;
}

int import_run(const char *const *files, size_t nfiles, const struct import_opts *o,
	       struct diag *d)
{
	struct imp im = { .o = o, .d = d };
	struct stat sb;
	int rc;

	result_run_init(&im.run);
	if (stat(o->out, &sb) == 0) {
		rc = diag_set(d, -SB_EUSAGE, o->out, 0, 0,
			      "'%s' already exists: an archive is never overwritten", o->out);
		goto out;
	}
	rc = read_inputs(&im, files, nfiles);
	if (rc)
		goto out;
	im.tmp = xasprintf("%s.import-XXXXXX", o->out);
	if (!mkdtemp(im.tmp)) {
		rc = diag_set(d, -SB_EIO, o->out, 0, 0, "cannot create a folder beside '%s': %s",
			      o->out, strerror(errno));
		free(im.tmp);
		im.tmp = NULL;
		goto out;
	}
	rc = build(&im);
	if (!rc && rename(im.tmp, o->out))
		rc = diag_set(d, -SB_EIO, o->out, 0, 0, "cannot rename '%s' to '%s': %s",
			      im.tmp, o->out, strerror(errno));
	if (rc)
		nftw(im.tmp, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
out:
	for (size_t i = 0; i < im.nreps; i++) {
		fiojson_report_release(&im.reps[i].rep);
		sbuf_release(&im.reps[i].text);
		free(im.reps[i].logs);
		free(im.reps[i].names);
	}
	free(im.reps);
	free(im.tmp);
	result_run_release(&im.run);
	return rc;
}
