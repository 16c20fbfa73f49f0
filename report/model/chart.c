/* SPDX-License-Identifier: MIT */
/* chart: the chart model, its scales, ticks, labels, layout and M4 thinning. */
#include "chart.h"
#include "chart_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "xalloc.h"

/* Spacing in points; one table so every chart breathes the same way. */
struct spacing {
	double pad_x, pad_top, pad_bottom;
	double title_gap;     /* title to subtitle */
	double head_gap;      /* subtitle to the axis title / legend row */
	double row_gap;       /* legend row to plot */
	double tick_gap;      /* tick label to plot edge */
	double xtitle_gap;    /* x tick labels to x title */
	double tick_spacing;  /* least distance between y ticks */
	double xtick_spacing; /* least free space between x tick labels */
	double xtick_pitch;   /* least distance between x ticks */
	double m4_oversample; /* M4 columns per point of plot width */
	double bar_row;       /* bar chart row pitch */
	double bar_thick;
	double value_gap;     /* bar end to its value text */
	double footer_gap;    /* x title to the provenance footer */
	double legend_gap;    /* least space between the y title and the legend */
	double inset_frac_w, inset_frac_h, inset_margin; /* zoomed inset box */
	double mark_gap;      /* a marked point to its label */
};
#define SPACING { 36, 28, 24, 6, 18, 10, 8, 8, 44, 24, 80, 2, 40, 22, 8, 12, 24, \
		  0.36, 0.40, 12, 6 }
static const struct spacing sp_full = SPACING;
/* The spacing of the chart being laid out (chart_layout(): set_spacing()). */
static struct spacing sp = SPACING;

/* sp for a canvas width wide: margins and gaps in proportion on a narrow one. */
static void set_spacing(double width)
{
	double *const scaled[] = { &sp.pad_x, &sp.pad_top, &sp.pad_bottom, &sp.title_gap,
				   &sp.head_gap, &sp.row_gap, &sp.xtitle_gap, &sp.footer_gap,
				   &sp.legend_gap, &sp.value_gap, &sp.inset_margin };

	sp = sp_full;
	chart_spacing_scale(scaled, sizeof(scaled) / sizeof(scaled[0]), width);
}

uint32_t chart_palette(size_t i)
{
	/*
	 * Okabe-Ito's eight, yellow last of them (it is faint on white), then four of
	 * Paul Tol's (indigo, wine, olive, and a brown): twelve distinct colours, so a
	 * lineup of twelve drives repeats none; series markers (5 shapes) differ too.
	 */
	static const uint32_t palette[] = {
		0x0072b2u, 0xe69f00u, 0x009e73u, 0xd55e00u, 0xcc79a7u, 0x56b4e9u,
		0x000000u, 0xf0e442u, 0x332288u, 0x882255u, 0x999933u, 0x8c564bu,
	};

	return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

struct chart *chart_new(enum chart_kind kind, const char *title,
			const char *subtitle)
{
	struct chart *c = xcalloc(1, sizeof(*c));

	c->kind = kind;
	c->title = xstrdup(title ? title : "");
	c->subtitle = xstrdup(subtitle ? subtitle : "");
	c->x.title = xstrdup("");
	c->y.title = xstrdup("");
	c->y2.title = xstrdup("");
	c->footer = xstrdup("");
	return c;
}

void chart_set_title(struct chart *c, const char *title)
{
	free(c->title);
	c->title = xstrdup(title ? title : "");
}

void chart_set_subtitle(struct chart *c, const char *subtitle)
{
	free(c->subtitle);
	c->subtitle = xstrdup(subtitle ? subtitle : "");
}

void chart_set_footer(struct chart *c, const char *footer)
{
	free(c->footer);
	c->footer = xstrdup(footer ? footer : "");
}

void chart_set_bars_max(struct chart *c, double v)
{
	c->bars_max = v;
}

void chart_set_scales(struct chart *c, enum chart_scale xs, enum chart_scale ys)
{
	c->x.scale = xs;
	c->y.scale = ys;
}

void chart_set_units(struct chart *c, enum chart_unit x, enum chart_unit y)
{
	c->x.unit = x;
	c->y.unit = y;
}

void chart_set_inset(struct chart *c, double x0, double x1, double y0, double y1)
{
	c->has_inset = 1;
	c->inset_win[0] = x0;
	c->inset_win[1] = x1;
	c->inset_win[2] = y0;
	c->inset_win[3] = y1;
}

size_t chart_points(const struct chart *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nseries; i++)
		n += c->series[i].n;
	return n;
}

