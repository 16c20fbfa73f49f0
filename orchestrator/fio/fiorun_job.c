/* SPDX-License-Identifier: MIT */
/*
 * fiorun_job: fio job files: a step of the plan (a workload, or a fill of an amount)
 * on its target, with its range, timing, logs, data pattern and randseed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "fiorun_job.h"
#include "fiorun_int.h"
#include "safefile.h"
#include "sbuf.h"
#include "units.h"
#include "version.h"

/* Percentiles asked of fio: its defaults plus 99.999 (fio takes at most 20). */
static const char fio_percentiles[] =
	"1:5:10:20:30:40:50:60:70:80:90:95:99:99.5:99.9:99.95:99.99:99.999";

static int bad_path(const char *what, const char *path, struct diag *d)
{
	return diag_set(d, -SB_EINVAL, NULL, 0, 0, "%s path '%s' contains %s';', '#' or a "
			"line break, which fio's job files cannot hold", what, path,
			strcmp(what, "target") ? "':', " : "");
}

/*
 * fio expands $VAR and ${VAR} from its environment, and a few names of its own, in a
 * job file as it reads it: what ssdbench checked would not be what fio runs. The plan
 * refuses '$' at FILE:LINE:COL; this is the last word for every value, the command
 * line's target and --out paths included: no job file ssdbench writes holds one.
 */
static int no_dollar(const char *step, const char *job, struct diag *d)
{
	const char *at = strchr(job, '$'), *line;
	int n = 1;

	if (!at)
		return 0;
	for (line = job; strchr(line, '\n') && strchr(line, '\n') < at; line = strchr(line, '\n') + 1)
		n++;
	return diag_set(d, -SB_EINVAL, NULL, 0, 0, "step '%s': its job file would hold a '$' "
			"(line %d: %.*s), which fio expands from its environment: refused; "
			"give paths (--target, --out) without one", step, n,
			(int)strcspn(line, "\n"), line);
}

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

uint64_t fiorun_seed(uint64_t plan_seed, size_t step, int round)
{
	uint64_t z = splitmix64(splitmix64(plan_seed) ^ (uint64_t)step);

	return splitmix64(z ^ (uint64_t)(unsigned)round) >> 11;
}

int fiorun__add_filename(struct sbuf *sb, const char *path, struct diag *d)
{
	if (strpbrk(path, ";#\n\r"))
		return bad_path("target", path, d);
	sbuf_adds(sb, "filename=");
	for (const char *s = path; *s; s++) {
		if (*s == ':')
			sbuf_addc(sb, '\\');
		sbuf_addc(sb, *s);
	}
	sbuf_addc(sb, '\n');
	return 0;
}

/*
 * The typed workload options beyond the basics, then the plan's <fio> pass-throughs
 * as written (the plan loader checked them against this fio's own option list).
 * Values cannot hold ';' or '#' (job-file comments) or line breaks: refused there.
 */
static void add_options(struct sbuf *sb, const struct plan_workload *w, uint64_t offset)
{
	char num[32];

	if (w->bssplit)
		sbuf_addf(sb, "bssplit=%s\n", w->bssplit);
	if (offset) {
		units_format_size_fio(offset, num, sizeof(num));
		sbuf_addf(sb, "offset=%s\n", num);
	}
	if (w->rate)
		sbuf_addf(sb, "rate=%s\n", w->rate);
	if (w->rate_iops)
		sbuf_addf(sb, "rate_iops=%lld\n", w->rate_iops);
	if (w->norandommap)
		sbuf_adds(sb, "norandommap=1\n");
	if (w->random_distribution)
		sbuf_addf(sb, "random_distribution=%s\n", w->random_distribution);
	if (w->thinktime_us)
		sbuf_addf(sb, "thinktime=%llu\n", (unsigned long long)w->thinktime_us);
	for (size_t i = 0; i < w->nfio; i++)
		sbuf_addf(sb, "%s%s%s\n", w->fio[i].name, w->fio[i].value ? "=" : "",
			  w->fio[i].value ? w->fio[i].value : "");
}

/*
 * The data pattern (plan_data_parse): fio's random buffers, scrambled every I/O
 * (its default, written out), zeros, or that share of every 4 KiB chunk as zeros
 * with new buffers every I/O (what buffer_compress_percentage needs to hold).
 */
