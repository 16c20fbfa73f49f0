/* SPDX-License-Identifier: MIT */
/* gfx_png: palette, RGB or RGBA PNG through libpng, unfiltered, deflated at level 1. */
#include "gfx_png.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

#define PALETTE_MAX 256
#define HASH_SIZE 1024 /* open addressing over at most 256 colours */

struct palette {
	uint32_t color[PALETTE_MAX];
	size_t n;
	int16_t slot[HASH_SIZE];  /* index into color, or -1 */
};

/* The colour's index, added when new; -1 when the palette is full. */
static int palette_index(struct palette *p, uint32_t c)
{
	size_t h = ((c * 2654435761u) >> 22) & (HASH_SIZE - 1);

	while (p->slot[h] >= 0) {
		if (p->color[p->slot[h]] == c)
			return p->slot[h];
		h = (h + 1) & (HASH_SIZE - 1);
	}
	if (p->n == PALETTE_MAX)
		return -1;
	p->color[p->n] = c;
	p->slot[h] = (int16_t)p->n;
	return (int)p->n++;
}

/* Premultiplied ARGB to straight-alpha r, g, b, a. */
static void unpremultiply(uint32_t c, unsigned char out[4])
{
	unsigned a = c >> 24;

	for (int k = 0; k < 3; k++) {
		unsigned v = (c >> (16 - 8 * k)) & 0xff;

		out[k] = (unsigned char)(a ? (v * 255 + a / 2) / a : 0);
	}
	out[3] = (unsigned char)a;
}

/* libpng's output, appended to a growing buffer. */
struct buf {
	unsigned char *p;
	size_t n, cap;
};

static void append(png_structp png, png_bytep data, size_t len)
{
	struct buf *b = png_get_io_ptr(png);

	if (b->n + len > b->cap) {
		b->cap = (b->n + len) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->n, data, len);
	b->n += len;
}

static void flush(png_structp png)
{
	(void)png;
}

/* Writes the w x h rows of raw (palette indices, else RGB when opaque, else RGBA)
 * as a PNG into b; 0 or -1. */
static int write_png(struct buf *b, const unsigned char *raw, size_t w, size_t h,
		     const struct palette *pal, int opaque)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	png_color plte[PALETTE_MAX];
	png_byte trns[PALETTE_MAX];
	size_t rowlen = w * (pal ? 1 : opaque ? 3 : 4);

	if (!info) {
		png_destroy_write_struct(&png, NULL);
		return -1;
	}
	for (size_t i = 0; pal && i < pal->n; i++) {
		unsigned char px[4];

		unpremultiply(pal->color[i], px);
		plte[i] = (png_color){ px[0], px[1], px[2] };
		trns[i] = px[3];
	}
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		return -1;
	}
	png_set_write_fn(png, b, append, flush);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
		     pal ? PNG_COLOR_TYPE_PALETTE : opaque ? PNG_COLOR_TYPE_RGB
							   : PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	if (pal) {
		png_set_PLTE(png, info, plte, (int)pal->n);
		if (!opaque)
			png_set_tRNS(png, info, trns, (int)pal->n, NULL);
	}
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_compression_level(png, 1);
	png_write_info(png, info);
	for (size_t y = 0; y < h; y++)
		png_write_row(png, raw + y * rowlen);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return 0;
}

/*
 * The encoder of both: pw x ph pixels, rows `pitch` pixels apart; opaque: cairo's
 * RGB24 (the top byte unused, each pixel taken as alpha 255), written without alpha.
 */
static unsigned char *encode(const uint32_t *px, int pw, int ph, size_t pitch, int opaque,
			     size_t *n)
{
	size_t w = (size_t)pw, h = (size_t)ph, bpp = 1, rowlen;
	uint32_t mask = opaque ? 0xff000000u : 0;
	struct palette *pal;
	struct buf b = { NULL, 0, 0 };
	unsigned char *raw;
	int indexed = 1;

	if (pw <= 0 || ph <= 0 || w > 0x7fffffff / 4 || h > 0x7fffffff / w || pitch < w)
		return NULL;
	pal = xmalloc(sizeof(*pal));
	pal->n = 0;
	memset(pal->slot, 0xff, sizeof(pal->slot));
	for (size_t y = 0; y < h && indexed; y++)
		for (size_t x = 0; x < w && indexed; x++) {
			uint32_t c = px[y * pitch + x] | mask;

			if (!x || c != (px[y * pitch + x - 1] | mask))
				indexed = palette_index(pal, c) >= 0;
		}
	if (!indexed)
		bpp = opaque ? 3 : 4;
	rowlen = w * bpp;
	raw = xmalloc(rowlen * h);
	for (size_t y = 0; y < h; y++) {
		const uint32_t *src = px + y * pitch;
		unsigned char *dst = raw + y * rowlen;
		int last = -1;

		for (size_t x = 0; x < w; x++) {
			uint32_t c = src[x] | mask;

			if (indexed) {
				if (last < 0 || c != pal->color[last])
					last = palette_index(pal, c);
				dst[x] = (unsigned char)last;
			} else if (opaque) {
				dst[3 * x] = (unsigned char)(c >> 16);
				dst[3 * x + 1] = (unsigned char)(c >> 8);
				dst[3 * x + 2] = (unsigned char)c;
			} else {
				unpremultiply(c, dst + 4 * x);
			}
		}
	}
	b.cap = rowlen * h / 4 + 1024;
	b.p = xmalloc(b.cap);
	if (write_png(&b, raw, w, h, indexed ? pal : NULL, opaque)) {
		free(b.p);
		b.p = NULL;
	} else {
		*n = b.n;
	}
	free(raw);
	free(pal);
	return b.p;
}

unsigned char *gfx_png_encode(const uint32_t *argb, int pw, int ph, size_t *n)
{
	return encode(argb, pw, ph, (size_t)(pw > 0 ? pw : 0), 0, n);
}

unsigned char *gfx_png_encode_rgb(const uint32_t *xrgb, int pw, int ph, size_t pitch,
				  size_t *n)
{
	return encode(xrgb, pw, ph, pitch, 1, n);
}