void chart_set_note(struct chart *c, const char *note)
{
	free(c->note);
	c->note = note ? xstrdup(note) : NULL;
}

void chart_free(struct chart *c)
{
	if (!c)
		return;
	free(c->note);
	free(c->footer);
	for (size_t i = 0; i < c->nseries; i++) {
		struct chart_series *s = &c->series[i];

		free(s->label);
		free(s->x);
		free(s->y);
		free(s->px);
		free(s->py);
		free(s->yerr);
	}
	for (size_t i = 0; i < c->nbars; i++) {
		free(c->bars[i].label);
		free(c->bars[i].note);
		free(c->bars[i].value_text);
		free(c->bars[i].group);
	}
	for (size_t i = 0; i < c->nlegend; i++)
		free(c->legend[i].label);
	for (size_t i = 0; i < c->nmarks; i++)
		free(c->marks[i].label);
	free(c->marks);
	for (size_t i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	free(c->y2.title);
	free(c->series);
	free(c->bars);
	free(c->legend);
	free(c->title);
	free(c->subtitle);
	free(c->x.title);
	free(c->y.title);
	free(c);
}

void chart_set_axis_titles(struct chart *c, const char *xtitle, const char *ytitle)
{
	free(c->x.title);
	free(c->y.title);
	c->x.title = xstrdup(xtitle ? xtitle : "");
	c->y.title = xstrdup(ytitle ? ytitle : "");
}

void chart_set_x_min_step(struct chart *c, double step)
{
	c->x.min_step = step;
}

void chart_add_legend(struct chart *c, const char *label, uint32_t color)
{
	for (size_t i = 0; i < c->nlegend; i++)
		if (!strcmp(c->legend[i].label, label))
			return;
	XGROW(c->legend, c->legend_cap, c->nlegend + 1);
	c->legend[c->nlegend].label = xstrdup(label);
	c->legend[c->nlegend].color = color;
	c->legend[c->nlegend].series = -1;
	c->legend[c->nlegend].emph = 0;
	c->nlegend++;
}

void chart_series_add_own(struct chart *c, const char *label, uint32_t color,
			  double *x, double *y, size_t n)
{
	struct chart_series *s;

	XGROW(c->series, c->series_cap, c->nseries + 1);
	s = &c->series[c->nseries++];
	memset(s, 0, sizeof(*s));
	s->label = xstrdup(label);
	s->color = color;
	s->marker = (enum chart_marker)((c->nseries - 1) % CHART_MARK_N);
	s->n = n;
	s->x = x ? x : xmalloc(sizeof(*s->x));
	s->y = y ? y : xmalloc(sizeof(*s->y));
	chart_add_legend(c, label, color);
	if (c->legend[c->nlegend - 1].series < 0 &&
	    !strcmp(c->legend[c->nlegend - 1].label, label))
		c->legend[c->nlegend - 1].series = (long)(c->nseries - 1);
}

void chart_series_add(struct chart *c, const char *label, uint32_t color,
		      const double *x, const double *y, size_t n)
{
	double *cx = xmalloc((n ? n : 1) * sizeof(*cx));
	double *cy = xmalloc((n ? n : 1) * sizeof(*cy));

	if (n) {
		memcpy(cx, x, n * sizeof(*x));
		memcpy(cy, y, n * sizeof(*y));
	}
	chart_series_add_own(c, label, color, cx, cy, n);
}

void chart_series_add_y2(struct chart *c, const char *label, uint32_t color,
			 const double *x, const double *y, size_t n)
{
	chart_series_add(c, label, color, x, y, n);
	c->series[c->nseries - 1].y2 = 1;
}

void chart_set_y2(struct chart *c, const char *title)
{
	free(c->y2.title);
	c->y2.title = xstrdup(title ? title : "");
	c->has_y2 = 1;
}

void chart_series_stroke(struct chart *c, size_t i, enum chart_stroke s)
{
	if (i < c->nseries)
		c->series[i].stroke = s;
}

static void legend_emph(struct chart *c, const char *label)
{
	for (size_t i = 0; i < c->nlegend; i++)
		c->legend[i].emph |= !strcmp(c->legend[i].label, label);
}

void chart_series_emph(struct chart *c, size_t i)
{
	if (i < c->nseries) {
		c->series[i].emph = 1;
		legend_emph(c, c->series[i].label);
	}
}

void chart_bar_emph(struct chart *c, size_t i)
{
	if (i < c->nbars) {
		c->bars[i].emph = 1;
		legend_emph(c, c->bars[i].label);
	}
}

double chart_err_low(double y, double err, int linear)
{
	double lo = y >= 0 ? fmax(y - err, 0) : y - err;

	return linear || lo > 0 ? lo : y;
}

void chart_series_err(struct chart *c, size_t i, const double *err)
{
	struct chart_series *s = i < c->nseries ? &c->series[i] : NULL;

	if (!s || !s->n)
		return;
	free(s->yerr);
	s->yerr = xmalloc(s->n * sizeof(*s->yerr));
	for (size_t j = 0; j < s->n; j++)
		s->yerr[j] = err[j] > 0 && isfinite(err[j]) ? err[j] : 0;
}

void chart_bar_err(struct chart *c, size_t i, double err)
{
	if (i < c->nbars)
		c->bars[i].err = err > 0 && isfinite(err) ? err : 0;
}

void chart_add_bar(struct chart *c, const char *label, const char *note,
		   double value, const char *value_text, uint32_t color)
{
	struct chart_bar *b;

	XGROW(c->bars, c->bars_cap, c->nbars + 1);
	b = &c->bars[c->nbars++];
	b->label = xstrdup(label);
	b->note = xstrdup(note ? note : "");
	b->value = value;
	b->value_text = xstrdup(value_text ? value_text : "");
	b->color = color;
	b->group = NULL;
	b->emph = 0;
	b->err = 0;
}

void chart_add_group_bar(struct chart *c, const char *group, const char *label,
			 double value, const char *value_text, uint32_t color)
{
	chart_add_bar(c, label, NULL, value, value_text, color);
	c->bars[c->nbars - 1].group = xstrdup(group ? group : "");
	chart_add_legend(c, label, color);
}

void chart_set_categories(struct chart *c, const char *const *labels, size_t n)
{
	for (size_t i = 0; i < c->ncats; i++)
		free(c->cats[i]);
	free(c->cats);
	c->cats = xcalloc(n + 1, sizeof(*c->cats));
	for (size_t i = 0; i < n; i++)
		c->cats[i] = xstrdup(labels[i]);
	c->ncats = n;
}

/* CHART_BAR3D: the depth is this share of the plot's width and height ... */
#define BAR3D_DEPTH 0.28
/* ... and a column takes this share of its cell, across and in depth. */
#define BAR3D_FILL 0.6

void chart_box3d(const struct chart *c, struct chart_box3d *b)
{
	const struct chart_rect *p = &c->lay.plot;

	b->ox = p->w * BAR3D_DEPTH;
	b->oy = p->h * BAR3D_DEPTH;
	b->x = p->x;
	b->base = p->y + p->h;
	b->w = p->w - b->ox;
	b->h = p->h - b->oy;
	b->cell = b->w / (double)(c->ncats ? c->ncats : 1);
}

double chart_bar3d_height(const struct chart *c, double v)
{
	struct chart_box3d b;
	double span = c->y.max - c->y.min;

	chart_box3d(c, &b);
	if (!isfinite(v) || !(span > 0))
		return 0;
	return fmin(fmax((v - c->y.min) / span, 0), 1) * b.h;
}

void chart_bar3d(const struct chart *c, size_t cat, size_t ser, double v,
		 struct chart_bar3d *out)
{
	struct chart_box3d b;
	double du = 1.0 / (double)(c->nseries ? c->nseries : 1);
	double d0 = ((double)ser + (1 - BAR3D_FILL) / 2) * du;

	chart_box3d(c, &b);
	out->w = b.cell * BAR3D_FILL;
	out->dx = BAR3D_FILL * du * b.ox;
	out->dy = BAR3D_FILL * du * b.oy;
	out->h = chart_bar3d_height(c, v);
	out->x = b.x + (double)cat * b.cell + (b.cell - out->w) / 2 + d0 * b.ox;
	out->y = b.base - d0 * b.oy - out->h;
}

int chart_is_bars(const struct chart *c)
{
	return c->kind == CHART_BARH || c->kind == CHART_BARG;
}

size_t chart_bar_row(const struct chart *c, size_t i)
{
	size_t row = i;

	if (c->kind != CHART_BARG)
		return i;
	for (size_t k = 0; k <= i && k < c->nbars; k++)
		row += k == 0 || strcmp(c->bars[k].group, c->bars[k - 1].group) != 0;
	return row;
}

size_t chart_bar_rows(const struct chart *c)
{
	return c->nbars ? chart_bar_row(c, c->nbars - 1) + 1 : 0;
}

static double text_w(const struct chart_measure *m, enum chart_font f,
		     const char *s)
{
	double w = 0, h = 0;

	if (s && *s)
		m->text(m->ctx, f, s, &w, &h);
	return w;
}

/* Line height of font f, measured on a string with ascenders and descenders. */
static double text_h(const struct chart_measure *m, enum chart_font f)
{
	double w = 0, h = 0;

	m->text(m->ctx, f, "Ag", &w, &h);
	return h;
}

#define LEGEND_KEY 22.0   /* a legend entry's key and the gap to its label */
#define LEGEND_GAP 18.0   /* between two entries of a row */

/*
 * The legend's entries in rows no wider than avail, filled in order: with place,
 * each entry's x, y from the legend's box (its rows lrow tall, gap apart). Sets
 * *w to the widest row's width; returns the number of rows (0 without entries).
 */
static size_t legend_rows(struct chart *c, const struct chart_measure *m, double avail,
			  double lrow, int place, double *w)
{
	const struct chart_layout *L = &c->lay;
	double x = 0;
	size_t rows = 0;

	*w = 0;
	for (size_t i = 0; i < c->nlegend; i++) {
		double ew = LEGEND_KEY + text_w(m, CHART_FONT_LEGEND, c->legend[i].label);

		if (!rows || x + LEGEND_GAP + ew > avail + 0.01) {
			rows++;
			x = ew;
		} else {
			x += LEGEND_GAP + ew;
		}
		*w = fmax(*w, x);
		if (place) {
			c->legend[i].x = L->legend.x + x - ew;
			c->legend[i].y = L->legend.y + (double)(rows - 1) * (lrow + sp.title_gap);
		}
	}
	return rows;
}

/*
 * Each legend entry's place in the laid-out legend box (its rows as wide as it); one
 * row is centred in the box's height (the y title's row when it shares it).
 */
static void place_legend(struct chart *c, const struct chart_measure *m)
{
	double w, lrow = text_h(m, CHART_FONT_LEGEND);

	if (legend_rows(c, m, c->lay.legend.w, lrow, 1, &w) == 1)
		for (size_t i = 0; i < c->nlegend; i++)
			c->legend[i].y = c->lay.legend.y + (c->lay.legend.h - lrow) / 2;
}

/*
 * The rows above the plot: title, subtitle, then the y title on the left and the
 * legend on the right; a legend that would run into the y title takes a row of
 * its own. Returns the plot's top edge.
 */
static double layout_head(struct chart *c, const struct chart_measure *m)
{
	struct chart_layout *L = &c->lay;
	double y = sp.pad_top, row = 0, lrow = 0;
	int axes = !chart_is_bars(c);
	size_t nrows;

	L->title = (struct chart_rect){ sp.pad_x, y, text_w(m, CHART_FONT_TITLE, c->title),
					text_h(m, CHART_FONT_TITLE) };
	y += L->title.h;
	if (*c->subtitle) {
		y += sp.title_gap;
		L->subtitle = (struct chart_rect){ sp.pad_x, y,
			text_w(m, CHART_FONT_SUBTITLE, c->subtitle),
			text_h(m, CHART_FONT_SUBTITLE) };
		y += L->subtitle.h;
	}
	y += sp.head_gap;
	if (*c->y.title && axes)
		row = text_h(m, CHART_FONT_AXIS);
	if (c->nlegend)
		lrow = text_h(m, CHART_FONT_LEGEND);
	if (c->has_y2 && *c->y2.title && axes)
		row = text_h(m, CHART_FONT_AXIS);
	L->ytitle = (struct chart_rect){ sp.pad_x, y,
		axes ? text_w(m, CHART_FONT_AXIS, c->y.title) : 0, row };
	L->y2title = (struct chart_rect){ 0, y,
		c->has_y2 && axes ? text_w(m, CHART_FONT_AXIS, c->y2.title) : 0, row };
	L->y2title.x = L->width - sp.pad_x - L->y2title.w;
	nrows = legend_rows(c, m, L->width - 2 * sp.pad_x, lrow, 0, &L->legend.w);
	L->legend.x = L->width - sp.pad_x - L->legend.w;
	L->legend.y = y;
	if (nrows > 1 || (row > 0 && lrow > 0 &&
			  sp.pad_x + L->ytitle.w + sp.legend_gap + L->legend.w +
			  (L->y2title.w > 0 ? sp.legend_gap + L->y2title.w : 0) >
			  L->width - sp.pad_x)) {
		/* collision, or wider than the canvas: rows of its own */
		L->legend.y = y + (row > 0 ? row + sp.title_gap : 0);
		L->legend.h = (double)nrows * lrow + (double)(nrows - 1) * sp.title_gap;
		L->ytitle.h = L->y2title.h = row;
		row += (row > 0 ? sp.title_gap : 0) + L->legend.h;
	} else {
		row = fmax(row, lrow);
		L->legend.h = L->ytitle.h = L->y2title.h = row;
	}
	return y + (row > 0 ? row + sp.row_gap : 0);
}

static double footer_height(const struct chart *c, const struct chart_measure *m)
{
	return *c->footer ? sp.footer_gap + text_h(m, CHART_FONT_SMALL) : 0;
}

/* Returns the height of the x tick labels plus the x title below the plot. */
static double foot_height(const struct chart *c, const struct chart_measure *m)
{
	double h = sp.tick_gap + text_h(m, CHART_FONT_TICK);

	if (*c->x.title)
		h += sp.xtitle_gap + text_h(m, CHART_FONT_AXIS);
	return h + footer_height(c, m) + sp.pad_bottom;
}

static void layout_foot(struct chart *c, const struct chart_measure *m)
{
	struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;

	L->xtick_top = p->y + p->h + sp.tick_gap;
	if (*c->x.title) {
		double w = text_w(m, CHART_FONT_AXIS, c->x.title);

		L->xtitle = (struct chart_rect){ p->x + (p->w - w) / 2,
			L->xtick_top + text_h(m, CHART_FONT_TICK) + sp.xtitle_gap,
			w, text_h(m, CHART_FONT_AXIS) };
	}
	if (*c->footer) {
		double h = text_h(m, CHART_FONT_SMALL);

		L->footer = (struct chart_rect){ sp.pad_x, L->height - sp.pad_bottom - h,
						 L->width - 2 * sp.pad_x, h };
	}
}

/* Widest label of the axis's ticks in the tick font. */
static double ticks_width(const struct chart_axis *a, const struct chart_measure *m)
{
	char buf[32];
	double w = 0;

	for (int i = 0; i < a->ticks.n; i++) {
		chart_format_tick(a, a->ticks.v[i], buf, sizeof(buf));
		if (text_w(m, CHART_FONT_TICK, buf) > w)
			w = text_w(m, CHART_FONT_TICK, buf);
	}
	return w;
}

static void axis_ticks(struct chart_axis *a, int k)
{
	if (a->scale == CHART_LINEAR)
		chart_nice_ticks(a->data_min, a->data_max, k, &a->ticks);
	else
		chart_log_ticks(a->data_min, a->data_max,
				a->scale == CHART_LOG2 ? 2 : 10, k, &a->ticks);
}

/* x ticks: the most intervals whose labels keep xtick_spacing apart. */
static void layout_xticks(struct chart_axis *a, double plot_w,
			  const struct chart_measure *m)
{
	for (int k = CHART_MAX_TICKS - 1; k >= 1; k--) {
		axis_ticks(a, k);
		double pitch = a->ticks.n > 1 ? plot_w / (a->ticks.n - 1) : plot_w;

		if (a->ticks.n <= 2 ||
		    (pitch >= sp.xtick_pitch &&
		     (a->scale != CHART_LINEAR || a->ticks.step >= a->min_step) &&
		     pitch >= ticks_width(a, m) + sp.xtick_spacing))
			break;
	}
	a->min = a->ticks.v[0];
	a->max = a->ticks.v[a->ticks.n - 1];
}

/*
 * The extents of the data each axis can show (values > 0 on a log axis, all of them
 * on a linear one), in one pass: x of all series in e[0..1], y of those on the left
 * axis in e[2..3], of those on the right in e2[2..3]; ±INFINITY where none.
 * Comparisons, not fmin()/fmax() calls: a million points cost a few
 * milliseconds instead of tens, and the extents never hold a NaN, so the
 * results are the same.
 */
static void series_extent(const struct chart *c, double e[4], double e2[4])
{
	int xlin = c->x.scale == CHART_LINEAR;

	e[0] = e[2] = e2[2] = INFINITY;
	e[1] = e[3] = e2[3] = -INFINITY;
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];
		double *ye = s->y2 ? e2 : e;
		int ylin = (s->y2 ? c->y2.scale : c->y.scale) == CHART_LINEAR;
		double x0 = e[0], x1 = e[1], y0 = ye[2], y1 = ye[3];

		for (size_t j = 0; j < s->n; j++) {
			double x = s->x[j], y = s->y[j], err = s->yerr ? s->yerr[j] : 0;

			if (xlin || x > 0) {
				x0 = x < x0 ? x : x0;
				x1 = x > x1 ? x : x1;
			}
			if (isfinite(y) && (ylin || y > 0)) {   /* whiskers included */
				y0 = fmin(y0, chart_err_low(y, err, ylin));
				y1 = fmax(y1, y + err);
			}
		}
		e[0] = x0, e[1] = x1, ye[2] = y0, ye[3] = y1;
	}
}

