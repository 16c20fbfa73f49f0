/* SPDX-License-Identifier: MIT */
/*
 * run_cont: a continuous <rounds> scope (plan_scope_discontinuous) as one fio
 * process, a segment: its status reports (json+, one at each second of its jobs'
 * clock, asked for with SIGUSR1) come through a FIFO as fio writes them and are cut into rounds (fiostatus); each round is an
 * element, journaled as it closes, so a kill loses at most the open round and
 * `resume` starts a new segment at the next one with what was written counted.
 * fio's own logs are written only when it exits, which a kill -9 never reaches.
 */
#include "run_int.h"

#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "archive_files.h"
#include "clock.h"
#include "err.h"
#include "fiojson.h"
#include "fiorun.h"
#include "fiostatus.h"
#include "fsutil.h"
#include "safefile.h"
#include "xalloc.h"

const char *run__discontinuous(const struct orch *x, int si, const struct run_ctx *c)
{
	const char *why = plan_scope_discontinuous(&x->plan, (size_t)si);

	if (why)
		return why;
	if (c->on_ms)
		return "it runs inside a duty cycle";
	if (x->dev.tgt.host)
		return "its target is on a bench (fio --client sends no status reports here)";
	return NULL;
}

int run__continuous_scope(const struct orch *x, size_t step)
{
	for (size_t k = 0; k < x->plan.nscopes; k++) {
		const struct plan_scope *s = &x->plan.scopes[k];
		struct run_ctx c = { (int)k, 1, 1, 0, 0 };

		if (s->kind != PLAN_ROUNDS || s->first != step || s->count != 1)
			continue;
		c.on_ms = plan_in_scope(&x->plan, &x->plan.steps[step], PLAN_DUTY_CYCLE);
		return run__discontinuous(x, (int)k, &c) ? -1 : (int)k;
	}
	return -1;
}

void run__segment_shape(const struct orch *x, int si, int r, uint64_t written,
			uint64_t capacity, int *planned, uint64_t *io_size)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	const struct plan_workload *w = &x->plan.steps[s->first];
	long long limit = s->max_rounds;

	if (s->time_ms) {
		long long t = (long long)((s->time_ms + w->runtime_ms - 1) / w->runtime_ms);

		limit = t < limit ? t : limit;
	}
	*planned = limit - r + 1 > 1 ? (int)(limit - r + 1) : 1;
	*io_size = 0;
	if (!strcmp(s->until, "written")) {
		uint64_t goal = plan_amount_bytes(&s->written, capacity);
		uint64_t left = goal > written ? goal - written : w->bs;
		uint64_t jobs = (uint64_t)w->numjobs, per = (left + jobs - 1) / jobs;

		*io_size = (per + w->bs - 1) / w->bs * w->bs;
	}
}

struct seg {
	struct orch *x;
	size_t step;
	struct run_ctx c;
	int r0;
	uint64_t seed;
	char *dir;              /* the segment's folder: the first round's, fio/ */
	int fd;                 /* the FIFO's read end */
	struct fiostatus *fs;
	volatile sig_atomic_t stop;
	int rc;                 /* a failure reading the stream or recording a round */
	int over;               /* the scope's verdict came: nothing more is recorded */
	struct diag sd;
	char *fio_error;        /* why fio failed, known once it ended */
	int closed, failed;
	int (*done)(void *arg, int round);
	void *arg;
	uint64_t end_ms;        /* the planned runtime: fio's own final report ends it */
	uint64_t io_total;      /* until="written": the bytes fio stops at, every job's; else 0 */
	pid_t pid;              /* fio, while it runs */
	int handler;            /* it catches SIGUSR1 (a report each) */
	int64_t job0;           /* Unix ms of its jobs' clock 0; 0 until a report says */
	int64_t sent_ms;        /* the last SIGUSR1 before job0 was known */
	uint64_t next_s;        /* the whole second of the jobs' clock to report next */
	uint64_t written0;      /* x->walk.written when fio started */
	uint64_t noted;         /* the run's bytes written last put in the archive */
};

