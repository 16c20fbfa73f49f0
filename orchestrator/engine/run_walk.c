/* SPDX-License-Identifier: MIT */
/*
 * run_walk: the plan's steps in order. Each execution of a step is an element with
 * its own folder; <rounds> repeat their steps until steady state (SNIA PTS, see
 * steady.h), an amount written, a time or a number of rounds; duty cycles run
 * their steps on/off; software OP scopes discard the target and confine the steps
 * inside to its first LBAs; a RAID scope creates its array before its first live
 * element and tears it down after its last (or skips every step without md). After each element: journal line (fsync), manifest,
 * results.csv. On resume the journal's finished elements are read back, not run.
 */
#include "run_int.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "benchlock.h"
#include "clock.h"
#include "device.h"
#include "err.h"
#include "fiojson.h"
#include "fiorun.h"
#include "fsutil.h"
#include "op.h"
#include "purge.h"
#include "sbuf.h"
#include "steady.h"
#include "units.h"
#include "xalloc.h"

/* The bytes "% of capacity written" and a written="2x" goal refer to where c runs. */
uint64_t run__capacity(const struct orch *x, const struct run_ctx *c)
{
	return c->usable ? c->usable : x->g.usable ? x->g.usable : x->tgt.size;
}

/* Seconds between two of our ISO 8601 UTC stamps, 0 when either is missing. */
static double iso_diff(const char *a, const char *b)
{
	struct tm ta, tb;

	if (!a || !b)
		return 0;
	memset(&ta, 0, sizeof(ta));
	memset(&tb, 0, sizeof(tb));
	if (!strptime(a, "%Y-%m-%dT%H:%M:%SZ", &ta) || !strptime(b, "%Y-%m-%dT%H:%M:%SZ", &tb))
		return 0;
	return difftime(timegm(&tb), timegm(&ta));
}

static int stop_on_failure(const struct orch *x)
{
	return x->fatal || run__interrupted || !x->plan.failure ||
	       strcmp(x->plan.failure, "continue");
}

/* ---- elements ------------------------------------------------------------ */

/* Appends element st for step i in context c, described as the plan gives it. */
char *run__element_dir(int index, const char *name, int round)
{
	return round ? xasprintf("steps/%03d-%s-r%d", index, name, round) :
	       xasprintf("steps/%03d-%s", index, name);
}

struct result_step *run__new_element(struct orch *x, size_t i, const struct run_ctx *c)
{
	const struct plan_workload *w = &x->plan.steps[i];
	struct result_step *st = result_run_add_step(&x->run);

	st->index = (int)x->run.nsteps;
	st->name = xstrdup(w->name);
	st->kind = xstrdup(plan_kind_name(w->kind));
	st->dir = run__element_dir(st->index, w->name, c->round);
	st->status = xstrdup("pending");
	st->scope = c->scope >= 0 ? xstrdup(x->plan.scopes[c->scope].name) : NULL;
	st->round = c->round;
	st->cell = w->cell ? xstrdup(w->cell) : NULL;
	st->chart = w->chart ? xstrdup(w->chart) : NULL;
	if (w->kind == PLAN_WORKLOAD || w->kind == PLAN_PRECONDITION)
		st->data = xstrdup(plan_step_data(&x->plan, w));
	st->write_cache = x->wc ? xstrdup(run_wcache_element(x->wc, &x->plan, w)) : NULL;
	if (w->kind == PLAN_PRECONDITION)
		st->rw = xstrdup(w->pattern && !strcmp(w->pattern, "rand") ? "randwrite" : "write");
	else if (w->rw)
		st->rw = xstrdup(w->rw);
	st->bs = w->bs;
	st->iodepth = (int)w->iodepth;
	st->numjobs = (int)w->numjobs;
	st->rwmixread = (int)w->rwmixread;
	st->runtime_ms = w->kind != PLAN_WORKLOAD ? 0 : c->on_ms ? c->on_ms : w->runtime_ms;
	st->written_before = x->written;
	st->capacity = run__capacity(x, c);
	return st;
}

/* A finished element read back from the journal and the archive (resume). */
static int replay_element(struct orch *x, struct result_step *st, struct diag *d)
{
	const struct journal_elem *e = &x->replay.elems[st->index - 1];
	int rc = 0;

	if (strcmp(e->name, st->name) || e->round != st->round) {
		x->fatal = 1;
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "the journal's element %d is '%s' "
				"round %d but the plan now has '%s' round %d there: the plan "
				"changed since the run started", st->index, e->name, e->round,
				st->name, st->round);
	}
	free(st->status);
	st->status = xstrdup(e->status);
	st->error = e->error ? xstrdup(e->error) : NULL;
	st->started = e->started ? xstrdup(e->started) : NULL;
	st->ended = e->ended ? xstrdup(e->ended) : NULL;
	if (!strcmp(st->status, "ok") && result_step_measured(st) && archive_load_step(x->out, st, d)) {
		x->fatal = 1;
		return diag_set(d, d->code, NULL, 0, 0, "element %d '%s', finished before the "
				"interruption, cannot be read back: %s", st->index, st->name,
				d->msg);
	}
	x->written = e->written_after;
	if (e->runtime_ms) {
		st->runtime_ms = e->runtime_ms;
		st->continuous = 1;
	}
	if (strcmp(st->status, "ok") && strcmp(st->status, "skipped"))
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "step '%s' failed: %s", st->name,
			      st->error ? st->error : "");
	return rc;
}

/*
 * Telemetry: the target's temperature every so often while fio runs, from the
 * device (NVMe/ATA health log, hwmon), or from the hwmon-style file named by
 * SSDBENCH_TEMP_SENSOR (millidegrees Celsius, as temp*_input) for a sensor the
 * device layer does not know -- a drive behind a bridge, a probe taped to it.
 */
struct telemetry {
	const struct orch *x;
	const char *sensor;
	FILE *f;
	double t0, next, every;
	int samples;
};

