/* SPDX-License-Identifier: MIT */
/* gfx_png: a fast PNG of a density raster (for cairo's SVG output to embed as it is)
 * and of a PNG page. */
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
/*
 * The same for an opaque page (cairo's RGB24, its top byte unused; rows pitch pixels
 * apart): a palette without transparency when at most 256 colours, else RGB. Every
 * PNG file ssdbench writes goes through it: cairo's own writer took three quarters of
 * a lineup's rendering time for files about as large (docs/performance.md).
 */
unsigned char *gfx_png_encode_rgb(const uint32_t *xrgb, int pw, int ph, size_t pitch,
				  size_t *n);

#endif