/* ARCHIVE_SEGMENT_WRITTEN in the archive: the run's bytes written by fio's newest report. */
static char *written_path(const struct orch *x)
{
	return xasprintf("%s/%s", x->arc.out, ARCHIVE_SEGMENT_WRITTEN);
}

/*
 * After each status report: the run's bytes written (before fio, and by fio so
 * far), so that a resume counts what the open round wrote even after a kill -9.
 */
static void note_written(struct seg *g)
{
	uint64_t w, total;
	char buf[32], *path;
	struct diag ignored;

	if (!fiostatus_dir_bytes(g->fs, FIOJSON_WRITE, &w) || (total = g->written0 + w) == g->noted)
		return;
	g->noted = total;
	snprintf(buf, sizeof(buf), "%llu\n", (unsigned long long)total);
	path = written_path(g->x);
	diag_clear(&ignored);
	safefile_write(path, buf, strlen(buf), &ignored);
	free(path);
}

/* Whether process pid catches SIGUSR1 (/proc/PID/status SigCgt): fio's, once it set up. */
static int catches_usr1(pid_t pid)
{
	char path[64], line[256];
	unsigned long long mask = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "SigCgt: %llx", &mask) == 1)
			break;
	if (f)
		fclose(f);
	return ((mask >> (SIGUSR1 - 1)) & 1) != 0;
}

/*
 * Whether fio, bound by an amount (io_total), will have ended by its clock's
 * clock_ms: at its rate so far. fio dies (SIGSEGV) of a SIGUSR1 that comes while it
 * tears down, its handler reaching into what it freed; so, as no report is asked
 * for in a time-bound run's last second, none is asked for within END_GUARD_MS of
 * an amount-bound run's predicted end: fio's own final report closes its last round.
 */
#define END_GUARD_MS 1000

static int ends_by(const struct seg *g, uint64_t clock_ms)
{
	uint64_t clock, bytes;
	int64_t epoch;

	if (!g->io_total || !fiostatus_clock(g->fs, &clock, &epoch) ||
	    !fiostatus_bytes(g->fs, &bytes) || !clock || !bytes)
		return 0;
	if (bytes >= g->io_total)
		return 1;
	return (double)clock + (double)(g->io_total - bytes) * (double)clock / (double)bytes <=
	       (double)clock_ms;
}

/*
 * fio writes a report when sent SIGUSR1: one at each whole second of its jobs'
 * clock (so every per-second interval is a second, as fio's own windows are, and
 * rounds end on their boundaries). Before the first report the clock is unknown:
 * a SIGUSR1 every 250 ms asks for one.
 */
static void ask_reports(struct seg *g, unsigned tick_ms)
{
	int64_t now, due;
	uint64_t clock;

	if (!g->pid || g->stop || (!g->handler && !(g->handler = catches_usr1(g->pid))))
		return;
	now = clock_unix_ms();
	if (!g->job0) {
		int64_t epoch;

		if (fiostatus_clock(g->fs, &clock, &epoch) && clock) {
			g->job0 = epoch - (int64_t)clock;
			g->next_s = clock / 1000 + 1;
		} else if (now - g->sent_ms >= 250) {
			kill(g->pid, SIGUSR1);
			g->sent_ms = now;
		}
		if (!g->job0)
			return;
	}
	if (g->next_s * 1000 >= g->end_ms || ends_by(g, g->next_s * 1000 + END_GUARD_MS))
		return;   /* fio's final report comes at its end */
	due = g->job0 + (int64_t)g->next_s * 1000;
	if (due - now > (int64_t)tick_ms)
		return;
	if (due > now) {
		struct timespec ts = { 0, (long)(due - now) * 1000000L };

		nanosleep(&ts, NULL);
	}
	kill(g->pid, SIGUSR1);
	now = clock_unix_ms();
	g->next_s = (uint64_t)((now - g->job0) / 1000) + 1;
}

static char *iso_ms(int64_t ms)
{
	char buf[CLOCK_ISO_SIZE];

	return xstrdup(clock_iso8601(ms / 1000, buf, sizeof(buf)));
}

static int put_file(const char *dir, const char *name, const char *buf, size_t len,
		    struct diag *d)
{
	char *path = xasprintf("%s/%s", dir, name);
	int rc = safefile_write(path, buf, len, d);

