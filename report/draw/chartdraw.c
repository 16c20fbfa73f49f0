/* SPDX-License-Identifier: MIT */
/* chartdraw: draws the chart model's boxes, axes, series, rasters and footer through gfx. */
#include "chartdraw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "xalloc.h"

/* Marker radii in points: larger when few points, so a sparse scatter reads. */
#define MARK_R_SPARSE 2.2
#define MARK_R_DENSE 1.3
#define MARK_R_SWEEP 3.6
#define SPARSE_POINTS 2000
#define SWEEP_MAX_MARKS 64    /* a curve of more points (QoS, from bins) is a line */

static double text_h(const struct chart_measure *m, enum chart_font f)
{
	double w, h;

	m->text(m->ctx, f, "Ag", &w, &h);
	return h;
}

/* Dash pattern of a reference line; solid for the others. */
static void set_stroke(struct gfx *g, enum chart_stroke s)
{
	if (s == CHART_STROKE_DASHED)
		gfx_dash(g, 6, 4);
	else if (s == CHART_STROKE_DOTTED)
		gfx_dash(g, 1.5, 3);
	else
		gfx_dash(g, 0, 0);
}

static void draw_legend_key(struct gfx *g, const struct chart *c, size_t i,
			    double x, double cy)
{
	uint32_t col = c->legend[i].color;
	long si = c->legend[i].series;
	const struct chart_series *s = si >= 0 && (size_t)si < c->nseries ? &c->series[si]
									 : NULL;
	enum chart_marker mk = s ? s->marker : CHART_MARK_CIRCLE;

	if (s && s->stroke != CHART_STROKE_AUTO) {
		set_stroke(g, s->stroke);
		gfx_line(g, x, cy, x + 16, cy, 1.6, col);
		set_stroke(g, CHART_STROKE_AUTO);
		return;
	}
	switch (c->kind) {
	case CHART_LINE:
		gfx_line(g, x, cy, x + 16, cy, 3, col);
		break;
	case CHART_BARH:
	case CHART_BARG:
	case CHART_BAR3D:
		gfx_rect(g, x + 3, cy - 5, 10, 10, col);
		break;
	case CHART_SWEEP:
		gfx_line(g, x, cy, x + 16, cy, 2, col);
		gfx_markers(g, &(double){ x + 8 }, &cy, 1, mk, MARK_R_SWEEP, col);
		break;
	case CHART_SCATTER:
		gfx_markers(g, &(double){ x + 8 }, &cy, 1, mk, 3.6, col);
		break;
	}
}

static void draw_head(struct gfx *g, const struct chart *c,
		      const struct chart_measure *m)
{
	const struct chart_layout *L = &c->lay;
	double row = text_h(m, CHART_FONT_LEGEND);   /* one row of the legend */

	gfx_text(g, L->title.x, L->title.y, CHART_FONT_TITLE, CHART_COLOR_TEXT,
		 GFX_LEFT, L->width - 2 * L->title.x, c->title);
	gfx_text(g, L->subtitle.x, L->subtitle.y, CHART_FONT_SUBTITLE,
		 CHART_COLOR_MUTED, GFX_LEFT, L->width - 2 * L->title.x, c->subtitle);
	if (!chart_is_bars(c))
		gfx_text(g, L->ytitle.x, L->ytitle.y +
			 (L->ytitle.h - text_h(m, CHART_FONT_AXIS)) / 2, CHART_FONT_AXIS,
			 CHART_COLOR_MUTED, GFX_LEFT, 0, c->y.title);
	if (L->y2title.w > 0)
		gfx_text(g, L->y2title.x, L->y2title.y +
			 (L->y2title.h - text_h(m, CHART_FONT_AXIS)) / 2, CHART_FONT_AXIS,
			 CHART_COLOR_MUTED, GFX_LEFT, 0, c->y2.title);
	for (size_t i = 0; i < c->nlegend; i++) {
		double cy = c->legend[i].y + row / 2, tw, th;

		if (c->legend[i].emph) {   /* the reviewed drive's key on a band */
			m->text(m->ctx, CHART_FONT_LEGEND, c->legend[i].label, &tw, &th);
			gfx_rect(g, c->legend[i].x - 3, c->legend[i].y - 1, 22 + tw + 6, row + 2,
				 CHART_COLOR_EMPH);
		}
		draw_legend_key(g, c, i, c->legend[i].x, cy);
		gfx_text(g, c->legend[i].x + 22, cy - text_h(m, CHART_FONT_LEGEND) / 2,
			 CHART_FONT_LEGEND, CHART_COLOR_TEXT, GFX_LEFT, 0, c->legend[i].label);
	}
	if (*c->footer)
		gfx_text(g, L->footer.x, L->footer.y, CHART_FONT_SMALL,
			 CHART_COLOR_MUTED, GFX_LEFT, L->footer.w, c->footer);
}

