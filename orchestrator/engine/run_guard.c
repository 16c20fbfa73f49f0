/* SPDX-License-Identifier: MIT */
/* run_guard: a run's device-layer part: --op and --purge, interlocks, the lock, re-checks. */
#include "run_guard.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "hwop.h"
#include "op.h"
#include "remote.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

void run_guard_init(struct run_guard *g)
{
	memset(g, 0, sizeof(*g));
	g->lock_fd = -1;
}

void run_guard_release(struct run_guard *g)
{
	struct diag d;

	diag_clear(&d);
	if (benchlock_close(g->bench_lock, remote_timeout_s(), &d))
		diag_print(&d, stderr);
	if (g->lock_fd >= 0)
		close(g->lock_fd);
	free(g->checks);
	free(g->dev);
	run_guard_init(g);
}

/*
 * Every method the plan's <purge> steps name, decided on the target as the steps
 * will decide it (purge_choose), so the dry run and the start of a run refuse what
 * a step would refuse hours later. A file the run has yet to create is skipped then
 * (nothing to erase), so only its kind of target counts.
 */
static int check_step_methods(const struct run_guard *g, struct diag *d)
{
	for (int m = 0; m < PURGE_NMETHODS; m++) {
		enum purge_method got;
		const char *why;

		if (!(g->step_methods & (1UL << m)))
			continue;
		why = purgemethod_unfit((enum purge_method)m, g->dev->is_block);
		if (why)
			return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot purge '%s' with "
					"'%s': %s", g->dev->path, purgemethod_name(m), why);
		if ((g->dev->is_block || g->dev->exists) &&
		    purge_choose(g->dev, (enum purge_method)m, &got, d))
			return d->code;
	}
	return 0;
}

/* Reads --op and --purge, and whether anything will write to the target. */
static int read_options(struct run_guard *g, const struct run_opts *o,
			const struct plan *p, int is_device, struct diag *d)
{
	const char *why = NULL;

	g->writes = o->purge || o->op;
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];
		enum purge_method m;

		g->writes |= plan_step_writes(w);
		/* A <raid>'s steps run on its array, not on the run's target. */
		if (w->kind == STEP_PURGE && !plan_in_scope(p, w, PLAN_RAID) &&
		    !purgemethod_parse(w->method, &m))
			g->step_methods |= 1UL << m;
	}
	if (o->op && op_parse(o->op, &g->op_centi, &why))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "invalid --op '%s': %s", o->op,
				why);
	if (o->purge && purgemethod_parse(o->purge, &g->method)) {
		struct sbuf sb;

		sbuf_init(&sb);
		purgemethod_list(&sb);
		diag_set(d, -SB_EUSAGE, NULL, 0, 0, "unknown purge method '%s' (one of: %s)",
			 o->purge, sb.buf);
		sbuf_release(&sb);
		return d->code;
	}
	/* Software OP starts from a clean slate: the whole target discarded. */
	g->purge = o->purge || o->op;
	if (o->op && !o->purge)
		g->method = is_device ? PURGE_DISCARD : PURGE_PUNCH_HOLES;
	return 0;
}

/* With --op, confines every step to the LBA prefix; refuses steps that reach past it. */
static int confine_op(struct run_guard *g, const struct run_opts *o,
		      const struct plan *p, uint64_t size, struct diag *d)
{
	if (!o->op)
		return 0;
	g->usable = op_usable_bytes(size, g->op_centi, 4096);
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];

		if (w->size > g->usable || plan_amount_bytes(&w->offset_amt, size))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "step '%s' sets its own "
					"offset or a size beyond the %llu bytes --op %s leaves",
					w->name, (unsigned long long)g->usable, o->op);
	}
	return 0;
}

int run_guard_check(struct run_guard *g, const struct run_opts *o, const char *path,
		    int is_device, FILE *out, struct diag *d)
{
	int rc = 0;

	if (!g->dev) {
		g->dev = xcalloc(1, sizeof(*g->dev));
		rc = device_probe(path, g->dev, d);
	}
	if (rc || !g->writes)
		return rc;
	if (!is_device) {
		if (g->purge && !g->dev->exists)
			g->purge = 0;   /* a file fio has yet to create is already clean */
		rc = check_step_methods(g, d);
		return rc ? rc : g->purge ? purge_choose(g->dev, g->method, &g->method, d) : 0;
	}
	g->checks = xcalloc(1, sizeof(*g->checks));
	rc = interlock_check(path, o->destroy, o->ndestroy, g->checks, d);
	fprintf(out, "checks for '%s':\n", path);
	interlock_print(g->checks, out);
	if (rc != -SB_EUNSAFE && rc)
		return rc;
	if (g->purge || g->step_methods) {
		struct diag pd;

		diag_clear(&pd);
		if (((g->purge && purge_choose(g->dev, g->method, &g->method, &pd)) ||
		     check_step_methods(g, &pd)) && !rc)
			rc = diag_set(d, pd.code, NULL, 0, 0, "%s", pd.msg);
	}
	if (!rc && !o->dry_run)
		rc = interlock_lock(path, &g->lock_fd, d);
	return rc;
}


