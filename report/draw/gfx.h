/* SPDX-License-Identifier: MIT */
/*
 * gfx: the thin drawing layer over cairo and pango (as rrdtool's rrd_gfx.c): fonts,
 * one place that opens SVG, PDF and PNG surfaces, and text, lines and rectangles.
 */
#ifndef SB_GFX_H
#define SB_GFX_H

#include <stddef.h>
#include <stdint.h>

#include "chart.h"
#include "diag.h"

enum gfx_format { GFX_SVG, GFX_PDF, GFX_PNG };
enum gfx_align { GFX_LEFT, GFX_CENTER, GFX_RIGHT };

/* A private fontconfig configuration, a pango font map over it and a language. */
struct gfx_fonts;

/*
 * Loads the fontconfig file fonts_conf into a configuration of its own (the
 * process's default fontconfig setup is neither used nor changed) and prepares
 * text in language lang (BCP 47, "zh-TW" when NULL), with hinting off so text
 * measures the same on every surface. Returns 0 or -SB_ERENDER with d naming the
 * file; *out is freed with gfx_fonts_free().
 */
int gfx_fonts_new(struct gfx_fonts **out, const char *fonts_conf, const char *lang,
		  struct diag *d);
void gfx_fonts_free(struct gfx_fonts *f);
/*
 * text from now on in p's type scale (NULL: the print scale), and SVGs in
 * p's unit (px or pt). Lay charts out after the change: measuring follows it.
 */
void gfx_fonts_preset(struct gfx_fonts *f, const struct chart_preset *p);
/*
 * SVG text as glyph outlines (outlines 1: for readers without the fonts)
 * instead of <text> elements naming the font and its CJK fallbacks (0, the default).
 */
void gfx_fonts_svg_outlines(struct gfx_fonts *f, int outlines);
/*
 * The wording check every drawn text goes through (wcheck.h; NULL: none), borrowed;
 * and the one set, for the writers that are not drawn (HTML, the workbook).
 */
struct wcheck;
void gfx_fonts_check(struct gfx_fonts *f, struct wcheck *check);
struct wcheck *gfx_fonts_checker(const struct gfx_fonts *f);
/* Fills m so chart_layout() measures text with these fonts. f stays borrowed. */
void gfx_fonts_measure(struct gfx_fonts *f, struct chart_measure *m);

/* Document metadata for PDF; fixed dates make the file byte-identical per run. */
struct gfx_meta {
	const char *title;
	const char *creator;
	const char *date;    /* ISO 8601; NULL means 1970-01-01T00:00:00Z */
};

/* One output file being drawn; the unit is the point, origin top left. */
struct gfx;

/*
 * Opens path for a width x height canvas. PNG is rasterised at scale pixels per
 * point (other formats ignore scale) and written by gfx_close(). meta may be NULL.
 * Returns 0 or -SB_ERENDER with d naming path; on success close *out with
 * gfx_close(). fonts stays borrowed and must outlive the gfx.
 */
int gfx_open(struct gfx **out, struct gfx_fonts *fonts, enum gfx_format fmt,
	     const char *path, double width, double height, double scale,
	     const struct gfx_meta *meta, struct diag *d);
/* Ends the page and starts a new white one (PDF). Returns 0 or -SB_ERENDER. */
int gfx_page(struct gfx *g, struct diag *d);
/*
 * Finishes the file and renames it over the path gfx_open() got (it was written
 * to a temporary file beside it), then frees g. On error the path is left as it
 * was; g is freed either way (NULL is a no-op).
 */
int gfx_close(struct gfx *g, struct diag *d);
/* Frees g, leaving the path as it was (a drawing that failed half-way). */
void gfx_discard(struct gfx *g);

/* Draws in a coordinate system moved by (tx, ty) and scaled; nest with pop. */
void gfx_push(struct gfx *g, double tx, double ty, double scale);
void gfx_pop(struct gfx *g);

void gfx_rect(struct gfx *g, double x, double y, double w, double h,
	      uint32_t color);
/* A line of width points; pixel-snapped horizontal and vertical rules look crisp. */
void gfx_line(struct gfx *g, double x0, double y0, double x1, double y1,
	      double width, uint32_t color);
void gfx_polyline(struct gfx *g, const double *x, const double *y, size_t n,
		  double width, uint32_t color);
/* A closed polygon filled with fill, outlined width points in line (width 0: none). */
void gfx_polygon(struct gfx *g, const double *x, const double *y, size_t n, uint32_t fill,
		 double width, uint32_t line);
/*
 * Strokes after this are dashed: on points drawn, off points skipped; on <= 0
 * makes them solid again.
 */
void gfx_dash(struct gfx *g, double on, double off);
/* Round markers of radius r at each point, filled as one path. */
void gfx_dots(struct gfx *g, const double *x, const double *y, size_t n, double r,
	      uint32_t color);
/*
 * Markers of shape m and radius r at each point. On SVG the fill is split every
 * few thousand marks so no path's d attribute nears librsvg's limit.
 */
void gfx_markers(struct gfx *g, const double *x, const double *y, size_t n,
		 enum chart_marker m, double r, uint32_t color);
/*
 * A raster to paint with gfx_image_put(): pw x ph premultiplied ARGB32 pixels,
 * zeroed (transparent), row-major with a stride of 4 * pw, that the caller fills.
 * They belong to g; NULL when the raster cannot be had (then draw nothing).
 */
uint32_t *gfx_image_new(struct gfx *g, int pw, int ph);
/*
 * Paints the raster from gfx_image_new() into the box at (x, y, w, h),
 * unsmoothed; it stays a raster inside SVG and PDF while everything else stays
 * vector. SVG and PDF read it when the page is done, so it is not copied: it
 * lives until gfx_page() or gfx_close().
 */
void gfx_image_put(struct gfx *g, uint32_t *argb, double x, double y, double w, double h);
/*
 * 1 when colour painted through an 8-bit alpha mask (gfx_mask_new/put) is the
 * cheaper raster: PDF, where it is one grey channel to compress instead of RGB
 * and alpha. Not SVG: cairo 1.16 writes a scaled mask there unscaled.
 */
int gfx_masks_ok(const struct gfx *g);
/*
 * An alpha mask of pw x ph bytes, zeroed, row-major with *stride bytes a row,
 * that the caller fills; it belongs to g. NULL when it cannot be had.
 */
uint8_t *gfx_mask_new(struct gfx *g, int pw, int ph, size_t *stride);
/* Paints color through the mask from gfx_mask_new() into the box (x, y, w, h). */
void gfx_mask_put(struct gfx *g, uint8_t *a8, uint32_t color, double x, double y,
		  double w, double h);
/* Raster pixels per point for a density image: the PNG scale, else 216 dpi. */
double gfx_raster_scale(const struct gfx *g);
/* Clips drawing to a rectangle until gfx_unclip(). */
void gfx_clip(struct gfx *g, double x, double y, double w, double h);
void gfx_unclip(struct gfx *g);

/*
 * Sets text with its box's top at y; x is its left edge, centre or right edge per
 * align. max_w > 0 ellipsizes longer text. Returns the width drawn.
 */
double gfx_text(struct gfx *g, double x, double y, enum chart_font f,
		uint32_t color, enum gfx_align align, double max_w, const char *text);

#endif
