/* SPDX-License-Identifier: MIT */
/*
 * run_device: the target's device side around the elements -- a RAID scope's
 * array brought up and torn down, an <op method="hpa|namespace"> scope's drive
 * resized and given back, every interlock and the same medium again before a live
 * element, and the write cache each step asks for (run_wcache.c holds its state).
 */
#include "run_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchlock.h"
#include "device.h"
#include "err.h"
#include "xalloc.h"

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
			      "removed since the run started)", x->dev.tgt.path);
	else if (di->diskseq != x->dev.g.dev->diskseq || di->size != x->dev.g.dev->size)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' is not the device the run started "
			      "on: diskseq %llu and %llu bytes now, %llu and %llu bytes then "
			      "(detached, and the name reused?)", x->dev.tgt.path,
			      (unsigned long long)di->diskseq, (unsigned long long)di->size,
			      (unsigned long long)x->dev.g.dev->diskseq,
			      (unsigned long long)x->dev.g.dev->size);
	free(di);
	return rc;
}

/* ---- RAID ----------------------------------------------------------------------- */

/* Whether step w runs inside scope si. */
int run__in_scope(const struct orch *x, const struct plan_workload *w, int si)
{
	for (int s = w->scope; s >= 0; s = x->plan.scopes[s].parent)
		if (s == si)
			return 1;
	return 0;
}

/* The manifest's account of the RAID, saved now. */
static void save_raid(struct orch *x)
{
	x->arc.mt.raid = run_raid_json(x->dev.raid);
	run__save(x, &(struct diag){ 0 });
}

/* Creates the array; the steps then run on it, sized as it is. */
static int array_up(struct orch *x, struct diag *d)
{
	struct run_raid *r = x->dev.raid;
	int rc = run_raid_up(r, x->o, x->arc.out, x->talk, d);

	if (!rc) {
		free(x->dev.tgt.path);
		x->dev.tgt.path = xstrdup(r->array_dev);
		x->arc.mt.path = x->dev.tgt.path;   /* the manifest borrows it */
		x->dev.tgt.size = r->array_size;
		run__say(x, "%s: RAID 0 up as %s, %llu bytes\n", x->plan.scopes[r->scope].name,
			 r->array_dev, (unsigned long long)r->array_size);
	}
	save_raid(x);
	return rc;
}

/* Tears the array down; a teardown that did not finish stops the run. */
int run__array_down(struct orch *x, struct diag *d)
{
	struct run_raid *r = x->dev.raid;
	int rc = run_raid_down(r, x->arc.out, x->talk, d);

	free(x->dev.tgt.path);
	x->dev.tgt.path = xstrdup(r->array);
	x->arc.mt.path = x->dev.tgt.path;
	x->dev.tgt.size = r->size;
	if (rc)
		x->walk.fatal = 1;
	else
		run__say(x, "%s: RAID 0 torn down, '%s' lists none of its members\n",
			 x->plan.scopes[r->scope].name, r->mdstat);
	save_raid(x);
	return rc;
}

/* ---- hardware over-provisioning ------------------------------------------------- */

/* The manifest's account of the capacity change, saved now. */
static void save_capacity(struct orch *x)
{
	x->arc.mt.capacity = run_hwop_json(x->dev.hw);
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

	free(x->dev.tgt.path);
	x->dev.tgt.path = xstrdup(node);
	x->arc.mt.path = x->dev.tgt.path;   /* the manifest borrows it */
	x->dev.tgt.size = size;
	diag_clear(&pd);
	if (x->dev.g.dev && !device_probe(node, x->dev.g.dev, &pd) && x->dev.g.checks)
		x->dev.g.checks->diskseq = x->dev.g.dev->diskseq;
}

/* Resizes the drive before the scope's first live step; the steps then run on it. */
static int capacity_change(struct orch *x, struct diag *d)
{
	struct run_hwop *h = x->dev.hw;
	int rc = run_hwop_change(h, x->o, x->dev.tgt.path, x->arc.out, x->talk, d);

	if (!rc)
		adopt_target(x, h->node, h->new_size);
	save_capacity(x);
	return rc;
}

/* Gives the capacity back; a restore that did not finish stops the run. */
int run__capacity_restore(struct orch *x, struct diag *d)
{
	struct run_hwop *h = x->dev.hw;
	int rc = run_hwop_restore(h, x->arc.out, x->talk, d);

	if (rc)
		x->walk.fatal = 1;
	else
		adopt_target(x, h->rec.device, h->back_size);
	save_capacity(x);
	return rc;
}