/* Reads millidegrees from a hwmon-style file; 1 when it holds a number. */
static int read_sensor(const char *path, long *mc)
{
	FILE *f = fopen(path, "r");
	int ok = f && fscanf(f, "%ld", mc) == 1;

	if (f)
		fclose(f);
	return ok;
}

static void telemetry_tick(void *arg)
{
	struct telemetry *t = arg;
	struct device_info *di;
	struct diag dd;
	double now = clock_mono_s();

	if (!t->f || now < t->next)
		return;
	t->next = now + t->every;   /* a second apart, however late this tick came */
	di = xcalloc(1, sizeof(*di));
	diag_clear(&dd);
	if (t->sensor ? read_sensor(t->sensor, &di->temp_mc) :
	    !run__probe(t->x, di, NULL, &dd) && di->temp_mc_valid)
		fprintf(t->f, "%.1f,%.1f\n", now - t->t0, (double)di->temp_mc / 1000.0);
	else
		fprintf(t->f, "%.1f,\n", now - t->t0);
	fflush(t->f);
	t->samples++;
	free(di);
}

/* Opens the element's telemetry.csv when the step asks for telemetry. */
static void telemetry_start(struct telemetry *t, const struct orch *x,
			    const struct plan_workload *w, const char *dir)
{
	memset(t, 0, sizeof(*t));
	t->x = x;
	if (!w->telemetry_ms)
		return;
	{
		char *path = xasprintf("%s/telemetry.csv", dir);

		t->f = fopen(path, "w");
		free(path);
	}
	if (t->f)
		fputs("seconds,celsius\n", t->f);
	t->sensor = getenv("SSDBENCH_TEMP_SENSOR");
	if (t->sensor && !*t->sensor)
		t->sensor = NULL;
	t->t0 = clock_mono_s();
	t->every = (double)w->telemetry_ms / 1000.0;
	t->next = t->t0;
}

/* Writes a latency given in µs with a unit that keeps 3 significant digits. */
static void format_us(double us, char *buf, size_t n)
{
	if (us >= 1e6)
		snprintf(buf, n, "%.2f s", us / 1e6);
	else if (us >= 1000)
		snprintf(buf, n, "%.3g ms", us / 1000);
	else
		snprintf(buf, n, "%.3g us", us);
}

/* "read 3185.0 MB/s 3037 IOPS, ... latency mean 1.2 ms p99.9 4.5 ms" */
void run__describe_result(const struct result_step *st, struct sbuf *sb)
{
	char mean[32], p999[32];
	int first = 1;

	for (int dd = 0; dd < RESULT_NDIRS; dd++) {
		const struct result_dirstat *s = &st->dir_stat[dd];

		if (!s->io_bytes)
			continue;
		sbuf_addf(sb, "%s%s %.1f MB/s %.0f IOPS", first ? "" : ", ",
			  result_dir_name((enum result_dir)dd), s->bw_bytes / 1e6, s->iops);
		first = 0;
	}
	format_us(st->clat_mean_us, mean, sizeof(mean));
	format_us(st->clat_p999_us, p999, sizeof(p999));
	sbuf_addf(sb, ", latency mean %s p99.9 %s", mean, p999);
	if (st->capacity && st->dir_stat[RESULT_WRITE].io_bytes)
		sbuf_addf(sb, ", %.1f %% of capacity written so far",
			  100.0 * (double)(st->written_before +
					   st->dir_stat[RESULT_WRITE].io_bytes) /
			  (double)st->capacity);
}

/*
 * After fio's client failed on a bench: when the bench's fio server no longer
 * answers, that is the cause, whatever the client managed to say. NULL when it
 * answers.
 */
static char *bench_gone(const struct orch *x)
{
	struct remote_probe rp;
	struct diag pd;

	diag_clear(&pd);
	if (!remote_fio_probe(x->tgt.host, remote_timeout_s(), &rp, &pd))
		return NULL;
	return xasprintf("lost fio's server on host '%s' (%s) during the step: it no longer "
			 "answers", x->tgt.host->name, x->tgt.client);
}

/* Checks what fio left in the element's folder; returns 0 or sets st->error. */
static int judge_fio(struct orch *x, struct result_step *st, int status)
{
	char *dir = xasprintf("%s/%s", x->out, st->dir);
	char *fio_text = fiorun_error_text(dir), *job_error = fiorun_job_error(dir);
	char *gone = x->tgt.host && status != 0 ? bench_gone(x) : NULL;
	uint64_t io = 0;
	struct diag sd;
	int rc;

	diag_clear(&sd);
	rc = archive_load_step(x->out, st, &sd);
	for (int dd = 0; dd < RESULT_NDIRS; dd++)
		io += st->dir_stat[dd].io_bytes;
	if (rc && !gone)   /* fio says nothing when its report does not fit */
		gone = fiorun_nospace(dir);
	if (gone)
		st->error = gone;
	else if (status != 0)
		st->error = xasprintf("fio exited with status %d%s%s", status,
				      rc || job_error ? ": " : "",
				      job_error ? job_error : rc ? sd.msg : "");
	else if (rc)
		st->error = xstrdup(sd.msg);
	else if (job_error)  /* a client/server run can exit 0 with a failed job */
		st->error = xasprintf("fio reported %s", job_error);
	else if (!io)
		st->error = xstrdup("fio reported success but did no I/O");
	if (st->error && fio_text[0]) {
		char *full = xasprintf("%s; fio said: %s", st->error, fio_text);

		free(st->error);
		st->error = full;
	}
	free(fio_text);
	free(job_error);
	free(dir);
	return st->error ? -SB_EFIO : 0;
}

/*
 * In a duty cycle: when the element's I/O ended (its report's time) and how long
 * fio took from its start to its first I/O (that time less its runtime), for the
 * wait state after it. Nothing when the report has no time (fio's client).
 */