static void data_extent(struct chart *c)
{
	double e[4], e2[4], ymax = 0;

	series_extent(c, e, e2);
	for (size_t i = 0; i < c->nbars; i++)
		ymax = fmax(ymax, c->bars[i].value + c->bars[i].err);
	ymax = fmax(ymax, c->bars_max);
	if (chart_is_bars(c)) {
		c->x.data_min = 0;
		c->x.data_max = ymax;
		return;
	}
	if (!isfinite(e[0]))
		e[0] = c->x.scale == CHART_LINEAR ? 0 : 1, e[1] = e[0] * 10;
	if (!isfinite(e[2]))
		e[2] = 1, e[3] = 10;
	/* Time and written bytes start at zero; sweeps span their points. */
	c->x.data_min = c->kind == CHART_SWEEP || c->x.scale != CHART_LINEAR
				? e[0] : fmin(e[0], 0);
	c->x.data_max = e[1];
	/* Throughput starts at zero and peaks stay clear of the frame. */
	c->y.data_min = c->y.scale == CHART_LINEAR ? fmin(e[2], 0) : e[2];
	c->y.data_max = c->y.scale == CHART_LINEAR ? fmax(e[3], 0) * 1.04 : e[3];
	/* A second axis (temperature) spans its data: 0 would waste the range. */
	if (!isfinite(e2[2]))
		e2[2] = 0, e2[3] = 1;
	c->y2.data_min = e2[2];
	c->y2.data_max = e2[3];
}

