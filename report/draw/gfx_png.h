/* SPDX-License-Identifier: MIT */
/* gfx_png: a fast PNG of a density raster, for cairo's SVG output to embed as it is. */
#ifndef SB_GFX_PNG_H
#define SB_GFX_PNG_H

#include <stddef.h>
#include <stdint.h>

/*
 * Encodes pw x ph premultiplied ARGB32 pixels (stride 4 * pw) as a PNG: an
 * 8-bit palette with transparency when there are at most 256 colours (a density
 * raster has a few), else RGBA; no row filters, zlib's fastest level. A density
 * raster is mostly empty runs, which that level still packs tightly; cairo's own
 * encoder (adaptive filters, level 6) spends most of an SVG chart's time here.
 * Returns a malloc'd buffer and its size in *n, or NULL.
 */
unsigned char *gfx_png_encode(const uint32_t *argb, int pw, int ph, size_t *n);

#endif
