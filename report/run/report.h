/* SPDX-License-Identifier: MIT */
/* report: renders a run's charts to SVG, PNG and a multi-page PDF. */
#ifndef SB_REPORT_H
#define SB_REPORT_H

#include "diag.h"
#include "doc.h"
#include "result.h"

struct report_opts {
	const char *pdf_path;     /* the report; NULL for none */
	const char *chart_dir;    /* charts/<name>.svg and .png go here; NULL for none */
	int png_width;            /* pixels; 0: the preset's (1400, the 2x image of a 700 px
				     column; web 700 and a web canvas this wide) */
	const char *lang;         /* BCP 47 tag for text shaping: "zh-TW" (default), "zh-CN", "en" */
	const char *fonts_conf;   /* fontconfig file; NULL means templates/fonts.conf */
};

/* Options of `ssdbench report` beyond report_opts; all may be NULL or 0. */
struct report_extra {
	/* every format's file or folder (report_opts' pdf_path and chart_dir, when set,
	 * are its PDF and SVG and PNG folder), the preset, sizes, SVG text, and the date
	 * (NULL: the run's start); its languages are not read (report_opts' lang is) */
	struct doc_out out;
	const char *template_path; /* report template; NULL: templates/report-default.xml */
};

/*
 * Draws the cover page and every chart for run, as the report template lists them
 * (templates/report-default.xml unless report_extra names another). Charts: one IOPS-over-time chart per
 * step that has per-second data, the QD sweep (MB/s, IOPS and latency against queue
 * depth, sweep.h) when steps differ only in queue depth, a dispersion scatter of the long steps' per-second IOPS,
 * and a summary bar chart of all finished steps. Every chart carries a provenance
 * footer (drive, plan, fio, ssdbench).
 * Returns 0, or a negative SB_E* code with d naming the file that failed.
 */
int report_render(const struct result_run *run, const struct report_opts *o,
		  struct diag *d);

/* report_render() with the extra options x (NULL for none). */
int report_render_ext(const struct result_run *run, const struct report_opts *o,
		      const struct report_extra *x, struct diag *d);

#endif