int run_guard_options(struct run_guard *g, const struct run_opts *o, const struct plan *p,
		      int is_device, uint64_t size, struct diag *d)
{
	int rc = read_options(g, o, p, is_device, d);

	return rc ? rc : confine_op(g, o, p, size, d);
}

int run_guard_recheck(const struct run_guard *g, const struct run_opts *o, const char *path,
		      FILE *out, struct diag *d)
{
	struct interlock_report *r = xcalloc(1, sizeof(*r));
	int rc = interlock_check(path, o->destroy, o->ndestroy, r, d);

	if (!rc && r->diskseq != g->checks->diskseq)
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to write to '%s': it holds "
			      "another medium now (diskseq %llu, was %llu)", path,
			      (unsigned long long)r->diskseq,
			      (unsigned long long)g->checks->diskseq);
	if (rc)
		interlock_print(r, out);
	free(r);
	return rc;
}

static enum hwop_method hwop_method_of(const struct plan_scope *s)
{
	return !strcmp(s->op_method, "hpa") ? HWOP_HPA : HWOP_NAMESPACE;
}

int run_guard_hwop(const struct run_guard *g, const struct run_opts *o, const struct plan *p,
		   int is_device, struct diag *d)
{
	for (size_t i = 0; i < p->nscopes; i++) {
		const struct plan_scope *s = &p->scopes[i];

		if (s->kind != PLAN_OP || !strcmp(s->op_method, "software"))
			continue;
		if (!o->allow_capacity_change)
			return diag_set(d, -SB_EUSAGE, p->file, s->line, 0, "<op> '%s' with "
					"method=\"%s\" resizes the drive: it needs "
					"--allow-capacity-change (and --destroy)", s->name,
					s->op_method);
		if (!is_device || !g->dev)
			return diag_set(d, -SB_EUSAGE, p->file, s->line, 0, "<op> '%s' with "
					"method=\"%s\" resizes a drive; the target is a file",
					s->name, s->op_method);
		if (hwop_supported(g->dev, hwop_method_of(s), d))
			return diag_set(d, d->code, p->file, s->line, 0, "<op> '%s': %s", s->name,
					d->msg);
	}
	return 0;
}

void run_guard_describe_hwop(const struct run_guard *g, const struct plan_scope *s,
			     FILE *out)
{
	unsigned centi = (unsigned)(s->op * 10000.0 + 0.5);
	struct sbuf sb;

	struct diag d;

	diag_clear(&d);
	if (!g->dev || hwop_supported(g->dev, hwop_method_of(s), &d)) {
		fprintf(out, "<op> '%s' method %s: not on this target%s%s\n", s->name,
			s->op_method, d.msg[0] ? ": " : "", d.msg);
		return;
	}
	sbuf_init(&sb);
	fprintf(out, "<op> '%s' method %s, over-provisioning %u.%02u %%: the drive is resized "
		"before the scope's first step and given back after its last, after a failure "
		"and at resume:\n", s->name, s->op_method, centi / 100, centi % 100);
	hwop_describe(g->dev, hwop_method_of(s), centi, &sb);
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

void run_guard_describe(const struct run_guard *g, uint64_t size, int refused, FILE *out)
{
	if (g->purge && g->dev) {
		struct sbuf sb;

		sbuf_init(&sb);
		purge_describe(g->dev, g->method, &sb);
		fputs(sb.buf, out);
		sbuf_release(&sb);
	}
	if (g->usable)
		fprintf(out, "over-provisioning %u.%02u %%: steps use bytes 0 .. %llu of %llu "
			"(%.3f %%)\n", g->op_centi / 100, g->op_centi % 100,
			(unsigned long long)g->usable, (unsigned long long)size,
			100.0 * (double)g->usable / (double)size);
	if (g->checks)
		fprintf(out, "%s %s\n", refused ? "would refuse to destroy" : "would destroy",
			g->checks->what);
}