static void note_io_end(struct orch *x, const char *dir, int64_t started)
{
	char *file = xasprintf("%s/fio.json", dir);
	struct fiojson_report rep;
	struct diag ignored;

	fiojson_report_init(&rep);
	diag_clear(&ignored);
	if (started && !fiojson_parse_file(file, &rep, &ignored) && rep.timestamp_ms) {
		int64_t first_io = rep.timestamp_ms - (int64_t)fiojson_report_clock_ms(&rep);

		x->fio_end_ms = rep.timestamp_ms;
		if (first_io > started && first_io - started < 10000) {   /* a running mean */
			x->fio_startups++;
			x->fio_startup_ms += (first_io - started - x->fio_startup_ms) /
					     x->fio_startups;
		}
	}
	fiojson_report_release(&rep);
	free(file);
}

/* A workload or precondition element: job file, fio, its results. */
static int fio_element(struct orch *x, const struct plan_workload *w, struct result_step *st,
		       const struct run_ctx *c, const char *label, struct diag *d)
{
	char *dir = xasprintf("%s/%s", x->out, st->dir), *job = xasprintf("%s/job.fio", dir);
	struct fiorun_target ft = run__fio_target(x, c->usable);
	uint64_t layout = ft.size, limit_ms = st->runtime_ms;
	const char *engine = strcmp(w->ioengine, "auto") ? w->ioengine : x->engine;
	struct telemetry tel;
	int64_t started = 0;
	int status = 0, rc;

	x->fio_end_ms = 0;
	ft.runtime_ms = c->on_ms;
	ft.seed = fiorun_seed((uint64_t)x->plan.seed, (size_t)(w - x->plan.steps), c->round);
	st->seed = ft.seed;
	/* A precondition's time is its amount at a pessimistic 20 MB/s (see the watchdog). */
	if (w->kind == PLAN_PRECONDITION || !w->time_based)
		layout += w->kind == PLAN_PRECONDITION ?
			  plan_amount_bytes(&w->amount, ft.capacity) : ft.size;
	telemetry_start(&tel, x, w, dir);
	{
		struct fiorun_exec_opts eo = { dir, "job.fio", label, x->o->tty && !x->quiet,
					       &run__interrupted,
					       fiorun_step_timeout_s(limit_ms, layout),
					       telemetry_tick, &tel, x->tgt.client,
					       x->tgt.host ? NULL : ft.path, NULL, 0,
					       1 /* set_up() refused an old fio */,
					       x->start_at_ms, &started, NULL };

		rc = fiorun_write_jobfile(job, &x->plan, w, &ft, engine, d);
		if (!rc)
			rc = fiorun_exec(&eo, &status, d);
	}
	if (tel.f)
		fclose(tel.f);
	x->start_at_ms = x->wait_end_ms = 0;
	if (!rc)
		rc = judge_fio(x, st, status);
	if (!rc && c->on_ms)
		note_io_end(x, dir, started);
	x->written += st->dir_stat[RESULT_WRITE].io_bytes;  /* a failed step's writes count too */
	free(job);
	free(dir);
	return rc;
}

/* Sleeps ms, waking for a signal. */
static void idle_ms(uint64_t ms)
{
	double end = clock_mono_s() + (double)ms / 1000.0;

	while (!run__interrupted) {
		double left = end - clock_mono_s();
		struct timespec ts;

		if (left <= 0)
			break;
		if (left > 0.2)
			left = 0.2;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
	}
}

/* Sleeps until Unix ms `at`, waking for a signal. */
static void idle_until(int64_t at)
{
	at -= clock_unix_ms();
	if (at > 0)
		idle_ms((uint64_t)at);
}

/* A purge step: every interlock again, then the method; purge.json says what ran. */
static int purge_element(struct orch *x, const struct plan_workload *w,
			 struct result_step *st, struct diag *d)
{
	enum purge_method m;
	struct purge_result pr;
	char *path;
	FILE *f;
	int rc;

	if (purgemethod_parse(w->method, &m))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "unknown purge method '%s'",
				w->method);
	/* The plan asked for no erase, or a file not written yet has nothing to erase. */
	if (m == PURGE_NONE || (!x->tgt.is_device && !run__target_exists(x))) {
		st->rw = xstrdup("none");
		return 0;
	}
	rc = run__purge(x, m, &pr, d);
	if (rc)
		return rc;
	path = xasprintf("%s/%s/purge.json", x->out, st->dir);
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "{\"method\": \"%s\", \"seconds\": %.3f}\n",
			purgemethod_name(pr.method), pr.seconds);
		fclose(f);
	}
	free(path);
	st->rw = xstrdup(purgemethod_name(pr.method));
	x->written = 0;   /* "% of capacity written" starts again on an erased drive */
	return f ? 0 : diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write purge.json in '%s'",
				st->dir);
}

/* A probe step: the target's identity and health now (on its bench), in probe.json. */
static int probe_element(struct orch *x, struct result_step *st, struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	char *path = xasprintf("%s/%s/probe.json", x->out, st->dir), *json = NULL;
	FILE *f = NULL;
	int rc = run__probe(x, di, &json, d);

	if (!rc && !(f = fopen(path, "w")))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno));
	if (f) {
		fputs(json, f);
		if (json[0] && json[strlen(json) - 1] != '\n')
			fputc('\n', f);
		if (fclose(f))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s'", path);
	}
	free(json);
	free(path);
	free(di);
	return rc;
}

