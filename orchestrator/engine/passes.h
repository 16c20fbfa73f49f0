/* SPDX-License-Identifier: MIT */
/*
 * passes: `run --passes N|auto[:MAX]`: the plan run again and again, each pass a
 * complete archive of a pass set (orchestrator/archive/passset.h), until N passes
 * or, with auto, until every headline metric's 95 % interval is within the noise
 * target (docs/passes.md).
 */
#ifndef SB_PASSES_H
#define SB_PASSES_H

#include <stdio.h>

#include "diag.h"
#include "doc.h"
#include "run_opts.h"

struct passes_opts {
	unsigned n;           /* passes to run; with autostop the most */
	int autostop;         /* stop once the noise target holds (after 2 passes or more) */
	double noise_pct;     /* the target: every headline 95 % half-width within it, % */
};

/*
 * Parses --passes ("5", "auto", "auto:8") and --noise ("2%", "2"; NULL: 2 %) into
 * po (plan_passes_parse, plan_noise_parse: the plan's passes= and noise= alike).
 * Returns 0, or -SB_EUSAGE with d saying what is wrong.
 */
int passes_parse(const char *passes, const char *noise, struct passes_opts *po,
		 struct diag *d);

/*
 * Whether o's plan asks to be run as a pass set (<plan passes=>): 1 with po filled,
 * else 0 (also when the plan does not load: run_plan() then says why). A rerun and a
 * dry run are one pass; passes_run() runs each pass with run_plan(), never this.
 */
int passes_of_plan(const struct run_opts *o, struct passes_opts *po);

/*
 * Runs o's plan po->n times (or until the target holds), pass k into OUT/pass-k
 * (OUT: o->out_dir or out/<plan name>), then writes OUT/passes.json and
 * OUT/stats.csv (lineup_write_stats_csv), prints each test's headline metrics as
 * mean ± 95 % half-width and draws the set's report (passes_report()). A failed or
 * interrupted pass stops the set: the passes before it are kept and listed. Returns
 * as run_plan.
 */
int passes_run(const struct run_opts *o, const struct passes_opts *po, struct diag *d);

/*
 * The pass set dir's report: its passes as one column of a lineup (the lineup
 * template template_path, NULL: templates/lineup-passes.xml, whose passes kind
 * draws the set's statistics), in out's formats and languages, or with none named
 * the set's own report (DIR/report.pdf and DIR/charts/, or DIR/report/LANG/ each) in
 * the first pass's report languages. "report: ..." lines to say. Returns 0, or a
 * negative SB_E* code with d (-SB_EUSAGE when dir is no pass set).
 */
int passes_report(const char *dir, const struct doc_out *out, const char *template_path,
		  FILE *say, struct diag *d);

#endif
