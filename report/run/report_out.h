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
	const char *pdf;             /* -o FILE.pdf */
	const char *svg_dir;         /* --svg DIR */
	const char *png_dir;         /* --png DIR */
	const char *const *langs;    /* i18n_lang_find() tags; none: the archive's */
	size_t nlangs;
	int png_width;               /* 0: the preset's (1400 px) */
	int png_2x;                  /* also NAME@2x.png */
	const char *date;            /* PDF dates, ISO 8601, or NULL */
	const char *template_path;   /* or NULL: the plan's, else the default */
	FILE *say;                   /* "report: PATH" lines here, or NULL */
	const char *preset;          /* report_extra's: NULL the template's, else archive */
	int svg_outlines;            /* SVG text as glyph outlines */
	/* the workbook (--xlsx FILE) and the article bundle (--html DIR); several
	 * languages: FILE's folder/LANG/FILE's name, DIR/LANG/ */
	const char *xlsx;
	const char *html;
};

/*
 * Renders run's report in each language. With none of pdf, svg_dir and png_dir the
 * archive's own report: one language as dir/report.pdf and dir/charts/, several
 * as dir/report/LANG/report.pdf and dir/report/LANG/charts/ each; everything is
 * drawn into a folder of its own in dir first (.ssdbench-report-PID) and replaces
 * the report there (all three names) only once every language is whole, so a
 * failure leaves the archive as it was. Otherwise only what is named is written,
 * nothing in the archive: -o FILE (several languages: FILE's folder/LANG/FILE's
 * name), SVGs in svg_dir (svg_dir/LANG/), PNGs in png_dir (png_dir/LANG/), the
 * workbook and the article bundle likewise.
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