/* Vertical grid and labels of the x axis, and its title. */
static void draw_xaxis(struct gfx *g, const struct chart *c)
{
	const struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;
	char buf[32];

	for (int i = 0; i < c->x.ticks.n; i++) {
		double x = chart_map_x(c, c->x.ticks.v[i]);

		if (chart_is_bars(c) || i > 0)
			gfx_line(g, x, p->y, x, p->y + p->h, i ? 0.6 : 1,
				 i ? CHART_COLOR_GRID : CHART_COLOR_AXIS);
		chart_format_tick(&c->x, c->x.ticks.v[i], buf, sizeof(buf));
		gfx_text(g, x, L->xtick_top, CHART_FONT_TICK, CHART_COLOR_MUTED,
			 GFX_CENTER, 0, buf);
	}
	gfx_text(g, L->xtitle.x, L->xtitle.y, CHART_FONT_AXIS, CHART_COLOR_MUTED,
		 GFX_LEFT, 0, c->x.title);
}

static void draw_yaxis(struct gfx *g, const struct chart *c,
		       const struct chart_measure *m)
{
	const struct chart_rect *p = &c->lay.plot;
	double th = text_h(m, CHART_FONT_TICK);
	char buf[32];

	for (int i = 0; i < c->y.ticks.n; i++) {
		double y = chart_map_y(c, c->y.ticks.v[i]);

		if (i > 0)
			gfx_line(g, p->x, y, p->x + p->w, y, 0.6, CHART_COLOR_GRID);
		chart_format_tick(&c->y, c->y.ticks.v[i], buf, sizeof(buf));
		gfx_text(g, c->lay.ytick_right, y - th / 2, CHART_FONT_TICK,
			 CHART_COLOR_MUTED, GFX_RIGHT, 0, buf);
	}
	/* The second axis labels its own ticks; the grid stays the left axis's. */
	for (int i = 0; c->has_y2 && i < c->y2.ticks.n; i++) {
		double y = chart_map_y2(c, c->y2.ticks.v[i]);

		chart_format_tick(&c->y2, c->y2.ticks.v[i], buf, sizeof(buf));
		gfx_text(g, c->lay.y2tick_left, y - th / 2, CHART_FONT_TICK,
			 CHART_COLOR_MUTED, GFX_LEFT, 0, buf);
	}
}

/* Maps n points through v; the caller frees *px and *py. */
static void map_points(const struct chart_view *v, const double *x, const double *y,
		       size_t n, double **px, double **py)
{
	*px = xmalloc((n + 1) * sizeof(**px));
	*py = xmalloc((n + 1) * sizeof(**py));
	for (size_t j = 0; j < n; j++) {
		(*px)[j] = chart_view_x(v, x[j]);
		(*py)[j] = chart_view_y(v, y[j]);
	}
}

/* The k-th series to draw: the others in order, then the emphasised ones over them. */
static const struct chart_series *drawn(const struct chart *c, size_t k)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < c->nseries; i++)
			if (c->series[i].emph == pass && !k--)
				return &c->series[i];
	return NULL;
}

/* An emphasised series' lines and markers are this much heavier. */
#define EMPH_SCALE 1.8

static void draw_lines(struct gfx *g, const struct chart *c)
{
	const struct chart_rect *p = &c->lay.plot;

	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = drawn(c, i);
		int sweep = c->kind == CHART_SWEEP, plain = s->stroke != CHART_STROKE_AUTO;
		const struct chart_view *v = s->y2 ? &c->lay.view2 : &c->lay.view;
		double *x, *y, w = (sweep && !plain ? 2 : 1.6) * (s->emph ? EMPH_SCALE : 1);

		map_points(v, sweep ? s->x : s->px, sweep ? s->y : s->py, sweep ? s->n : s->pn,
			   &x, &y);
		set_stroke(g, s->stroke);
		gfx_polyline(g, x, y, sweep ? s->n : s->pn, w, s->color);
		/* one sample of a per-second line (a 1 s step): the window it averages,
		 * (x - min_step, x], as a segment, not a lone dot */
		if (c->kind == CHART_LINE && !plain && s->pn == 1 && c->x.min_step > 0)
			gfx_line(g, chart_view_x(v, fmax(s->px[0] - c->x.min_step, v->xmin)), y[0],
				 x[0], y[0], w, s->color);
		set_stroke(g, CHART_STROKE_AUTO);
		for (size_t j = 0; sweep && s->yerr && j < s->n; j++) {
			double lo, hi;

			if (!(s->yerr[j] > 0))
				continue;
			lo = chart_view_y(v, chart_err_low(s->y[j], s->yerr[j],
							  (s->y2 ? c->y2.scale : c->y.scale) ==
							  CHART_LINEAR));
			hi = chart_view_y(v, s->y[j] + s->yerr[j]);
			gfx_line(g, x[j], lo, x[j], hi, 1.0, s->color);
			gfx_line(g, x[j] - 3, lo, x[j] + 3, lo, 1.0, s->color);
			gfx_line(g, x[j] - 3, hi, x[j] + 3, hi, 1.0, s->color);
		}
		if (sweep && !plain && s->n <= SWEEP_MAX_MARKS)
			gfx_markers(g, x, y, s->n, s->marker, MARK_R_SWEEP, s->color);
		/* A few points (a short step) read better with their samples marked. */
		else if (!sweep && !plain && s->pn == s->n && (double)s->n * 16 <= p->w)
			gfx_dots(g, x, y, s->pn, 2.4, s->color);
		free(x);
		free(y);
	}
}

