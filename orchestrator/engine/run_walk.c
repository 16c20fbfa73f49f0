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
#include "device.h"
#include "err.h"
#include "fiojson.h"
#include "fiorun.h"
#include "op.h"
#include "purge.h"
#include "sbuf.h"
#include "steady.h"
#include "units.h"
#include "xalloc.h"

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

int run__stops(const struct plan *p, const struct run_walk *w)
{
	return w->fatal || run__interrupted || !p->failure || strcmp(p->failure, "continue");
}

int run__replays(const struct run_arc *a, int index)
{
	return index >= 1 && (size_t)index <= a->replay.nelems;
}

/* A finished element read back from the journal and the archive (resume). */
static int replay_element(struct orch *x, struct result_step *st, struct diag *d)
{
	const struct journal_elem *e = &x->arc.replay.elems[st->index - 1];
	int rc = 0;

	if (strcmp(e->name, st->name) || e->round != st->round) {
		x->walk.fatal = 1;
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
	if (!strcmp(st->status, "ok") && result_step_measured(st) && archive_load_step(x->arc.out, st, d)) {
		x->walk.fatal = 1;
		return diag_set(d, d->code, NULL, 0, 0, "element %d '%s', finished before the "
				"interruption, cannot be read back: %s", st->index, st->name,
				d->msg);
	}
	x->walk.written = e->written_after;
	st->seed = e->seed;
	st->lost_before = e->lost_before;   /* written before it, in no element */
	st->written_before += e->lost_before;
	st->new_pass = e->new_pass;
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
 * Without md every step of the scope is an element recorded as skipped, with the
 * reason; nothing runs, nothing is created, no member is touched.
 */
static int skip_raid(struct orch *x, const struct plan_scope *s, const struct run_ctx *c,
		     struct diag *d)
{
	const char *why = x->dev.raid->why;
	char *target;
	int rc = 0;

	if (!strstr(x->arc.run.target, "SKIPPED")) {
		target = xasprintf("%s; SKIPPED: %s", x->arc.run.target, why);
		free(x->arc.run.target);
		x->arc.run.target = target;
	}
	if (x->arc.run.nsteps >= x->arc.replay.nelems)
		run__say(x, "%s: SKIPPED: %s; its %zu steps do not run\n", s->name, why,
			 s->count);
	for (size_t i = s->first; i < s->first + s->count && !rc; i++) {
		struct result_step *st = run__new_element(x, i, c);

		if (run__replays(&x->arc, st->index)) {
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

/* A RAID 0 scope: the array comes up with its first live element (live_element). */
static int run_raid(struct orch *x, int si, const struct run_ctx *c, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct diag td;
	int rc;

	if (x->dev.raid->why[0])
		return skip_raid(x, s, c, d);
	rc = run_range(x, s->first, s->first + s->count, si, c, d);
	diag_clear(&td);
	if (x->dev.raid->up && run__array_down(x, &td)) {
		if (rc)
			diag_print(&td, stderr);
		else
			rc = diag_set(d, td.code, NULL, 0, 0, "%s", td.msg);
	}
	return rc;
}

static int run_element(struct orch *x, size_t i, const struct run_ctx *c, struct diag *d)
{
	struct result_step *st = run__new_element(x, i, c);

	if (run__replays(&x->arc, st->index))
		return replay_element(x, st, d);
	return run__live_element(x, i, x->arc.run.nsteps - 1, c, d);
}

/* ---- rounds ---------------------------------------------------------------- */

/* Element `name` of the round that began at element index `from`, or NULL. */
static const struct result_step *round_element(const struct result_run *run, size_t from,
					       const char *name)
{
	for (size_t e = from; e < run->nsteps; e++)
		if (!strcmp(run->steps[e].name, name))
			return &run->steps[e];
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

int run__track_round(const struct plan_scope *s, const struct result_run *run,
		     struct result_scope *rs, int r, size_t from)
{
	int all = s->ntracks > 0;

	for (size_t k = 0; k < s->ntracks; k++) {
		struct result_track *t = &rs->tracks[k];
		struct steady_window w;
		int verdict;

		result_track_set(t, r, track_value(&s->tracks[k],
						   round_element(run, from, s->tracks[k].element)),
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
	struct result_scope *rs = result_run_add_scope(&x->arc.run);

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
	for (size_t k = 0; k < s->labels.n; k++)
		result_labels_add(&rs->labels, s->labels.v[k].lang, s->labels.v[k].text);
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

const char *run__round_verdict(const struct plan_scope *s, struct result_scope *rs, int r,
			       int steady, uint64_t scope_written, double scope_s)
{
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
	uint64_t written0;    /* x->walk.written when the scope began */
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
	struct result_scope *rs = result_run_scope(&x->arc.run, s->name);
	int steady;

	/* A round's time is its fio runtime (nominal for a continuous round, the cut's
	 * jitter aside), not fio's start-up; steps without one count their wall time. */
	if (rd->continuous)
		rd->scope_s += (double)x->plan.steps[s->first].runtime_ms / 1000.0;
	else
		for (size_t e = rd->from; e < x->arc.run.nsteps; e++)
			rd->scope_s += x->arc.run.steps[e].runtime_ms ?
				       (double)x->arc.run.steps[e].runtime_ms / 1000.0 :
				       iso_diff(x->arc.run.steps[e].started, x->arc.run.steps[e].ended);
	rs->rounds = r;
	steady = run__track_round(s, &x->arc.run, rs, r, rd->from);
	rd->verdict = run__round_verdict(s, rs, r, steady, x->walk.written - rd->written0, rd->scope_s);
	if ((size_t)x->arc.run.nsteps > x->arc.replay.nelems)
		say_round(x, s, rs, r, x->walk.written - rd->written0, run__capacity(x, rd->outer));
	rd->from = x->arc.run.nsteps;
	return rd->verdict != NULL;
}

static int run_rounds(struct orch *x, int si, const struct run_ctx *outer, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct result_scope *rs;
	struct run_ctx c = *outer;
	struct rounds rd = { x, si, outer, 0, x->walk.written, 0, 0, NULL };
	const char *verdict = NULL;
	int rc = 0;

	if (!result_run_scope(&x->arc.run, s->name))
		new_scope(x, s, run__capacity(x, outer));
	c.scope = si;
	c.in_rounds = 1;
	rd.continuous = !run__discontinuous(x, si, &c);
	for (int r = 1; !verdict; r++) {
		c.round = r;
		rd.from = x->arc.run.nsteps;
		if (rd.continuous && x->arc.run.nsteps >= x->arc.replay.nelems) {
			int closed = 0;

			if (x->arc.replay.nelems && x->arc.run.nsteps == x->arc.replay.nelems)
				run__segment_resume(x, si, &c, r, &rd.written0);  /* resumed here */
			rc = run__segment(x, s->first, &c, r, x->walk.written - rd.written0,
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
		for (size_t e = rd.from; e < x->arc.run.nsteps; e++)  /* a resumed fill's new pass */
			if (x->arc.run.steps[e].new_pass)
				rd.written0 = x->arc.run.steps[e].written_before;
		close_round(&rd, r);
		verdict = rd.verdict;
	}
	rs = result_run_scope(&x->arc.run, s->name);  /* the array may have moved */
	free(rs->verdict);
	rs->verdict = xstrdup(verdict);
	if (x->arc.run.nsteps > x->arc.replay.nelems && !strcmp(verdict, "steady"))
		run__say(x, "%s: steady state reached at round %d\n", s->name, rs->steady_round);
	else if (x->arc.run.nsteps > x->arc.replay.nelems)
		run__say(x, "%s: stopped after round %d: %s\n", s->name, rs->rounds, verdict);
	{
		struct diag sd;

		diag_clear(&sd);
		if (run__save(x, &sd) && !rc) {
			x->walk.fatal = 1;
			rc = diag_set(d, sd.code, NULL, 0, 0, "%s", sd.msg);
		}
	}
	/* With failure="continue" a failed round ends this scope; the plan goes on. */
	if (rc && !run__stops(&x->plan, &x->walk) && !outer->in_rounds)
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
		if (!rc && x->arc.run.nsteps > x->arc.replay.nelems && s->off_ms) {
			run__say(x, "%s: idle %.1f s\n", s->name, (double)s->off_ms / 1000.0);
			if (x->walk.fio_end_ms) {   /* the wait from the last I/O to the next one */
				x->walk.wait_end_ms = x->walk.fio_end_ms + (int64_t)s->off_ms;
				x->walk.fio_end_ms = 0;
			} else {
				run__idle_ms(s->off_ms);
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
 * or an interruption. A software scope whose first step purges the drive has no
 * discard of its own: the purge erases the whole drive, after the same checks.
 */
static int run_op(struct orch *x, int si, const struct run_ctx *outer, struct diag *d)
{
	const struct plan_scope *s = &x->plan.scopes[si];
	struct run_ctx c = *outer;
	unsigned centi = (unsigned)lround(s->op * 10000.0);
	int hw = x->dev.hw && x->dev.hw->scope == si;
	struct result_step *st;
	struct diag td;
	int rc;

	c.usable = hw ? 0 : op_usable_bytes(x->dev.tgt.size, centi, 4096);
	if (hw)
		run__say(x, "%s: over-provisioning %u.%02u %% by %s: the drive is resized for "
			 "the steps inside\n", s->name, centi / 100, centi % 100, s->op_method);
	else
		run__say(x, "%s: over-provisioning %u.%02u %%: the steps inside use the first "
			 "%llu bytes\n", s->name, centi / 100, centi % 100,
			 (unsigned long long)c.usable);
	if (!hw && s->count && x->plan.steps[s->first].scope == si &&
	    plan_step_is(&x->plan.steps[s->first], PLAN_KIND_ERASE)) {
		run__say(x, "%s: its first step, '%s', purges the drive: no discard before "
			 "it\n", s->name, x->plan.steps[s->first].name);
		return run_range(x, s->first, s->first + s->count, si, &c, d);
	}
	/* The discard is an element of its own, so resume knows whether it ran. */
	st = result_run_add_step(&x->arc.run);
	st->index = (int)x->arc.run.nsteps;
	st->name = xasprintf("%s-discard", s->name);
	st->kind = xstrdup("purge");
	st->dir = xasprintf("steps/%03d-%s", st->index, st->name);
	st->status = xstrdup("pending");
	st->written_before = x->walk.written;
	st->capacity = c.usable ? c.usable : x->dev.tgt.size;
	if (run__replays(&x->arc, st->index)) {
		rc = replay_element(x, st, d);
	} else {
		struct purge_result pr;
		struct diag rd;

		st->started = run__iso_now();
		rc = !x->dev.tgt.is_device && !run__target_exists(x) ? 0 :
		     run__purge(x, x->dev.tgt.is_device ? PURGE_DISCARD : PURGE_PUNCH_HOLES,
				   &pr, d);
		pr.method = x->dev.tgt.is_device ? PURGE_DISCARD : PURGE_PUNCH_HOLES;
		st->ended = run__iso_now();
		free(st->status);
		st->status = xstrdup(rc ? "failed" : "ok");
		st->error = rc ? xstrdup(d->msg) : NULL;
		st->rw = rc ? NULL : xstrdup(purgemethod_name(pr.method));
		if (!rc)
			x->walk.written = 0;
		diag_clear(&rd);
		if (run__record(x, &x->arc.run.steps[x->arc.run.nsteps - 1], &rd) && !rc)
			rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
		if (rc)
			x->walk.fatal = 1;  /* the steps inside would measure the wrong thing */
	}
	if (!rc)
		rc = run_range(x, s->first, s->first + s->count, si, &c, d);
	diag_clear(&td);
	if (hw && x->dev.hw->changed && run__capacity_restore(x, &td)) {
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

/* What runs each kind of scope (plan.h's PLAN_SCOPE_KINDS), as run__kinds[] runs
 * each kind of step. */
static int (*const scope_runs[PLAN_SCOPE_KIND_COUNT])(struct orch *x, int si,
						       const struct run_ctx *c,
						       struct diag *d) = {
	[PLAN_ROUNDS] = run_rounds,
	[PLAN_DUTY_CYCLE] = run_duty,
	[PLAN_OP] = run_op,
	[PLAN_RAID] = run_raid,
};

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

			rc = scope_runs[sc->kind](x, s, c, d);
			i = sc->first + sc->count;
		}
		if (!rc)
			continue;
		if (run__stops(&x->plan, &x->walk) || c->in_rounds)
			return rc;
		/* failure="continue": recorded in the element; the next step runs. */
		diag_clear(d);
		rc = 0;
	}
	if (run__interrupted && !rc)
		rc = run__interrupted_error(x, NULL, d);
	return rc;
}

int run__walk(struct orch *x, struct diag *d)
{
	struct run_ctx c = { .scope = -1 };
	int rc = run_range(x, 0, x->plan.nsteps, -1, &c, d);
	size_t failed = 0, skipped = 0;

	for (size_t e = 0; e < x->arc.run.nsteps; e++) {
		failed += !strcmp(x->arc.run.steps[e].status, "failed");
		skipped += !strcmp(x->arc.run.steps[e].status, "skipped");
	}
	if (skipped)   /* this machine cannot run them (see the manifest) */
		run__say(x, "%zu element%s skipped\n", skipped, skipped == 1 ? "" : "s");
	if (!rc && failed)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "%zu element%s failed (failure policy "
			      "'continue': the others ran; see the manifest)", failed,
			      failed == 1 ? "" : "s");
	/* Every element skipped: the run measured nothing, which is no complete run. */
	if (!rc && skipped && skipped == x->arc.run.nsteps)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "the run measured nothing: its %zu "
			      "element%s skipped (%s)", skipped, skipped == 1 ? " was" :
			      "s were all", x->arc.run.steps[0].error ? x->arc.run.steps[0].error :
			      "no reason recorded");
	return rc;
}

/* Whether step i ran as an element (by name, any round). */
static int step_ran(const struct orch *x, size_t i)
{
	for (size_t e = 0; e < x->arc.run.nsteps; e++)
		if (!strcmp(x->arc.run.steps[e].name, x->plan.steps[i].name))
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