static void thin_series(struct chart *c)
{
	int cols = (int)ceil(c->lay.plot.w * sp.m4_oversample);

	for (size_t i = 0; i < c->nseries; i++) {
		struct chart_series *s = &c->series[i];

		free(s->px);
		free(s->py);
		s->px = xmalloc((4 * (size_t)cols + 4) * sizeof(*s->px));
		s->py = xmalloc((4 * (size_t)cols + 4) * sizeof(*s->py));
		s->pn = chart_m4(s->x, s->y, s->n, c->x.min, c->x.max, cols, s->px,
				 s->py);
	}
}

/* The plot's view, and the inset's box (chart_inset_corner()) with its own window. */
static void layout_views(struct chart *c)
{
	struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;

	L->view = (struct chart_view){ p->x, p->y, p->w, p->h, c->x.min, c->x.max,
				       c->y.min, c->y.max, c->x.scale, c->y.scale };
	L->view2 = L->view;
	L->view2.ymin = c->y2.min;
	L->view2.ymax = c->y2.max;
	L->view2.ys = c->y2.scale;
	L->density = c->kind == CHART_SCATTER && chart_points(c) > CHART_DENSITY_MIN;
	if (!c->has_inset || c->kind != CHART_SCATTER)
		return;
	L->inset = L->view;
	L->inset.w = p->w * sp.inset_frac_w;
	L->inset.h = p->h * sp.inset_frac_h;
	chart_inset_corner(c, &L->inset, sp.inset_margin);
	L->inset.xmin = c->inset_win[0];
	L->inset.xmax = c->inset_win[1];
	L->inset.ymin = c->inset_win[2];
	L->inset.ymax = c->inset_win[3];
	/* A log axis cannot show 0: the window starts where the plot does. */
	if (L->inset.xs != CHART_LINEAR && !(L->inset.xmin > 0))
		L->inset.xmin = L->view.xmin;
	if (L->inset.ys != CHART_LINEAR && !(L->inset.ymin > 0))
		L->inset.ymin = L->view.ymin;
}

