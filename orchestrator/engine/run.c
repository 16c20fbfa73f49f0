/* SPDX-License-Identifier: MIT */
/*
 * run: the entry points (run, resume, rerun): the plan loaded with the command
 * line's overrides, the stop signals caught, set-up, the walk and the run closed.
 */
#include "run.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "check.h"
#include "clock.h"
#include "err.h"
#include "fiorun.h"
#include "manifest.h"
#include "plan.h"
#include "run_int.h"
#include "run_replay.h"
#include "version.h"
#include "xalloc.h"

#define RUN_NSTOP 3

static void on_signal(int sig)
{
	run__interrupted = sig;
}

/* The signals that stop a run cleanly: Ctrl-C, kill, and the terminal going away. */
static const int stop_signals[RUN_NSTOP] = { SIGINT, SIGTERM, SIGHUP };

/* old[] gets the dispositions back; a SIGHUP ignored (nohup) stays ignored. */
static void catch_signals(struct sigaction old[RUN_NSTOP])
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < RUN_NSTOP; i++) {
		sigaction(stop_signals[i], NULL, &old[i]);
		if (stop_signals[i] != SIGHUP || old[i].sa_handler != SIG_IGN)
			sigaction(stop_signals[i], &sa, NULL);
	}
}

static void restore_signals(const struct sigaction old[RUN_NSTOP])
{
	for (size_t i = 0; i < RUN_NSTOP; i++)
		sigaction(stop_signals[i], &old[i], NULL);
}

/* ------------------------------------------------------------------------- */
/* Entry points                                                              */

/*
 * A target on a bench runs its fio steps through the bench's fio server and its
 * device steps through the bench's ssdbench over ssh (run_bench.c); a file there
 * needs a path of the bench.
 */
static int check_remote(const struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];

	if (!t->host || t->kind == PLAN_TARGET_DEVICE || t->path[0] == '/')
		return 0;
	return diag_set(d, -SB_EUSAGE, x->plan.file, t->line, 0, "file target '%s' on host "
			"'%s' needs an absolute path (a path on that bench): give it with "
			"--target %s=%s:file:PATH,size=SIZE", t->path, t->host, t->name, t->host);
}

/*
 * dir/plan resolved, where a rerun's includes must stay (a path nothing resolves
 * into when the archive has no plan/). The plan copy itself journal_read() checked.
 */
static char *rerun_confine(const char *dir)
{
	char *plan = xasprintf("%s/plan", dir), *real = realpath(plan, NULL);

	free(plan);
	return real ? real : xstrdup("/nonexistent/");
}

/* 1 when one of the "NAME=..." words of v names name. */
static int names(const char *const *v, size_t n, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < n; i++)
		if (!strncmp(v[i], name, len) && v[i][len] == '=')
			return 1;
	return 0;
}

/*
 * rerun and resume take an archive from anyone: they run on the targets and contact
 * the benches named on their own command line, and on no other path than a file the
 * plan keeps inside the archive (a relative path without '..'). What the journal
 * says the run was given is only quoted, in the refusal.
 */
static int confined_guard(const struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	const char *cmd = o->rerun_of ? "rerun" : "resume";

	for (size_t i = 0; i < x->plan.ntargets; i++) {
		const struct plan_target *t = &x->plan.targets[i];
		int given = names(o->targets, o->ntargets, t->name);

		if (t->host && !names(o->hosts, o->nhosts, t->host))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s' is on host '%s': "
					"%s contacts only the hosts named on its command line "
					"(--host %s=ADDRESS)", t->name, t->host, cmd, t->host);
		if (given || (t->kind == PLAN_TARGET_FILE && !t->host &&
			      plan_target_path_kept(t->path)))
			continue;
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s' of the archive's plan "
				"is '%s': %s runs only on the targets named on its command "
				"line (--target %s=SPEC)", t->name, t->path, cmd, t->name);
	}
	return 0;
}