int run__preflight(struct orch *x, const struct plan_workload *w, struct diag *d)
{
	int rc = 0;

	if (x->dev.raid && !x->dev.raid->up && run__in_scope(x, w, x->dev.raid->scope))
		rc = x->walk.fatal = array_up(x, d);
	if (!rc && x->dev.hw && !x->dev.hw->changed && run__in_scope(x, w, x->dev.hw->scope))
		rc = x->walk.fatal = capacity_change(x, d);
	if (!rc && x->dev.raid && x->dev.raid->up && plan_step_writes(w) &&
	    ((x->dev.g.bench_lock && benchlock_alive(x->dev.g.bench_lock, d)) ||
	     run_raid_recheck(x->dev.raid, x->talk, d)))
		rc = x->walk.fatal = d->code;
	if (!rc && x->dev.g.checks && plan_step_writes(w) && run__recheck(x, d))
		rc = x->walk.fatal = d->code;
	if (!rc && x->dev.tgt.is_device && x->dev.g.dev && (x->kinds[w->kind].flags & RUN_KIND_FIO))
		rc = x->walk.fatal = same_medium(x, d);
	return rc;
}

/* ---- the engine's side (run_int.h) ------------------------------------------ */

/*
 * The drive's node as the run now knows it: an <op method="namespace"> may have
 * moved it to the NSID its create returned (the identity check still applies).
 */
static void follow_target(struct orch *x)
{
	if (x->dev.wc->method != WCACHE_NONE && x->dev.tgt.is_device && !x->dev.raid && !x->dev.tgt.host &&
	    strlen(x->dev.tgt.path) < sizeof(x->dev.wc->node))
		memcpy(x->dev.wc->node, x->dev.tgt.path, strlen(x->dev.tgt.path) + 1);
}

/* The manifest's account, saved now. */
static void save(struct orch *x)
{
	x->arc.mt.write_cache = run_wcache_json(x->dev.wc);
	run__save(x, &(struct diag){ 0 });
}

int run__wcache_guard(struct orch *x, struct diag *d)
{
	int rc;

	if (!x->dev.wc)
		return 0;
	rc = run_wcache_guard(x->dev.wc, x->dev.raid ? NULL : x->dev.g.dev, x->dev.tgt.host ?
			      x->dev.tgt.host->name : NULL, x->dev.tgt.is_device, d);
	x->arc.mt.write_cache = run_wcache_json(x->dev.wc);
	return rc;
}

int run__wcache_step(struct orch *x, size_t i, struct diag *d)
{
	size_t sent;
	int rc;

	if (!x->dev.wc || x->arc.run.nsteps < x->arc.replay.nelems)   /* a finished element: replayed */
		return 0;
	sent = x->dev.wc->log.n;
	follow_target(x);
	rc = run_wcache_apply(x->dev.wc, run_wcache_want(&x->plan, &x->plan.steps[i]), x->arc.out,
			      x->talk, d);
	if (rc)
		x->walk.fatal = 1;
	if (x->dev.wc->log.n != sent)
		save(x);
	return rc;
}

int run__wcache_end(struct orch *x, int rc, struct diag *d)
{
	struct diag rd;

	if (!x->dev.wc || !x->dev.wc->changed)
		return rc;
	diag_clear(&rd);
	follow_target(x);
	if (run_wcache_restore(x->dev.wc, x->arc.out, x->talk, &rd)) {
		if (rc)
			diag_print(&rd, stderr);
		else
			rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	}
	if (x->arc.saved)
		save(x);
	return rc;
}

int run__wcache_recover(struct orch *x, struct diag *d)
{
	int rc = run_wcache_recover(x->dev.wc, x->arc.replay.wcache_open, x->arc.out, x->talk, d);

	if (!rc) {
		free(x->arc.replay.wcache_open);
		x->arc.replay.wcache_open = NULL;
	}
	x->arc.mt.write_cache = run_wcache_json(x->dev.wc);
	return rc;
}

void run__wcache_dry_run(const struct orch *x, size_t i, int *prev, FILE *out)
{
	const struct plan_workload *w = i < x->plan.nsteps ? &x->plan.steps[i] : NULL;
	int want = w ? run_wcache_want(&x->plan, w) : -1;
	char where[192];

	if (!x->dev.wc || !x->dev.wc->any)
		return;
	if (!w) {   /* after the last step */
		if (*prev >= 0 && x->dev.wc->method != WCACHE_NONE)
			fprintf(out, "write cache at the end: set back to the state read before (%s now)\n",
			       wcache_state_name(x->dev.wc->before));
		return;
	}
	if (want < 0 && *prev >= 0 && x->dev.wc->method != WCACHE_NONE)
		fprintf(out, "write cache before step %zu '%s': set back to the state read "
			"before (%s now)\n", i + 1, w->name, wcache_state_name(x->dev.wc->before));
	snprintf(where, sizeof(where), "before step %zu '%s'", i + 1, w->name);
	run_wcache_describe(x->dev.wc, want, *prev, where, out);
	if (want >= 0 || *prev >= 0)
		*prev = want;
}
