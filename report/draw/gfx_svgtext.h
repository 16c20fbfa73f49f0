/* SPDX-License-Identifier: MIT */
/*
 * gfx_svgtext: SVG text kept as text. cairo's SVG surface writes glyph
 * outlines, which an editor can neither fix nor translate; gfx collects each
 * string it sets on an SVG as a <text> element here (position, size and colour
 * after every transform, the font family with CJK fallbacks, the language) and
 * splices them into cairo's finished SVG, above its drawing.
 */
#ifndef SB_GFX_SVGTEXT_H
#define SB_GFX_SVGTEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The strings of one SVG file. */
struct gfx_svgtext;

/* lang: BCP 47 (xml:lang); family: the font the charts are measured with. */
struct gfx_svgtext *gfx_svgtext_new(const char *lang, const char *family);
void gfx_svgtext_free(struct gfx_svgtext *st);

/* Where x is on the text: its start, middle or end (text-anchor). */
enum gfx_svgtext_anchor { GFX_SVGTEXT_START, GFX_SVGTEXT_MIDDLE, GFX_SVGTEXT_END };

/* A string with its baseline at (x, y), size in SVG user units, colour 0xRRGGBB. */
void gfx_svgtext_add(struct gfx_svgtext *st, double x, double y, double size, int bold,
		     uint32_t color, enum gfx_svgtext_anchor anchor, const char *text);

/*
 * Writes the SVG svg (n bytes, cairo's) to out with the strings as one <g> of
 * <text> elements before its closing </svg>. Returns 0, or -1 when svg has no
 * </svg> or a write failed (errno set).
 */
int gfx_svgtext_splice(const struct gfx_svgtext *st, const char *svg, size_t n, FILE *out);

#endif