/* Loads the plan and applies the command line's overrides. */
static int load(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	int rc, raid = -1;

	if (o->confined_to)
		x->plan.confine = rerun_confine(o->confined_to);
	rc = plan_load(&x->plan, o->plan_path, o->sets, o->nsets, d);
	if (!rc)   /* a broken template refused now, not after the run */
		rc = check_report_template(&x->plan, d);
	/* A rerun's or resume's benches are the command line's: how to reach one (its
	 * ssh destination and port, the program run there) is not the archive's to say. */
	for (size_t i = 0; o->confined_to && !rc && i < x->plan.nhosts; i++)
		plan_host_forget_access(&x->plan.hosts[i]);
	for (size_t i = 0; i < o->nhosts && !rc; i++)
		rc = plan_apply_host(&x->plan, o->hosts[i], d);
	for (size_t i = 0; i < o->ntargets && !rc; i++)
		rc = plan_apply_target(&x->plan, o->targets[i], d);
	if (!rc && o->confined_to)
		rc = confined_guard(x, d);
	if (!rc)   /* bad traces refused, and which replays write */
		rc = run_replay_check(&x->plan, d);
	if (!rc)
		rc = run_raid_shape(&x->plan, &raid, d);
	if (!rc)
		rc = run_hwop_new(&x->plan, &x->dev.hw, d);
	if (!rc)
		rc = run_wcache_new(&x->plan, &x->dev.wc, d);
	if (!rc && x->dev.hw && o->op)
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, x->plan.scopes[x->dev.hw->scope].line, 0,
			      "--op confines the whole run to a share of the drive; <op> '%s' "
			      "resizes it: use one or the other", x->dev.hw->name);
	if (!rc && raid >= 0 && (o->purge || o->op))
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, 0, 0, "%s applies to one target: "
			      "in a plan with <raid>, put a <purge> step inside the <raid>",
			      o->purge ? "--purge" : "--op");
	return rc ? rc : check_remote(x, d);
}

/* Everything before the first element: fio, the archive, the journal, the purge. */
static int set_up(struct orch *x, struct diag *d)
{
	int resume = x->arc.replay.start.plan != NULL;
	int rc = 0;

	if (x->fio.ops->version(x->fio.version, sizeof(x->fio.version)))
		rc = diag_set(d, -SB_ENOFIO, NULL, 0, 0, "fio is not installed or not "
			      "on PATH (on Debian: apt-get install fio)");
	if (!rc)  /* refuse an old fio before anything is created */
		rc = fiorun_check_version(x->fio.version, d);
	if (!rc && x->dev.tgt.host)
		rc = run__check_bench(x, d);
	if (!rc)
		rc = run__lock_archive(x, 1, d);
	if (!rc && resume)
		rc = run__check_resume(x, d);
	if (!rc)
		rc = resume ? run__prepare_resume(x, d) : run__prepare_archive(x, d);
	if (!rc)
		rc = run__probe_engine(x, d);
	if (!rc)
		rc = run__describe_run(x, d);
	if (!rc)
		rc = resume ? journal_add_event(x->arc.out, "resume", NULL, d) : run__start_journal(x, d);
	if (!rc)
		rc = run__save(x, d);
	if (!rc && !x->arc.replay.purged) {
		rc = run__purge_target(x, d);
		if (!rc && x->dev.g.purge)
			rc = journal_add_event(x->arc.out, "purged", NULL, d);
	}
	return rc;
}

/*
 * Ends a run that has written its manifest, however it went (rc): the steps left
 * pending, the status ("failed" on any error), the journal's end, the manifest and
 * the report. On a full disk the lock's reserve makes room for the last manifest:
 * given back first when the run failed, else when the save fails.
 */
