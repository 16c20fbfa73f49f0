/* SPDX-License-Identifier: MIT */
/* passes: a plan run pass after pass into a pass set, with its statistics. */
#include "passes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive.h"
#include "err.h"
#include "journal.h"
#include "lineup.h"
#include "lineup_draw.h"
#include "passset.h"
#include "plan.h"
#include "report_out.h"
#include "run.h"
#include "safefile.h"
#include "xalloc.h"

int passes_parse(const char *passes, const char *noise, struct passes_opts *po,
		 struct diag *d)
{
	memset(po, 0, sizeof(*po));
	po->noise_pct = 2;
	if (plan_passes_parse(passes, &po->n, &po->autostop))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--passes '%s': want N (1 to %d), "
				"auto or auto:MAX (2 to %d)", passes, PLAN_PASSES_MAX,
				PLAN_PASSES_MAX);
	if (noise && plan_noise_parse(noise, &po->noise_pct))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--noise '%s': want a percentage "
				"above 0 and below 100 (\"2%%\")", noise);
	if (noise && !po->autostop)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--noise is the target of --passes "
				"auto: give --passes auto[:MAX] with it");
	return 0;
}

int passes_of_plan(const struct run_opts *o, struct passes_opts *po)
{
	struct plan p;
	struct diag d;
	int want;

	if (o->rerun_of || o->dry_run)
		return 0;
	memset(&p, 0, sizeof(p));
	diag_clear(&d);
	want = !plan_load(&p, o->plan_path, o->sets, o->nsets, &d) && p.passes &&
	       !passes_parse(p.passes, p.noise, po, &d);
	plan_release(&p);
	return want;
}

/* The set's folder: o->out_dir or out/<plan name> (the plan loaded for its name). */
static int set_dir(const struct run_opts *o, char **dir, char **plan_name, int *purges,
		   struct diag *d)
{
	struct plan p;
	int rc;

	memset(&p, 0, sizeof(p));
	rc = plan_load(&p, o->plan_path, o->sets, o->nsets, d);
	if (!rc) {
		*plan_name = xstrdup(p.name);
		*dir = o->out_dir ? xstrdup(o->out_dir) : xasprintf("out/%s", p.name);
		*purges = o->purge != NULL;
		for (size_t i = 0; i < p.nsteps; i++)
			*purges |= plan_step_is(&p.steps[i], PLAN_KIND_ERASE);
	}
	plan_release(&p);
	return rc;
}

/* The set's passes as a one-column lineup, the column ls (ps's passes.json, borrowed);
 * runs[] loaded (release them after). */
static int set_lineup(const char *dir, const struct passset *ps, struct result_run *runs,
		      struct lineup *l, struct lineup_set *ls, struct diag *d)
{
	/* An array of pointers: sizeof(*p) is the pointer size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	const struct result_run **rp = xcalloc(ps->npasses + 1, sizeof(*rp));
	char **dirs = xcalloc(ps->npasses + 1, sizeof(*dirs));
	size_t *pool = xcalloc(ps->npasses + 1, sizeof(*pool));
	const char **labels = xcalloc(ps->npasses + 1, sizeof(*labels));
	const char *name = strrchr(dir, '/');
	const struct lineup_set *sets[1] = { ls };
	struct lineup_opts lo = { .labels = labels, .pool = pool, .one_column = 1,
				  .all_tests = 1, .sets = sets };
	int rc = 0;

	*ls = (struct lineup_set){ dir, ps->requested, ps->between, ps->noise_pct,
				   ps->noise_met, ps->worst, ps->stopped };

	for (size_t i = 0; i < ps->npasses; i++) {
		dirs[i] = xasprintf("%s/%s", dir, ps->passes[i]);
		result_run_init(&runs[i]);
		if (!rc)
			rc = archive_load(dirs[i], &runs[i], d);
		rp[i] = &runs[i];
	}
	/* the column is the set: the drive's name, else the set folder's */
	if (!rc && !(runs[0].drive_model && *runs[0].drive_model))
		labels[0] = name && name[1] ? name + 1 : dir;
	if (!rc)
		rc = lineup_build(l, rp, (const char *const *)dirs, ps->npasses, &lo, d);
	for (size_t i = 0; i < ps->npasses; i++)
		free(dirs[i]);
	free(dirs);
	free(rp);
	free(pool);
	free(labels);
	return rc;
}