/* "1:02:03" */
static void format_hms(double s, char *buf, size_t n)
{
	unsigned long t = s > 0 ? (unsigned long)s : 0;

	snprintf(buf, n, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

/*
 * "[3/7 r2] name" for the progress lines; on a terminal, where fio's live status
 * follows it, also the time so far against the plan's estimate.
 */
char *run__element_label(const struct orch *x, size_t i, const struct run_ctx *c)
{
	char round[16] = "", clock[128] = "", el[32], lo[32], hi[32];

	if (c->round)
		snprintf(round, sizeof(round), " r%d", c->round);
	if (x->o->tty) {
		format_hms(clock_mono_s() - x->started, el, sizeof(el));
		format_hms((double)x->estimate_min_ms / 1000.0, lo, sizeof(lo));
		format_hms((double)x->estimate_max_ms / 1000.0, hi, sizeof(hi));
		if (!x->estimate_max_ms)
			snprintf(clock, sizeof(clock), " %s", el);
		else if (x->estimate_min_ms == x->estimate_max_ms)
			snprintf(clock, sizeof(clock), " %s of ~%s", el, hi);
		else
			snprintf(clock, sizeof(clock), " %s of ~%s-%s", el, lo, hi);
	}
	return xasprintf("[%zu/%zu%s] %s%s", i + 1, x->plan.nsteps, round,
			 x->plan.steps[i].name, clock);
}

/* Journals the finished element, then rewrites the manifest and results.csv. */
int run__record(struct orch *x, const struct result_step *st, struct diag *d)
{
	struct journal_elem e = { st->index, st->name, st->round, st->status, st->error,
				  st->started, st->ended, x->written,
				  st->continuous ? st->runtime_ms : 0 };
	struct diag sd;
	int rc;

	diag_clear(&sd);
	rc = !strcmp(st->status, "ok") ? manifest_write_series(x->out, st, &sd) : 0;
	if (!rc)
		rc = journal_add_elem(x->out, &e, &sd);
	if (!rc)
		rc = run__save(x, &sd);
	if (rc) {
		x->fatal = 1;
		diag_clear(d);
		diag_set(d, rc, NULL, 0, 0, "%s", sd.msg);
	}
	return rc;
}

/*
 * Before every fio element on a device (reads too): the node still holds the medium
 * the run started on. A loop device detached and its name reused by someone else
 * would otherwise be measured -- or, for writes, the interlocks catch it.
 */
static int same_medium(const struct orch *x, struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct diag pd;
	int rc = 0;

	diag_clear(&pd);
	if (run__probe(x, di, NULL, &pd) || !di->exists || !di->is_block)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "the device '%s' is gone (detached or "
			      "removed since the run started)", x->tgt.path);
	else if (di->diskseq != x->g.dev->diskseq || di->size != x->g.dev->size)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' is not the device the run started "
			      "on: diskseq %llu and %llu bytes now, %llu and %llu bytes then "
			      "(detached, and the name reused?)", x->tgt.path,
			      (unsigned long long)di->diskseq, (unsigned long long)di->size,
			      (unsigned long long)x->g.dev->diskseq,
			      (unsigned long long)x->g.dev->size);
	free(di);
	return rc;
}

/* ---- RAID ----------------------------------------------------------------------- */

/* Whether step w runs inside scope si. */
static int in_scope(const struct orch *x, const struct plan_workload *w, int si)
{
	for (int s = w->scope; s >= 0; s = x->plan.scopes[s].parent)
		if (s == si)
			return 1;
	return 0;
}

/* The manifest's account of the RAID, saved now. */
static void save_raid(struct orch *x)
{
	x->mt.raid = run_raid_json(x->raid);
	run__save(x, &(struct diag){ 0 });
}

/* Creates the array; the steps then run on it, sized as it is. */
static int array_up(struct orch *x, struct diag *d)
{
	struct run_raid *r = x->raid;
	int rc = run_raid_up(r, x->o, x->out, x->talk, d);

	if (!rc) {
		free(x->tgt.path);
		x->tgt.path = xstrdup(r->array_dev);
		x->mt.path = x->tgt.path;   /* the manifest borrows it */
		x->tgt.size = r->array_size;
		run__say(x, "%s: RAID 0 up as %s, %llu bytes\n", x->plan.scopes[r->scope].name,
			 r->array_dev, (unsigned long long)r->array_size);
	}
	save_raid(x);
	return rc;
}

/* Tears the array down; a teardown that did not finish stops the run. */
static int array_down(struct orch *x, struct diag *d)
{
	struct run_raid *r = x->raid;
	int rc = run_raid_down(r, x->out, x->talk, d);

	free(x->tgt.path);
	x->tgt.path = xstrdup(r->array);
	x->mt.path = x->tgt.path;
	x->tgt.size = r->size;
	if (rc)
		x->fatal = 1;
	else
		run__say(x, "%s: RAID 0 torn down, '%s' lists none of its members\n",
			 x->plan.scopes[r->scope].name, r->mdstat);
	save_raid(x);
	return rc;
}

/*
 * Without md every step of the scope is an element recorded as skipped, with the
 * reason; nothing runs, nothing is created, no member is touched.
 */
static int skip_raid(struct orch *x, const struct plan_scope *s, const struct run_ctx *c,
		     struct diag *d)
{
	const char *why = x->raid->why;
	char *target;
	int rc = 0;

	if (!strstr(x->run.target, "SKIPPED")) {
		target = xasprintf("%s; SKIPPED: %s", x->run.target, why);
		free(x->run.target);
		x->run.target = target;
	}
	if (x->run.nsteps >= x->replay.nelems)
		run__say(x, "%s: SKIPPED: %s; its %zu steps do not run\n", s->name, why,
			 s->count);
	for (size_t i = s->first; i < s->first + s->count && !rc; i++) {
		struct result_step *st = run__new_element(x, i, c);

		if ((size_t)st->index <= x->replay.nelems) {
			rc = replay_element(x, st, d);
			continue;
		}
		free(st->status);
		st->status = xstrdup("skipped");
		st->error = xasprintf("RAID '%s' skipped: %s", s->name, why);
		rc = run__record(x, st, d);
	}
	return rc;
}

static int run_range(struct orch *x, size_t first, size_t end, int parent,
		     const struct run_ctx *c, struct diag *d);