	free(path);
	return rc;
}

/* The round's folder: fio's report at its end and start, and its per-second logs. */
static int put_round(const struct seg *g, const struct result_step *st,
		     const struct fiostatus_round *r, struct diag *d)
{
	char *dir = xasprintf("%s/%s", g->x->arc.out, st->dir);
	int rc = fsutil_mkdir_p(dir) ? diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': "
					      "%s", dir, strerror(errno)) : 0;

	if (!rc)
		rc = put_file(dir, "fio.json", r->end, r->end_len, d);
	if (!rc && r->start)
		rc = put_file(dir, "fio-start.json", r->start, r->start_len, d);
	for (int k = 0; !rc && k < FIOSTATUS_NLOGS; k++) {
		char *name = xasprintf("log_%s.1.log", fiostatus_log_name(k));

		rc = put_file(dir, name, r->log[k], strlen(r->log[k]), d);
		free(name);
	}
	free(dir);
	return rc;
}

/* A resumed segment's first element: what the resume found (run__segment_resume). */
static void take_pending(struct orch *x, struct result_step *st)
{
	st->lost_before = x->walk.lost_pending;
	st->new_pass = x->walk.pass_pending;
	x->walk.lost_pending = 0;
	x->walk.pass_pending = 0;
}

/* A round closed: its element made, read back, said and journaled. */
static int seg_round(void *arg, const struct fiostatus_round *r)
{
	struct seg *g = arg;
	struct orch *x = g->x;
	struct result_step *st;
	struct diag rd;
	struct sbuf sb;
	char *label;
	int rc;

	if (g->over || (r->last && run__interrupted))
		return 0;   /* cut short: `resume` runs that round again */
	g->c.round = g->r0 + r->round - 1;
	st = run__new_element(x, g->step, &g->c);
	st->seed = g->seed;
	st->continuous = 1;
	take_pending(x, st);
	st->runtime_ms = r->clock_end_ms - r->clock_start_ms;
	st->started = iso_ms(r->start_epoch_ms);
	st->ended = iso_ms(r->end_epoch_ms);
	diag_clear(&rd);
	rc = put_round(g, st, r, &rd);
	if (!rc)
		rc = archive_load_step(x->arc.out, st, &rd);
	free(st->status);
	st->status = xstrdup(rc || (r->last && g->fio_error) ? "failed" : "ok");
	if (!strcmp(st->status, "failed"))
		st->error = xstrdup(rc ? rd.msg : g->fio_error);
	x->walk.written += st->dir_stat[RESULT_WRITE].io_bytes;
	label = run__element_label(x, g->step, &g->c);
	sbuf_init(&sb);
	if (st->error)
		run__say(x, "%s: failed: %s\n", label, st->error);
	else
		run__describe_result(st, &sb);
	if (!st->error)
		run__say(x, "%s: %s\n", label, sb.buf);
	sbuf_release(&sb);
	free(label);
	g->closed++;
	diag_clear(&rd);
	if (run__record(x, st, &rd)) {
		g->sd = rd;
		g->rc = rd.code;
		return 1;
	}
	if (st->error) {
		g->failed = 1;
		diag_set(&g->sd, -SB_EFIO, NULL, 0, 0, "step '%s' failed: %s", st->name, st->error);
		return 1;
	}
	if (g->done(g->arg, g->c.round)) {
		g->over = 1;
		return 1;
	}
	return 0;
}

