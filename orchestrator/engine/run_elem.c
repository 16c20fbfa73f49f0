/* SPDX-License-Identifier: MIT */
/*
 * run_elem: an element's record -- its folder, its progress label and line, its
 * journal line and the manifest rewritten after it -- and the small helpers every
 * part of the run shares (clock, folders, the target fio gets). The lowest of the
 * run's files: it calls none of the others.
 */
#include "run_int.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "err.h"
#include "manifest.h"
#include "sbuf.h"
#include "xalloc.h"

/* The one file-scope variable (run_int.h): a signal handler has nowhere else to write. */
volatile sig_atomic_t run__interrupted;

char *run__iso_now(void)
{
	char buf[CLOCK_ISO_SIZE];

	return xstrdup(clock_iso8601((int64_t)time(NULL), buf, sizeof(buf)));
}

struct fiorun_target run__fio_target(const struct orch *x, uint64_t usable)
{
	uint64_t limit = usable ? usable : x->dev.g.usable;
	struct fiorun_target ft = { x->dev.tgt.path, limit ? limit : x->dev.tgt.is_device ? 0 :
				    x->dev.tgt.size, x->dev.tgt.is_device, limit ? limit : x->dev.tgt.size,
				    0, 0, 0, NULL, NULL };

	return ft;
}