/*
 * What --passes auto waits on: the rates (IOPS, MB/s, a replay's score) and the mean
 * latency. A short run's tail percentiles converge far more slowly (a p99.9 of a
 * one-second run rests on ten I/Os at 10,000 IOPS): they get their intervals in
 * stats.csv and the lineup, but do not keep the passes going (docs/passes.md).
 */
static int auto_metric(int m)
{
	return m == LM_IOPS || m == LM_MBPS || m == LM_CLAT_MEAN || m == LM_REPLAY_MBPS;
}

/* A test's name as the summary prints it: "rnd4k-q32", or "rnd4k [qd=32]" for a
 * sweep's cell; the caller frees it. */
static char *test_label(const struct lineup_test *t)
{
	return t->cell ? xasprintf("%s [%s]", t->name, t->cell) : xstrdup(t->name);
}

/* The widest 95 % interval auto waits on of l's one column, in % of its mean, into
 * *worst ("rnd4k-q32 iops ±3.1 %"); -1 when there is none yet (one pass). */
static double widest(const struct lineup *l, char **worst)
{
	double w = -1;

	*worst = NULL;
	for (size_t t = 0; t < l->nt; t++)
		for (int m = 0; m < LM_N; m++) {
			const struct stats *s = &l->t[t].st[0][m];
			double pct = s->ci95 / fabs(s->mean) * 100;
			char *name;

			if (!auto_metric(m) || !isfinite(pct) || pct <= w)
				continue;
			w = pct;
			free(*worst);
			name = test_label(&l->t[t]);
			*worst = xasprintf("%s %s ±%.2f %%", name, lineup_metric(m)->id, pct);
			free(name);
		}
	return w;
}

/* Each test's headline metrics: "  rr  iops 32,400.5 ± 410.2 (cv 1.1 %, 5 passes)". */
static void say_stats(const struct lineup *l)
{
	for (size_t t = 0; t < l->nt; t++)
		for (int m = 0; m < LM_N; m++) {
			const struct stats *s = &l->t[t].st[0][m];
			char *name;

			if ((!lineup_metric(m)->headline && m != LM_REPLAY_MBPS) || !s->n)
				continue;
			name = test_label(&l->t[t]);
			if (s->n < 2)
				printf("  %s  %s %.2f %s (1 pass: no noise estimate)\n", name,
				       lineup_metric(m)->id, s->mean, lineup_metric(m)->unit);
			else
				printf("  %s  %s %.2f ± %.2f %s (95 %%; σ %.2f, cv %.2f %%, "
				       "%zu passes)\n", name, lineup_metric(m)->id, s->mean, s->ci95,
				       lineup_metric(m)->unit, s->sd, s->cv * 100, s->n);
			free(name);
		}
}

/*
 * The statistics of the passes so far: *met (auto) whether every headline
 * interval is within the target; with final, stats.csv written and the summary
 * printed.
 */
static int set_stats(const char *dir, struct passset *ps, const struct passes_opts *po,
		     int final, int *met, struct diag *d)
{
	struct result_run *runs = xcalloc(ps->npasses + 1, sizeof(*runs));
	struct lineup l;
	struct lineup_set ls;
	char *csv = xasprintf("%s/stats.csv", dir);
	double w;
	int rc;

	memset(&l, 0, sizeof(l));
	rc = set_lineup(dir, ps, runs, &l, &ls, d);
	if (!rc) {
		free(ps->worst);
		w = widest(&l, &ps->worst);
		*met = w >= 0 && w <= po->noise_pct;
		if (po->autostop)
			ps->noise_met = *met;
	}
	if (!rc && final) {
		rc = lineup_write_stats_csv(&l, csv, d);
		say_stats(&l);
	}
	if (l.m)
		lineup_release(&l);
	for (size_t i = 0; i < ps->npasses; i++)
		result_run_release(&runs[i]);
	free(runs);
	free(csv);
	return rc;
}

