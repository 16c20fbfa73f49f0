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
	const char *template_path; /* NULL: templates/lineup-default.xml */
	FILE *say;                 /* "lineup: FILE ..." per language here, or NULL */
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

/*
 * The points of member i in test k's write-saturation overlay: its element, or when
 * that is in a <rounds> scope every finished element of the scope (of the column's
 * value with a by-lineup), laid end to end in run order; % of the capacity written
 * from 0 where the column began (its first element binding the lineup's key to its
 * value: each OP level from 0) or, for a column that is an archive, where the curve's
 * first element began, per second of each write log, into *pct, against the write
 * IOPS of the same seconds into *iops (malloc'd; free() both). Returns how many (0,
 * both NULL, without capacity or written series).
 */
size_t lineup_saturation(const struct lineup *l, size_t k, size_t i, double **pct,
			 double **iops);

#endif
