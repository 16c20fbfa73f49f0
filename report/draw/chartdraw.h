/* SPDX-License-Identifier: MIT */
/* chartdraw: draws a laid-out chart model through gfx, and writes one chart to a file. */
#ifndef SB_CHARTDRAW_H
#define SB_CHARTDRAW_H

#include "chart.h"
#include "diag.h"
#include "gfx.h"
#include "table.h"

/*
 * Draws c, already laid out by chart_layout() with m, onto g at the origin: head,
 * axes, series (lines, markers, or a density raster), bars, inset and footer.
 */
void chartdraw_draw(struct gfx *g, const struct chart *c, const struct chart_measure *m);

/*
 * Lays c out at width x height points (height <= 0: bar charts take the height
 * their rows need) and writes it to path as fmt; a PNG is png_width pixels wide.
 * meta may be NULL. Returns 0, -SB_EINVAL when the chart does not fit, or
 * -SB_ERENDER; d names path.
 */
int chartdraw_file(struct chart *c, struct gfx_fonts *fonts, enum gfx_format fmt,
		   const char *path, double width, double height, int png_width,
		   const struct gfx_meta *meta, struct diag *d);

/* Draws t, already laid out by table_layout() with m, onto g at the origin. */
void chartdraw_table(struct gfx *g, const struct table *t, const struct chart_measure *m);

/* Lays t out width points wide and writes it to path as fmt; as chartdraw_file(). */
int chartdraw_table_file(struct table *t, struct gfx_fonts *fonts, enum gfx_format fmt,
			 const char *path, double width, int png_width,
			 const struct gfx_meta *meta, struct diag *d);

/* The format a file name asks for by its extension (.svg, .pdf, .png); -1 if none. */
int chartdraw_format(const char *path);

#endif
