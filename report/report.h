/* SPDX-License-Identifier: MIT */
/* report: renders a run's charts to SVG, PNG and a multi-page PDF. */
#ifndef SB_REPORT_H
#define SB_REPORT_H

#include "diag.h"
#include "result.h"

struct report_opts {
	const char *pdf_path;     /* the report; NULL for none */
	const char *chart_dir;    /* charts/<name>.svg and .png go here; NULL for none */
	int png_width;            /* pixels; 0 means 1400 */
	const char *lang;         /* BCP 47 tag for text shaping: "zh-TW" (default), "zh-CN", "en" */
	const char *fonts_conf;   /* fontconfig file; NULL means templates/fonts.conf */
};

/*
 * Draws the cover page and every chart for run. Charts: one IOPS-over-time chart per
 * step that has per-second data, and a summary bar chart of all finished steps.
 * Returns 0, or a negative SB_E* code with d naming the file that failed.
 */
int report_render(const struct result_run *run, const struct report_opts *o,
		  struct diag *d);

#endif
