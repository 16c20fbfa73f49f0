/* SPDX-License-Identifier: MIT */
/*
 * run_bench: the target's device layer for the engine, in one seam: here (device.c,
 * interlock.c, purge.c), or on the target's bench through its own ssdbench over
 * ssh (sshcmd.c), where every interlock runs against the bench's devices.
 */
#include "run_int.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "benchlock.h"
#include "err.h"
#include "sshcmd.h"
#include "version.h"
#include "xalloc.h"

const char *run__bench_needs(const struct orch *x)
{
	const struct plan_target *t = &x->plan.targets[0];

	if (!t->host)
		return NULL;
	if (t->kind == PLAN_TARGET_DEVICE)
		return "a device target";
	if (x->o->purge || x->o->op)
		return x->o->purge ? "--purge" : "--op";
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		const struct plan_workload *w = &x->plan.steps[i];

		if ((x->kinds[w->kind].flags & RUN_KIND_DEVICE) || w->telemetry_ms)
			return w->telemetry_ms ? "telemetry" : plan_kind_name(w->kind);
	}
	for (size_t i = 0; i < x->plan.nscopes; i++)
		if (x->plan.scopes[i].kind == PLAN_OP)
			return "an <op> scope";
	return NULL;
}

int run__bench_check(const struct orch *x, struct diag *d)
{
	char version[64];
	int rc = sshcmd_version(x->dev.tgt.host, remote_timeout_s(), version, sizeof(version), d);

	if (!rc && strcmp(version, SSDBENCH_VERSION))
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "host '%s' runs ssdbench %s but this "
			      "machine runs %s: the device steps there need the same version",
			      x->dev.tgt.host->name, version, SSDBENCH_VERSION);
	if (rc) {
		struct diag why = *d;

		diag_clear(d);
		diag_set(d, why.code, NULL, 0, 0, "%s (%s on host '%s' runs over ssh)",
			 why.msg, run__bench_needs(x), x->dev.tgt.host->name);
	}
	return rc;
}

int run__probe(const struct orch *x, struct device_info *di, char **json, struct diag *d)
{
	size_t n = 0;
	FILE *f;
	int rc;

	if (x->dev.tgt.host)
		return sshcmd_probe(x->dev.tgt.host, x->dev.tgt.path, remote_timeout_s(), di, json, d);
	rc = device_probe(x->dev.tgt.path, di, d);
	if (rc || !json)
		return rc;
	*json = NULL;
	f = open_memstream(json, &n);
	if (!f)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "out of memory");
	device_print(di, 1, f);
	fclose(f);
	return 0;
}

int run__target_exists(const struct orch *x)
{
	struct device_info *di;
	struct diag d;
	int exists;

	if (!x->dev.tgt.host)
		return !access(x->dev.tgt.path, F_OK);
	di = xcalloc(1, sizeof(*di));
	diag_clear(&d);
	exists = run__probe(x, di, NULL, &d) || di->exists;  /* unknown: let the purge say */
	free(di);
	return exists;
}

int run__file_is_ours(const struct orch *x)
{
	return !x->dev.tgt.is_device &&
	       (x->dev.tgt.created || (x->o->own_file && !strcmp(x->o->own_file, x->dev.tgt.path)));
}

int run__purge(const struct orch *x, enum purge_method m, struct purge_result *pr,
	       struct diag *d)
{
	const char *own[] = { x->dev.tgt.path };
	int ours = run__file_is_ours(x);
	const char *const *ids = ours ? own : x->o->destroy;
	size_t n = ours ? 1 : x->o->ndestroy;

	if (x->dev.raid && x->dev.raid->up && x->dev.raid->host)   /* no token: the lock holds the members */
		return sshcmd_purge(x->dev.raid->host, x->dev.raid->array_dev, m, x->dev.raid->array_ids,
				    x->dev.raid->narray_ids, NULL, x->talk, pr, d);
	if (x->dev.raid && x->dev.raid->up)   /* the array: confirmed as run_raid_up decided */
		return purge_guarded(x->dev.tgt.path, m, x->dev.raid->array_ids, x->dev.raid->narray_ids,
				     NULL, 0, x->talk, pr, d);
	if (x->dev.tgt.host)
		return sshcmd_purge(x->dev.tgt.host, x->dev.tgt.path, m, ids, n, run__bench_token(x),
				    x->talk, pr, d);
	return purge_guarded(x->dev.tgt.path, m, ids, n, NULL, 0, x->talk, pr, d);
}

const char *run__bench_token(const struct orch *x)
{
	return x->dev.g.bench_lock ? benchlock_token(x->dev.g.bench_lock) : NULL;
}

/* Who holds a bench's device for this run, as the bench tells anyone refused. */
static char *lock_holder(const struct orch *x)
{
	char host[256] = "";
	char *out = plan_absolute_path(x->arc.out), *s;

	gethostname(host, sizeof(host) - 1);
	s = xasprintf("%s:%s", host[0] ? host : "controller", out);
	free(out);
	return s;
}

