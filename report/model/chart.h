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

/* Returns the size (the print type scale's) and weight of f. */
const struct chart_font_spec *chart_font_spec(enum chart_font f);

/*
 * what a report or lineup is drawn for, one row each in one table
 * (chart.c): the chart files' canvas and type scale (no text under min_text; the
 * layout is made for the canvas, never a bigger one scaled down), their PNG
 * widths, per-chart PDFs and the SVG's unit. The report PDF always uses the
 * print type scale (body text 9 pt or more). "archive" is what `run` writes and
 * `report` draws when no preset is named: print's layout, SVG and a 1400 px PNG.
 */
struct chart_preset {
	const char *name;        /* --preset, <report preset="..."> */
	double width, height;    /* chart canvas, points (px at 1x); 0: the template's */
	int png_width;           /* the 1x PNG, pixels */
	int png_2x;              /* also NAME@2x.png at twice that */
	int pdf_charts;          /* also NAME.pdf per chart (vector) */
	int svg_px;              /* SVG sized in px (a web page's unit), else pt */
	double min_text;         /* the smallest size in size[] */
	double size[CHART_FONT_N]; /* the type scale, points; 0s: the print scale */
};

/* The rows: archive (the default), then the ones a user names. */
enum chart_preset_id { CHART_PRESET_ARCHIVE, CHART_PRESET_PRINT, CHART_PRESET_WEB,
		       CHART_PRESET_SLIDE, CHART_PRESET_MM85, CHART_PRESET_MM175,
		       CHART_PRESET_N };

const struct chart_preset *chart_preset(enum chart_preset_id id);
/* The size of f under p (NULL: the print scale), points. */
double chart_preset_size(const struct chart_preset *p, enum chart_font f);
/* The preset named name ("print", "web", "slide", "85mm", "175mm", "archive"), or NULL. */
const struct chart_preset *chart_preset_find(const char *name);
/* Canvases narrower than this (an 85 mm column) get margins and gaps in proportion. */
#define CHART_SPACING_FULL_WIDTH 480.0
/*
 * Scales the n margins and gaps *v[i] of a chart or table for a canvas width wide:
 * unchanged from CHART_SPACING_FULL_WIDTH up, in proportion below, to 40 % at least.
 */
void chart_spacing_scale(double *const *v, size_t n, double width);
/* The names a user may give, for messages. */
#define CHART_PRESET_NAMES "print, web, slide, 85mm or 175mm"
/*
 * The canvas of a chart the template sizes tw x th (th 0: as its rows need) under
 * p: the preset's width (the height scaled alike, or the preset's for a 16:9
 * slide), or the template's when the preset has none. width_px > 0 (--width)
 * replaces a web canvas's width.
 */
void chart_preset_canvas(const struct chart_preset *p, double tw, double th, int width_px,
			 double *w, double *h);

/* Colours are 0xRRGGBB. */
#define CHART_COLOR_TEXT 0x1f2328u
#define CHART_COLOR_MUTED 0x656d76u
#define CHART_COLOR_GRID 0xe6e8ebu
#define CHART_COLOR_AXIS 0x8c959fu
#define CHART_COLOR_READ 0x0072b2u  /* Okabe-Ito blue */
#define CHART_COLOR_WRITE 0xe69f00u /* Okabe-Ito orange */
#define CHART_COLOR_TRIM 0x009e73u  /* Okabe-Ito green */
#define CHART_COLOR_TEMP 0xd55e00u  /* Okabe-Ito vermillion: temperature */
#define CHART_COLOR_TOTAL 0x000000u /* Okabe-Ito black: every direction together */
#define CHART_COLOR_EMPH 0xfff4ccu  /* the band behind the reviewed drive's bars and key */

/*
 * LINE: metric over time or bytes written (M4-thinned); BARH: horizontal bars;
 * SCATTER: dispersion, one marker shape per series, a density raster past
 * CHART_DENSITY_MIN points; SWEEP: metric against QD, block size or threads,
 * lines through marked points.
 */
/* The i-th series colour: Okabe-Ito (safe for colour-blind readers), then four
 * more: twelve distinct, then it cycles. */
uint32_t chart_palette(size_t i);

