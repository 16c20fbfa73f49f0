/* SPDX-License-Identifier: MIT */
/* manifest: the archive's manifest.json and results.csv, rewritten after every step. */
#include "manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive_files.h"
#include "err.h"
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

static json_t *manifest_json(const struct result_run *run,
			     const struct manifest_target *t)
{
	json_t *o = json_object(), *plat = json_object(), *plan = json_object();
	json_t *tgt = json_object(), *steps = json_array();

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
	json_object_set_new(o, "plan", plan);
	json_object_set_new(tgt, "name", str_or_null(t->name));
	json_object_set_new(tgt, "kind", str_or_null(t->kind));
	json_object_set_new(tgt, "path", str_or_null(t->path));
	json_object_set_new(tgt, "size", json_integer((json_int_t)t->size));
	json_object_set_new(tgt, "description", str_or_null(run->target));
	json_object_set_new(o, "target", tgt);
	for (size_t i = 0; i < run->nsteps; i++)
		json_array_append_new(steps, step_json(&run->steps[i]));
	json_object_set_new(o, "steps", steps);
	return o;
}

/* Writes data to DIR/NAME through DIR/NAME.tmp and a rename. */
static int write_atomic(const char *dir, const char *name, const char *data,
			size_t len, struct diag *d)
{
	char *path = xasprintf("%s/%s", dir, name);
	char *tmp = xasprintf("%s/%s.tmp", dir, name);
	FILE *f = fopen(tmp, "w");
	int rc = 0;

	if (!f || fwrite(data, 1, len, f) != len || fflush(f) || ferror(f)) {
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", tmp,
			      strerror(errno ? errno : EIO));
	}
	if (f && fclose(f) && !rc)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", tmp,
			      strerror(errno));
	if (!rc && rename(tmp, path))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot rename '%s' to '%s': %s",
			      tmp, path, strerror(errno));
	if (rc)
		remove(tmp);
	free(path);
	free(tmp);
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

/* Appends a CSV field, quoted when it holds a comma, quote or line break. */
static void csv_field(struct sbuf *sb, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		sbuf_adds(sb, s);
		return;
	}
	sbuf_addc(sb, '"');
	for (; *s; s++) {
		if (*s == '"')
			sbuf_addc(sb, '"');
		sbuf_addc(sb, *s);
	}
	sbuf_addc(sb, '"');
}

int manifest_write_results(const char *dir, const struct result_run *run,
			   struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_adds(&sb, "\xEF\xBB\xBF" "step,name,rw,bs,iodepth,numjobs,read_iops,read_MBps,"
		  "write_iops,write_MBps,clat_mean_us,clat_p99_us,clat_p99.9_us,"
		  "clat_p99.99_us\r\n");
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		const struct result_dirstat *r = &st->dir_stat[RESULT_READ];
		const struct result_dirstat *w = &st->dir_stat[RESULT_WRITE];

		if (!st->status || strcmp(st->status, "ok"))
			continue;
		sbuf_addf(&sb, "%d,", st->index);
		csv_field(&sb, st->name);
		sbuf_addc(&sb, ',');
		csv_field(&sb, st->rw);
		sbuf_addf(&sb, ",%llu,%d,%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f\r\n",
			  (unsigned long long)st->bs, st->iodepth, st->numjobs, r->iops,
			  r->bw_bytes / 1e6, w->iops, w->bw_bytes / 1e6, st->clat_mean_us,
			  st->clat_p99_us, st->clat_p999_us, st->clat_p9999_us);
	}
	rc = write_atomic(dir, "results.csv", sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}
