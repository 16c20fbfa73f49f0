/* SPDX-License-Identifier: MIT */
/* lineup_draw: renders a lineup (lineup.h) as charts, delta tables and a PDF. */
#ifndef SB_LINEUP_DRAW_H
#define SB_LINEUP_DRAW_H

#include "diag.h"
#include "lineup.h"

struct lineup_render_opts {
	const char *pdf_path;   /* the lineup report; NULL for none */
	const char *svg_dir;    /* every chart and table as SVG; NULL for none */
	const char *png_dir;    /* and as PNG; NULL for none */
	int png_width;          /* pixels; 0 means 1400 */
	const char *lang;       /* "zh-TW" (default), "zh-CN", "en" */
	const char *date;       /* PDF date, ISO 8601; NULL: 1970 (reproducible) */
	const char *fonts_conf; /* NULL: templates/fonts.conf */
	const char *template_path; /* NULL: templates/lineup-default.xml */
	const char *xlsx_path;  /* #23: also the Excel workbook; NULL for none */
	const char *html_dir;   /* #23: also the HTML article bundle (html.c); NULL for none */
};

/*
 * Draws the lineup as the lineup template lists it (templates/lineup-default.xml:
 * the columns with the baseline and what was left out and why, grouped bars and
 * a delta table per headline metric, queue-depth sweeps, dispersion scatters,
 * write-saturation curves and latency QoS overlays where the archives have the
 * data). Files are named lineup-*.svg and .png. Returns 0 or a negative code with
 * d naming the file.
 */
int lineup_render(const struct lineup *l, const struct lineup_render_opts *o,
		  struct diag *d);

#endif