/* Reads what fio wrote so far; fio is told to stop when reading it fails. */
static void drain(struct seg *g)
{
	char buf[65536];
	ssize_t n;

	while (!g->rc && !g->over && !g->failed &&
	       ((n = read(g->fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR)))
		if (n > 0 && fiostatus_feed(g->fs, buf, (size_t)n, &g->sd) < 0)
			g->rc = g->sd.code;
	if (g->rc || g->over || g->failed || run__interrupted)
		g->stop = 1;
}

#define TICK_MS 100

static void seg_tick(void *arg)
{
	drain(arg);
	note_written(arg);
	ask_reports(arg, TICK_MS);
}

void run__segment_resume(struct orch *x, int si, const struct run_ctx *c, int r,
			 uint64_t *written0)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	char *path = written_path(x);
	struct sbuf sb;
	unsigned long long total = 0;
	uint64_t lost = 0, cap = run__capacity(x, c);

	sbuf_init(&sb);
	if (!sbuf_read_file(&sb, path) && sscanf(sb.buf, "%llu", &total) == 1 &&
	    total > x->walk.written)
		lost = total - x->walk.written;
	sbuf_release(&sb);
	unlink(path);
	free(path);
	x->walk.written += lost;
	x->walk.lost_pending = lost;
	if (lost)
		run__say(x, "%s: resumed at round %d: the interrupted round wrote %llu bytes "
			 "by fio's last report, counted as written\n", s->name, r,
			 (unsigned long long)lost);
	x->walk.pass_pending = r > 1 && !strcmp(s->until, "written") &&
			       x->walk.written - *written0 < cap;
	if (x->walk.pass_pending) {
		run__say(x, "%s: the fill was cut in its first pass over the range: it begins "
			 "again at round %d and writes its whole goal (a new fio process cannot "
			 "continue the interrupted one's random map)\n", s->name, r);
		*written0 = x->walk.written;
	}
}

/* After fio: its final report kept, why it failed when it did. */
static void judge(struct seg *g, int status)
{
	size_t len;
	const char *last = fiostatus_last(g->fs, &len);
	const char *other = fiostatus_other(g->fs);
	struct sbuf sb;
	char *job_error, *text;
	struct diag ignored;

	sbuf_init(&sb);
	sbuf_adds(&sb, other);
	if (last)
		sbuf_add(&sb, last, len);
	diag_clear(&ignored);
	if (sb.len)
		put_file(g->dir, "fio.json", sb.buf, sb.len, &ignored);
	sbuf_release(&sb);
	job_error = g->x->fio.ops->job_error(g->dir);
	text = g->x->fio.ops->error_text(g->dir);
	if (status)
		g->fio_error = xasprintf("fio exited with status %d%s%s%s%s", status,
					 job_error ? ": " : "", job_error ? job_error : "",
					 text[0] ? "; fio said: " : "", text);
	else if (job_error)
		g->fio_error = xasprintf("fio reported %s", job_error);
	free(job_error);
	free(text);
}

/* A segment that closed no round: one failed element says why. */
static int no_round(struct seg *g, struct diag *d)
{
	struct result_step *st;
	struct diag rd;

	g->c.round = g->r0;
	st = run__new_element(g->x, g->step, &g->c);
	take_pending(g->x, st);
	free(st->status);
	st->status = xstrdup("failed");
	st->error = xstrdup(g->fio_error ? g->fio_error : "fio ran, but its status reports "
			    "hold no I/O");
	st->seed = g->seed;
	run__say(g->x, "[%s r%d]: failed: %s\n", st->name, g->r0, st->error);
	diag_clear(&rd);
	if (run__record(g->x, st, &rd)) {
		g->x->walk.fatal = 1;
		return diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	}
	return diag_set(d, -SB_EFIO, NULL, 0, 0, "step '%s' failed: %s", st->name, st->error);
}

/* The run was interrupted: the rounds that closed are kept, the open one is not. */
static int interrupted(struct orch *x, const struct plan_workload *w, struct diag *d)
{
	run__say(x, "%s: interrupted\n", w->name);
	run__save(x, &(struct diag){ 0 });
	return run__interrupted_error(x, w->name, d);
}

