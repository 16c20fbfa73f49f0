/* SPDX-License-Identifier: MIT */
/*
 * bench_png: ssdbench's PNG encoder (gfx_png_encode_rgb) against cairo's own
 * (cairo_surface_write_to_png_stream, what ssdbench used before), on the same
 * pages: each PNG given is decoded by cairo, encoded ROUNDS times by each, and both
 * outputs decoded again and compared pixel for pixel. Prints one line:
 *   files N cairo_cpu_s S cairo_bytes B ours_cpu_s S ours_bytes B pixels_equal 0|1
 * Usage: bench_png ROUNDS FILE.png...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cairo.h>

#include "gfx_png.h"

struct sink {
	unsigned char *p;
	size_t n, cap;
};

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned len)
{
	struct sink *s = closure;

	if (s->n + len > s->cap) {
		s->cap = (s->n + len) * 2;
		s->p = realloc(s->p, s->cap);
		if (!s->p)
			return CAIRO_STATUS_NO_MEMORY;
	}
	memcpy(s->p + s->n, data, len);
	s->n += len;
	return CAIRO_STATUS_SUCCESS;
}

struct source {
	const unsigned char *p;
	size_t n, at;
};

static cairo_status_t source_read(void *closure, unsigned char *data, unsigned len)
{
	struct source *s = closure;

	if (s->n - s->at < len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, s->p + s->at, len);
	s->at += len;
	return CAIRO_STATUS_SUCCESS;
}

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* 1 when the PNG in p[0..n) decodes to a's pixels (RGB; the top byte unused). */
static int same_pixels(cairo_surface_t *a, const unsigned char *p, size_t n)
{
	struct source src = { p, n, 0 };
	cairo_surface_t *b = cairo_image_surface_create_from_png_stream(source_read, &src);
	int w = cairo_image_surface_get_width(a), h = cairo_image_surface_get_height(a), ok;

	ok = cairo_surface_status(b) == CAIRO_STATUS_SUCCESS &&
	     cairo_image_surface_get_width(b) == w && cairo_image_surface_get_height(b) == h;
	for (int y = 0; ok && y < h; y++) {
		const uint32_t *ra = (const void *)(cairo_image_surface_get_data(a) +
						    (size_t)y * (size_t)cairo_image_surface_get_stride(a));
		const uint32_t *rb = (const void *)(cairo_image_surface_get_data(b) +
						    (size_t)y * (size_t)cairo_image_surface_get_stride(b));

		for (int x = 0; ok && x < w; x++)
			ok = ((ra[x] ^ rb[x]) & 0xffffffu) == 0;
	}
	cairo_surface_destroy(b);
	return ok;
}

int main(int argc, char **argv)
{
	double t_cairo = 0, t_ours = 0;
	size_t b_cairo = 0, b_ours = 0;
	int rounds = argc > 2 ? atoi(argv[1]) : 0, equal = 1;

	if (rounds < 1) {
		fputs("usage: bench_png ROUNDS FILE.png...\n", stderr);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		cairo_surface_t *in = cairo_image_surface_create_from_png(argv[i]), *rgb;
		cairo_t *cr;
		int w, h;

		if (cairo_surface_status(in) != CAIRO_STATUS_SUCCESS) {
			fprintf(stderr, "bench_png: %s: %s\n", argv[i],
				cairo_status_to_string(cairo_surface_status(in)));
			return 1;
		}
		/* the page as ssdbench renders it: an RGB24 surface */
		w = cairo_image_surface_get_width(in);
		h = cairo_image_surface_get_height(in);
		rgb = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
		cr = cairo_create(rgb);
		cairo_set_source_surface(cr, in, 0, 0);
		cairo_paint(cr);
		cairo_destroy(cr);
		cairo_surface_flush(rgb);
		for (int r = 0; r < rounds; r++) {
			struct sink s = { NULL, 0, 0 };
			unsigned char *png;
			size_t n = 0;
			double t0 = cpu_now();

			cairo_surface_write_to_png_stream(rgb, sink_write, &s);
			t_cairo += cpu_now() - t0;
			t0 = cpu_now();
			png = gfx_png_encode_rgb((const void *)cairo_image_surface_get_data(rgb), w, h,
						 (size_t)cairo_image_surface_get_stride(rgb) / 4, &n);
			t_ours += cpu_now() - t0;
			if (r == 0) {
				b_cairo += s.n;
				b_ours += n;
				equal &= png && same_pixels(rgb, png, n) && same_pixels(rgb, s.p, s.n);
			}
			free(png);
			free(s.p);
		}
		cairo_surface_destroy(rgb);
		cairo_surface_destroy(in);
	}
	printf("files %d cairo_cpu_s %.4f cairo_bytes %zu ours_cpu_s %.4f ours_bytes %zu "
	       "pixels_equal %d\n", argc - 2, t_cairo / rounds, b_cairo, t_ours / rounds, b_ours,
	       equal);
	return equal ? 0 : 1;
}
