/* SPDX-License-Identifier: MIT */
/*
 * run_step: what each kind of step does in the run, as one table (run__kinds),
 * and one live element of a step: a workload or precondition through fio (its
 * telemetry alongside), a purge, an idle time, a probe.
 */
#include "run_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "check.h"
#include "clock.h"
#include "device.h"
#include "err.h"
#include "fiojson.h"
#include "fiorun.h"
#include "fsutil.h"
#include "purge.h"
#include "run_replay.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

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
	if (!remote_fio_probe(x->dev.tgt.host, remote_timeout_s(), &rp, &pd))
		return NULL;
	return xasprintf("lost fio's server on host '%s' (%s) during the step: it no longer "
			 "answers", x->dev.tgt.host->name, x->dev.tgt.client);
}

/* Checks what fio left in the element's folder; returns 0 or sets st->error. */
static int judge_fio(struct orch *x, struct result_step *st, int status)
{
	char *dir = xasprintf("%s/%s", x->arc.out, st->dir);
	char *fio_text = x->fio.ops->error_text(dir), *job_error = x->fio.ops->job_error(dir);
	char *gone = x->dev.tgt.host && status != 0 ? bench_gone(x) : NULL;
	uint64_t io = 0;
	struct diag sd;
	int rc;

	diag_clear(&sd);
	rc = archive_load_step(x->arc.out, st, &sd);
	for (int dd = 0; dd < RESULT_NDIRS; dd++)
		io += st->dir_stat[dd].io_bytes;
	if (rc && !gone)   /* fio says nothing when its report does not fit */
		gone = x->fio.ops->nospace(dir);
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
 * In a duty cycle: when the element's I/O ended (its report's time), for the wait
 * state after it. Nothing when the report has no time (fio's client).
 */
static void note_io_end(struct orch *x, const char *dir, int64_t started)
{
	char *file = xasprintf("%s/fio.json", dir);
	struct fiojson_report rep;
	struct diag ignored;

	fiojson_report_init(&rep);
	diag_clear(&ignored);
	if (started && !fiojson_parse_file(file, &rep, &ignored) && rep.timestamp_ms)
		x->walk.fio_end_ms = rep.timestamp_ms;
	fiojson_report_release(&rep);
	free(file);
}

/*
 * A file target's holes in the range an element reads (a sparse file ssdbench made,
 * never written): fio reads zeros the file system makes up, at the speed of memory.
 * Recorded on the element and said; nothing for a device or a bench's file.
 */
static void note_holes(struct orch *x, struct result_step *st, const char *label)
{
	off_t holes = 0;
	char h[32], r[32];

	if (!plan_rw_reads(st->rw) || x->dev.tgt.is_device || x->dev.tgt.client || !st->range_size ||
	    fsutil_hole_bytes(x->dev.tgt.path, (off_t)st->range_offset,
			      (off_t)st->range_size, &holes) || !holes)
		return;
	st->read_holes = (uint64_t)holes;
	units_format_size((uint64_t)holes, h, sizeof(h));
	units_format_size(st->range_size, r, sizeof(r));
	run__say(x, "%s: %s of the %s it reads are holes of the file (never written): fio "
		 "reads zeros the file system makes up there, not the medium\n", label, h, r);
}

/*
 * A step at a point (DIRTH's Max and Mid IOPS): *w becomes *copy, the step with the
 * chosen cell's TC and QD, which the element records and the run says.
 */
static int at_point(struct orch *x, const struct plan_workload **w,
		    struct plan_workload *copy, struct result_step *st, const char *label,
		    struct diag *d)
{
	const struct result_step *cell;
	char iops[32];
	int rc = run__point(x, *w, &cell, d);

	if (rc)
		return rc;
	*copy = **w;
	copy->numjobs = st->numjobs = cell->numjobs;
	copy->iodepth = st->iodepth = cell->iodepth;
	*w = copy;
	snprintf(iops, sizeof(iops), "%.0f", result_step_iops(cell));
	run__say(x, "%s: the %s point of '%s' round %d is %s (%s IOPS): TC %d / QD %d\n",
		 label, copy->point, copy->point_from, cell->round, cell->name, iops,
		 cell->numjobs, cell->iodepth);
	return 0;
}

/* A workload or precondition element: job file, fio, its results. */
static int fio_element(struct orch *x, const struct plan_workload *w, struct result_step *st,
		       const struct run_ctx *c, const char *label, struct diag *d)
{
	char *dir = xasprintf("%s/%s", x->arc.out, st->dir), *job = xasprintf("%s/job.fio", dir);
	char *replay;
	const size_t wi = (size_t)(w - x->plan.steps);   /* w may become its point's copy */
	struct plan_workload point;
	struct fiorun_target ft = run__fio_target(x, c->usable);
	uint64_t layout = ft.size, limit_ms = st->runtime_ms;
	const char *engine = strcmp(w->ioengine, "auto") ? w->ioengine : x->fio.engine;
	struct telemetry tel;
	int64_t started = 0;
	char gate_dir[] = "/tmp/ssdbench-gate.XXXXXX", *gate = NULL;
	int status = 0, rc = w->point ? at_point(x, &w, &point, st, label, d) : 0;

	x->walk.fio_end_ms = 0;
	ft.runtime_ms = c->on_ms;
	ft.seed = fiorun_seed((uint64_t)x->plan.seed, wi, c->round);
	st->seed = ft.seed;
	/* A precondition's time is its amount at a pessimistic 20 MB/s (see the watchdog). */
	if ((x->kinds[w->kind].flags & RUN_KIND_FILL) || !w->time_based)
		layout += x->kinds[w->kind].flags & RUN_KIND_FILL ?
			  plan_amount_bytes(&w->amount, ft.capacity) : ft.size;
	/* the trace fitted onto the target, written as fio replays it (in the
	 * element's folder); the target must exist for fio */
	if (plan_step_is(w, PLAN_KIND_REPLAY)) {   /* fio opens it from its own folder */
		char *rel = xasprintf("%s/replay.blktrace", dir);

		replay = plan_absolute_path(rel);
		free(rel);
	} else {
		replay = NULL;
	}
	rc = rc || !replay ? rc :
	     run__replay_fit(w, st, &ft, replay, &limit_ms, &layout, d) ? d->code :
	     run__replay_write(st, &ft, d) ? d->code : run__replay_make_file(x, d);
	/* After a wait state, a local fio sets up during the wait and waits at its gate. */
	if (!rc && x->walk.wait_end_ms && !x->dev.tgt.client &&
	    !(ft.gate = gate = run__make_fifo(gate_dir, "gate")))
		rc = x->walk.fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot make a FIFO for "
					      "fio's gate in /tmp: %s", strerror(errno));
	if (!rc)
		note_holes(x, st, label);
	telemetry_start(&tel, x, w, dir);
	if (!rc) {
		struct fiorun_exec_opts eo = { dir, "job.fio", label, x->o->tty && !x->quiet,
					       &run__interrupted,
					       fiorun_step_timeout_s(limit_ms, layout) +
					       run__wait_left_s(x),
					       telemetry_tick, &tel, x->dev.tgt.client,
					       x->dev.tgt.host ? NULL : ft.path, NULL, 0,
					       1 /* set_up() refused an old fio */,
					       x->walk.wait_end_ms, &started, NULL, NULL, NULL,
					       NULL, 0 };
		struct run_progress pr;

		run__progress_start(&pr, x, wi, c->round, st->runtime_ms);
		eo.status = run__progress_status;
		eo.status_arg = &pr;
		eo.gate = gate;
		eo.gate_jobs = (int)w->numjobs;
		rc = x->fio.ops->write_jobfile(job, &x->plan, w, &ft, engine, d);
		if (!rc)
			rc = x->fio.ops->exec(&eo, &status, d);
	}
	if (tel.f)
		fclose(tel.f);
	if (gate) {
		unlink(gate);
		rmdir(gate_dir);
		free(gate);
	}
	x->walk.wait_end_ms = 0;
	if (!rc)
		rc = judge_fio(x, st, status);
	if (!rc && replay)
		rc = run__replay_judge(st, replay);
	st->fio_released_ms = started > 0 && !x->dev.tgt.client ? (uint64_t)started : 0;
	if (!rc && c->on_ms)
		note_io_end(x, dir, started);
	x->walk.written += result_step_wrote(st);  /* a failed step's writes count too */
	free(replay);
	free(job);
	free(dir);
	return rc;
}

