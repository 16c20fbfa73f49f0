/* SPDX-License-Identifier: MIT */
/* gfx: fonts, surfaces and drawing primitives over cairo, pango and fontconfig. */
#include "gfx.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "err.h"
#include "gfx_heap.h"
#include "gfx_png.h"
#include "gfx_svgtext.h"
#include "lang.h"
#include "safefile.h"
#include "sbuf.h"
#include "wcheck.h"
#include "xalloc.h"

/* The Noto CJK family for a language; the first matching prefix wins. */
static const struct {
	const char *prefix;
	const char *family;
} lang_families[] = {
	{ "zh-cn", "Noto Sans CJK SC" }, { "zh-sg", "Noto Sans CJK SC" },
	{ "zh-hans", "Noto Sans CJK SC" }, { "zh-hk", "Noto Sans CJK HK" },
	{ "ja", "Noto Sans CJK JP" },      { "ko", "Noto Sans CJK KR" },
	{ "", "Noto Sans CJK TC" },
};

struct gfx_fonts {
	FcConfig *fc;
	PangoFontMap *map;
	PangoContext *ctx;     /* for measuring, not tied to a surface */
	PangoLayout *layout;
	PangoLanguage *lang;
	cairo_font_options_t *opts;
	PangoFontDescription *desc[CHART_FONT_N];
	const char *family;
	char *lang_tag;
	const struct chart_preset *preset; /* the type scale and SVG unit */
	int svg_outlines;      /* SVG text as glyph outlines, not <text> */
	struct wcheck *check;  /* the wording check, borrowed; NULL: none */
};

struct gfx {
	struct gfx_fonts *fonts;
	enum gfx_format fmt;
	double scale;          /* PNG pixels per point; 1 for vector surfaces */
	char *path;
	struct safefile_out out; /* a temporary file renamed over path when all went well */
	FILE *file;            /* every format is written through this stream ... */
	int write_errno;       /* ... so a full disk is an error, not a short file */
	int discard;           /* gfx_discard(): the file is left as it was */
	cairo_surface_t *surface;
	cairo_t *cr;
	PangoContext *ctx;
	PangoLayout *layout;
	cairo_surface_t **images;   /* rasters the page uses (gfx_image_new) */
	size_t nimages, images_cap;
	struct gfx_svgtext *svgtext; /* SVG strings as <text>, spliced at close ... */
	struct sbuf svg;             /* ... into cairo's SVG, kept here until then */
};

/* The rasters are read when the page is done: let them go only then. */
static void release_images(struct gfx *g)
{
	for (size_t i = 0; i < g->nimages; i++)
		cairo_surface_destroy(g->images[i]);
	g->nimages = 0;
}

/* cairo's write callback: the first failed write is kept and reported at close. */
static cairo_status_t write_cb(void *closure, const unsigned char *data, unsigned len)
{
	struct gfx *g = closure;

	if (g->write_errno)
		return CAIRO_STATUS_WRITE_ERROR;
	if (g->svgtext) {
		sbuf_add(&g->svg, data, len);
		return CAIRO_STATUS_SUCCESS;
	}
	if (fwrite(data, 1, len, g->file) != len) {
		g->write_errno = errno ? errno : EIO;
		return CAIRO_STATUS_WRITE_ERROR;
	}
	return CAIRO_STATUS_SUCCESS;
}

static const char *family_for(const char *lang)
{
	size_t i = 0;

	while (lang_families[i].prefix[0] &&
	       strncasecmp(lang, lang_families[i].prefix,
			   strlen(lang_families[i].prefix)))
		i++;
	return lang_families[i].family;
}

/* Loads fonts_conf into a fresh FcConfig and checks that family is in it. */
static int load_fc(struct gfx_fonts *f, const char *conf, const char *family,
		   struct diag *d)
{
	FcPattern *pat = NULL;
	FcObjectSet *os = NULL;
	FcFontSet *set = NULL;
	int rc = 0;