/* 8 opacity levels: a smooth enough ramp that compresses well. */
static double density_alpha(uint32_t n, double lmax)
{
	return n ? nearbyint((0.5 + 0.5 * log1p((double)n) / lmax) * 8) / 8 : 0;
}

/*
 * Composites one series' counts over img, opacity rising with log density. The
 * opacity of the first counts comes from a table, and a pixel nothing was drawn
 * on yet takes the colour at that opacity as it is: millions of pixels, few
 * distinct values.
 */
#define BLEND_TABLE 1024
static void blend_counts(uint32_t *img, const uint32_t *cnt, size_t np, uint32_t max,
			 uint32_t color)
{
	double lmax = log1p((double)max), alpha[BLEND_TABLE];
	uint32_t over_clear[BLEND_TABLE];

	for (uint32_t n = 0; n < BLEND_TABLE; n++) {
		double a = density_alpha(n, lmax);
		uint32_t out = (uint32_t)lround(255 * a) << 24;

		for (int sh = 0; sh <= 16; sh += 8)
			out |= (uint32_t)lround(((color >> sh) & 0xff) * a) << sh;
		alpha[n] = a;
		over_clear[n] = out;
	}
	for (size_t i = 0; i < np; i++) {
		uint32_t n = cnt[i], dst = img[i], out = 0;
		double a;

		if (!n)
			continue;
		if (n < BLEND_TABLE && !dst) {
			img[i] = over_clear[n];
			continue;
		}
		a = n < BLEND_TABLE ? alpha[n] : density_alpha(n, lmax);
		if (a <= 0)
			continue;
		for (int sh = 0; sh <= 16; sh += 8) {
			double sc = (color >> sh) & 0xff, dc = (dst >> sh) & 0xff;

			out |= (uint32_t)lround(sc * a + dc * (1 - a)) << sh;
		}
		out |= (uint32_t)lround(255 * a + ((dst >> 24) & 0xff) * (1 - a)) << 24;
		img[i] = out;
	}
}

/*
 * Spreads each count over a 3x3 block so a point is about one point wide: row
 * sums of three into tmp, then column sums of three back into cnt. Returns the
 * largest count.
 */
static uint32_t dilate(uint32_t *cnt, uint32_t *tmp, int pw, int ph)
{
	size_t w = (size_t)pw;
	uint32_t max = 0;

	for (size_t y = 0; y < (size_t)ph; y++) {
		const uint32_t *in = cnt + y * w;
		uint32_t *out = tmp + y * w;

		for (size_t x = 0; x < w; x++)
			out[x] = in[x] + (x ? in[x - 1] : 0) + (x + 1 < w ? in[x + 1] : 0);
	}
	for (size_t y = 0; y < (size_t)ph; y++) {
		const uint32_t *mid = tmp + y * w;
		const uint32_t *up = y ? mid - w : NULL;
		const uint32_t *down = y + 1 < (size_t)ph ? mid + w : NULL;
		uint32_t *out = cnt + y * w;

		for (size_t x = 0; x < w; x++) {
			uint32_t v = mid[x] + (up ? up[x] : 0) + (down ? down[x] : 0);

			out[x] = v;
			max = v > max ? v : max;
		}
	}
	return max;
}

/* One series' counts as opacity, the same levels blend_counts() gives. */
static void counts_to_mask(uint8_t *a8, size_t stride, const uint32_t *cnt, int pw,
			   int ph, uint32_t max)
{
	double lmax = log1p((double)max);
	uint8_t level[BLEND_TABLE];

	for (uint32_t n = 0; n < BLEND_TABLE; n++)
		level[n] = (uint8_t)lround(255 * density_alpha(n, lmax));
	for (size_t y = 0; y < (size_t)ph; y++)
		for (size_t x = 0; x < (size_t)pw; x++) {
			uint32_t n = cnt[y * (size_t)pw + x];

			if (n)
				a8[y * stride + x] = n < BLEND_TABLE ? level[n] :
					(uint8_t)lround(255 * density_alpha(n, lmax));
		}
}

/*
 * The scatter as rasters at the surface's raster scale, binned for view v: one
 * ARGB raster the series are composited into, or (PDF) each series' colour
 * through its own alpha mask, which composites the same and is a quarter of
 * the bytes to compress.
 */
static void draw_density(struct gfx *g, const struct chart *c,
			 const struct chart_view *v)
{
	double sc = gfx_raster_scale(g);
	int pw = (int)ceil(v->w * sc), ph = (int)ceil(v->h * sc);
	size_t np = (size_t)pw * (size_t)ph;
	int masks = gfx_masks_ok(g);
	uint32_t *img = masks ? NULL : gfx_image_new(g, pw, ph), *cnt, *tmp = NULL;

	if (!masks && !img)
		return;
	cnt = xmalloc(np * sizeof(*cnt));
	/* spread at a PNG's scale too (1400 px: a point 2 pt wide), not dust. */
	if (sc >= 1)
		tmp = xmalloc(np * sizeof(*tmp));
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = drawn(c, i);
		uint32_t max;
		uint8_t *a8;
		size_t stride;

		if (s->stroke != CHART_STROKE_AUTO)
			continue;   /* a reference line, drawn over the points */
		memset(cnt, 0, np * sizeof(*cnt));
		max = chart_density(s, v, pw, ph, cnt);
		if (!max)
			continue;
		if (tmp)
			max = dilate(cnt, tmp, pw, ph);
		if (!masks) {
			blend_counts(img, cnt, np, max, s->color);
		} else if ((a8 = gfx_mask_new(g, pw, ph, &stride))) {
			counts_to_mask(a8, stride, cnt, pw, ph, max);
			gfx_mask_put(g, a8, s->color, v->x, v->y, v->w, v->h);
		}
	}
	if (img)
		gfx_image_put(g, img, v->x, v->y, v->w, v->h);
	free(tmp);
	free(cnt);
}