/* ---- hardware over-provisioning ------------------------------------------------- */

/* The manifest's account of the capacity change, saved now. */
static void save_capacity(struct orch *x)
{
	x->mt.capacity = run_hwop_json(x->hw);
	run__save(x, &(struct diag){ 0 });
}

/*
 * The run's target is node, size bytes, from now on: the probe the same-medium
 * check compares with and the diskseq the re-checks expect are taken again (the
 * change itself checked it is the same drive).
 */
static void adopt_target(struct orch *x, const char *node, uint64_t size)
{
	struct diag pd;

	free(x->tgt.path);
	x->tgt.path = xstrdup(node);
	x->mt.path = x->tgt.path;   /* the manifest borrows it */
	x->tgt.size = size;
	diag_clear(&pd);
	if (x->g.dev && !device_probe(node, x->g.dev, &pd) && x->g.checks)
		x->g.checks->diskseq = x->g.dev->diskseq;
}

/* Resizes the drive before the scope's first live step; the steps then run on it. */
static int capacity_change(struct orch *x, struct diag *d)
{
	struct run_hwop *h = x->hw;
	int rc = run_hwop_change(h, x->o, x->tgt.path, x->out, x->talk, d);

	if (!rc)
		adopt_target(x, h->node, h->new_size);
	save_capacity(x);
	return rc;
}

/* Gives the capacity back; a restore that did not finish stops the run. */
static int capacity_restore(struct orch *x, struct diag *d)
{
	struct run_hwop *h = x->hw;
	int rc = run_hwop_restore(h, x->out, x->talk, d);

	if (rc)
		x->fatal = 1;
	else
		adopt_target(x, h->rec.device, h->back_size);
	save_capacity(x);
	return rc;
}

/* A RAID 0 scope: the array comes up with its first live element (live_element). */
static int run_raid(struct orch *x, int si, const struct run_ctx *c, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct diag td;
	int rc;

	if (x->raid->why[0])
		return skip_raid(x, s, c, d);
	rc = run_range(x, s->first, s->first + s->count, si, c, d);
	diag_clear(&td);
	if (x->raid->up && array_down(x, &td)) {
		if (rc)
			diag_print(&td, stderr);
		else
			rc = diag_set(d, td.code, NULL, 0, 0, "%s", td.msg);
	}
	return rc;
}

int run__preflight(struct orch *x, const struct plan_workload *w, struct diag *d)
{
	int rc = 0;

	if (x->raid && !x->raid->up && in_scope(x, w, x->raid->scope))
		rc = x->fatal = array_up(x, d);
	if (!rc && x->hw && !x->hw->changed && in_scope(x, w, x->hw->scope))
		rc = x->fatal = capacity_change(x, d);
	if (!rc && x->raid && x->raid->up && plan_step_writes(w) &&
	    ((x->g.bench_lock && benchlock_alive(x->g.bench_lock, d)) ||
	     run_raid_recheck(x->raid, x->talk, d)))
		rc = x->fatal = d->code;
	if (!rc && x->g.checks && plan_step_writes(w) && run__recheck(x, d))
		rc = x->fatal = d->code;
	if (!rc && x->tgt.is_device && x->g.dev && (w->kind == PLAN_WORKLOAD ||
						     w->kind == PLAN_PRECONDITION))
		rc = x->fatal = same_medium(x, d);
	return rc;
}

/* Runs step i once, live, as element st. */
static int live_element(struct orch *x, size_t i, size_t ei, const struct run_ctx *c,
			struct diag *d)
{
	const struct plan_workload *w = &x->plan.steps[i];
	struct result_step *st = &x->run.steps[ei];
	char *label = run__element_label(x, i, c), *dir = xasprintf("%s/%s", x->out, st->dir);
	struct sbuf sb;
	int rc = 0;

	sbuf_init(&sb);
	rc = run__preflight(x, w, d);
	if (!rc && x->hw && in_scope(x, w, x->hw->scope) && !c->usable && !x->g.usable)
		st->capacity = x->tgt.size;   /* the resized drive's */
	if (!rc && fsutil_mkdir_p(dir))
		rc = x->fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
					 strerror(errno));
	if (x->wait_end_ms && w->kind != PLAN_WORKLOAD && w->kind != PLAN_PRECONDITION) {
		idle_until(x->wait_end_ms);   /* a duty cycle's wait state, then this */
		x->start_at_ms = x->wait_end_ms = 0;
	}
	st->started = run__iso_now();
	if (!rc) {
		switch (w->kind) {
		case PLAN_WORKLOAD:
		case PLAN_PRECONDITION:
			rc = fio_element(x, w, st, c, label, d);
			break;
		case PLAN_IDLE:
			idle_ms(w->duration_ms);
			break;
		case PLAN_PURGE:
			rc = purge_element(x, w, st, d);
			break;
		case PLAN_PROBE:
			rc = probe_element(x, st, d);
			break;
		}
	}
	st->ended = run__iso_now();
	free(st->status);
	if (run__interrupted) {
		st->status = xstrdup("failed");
		free(st->error);
		st->error = xasprintf("interrupted by signal %d", (int)run__interrupted);
		diag_clear(d); /* the interruption, not fio's reaction to it, is the cause */
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "interrupted during step '%s'; the "
			      "elements before it are kept: 'ssdbench resume %s' goes on from "
			      "there", st->name, x->out);
		run__say(x, "%s: interrupted\n", label);
		run__save(x, &(struct diag){ 0 });  /* not journaled: resume reruns it */
		goto out;
	}
	if (!rc) {
		st->status = xstrdup("ok");
		if (result_step_measured(st))
			run__describe_result(st, &sb);
		else
			sbuf_adds(&sb, w->kind == PLAN_IDLE ? "idle" : "done");
		run__say(x, "%s: %s\n", label, sb.buf);
	} else {
		st->status = xstrdup("failed");
		if (!st->error)
			st->error = xstrdup(d->msg[0] ? d->msg : "the step could not run");
		run__say(x, "%s: failed: %s\n", label, st->error);
		diag_clear(d);
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "step '%s' failed: %s", w->name,
			      st->error);
	}
	{
		struct diag rd;
		int rrc;

		diag_clear(&rd);
		rrc = run__record(x, st, &rd);
		if (rrc) {
			diag_clear(d);
			rc = diag_set(d, rrc, NULL, 0, 0, "%s", rd.msg);
		}
	}