int run__segment(struct orch *x, size_t step, const struct run_ctx *c, int r0,
		 uint64_t scope_written, int (*done)(void *arg, int round), void *arg,
		 int *closed, struct diag *d)
{
	const struct plan_workload *w = &x->plan.steps[step];
	const struct plan_scope *s = &x->plan.scopes[c->scope];
	struct seg g = { .x = x, .step = step, .c = *c, .r0 = r0, .fd = -1, .done = done,
			 .arg = arg };
	struct fiorun_target ft = run__fio_target(x, c->usable);
	char tmpl[] = "/tmp/ssdbench-status.XXXXXX", *fifo = NULL, *job, *label, *first;
	const char *engine = strcmp(w->ioengine, "auto") ? w->ioengine : x->fio.engine;
	uint64_t layout = ft.size;
	int planned, status = 0, rc;

	*closed = 0;
	rc = run__preflight(x, w, d);
	if (rc)
		return rc;
	run__segment_shape(x, c->scope, r0, scope_written, run__capacity(x, c),
			   &planned, &ft.io_size);
	ft.runtime_ms = (uint64_t)planned * w->runtime_ms;
	g.end_ms = ft.runtime_ms;
	g.io_total = ft.io_size * (uint64_t)w->numjobs;
	g.seed = ft.seed = fiorun_seed((uint64_t)x->plan.seed, step, r0);
	g.written0 = g.noted = x->walk.written;
	g.c.round = r0;
	first = run__element_dir((int)x->arc.run.nsteps + 1, w->name, r0);
	g.dir = xasprintf("%s/%s/fio", x->arc.out, first);
	free(first);
	job = xasprintf("%s/job.fio", g.dir);
	label = run__element_label(x, step, &g.c);
	diag_clear(&g.sd);
	if (fsutil_mkdir_p(g.dir))
		rc = x->walk.fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", g.dir,
					 strerror(errno));
	if (!rc)
		rc = x->fio.ops->write_jobfile(job, &x->plan, w, &ft, engine, d);
	if (!rc && !(fifo = run__make_fifo(tmpl, "status")))
		rc = x->walk.fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot make a FIFO for fio's "
					 "status reports in /tmp: %s", strerror(errno));
	if (!rc && fifo && (g.fd = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0)
		rc = x->walk.fatal = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", fifo,
					 strerror(errno));
	if (!rc) {
		struct fiorun_exec_opts eo = { g.dir, "job.fio", label, x->o->tty && !x->quiet,
					       &g.stop, fiorun_step_timeout_s(ft.runtime_ms,
									      layout) +
					       run__wait_left_s(x),
					       seg_tick, &g, NULL, ft.path, fifo, TICK_MS, 1,
					       x->walk.wait_end_ms, NULL, &g.pid, NULL, NULL,
					       NULL, 0 };
		struct run_progress pr;

#ifdef F_SETPIPE_SZ
		fcntl(g.fd, F_SETPIPE_SZ, 1 << 20);   /* a second's report never blocks fio */
#endif
		run__say(x, "%s: %s as one fio process: %d round%s of %llu s%s\n", label,
			 s->name, planned, planned == 1 ? "" : "s",
			 (unsigned long long)(w->runtime_ms / 1000), ft.io_size ?
			 ", or until its amount is written" : "");
		g.fs = fiostatus_new(w->runtime_ms, planned, g.dir, seg_round, &g);
		run__progress_start(&pr, x, step, r0, ft.runtime_ms);
		pr.closed = &g.closed;   /* the round running: r0 + those closed */
		eo.status = run__progress_status;
		eo.status_arg = &pr;
		rc = x->fio.ops->exec(&eo, &status, d);
		x->walk.wait_end_ms = 0;
		if (!rc) {
			drain(&g);
			note_written(&g);   /* fio's last report, an interrupted one's too */
			judge(&g, status);
			if (!g.rc && !g.over && !g.failed && fiostatus_end(g.fs, &g.sd) < 0)
				g.rc = g.sd.code;
		}
	}
	*closed = g.closed;
	if (!rc && g.rc)
		rc = x->walk.fatal = diag_set(d, g.rc, NULL, 0, 0, "%s", g.sd.msg);
	else if (!rc && g.failed)
		rc = diag_set(d, g.sd.code, NULL, 0, 0, "%s", g.sd.msg);
	else if (!rc && run__interrupted)
		rc = interrupted(x, w, d);
	else if (!rc && !g.closed)
		rc = no_round(&g, d);
	if (!run__interrupted) {   /* every byte is in an element: nothing to resume from */
		char *path = written_path(x);

		unlink(path);
		free(path);
	}
	if (g.fd >= 0)
		close(g.fd);
	if (fifo) {
		unlink(fifo);
		rmdir(tmpl);
	}
	fiostatus_free(g.fs);
	free(g.fio_error);
	free(fifo);
	free(label);
	free(job);
	free(g.dir);
	return rc;
}