	if (access(conf, R_OK) != 0)
		return diag_set(d, -SB_ERENDER, conf, 0, 0,
				"cannot read fontconfig file '%s'", conf);
	f->fc = FcConfigCreate();
	if (!FcConfigParseAndLoad(f->fc, (const FcChar8 *)conf, FcTrue) ||
	    !FcConfigBuildFonts(f->fc))
		return diag_set(d, -SB_ERENDER, conf, 0, 0,
				"cannot load fontconfig file '%s'", conf);
	pat = FcPatternCreate();
	FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
	os = FcObjectSetBuild(FC_FILE, (char *)NULL);
	set = FcFontList(f->fc, pat, os);
	if (!set || set->nfont == 0)
		rc = diag_set(d, -SB_ERENDER, conf, 0, 0,
			      "font '%s' not found by '%s' (install fonts-noto-cjk)",
			      family, conf);
	if (set)
		FcFontSetDestroy(set);
	FcObjectSetDestroy(os);
	FcPatternDestroy(pat);
	return rc;
}

/* Hinting off and unrounded positions: text measures alike on every surface. */
static void setup_context(struct gfx_fonts *f, PangoContext *ctx)
{
	pango_context_set_language(ctx, f->lang);
	pango_context_set_round_glyph_positions(ctx, FALSE);
	pango_cairo_context_set_font_options(ctx, f->opts);
	pango_cairo_context_set_resolution(ctx, 72.0);
}

int gfx_fonts_new(struct gfx_fonts **out, const char *fonts_conf, const char *lang,
		  struct diag *d)
{
	struct gfx_fonts *f = xcalloc(1, sizeof(*f));
	const char *family;
	int rc;

	*out = NULL;
	lang = lang && *lang ? lang : lang_default();
	family = family_for(lang);
	rc = load_fc(f, fonts_conf, family, d);
	if (rc)
		goto out;
	f->map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
	if (!f->map || !PANGO_IS_FC_FONT_MAP(f->map)) {
		rc = diag_set(d, -SB_ERENDER, fonts_conf, 0, 0,
			      "pango has no fontconfig font map");
		goto out;
	}
	pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(f->map), f->fc);
	f->lang = pango_language_from_string(lang);
	f->lang_tag = xstrdup(lang);
	f->family = family;
	f->opts = cairo_font_options_create();
	cairo_font_options_set_hint_style(f->opts, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(f->opts, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(f->opts, CAIRO_ANTIALIAS_GRAY);
	f->ctx = pango_font_map_create_context(f->map);
	setup_context(f, f->ctx);
	f->layout = pango_layout_new(f->ctx);
	for (int i = 0; i < CHART_FONT_N; i++) {
		const struct chart_font_spec *s = chart_font_spec((enum chart_font)i);

		f->desc[i] = pango_font_description_new();
		pango_font_description_set_family(f->desc[i], family);
		pango_font_description_set_weight(f->desc[i], s->bold ?
			PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	}
	gfx_fonts_preset(f, NULL);
out:
	if (rc)
		gfx_fonts_free(f);
	else
		*out = f;
	return rc;
}

void gfx_fonts_preset(struct gfx_fonts *f, const struct chart_preset *p)
{
	f->preset = p;
	for (int i = 0; i < CHART_FONT_N; i++)
		pango_font_description_set_absolute_size(f->desc[i],
			chart_preset_size(p, (enum chart_font)i) * PANGO_SCALE);
}

void gfx_fonts_check(struct gfx_fonts *f, struct wcheck *check)
{
	f->check = check;
}

struct wcheck *gfx_fonts_checker(const struct gfx_fonts *f)
{
	return f->check;
}

void gfx_fonts_svg_outlines(struct gfx_fonts *f, int outlines)
{
	f->svg_outlines = outlines;
}

void gfx_fonts_free(struct gfx_fonts *f)
{
	if (!f)
		return;
	free(f->lang_tag);
	for (int i = 0; i < CHART_FONT_N; i++)
		if (f->desc[i])
			pango_font_description_free(f->desc[i]);
	if (f->layout)
		g_object_unref(f->layout);
	if (f->ctx)
		g_object_unref(f->ctx);
	if (f->map) {
		/*
		 * pango 1.50 references the FcConfig in set_config() but never drops
		 * that reference when the map is finalised; detaching it does.
		 */
		pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(f->map), NULL);
		g_object_unref(f->map);
	}
	if (f->opts)
		cairo_font_options_destroy(f->opts);
	if (f->fc)
		FcConfigDestroy(f->fc);
	free(f);
	gfx_heap_room_release(); /* the charts drawn with f are done */
}

static void set_text(PangoLayout *layout, const struct gfx_fonts *f,
		     enum chart_font font, const char *text)
{
	if ((int)font < 0 || font >= CHART_FONT_N)
		font = CHART_FONT_BODY;
	pango_layout_set_font_description(layout, f->desc[font]);
	pango_layout_set_text(layout, text, -1);
}

static void measure(void *ctx, enum chart_font font, const char *text, double *w,
		    double *h)
{
	struct gfx_fonts *f = ctx;
	PangoRectangle logical;

	set_text(f->layout, f, font, text);
	pango_layout_get_extents(f->layout, NULL, &logical);
	*w = (double)logical.width / PANGO_SCALE;
	*h = (double)logical.height / PANGO_SCALE;
}

void gfx_fonts_measure(struct gfx_fonts *f, struct chart_measure *m)
{
	m->text = measure;
	m->ctx = f;
}

static int check(struct gfx *g, struct diag *d)
{
	cairo_status_t st = cairo_surface_status(g->surface);

	if (st == CAIRO_STATUS_SUCCESS && g->cr)
		st = cairo_status(g->cr);
	if (st == CAIRO_STATUS_SUCCESS)
		return 0;
	return diag_set(d, -SB_ERENDER, g->path, 0, 0, "cannot write '%s': %s", g->path,
			g->write_errno ? strerror(g->write_errno) : cairo_status_to_string(st));
}

static void paint_white(struct gfx *g)
{
	cairo_save(g->cr);
	cairo_set_source_rgb(g->cr, 1, 1, 1);
	cairo_paint(g->cr);
	cairo_restore(g->cr);
}

/* A file error as a rendering one (what gfx_ callers are told), its message kept. */
static int render_error(int rc, const struct diag *io, struct diag *d)
{
	return rc ? diag_set(d, -SB_ERENDER, io->file, 0, 0, "%s", io->msg) : 0;
}

/* The one place that picks a surface for a format; vector ones write through g->file. */
static cairo_surface_t *create_surface(struct gfx *g, double w, double h,
				       const struct gfx_meta *meta)
{
	cairo_surface_t *s;

	switch (g->fmt) {
	case GFX_SVG:
		s = cairo_svg_surface_create_for_stream(write_cb, g, w, h);
		if (g->fonts->preset && g->fonts->preset->svg_px)
			cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
		return s;
	case GFX_PNG:
		return cairo_image_surface_create(CAIRO_FORMAT_RGB24,
						  (int)lround(w * g->scale),
						  (int)lround(h * g->scale));
	case GFX_PDF:
		s = cairo_pdf_surface_create_for_stream(write_cb, g, w, h);
		if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
			const char *date = meta && meta->date ? meta->date
							      : "1970-01-01T00:00:00Z";

			cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, date);
			cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE, date);
			if (meta && meta->title)
				cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
							       meta->title);
			if (meta && meta->creator)
				cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
							       meta->creator);
		}
		return s;
	}
	return NULL;
}

