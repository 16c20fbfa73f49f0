/* SPDX-License-Identifier: MIT */
/*
 * import_tool: another benchmark's result file (CrystalDiskMark, KDiskMark, DiskSpd) as a result
 * archive: an element per test, named as the shipped plans name it, its numbers as the
 * tool printed them (steps/NNN-name/measured.json), the file kept byte for byte in
 * source/. docs/import.md.
 */
#include "import.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "cdmtext.h"
#include "diskspd.h"
#include "err.h"
#include "manifest.h"
#include "measured.h"
#include "result.h"
#include "safefile.h"
#include "sbuf.h"
#include "version.h"
#include "xalloc.h"

/* The tools import reads beside fio, each once: --from NAME and what it sniffs. */
static const struct {
	const char *name;
	int (*sniff)(const char *buf, size_t len);
} tools[] = {
	{ "crystaldiskmark", cdmtext_sniff },
	{ "kdiskmark", cdmtext_sniff },
	{ "diskspd", diskspd_sniff },
	{ "diskspd", diskspd_text_sniff },
};

int import_tool_known(const char *from)
{
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]); i++)
		if (!strcmp(tools[i].name, from))
			return 1;
	return 0;
}

int import_tool_sniff(const char *path)
{
	char buf[4096];
	FILE *f = fopen(path, "rb");
	size_t n;
	int hit = 0;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	for (size_t i = 0; i < sizeof(tools) / sizeof(tools[0]) && !hit; i++)
		hit = tools[i].sniff(buf, n);
	return hit;
}

/* "read", "randwrite", "randrw" as fio names a test's pattern. */
static const char *rw_of(const struct cdmtext_test *t)
{
	if (t->dir == CDMTEXT_MIX)
		return t->seq ? "rw" : "randrw";
	if (t->dir == CDMTEXT_READ)
		return t->seq ? "read" : "randread";
	return t->seq ? "write" : "randwrite";
}

/* The file's base name, for source/NAME. */
static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s && s[1] ? s + 1 : path;
}

/* The run's identity from the file: no plan, the tool's name and version as its title. */
static void fill_run(struct result_run *run, const struct cdmtext_result *r, const char *file,
		     const struct import_opts *o)
{
	char *ver = r->edition ? xasprintf("%s %s", r->version, r->edition)
			       : xstrdup(r->version ? r->version : "?");

	run->plan_name = xstrdup("import");
	run->plan_title = o->title ? xstrdup(o->title) : xasprintf("%s %s", r->tool, ver);
	run->status = xstrdup("complete");
	run->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	run->fio_version = r->fio_version ? xstrdup(r->fio_version) : NULL;
	run->target = o->target ? xstrdup(o->target) : xasprintf("imported: %s %s", r->tool, ver);
	run->drive_model = o->target ? xstrdup(o->target) : NULL;
	run->capacity = o->capacity;
	run->os = r->os ? xstrdup(r->os) : NULL;
	run->source.kind = xstrdup("imported");
	run->source.tool = xstrdup(r->tool);
	run->source.version = ver;
	run->source.file = xasprintf("source/%s", base_name(file));
	run->source.encoding = xstrdup(r->encoding);
	run->source.profile = r->profile ? xstrdup(r->profile) : NULL;
	run->source.test = r->test_text ? xstrdup(r->test_text) : NULL;
	run->source.test_bytes = r->test_bytes;
	run->source.passes = r->passes;
	run->source.drive = r->drive ? xstrdup(r->drive) : NULL;
	run->source.date = r->date ? xstrdup(r->date) : NULL;
	run->source.comment = r->comment ? xstrdup(r->comment) : NULL;
}

/* Element st's folder with m as its measured.json; its numbers loaded from there. */
static int write_element(const char *tmp, struct result_step *st, const struct measured *m,
			 struct diag *d)
{
	char *dir = xasprintf("%s/%s", tmp, st->dir);
	char *path = xasprintf("%s/%s", dir, MEASURED_FILE);
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	measured_format(m, &sb);
	rc = safefile_mkdir(dir, 0, d);
	if (!rc)
		rc = safefile_write(path, sb.buf, sb.len, d);
	if (!rc && !strcmp(st->status, "ok"))
		rc = archive_load_step(tmp, st, d);
	sbuf_release(&sb);
	free(path);
	free(dir);
	return rc;
}