/*
 * BARG: grouped horizontal bars, magazine style: a heading row per group (a
 * test), one bar per member (a drive) under it, coloured per member, the value
 * printed on the bar (after it when the bar is too short to hold it).
 */
/*
 * BAR3D: SNIA's 3D columns plot: categories along x (block sizes, from
 * chart_set_categories()), one row of columns in depth per series (R/W mixes;
 * series point k is at x = its category's index), height the value on a linear
 * y axis from 0. An oblique projection: depth runs up and to the right.
 */
enum chart_kind { CHART_LINE, CHART_BARH, CHART_SCATTER, CHART_SWEEP, CHART_BARG,
		  CHART_BAR3D };

/*
 * How a series is stroked: as its chart kind draws series, or as a reference
 * line (no markers): plain, dashed (an average) or dotted (a band's edges).
 */
enum chart_stroke { CHART_STROKE_AUTO, CHART_STROKE_PLAIN, CHART_STROKE_DASHED,
		    CHART_STROKE_DOTTED };

/* Marker shapes, assigned in this order so series differ in grayscale too. */
enum chart_marker {
	CHART_MARK_CIRCLE, CHART_MARK_SQUARE, CHART_MARK_TRIANGLE, CHART_MARK_DIAMOND,
	CHART_MARK_CROSS, CHART_MARK_N
};

/* Above this many points in all series together a scatter becomes a raster. */
#define CHART_DENSITY_MIN 20000
/* Raster pixels per point inside SVG and PDF: 3 is 216 dpi. */
#define CHART_DENSITY_SCALE 3.0

struct chart_rect {
	double x, y, w, h;
};

/* Axis scales; LOG2 suits queue depths and block sizes. */
enum chart_scale { CHART_LINEAR, CHART_LOG10, CHART_LOG2 };
/*
 * Tick label style: SI (20k, 1.5M), IEC for sizes (4K, 128K, 1M = 2^20), or
 * NINES for exceedance probabilities on a log axis (0.001 reads "99.9%").
 */
enum chart_unit { CHART_UNIT_SI, CHART_UNIT_IEC, CHART_UNIT_NINES };

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
	enum chart_scale scale;
	enum chart_unit unit;
};

/* A data window mapped onto a box: the main plot, or a zoomed inset. */
struct chart_view {
	double x, y, w, h;            /* the box, chart units */
	double xmin, xmax, ymin, ymax; /* the data window */
	enum chart_scale xs, ys;
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
	enum chart_marker marker;
	enum chart_stroke stroke;
	int y2;              /* measured on the second y axis */
	int emph;            /* the reviewed drive's: heavier, drawn over the others */
	double *yerr;        /* CHART_SWEEP: a whisker y ± yerr[j] at each point (a mean's
			      * 95 % interval; 0 or NAN: none), or NULL */
};

/*
 * A labelled point on a curve ("p99.9 812 µs"). chart_layout() places the label
 * right of the point (left of it near the plot's right edge) and moves it down
 * until it overlaps no earlier label. An optional mark's label ("QD4" on one of
 * several sweeps) goes instead at the first corner around its point (above right,
 * above left, below right, below left) inside the plot that overlaps no earlier
 * label and no marked point, and is left out (hidden) when none is free.
 */
struct chart_mark {
	double x, y;
	char *label;
	struct chart_rect box;   /* the label's box, set by chart_layout() */
	int optional;            /* may go unlabelled (chart_mark_optional()) */
	int hidden;              /* laid out without its label: no free corner */
};

/* One horizontal bar: a row label, an optional note under it, and a value. */
struct chart_bar {
	char *label;
	char *note;  /* "" for none */
	char *value_text;
	double value;
	uint32_t color;
	char *group; /* CHART_BARG: the group heading it sits under; NULL otherwise */
	int emph;    /* the reviewed drive's: a band behind its row */
	double err;  /* an error bar of value ± err (a mean's 95 % interval); 0: none */
};

