/* SPDX-License-Identifier: MIT */
/* lineup_draw: renders a lineup (lineup.h) as charts, delta tables and a PDF. */
#ifndef SB_LINEUP_DRAW_H
#define SB_LINEUP_DRAW_H

#include <stdio.h>

#include "diag.h"
#include "doc.h"
#include "lineup.h"

struct lineup_render_opts {
	/* -o FILE.pdf (DOC_PDF), --svg, --png, --xlsx, --html; the languages (none:
	 * lang_default()), preset, sizes, SVG text; the date (NULL: 1970, reproducible) */
	struct doc_out out;
	const char *fonts_conf;    /* NULL: templates/fonts.conf */
	const char *template_path; /* NULL: template_default */
	const char *template_default;  /* in the data folder; NULL:
				    * templates/lineup-default.xml */
	FILE *say;                 /* "lineup: FILE ..." per language here, or NULL */
	const char *own_dir;       /* with no format in out: the folder whose own report
				    * the lineup is (a pass set's: doc_out_own()) */
};

/*
 * Draws the lineup as the lineup template lists it (templates/lineup-default.xml:
 * the columns with the baseline and what was left out and why, grouped bars and
 * a delta table per headline metric, queue-depth sweeps, dispersion scatters,
 * write-saturation curves and latency QoS overlays where the archives have the
 * data). Files are named lineup-*.svg and .png. With own_dir and no format named,
 * the folder's own report (DIR/report.pdf and DIR/charts/, or DIR/report/LANG/ for
 * several languages, swapped in whole). Returns 0 or a negative code with d naming
 * the file.
 */
int lineup_render(const struct lineup *l, const struct lineup_render_opts *o,
		  struct diag *d);

#endif
