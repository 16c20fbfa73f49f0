/* SPDX-License-Identifier: MIT */
/* trace_plot: `ssdbench trace plot`: a block trace's LBA over time, size mix and queue depth. */
#ifndef SB_TRACE_PLOT_H
#define SB_TRACE_PLOT_H

#include "diag.h"

struct trace_plot_opts {
	const char *out;       /* FILE.svg, FILE.pdf or FILE.png (chartdraw_format()) */
	const char *lang;      /* BCP 47 tag of the text; NULL: zh-TW */
	int png_width;         /* PNG width in pixels; 0: the preset's */
	const char *preset;    /* "print", "web", "slide"; NULL: archive (960 wide, 1400 px) */
	int svg_outlines;      /* SVG text as glyph outlines instead of <text> */
	const char *xlsx_path; /* also the Excel workbook; NULL for none */
	const char *html_dir;  /* also the HTML article bundle; NULL for none */
};

/*
 * Reads the blktrace file at path (parsers/blktrace.h) and draws, one under the
 * other on one page: each queued request's offset against time (reads, writes,
 * trims), the requests per block size, and the requests in flight (issued, not
 * completed) over time. Returns 0 or a negative SB_E* code with d set.
 */
int trace_plot_draw(const struct trace_plot_opts *o, const char *path, struct diag *d);

#endif
