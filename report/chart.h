/* SPDX-License-Identifier: MIT */
/*
 * chart: the cairo-free chart model (series, bars, scales, nice ticks, tick labels,
 * layout and M4 thinning) that report.c fills and draws through gfx.
 */
#ifndef SB_CHART_H
#define SB_CHART_H

#include <stddef.h>
#include <stdint.h>

/* The report's type scale; sizes live in one table in chart.c. */
enum chart_font {
	CHART_FONT_TITLE,     /* chart title */
	CHART_FONT_SUBTITLE,  /* rw, bs, QD, jobs under the title */
	CHART_FONT_AXIS,      /* axis titles ("IOPS", "Time (s)") */
	CHART_FONT_TICK,      /* tick labels */
	CHART_FONT_LEGEND,
	CHART_FONT_BAR_LABEL, /* step name left of a bar */
	CHART_FONT_BAR_NOTE,  /* pattern under the step name */
	CHART_FONT_VALUE,     /* value printed after a bar */
	CHART_FONT_HEADING,   /* cover page: plan name */
	CHART_FONT_BODY,      /* cover page text and table cells */
	CHART_FONT_SMALL,     /* captions, footers, table headers */
	CHART_FONT_N
};

struct chart_font_spec {
	double size; /* points */
	int bold;
};

/* Returns the size and weight of f. */
const struct chart_font_spec *chart_font_spec(enum chart_font f);

/* Colours are 0xRRGGBB. */
#define CHART_COLOR_TEXT 0x1f2328u
#define CHART_COLOR_MUTED 0x656d76u
#define CHART_COLOR_GRID 0xe6e8ebu
#define CHART_COLOR_AXIS 0x8c959fu
#define CHART_COLOR_READ 0x0072b2u  /* Okabe-Ito blue */
#define CHART_COLOR_WRITE 0xe69f00u /* Okabe-Ito orange */
#define CHART_COLOR_TRIM 0x009e73u  /* Okabe-Ito green */

enum chart_kind { CHART_LINE, CHART_BARH };

#define CHART_MAX_TICKS 16

/* Tick positions: v[0] == min and v[n - 1] == max of the axis. */
struct chart_ticks {
	double v[CHART_MAX_TICKS];
	int n;
	double step;
};

struct chart_axis {
	char *title;       /* owned; "" for none */
	double data_min, data_max; /* extent of the data, before rounding */
	double min, max;   /* the scale after chart_layout(): tick-aligned */
	double min_step;   /* ticks no closer than this (1 for whole seconds); 0: any */
	struct chart_ticks ticks;
};

/*
 * A line. x, y are the caller's data, copied; px, py are the M4-thinned points
 * that chart_layout() computes for the plot width. A series above ~20k points
 * will get a density raster instead; the model keeps raw data so it can.
 */
struct chart_series {
	char *label;
	uint32_t color;
	double *x, *y;
	size_t n;
	double *px, *py;
	size_t pn;
};

/* One horizontal bar: a row label, an optional note under it, and a value. */
struct chart_bar {
	char *label;
	char *note;  /* "" for none */
	char *value_text;
	double value;
	uint32_t color;
};

struct chart_rect {
	double x, y, w, h;
};

/* Boxes in chart units (points), origin top left; filled by chart_layout(). */
struct chart_layout {
	double width, height;
	struct chart_rect title, subtitle;
	struct chart_rect ytitle;   /* y axis title, above the y tick labels */
	struct chart_rect legend;   /* right-aligned, on the ytitle row */
	struct chart_rect plot;
	struct chart_rect xtitle;   /* centred under the x tick labels */
	double ytick_right;         /* y tick labels end here (right-aligned) */
	double xtick_top;           /* x tick labels start here */
	double label_right;         /* bar charts: row labels end here */
	double row_h, bar_h;        /* bar charts: row pitch and bar thickness */
};

/* Legend entries: one per series (line) or per distinct bar colour (bars). */
struct chart_legend_item {
	char *label;
	uint32_t color;
};

/* Fields are read-only outside chart.c; build a chart with the functions below. */
struct chart {
	enum chart_kind kind;
	char *title, *subtitle;
	struct chart_axis x, y;  /* bar charts: x is the value axis */
	struct chart_series *series;
	size_t nseries, series_cap;
	struct chart_bar *bars;
	size_t nbars, bars_cap;
	struct chart_legend_item *legend;
	size_t nlegend, legend_cap;
	struct chart_layout lay;
	char *note;              /* said in the plot area when there is no data */
};

/*
 * Text measurement, supplied by gfx (or a fake in tests): sets *w and *h to the
 * logical extents of text set in font f, in points.
 */
struct chart_measure {
	void (*text)(void *ctx, enum chart_font f, const char *text, double *w,
		     double *h);
	void *ctx;
};

/* Returns a new chart; free it with chart_free(). Strings are copied. */
struct chart *chart_new(enum chart_kind kind, const char *title,
			const char *subtitle);
void chart_free(struct chart *c);
void chart_set_axis_titles(struct chart *c, const char *xtitle, const char *ytitle);
/* Sets the text shown in an empty plot ("no per-second samples"); copied. */
void chart_set_note(struct chart *c, const char *note);
/* x ticks no closer than step: per-second data gets no 0.5 s ticks. */
void chart_set_x_min_step(struct chart *c, double step);
/* Copies n points; x must not decrease. Adds a legend entry. */
void chart_add_series(struct chart *c, const char *label, uint32_t color,
		      const double *x, const double *y, size_t n);
void chart_add_bar(struct chart *c, const char *label, const char *note,
		   double value, const char *value_text, uint32_t color);
/* Adds a legend entry unless one with this label exists. */
void chart_add_legend(struct chart *c, const char *label, uint32_t color);

/*
 * Computes scales, ticks, boxes and thinned series for a canvas width x height.
 * A bar chart with height <= 0 gets the height its rows need (see c->lay.height).
 * Returns 0, or -SB_EINVAL when the canvas is too small for the text.
 */
int chart_layout(struct chart *c, double width, double height,
		 const struct chart_measure *m);

/*
 * Nice ticks over [lo, hi] with at most max_intervals intervals: steps of 1, 2 or
 * 5 times a power of ten, the smallest that fits; the ends round outwards to a
 * multiple of the step. 0..87300 with 5 gives 0, 20000, ..., 100000.
 */
void chart_nice_ticks(double lo, double hi, int max_intervals,
		      struct chart_ticks *t);

/*
 * Writes v with an SI suffix (k, M, G, T) and no trailing zeros: 20000 "20k",
 * 1500000 "1.5M", 0.5 "0.5". step, when > 0, is the tick step: it bounds the
 * decimals so neighbouring ticks stay distinct. Without it, 3 significant digits.
 */
void chart_format_si(double v, double step, char *buf, size_t n);
/* Writes v with thousands separators and the given decimals: "3,412.5". */
void chart_format_grouped(double v, int decimals, char *buf, size_t n);

/* Maps a data value to chart units inside the plot box. */
double chart_map_x(const struct chart *c, double v);
double chart_map_y(const struct chart *c, double v);

/*
 * M4 thinning: splits [x0, x1] into columns and keeps, per column, the first,
 * minimum, maximum and last point, in their original order, so a line drawn
 * through the result looks the same at that width. x must not decrease. Returns
 * the number of points written to ox/oy (which must hold 4 * columns + 4).
 */
size_t chart_m4(const double *x, const double *y, size_t n, double x0, double x1,
		int columns, double *ox, double *oy);

#endif