static int close_run(struct orch *x, int rc, struct diag *d)
{
	struct diag rd;

	if (rc)
		run__add_pending(x);
	x->dev.probe_after = run__probe_json(x);
	x->arc.mt.probe_after = x->dev.probe_after;
	x->arc.run.ended = run__iso_now();
	free(x->arc.run.status);
	x->arc.run.status = xstrdup(rc ? "failed" : "complete");
	if (rc && !x->arc.run.error)
		x->arc.run.error = xstrdup(d->msg);
	if (rc)
		archlock_unreserve(&x->arc.lock);
	diag_clear(&rd);
	if (!run__interrupted && !x->walk.fatal &&
	    journal_add_event(x->arc.out, "end", x->arc.run.status, &rd) && !rc)
		rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	diag_clear(&rd);
	if (run__save(x, &rd)) {
		archlock_unreserve(&x->arc.lock);
		diag_clear(&rd);
		if (run__save(x, &rd) && !rc)
			rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	}
	diag_clear(&rd);
	if (run__render(x, &rd) && !rc)
		rc = diag_set(d, rd.code, rd.file, rd.line, rd.col, "%s", rd.msg);
	else if (rd.code)
		diag_print(&rd, stderr);
	return rc;
}

/* Runs (or resumes) the loaded plan; x->arc.replay holds the finished elements on resume. */
static int execute(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	struct sigaction old[RUN_NSTOP];
	int rc = 0;

	x->arc.out = o->out_dir ? xstrdup(o->out_dir) : xasprintf("out/%s", x->plan.name);
	if (!o->dry_run && !x->arc.replay.start.plan)
		rc = run__check_out_folder(x, d);
	if (!rc && !o->dry_run)
		rc = run__lock_archive(x, 0, d);
	if (!rc)
		rc = run__guard(x, d);
	if (o->dry_run || rc)
		return rc;
	catch_signals(old);
	rc = set_up(x, d);
	if (!rc) {
		x->walk.started = clock_mono_s();
		run__say(x, "ssdbench %s: plan '%s' (%s), %zu steps, on %s with %s, %s; "
			 "archive %s/\n", SSDBENCH_VERSION, x->plan.name, x->plan.title,
			 x->plan.nsteps, x->arc.run.target, x->fio.version, x->fio.engine, x->arc.out);
		if (x->arc.replay.nelems)
			run__say(x, "resuming after element %zu (%s), the last one finished\n",
				 x->arc.replay.nelems, x->arc.replay.elems[x->arc.replay.nelems - 1].name);
		rc = run__walk(x, d);
	}
	rc = run__wcache_end(x, rc, d);
	if (x->arc.saved)   /* a manifest describes the run: it says how the run ended */
		rc = close_run(x, rc, d);
	restore_signals(old);
	return rc;
}

int run_stop_signal(void)
{
	return run__interrupted;
}

static void orch_release(struct orch *x)
{
	archlock_release(&x->arc.lock);
	run_raid_free(x->dev.raid);
	run_hwop_free(x->dev.hw);
	run_wcache_free(x->dev.wc);
	run_guard_release(&x->dev.g);
	result_run_release(&x->arc.run);
	journal_release(&x->arc.replay);
	free(x->dev.probe_before);
	free(x->dev.probe_after);
	free(x->arc.plan_copy);
	if (x->talk && x->talk != stdout)
		fclose(x->talk);
	free(x->dev.tgt.name);
	free(x->dev.tgt.path);
	free(x->dev.tgt.client);
	free(x->arc.out);
	plan_release(&x->plan);
}

static void orch_init(struct orch *x, const struct run_opts *o)
{
	memset(x, 0, sizeof(*x));
	x->o = o;
	x->fio.ops = &run__fio_real;
	x->kinds = run__kinds;
	archlock_init(&x->arc.lock);
	x->quiet = o->quiet;
	x->talk = o->quiet ? fopen("/dev/null", "w") : stdout;
	if (!x->talk)
		x->talk = stdout;
	run__interrupted = 0;
	run_guard_init(&x->dev.g);
	plan_init(&x->plan);
	result_run_init(&x->arc.run);
	journal_init(&x->arc.replay);
}

int run_plan(const struct run_opts *o, struct diag *d)
{
	struct orch x;
	int rc;

	orch_init(&x, o);
	rc = load(&x, d);
	if (!rc)
		rc = execute(&x, d);
	orch_release(&x);
	return rc;
}