/*
 * The second y axis: ticks over its data with as many intervals as the left one
 * may have. Returns the width it takes right of the plot (0 without one).
 */
static double layout_y2(struct chart *c, int k, const struct chart_measure *m)
{
	if (!c->has_y2 || c->kind == CHART_BARH)
		return 0;
	axis_ticks(&c->y2, k < 2 ? 2 : k > 8 ? 8 : k);
	c->y2.min = c->y2.ticks.v[0];
	c->y2.max = c->y2.ticks.v[c->y2.ticks.n - 1];
	return ticks_width(&c->y2, m) + sp.tick_gap;
}

static int layout_line(struct chart *c, const struct chart_measure *m)
{
	struct chart_layout *L = &c->lay;
	struct chart_rect *p = &L->plot;
	double top = layout_head(c, m), yw;
	int k;

	p->y = top;
	p->h = L->height - top - foot_height(c, m);
	if (p->h < 40)
		return -SB_EINVAL;
	k = (int)floor(p->h / sp.tick_spacing);
	axis_ticks(&c->y, k < 2 ? 2 : k > 8 ? 8 : k);
	c->y.min = c->y.ticks.v[0];
	c->y.max = c->y.ticks.v[c->y.ticks.n - 1];
	yw = ticks_width(&c->y, m);
	if (L->ytitle.w > yw)
		yw = L->ytitle.w;
	p->x = sp.pad_x + yw + sp.tick_gap;
	L->ytitle.x = p->x - sp.tick_gap - L->ytitle.w;
	L->ytick_right = p->x - sp.tick_gap;
	/* The last x label is centred on the right edge and overhangs into pad_x. */
	p->w = L->width - sp.pad_x - p->x - layout_y2(c, k, m);
	if (p->w < 80)
		return -SB_EINVAL;
	L->y2tick_left = p->x + p->w + sp.tick_gap;
	layout_xticks(&c->x, p->w, m);
	layout_foot(c, m);
	if (L->legend.y == L->ytitle.y)
		L->legend.x = fmin(p->x + p->w, L->y2title.w > 0 ? L->y2title.x -
				   sp.legend_gap : INFINITY) - L->legend.w;
	layout_views(c);
	if (c->kind == CHART_LINE)
		thin_series(c);
	chart__layout_marks(c, m, sp.mark_gap);
	return 0;
}