/* Sleeps ms, waking for a signal. */
void run__idle_ms(uint64_t ms)
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
		run__idle_ms((uint64_t)at);
}

/* A purge step: every interlock again, then the method; purge.json says what ran. */
static int purge_element(struct orch *x, const struct plan_workload *w,
			 struct result_step *st, const struct run_ctx *c, const char *label,
			 struct diag *d)
{
	enum purge_method m;
	struct purge_result pr;
	char *path;
	FILE *f;
	int rc;

	(void)c;
	(void)label;
	if (purgemethod_parse(w->method, &m))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "unknown purge method '%s'",
				w->method);
	/* The plan asked for no erase, or a file not written yet has nothing to erase. */
	if (m == PURGE_NONE || (!x->dev.tgt.is_device && !run__target_exists(x))) {
		st->rw = xstrdup("none");
		return 0;
	}
	rc = run__purge(x, m, &pr, d);
	if (rc)
		return rc;
	path = xasprintf("%s/%s/purge.json", x->arc.out, st->dir);
	f = fopen(path, "w");
	if (f) {
		fprintf(f, "{\"method\": \"%s\", \"seconds\": %.3f}\n",
			purgemethod_name(pr.method), pr.seconds);
		fclose(f);
	}
	free(path);
	st->rw = xstrdup(purgemethod_name(pr.method));
	x->walk.written = 0;   /* "% of capacity written" starts again on an erased drive */
	return f ? 0 : diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write purge.json in '%s'",
				st->dir);
}