int run__bench_guard(struct orch *x, struct diag *d)
{
	struct run_guard *g = &x->dev.g;
	char *holder;
	int rc;

	if (!g->writes || !x->dev.tgt.is_device) {
		if (g->purge && !x->dev.tgt.is_device && x->dev.tgt.created)
			g->purge = 0;   /* a file fio has yet to create is already clean */
		return 0;
	}
	g->checks = xcalloc(1, sizeof(*g->checks));
	rc = sshcmd_interlock(x->dev.tgt.host, x->dev.tgt.path, x->o->destroy, x->o->ndestroy, NULL,
			      remote_timeout_s(), g->checks, d);
	if (g->checks->nrows) {
		fprintf(x->talk, "checks for '%s' on host '%s':\n", x->dev.tgt.path,
			x->dev.tgt.host->name);
		interlock_print(g->checks, x->talk);
	}
	if (rc)
		return rc;
	/* Held until the run ends: the bench refuses everyone but this run's commands. */
	holder = lock_holder(x);
	g->bench_lock = benchlock_open(x->dev.tgt.host, (const char *const *)&x->dev.tgt.path, 1,
				       x->o->destroy, x->o->ndestroy, holder, remote_timeout_s(),
				       d);
	free(holder);
	if (!g->bench_lock)
		return d->code;
	fprintf(x->talk, "locked '%s' on host '%s' for the run\n", x->dev.tgt.path,
		x->dev.tgt.host->name);
	return 0;
}

int run__bench_lock_raid(struct orch *x, struct diag *d)
{
	const char *paths[RAID_MAX_MEMBERS];
	char *holder = lock_holder(x);

	for (size_t i = 0; i < x->dev.raid->n; i++)
		paths[i] = x->dev.raid->m[i].path;
	x->dev.g.bench_lock = benchlock_open(x->dev.tgt.host, paths, x->dev.raid->n, x->o->destroy,
					 x->o->ndestroy, holder, remote_timeout_s(), d);
	free(holder);
	if (!x->dev.g.bench_lock)
		return d->code;
	x->dev.raid->token = benchlock_token(x->dev.g.bench_lock);
	fprintf(x->talk, "locked the %zu RAID members on host '%s' for the run\n", x->dev.raid->n,
		x->dev.tgt.host->name);
	return 0;
}

int run__recheck(const struct orch *x, struct diag *d)
{
	struct interlock_report *r;
	int rc;

	if (!x->dev.tgt.host)
		return run_guard_recheck(&x->dev.g, x->o, x->dev.tgt.path, x->talk, d);
	if (x->dev.g.bench_lock && benchlock_alive(x->dev.g.bench_lock, d))
		return d->code;
	r = xcalloc(1, sizeof(*r));
	rc = sshcmd_interlock(x->dev.tgt.host, x->dev.tgt.path, x->o->destroy, x->o->ndestroy,
			      run__bench_token(x), remote_timeout_s(), r, d);
	if (!rc && r->diskseq != x->dev.g.checks->diskseq)
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to write to '%s' on host "
			      "'%s': it holds another medium now (diskseq %llu, was %llu)",
			      x->dev.tgt.path, x->dev.tgt.host->name, (unsigned long long)r->diskseq,
			      (unsigned long long)x->dev.g.checks->diskseq);
	if (rc && r->nrows)
		interlock_print(r, x->talk);
	free(r);
	return rc;
}

/* Prints one command the run would run on the bench, as its argv on one line. */
static void say_command(const struct orch *x, const char *when, const char *const *args,
			size_t n, FILE *out)
{
	char **argv = sshcmd_argv(x->dev.tgt.host, remote_timeout_s(), args, n);
	char *line = sshcmd_line(argv);

	fprintf(out, "  %s: %s\n", when, line);
	free(line);
	sshcmd_argv_free(argv);
}

/* The same for a device command with --destroy IDs: "interlock", "purge", "lock". */
static void say_destroy(const struct orch *x, const char *when, const char *cmd,
			const char *opt, const char *val, const char *token, FILE *out)
{
	const char *own[] = { x->dev.tgt.path };
	int ours = !x->dev.tgt.is_device && !x->o->ndestroy && strcmp(cmd, "interlock");
	struct sshcmd_dev c = { cmd, x->dev.tgt.path, opt, val, ours ? own : x->o->destroy,
				ours ? 1 : x->o->ndestroy, token };
	size_t n;
	const char **a = sshcmd_dev_args(&c, &n);   /* a file the run creates is its own */

	say_command(x, when, a, n, out);
	free(a);
}