/* A new element of run: name, pattern and folder; its numbers in measured.json. */
static struct result_step *new_element(struct result_run *run, const char *name, const char *rw,
				       uint64_t bs, int qd, int threads, int mix)
{
	struct result_step *st = result_run_add_step(run);

	st->index = (int)run->nsteps;
	st->name = xstrdup(name);
	st->kind = xstrdup("workload");
	st->dir = xasprintf("steps/%03d-%s", st->index, name);
	st->rw = xstrdup(rw);
	st->bs = bs;
	st->iodepth = qd;
	st->numjobs = threads;
	st->rwmixread = mix;
	st->capacity = run->capacity;
	st->values = xstrdup(MEASURED_FILE);
	return st;
}

/* CrystalDiskMark's or KDiskMark's test t as an element. */
static int add_test(const char *tmp, struct result_run *run, const struct cdmtext_result *r,
		    const struct cdmtext_test *t, struct diag *d)
{
	struct result_step *st = new_element(run, t->name, rw_of(t), t->bs, t->qd, t->threads,
					     t->dir == CDMTEXT_MIX ? t->mix_read : -1);
	struct measured m = { run->source.tool, run->source.file, t->line, t->bs, { { 0 } } };
	struct measured_dir *md = &m.dir[t->dir == CDMTEXT_WRITE ? RESULT_WRITE : RESULT_READ];

	st->runtime_ms = (uint64_t)r->measure_s * 1000;
	st->range_size = r->test_bytes;
	if (t->not_run) {
		st->status = xstrdup("skipped");
		st->error = xasprintf("not run: %s printed zeros (line %d)", r->tool, t->line);
	} else {
		st->status = xstrdup("ok");
	}
	/* a [Mix] line is both directions together and the file does not split them:
	 * its numbers are kept whole, as the element's read side
	 * (docs/import-crystaldiskmark.md) */
	md->present = 1;
	md->mbps = t->mbps;
	md->iops = t->iops;
	md->lat_mean_us = t->lat_how == CDMTEXT_PRINTED ? t->lat_us : NAN;
	md->iops_derived = t->iops_how == CDMTEXT_DERIVED;
	/* KDiskMark's MB/s are fio's KiB/s over 1,000; its IOPS are fio's */
	md->bw_derived = !strcmp(r->tool, "KDiskMark") && t->iops_how == CDMTEXT_PRINTED;
	return write_element(tmp, st, &m, d);
}

/* DiskSpd's time span s as an element: its counts over its seconds. */
static int add_span(const char *tmp, struct result_run *run, const struct diskspd_span *s,
		    struct diag *d)
{
	static const char *const rw[2][3] = { { "read", "write", "rw" },
					      { "randread", "randwrite", "randrw" } };
	int mixed = s->write_ratio > 0 && s->write_ratio < 100;
	struct result_step *st = new_element(run, s->name,
					     rw[s->random][mixed ? 2 : s->write_ratio ? 1 : 0],
					     s->bs, s->qd, s->threads,
					     mixed ? 100 - s->write_ratio : -1);
	struct measured m = { run->source.tool, run->source.file, s->line, s->bs, { { 0 } } };

	st->runtime_ms = (uint64_t)llround(s->seconds * 1000);
	st->range_size = s->file_size;
	st->status = xstrdup("ok");
	for (int k = 0; k < 2; k++) {
		struct measured_dir *md = &m.dir[k];

		if (!s->ios[k])
			continue;
		md->present = 1;
		md->ios = s->ios[k];
		md->bytes = s->bytes[k];
		md->seconds = s->seconds;
		md->lat_mean_us = s->lat_ms[k] * 1000;   /* DiskSpd's latencies are ms */
		md->p99_us = s->p99_ms[k] * 1000;
		md->p999_us = s->p999_ms[k] * 1000;
		md->p9999_us = s->p9999_ms[k] * 1000;
		md->per_s = s->per_s[k];
		md->nper_s = s->nper_s;
	}
	return write_element(tmp, st, &m, d);
}

/* The file parsed, by the tool that wrote it. */
struct parsed {
	int diskspd;
	struct cdmtext_result c;
	struct diskspd_result x;
};

