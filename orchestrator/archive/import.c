/* SPDX-License-Identifier: MIT */
/* import: fio reports and logs made elsewhere, written as a result archive. */
#include "import.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "clock.h"
#include "err.h"
#include "fiojson.h"
#include "fiolog.h"
#include "manifest.h"
#include "result.h"
#include "safefile.h"
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
	const char **logs;
	struct import_logname *names;
	size_t nlogs;
};

/* The run's element names so far, hashed; each remembers the next "-N" to try. */
struct name_slot {
	const char *name;     /* borrowed from the run's step */
	int next;
};

struct imp_names {
	struct name_slot *v;
	size_t cap, n;        /* cap is 0 or a power of two */
};

struct imp {
	const struct import_opts *o;
	struct imp_report *reps;
	size_t nreps;
	char *tmp;             /* the temporary archive folder */
	struct result_run run;
	struct imp_names names;  /* the elements' names, to make each unique */
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
			if ((rc = fiojson_parse_file(files[i], &r->rep, d)))
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

/* One reporting group of a report: its jobs summed up in one pass over the report. */
struct imp_group {
	int id;
	const struct fiojson_job *first;  /* its first job: the name and fio options */
	const struct fiojson_job *failed; /* its first job with an error, or NULL */
	uint64_t runtime_ms;              /* the longest direction of any of its jobs */
	unsigned t0, tn;                  /* the fio threads it stands for: [t0, t0 + tn) */
	char *text;                       /* the report with this group alone, or NULL */
};

/* The option key of the group's first job, else of "global options"; NULL if unset. */
static const char *opt(const struct fiojson_report *rep, const struct imp_group *g,
		       const char *key)
{
	return fiojson_option(rep, g->first, key);
}

static int opt_int(const struct fiojson_report *rep, const struct imp_group *g,
		   const char *key, int dflt)
{
	const char *s = opt(rep, g, key);
	char *end;
	long v = s ? strtol(s, &end, 10) : 0;

	return s && end != s && v >= 0 && v <= INT_MAX ? (int)v : dflt;
}

/* The plan fields of an element from the group's fio options. */
static void step_params(const struct fiojson_report *rep, const struct imp_group *g,
			struct result_step *st)
{
	const char *bs = opt(rep, g, "bs"), *rw = opt(rep, g, "rw"), *why;
	int mixw = opt_int(rep, g, "rwmixwrite", -1);