int gfx_open(struct gfx **out, struct gfx_fonts *fonts, enum gfx_format fmt,
	     const char *path, double width, double height, double scale,
	     const struct gfx_meta *meta, struct diag *d)
{
	struct gfx *g = xcalloc(1, sizeof(*g));
	struct diag io;
	int rc, fd;

	*out = NULL;
	diag_clear(&io);
	g->fonts = fonts;
	g->fmt = fmt;
	g->path = xstrdup(path);
	if (fmt != GFX_PNG || !(scale > 0))
		scale = 1;
	g->scale = scale;
	g->out.fd = g->out.dirfd = -1;
	rc = render_error(safefile_create(&g->out, path, &io), &io, d);
	if (rc)
		goto out;
	fd = dup(g->out.fd); /* the stream's own descriptor: the commit closes out.fd */
	g->file = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!g->file) {
		rc = diag_set(d, -SB_ERENDER, path, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno));
		if (fd >= 0)
			close(fd);
		goto out;
	}
	gfx_heap_room_new();
	if (fmt == GFX_SVG && !fonts->svg_outlines) {
		g->svgtext = gfx_svgtext_new(fonts->lang_tag, fonts->family);
		sbuf_init(&g->svg);
	}
	g->surface = create_surface(g, width, height, meta);
	rc = check(g, d);
	if (rc)
		goto out;
	g->cr = cairo_create(g->surface);
	if (fmt == GFX_PNG)
		cairo_scale(g->cr, scale, scale);
	g->ctx = pango_font_map_create_context(fonts->map);
	setup_context(fonts, g->ctx);
	g->layout = pango_layout_new(g->ctx);
	if (fmt != GFX_PDF)
		paint_white(g);
	rc = check(g, d);