/* DiskSpd's run: its machine and UTC start, the tool and version as the title. */
static void fill_diskspd(struct result_run *run, const struct diskspd_result *x,
			 const char *file, const struct import_opts *o)
{
	run->plan_name = xstrdup("import");
	const char *ver = x->version ? x->version : "";

	run->plan_title = o->title ? xstrdup(o->title) : xasprintf("DiskSpd%s%s", *ver ? " " : "", ver);
	run->status = xstrdup("complete");
	run->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	run->target = o->target ? xstrdup(o->target)
		      : xasprintf("imported: DiskSpd%s%s", *ver ? " " : "", ver);
	run->drive_model = o->target ? xstrdup(o->target) : NULL;
	run->capacity = o->capacity;
	run->hostname = x->computer ? xstrdup(x->computer) : NULL;
	run->started = x->run_time ? xstrdup(x->run_time) : NULL;   /* DiskSpd says UTC */
	run->source.kind = xstrdup("imported");
	run->source.tool = xstrdup("DiskSpd");
	run->source.version = x->version ? xstrdup(x->version) : NULL;
	run->source.file = xasprintf("source/%s", base_name(file));
	run->source.encoding = xstrdup(x->version ? "xml" : "text");
	run->source.test_bytes = x->n ? x->s[0].file_size : 0;
}

static int build(const char *tmp, const char *file, const struct sbuf *bytes,
		 const struct parsed *p, const struct import_opts *o, struct diag *d)
{
	struct manifest_target t = { .name = "dut", .kind = "file", .size = o->capacity };
	struct result_run run;
	char *dir = xasprintf("%s/source", tmp), *steps = xasprintf("%s/steps", tmp);
	size_t n = p->diskspd ? p->x.n : p->c.n;
	char *copy;
	int rc;

	result_run_init(&run);
	if (p->diskspd)
		fill_diskspd(&run, &p->x, file, o);
	else
		fill_run(&run, &p->c, file, o);
	copy = xasprintf("%s/%s", tmp, run.source.file);
	rc = safefile_mkdir(dir, 0, d);
	if (!rc)
		rc = safefile_mkdir(steps, 0, d);
	if (!rc)   /* the file as it came, byte for byte */
		rc = safefile_write(copy, bytes->buf ? bytes->buf : "", bytes->len, d);
	for (size_t i = 0; !rc && i < n; i++)
		rc = p->diskspd ? add_span(tmp, &run, &p->x.s[i], d)
				: add_test(tmp, &run, &p->c, &p->c.t[i], d);
	if (!rc)
		rc = manifest_write_results(tmp, &run, d);
	if (!rc)
		rc = manifest_write(tmp, &run, &t, d);
	if (!rc && !o->quiet)
		for (size_t i = 0; i < run.nsteps; i++)
			printf("%s:%d: %s -> %s%s\n", file,
			       p->diskspd ? p->x.s[i].line : p->c.t[i].line, run.steps[i].name,
			       run.steps[i].dir, strcmp(run.steps[i].status, "ok") ? " (not run)" : "");
	result_run_release(&run);
	free(copy);
	free(steps);
	free(dir);
	return rc;
}

int import_tool_run(const char *file, const struct import_opts *o, struct diag *d)
{
	struct parsed p;
	struct sbuf bytes;
	const char *text;
	char *tmp = NULL;
	int rc;

	memset(&p, 0, sizeof(p));
	sbuf_init(&bytes);
	rc = import__fresh(o->out, d);
	if (!rc)
		rc = sbuf_load_file(&bytes, file, d);
	if (rc)
		goto out;
	text = bytes.buf ? bytes.buf : "";
	if (o->from && strcmp(o->from, "auto"))
		p.diskspd = !strcmp(o->from, "diskspd");
	else
		p.diskspd = diskspd_sniff(text, bytes.len) || diskspd_text_sniff(text, bytes.len);
	if (!p.diskspd)
		rc = cdmtext_parse(text, bytes.len, file, &p.c, d);
	else if (diskspd_text_sniff(text, bytes.len) && !diskspd_sniff(text, bytes.len))
		rc = diskspd_text_parse(text, bytes.len, file, &p.x, d);
	else
		rc = diskspd_parse(text, bytes.len, file, &p.x, d);
	if (rc)
		goto out;
	rc = import__begin(o->out, &tmp, d);
	if (!rc)
		rc = import__finish(&tmp, o->out, build(tmp, file, &bytes, &p, o, d), d);
	cdmtext_release(&p.c);
	diskspd_release(&p.x);
out:
	sbuf_release(&bytes);
	return rc;
}