static void add_data(struct sbuf *sb, const char *data)
{
	int zero, pct;

	if (plan_data_parse(data, &zero, &pct))
		return;   /* the loader refused it */
	if (zero)
		sbuf_adds(sb, "zero_buffers=1\nscramble_buffers=0\n");
	else if (pct)
		sbuf_addf(sb, "refill_buffers=1\nbuffer_compress_percentage=%d\n"
			  "buffer_compress_chunk=4k\n", pct);
	else
		sbuf_adds(sb, "scramble_buffers=1\n");
}

/* The [global] options for how long the step runs and what it logs. */
static void add_timing(struct sbuf *sb, const struct plan_workload *w,
		       const struct fiorun_target *t)
{
	uint64_t runtime_ms = t->runtime_ms ? t->runtime_ms : w->runtime_ms;
	int measure = plan_step_is(w, PLAN_KIND_MEASURE);

	if (measure && (w->time_based || t->runtime_ms) && !t->io_size)
		sbuf_adds(sb, "time_based=1\n");
	if (measure && runtime_ms)  /* a limit when not time-based */
		sbuf_addf(sb, "runtime=%llu\n", (unsigned long long)
			  ((runtime_ms + 999) / 1000));
	if (measure && t->io_size) {
		char num[32];

		units_format_size_fio(t->io_size, num, sizeof(num));
		sbuf_addf(sb, "io_size=%s\n", num);
	}
	sbuf_adds(sb, "group_reporting=1\n");
	/* A fill has no log= and always logs. */
	if (!w->log || strcmp(w->log, "none"))
		sbuf_adds(sb, "log_avg_msec=1000\nwrite_iops_log=log\nwrite_bw_log=log\n"
			  "write_lat_log=log\n");
}

/*
 * A precondition: amount bytes of writes, split over the jobs. Sequential jobs
 * each write their own slice of the range (offset_increment); random ones roam it.
 */
static void add_precondition(struct sbuf *sb, const struct plan_workload *w,
			     uint64_t size, uint64_t capacity)
{
	uint64_t amount = plan_amount_bytes(&w->amount, capacity);
	uint64_t jobs = (uint64_t)w->numjobs, per_job = amount / jobs;
	char num[32];
	int seq = !w->pattern || strcmp(w->pattern, "rand");

	units_format_size_fio(w->bs, num, sizeof(num));
	sbuf_addf(sb, "[%s]\nrw=%s\nbs=%s\niodepth=%lld\nnumjobs=%lld\n", w->name,
		  seq ? "write" : "randwrite", num, w->iodepth, w->numjobs);
	if (seq && jobs > 1 && size) {
		uint64_t slice = size / jobs / w->bs * w->bs;

		units_format_size_fio(slice, num, sizeof(num));
		sbuf_addf(sb, "size=%s\noffset_increment=%s\n", num, num);
	}
	per_job = per_job / w->bs * w->bs;
	units_format_size_fio(per_job ? per_job : w->bs, num, sizeof(num));
	sbuf_addf(sb, "io_size=%s\n", num);
}

/*
 * the trace through fio's read_iolog (the trace as the engine wrote it for fio:
 * fitted, a request carrying a flush split in two), every device it names
 * redirected onto the target (so a trace can touch nothing else), as fast as the
 * drive can (replay_no_stall) or at the trace's pace divided by speed
 * (replay_time_scale is a percentage).
 */
static int add_replay(struct sbuf *sb, const struct plan_workload *w,
		      const struct fiorun_target *t, struct diag *d)
{
	if (!t->trace)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "replay step '%s' has no trace",
				w->name);
	/* ':' separates files in both options: refused in either path. */
	if (strpbrk(t->trace, ":;#\n\r"))
		return bad_path("trace", t->trace, d);
	if (strpbrk(t->path, ":;#\n\r"))
		return bad_path("replay target", t->path, d);
	sbuf_addf(sb, "[%s]\nread_iolog=%s\nreplay_redirect=%s\niodepth=%lld\n", w->name,
		  t->trace, t->path, w->iodepth);
	if (!strcmp(w->mode, "timed"))
		sbuf_addf(sb, "replay_time_scale=%lld\n", w->speed * 100);
	else
		sbuf_adds(sb, "replay_no_stall=1\n");
	return 0;
}

