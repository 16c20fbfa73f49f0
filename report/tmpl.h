/* SPDX-License-Identifier: MIT */
/*
 * tmpl: a report template (templates/report-default.xml): which charts the report
 * draws, in which order, at which size and with which titles, and the colours of
 * read, write and trim. A reviewer copies the file and edits it; no rebuild.
 */
#ifndef SB_TMPL_H
#define SB_TMPL_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* The charts a report can draw from a run. */
enum tmpl_kind { TMPL_STEP_IOPS, TMPL_SWEEP_QD, TMPL_DISPERSION, TMPL_SUMMARY,
		 TMPL_ROUNDS, TMPL_QOS, TMPL_NKINDS };

struct tmpl_chart {
	enum tmpl_kind kind;
	double width, height;   /* SVG/PNG canvas in points; bars: height 0 = as needed */
	char *title;            /* replaces the language's title; NULL keeps it */
	int log_y;              /* dispersion: logarithmic y axis */
};

struct tmpl {
	uint32_t dir_color[3];  /* read, write, trim: 0xRRGGBB */
	struct tmpl_chart *charts;
	size_t ncharts, cap;
};

/*
 * Loads path: <report> with an optional <colors read="#0072b2" write=".." trim=".."/>
 * and <chart kind="step-iops|sweep-qd|dispersion|summary|rounds|qos" [width="960"]
 * [height="600"] [title="..."] [log-y="true"]/> in drawing order. Unknown
 * elements, attributes or values are errors at FILE:LINE:COL. Returns 0 or a
 * negative SB_E* code; free *out with tmpl_free().
 */
int tmpl_load(struct tmpl **out, const char *path, struct diag *d);
void tmpl_free(struct tmpl *t);

/* The kind's name as templates write it ("sweep-qd"). */
const char *tmpl_kind_name(enum tmpl_kind k);

#endif