/* A probe step: the target's identity and health now (on its bench), in probe.json. */
static int probe_element(struct orch *x, const struct plan_workload *w,
			 struct result_step *st, const struct run_ctx *c, const char *label,
			 struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	char *path = xasprintf("%s/%s/probe.json", x->arc.out, st->dir), *json = NULL;
	FILE *f = NULL;
	int rc = run__probe(x, di, &json, d);

	(void)w;
	(void)c;
	(void)label;
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

/* An idle step: the drive left alone for its duration (a signal ends it early). */
static int idle_element(struct orch *x, const struct plan_workload *w,
			struct result_step *st, const struct run_ctx *c, const char *label,
			struct diag *d)
{
	(void)x;
	(void)st;
	(void)c;
	(void)label;
	(void)d;
	run__idle_ms(w->duration_ms);
	return 0;
}

/* --dry-run: a fio step's job file as fio would get it, through a scratch file. */
static void describe_fio(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];
	char tmp[] = "/tmp/ssdbench-dry-run.XXXXXX";
	struct fiorun_target ft = run__fio_target(x, 0);
	/* In rounds (or a duty cycle) its first run is round 1. */
	int rounds = plan_in_scope(&x->plan, w, PLAN_ROUNDS) ||
		     plan_in_scope(&x->plan, w, PLAN_DUTY_CYCLE);
	int cont = run__continuous_scope(x, i), planned = 0;
	struct sbuf sb;
	struct diag jd;
	struct result_step rs = { 0 };
	uint64_t ignored = 0;
	int fd;

	ft.seed = fiorun_seed((uint64_t)x->plan.seed, i, rounds);
	diag_clear(&jd);
	if (plan_step_is(w, PLAN_KIND_REPLAY) &&   /* its fit, as it would run */
	    run__replay_fit(w, &rs, &ft, "STEPDIR/replay.blktrace", &ignored, &ignored, &jd))
		ft.trace = NULL;
	if (cont >= 0) {   /* the scope's one fio process, as its round 1 starts it */
		run__segment_shape(x, cont, 1, 0, ft.capacity, &planned, &ft.io_size);
		ft.runtime_ms = (uint64_t)planned * w->runtime_ms;
	}
	sbuf_init(&sb);
	fd = mkstemp(tmp);
	if (fd >= 0)
		close(fd);
	if (fd < 0 || x->fio.ops->write_jobfile(tmp, &x->plan, w, &ft, strcmp(w->ioengine, "auto") ?
					   w->ioengine : "io_uring", &jd) ||
	    sbuf_read_file(&sb, tmp))
		printf("step %zu '%s': no job file: %s\n", i + 1, w->name, jd.msg);
	else
		printf("step %zu '%s': job file%s%s%s:\n%s", i + 1, w->name,
		       strcmp(w->ioengine, "auto") ? "" : " (ioengine io_uring, or libaio where "
		       "it is unavailable)",
		       cont >= 0 ? " (one fio process for all the rounds of its scope, cut into "
		       "rounds from its status reports, a report a second)" :
		       rounds ? " (round 1; every round has its own randseed)" : "",
		       w->point ? " (numjobs and iodepth as the plan's defaults here: the run "
		       "takes its point's, chosen from the results)" : "", sb.buf);
	if (fd >= 0)
		unlink(tmp);
	sbuf_release(&sb);
	result_step_release(&rs);
}