/* The same for a device command on another path than the target's (a member, the array). */
static void say_dev(const struct orch *x, const char *when, const struct sshcmd_dev *c,
		    FILE *out)
{
	size_t n;
	const char **a = sshcmd_dev_args(c, &n);

	say_command(x, when, a, n, out);
	free(a);
}

/* A RAID on the bench: the members' probes, interlocks and lock; the array's checks. */
static void describe_raid(const struct orch *x, FILE *out)
{
	const struct run_raid *r = x->dev.raid;
	const char *version[] = { "--version" };
	const char *paths[RAID_MAX_MEMBERS], *array = "ARRAY";
	char *holder = lock_holder(x);
	size_t n;
	const char **a;

	fprintf(out, "on host '%s' over ssh (for a RAID of its devices), nothing of it run by "
		"the dry run; ARRAY is the node its 'raid up' names:\n", x->dev.tgt.host->name);
	say_command(x, "version check", version, 1, out);
	for (size_t i = 0; i < r->n; i++) {
		const char *probe[] = { "probe", r->m[i].path, "--json", "--allow-missing" };
		struct sshcmd_dev c = { "interlock", r->m[i].path, NULL, NULL, x->o->destroy,
					x->o->ndestroy, NULL };
		char *when = xasprintf("member '%s' probe", r->m[i].name);

		say_command(x, when, probe, 4, out);
		free(when);
		when = xasprintf("member '%s' interlocks (start; again with --lock-token TOKEN "
				 "before the set-up)", r->m[i].name);
		say_dev(x, when, &c, out);
		free(when);
		paths[i] = r->m[i].path;
	}
	a = benchlock_args(paths, r->n, x->o->destroy, x->o->ndestroy, holder, &n);
	say_command(x, "lock (every member, held until the run ends; TOKEN is what it prints)",
		    a, n, out);
	free(a);
	say_dev(x, "the array's interlocks (before each writing step; --destroy: its own "
		"identity when it is the md array of exactly the members)",
		&(struct sshcmd_dev){ "interlock", array, NULL, NULL, x->o->destroy,
				      x->o->ndestroy, NULL }, out);
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		const struct plan_workload *w = &x->plan.steps[i];
		char *when = xasprintf("step %zu '%s'", i + 1, w->name);

		if (x->kinds[w->kind].flags & RUN_KIND_PURGES)
			say_dev(x, when, &(struct sshcmd_dev){ "purge", array, "--method",
							      w->method, x->o->destroy,
							      x->o->ndestroy, NULL }, out);
		free(when);
	}
	free(holder);
}

void run__bench_describe(const struct orch *x, FILE *out)
{
	const char *version[] = { "--version" };
	const char *probe[] = { "probe", x->dev.tgt.path, "--json", "--allow-missing" };
	const char *why = run__bench_needs(x);
	const char *token = x->dev.tgt.is_device && x->dev.g.writes ? "TOKEN" : NULL;

	if (x->dev.raid) {
		describe_raid(x, out);
		return;
	}
	if (!why) {
		fprintf(out, "on host '%s': nothing over ssh (fio's server runs every step)\n",
			x->dev.tgt.host->name);
		return;
	}
	fprintf(out, "on host '%s' over ssh (for %s), nothing of it run by the dry run:\n",
		x->dev.tgt.host->name, why);
	say_command(x, "version check", version, 1, out);
	say_command(x, "probe (start, end, probe steps)", probe, 4, out);
	if (x->dev.tgt.is_device && x->dev.g.writes) {
		char *holder = lock_holder(x);

		say_destroy(x, "interlocks (start)", "interlock", NULL, NULL, NULL, out);
		say_destroy(x, "lock (held until the run ends; TOKEN is what it prints)", "lock",
			    "--holder", holder, NULL, out);
		say_destroy(x, "interlocks (before each writing step)", "interlock", NULL, NULL,
			    token, out);
		free(holder);
	}
	if (x->dev.g.purge)
		say_destroy(x, "purge (--purge/--op)", "purge", "--method",
			    purgemethod_name(x->dev.g.method), token, out);
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		const struct plan_workload *w = &x->plan.steps[i];
		char *when = xasprintf("step %zu '%s'", i + 1, w->name);

		if (x->kinds[w->kind].flags & RUN_KIND_PURGES)
			say_destroy(x, when, "purge", "--method", w->method, token, out);
		else if (w->telemetry_ms)
			fprintf(out, "  %s: telemetry: the probe above every %.1f s while fio "
				"runs\n", when, (double)w->telemetry_ms / 1000.0);
		free(when);
	}
	for (size_t i = 0; i < x->plan.nscopes; i++) {
		char *when = xasprintf("<op> '%s' discard", x->plan.scopes[i].name);

		if (x->plan.scopes[i].kind == PLAN_OP)
			say_destroy(x, when, "purge", "--method", x->dev.tgt.is_device ?
				    "discard" : "punch-holes", token, out);
		free(when);
	}
}
