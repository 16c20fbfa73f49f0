/* SPDX-License-Identifier: MIT */
/* report_out: a run's reports in one language or several, in the archive or elsewhere. */
#ifndef SB_REPORT_OUT_H
#define SB_REPORT_OUT_H

#include <stdio.h>

#include "diag.h"
#include "report.h"
#include "result.h"

/* What `ssdbench report` and the end of a run ask for; 0/NULL for the defaults. */
struct report_set {
	const char *dir;             /* the archive, for its own report */
	/* -o FILE.pdf (DOC_PDF), --svg, --png, --xlsx, --html; the languages (none: the
	 * archive's), preset, sizes, SVG text and date (NULL: the run's start) */
	struct doc_out out;
	const char *template_path;   /* or NULL: the plan's, else the default */
	FILE *say;                   /* "report: PATH" lines here, or NULL */
};

/*
 * Renders run's report in each language. With no format in out the
 * archive's own report: one language as dir/report.pdf and dir/charts/, several
 * as dir/report/LANG/report.pdf and dir/report/LANG/charts/ each; everything is
 * drawn into a folder of its own in dir first (.ssdbench-report-PID) and replaces
 * the report there (all three names) only once every language is whole, so a
 * failure leaves the archive as it was. Otherwise only what is named is written,
 * nothing in the archive (doc_out_each(): several languages put each FILE in
 * FILE's folder/LANG/ and each DIR's files in DIR/LANG/).
 * Returns 0 or a negative SB_E* code with d.
 */
int report_render_set(const struct result_run *run, const struct report_set *s,
		      struct diag *d);

/*
 * The archive's report languages (the manifest's report_langs, "en,zh-CN"; zh-TW
 * when it has none) into out[I18N_MAX_LANGS]. Returns how many, or a negative
 * SB_E* code with d for a language this ssdbench does not know.
 */
int report_langs_of(const struct result_run *run, const char **out, struct diag *d);

#endif