out:
	sbuf_release(&sb);
	free(dir);
	free(label);
	return rc;
}

static int run_element(struct orch *x, size_t i, const struct run_ctx *c, struct diag *d)
{
	struct result_step *st = run__new_element(x, i, c);

	if ((size_t)st->index <= x->replay.nelems)
		return replay_element(x, st, d);
	return live_element(x, i, x->run.nsteps - 1, c, d);
}

/* ---- rounds ---------------------------------------------------------------- */

/* Element `name` of the round that began at element index `from`, or NULL. */
static const struct result_step *round_element(const struct orch *x, size_t from,
					       const char *name)
{
	for (size_t e = from; e < x->run.nsteps; e++)
		if (!strcmp(x->run.steps[e].name, name))
			return &x->run.steps[e];
	return NULL;
}

/* A tracking variable's value in one element: IOPS, bytes/s or mean latency (µs). */
static double track_value(const struct plan_track *t, const struct result_step *st)
{
	int dir = !strcmp(t->dir, "read") ? RESULT_READ :
		  !strcmp(t->dir, "write") ? RESULT_WRITE : -1;
	double v = 0;

	if (!st || strcmp(st->status, "ok"))
		return NAN;
	if (!strncmp(t->metric, "lat-", 4)) {   /* response time */
		const struct result_lat *l = dir < 0 ? &st->resp : &st->dir_stat[dir].resp;

		return !l->n ? NAN : !strcmp(t->metric, "lat-max") ? l->max_us : l->mean_us;
	}
	if (!strcmp(t->metric, "clat-mean"))
		return dir < 0 ? st->clat_mean_us : st->dir_stat[dir].clat_mean_us;
	if (!strcmp(t->metric, "clat-max"))
		return dir < 0 ? st->clat_max_us : st->dir_stat[dir].clat_max_us;
	for (int k = 0; k < RESULT_NDIRS; k++) {
		if (dir >= 0 && k != dir)
			continue;
		v += !strcmp(t->metric, "bw") ? st->dir_stat[k].bw_bytes : st->dir_stat[k].iops;
	}
	return v;
}

/*
 * Records round r's tracking variables in rs and tests them: 1 when every one is
 * steady over the window ending at r (SNIA PTS 2.0.2), else 0.
 */
static int track_round(struct orch *x, const struct plan_scope *s, struct result_scope *rs,
		       int r, size_t from)
{
	int all = s->ntracks > 0;

	for (size_t k = 0; k < s->ntracks; k++) {
		struct result_track *t = &rs->tracks[k];
		struct steady_window w;
		int verdict;

		result_track_set(t, r, track_value(&s->tracks[k],
						   round_element(x, from, s->tracks[k].element)),
				 NULL);
		memset(&w, 0, sizeof(w));
		verdict = steady_test(t->values, t->n, (size_t)s->window, s->range, s->slope, &w);
		for (size_t v = t->n >= (size_t)s->window ? t->n - (size_t)s->window : 0;
		     v < t->n && verdict >= 0; v++)
			if (isnan(t->values[v]))
				verdict = 0;   /* a failed round in the window: not steady */
		if (verdict >= 0)
			t->wins[r - 1] = w;
		all &= verdict == 1;
	}
	return all;
}

/* Creates the results-model scope of rounds scope s, its tracks empty. */
static struct result_scope *new_scope(struct orch *x, const struct plan_scope *s,
				      uint64_t capacity)
{
	struct result_scope *rs = result_run_add_scope(&x->run);

	rs->name = xstrdup(s->name);
	rs->until = xstrdup(s->until);
	rs->verdict = xstrdup("running");
	rs->max_rounds = (int)s->max_rounds;
	rs->window = (int)s->window;
	rs->range = s->range;
	rs->slope = s->slope;
	rs->written_goal = plan_amount_bytes(&s->written, capacity);
	rs->time_goal_ms = s->time_ms;
	rs->chart = s->chart ? xstrdup(s->chart) : NULL;
	for (size_t k = 0; k < s->ntracks; k++) {
		struct result_track *t = result_scope_add_track(rs);

		t->element = xstrdup(s->tracks[k].element);
		t->metric = xstrdup(s->tracks[k].metric);
		t->dir = xstrdup(s->tracks[k].dir);
	}
	return rs;
}

/* Says what the round's tracking variables did: "round 3: 12034 IOPS (window ...)". */
static void say_round(const struct orch *x, const struct plan_scope *s,
		      const struct result_scope *rs, int r, uint64_t scope_written,
		      uint64_t capacity)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_addf(&sb, "%s round %d", s->name, r);
	for (size_t k = 0; k < rs->ntracks; k++) {
		const struct result_track *t = &rs->tracks[k];
		const struct steady_window *w = &t->wins[r - 1];

		sbuf_addf(&sb, "%s %s %s %s %.1f", k ? ";" : ":", t->element, t->metric,
			  t->dir, t->values[r - 1]);
		if (w->first)
			sbuf_addf(&sb, " (rounds %zu-%zu: range %.1f%% of %.1f%%, slope %.1f%% of "
				  "%.1f%%)", w->first, w->last, 100 * w->data_excursion / w->avg,
				  100 * s->range, 100 * w->slope_excursion / w->avg,
				  100 * s->slope);
	}
	if (!strcmp(s->until, "written") && rs->written_goal)
		sbuf_addf(&sb, "%s %.2fx of the %.2fx to write", rs->ntracks ? ";" : ":",
			  (double)scope_written / (double)capacity,
			  (double)rs->written_goal / (double)capacity);
	run__say(x, "%s\n", sb.buf);
	sbuf_release(&sb);
}