int run_resume(const char *dir, const struct run_opts *extra, struct diag *d)
{
	struct orch x;
	struct run_opts o = *extra;
	char *langs = NULL, *plan = NULL;
	int rc;

	orch_init(&x, &o);
	rc = journal_read(dir, &x.arc.replay, d);
	if (rc == -SB_ENOENT) {
		diag_clear(d);
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' has no journal: not an archive "
			      "of a run (or one made before journals)", dir);
	}
	if (!rc && x.arc.replay.ended) {
		const struct journal_elem *el = x.arc.replay.elems;
		size_t n = x.arc.replay.nelems, skipped = 0;
		int complete = 1;

		for (size_t i = 0; i < n; i++) {
			complete &= !strcmp(el[i].status, "ok") || !strcmp(el[i].status, "skipped");
			skipped += !strcmp(el[i].status, "skipped");
		}
		/* as the run decided: every element skipped is a run that measured nothing */
		if (complete && n && skipped == n)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "nothing to resume: the run in "
				      "'%s' measured nothing, its %zu element%s skipped (%s): run "
				      "the plan anew where they can run", dir, n,
				      n == 1 ? " was" : "s were all",
				      el[0].error ? el[0].error : "no reason recorded");
		else if (complete && !archive_report_current(dir))
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "nothing to resume: the run in "
				      "'%s' finished, but its report was not written to the end: "
				      "run 'ssdbench report %s' to render it", dir, dir);
		else if (complete)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "nothing to resume: the run in "
				      "'%s' finished", dir);
	}
	if (!rc && !x.arc.replay.start.plan_copy)
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' holds no copy of its plan files "
			      "(an archive made before reruns): it cannot be resumed", dir);
	if (!rc) {
		const struct journal_start *s = &x.arc.replay.start;

		/* The plan is the archive's copy; targets and hosts only from the command
		 * line (confined_guard), and they must resolve to the journal's target
		 * (run__check_resume). */
		o.plan_path = plan = xasprintf("%s/%s", dir, s->plan_copy);
		o.confined_to = dir;
		o.sets = (const char *const *)s->sets;
		o.nsets = s->nsets;
		o.op = s->op;
		o.purge = s->purge;
		o.out_dir = dir;
		o.force = 0;
		o.dry_run = 0;
		x.dev.probe_before = manifest_probe_before(dir);
		o.langs = langs = manifest_langs(dir);
		rc = load(&x, d);
	}
	if (!rc)
		rc = execute(&x, d);
	orch_release(&x);
	free(langs);
	free(plan);
	return rc;
}

int run_rerun(const char *dir, const struct run_opts *extra, struct diag *d)
{
	struct journal j;
	struct run_opts o = *extra;
	char *plan = NULL, *out = NULL, *langs = NULL;
	int rc;

	journal_init(&j);
	rc = journal_read(dir, &j, d);
	if (rc == -SB_ENOENT || (!rc && !j.start.plan_copy)) {
		diag_clear(d);
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' holds no copy of its plan files "
			      "(an archive made before reruns, or not one of a run)", dir);
	}
	if (!rc) {
		/* Targets and hosts only from the command line (confined_guard). */
		plan = xasprintf("%s/%s", dir, j.start.plan_copy);
		out = extra->out_dir ? NULL : xasprintf("%s-rerun", dir);
		o.plan_path = plan;
		o.sets = (const char *const *)j.start.sets;
		o.nsets = j.start.nsets;
		o.op = j.start.op;
		o.purge = j.start.purge;
		o.out_dir = extra->out_dir ? extra->out_dir : out;
		o.rerun_of = dir;
		o.confined_to = dir;
		o.langs = extra->langs ? extra->langs : (langs = manifest_langs(dir));
		rc = run_plan(&o, d);
	}
	free(plan);
	free(out);
	free(langs);
	journal_release(&j);
	return rc;
}