static void describe_purge(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];

	printf("step %zu '%s': purge with method %s on '%s', every check again right before "
	       "it\n", i + 1, w->name, w->method, x->dev.tgt.path);
}

static void describe_idle(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];
	char t[32];

	check_format_ms(w->duration_ms, t, sizeof(t));
	printf("step %zu '%s': %s %s\n", i + 1, w->name, plan_kind_name(w->kind), t);
}

static void describe_probe(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];

	printf("step %zu '%s': %s of %s\n", i + 1, w->name, plan_kind_name(w->kind),
	       x->dev.tgt.path);
}

/*
 * What each kind of step does in the run, indexed by enum step_kind: a new kind is
 * its row here (and its executor above), its row on the plan side, and its estimate
 * and description for `ssdbench check` (check.c).
 */
const struct run_kind run__kinds[] = {
	[STEP_WORKLOAD] = { fio_element, describe_fio, "done", RUN_KIND_FIO | RUN_KIND_TIMED },
	[STEP_PRECONDITION] = { fio_element, describe_fio, "done",
				RUN_KIND_FIO | RUN_KIND_FILL },
	[STEP_PURGE] = { purge_element, describe_purge, "done",
			 RUN_KIND_DEVICE | RUN_KIND_PURGES },
	[STEP_IDLE] = { idle_element, describe_idle, "idle", 0 },
	[STEP_PROBE] = { probe_element, describe_probe, "done", RUN_KIND_DEVICE },
	[STEP_REPLAY] = { fio_element, describe_fio, "done", RUN_KIND_FIO },
};
_Static_assert(sizeof(run__kinds) / sizeof(run__kinds[0]) == RUN_NKINDS,
	       "run__kinds needs one row per enum step_kind");

/* Runs step i once, live, as element st. */
int run__live_element(struct orch *x, size_t i, size_t ei, const struct run_ctx *c,
			struct diag *d)
{
	const struct plan_workload *w = &x->plan.steps[i];
	const struct run_kind *k = &x->kinds[w->kind];
	struct result_step *st = &x->arc.run.steps[ei];
	char *label = run__element_label(x, i, c), *dir = xasprintf("%s/%s", x->arc.out, st->dir);
	struct sbuf sb;
	int rc = 0;

	sbuf_init(&sb);
	rc = run__preflight(x, w, d);
	if (!rc && x->dev.hw && run__in_scope(x, w, x->dev.hw->scope) && !c->usable && !x->dev.g.usable)
		st->capacity = x->dev.tgt.size;   /* the resized drive's */
	if (!rc && fsutil_mkdir_p(dir))
		rc = x->walk.fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
					 strerror(errno));
	if (x->walk.wait_end_ms && !(k->flags & RUN_KIND_FIO)) {
		idle_until(x->walk.wait_end_ms);   /* a duty cycle's wait state, then this */
		x->walk.wait_end_ms = 0;
	}
	st->started = run__iso_now();
	if (!rc)
		rc = k->exec(x, w, st, c, label, d);
	st->ended = run__iso_now();
	free(st->status);
	if (run__interrupted) {
		st->status = xstrdup("failed");
		free(st->error);
		st->error = xasprintf("interrupted by signal %d", (int)run__interrupted);
		diag_clear(d); /* the interruption, not fio's reaction to it, is the cause */
		rc = run__interrupted_error(x, st->name, d);
		run__say(x, "%s: interrupted\n", label);
		run__save(x, &(struct diag){ 0 });  /* not journaled: resume reruns it */
		goto out;
	}
	if (!rc) {
		st->status = xstrdup("ok");
		if (result_step_measured(st))
			run__describe_result(st, &sb);
		else
			sbuf_adds(&sb, k->done);
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

void run__describe_step(const struct orch *x, size_t i)
{
	x->kinds[x->plan.steps[i].kind].describe(x, i);
}