	if (!bs)
		bs = opt(rep, g, "blocksize");
	if (!rw)
		rw = opt(rep, g, "readwrite");
	st->rw = xstrdup(rw ? rw : "read");
	if (!bs || units_parse_size(bs, &st->bs, &why))
		st->bs = 4096;
	st->iodepth = opt_int(rep, g, "iodepth", 1);
	st->numjobs = opt_int(rep, g, "numjobs", 1);
	st->rwmixread = opt_int(rep, g, "rwmixread", mixw >= 0 && mixw <= 100 ? 100 - mixw : -1);
}

static char *iso_time(int64_t unix_s)
{
	char buf[CLOCK_ISO_SIZE];

	if (unix_s <= 0 || !clock_iso8601(unix_s, buf, sizeof(buf)))
		return NULL;
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

/* The slot of name, or the empty one where it would go; t->cap must not be 0. */
static struct name_slot *name_slot(const struct imp_names *t, const char *name)
{
	size_t h = 5381, i;

	for (const char *c = name; *c; c++)
		h = h * 33 + (unsigned char)*c;
	for (i = h & (t->cap - 1); t->v[i].name && strcmp(t->v[i].name, name);)
		i = (i + 1) & (t->cap - 1);
	return &t->v[i];
}

static int name_taken(const struct imp_names *t, const char *name)
{
	return t->cap && name_slot(t, name)->name;
}

static void name_add(struct imp_names *t, const char *name)
{
	if (2 * (t->n + 1) > t->cap) {
		struct imp_names big = { NULL, t->cap ? 2 * t->cap : 64, t->n };

		big.v = xcalloc(big.cap, sizeof(*big.v));
		for (size_t i = 0; i < t->cap; i++)
			if (t->v[i].name)
				*name_slot(&big, t->v[i].name) = t->v[i];
		free(t->v);
		*t = big;
	}
	*name_slot(t, name) = (struct name_slot){ name, 2 };
	t->n++;
}

/*
 * The element's name: the group's first job name, made unique in the run with the
 * first free "-2", "-3", ...; names are never taken back, so the search goes on
 * where the last one for this name stopped.
 */
static char *unique_name(struct imp_names *t, const char *jobname)
{
	const char *base = jobname && *jobname ? jobname : "job";
	char *name;
	int k;

	if (!name_taken(t, base))
		return xstrdup(base);
	for (k = name_slot(t, base)->next;; k++) {
		name = xasprintf("%s-%d", base, k);
		if (!name_taken(t, name))
			break;
		free(name);
	}
	name_slot(t, base)->next = k + 1;
	return name;
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

/* A job of a report: sorted by group and index, or by group and name. */
struct job_ref {
	int id;
	const char *name;
	size_t i;
};

static int cmp_by_group(const void *a, const void *b)
{
	const struct job_ref *x = a, *y = b;

	return x->id != y->id ? (x->id > y->id) - (x->id < y->id) : (x->i > y->i) - (x->i < y->i);
}

static int cmp_by_name(const void *a, const void *b)
{
	const struct job_ref *x = a, *y = b;

	return x->id != y->id ? (x->id > y->id) - (x->id < y->id) : strcmp(x->name, y->name);
}

static struct job_ref *job_refs(const struct fiojson_report *rep,
				int (*cmp)(const void *, const void *))
{
	struct job_ref *v = xcalloc(rep->njobs + 1, sizeof(*v));

	for (size_t i = 0; i < rep->njobs; i++)
		v[i] = (struct job_ref){ rep->jobs[i].groupid, rep->jobs[i].jobname, i };
	qsort(v, rep->njobs, sizeof(*v), cmp);
	return v;
}

/*
 * The fio threads each group's jobs[] entries stand for, [t0, t0 + tn): fio numbers
 * its threads (the .N of the logs) in job order, clones included. An entry stands for
 * numjobs threads under group_reporting, or one clone when the report lists the
 * clones apart (several entries with its name and group).
 */
static void group_threads(const struct fiojson_report *rep, struct imp_group *g,
			  const size_t *gi)
{
	struct job_ref *v = job_refs(rep, cmp_by_name);
	size_t *same = xcalloc(rep->njobs + 1, sizeof(*same));
	unsigned t = 1;

	for (size_t a = 0, b; a < rep->njobs; a = b) {
		for (b = a + 1; b < rep->njobs && !cmp_by_name(&v[a], &v[b]);)
			b++;
		for (size_t k = a; k < b; k++)
			same[v[k].i] = b - a;
	}
	for (size_t i = 0; i < rep->njobs; i++) {
		struct imp_group *grp = &g[gi[i]];
		unsigned k = same[i] > 1 ? 1 : (unsigned)opt_int(rep, grp, "numjobs", 1);

		if (!grp->tn)
			grp->t0 = t;
		grp->tn += k;
		t += k;
	}
	free(same);
	free(v);
}

/* Adds job j into its group's sums. */
static void group_add(struct imp_group *g, const struct fiojson_job *j)
{
	for (int k = 0; k < FIOJSON_NDIRS; k++)
		if (j->dir[k].runtime_ms > g->runtime_ms)
			g->runtime_ms = j->dir[k].runtime_ms;
	if (j->error && !g->failed)
		g->failed = j;
}

/*
 * The groups of rep in order of appearance into *out (free() it), and in gi[i] the
 * group of job i; each group summed up. Sorted, not searched: a report may hold
 * 20,000 groups. Returns their count.
 */
static size_t find_groups(const struct fiojson_report *rep, struct imp_group **out,
			  size_t *gi)
{
	struct job_ref *v = job_refs(rep, cmp_by_group);
	size_t *run_of = xcalloc(rep->njobs + 1, sizeof(*run_of));
	size_t *pos = xcalloc(rep->njobs + 1, sizeof(*pos));
	struct imp_group *g = xcalloc(rep->njobs + 1, sizeof(*g));
	size_t n = 0, run = 0;

	/* v holds one run per group, in groupid order. */
	for (size_t a = 0; a < rep->njobs; a++) {
		run += a && v[a].id != v[a - 1].id;
		run_of[v[a].i] = run;
		pos[run] = SIZE_MAX;
	}
	for (size_t i = 0; i < rep->njobs; i++) {
		size_t *k = &pos[run_of[i]];

		if (*k == SIZE_MAX) {
			*k = n++;
			g[*k].id = rep->jobs[i].groupid;
			g[*k].first = &rep->jobs[i];
		}
		gi[i] = *k;
		group_add(&g[*k], &rep->jobs[i]);
	}
	free(pos);
	free(run_of);
	free(v);
	*out = g;
	return n;
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

/* Fills the element of group g and writes its folder; text is g alone, or NULL
 * when it is the report's only group (the report is copied as it is). */
static int add_group(struct imp *im, const struct imp_report *r, const struct imp_group *g,
		     const char *text)
{
	const struct fiojson_report *rep = &r->rep;
	struct result_step *st = result_run_add_step(&im->run);
	size_t nlogs = 0;
	char *name, *dir, *json;
	int rc;

	st->runtime_ms = g->runtime_ms;
	if (g->failed)
		st->error = xasprintf("fio job '%s' failed: error %d (%s)", g->failed->jobname,
				      g->failed->error, strerror(g->failed->error));
	st->index = (int)im->run.nsteps;
	st->name = unique_name(&im->names, g->first->jobname);
	name_add(&im->names, st->name);
	st->kind = xstrdup("workload");
	st->status = xstrdup(st->error ? "failed" : "ok");
	name = safe_name(st->name);
	st->dir = xasprintf("steps/%03d-%s", st->index, name);
	free(name);
	step_params(rep, g, st);
	st->ended = iso_time(rep->timestamp);
	st->started = iso_time(rep->timestamp - (int64_t)((st->runtime_ms + 999) / 1000));
	dir = xasprintf("%s/%s", im->tmp, st->dir);
	json = xasprintf("%s/fio.json", dir);
	if (mkdir(dir, 0777))
		rc = diag_set(im->d, -SB_EIO, dir, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	else
		rc = text ? write_text(json, text, im->d) : copy_file(r->path, json, im->d);
	if (!rc)
		rc = copy_logs(im, r, dir, g->t0, g->tn, !text, &nlogs);
	if (!rc && !im->o->quiet)
		printf("%s: group %d '%s' -> %s (%zu log%s)%s\n", r->path, g->id,
		       g->first->jobname, st->dir, nlogs, nlogs == 1 ? "" : "s",
		       st->error ? " failed" : "");
	free(json);
	free(dir);
	return rc;
}

/* Every log must come from one of the report's threads. */
static int check_log_threads(struct imp *im, const struct imp_report *r,
			     const struct imp_group *last, size_t ngroups)
{
	unsigned end = last->t0 + last->tn;

	for (size_t i = 0; ngroups > 1 && i < r->nlogs; i++)
		if (r->names[i].thread >= end)
			return diag_set(im->d, -SB_EUSAGE, r->logs[i], 0, 0,
					"log '%s' is from fio thread %u, but '%s' has %u "
					"threads", r->logs[i], r->names[i].thread, r->path,
					end - 1);
	return 0;
}

/*
 * One element per group of r; logs go to the group whose threads wrote them. Linear
 * in the report: the jobs are summed in one pass, and a report of several groups is
 * decoded once more to write each group alone.
 */
static int add_report(struct imp *im, const struct imp_report *r)
{
	const struct fiojson_report *rep = &r->rep;
	size_t *gi = xcalloc(rep->njobs + 1, sizeof(*gi));
	struct imp_group *g = NULL;
	size_t n = find_groups(rep, &g, gi);
	int *ids = xcalloc(n + 1, sizeof(*ids));
	char **texts = xcalloc(n + 1, sizeof(*texts));
	struct sbuf text;
	int rc = 0;

	sbuf_init(&text);

	if (!rep->njobs)
		rc = diag_set_path(im->d, -SB_EPARSE, r->path,
				   rep->client_server ? "client_stats" : "jobs",
				   "fio reported no jobs");
	if (!rc)
		group_threads(rep, g, gi);
	if (!rc)
		rc = check_log_threads(im, r, &g[n - 1], n);
	for (size_t k = 0; k < n; k++)
		ids[k] = g[k].id;
	/* The text is read again rather than kept: a report can be hundreds of MB. */
	if (!rc && n > 1)
		rc = sbuf_load_file(&text, r->path, im->d);
	if (!rc && n > 1)
		rc = fiojson_extract_groups(text.buf, text.len, r->path, ids, n, texts, im->d);
	sbuf_release(&text);
	for (size_t k = 0; !rc && k < n; k++) {
		rc = add_group(im, r, &g[k], texts[k]);
		free(texts[k]);
		texts[k] = NULL;
	}
	for (size_t k = 0; k < n; k++)
		free(texts[k]);
	free(texts);
	free(ids);
	free(g);
	free(gi);
	return rc;
}

/* ---- the archive ------------------------------------------------------------------ */

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
	/* The drive the user named is the drive's name in lineups and footers. */
	run->drive_model = im->o->target ? xstrdup(im->o->target) : NULL;
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
	for (size_t i = 0; !rc && i < im->nreps; i++) {
		rc = add_report(im, &im->reps[i]);
		/* Its elements are written: the jobs are read again from there. */
		fiojson_report_release(&im->reps[i].rep);
	}
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

int import__fresh(const char *out, struct diag *d)
{
	struct stat sb;

	if (stat(out, &sb) == 0)
		return diag_set(d, -SB_EUSAGE, out, 0, 0,
				"'%s' already exists: an archive is never overwritten", out);
	return 0;
}

int import__begin(const char *out, char **tmp, struct diag *d)
{
	*tmp = xasprintf("%s.import-XXXXXX", out);
	if (mkdtemp(*tmp))
		return 0;
	free(*tmp);
	*tmp = NULL;
	return diag_set(d, -SB_EIO, out, 0, 0, "cannot create a folder beside '%s': %s", out,
			strerror(errno));
}

int import__finish(char **tmp, const char *out, int rc, struct diag *d)
{
	if (!rc && rename(*tmp, out))
		rc = diag_set(d, -SB_EIO, out, 0, 0, "cannot rename '%s' to '%s': %s", *tmp, out,
			      strerror(errno));
	if (rc)   /* nothing half-written */
		safefile_remove_tree(AT_FDCWD, *tmp);
	free(*tmp);
	*tmp = NULL;
	return rc;
}

int import_run(const char *const *files, size_t nfiles, const struct import_opts *o,
	       struct diag *d)
{
	struct imp im = { .o = o, .d = d };
	int rc;

	result_run_init(&im.run);
	rc = import__fresh(o->out, d);
	if (!rc)
		rc = read_inputs(&im, files, nfiles);
	if (!rc)
		rc = import__begin(o->out, &im.tmp, d);
	if (!rc)
		rc = import__finish(&im.tmp, o->out, build(&im), d);
	for (size_t i = 0; i < im.nreps; i++) {
		fiojson_report_release(&im.reps[i].rep);
		free(im.reps[i].logs);
		free(im.reps[i].names);
	}
	free(im.reps);
	free(im.names.v);
	free(im.tmp);
	result_run_release(&im.run);
	return rc;
}
