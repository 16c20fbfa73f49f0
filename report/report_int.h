/* SPDX-License-Identifier: MIT */
/*
 * report_int: what report.c (pages, files) and report_charts.c (the charts built
 * from a run) share: the UI strings' ids and the render context.
 */
#ifndef SB_REPORT_INT_H
#define SB_REPORT_INT_H

#include <stddef.h>

#include "chart.h"
#include "gfx.h"
#include "i18n.h"
#include "tmpl.h"
#include "report.h"
#include "sbuf.h"

enum msg {
	M_TIME, M_TIME_MIN, M_TIME_H, M_READ, M_WRITE, M_TRIM, M_SUMMARY,
	M_SUMMARY_SUB, M_REPORT, M_TARGET, M_STARTED, M_ENDED, M_STATUS, M_HOST,
	M_CPU, M_KERNEL, M_RUN, M_PLATFORM, M_SOFTWARE, M_STEPS, M_STEP, M_PATTERN,
	M_RMBS, M_WMBS, M_MEAN, M_P999, M_CONTINUED, M_NO_SAMPLES, M_SWEEP,
	M_SWEEP_SUB, M_QD, M_DISPERSION, M_DISPERSION_SUB, M_DRIVE, M_PLAN, M_N
};

struct report_chart {
	char *name;        /* file stem: "step-001-iops", "summary" */
	struct chart *c;
	double width, height; /* SVG/PNG canvas from the template, points */
};

/* One render: the inputs, the fonts and the charts built from the run. */
struct report {
	const struct result_run *run;
	const struct report_opts *o;
	struct report_extra x;   /* zeroed when not given */
	struct i18n *strings;
	struct tmpl *tmpl;
	const char *const *msg;
	struct gfx_fonts *fonts;
	struct chart_measure m;
	struct report_chart *charts;
	size_t ncharts, charts_cap;
	int png_width;
	int pages, page;   /* PDF page count and the current page */
	char *footer;      /* provenance line under every chart */
};

/* $SSDBENCH_DATADIR, else the source tree the program was built from. */
const char *report__datadir(void);
/* Loads the UI strings for lang from templates/i18n/ into r->strings and r->msg. */
int report__load_msgs(struct report *r, const char *lang, struct diag *d);
const char *report__str_or(const char *s, const char *dflt);
/* The plan's display title (may be CJK), else its name. */
const char *report__plan_title(const struct result_run *run);
/* "randrw / 4 KiB / QD32 / 4 jobs / 70% read" into sb. */
void report__step_pattern(const struct result_step *st, struct sbuf *sb);
/* Builds the template's charts of the run into r->charts, in its order. */
void report__build_charts(struct report *r);

#endif
