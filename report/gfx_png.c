/* SPDX-License-Identifier: MIT */
/* gfx_png: palette or RGBA PNG, unfiltered, deflated at level 1 (PNG spec, ISO/IEC 15948). */
#include "gfx_png.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

static void put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* Appends a chunk (length, type, data, CRC of type and data) at out + *at. */
static void chunk(unsigned char *out, size_t *at, const char *type, const unsigned char *data,
		  size_t len)
{
	unsigned char *p = out + *at;
	uLong crc;

	put32(p, (uint32_t)len);
	memcpy(p + 4, type, 4);
	if (len)
		memcpy(p + 8, data, len);
	crc = crc32(0L, p + 4, (uInt)(len + 4));
	put32(p + 8 + len, (uint32_t)crc);
	*at += len + 12;
}

unsigned char *gfx_png_encode(const uint32_t *argb, int pw, int ph, size_t *n)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	size_t w = (size_t)pw, h = (size_t)ph, bpp = 1, rowlen, rawlen, at = 0, i;
	struct palette *pal = xmalloc(sizeof(*pal));
	unsigned char *raw, *out = NULL, ihdr[13], plte[3 * PALETTE_MAX];
	unsigned char trns[PALETTE_MAX];
	uLongf zlen;
	int indexed = 1;

	if (pw <= 0 || ph <= 0 || w > 0x7fffffff / 4 || h > 0x7fffffff / w) {
		free(pal);
		return NULL;
	}
	pal->n = 0;
	memset(pal->slot, 0xff, sizeof(pal->slot));
	for (i = 0; i < w * h && indexed; i++)
		if (!i || argb[i] != argb[i - 1])
			indexed = palette_index(pal, argb[i]) >= 0;
	if (!indexed)
		bpp = 4;
	rowlen = 1 + w * bpp;
	rawlen = rowlen * h;
	raw = xmalloc(rawlen);
	for (size_t y = 0; y < h; y++) {
		const uint32_t *src = argb + y * w;
		unsigned char *dst = raw + y * rowlen;
		int last = -1;

		*dst++ = 0; /* filter: none */
		for (size_t x = 0; x < w; x++) {
			if (indexed) {
				if (last < 0 || src[x] != pal->color[last])
					last = palette_index(pal, src[x]);
				dst[x] = (unsigned char)last;
			} else {
				unpremultiply(src[x], dst + 4 * x);
			}
		}
	}
	zlen = compressBound((uLong)rawlen);
	out = xmalloc(8 + 25 + (12 + 3 * PALETTE_MAX) + (12 + PALETTE_MAX) + 12 + zlen + 12);
	memcpy(out, sig, sizeof(sig));
	at = sizeof(sig);
	put32(ihdr, (uint32_t)w);
	put32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;                    /* bit depth */
	ihdr[9] = indexed ? 3 : 6;      /* colour type: palette, or RGBA */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(out, &at, "IHDR", ihdr, sizeof(ihdr));
	if (indexed) {
		for (i = 0; i < pal->n; i++) {
			unsigned char px[4];

			unpremultiply(pal->color[i], px);
			memcpy(plte + 3 * i, px, 3);
			trns[i] = px[3];
		}
		chunk(out, &at, "PLTE", plte, 3 * pal->n);
		chunk(out, &at, "tRNS", trns, pal->n);
	}
	/* The IDAT's data goes straight into place, then the chunk is framed round it. */
	if (compress2(out + at + 8, &zlen, raw, (uLong)rawlen, 1) != Z_OK) {
		free(out);
		out = NULL;
	} else {
		static const unsigned char idat[4] = { 'I', 'D', 'A', 'T' };
		unsigned char *p = out + at;
		uLong crc;

		put32(p, (uint32_t)zlen);
		memcpy(p + 4, idat, sizeof(idat));
		crc = crc32(0L, p + 4, (uInt)(zlen + 4));
		put32(p + 8 + zlen, (uint32_t)crc);
		at += zlen + 12;
		chunk(out, &at, "IEND", NULL, 0);
		*n = at;
	}
	free(raw);
	free(pal);
	return out;
}