out:
	if (rc) {
		gfx_discard(g);
		return rc;
	}
	*out = g;
	return 0;
}

int gfx_page(struct gfx *g, struct diag *d)
{
	int rc = check(g, d);

	if (rc)
		return rc;
	cairo_show_page(g->cr);
	release_images(g);
	/*
	 * show_page keeps the source and the rest of the state: start clean. No
	 * paint here, or the trailing empty page would be emitted.
	 */
	cairo_new_path(g->cr);
	cairo_set_source_rgb(g->cr, 0, 0, 0);
	return check(g, d);
}

int gfx_close(struct gfx *g, struct diag *d)
{
	struct diag io;
	int rc;
	cairo_status_t st;

	if (!g)
		return 0;
	rc = g->surface ? check(g, d) : 0;
	if (g->layout)
		g_object_unref(g->layout);
	if (g->ctx)
		g_object_unref(g->ctx);
	if (g->cr)
		cairo_destroy(g->cr);
	g->cr = NULL;
	if (!rc && g->fmt == GFX_PNG) {
		/* ssdbench's encoder, not cairo's (gfx_png.h says why) */
		size_t n = 0;
		unsigned char *png;

		cairo_surface_flush(g->surface);
		png = gfx_png_encode_rgb(
			(const uint32_t *)(const void *)cairo_image_surface_get_data(g->surface),
			cairo_image_surface_get_width(g->surface),
			cairo_image_surface_get_height(g->surface),
			(size_t)cairo_image_surface_get_stride(g->surface) / 4, &n);
		st = png && n <= UINT_MAX ? write_cb(g, png, (unsigned)n) : CAIRO_STATUS_NO_MEMORY;
		free(png);
		if (st != CAIRO_STATUS_SUCCESS && !g->write_errno)
			rc = diag_set(d, -SB_ERENDER, g->path, 0, 0,
				      "cannot write '%s': %s", g->path,
				      cairo_status_to_string(st));
	}
	if (g->surface) {
		cairo_surface_finish(g->surface);
		if (!rc && !g->write_errno)
			rc = check(g, d);
		cairo_surface_destroy(g->surface);
	}
	if (g->svgtext) {
		if (!rc && !g->write_errno &&
		    gfx_svgtext_splice(g->svgtext, g->svg.buf, g->svg.len, g->file))
			g->write_errno = errno ? errno : EIO;
		gfx_svgtext_free(g->svgtext);
		sbuf_release(&g->svg);
	}
	release_images(g);
	free(g->images);
	if (g->file && fclose(g->file) && !g->write_errno)
		g->write_errno = errno;
	if (g->write_errno && !rc)
		rc = diag_set(d, -SB_ERENDER, g->path, 0, 0, "cannot write '%s': %s",
			      g->path, strerror(g->write_errno));
	/* A cut-short chart or report never replaces the file: only a whole one does. */
	diag_clear(&io);
	if (!rc && !g->discard && g->out.fd >= 0)
		rc = render_error(safefile_commit(&g->out, &io), &io, d);
	safefile_abort(&g->out);
	free(g->path);
	free(g);
	return rc;
}

void gfx_discard(struct gfx *g)
{
	if (!g)
		return;
	g->discard = 1;
	gfx_close(g, NULL);
}

void gfx_push(struct gfx *g, double tx, double ty, double scale)
{
	cairo_save(g->cr);
	cairo_translate(g->cr, tx, ty);
	cairo_scale(g->cr, scale, scale);
}

void gfx_pop(struct gfx *g)
{
	cairo_restore(g->cr);
}