/*
 * over the raster, the points few in their neighbourhood as markers
 * (chart_outliers()), so outliers stay visible and read as the legend's shapes.
 */
static void draw_outliers(struct gfx *g, const struct chart *c, const struct chart_view *v)
{
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = drawn(c, i);
		unsigned char *keep;
		double *x, *y;
		size_t k = 0;

		if (s->stroke != CHART_STROKE_AUTO || !s->n)
			continue;
		keep = xmalloc(s->n);
		if (chart_outliers(s, v, keep)) {
			map_points(v, s->x, s->y, s->n, &x, &y);
			for (size_t j = 0; j < s->n; j++)
				if (keep[j]) {
					x[k] = x[j];
					y[k++] = y[j];
				}
			gfx_markers(g, x, y, k, s->marker, MARK_R_SPARSE, s->color);
			free(x);
			free(y);
		}
		free(keep);
	}
}

static void draw_points(struct gfx *g, const struct chart *c,
			const struct chart_view *v, int density)
{
	size_t total = chart_points(c);
	double r = total <= SPARSE_POINTS ? MARK_R_SPARSE : MARK_R_DENSE;

	if (density) {
		draw_density(g, c, v);
		draw_outliers(g, c, v);
		return;
	}
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = drawn(c, i);
		double *x, *y;
		size_t k = 0;

		if (s->stroke != CHART_STROKE_AUTO)
			continue;
		map_points(v, s->x, s->y, s->n, &x, &y);
		for (size_t j = 0; j < s->n; j++) /* only what the box shows */
			if (x[j] >= v->x - r && x[j] <= v->x + v->w + r &&
			    y[j] >= v->y - r && y[j] <= v->y + v->h + r) {
				x[k] = x[j];
				y[k++] = y[j];
			}
		gfx_markers(g, x, y, k, s->marker, r * (s->emph ? EMPH_SCALE : 1), s->color);
		free(x);
		free(y);
	}
}

/* A scatter's stroked series: reference lines (an average) over the points. */
static void draw_ref_lines(struct gfx *g, const struct chart *c)
{
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];
		double *x, *y;

		if (s->stroke == CHART_STROKE_AUTO)
			continue;
		map_points(s->y2 ? &c->lay.view2 : &c->lay.view, s->x, s->y, s->n, &x, &y);
		set_stroke(g, s->stroke);
		gfx_polyline(g, x, y, s->n, 1.6, s->color);
		set_stroke(g, CHART_STROKE_AUTO);
		free(x);
		free(y);
	}
}

/* The zoom window outlined in the plot, and the inset with its own binning. */
static void draw_inset(struct gfx *g, const struct chart *c)
{
	const struct chart_view *v = &c->lay.inset;
	double x0 = chart_map_x(c, v->xmin), x1 = chart_map_x(c, v->xmax);
	double y0 = chart_map_y(c, v->ymin), y1 = chart_map_y(c, v->ymax);
	char lo[32], hi[32];

	gfx_line(g, x0, y0, x1, y0, 0.8, CHART_COLOR_MUTED);
	gfx_line(g, x0, y1, x1, y1, 0.8, CHART_COLOR_MUTED);
	gfx_line(g, x0, y0, x0, y1, 0.8, CHART_COLOR_MUTED);
	gfx_line(g, x1, y0, x1, y1, 0.8, CHART_COLOR_MUTED);
	gfx_rect(g, v->x, v->y, v->w, v->h, 0xffffffu);
	gfx_clip(g, v->x, v->y, v->w, v->h);
	draw_points(g, c, v, chart_points(c) > CHART_DENSITY_MIN);
	gfx_unclip(g);
	gfx_line(g, v->x, v->y, v->x + v->w, v->y, 1, CHART_COLOR_AXIS);
	gfx_line(g, v->x, v->y + v->h, v->x + v->w, v->y + v->h, 1, CHART_COLOR_AXIS);
	gfx_line(g, v->x, v->y, v->x, v->y + v->h, 1, CHART_COLOR_AXIS);
	gfx_line(g, v->x + v->w, v->y, v->x + v->w, v->y + v->h, 1, CHART_COLOR_AXIS);
	chart_format_si(v->xmin, 0, lo, sizeof(lo));
	chart_format_si(v->xmax, 0, hi, sizeof(hi));
	gfx_text(g, v->x + 3, v->y + v->h + 2, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 GFX_LEFT, 0, lo);
	gfx_text(g, v->x + v->w - 3, v->y + v->h + 2, CHART_FONT_SMALL,
		 CHART_COLOR_MUTED, GFX_RIGHT, 0, hi);
	chart_format_si(v->ymax, 0, hi, sizeof(hi));
	gfx_text(g, v->x - 3, v->y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_RIGHT, 0,
		 hi);
	chart_format_si(v->ymin, 0, lo, sizeof(lo));
	gfx_text(g, v->x - 3, v->y + v->h - 10, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, lo);
}

