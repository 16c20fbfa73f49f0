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

/*
 * The charts a report can draw from a run (root <report>), and those a lineup
 * draws from several (root <lineup>): sweep-qd, dispersion and qos are both.
 */
enum tmpl_kind { TMPL_STEP_IOPS, TMPL_SWEEP_QD, TMPL_DISPERSION, TMPL_SUMMARY,
		 TMPL_ROUNDS, TMPL_QOS, TMPL_DRIVES, TMPL_BARS, TMPL_DELTA,
		 TMPL_SATURATION, TMPL_NKINDS };

/* Which report a template lays out: its root element. */
enum tmpl_use { TMPL_FOR_REPORT, TMPL_FOR_LINEUP };

struct tmpl_chart {
	enum tmpl_kind kind;
	double width, height;   /* SVG/PNG canvas in points; bars: height 0 = as needed */
	char *title;            /* replaces the language's title; NULL keeps it */
	int log_y;              /* dispersion: logarithmic y axis */
	char *metrics;          /* lineup bars and delta: metric ids, space-separated
				   ("iops clat_p99.99_us"); NULL: the headline ones */
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
/*
 * tmpl_load() for a lineup (`ssdbench compare`): root <lineup>, kinds drives (the
 * columns and what was left out), bars, delta, sweep-qd, dispersion, saturation,
 * qos; bars and delta take metrics="iops MBps ..." (lineup.h's ids). No <colors>.
 */
int tmpl_load_for(struct tmpl **out, const char *path, enum tmpl_use use,
		  struct diag *d);
void tmpl_free(struct tmpl *t);

/* The kind's name as templates write it ("sweep-qd"). */
const char *tmpl_kind_name(enum tmpl_kind k);

#endif