/*
 * The gate: fio runs exec_prerun in each job after its set-up (files open, buffers
 * and random map made) and just before it takes its clock's zero and issues its first
 * I/O; /bin/sh's `read` takes one line of the FIFO, a byte at a time, so each job
 * passes on its own line however late it comes, and an EOF (ssdbench gone) fails the
 * job instead of running it unwatched. ssdbench's own option, never a plan's
 * (fioopt.c refuses exec_prerun there); the path is its own mkdtemp's.
 */
static int add_gate(struct sbuf *sb, const char *job, const char *gate, struct diag *d)
{
	if (strpbrk(gate, ":;#$<>|&'\"`\n\r ") || gate[0] != '/')
		return bad_path("gate", gate, d);
	/* fio runs "CMD > JOB.prerun.txt 2>&1" through the shell: the plan's names are
	 * letters, digits, '.', '_' and '-' (plan_attr.c), checked again here. */
	if (job[strspn(job, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		       "0123456789._-")] || job[0] == '-')
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "step name '%s' cannot name a "
				"gated fio job (fio passes it to the shell)", job);
	sbuf_addf(sb, "exec_prerun=read g < %s\n", gate);
	return 0;
}

int fiorun_write_jobfile(const char *path, const struct plan *p,
			 const struct plan_workload *w, const struct fiorun_target *t,
			 const char *engine, struct diag *d)
{
	struct sbuf sb;
	char num[32];
	uint64_t offset, want, size;
	int rc;

	plan_step_range(w, t->capacity, &offset, &want);
	size = want ? want : t->size;
	if (t->size && size > t->size)
		size = t->size;
	if (!want && offset && size > offset)   /* no size: the rest, not past the end */
		size -= offset;
	sbuf_init(&sb);
	sbuf_addf(&sb, "; generated by ssdbench %s for step '%s' of plan '%s'\n"
		  "[global]\n", SSDBENCH_VERSION, w->name, p->name);
	/* A replay's file is the target its trace is redirected onto. */
	rc = plan_step_is(w, PLAN_KIND_REPLAY) ? 0 : fiorun__add_filename(&sb, t->path, d);
	if (rc)
		goto out;
	if (size && !plan_step_is(w, PLAN_KIND_REPLAY)) {
		units_format_size_fio(size, num, sizeof(num));
		sbuf_addf(&sb, "size=%s\n", num);
	}
	/* fio's randrepeat=1 (its default) seeds the offsets alike whatever randseed says. */
	sbuf_addf(&sb, "ioengine=%s\ndirect=%d\nrandrepeat=0\nrandseed=%llu\n", engine,
		  w->direct, (unsigned long long)t->seed);
	add_timing(&sb, w, t);
	add_data(&sb, plan_step_data(p, w));
	/* Response-time percentiles and bins (lat) beside completion latency's (clat). */
	sbuf_addf(&sb, "lat_percentiles=1\npercentile_list=%s\n\n", fio_percentiles);
	if (plan_step_is(w, PLAN_KIND_FILL)) {
		add_precondition(&sb, w, size, t->capacity);
		goto write;
	}
	if (plan_step_is(w, PLAN_KIND_REPLAY)) {
		rc = add_replay(&sb, w, t, d);
		if (rc)
			goto out;
		goto write;
	}
	units_format_size_fio(w->bs, num, sizeof(num));
	sbuf_addf(&sb, "[%s]\nrw=%s\nbs=%s\niodepth=%lld\nnumjobs=%lld\n", w->name,
		  w->rw, num, w->iodepth, w->numjobs);
	if (w->rwmixread >= 0)
		sbuf_addf(&sb, "rwmixread=%lld\n", w->rwmixread);
	add_options(&sb, w, offset);
write:
	rc = t->gate ? add_gate(&sb, w->name, t->gate, d) : 0;
	if (!rc)
		rc = no_dollar(w->name, sb.buf, d);
	if (!rc)   /* in the step folder: a link there is replaced, not written through */
		rc = safefile_write(path, sb.buf, sb.len, d);
out:
	sbuf_release(&sb);
	return rc;
}