/* Labelled points: a ring on the curve and the label where layout put it. */
static void draw_marks(struct gfx *g, const struct chart *c)
{
	for (size_t i = 0; i < c->nmarks; i++) {
		const struct chart_mark *mk = &c->marks[i];
		double x = chart_map_x(c, mk->x), y = chart_map_y(c, mk->y);

		if (!isfinite(x) || !isfinite(y))
			continue;
		gfx_markers(g, &x, &y, 1, CHART_MARK_CIRCLE, 3.2, CHART_COLOR_TEXT);
		gfx_markers(g, &x, &y, 1, CHART_MARK_CIRCLE, 1.8, 0xffffffu);
		if (!mk->hidden)
			gfx_text(g, mk->box.x, mk->box.y, CHART_FONT_SMALL, CHART_COLOR_TEXT,
				 GFX_LEFT, 0, mk->label);
	}
}

static void draw_xy_chart(struct gfx *g, const struct chart *c,
			  const struct chart_measure *m)
{
	const struct chart_rect *p = &c->lay.plot;
	double th = text_h(m, CHART_FONT_TICK);

	draw_head(g, c, m);
	draw_xaxis(g, c);
	draw_yaxis(g, c, m);
	gfx_clip(g, p->x - 4, p->y - 4, p->w + 8, p->h + 8);
	if (c->kind == CHART_SCATTER) {
		draw_points(g, c, &c->lay.view, c->lay.density);
		draw_ref_lines(g, c);
	} else
		draw_lines(g, c);
	gfx_unclip(g);
	draw_marks(g, c);
	if (c->lay.inset.w > 0)
		draw_inset(g, c);
	if (!c->nseries && c->note)
		gfx_text(g, p->x + p->w / 2, p->y + p->h / 2 - th, CHART_FONT_AXIS,
			 CHART_COLOR_MUTED, GFX_CENTER, p->w, c->note);
	gfx_line(g, p->x, p->y + p->h, p->x + p->w, p->y + p->h, 1, CHART_COLOR_AXIS);
}

/*
 * Bar b's error bar across its end at height cy: a line from value - err to
 * value + err with a cap at each end, in the text's colour. Returns where a value
 * printed after the bar may begin.
 */
static double draw_err(struct gfx *g, const struct chart *c, const struct chart_bar *b,
		       double cy, double bar_h)
{
	double lo = chart_map_x(c, chart_err_low(b->value, b->err, 1));
	double hi = chart_map_x(c, b->value + b->err);
	double cap = bar_h * 0.35;

	if (!(b->err > 0))
		return chart_map_x(c, b->value);
	gfx_line(g, lo, cy, hi, cy, 1.0, CHART_COLOR_TEXT);
	gfx_line(g, lo, cy - cap, lo, cy + cap, 1.0, CHART_COLOR_TEXT);
	gfx_line(g, hi, cy - cap, hi, cy + cap, 1.0, CHART_COLOR_TEXT);
	return hi;
}

static void draw_bar_chart(struct gfx *g, const struct chart *c,
			   const struct chart_measure *m)
{
	const struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;
	double hl = text_h(m, CHART_FONT_BAR_LABEL), hn = text_h(m, CHART_FONT_BAR_NOTE);
	double hv = text_h(m, CHART_FONT_VALUE), lw = L->label_right - L->title.x;

	draw_head(g, c, m);
	draw_xaxis(g, c);
	for (size_t i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];
		double cy = p->y + ((double)i + 0.5) * L->row_h;
		double ty = cy - (*b->note ? (hl + hn) / 2 : hl / 2);
		double x1 = chart_map_x(c, b->value);

		if (L->stacked) {
			/* the label (and note) on a line above the bar, which takes the rest */
			double top = p->y + (double)i * L->row_h, w = L->width - 2 * p->x;

			w -= gfx_text(g, p->x + 4, top, CHART_FONT_BAR_LABEL, CHART_COLOR_TEXT,
				      GFX_LEFT, w, b->label);
			if (*b->note && w > 20)
				gfx_text(g, L->width - p->x - w + 6, top + (hl - hn) / 2,
					 CHART_FONT_BAR_NOTE, CHART_COLOR_MUTED, GFX_LEFT, w - 6,
					 b->note);
			cy = top + 1.15 * hl + (L->row_h - 1.15 * hl) / 2;
		} else {
			gfx_text(g, L->label_right, ty, CHART_FONT_BAR_LABEL, CHART_COLOR_TEXT,
				 GFX_RIGHT, lw, b->label);
			gfx_text(g, L->label_right, ty + hl, CHART_FONT_BAR_NOTE,
				 CHART_COLOR_MUTED, GFX_RIGHT, lw, b->note);
		}
		gfx_rect(g, p->x, cy - L->bar_h / 2, x1 - p->x, L->bar_h, b->color);
		x1 = draw_err(g, c, b, cy, L->bar_h);
		gfx_text(g, x1 + 8, cy - hv / 2, CHART_FONT_VALUE, CHART_COLOR_TEXT,
			 GFX_LEFT, 0, b->value_text);
	}
}

