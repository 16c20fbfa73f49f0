/* SPDX-License-Identifier: MIT */
/* plot: `ssdbench plot`'s charts from fio logs and JSON made outside any plan. */
#ifndef SB_PLOT_H
#define SB_PLOT_H

#include <stddef.h>

#include "diag.h"
#include "tmpl.h"

/* What `ssdbench plot` was asked for, its options checked by the command. */
struct plot_opts {
	enum tmpl_kind kind;   /* a kind marked for plot in TMPL_KINDS */
	int written;           /* x is GB written (bw logs), not seconds */
	const char *out;       /* FILE.svg, FILE.pdf or FILE.png (chartdraw_format()) */
	const char *title;     /* NULL: the first file's name */
	int log_y;             /* logarithmic y axis */
	const char *lang;      /* BCP 47 tag of the text; NULL: zh-TW */
	int png_width;         /* PNG width in pixels; 0: the preset's */
	const char *preset;    /* "print", "web", "slide"; NULL: archive (960 x 600, 1400 px) */
	int svg_outlines;      /* SVG text as glyph outlines instead of <text> */
	const char *xlsx_path; /* also the Excel workbook; NULL for none */
	const char *html_dir;  /* also the HTML article bundle; NULL for none */
	/* "FILE=TEXT": the legend name of FILE (as given), the last wins */
	const char *const *labels;
	size_t nlabels;
};

/*
 * Builds the chart of o->kind from files[0..nfiles) (fio logs, or fio JSON for
 * the kinds with TMPL_PLOT_JSON; delta: a table of each JSON against the first)
 * and draws it to o->out. Arguments are borrowed. Returns 0 or a negative SB_E*
 * code with d naming the file.
 */
int plot_draw(const struct plot_opts *o, const char *const *files, size_t nfiles,
	      struct diag *d);

#endif