static double bars_label_width(const struct chart *c, const struct chart_measure *m)
{
	double w = 0;

	for (size_t i = 0; i < c->nbars; i++) {
		w = fmax(w, text_w(m, CHART_FONT_BAR_LABEL, c->bars[i].label));
		w = fmax(w, text_w(m, CHART_FONT_BAR_NOTE, c->bars[i].note));
	}
	return w;
}

static int layout_barh(struct chart *c, const struct chart_measure *m)
{
	struct chart_layout *L = &c->lay;
	struct chart_rect *p = &L->plot;
	double top = layout_head(c, m), vw = 0, lw, row, least;

	lw = fmin(bars_label_width(c, m), L->width * 0.35);
	for (size_t i = 0; i < c->nbars; i++)
		vw = fmax(vw, text_w(m, CHART_FONT_VALUE, c->bars[i].value_text));
	least = L->width < CHART_SPACING_FULL_WIDTH ? 40 : 80;   /* a column's bars are short */
	/* too narrow for labels beside the bars (an 85 mm column): labels above them */
	L->stacked = c->kind == CHART_BARH &&
		     L->width - 2 * sp.pad_x - vw - sp.value_gap - lw - 2 * sp.tick_gap < least;
	/*
	 * A row holds its label and note at any type scale; grouped bars
	 * have one line of text a row, so their rows are as tall as it needs.
	 */
	if (L->stacked)
		row = 1.15 * text_h(m, CHART_FONT_BAR_LABEL) +
		      1.3 * fmax(sp.bar_thick, text_h(m, CHART_FONT_VALUE));
	else if (c->kind == CHART_BARG)
		row = 1.6 * fmax(text_h(m, CHART_FONT_BAR_NOTE), text_h(m, CHART_FONT_VALUE));
	else
		row = fmax(sp.bar_row, 1.15 * (text_h(m, CHART_FONT_BAR_LABEL) +
					       text_h(m, CHART_FONT_BAR_NOTE)));
	L->row_h = row;
	L->bar_h = sp.bar_thick;
	if (L->height <= 0)
		L->height = top + (double)chart_bar_rows(c) * row + foot_height(c, m);
	p->y = top;
	p->h = L->height - top - foot_height(c, m);
	if (c->nbars)
		L->row_h = p->h / (double)chart_bar_rows(c);
	if (p->h < 20 || L->row_h < text_h(m, CHART_FONT_BAR_LABEL))
		return -SB_EINVAL;
	if (L->bar_h > L->row_h * 0.7)
		L->bar_h = L->row_h * 0.7;
	if (L->stacked) {
		lw = 0;
		L->bar_h = fmin(L->bar_h, L->row_h - 1.15 * text_h(m, CHART_FONT_BAR_LABEL));
	}
	L->label_right = sp.pad_x + lw;
	p->x = L->label_right + (L->stacked ? 0 : 2 * sp.tick_gap);
	p->w = L->width - sp.pad_x - vw - sp.value_gap - p->x;
	if (p->w < least)
		return -SB_EINVAL;
	L->legend.x = L->width - sp.pad_x - L->legend.w;
	layout_xticks(&c->x, p->w, m);
	c->y.min = 0;
	c->y.max = (double)chart_bar_rows(c);
	layout_foot(c, m);
	layout_views(c);
	return 0;
}

int chart_layout(struct chart *c, double width, double height,
		 const struct chart_measure *m)
{
	memset(&c->lay, 0, sizeof(c->lay));
	c->lay.width = width;
	c->lay.height = height;
	int rc;

	set_spacing(width);
	data_extent(c);
	if (chart_is_bars(c))
		rc = layout_barh(c, m);
	else
		rc = height <= 0 ? -SB_EINVAL : layout_line(c, m);
	if (!rc)
		place_legend(c, m);
	return rc;
}