/* The verdict once round r is done, or NULL to go on. */
static const char *round_verdict(const struct orch *x, const struct plan_scope *s,
				 struct result_scope *rs, int r, int steady,
				 uint64_t scope_written, double scope_s)
{
	(void)x;
	if (!strcmp(s->until, "steady") && steady) {
		rs->steady_round = r;
		return "steady";
	}
	if (!strcmp(s->until, "written") && scope_written >= rs->written_goal)
		return "written";
	if (s->time_ms && scope_s * 1000.0 >= (double)s->time_ms)
		return "time";
	if (r >= s->max_rounds)
		return !strcmp(s->until, "steady") ? "not reached" : "max";
	return NULL;
}

/* Where a rounds scope stands: what closing a round needs and what it decided. */
struct rounds {
	struct orch *x;
	int si;
	const struct run_ctx *outer;
	int continuous;
	uint64_t written0;    /* x->written when the scope began */
	double scope_s;       /* the rounds' time so far */
	size_t from;          /* the element index its open round began at */
	const char *verdict;
};

/* Round r ended (its elements from rd->from on): tracked, tested, said. 1: the scope is over. */
static int close_round(void *arg, int r)
{
	struct rounds *rd = arg;
	struct orch *x = rd->x;
	const struct plan_scope *s = &x->plan.scopes[rd->si];
	struct result_scope *rs = result_run_scope(&x->run, s->name);
	int steady;

	/* A round's time is its fio runtime (nominal for a continuous round, the cut's
	 * jitter aside), not fio's start-up; steps without one count their wall time. */
	if (rd->continuous)
		rd->scope_s += (double)x->plan.steps[s->first].runtime_ms / 1000.0;
	else
		for (size_t e = rd->from; e < x->run.nsteps; e++)
			rd->scope_s += x->run.steps[e].runtime_ms ?
				       (double)x->run.steps[e].runtime_ms / 1000.0 :
				       iso_diff(x->run.steps[e].started, x->run.steps[e].ended);
	rs->rounds = r;
	steady = track_round(x, s, rs, r, rd->from);
	rd->verdict = round_verdict(x, s, rs, r, steady, x->written - rd->written0, rd->scope_s);
	if ((size_t)x->run.nsteps > x->replay.nelems)
		say_round(x, s, rs, r, x->written - rd->written0, run__capacity(x, rd->outer));
	rd->from = x->run.nsteps;
	return rd->verdict != NULL;
}

static int run_rounds(struct orch *x, int si, const struct run_ctx *outer, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct result_scope *rs;
	struct run_ctx c = *outer;
	struct rounds rd = { x, si, outer, 0, x->written, 0, 0, NULL };
	const char *verdict = NULL;
	int rc = 0;

	if (!result_run_scope(&x->run, s->name))
		new_scope(x, s, run__capacity(x, outer));
	c.scope = si;
	c.in_rounds = 1;
	rd.continuous = !run__discontinuous(x, si, &c);
	for (int r = 1; !verdict; r++) {
		c.round = r;
		rd.from = x->run.nsteps;
		if (rd.continuous && x->run.nsteps >= x->replay.nelems) {
			int closed = 0;

			rc = run__segment(x, s->first, &c, r, x->written - rd.written0,
					  close_round, &rd, &closed, d);
			verdict = rc ? "failed" : rd.verdict;
			r += closed - 1;
			if (rc)
				break;
			continue;
		}
		rc = run_range(x, s->first, s->first + s->count, si, &c, d);
		if (rc) {
			verdict = "failed";
			break;
		}
		close_round(&rd, r);
		verdict = rd.verdict;
	}
	rs = result_run_scope(&x->run, s->name);  /* the array may have moved */
	free(rs->verdict);
	rs->verdict = xstrdup(verdict);
	if (x->run.nsteps > x->replay.nelems && !strcmp(verdict, "steady"))
		run__say(x, "%s: steady state reached at round %d\n", s->name, rs->steady_round);
	else if (x->run.nsteps > x->replay.nelems)
		run__say(x, "%s: stopped after round %d: %s\n", s->name, rs->rounds, verdict);
	{
		struct diag sd;

		diag_clear(&sd);
		if (run__save(x, &sd) && !rc) {
			x->fatal = 1;
			rc = diag_set(d, sd.code, NULL, 0, 0, "%s", sd.msg);
		}
	}
	/* With failure="continue" a failed round ends this scope; the plan goes on. */
	if (rc && !stop_on_failure(x) && !outer->in_rounds)
		return 0;
	return rc;
}

/* ---- duty cycles and OP scopes ------------------------------------------------ */

static int run_duty(struct orch *x, int si, const struct run_ctx *outer, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct run_ctx c = *outer;
	int rc = 0;

	c.scope = si;
	c.on_ms = s->on_ms;
	for (long long r = 1; r <= s->repeat && !rc; r++) {
		c.round = (int)r;
		rc = run_range(x, s->first, s->first + s->count, si, &c, d);
		if (!rc && x->run.nsteps > x->replay.nelems && s->off_ms) {
			run__say(x, "%s: idle %.1f s\n", s->name, (double)s->off_ms / 1000.0);
			if (x->fio_end_ms) {   /* the wait from the last I/O to the next one */
				x->wait_end_ms = x->fio_end_ms + (int64_t)s->off_ms;
				x->start_at_ms = x->wait_end_ms - x->fio_startup_ms;
				x->fio_end_ms = 0;
			} else {
				idle_ms(s->off_ms);
			}
		}
	}
	return rc;
}