static void set_color(struct gfx *g, uint32_t c)
{
	cairo_set_source_rgb(g->cr, ((c >> 16) & 0xff) / 255.0,
			     ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

void gfx_rect(struct gfx *g, double x, double y, double w, double h,
	      uint32_t color)
{
	set_color(g, color);
	cairo_rectangle(g->cr, x, y, w, h);
	cairo_fill(g->cr);
}

/* On PNG, moves a coordinate so a line of device width dw covers whole pixels. */
static double snap(double v, double dw)
{
	long px = lround(dw);

	if (px < 1)
		px = 1;
	return (px % 2) ? floor(v) + 0.5 : nearbyint(v);
}

void gfx_line(struct gfx *g, double x0, double y0, double x1, double y1,
	      double width, uint32_t color)
{
	cairo_t *cr = g->cr;

	cairo_save(cr);
	if (g->fmt == GFX_PNG && (x0 == x1 || y0 == y1)) {
		double dw = width, dummy = 0;

		cairo_user_to_device_distance(cr, &dw, &dummy);
		cairo_user_to_device(cr, &x0, &y0);
		cairo_user_to_device(cr, &x1, &y1);
		if (x0 == x1)
			x0 = x1 = snap(x0, dw);
		else
			y0 = y1 = snap(y0, dw);
		cairo_identity_matrix(cr);
		width = fmax(1, nearbyint(dw));
	}
	set_color(g, color);
	cairo_set_line_width(cr, width);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
	cairo_restore(cr);
}

void gfx_polyline(struct gfx *g, const double *x, const double *y, size_t n,
		  double width, uint32_t color)
{
	cairo_t *cr = g->cr;

	if (n == 0)
		return;
	set_color(g, color);
	cairo_set_line_width(cr, width);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_move_to(cr, x[0], y[0]);
	for (size_t i = 1; i < n; i++)
		cairo_line_to(cr, x[i], y[i]);
	cairo_stroke(cr);
}

void gfx_polygon(struct gfx *g, const double *x, const double *y, size_t n, uint32_t fill,
		 double width, uint32_t line)
{
	cairo_t *cr = g->cr;

	if (n < 3)
		return;
	cairo_move_to(cr, x[0], y[0]);
	for (size_t i = 1; i < n; i++)
		cairo_line_to(cr, x[i], y[i]);
	cairo_close_path(cr);
	set_color(g, fill);
	if (width <= 0) {
		cairo_fill(cr);
		return;
	}
	cairo_fill_preserve(cr);
	set_color(g, line);
	cairo_set_line_width(cr, width);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

void gfx_dash(struct gfx *g, double on, double off)
{
	double pattern[2] = { on, off };

	cairo_set_dash(g->cr, pattern, on > 0 ? 2 : 0, 0);
}

void gfx_dots(struct gfx *g, const double *x, const double *y, size_t n, double r,
	      uint32_t color)
{
	cairo_t *cr = g->cr;

	set_color(g, color);
	for (size_t i = 0; i < n; i++) {
		cairo_new_sub_path(cr);
		cairo_arc(cr, x[i], y[i], r, 0, 2 * M_PI);
	}
	cairo_fill(cr);
}

/* Subpaths per fill on SVG: far below libxml2's 10 MB attribute limit. */
#define SVG_MARKS_PER_PATH 5000

static void marker_path(cairo_t *cr, double x, double y, enum chart_marker m,
			double r)
{
	cairo_new_sub_path(cr);
	switch (m) {
	case CHART_MARK_SQUARE:
		cairo_rectangle(cr, x - r * 0.88, y - r * 0.88, r * 1.76, r * 1.76);
		break;
	case CHART_MARK_TRIANGLE:
		cairo_move_to(cr, x, y - r * 1.2);
		cairo_line_to(cr, x + r * 1.1, y + r * 0.75);
		cairo_line_to(cr, x - r * 1.1, y + r * 0.75);
		cairo_close_path(cr);
		break;
	case CHART_MARK_DIAMOND:
		cairo_move_to(cr, x, y - r * 1.25);
		cairo_line_to(cr, x + r * 1.25, y);
		cairo_line_to(cr, x, y + r * 1.25);
		cairo_line_to(cr, x - r * 1.25, y);
		cairo_close_path(cr);
		break;
	case CHART_MARK_CROSS: /* a filled plus, so it fills like the others */
		cairo_rectangle(cr, x - r * 1.1, y - r * 0.35, r * 2.2, r * 0.7);
		cairo_new_sub_path(cr);
		cairo_rectangle(cr, x - r * 0.35, y - r * 1.1, r * 0.7, r * 2.2);
		break;
	default:
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	}
}

void gfx_markers(struct gfx *g, const double *x, const double *y, size_t n,
		 enum chart_marker m, double r, uint32_t color)
{
	cairo_t *cr = g->cr;
	/* On the image surface one huge path of overlapping marks is slow: fill each. */
	size_t per = g->fmt == GFX_SVG ? SVG_MARKS_PER_PATH : g->fmt == GFX_PNG ? 1 : n;

	set_color(g, color);
	cairo_save(cr);
	cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(x[i]) || !isfinite(y[i]))
			continue;
		marker_path(cr, x[i], y[i], m, r);
		if ((i + 1) % per == 0)
			cairo_fill(cr);
	}
	cairo_fill(cr);
	cairo_restore(cr);
}

/* A zeroed raster of cairo's own (so painting it copies nothing), kept by g. */
static unsigned char *raster_new(struct gfx *g, cairo_format_t fmt, int pw, int ph,
				 size_t *stride)
{
	cairo_surface_t *img;

	if (pw <= 0 || ph <= 0)
		return NULL;
	img = cairo_image_surface_create(fmt, pw, ph);
	if (cairo_surface_status(img) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(img);
		return NULL;
	}
	/* An array of pointers: sizeof(*images) is meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	XGROW(g->images, g->images_cap, g->nimages + 1);
	g->images[g->nimages++] = img;
	cairo_surface_flush(img);
	*stride = (size_t)cairo_image_surface_get_stride(img);
	return cairo_image_surface_get_data(img);
}

/*
 * The raster whose pixels are px, with cr saved and transformed so that it
 * covers the box (x, y, w, h) in its own pixels (cairo_restore in raster_done).
 * NULL when px is not one of g's.
 */
static cairo_surface_t *raster_begin(struct gfx *g, const void *px, double x, double y,
				     double w, double h, size_t *at)
{
	cairo_surface_t *img = NULL;

	for (*at = g->nimages; (*at)-- > 0;)
		if (cairo_image_surface_get_data(g->images[*at]) == px) {
			img = g->images[*at];
			break;
		}
	if (!img)
		return NULL;
	cairo_surface_mark_dirty(img);
	cairo_save(g->cr);
	cairo_translate(g->cr, x, y);
	cairo_scale(g->cr, w / cairo_image_surface_get_width(img),
		    h / cairo_image_surface_get_height(img));
	return img;
}

/* After painting: the page holds the raster until it is done, except PNG's. */
static void raster_done(struct gfx *g, size_t at)
{
	cairo_restore(g->cr);
	if (g->fmt == GFX_PNG) { /* painted into the pixels already */
		cairo_surface_destroy(g->images[at]);
		g->images[at] = g->images[--g->nimages];
	}
}

uint32_t *gfx_image_new(struct gfx *g, int pw, int ph)
{
	size_t stride;
	unsigned char *px = raster_new(g, CAIRO_FORMAT_ARGB32, pw, ph, &stride);

	return px && stride == 4 * (size_t)pw ? (uint32_t *)(void *)px : NULL;
}

void gfx_image_put(struct gfx *g, uint32_t *argb, double x, double y, double w, double h)
{
	size_t at;
	cairo_surface_t *img = raster_begin(g, argb, x, y, w, h, &at);

	if (!img)
		return;
	if (g->fmt == GFX_SVG) {
		/* cairo embeds a PNG given to it as it is (and its own is slow). */
		size_t n;
		unsigned char *png = gfx_png_encode(argb, cairo_image_surface_get_width(img),
						    cairo_image_surface_get_height(img), &n);

		if (png && cairo_surface_set_mime_data(img, CAIRO_MIME_TYPE_PNG, png, n, free,
						       png) != CAIRO_STATUS_SUCCESS)
			free(png);
	}
	cairo_set_source_surface(g->cr, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(g->cr), CAIRO_FILTER_NEAREST);
	cairo_rectangle(g->cr, 0, 0, cairo_image_surface_get_width(img),
			cairo_image_surface_get_height(img));
	cairo_fill(g->cr);
	raster_done(g, at);
}

int gfx_masks_ok(const struct gfx *g)
{
	return g->fmt == GFX_PDF;
}

uint8_t *gfx_mask_new(struct gfx *g, int pw, int ph, size_t *stride)
{
	return raster_new(g, CAIRO_FORMAT_A8, pw, ph, stride);
}

void gfx_mask_put(struct gfx *g, uint8_t *a8, uint32_t color, double x, double y,
		  double w, double h)
{
	size_t at;
	cairo_surface_t *img = raster_begin(g, a8, x, y, w, h, &at);
	cairo_pattern_t *p;

	if (!img)
		return;
	set_color(g, color);
	p = cairo_pattern_create_for_surface(img);
	cairo_pattern_set_filter(p, CAIRO_FILTER_NEAREST);
	cairo_mask(g->cr, p);
	cairo_pattern_destroy(p);
	raster_done(g, at);
}

double gfx_raster_scale(const struct gfx *g)
{
	return g->fmt == GFX_PNG ? g->scale : CHART_DENSITY_SCALE;
}

void gfx_clip(struct gfx *g, double x, double y, double w, double h)
{
	cairo_save(g->cr);
	cairo_rectangle(g->cr, x, y, w, h);
	cairo_clip(g->cr);
}

void gfx_unclip(struct gfx *g)
{
	cairo_restore(g->cr);
}

/*
 * the layout's text as an SVG <text>, its baseline where pango would set
 * it, mapped through the current transform. An ellipsized line is cut where
 * pango cut it, so the file says what the PNG shows.
 */
static void svg_text(struct gfx *g, double x, double y, enum chart_font f, uint32_t color,
		     enum gfx_align align, const PangoRectangle *logical, int cut)
{
	PangoLayoutLine *line = pango_layout_get_line_readonly(g->layout, 0);
	const char *text = pango_layout_get_text(g->layout);
	double w = (double)logical->width / PANGO_SCALE, left = x, sx = 1, sy = 0;
	double base = y + (double)pango_layout_get_baseline(g->layout) / PANGO_SCALE;
	const enum gfx_svgtext_anchor anchors[] = { GFX_SVGTEXT_START, GFX_SVGTEXT_MIDDLE,
						    GFX_SVGTEXT_END };
	struct sbuf shown;

	sbuf_init(&shown);
	if (cut && line) {
		/* The runs pango kept: the text up to the ellipsis, then it. */
		for (GSList *r = line->runs; r; r = r->next) {
			const PangoItem *it = ((const PangoGlyphItem *)r->data)->item;

			if (it->offset + it->length <= (int)strlen(text) &&
			    !(it->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS))
				sbuf_add(&shown, text + it->offset, (size_t)it->length);
		}
		sbuf_adds(&shown, "…");
	} else {
		sbuf_adds(&shown, text);
	}
	if (align == GFX_LEFT)
		left = x - (double)logical->x / PANGO_SCALE;
	else if (align == GFX_CENTER)
		left = x + w / 2;
	else
		left = x + w;
	cairo_user_to_device(g->cr, &left, &base);
	cairo_user_to_device_distance(g->cr, &sx, &sy);
	gfx_svgtext_add(g->svgtext, left, base, chart_preset_size(g->fonts->preset, f) *
			hypot(sx, sy), chart_font_spec(f)->bold, color, anchors[align],
			shown.buf);
	sbuf_release(&shown);
}

double gfx_text(struct gfx *g, double x, double y, enum chart_font f,
		uint32_t color, enum gfx_align align, double max_w, const char *text)
{
	PangoRectangle logical;
	double w;

	if (!text || !*text)
		return 0;
	wcheck_text(g->fonts->check, g->path, text);
	set_text(g->layout, g->fonts, f, text);
	pango_layout_set_width(g->layout, max_w > 0 ? (int)(max_w * PANGO_SCALE) : -1);
	pango_layout_set_ellipsize(g->layout, max_w > 0 ? PANGO_ELLIPSIZE_END
							: PANGO_ELLIPSIZE_NONE);
	pango_cairo_update_context(g->cr, g->ctx);
	pango_layout_context_changed(g->layout);
	pango_layout_get_extents(g->layout, NULL, &logical);
	w = (double)logical.width / PANGO_SCALE;
	if (align == GFX_RIGHT)
		x -= w;
	else if (align == GFX_CENTER)
		x -= w / 2;
	if (g->svgtext) {
		svg_text(g, x, y, f, color, align, &logical,
			 max_w > 0 && pango_layout_is_ellipsized(g->layout));
		return w;
	}
	set_color(g, color);
	cairo_move_to(g->cr, x - (double)logical.x / PANGO_SCALE, y);
	pango_cairo_show_layout(g->cr, g->layout);
	return w;
}