/*
 * Grouped bars: each group's heading on a row of its own, then its bars with the
 * member's name on the left and the value on the bar, in white, when it fits.
 */
static void draw_group_bars(struct gfx *g, const struct chart *c,
			    const struct chart_measure *m)
{
	const struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;
	double hl = text_h(m, CHART_FONT_BAR_LABEL), hv = text_h(m, CHART_FONT_VALUE);
	double lw = L->label_right - L->title.x, tw, th;

	draw_head(g, c, m);
	for (size_t i = 0; i < c->nbars; i++) {   /* the reviewed drive's rows on a band */
		double cy = p->y + ((double)chart_bar_row(c, i) + 0.5) * L->row_h;

		if (c->bars[i].emph)
			gfx_rect(g, L->title.x - 2, cy - L->row_h / 2, p->x + p->w - L->title.x + 2,
				 L->row_h, CHART_COLOR_EMPH);
	}
	draw_xaxis(g, c);
	for (size_t i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];
		size_t row = chart_bar_row(c, i);
		double cy = p->y + ((double)row + 0.5) * L->row_h;
		double x1 = chart_map_x(c, b->value), lo, end;

		if (i == 0 || strcmp(b->group, c->bars[i - 1].group)) {
			/* On white, so the axis line does not strike through it. */
			m->text(m->ctx, CHART_FONT_AXIS, b->group, &tw, &th);
			gfx_rect(g, L->title.x - 2, cy - L->row_h - th / 2 - 1, tw + 6, th + 2,
				 0xffffffu);
			gfx_text(g, L->title.x, cy - L->row_h - th / 2, CHART_FONT_AXIS,
				 CHART_COLOR_TEXT, GFX_LEFT, L->width - 2 * L->title.x,
				 b->group);
		}
		gfx_text(g, L->label_right, cy - hl / 2, CHART_FONT_BAR_NOTE,
			 CHART_COLOR_TEXT, GFX_RIGHT, lw, b->label);
		gfx_rect(g, p->x, cy - L->bar_h / 2, x1 - p->x, L->bar_h, b->color);
		m->text(m->ctx, CHART_FONT_VALUE, b->value_text, &tw, &th);
		lo = chart_map_x(c, chart_err_low(b->value, b->err, 1));
		end = draw_err(g, c, b, cy, L->bar_h);
		/* inside the bar when it fits left of the error bar's lower end */
		if (tw + 16 < lo - p->x)
			gfx_text(g, lo - 8, cy - hv / 2, CHART_FONT_VALUE, 0xffffffu, GFX_RIGHT,
				 0, b->value_text);
		else
			gfx_text(g, end + 8, cy - hv / 2, CHART_FONT_VALUE, CHART_COLOR_TEXT,
				 GFX_LEFT, 0, b->value_text);
	}
}

/* c mixed with white (f > 0) or black (f < 0) by |f|. */
static uint32_t shade(uint32_t c, double f)
{
	uint32_t out = 0;

	for (int sh = 0; sh <= 16; sh += 8) {
		double v = (c >> sh) & 0xff;

		v = f > 0 ? v + (255 - v) * f : v * (1 + f);
		out |= (uint32_t)lround(v) << sh;
	}
	return out;
}

/* The floor and the two walls, with the y grid on the walls and its labels. */
static void draw_box3d(struct gfx *g, const struct chart *c, const struct chart_measure *m)
{
	struct chart_box3d b;
	double th = text_h(m, CHART_FONT_TICK);
	char buf[32];

	chart_box3d(c, &b);
	gfx_polygon(g, (double[]){ b.x, b.x + b.w, b.x + b.w + b.ox, b.x + b.ox },
		    (double[]){ b.base, b.base, b.base - b.oy, b.base - b.oy }, 4, 0xf6f7f8u,
		    0.8, CHART_COLOR_AXIS);
	for (int i = 0; i < c->y.ticks.n; i++) {
		double y = b.base - chart_bar3d_height(c, c->y.ticks.v[i]);

		gfx_line(g, b.x, y, b.x + b.ox, y - b.oy, 0.6, CHART_COLOR_GRID);
		gfx_line(g, b.x + b.ox, y - b.oy, b.x + b.ox + b.w, y - b.oy, 0.6,
			 CHART_COLOR_GRID);
		chart_format_tick(&c->y, c->y.ticks.v[i], buf, sizeof(buf));
		gfx_text(g, c->lay.ytick_right, y - th / 2, CHART_FONT_TICK, CHART_COLOR_MUTED,
			 GFX_RIGHT, 0, buf);
	}
	gfx_line(g, b.x, b.base, b.x, b.base - b.h, 1, CHART_COLOR_AXIS);
	gfx_line(g, b.x + b.ox, b.base - b.oy, b.x + b.ox, b.base - b.oy - b.h, 0.6,
		 CHART_COLOR_GRID);
}