/* Boxes in chart units (points), origin top left; filled by chart_layout(). */
struct chart_layout {
	double width, height;
	struct chart_rect title, subtitle;
	struct chart_rect ytitle;   /* y axis title, above the y tick labels */
	struct chart_rect legend;   /* right-aligned, on the ytitle row; rows of its own
				     * when wider than the canvas (chart_legend_item x, y) */
	struct chart_rect plot;
	struct chart_rect xtitle;   /* centred under the x tick labels */
	struct chart_rect y2title;  /* second y axis title, right-aligned on the ytitle row */
	double y2tick_left;         /* second y axis tick labels start here */
	double ytick_right;         /* y tick labels end here (right-aligned) */
	double xtick_top;           /* x tick labels start here */
	double label_right;         /* bar charts: row labels end here */
	int stacked;                /* CHART_BARH too narrow for labels beside the bars:
				     * each row's label (and note) on a line above its bar */
	double row_h, bar_h;        /* bar charts: row pitch and bar thickness */
	struct chart_rect footer;   /* provenance line at the bottom; h 0 when none */
	struct chart_view view;     /* the plot's data window */
	struct chart_view view2;    /* the same box on the second y axis */
	struct chart_view inset;    /* the zoomed inset; w 0 when none */
	int density;                /* a scatter drawn as a raster */
};

/* Legend entries: one per series (line) or per distinct bar colour (bars). */
struct chart_legend_item {
	char *label;
	uint32_t color;
	long series;    /* the first series with this label, -1 for bars */
	double x, y;    /* after chart_layout(): the key's left edge, its row's top */
	int emph;       /* the reviewed drive's: a band behind the entry */
};

/* Fields are read-only outside chart.c; build a chart with the functions below. */
struct chart {
	enum chart_kind kind;
	char *title, *subtitle;
	struct chart_axis x, y;  /* bar charts: x is the value axis */
	struct chart_axis y2;    /* the second y axis, on the right (lines only) */
	int has_y2;
	struct chart_series *series;
	size_t nseries, series_cap;
	struct chart_bar *bars;
	size_t nbars, bars_cap;
	struct chart_legend_item *legend;
	size_t nlegend, legend_cap;
	struct chart_layout lay;
	char *note;              /* said in the plot area when there is no data */
	char *footer;            /* provenance: drive, plan, fio, ssdbench; "" for none */
	int has_inset;
	double inset_win[4];     /* x0, x1, y0, y1 of the zoomed inset */
	int inset_corner;        /* CHART_CORNER_AUTO, or the corner the template asks for */
	struct chart_mark *marks;
	size_t nmarks, marks_cap;
	char **cats;             /* CHART_BAR3D: the category labels along x */
	size_t ncats;
	double bars_max;         /* bar kinds: the value axis reaches at least this */
};

/* One CHART_BAR3D column as drawn: the front face and the depth its top and side take. */
struct chart_bar3d {
	double x, y, w, h;       /* front face, top left corner; h 0 for a zero value */
	double dx, dy;           /* the depth: top and side faces reach (dx, -dy) back */
};