int passes_report(const char *dir, const struct doc_out *out, const char *template_path,
		  FILE *say, struct diag *d)
{
	struct passset ps;
	struct result_run *runs = NULL;
	struct lineup l;
	struct lineup_set ls;
	struct lineup_render_opts ro = { .out = *out, .template_path = template_path,
					 .template_default = "templates/lineup-passes.xml",
					 .say = say, .own_dir = dir };
	int rc = passset_read(dir, &ps, d), got;

	memset(&l, 0, sizeof(l));
	if (rc == 1)
		return diag_set(d, -SB_EUSAGE, dir, 0, 0, "not a pass set: no passes.json");
	if (rc)
		return rc;
	runs = xcalloc(ps.npasses + 1, sizeof(*runs));
	rc = set_lineup(dir, &ps, runs, &l, &ls, d);
	/* the passes' languages, as each pass's own report has them */
	if (!rc && !ro.out.nlangs) {
		got = report_langs_of(&runs[0], ro.out.langs, d);
		rc = got < 0 ? got : 0;
		ro.out.nlangs = got > 0 ? (size_t)got : 0;
	}
	if (!rc)
		rc = lineup_render(&l, &ro, d);
	if (l.m)
		lineup_release(&l);
	for (size_t i = 0; i < ps.npasses; i++)
		result_run_release(&runs[i]);
	free(runs);
	passset_release(&ps);
	return rc;
}

/* The file target the first pass created (its journal says), or NULL: the later
 * passes may write it as their own. */
static char *first_created(const char *pass1)
{
	struct journal j;
	struct diag d;
	char *path = NULL;

	journal_init(&j);
	diag_clear(&d);
	if (!journal_read(pass1, &j, &d) && j.start.target_created && j.start.target_path)
		path = xstrdup(j.start.target_path);
	journal_release(&j);
	return path;
}

int passes_run(const struct run_opts *o, const struct passes_opts *po, struct diag *d)
{
	struct passset ps;
	struct run_opts one = *o;
	char *dir = NULL, *own = NULL;
	int rc, purges = 0, met = 0;
	struct stat sb;

	memset(&ps, 0, sizeof(ps));
	ps.noise_met = po->autostop ? 0 : -1;
	ps.noise_pct = po->autostop ? po->noise_pct : 0;
	ps.requested = po->autostop ? xasprintf("auto:%u", po->n) : xasprintf("%u", po->n);
	rc = set_dir(o, &dir, &ps.plan, &purges, d);
	ps.between = xstrdup(purges ? "purge" : "none");
	if (!rc && !o->force && !lstat(dir, &sb))
		rc = diag_set(d, -SB_EUSAGE, dir, 0, 0, "already exists: give another --out, "
			      "or --force to run the passes into it again");
	if (!rc)
		rc = safefile_mkdir(dir, 1, d);
	for (unsigned k = 1; !rc && k <= po->n; k++) {
		char *out = xasprintf("%s/pass-%u", dir, k);

		printf("pass %u of %s%u: %s\n", k, po->autostop ? "at most " : "", po->n, out);
		fflush(stdout);
		one.out_dir = out;
		rc = run_plan(&one, d);
		if (!rc && k == 1)
			own = first_created(out);
		one.own_file = own;
		if (!rc) {
			ps.passes = xrealloc(ps.passes, (ps.npasses + 1) * sizeof(*ps.passes));
			ps.passes[ps.npasses++] = xasprintf("pass-%u", k);
		} else {
			ps.stopped = 1;
		}
		free(out);
		if (!rc && po->autostop && ps.npasses >= 2) {
			rc = set_stats(dir, &ps, po, 0, &met, d);
			if (!rc)
				printf("passes: after %zu, the widest 95 %% interval is %s (target "
				       "±%g %%)\n", ps.npasses, ps.worst ? ps.worst : "none", po->noise_pct);
			if (!rc && met)
				break;
		}
	}
	if (ps.npasses) {
		struct diag d2;
		int r2;

		diag_clear(&d2);
		r2 = set_stats(dir, &ps, po, 1, &met, rc ? &d2 : d);
		if (!r2)
			r2 = passset_write(dir, &ps, rc ? &d2 : d);
		if (rc && r2)
			diag_print(&d2, stderr);
		rc = rc ? rc : r2;
		if (!r2 && po->autostop)
			printf("passes: %zu; the noise target ±%g %% %s%s\n", ps.npasses,
			       po->noise_pct, met ? "holds" : "was NOT met, widest: ",
			       met ? "" : ps.worst ? ps.worst : "no interval (one pass)");
		if (!r2) {
			static const struct doc_out none;

			r2 = passes_report(dir, &none, NULL, stdout, rc ? &d2 : d);
			if (rc && r2)
				diag_print(&d2, stderr);
			rc = rc ? rc : r2;
		}
		if (!r2)
			printf("pass set: %s (passes.json, stats.csv, report.pdf)\n", dir);
	}
	passset_release(&ps);
	free(dir);
	free(own);
	return rc;
}