/* One column: front face in the series colour, the top lighter, the side darker. */
static void draw_column(struct gfx *g, const struct chart_bar3d *k, uint32_t color)
{
	double x1 = k->x + k->w, y1 = k->y + k->h;

	gfx_polygon(g, (double[]){ k->x, x1, x1, k->x }, (double[]){ k->y, k->y, y1, y1 }, 4,
		    color, 0.4, shade(color, -0.35));
	gfx_polygon(g, (double[]){ x1, x1 + k->dx, x1 + k->dx, x1 },
		    (double[]){ k->y, k->y - k->dy, y1 - k->dy, y1 }, 4, shade(color, -0.3),
		    0.4, shade(color, -0.45));
	gfx_polygon(g, (double[]){ k->x, x1, x1 + k->dx, k->x + k->dx },
		    (double[]){ k->y, k->y, k->y - k->dy, k->y - k->dy }, 4, shade(color, 0.35),
		    0.4, shade(color, -0.35));
}

/*
 * SNIA's 3D columns: the box, then the columns from the back row to the front and
 * from left to right (the side faces face right), the categories under the front
 * edge. The legend names the rows.
 */
static void draw_bar3d_chart(struct gfx *g, const struct chart *c,
			     const struct chart_measure *m)
{
	const struct chart_rect *p = &c->lay.plot;
	struct chart_box3d b;

	draw_head(g, c, m);
	draw_box3d(g, c, m);
	chart_box3d(c, &b);
	for (size_t j = c->nseries; j-- > 0;) {
		const struct chart_series *s = &c->series[j];

		for (size_t cat = 0; cat < c->ncats; cat++)
			for (size_t k = 0; k < s->n; k++) {
				struct chart_bar3d col;

				if (s->x[k] != (double)cat || !isfinite(s->y[k]) || s->y[k] <= 0)
					continue;
				chart_bar3d(c, cat, j, s->y[k], &col);
				draw_column(g, &col, s->color);
			}
	}
	for (size_t cat = 0; cat < c->ncats; cat++)
		gfx_text(g, b.x + ((double)cat + 0.5) * b.cell, c->lay.xtick_top, CHART_FONT_TICK,
			 CHART_COLOR_MUTED, GFX_CENTER, b.cell, c->cats[cat]);
	gfx_text(g, c->lay.xtitle.x, c->lay.xtitle.y, CHART_FONT_AXIS, CHART_COLOR_MUTED,
		 GFX_LEFT, 0, c->x.title);
	if (!c->nseries && c->note)
		gfx_text(g, p->x + p->w / 2, p->y + p->h / 2, CHART_FONT_AXIS, CHART_COLOR_MUTED,
			 GFX_CENTER, p->w, c->note);
}

void chartdraw_draw(struct gfx *g, const struct chart *c, const struct chart_measure *m)
{
	if (c->kind == CHART_BAR3D)
		draw_bar3d_chart(g, c, m);
	else if (c->kind == CHART_BARG)
		draw_group_bars(g, c, m);
	else if (c->kind == CHART_BARH)
		draw_bar_chart(g, c, m);
	else
		draw_xy_chart(g, c, m);
}

int chartdraw_file(struct chart *c, struct gfx_fonts *fonts, enum gfx_format fmt,
		   const char *path, double width, double height, int png_width,
		   const struct gfx_meta *meta, struct diag *d)
{
	struct chart_measure m;
	struct gfx *g = NULL;
	int rc;

	gfx_fonts_measure(fonts, &m);
	rc = chart_layout(c, width, chart_is_bars(c) ? 0 : height, &m);
	if (rc)
		return diag_set(d, rc, path, 0, 0, "chart '%s' does not fit %.0fx%.0f pt",
				c->title, width, height);
	rc = gfx_open(&g, fonts, fmt, path, c->lay.width, c->lay.height,
		      png_width > 0 ? png_width / c->lay.width : 1, meta, d);
	if (rc)
		return rc;
	chartdraw_draw(g, c, &m);
	return gfx_close(g, d);
}

/* A row's texts at y; cells' fills from y - 5 (a header row has no cells). */
static void draw_table_row(struct gfx *g, const struct table *t, double y,
			   enum chart_font f, uint32_t color, const char *const *text,
			   const struct table_cell *cells)
{
	for (size_t c = 0; c < t->ncols; c++) {
		double x = t->col_x[c], w = t->col_w[c];

		if (cells && t->tile[c])
			continue;   /* draw_tiles() */
		if (cells && cells[c].fill != TABLE_NO_FILL)
			gfx_rect(g, x + 1, y - 5, w - 2, t->row_h, cells[c].fill);
		gfx_text(g, c ? x + w - 10 : x + 10, y, f, color, c ? GFX_RIGHT : GFX_LEFT,
			 w - 20, cells ? cells[c].text : text ? text[c] : "");
	}
}