void run__say(const struct orch *x, const char *fmt, ...)
{
	va_list ap;

	if (x->quiet)
		return;
	if (!x->o->tty) {
		char stamp[16];

		fputs(clock_local_stamp(stamp, sizeof(stamp)), stdout);
	}
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* results.csv first: the manifest lists it with its SHA-256. */
int run__save(struct orch *x, struct diag *d)
{
	int rc = manifest_write_results(x->arc.out, &x->arc.run, d);

	if (!rc)
		rc = manifest_write(x->arc.out, &x->arc.run, &x->arc.mt, d);
	x->arc.saved |= !rc;
	return rc;
}

/* The bytes "% of capacity written" and a written="2x" goal refer to where c runs. */
uint64_t run__capacity(const struct orch *x, const struct run_ctx *c)
{
	return c->usable ? c->usable : x->dev.g.usable ? x->dev.g.usable : x->dev.tgt.size;
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
	const unsigned flags = x->kinds[w->kind].flags;
	struct result_step *st = result_run_add_step(&x->arc.run);

	st->index = (int)x->arc.run.nsteps;
	st->name = xstrdup(w->name);
	st->kind = xstrdup(plan_kind_name(w->kind));
	st->dir = run__element_dir(st->index, w->name, c->round);
	st->status = xstrdup("pending");
	st->scope = c->scope >= 0 ? xstrdup(x->plan.scopes[c->scope].name) : NULL;
	st->round = c->round;
	st->cell = w->cell ? xstrdup(w->cell) : NULL;
	st->chart = w->chart ? xstrdup(w->chart) : NULL;
	for (size_t k = 0; k < w->labels.n; k++)
		result_labels_add(&st->labels, w->labels.v[k].lang, w->labels.v[k].text);
	if (flags & RUN_KIND_FIO) {
		st->data = xstrdup(plan_step_data(&x->plan, w));
		st->ioengine = xstrdup(strcmp(w->ioengine, "auto") ? w->ioengine : x->fio.engine);
	}
	st->write_cache = x->dev.wc ? xstrdup(run_wcache_element(x->dev.wc, &x->plan, w)) : NULL;
	if (flags & RUN_KIND_FILL)
		st->rw = xstrdup(w->pattern && !strcmp(w->pattern, "rand") ? "randwrite" : "write");
	else if (w->rw)
		st->rw = xstrdup(w->rw);
	st->bs = w->bs;
	st->iodepth = (int)w->iodepth;
	st->numjobs = (int)w->numjobs;
	st->rwmixread = (int)w->rwmixread;
	st->runtime_ms = !(flags & RUN_KIND_TIMED) ? 0 : c->on_ms ? c->on_ms : w->runtime_ms;
	st->written_before = x->walk.written;
	st->capacity = run__capacity(x, c);
	if (flags & RUN_KIND_FIO) {   /* the active range, and a fill's amount */
		plan_step_range(w, st->capacity, &st->range_offset, &st->range_size);
		if (!st->range_size && st->capacity > st->range_offset)
			st->range_size = st->capacity - st->range_offset;
	}
	if (flags & RUN_KIND_FILL)
		st->amount = plan_amount_bytes(&w->amount, st->capacity);
	return st;
}

unsigned run__wait_left_s(const struct orch *x)
{
	int64_t left = x->walk.wait_end_ms ? x->walk.wait_end_ms - clock_unix_ms() : 0;

	return left > 0 ? (unsigned)((left + 999) / 1000) : 0;
}

char *run__make_fifo(char *tmpl, const char *name)
{
	char *path;

	if (!mkdtemp(tmpl))
		return NULL;
	path = xasprintf("%s/%s", tmpl, name);
	if (mkfifo(path, 0600)) {
		rmdir(tmpl);
		free(path);
		return NULL;
	}
	return path;
}

/* A sweep cell of scope `from` that finished ok, in round `round` (0: any). */
static int is_cell(const struct result_step *st, const char *from, int round)
{
	return st->scope && !strcmp(st->scope, from) && st->cell && !strcmp(st->status, "ok") &&
	       (!round || st->round == round);
}

int run__point(const struct orch *x, const struct plan_workload *w,
	       const struct result_step **at, struct diag *d)
{
	const struct result_run *run = &x->arc.run;
	double hi = -1, lo = -1, aim;
	int last = 0;

	*at = NULL;
	for (size_t i = 0; i < run->nsteps; i++)
		if (is_cell(&run->steps[i], w->point_from, 0) && run->steps[i].round > last)
			last = run->steps[i].round;
	for (size_t i = 0; last && i < run->nsteps; i++) {
		double v = result_step_iops(&run->steps[i]);

		if (!is_cell(&run->steps[i], w->point_from, last))
			continue;
		hi = hi < 0 || v > hi ? v : hi;
		lo = lo < 0 || v < lo ? v : lo;
	}
	aim = !strcmp(w->point, "mid-iops") ? (hi + lo) / 2 : hi;
	for (size_t i = 0; last && i < run->nsteps; i++)   /* the first nearest */
		if (is_cell(&run->steps[i], w->point_from, last) &&
		    (!*at || fabs(result_step_iops(&run->steps[i]) - aim) < fabs(result_step_iops(*at) - aim)))
			*at = &run->steps[i];
	if (!*at)
		return diag_set(d, -SB_EFIO, NULL, 0, 0, "step '%s': its %s point has no cell "
				"of <rounds> '%s' that finished to choose from", w->name, w->point,
				w->point_from);
	return 0;
}

/* Writes a latency given in µs with a unit that keeps 3 significant digits. */
static void format_us(double us, char *buf, size_t n)
{
	if (!(us >= 0))   /* none measured (a fill's p99.9 of fewer I/Os than it needs) */
		snprintf(buf, n, "–");
	else if (us >= 1e6)
		snprintf(buf, n, "%.2f s", us / 1e6);
	else if (us >= 1000)
		snprintf(buf, n, "%.3g ms", us / 1000);
	else
		snprintf(buf, n, "%.3g µs", us);
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
	if (st->capacity && result_step_wrote(st))
		sbuf_addf(sb, ", %.1f %% of capacity written so far",
			  100.0 * (double)(st->written_before + result_step_wrote(st)) /
			  (double)st->capacity);
	else if (!result_step_wrote(st) && st->dir_stat[RESULT_WRITE].io_bytes)
		sbuf_adds(sb, ", fio's null engine: nothing written to the target");
}

/* "[3/7 r2] name" for the progress lines (the live status adds the clock). */
char *run__element_label(const struct orch *x, size_t i, const struct run_ctx *c)
{
	char round[16] = "";

	if (c->round)
		snprintf(round, sizeof(round), " r%d", c->round);
	return xasprintf("[%zu/%zu%s] %s", i + 1, x->plan.nsteps, round, x->plan.steps[i].name);
}

/* Journals the finished element, then rewrites the manifest and results.csv. */
int run__record(struct orch *x, const struct result_step *st, struct diag *d)
{
	struct journal_elem e = { st->index, st->name, st->round, st->status, st->error,
				  st->started, st->ended, x->walk.written,
				  st->continuous ? st->runtime_ms : 0, st->seed, st->lost_before,
				  st->new_pass };
	struct diag sd;
	int rc;

	diag_clear(&sd);
	rc = !strcmp(st->status, "ok") ? manifest_write_series(x->arc.out, st, &sd) : 0;
	if (!rc)
		rc = journal_add_elem(x->arc.out, &e, &sd);
	if (!rc)
		rc = run__save(x, &sd);
	if (rc) {
		x->walk.fatal = 1;
		diag_clear(d);
		diag_set(d, rc, NULL, 0, 0, "%s", sd.msg);
	}
	return rc;
}