/*
 * Over-provisioning: the whole target is discarded (a device) or its holes punched
 * (a file). In software the steps inside then use only the first 1/(1+OP) of it;
 * with method hpa or namespace the drive itself is resized before the first of
 * them runs (capacity_change) and given back after the last, or after a failure
 * or an interruption.
 */
static int run_op(struct orch *x, int si, const struct run_ctx *outer, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct run_ctx c = *outer;
	unsigned centi = (unsigned)lround(s->op * 10000.0);
	int hw = x->hw && x->hw->scope == si;
	struct result_step *st;
	struct diag td;
	int rc;

	c.usable = hw ? 0 : op_usable_bytes(x->tgt.size, centi, 4096);
	if (hw)
		run__say(x, "%s: over-provisioning %u.%02u %% by %s: the drive is resized for "
			 "the steps inside\n", s->name, centi / 100, centi % 100, s->op_method);
	else
		run__say(x, "%s: over-provisioning %u.%02u %%: the steps inside use the first "
			 "%llu bytes\n", s->name, centi / 100, centi % 100,
			 (unsigned long long)c.usable);
	/* The discard is an element of its own, so resume knows whether it ran. */
	st = result_run_add_step(&x->run);
	st->index = (int)x->run.nsteps;
	st->name = xasprintf("%s-discard", s->name);
	st->kind = xstrdup("purge");
	st->dir = xasprintf("steps/%03d-%s", st->index, st->name);
	st->status = xstrdup("pending");
	st->written_before = x->written;
	st->capacity = c.usable ? c.usable : x->tgt.size;
	if ((size_t)st->index <= x->replay.nelems) {
		rc = replay_element(x, st, d);
	} else {
		struct purge_result pr;
		struct diag rd;

		st->started = run__iso_now();
		rc = !x->tgt.is_device && !run__target_exists(x) ? 0 :
		     run__purge(x, x->tgt.is_device ? PURGE_DISCARD : PURGE_PUNCH_HOLES,
				   &pr, d);
		pr.method = x->tgt.is_device ? PURGE_DISCARD : PURGE_PUNCH_HOLES;
		st->ended = run__iso_now();
		free(st->status);
		st->status = xstrdup(rc ? "failed" : "ok");
		st->error = rc ? xstrdup(d->msg) : NULL;
		st->rw = rc ? NULL : xstrdup(purgemethod_name(pr.method));
		if (!rc)
			x->written = 0;
		diag_clear(&rd);
		if (run__record(x, &x->run.steps[x->run.nsteps - 1], &rd) && !rc)
			rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
		if (rc)
			x->fatal = 1;  /* the steps inside would measure the wrong thing */
	}
	if (!rc)
		rc = run_range(x, s->first, s->first + s->count, si, &c, d);
	diag_clear(&td);
	if (hw && x->hw->changed && capacity_restore(x, &td)) {
		if (rc)
			diag_print(&td, stderr);
		else
			rc = diag_set(d, td.code, NULL, 0, 0, "%s", td.msg);
	}
	return rc;
}

/* ---- the walk ---------------------------------------------------------------- */

/* The scope directly inside parent that starts at step i, or -1. */
static int scope_at(const struct orch *x, size_t i, int parent)
{
	for (size_t s = 0; s < x->plan.nscopes; s++)
		if (x->plan.scopes[s].parent == parent && x->plan.scopes[s].first == i &&
		    x->plan.scopes[s].count)
			return (int)s;
	return -1;
}

static int run_range(struct orch *x, size_t first, size_t end, int parent,
		     const struct run_ctx *c, struct diag *d)
{
	int rc = 0;

	for (size_t i = first; i < end && !run__interrupted;) {
		int s = scope_at(x, i, parent);

		if ((rc = run__wcache_step(x, i, d)))
			return rc;
		if (s < 0) {
			rc = run_element(x, i, c, d);
			i++;
		} else {
			const struct plan_scope *sc = &x->plan.scopes[s];

			rc = sc->kind == PLAN_ROUNDS ? run_rounds(x, s, c, d) :
			     sc->kind == PLAN_DUTY_CYCLE ? run_duty(x, s, c, d) :
			     sc->kind == PLAN_RAID ? run_raid(x, s, c, d) :
			     run_op(x, s, c, d);
			i = sc->first + sc->count;
		}
		if (!rc)
			continue;
		if (stop_on_failure(x) || c->in_rounds)
			return rc;
		/* failure="continue": recorded in the element; the next step runs. */
		diag_clear(d);
		rc = 0;
	}
	if (run__interrupted && !rc)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "interrupted; the finished elements "
			      "are kept: 'ssdbench resume %s' goes on from there", x->out);
	return rc;
}

int run__walk(struct orch *x, struct diag *d)
{
	struct run_ctx c = { .scope = -1 };
	int rc = run_range(x, 0, x->plan.nsteps, -1, &c, d);
	size_t failed = 0, skipped = 0;

	for (size_t e = 0; e < x->run.nsteps; e++) {
		failed += !strcmp(x->run.steps[e].status, "failed");
		skipped += !strcmp(x->run.steps[e].status, "skipped");
	}
	if (skipped)   /* not a failure: this machine cannot run them (see the manifest) */
		run__say(x, "%zu element%s skipped\n", skipped, skipped == 1 ? "" : "s");
	if (!rc && failed)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "%zu element%s failed (failure policy "
			      "'continue': the others ran; see the manifest)", failed,
			      failed == 1 ? "" : "s");
	return rc;
}

/* Whether step i ran as an element (by name, any round). */
static int step_ran(const struct orch *x, size_t i)
{
	for (size_t e = 0; e < x->run.nsteps; e++)
		if (!strcmp(x->run.steps[e].name, x->plan.steps[i].name))
			return 1;
	return 0;
}

void run__add_pending(struct orch *x)
{
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		struct run_ctx c = { .scope = -1 };

		if (!step_ran(x, i))
			run__new_element(x, i, &c);
	}
}