/* The headers, each in one line or, cut at head_cut, in two. */
static void draw_table_head(struct gfx *g, const struct table *t, double pad)
{
	const char **line = xcalloc(t->ncols + 1, sizeof(*line));
	char **first = xcalloc(t->ncols + 1, sizeof(*first));
	int two = 0;

	for (size_t c = 0; c < t->ncols; c++) {
		size_t cut = t->head_cut[c];

		first[c] = cut ? xstrndup(t->head[c], cut - (t->head[c][cut - 1] == ' '))
			       : xstrdup(t->head[c]);
		line[c] = first[c];
		two |= cut > 0;
	}
	draw_table_row(g, t, t->head_y + pad, CHART_FONT_SMALL, CHART_COLOR_MUTED, line,
		       NULL);
	for (size_t c = 0; c < t->ncols; c++)
		line[c] = t->head_cut[c] ? t->head[c] + t->head_cut[c] : "";
	if (two)
		draw_table_row(g, t, t->head_y + pad + t->head_h, CHART_FONT_SMALL,
			       CHART_COLOR_MUTED, line, NULL);
	for (size_t c = 0; c < t->ncols; c++)
		free(first[c]);
	free(first);
	free(line);
}

/*
 * Row r's tile cells, CrystalDiskMark's: each on a tile TABLE_TILE_GAP inside its
 * cell, a label (column 0) bold and white on a dark one, a value large on a light
 * one (a shaded cell's fill instead), its text in the middle of the tile's height.
 */
static void draw_tiles(struct gfx *g, const struct table *t, const struct chart_measure *m,
		       size_t r)
{
	double top = t->body_y + (double)r * t->row_h, gap = TABLE_TILE_GAP;

	for (size_t c = 0; c < t->ncols; c++) {
		const struct table_cell *cell = &t->cells[r * t->ncols + c];
		enum chart_font f = table_cell_font(t, c);
		double x = t->col_x[c], w = t->col_w[c], tw, th;

		if (!t->tile[c])
			continue;
		m->text(m->ctx, f, "Ag", &tw, &th);
		gfx_rect(g, x + gap, top + gap, w - 2 * gap, t->row_h - 2 * gap,
			 !c ? TABLE_TILE_LABEL : cell->fill != TABLE_NO_FILL ? cell->fill
									   : TABLE_TILE_VALUE);
		gfx_text(g, c ? x + w - 10 : x + 10, top + (t->row_h - th) / 2, f,
			 c ? CHART_COLOR_TEXT : TABLE_TILE_LABEL_TEXT, c ? GFX_RIGHT : GFX_LEFT,
			 w - 20, cell->text);
	}
}

void chartdraw_table(struct gfx *g, const struct table *t, const struct chart_measure *m)
{
	double x0 = t->col_x[0], x1 = t->width - x0, pad = 6, body = pad, tw, th;

	gfx_text(g, x0, t->title_y, CHART_FONT_TITLE, CHART_COLOR_TEXT, GFX_LEFT,
		 x1 - x0, t->title);
	gfx_text(g, x0, t->subtitle_y, CHART_FONT_SUBTITLE, CHART_COLOR_MUTED, GFX_LEFT,
		 x1 - x0, t->subtitle);
	draw_table_head(g, t, pad);
	gfx_line(g, x0, t->body_y, x1, t->body_y, 0.75, CHART_COLOR_AXIS);
	m->text(m->ctx, CHART_FONT_BODY, "Ag", &tw, &th);
	for (size_t c = 0; c < t->ncols; c++)   /* beside tiles: mid-height */
		if (t->tile[c])
			body = (t->row_h - th) / 2;
	for (size_t r = 0; r < t->nrows; r++) {
		draw_table_row(g, t, t->body_y + (double)r * t->row_h + body,
			       CHART_FONT_BODY, CHART_COLOR_TEXT, NULL,
			       &t->cells[r * t->ncols]);
		draw_tiles(g, t, m, r);
	}
	gfx_line(g, x0, t->body_y + (double)t->nrows * t->row_h, x1,
		 t->body_y + (double)t->nrows * t->row_h, 0.75, CHART_COLOR_AXIS);
	if (*t->footer)
		gfx_text(g, x0, t->footer_y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_LEFT,
			 x1 - x0, t->footer);
}

int chartdraw_table_file(struct table *t, struct gfx_fonts *fonts, enum gfx_format fmt,
			 const char *path, double width, int png_width,
			 const struct gfx_meta *meta, struct diag *d)
{
	struct chart_measure m;
	struct gfx *g = NULL;
	int rc;

	gfx_fonts_measure(fonts, &m);
	rc = table_layout(t, width, &m);
	if (rc)
		return diag_set(d, rc, path, 0, 0, "table '%s' does not fit %.0f pt",
				t->title, width);
	rc = gfx_open(&g, fonts, fmt, path, t->width, t->height,
		      png_width > 0 ? png_width / t->width : 1, meta, d);
	if (rc)
		return rc;
	chartdraw_table(g, t, &m);
	return gfx_close(g, d);
}

int chartdraw_format(const char *path)
{
	static const struct { const char *ext; enum gfx_format fmt; } exts[] = {
		{ ".svg", GFX_SVG }, { ".pdf", GFX_PDF }, { ".png", GFX_PNG },
	};
	size_t n = strlen(path);

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (n > 4 && !strcasecmp(path + n - 4, exts[i].ext))
			return (int)exts[i].fmt;
	return -1;
}