/* The CHART_BAR3D box after chart_layout(): the floor's front edge and the walls. */
struct chart_box3d {
	double x, base, w;       /* front edge of the floor: x .. x + w at y = base */
	double ox, oy;           /* the depth of the whole box: (ox, -oy) */
	double h;                /* the height of the walls: the y axis's max */
	double cell;             /* width of one category along the front */
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
/* CHART_BAR3D: the n category labels along x, copied; series x values index them. */
void chart_set_categories(struct chart *c, const char *const *labels, size_t n);
/* CHART_BAR3D, laid out: the box, and the height of value v in it. */
void chart_box3d(const struct chart *c, struct chart_box3d *b);
double chart_bar3d_height(const struct chart *c, double v);
/* CHART_BAR3D, laid out: the column of category cat in series ser for value v. */
void chart_bar3d(const struct chart *c, size_t cat, size_t ser, double v,
		 struct chart_bar3d *out);
/* Sets the text shown in an empty plot ("no per-second samples"); copied. */
void chart_set_note(struct chart *c, const char *note);
/*
 * x ticks no closer than step: per-second data gets no 0.5 s ticks. A line of one
 * sample is then drawn as the window it averages, (x - step, x]: a 1 s step's one
 * per-second sample a segment, not a lone dot.
 */
void chart_set_x_min_step(struct chart *c, double step);
/* Replaces the title; copied. */
void chart_set_title(struct chart *c, const char *title);
/* Replaces the subtitle (a caption line under the title); copied. */
void chart_set_subtitle(struct chart *c, const char *subtitle);
/* Sets the provenance line drawn at the bottom of the chart; copied. */
void chart_set_footer(struct chart *c, const char *footer);
/* Bar kinds: the value axis spans at least 0..v (a part of a split chart). */
void chart_set_bars_max(struct chart *c, double v);
/* Sets the axes' scales; a log axis ignores values <= 0. */
void chart_set_scales(struct chart *c, enum chart_scale xs, enum chart_scale ys);
void chart_set_units(struct chart *c, enum chart_unit x, enum chart_unit y);
/*
 * Scatters get a zoomed inset in the plot's upper right showing the data window
 * [x0, x1] x [y0, y1], re-binned at the inset's own size.
 */
void chart_set_inset(struct chart *c, double x0, double x1, double y0, double y1);
/*
 * Copies n points; lines and sweeps need x not decreasing (scatters do not). Adds
 * a legend entry and gives the series the next marker shape.
 */
void chart_series_add(struct chart *c, const char *label, uint32_t color,
		      const double *x, const double *y, size_t n);
/*
 * The same, taking ownership of x and y (malloc'd, n elements or more) instead of
 * copying them: for millions of points, one copy fewer of each. The chart frees
 * them; the caller must not use them afterwards.
 */
void chart_series_add_own(struct chart *c, const char *label, uint32_t color,
			  double *x, double *y, size_t n);
/*
 * Adds a series measured on the second y axis (chart_set_y2() first): a metric
 * of another unit over the same x, such as temperature beside IOPS.
 */
void chart_series_add_y2(struct chart *c, const char *label, uint32_t color,
			 const double *x, const double *y, size_t n);
/* Gives the chart a second y axis on the right, titled title (copied). */
void chart_set_y2(struct chart *c, const char *title);
/*
 * Strokes series i as s; a reference line gets no markers. In a SCATTER a
 * stroked series is drawn as a line over the points (an average), not as points.
 */
void chart_series_stroke(struct chart *c, size_t i, enum chart_stroke s);
/*
 * Emphasises series i, or bar i, and its legend entry: the reviewed drive of a lineup,
 * drawn heavier and over the others, a band behind its bars and its key.
 */
void chart_series_emph(struct chart *c, size_t i);
void chart_bar_emph(struct chart *c, size_t i);
/* Series i's whiskers (a CHART_SWEEP's points): y[j] ± err[j], its n values copied.
 * A whisker's low end: y - err, not below 0 for a quantity that is not negative
 * (IOPS, MB/s, latency: a symmetric interval of few passes may reach below); on a
 * log axis (linear 0) y itself when that end is not positive. */
double chart_err_low(double y, double err, int linear);
void chart_series_err(struct chart *c, size_t i, const double *err);
/* Bar i's error bar: value ± err (err > 0 and finite, else none). */
void chart_bar_err(struct chart *c, size_t i, double err);
/* Mark i's label may be left out where it finds no free corner (struct chart_mark). */
void chart_mark_optional(struct chart *c, size_t i);
/* Adds a labelled point (x, y) in data units; the label is copied. */
void chart_add_mark(struct chart *c, double x, double y, const char *label);
void chart_add_bar(struct chart *c, const char *label, const char *note,
		   double value, const char *value_text, uint32_t color);
/*
 * CHART_BARG: adds a bar under group's heading (a new heading row starts when
 * group differs from the previous bar's) and a legend entry for label's colour.
 */
void chart_add_group_bar(struct chart *c, const char *group, const char *label,
			 double value, const char *value_text, uint32_t color);
/* 1 for the bar kinds (BARH, BARG), whose height follows their rows. */
int chart_is_bars(const struct chart *c);
/* CHART_BARG: bar i's row (group headings take rows too); the number of rows. */
size_t chart_bar_row(const struct chart *c, size_t i);
size_t chart_bar_rows(const struct chart *c);
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
 * NaN or infinity (a null in fio's JSON) is "n/a".
 */
void chart_format_si(double v, double step, char *buf, size_t n);
/*
 * Writes v with the given decimals (0..15), halves away from zero on v's 15
 * significant digits, as a workbook shows a number: 73312.5 "73313", 2.675 "2.68",
 * -0.04 at 1 "0.0"; "n/a" as above. Every fixed-decimal number a report prints goes
 * through it. Returns buf.
 */
char *chart_format_fixed(double v, int decimals, char *buf, size_t n);
/* Writes v with thousands separators and the given decimals: "3,412.5"; "n/a" as above. */
void chart_format_grouped(double v, int decimals, char *buf, size_t n);

/*
 * Appends what chart c shows, for a reader who cannot see it (an alt text), from
 * the language's templates (NULL: nothing): bars, "{} bars; highest: {} ({}); lowest:
 * {} ({})" (their count, the highest bar's label and value, the lowest's); lines and
 * points, "{} series ({}); {} from {} to {}; {} from {} to {}" (their count and
 * labels, each axis's title and its data's range as the axis writes numbers).
 * Appends nothing for a chart without data or of another kind (3D bars).
 */
struct sbuf;
void chart_describe(const struct chart *c, const char *bars, const char *lines,
		    struct sbuf *sb);

/* Writes a tick label for v on axis a (SI or IEC, per a->unit). */
void chart_format_tick(const struct chart_axis *a, double v, char *buf, size_t n);

/*
 * Log ticks over [lo, hi] (lo > 0): powers of base (10 or 2), every k-th one so
 * that at most max_intervals intervals remain; the ends round outwards.
 * 3..9000 in base 10 gives 1, 10, 100, 1000, 10000.
 */
void chart_log_ticks(double lo, double hi, int base, int max_intervals,
		     struct chart_ticks *t);

/* Maps a data value to chart units inside the plot box. */
double chart_map_x(const struct chart *c, double v);
double chart_map_y(const struct chart *c, double v);
/* Maps a value of the second y axis. */
double chart_map_y2(const struct chart *c, double v);
/* Maps through any view (the plot's or the inset's); NAN for v <= 0 on a log axis. */
double chart_view_x(const struct chart_view *v, double x);
double chart_view_y(const struct chart_view *v, double y);

/*
 * Density raster: counts the points of s that fall inside view v on a grid of
 * pw x ph cells (row-major, row 0 at the top) into counts, which the caller
 * zeroes. Returns the largest count.
 */
uint32_t chart_density(const struct chart_series *s, const struct chart_view *v,
		       int pw, int ph, uint32_t *counts);

/*
 * over a scatter's density raster, points that are few in their
 * neighbourhood stay markers of their series' shape and colour (what the legend
 * shows): each point of s inside view v whose cell of CHART_OUTLIER_CELL x
 * CHART_OUTLIER_CELL points (of v's box, the whole cells that fit, each at least that
 * wide) holds fewer than CHART_OUTLIER_MAX points of s. Sets keep[0..s->n) to 1 for those, 0 for the rest; returns how many.
 */
#define CHART_OUTLIER_CELL 6.0
#define CHART_OUTLIER_MAX 4
size_t chart_outliers(const struct chart_series *s, const struct chart_view *v,
		      unsigned char *keep);

/* The inset's corners, in the order templates name them (tmpl.c's inset-corner). */
enum chart_corner {
	CHART_CORNER_AUTO, CHART_CORNER_UPPER_RIGHT, CHART_CORNER_UPPER_LEFT,
	CHART_CORNER_LOWER_RIGHT, CHART_CORNER_LOWER_LEFT
};

/*
 * sets in->x, in->y (its w, h given) to the corner of the plot, margin
 * points in: c->inset_corner when the template chose one, else the one that hides
 * the fewest points and not the zoomed window's frame (inset_win mapped through
 * lay.view): a tail zoom sits on the right, so the inset goes left. Upper right,
 * upper left, lower right, lower left on a tie; the corners leave room for the
 * inset's tick labels left of and under its box.
 */
void chart_inset_corner(const struct chart *c, struct chart_view *in, double margin);

/* Number of points in all series; a scatter with more is drawn as a raster. */
size_t chart_points(const struct chart *c);

/*
 * M4 thinning: splits [x0, x1] into columns and keeps, per column, the first,
 * minimum, maximum and last point, in their original order, so a line drawn
 * through the result looks the same at that width. x must not decrease. Returns
 * the number of points written to ox/oy (which must hold 4 * columns + 4).
 */
size_t chart_m4(const double *x, const double *y, size_t n, double x0, double x1,
		int columns, double *ox, double *oy);

#endif
