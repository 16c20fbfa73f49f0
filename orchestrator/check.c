/* SPDX-License-Identifier: MIT */
/* check: the resolved plan, printed without running or touching anything. */
#include "check.h"

#include <stdio.h>

#include "plan.h"
#include "units.h"

int check_plan(const struct check_opts *o, struct diag *d)
{
	struct plan pl;
	int rc;

	plan_init(&pl);
	rc = plan_load(&pl, o->plan_path, o->sets, o->nsets, d);
	for (size_t i = 0; i < o->ntargets && !rc; i++)
		rc = plan_apply_target(&pl, o->targets[i], d);
	if (!rc) {
		const struct plan_target *t = &pl.targets[0];
		char size[32] = "its own size";

		if (t->size)
			units_format_size(t->size, size, sizeof(size));
		printf("%s: ok: plan '%s' (%s), %zu steps, %llu s of measurement on %s "
		       "target '%s' %s (%s)\n", o->plan_path, pl.name, pl.title,
		       pl.nsteps, (unsigned long long)(plan_runtime_ms(&pl) / 1000),
		       t->kind == PLAN_TARGET_DEVICE ? "device" : "file", t->name, t->path,
		       size);
		for (size_t i = 0; i < pl.nsteps; i++) {
			const struct plan_workload *w = &pl.steps[i];
			char bs[32];

			units_format_size(w->bs, bs, sizeof(bs));
			printf("  %3zu  %-24s %-9s %8s  QD%-4lld x%-3lld %5llu s%s\n", i + 1,
			       w->name, w->rw, bs, w->iodepth, w->numjobs,
			       (unsigned long long)(w->runtime_ms / 1000),
			       plan_step_writes(w) ? "  writes" : "");
		}
	}
	plan_release(&pl);
	return rc;
}
