/* SPDX-License-Identifier: MIT */
/* chart: the chart model, its scales, ticks, labels, layout and M4 thinning. */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "xalloc.h"

static const struct chart_font_spec font_specs[CHART_FONT_N] = {
	[CHART_FONT_TITLE] = { 19.0, 1 },
	[CHART_FONT_SUBTITLE] = { 11.5, 0 },
	[CHART_FONT_AXIS] = { 10.5, 1 },
	[CHART_FONT_TICK] = { 10.0, 0 },
	[CHART_FONT_LEGEND] = { 10.5, 0 },
	[CHART_FONT_BAR_LABEL] = { 11.0, 1 },
	[CHART_FONT_BAR_NOTE] = { 9.0, 0 },
	[CHART_FONT_VALUE] = { 10.5, 1 },
	[CHART_FONT_HEADING] = { 28.0, 1 },
	[CHART_FONT_BODY] = { 9.5, 0 },
	[CHART_FONT_SMALL] = { 8.0, 0 },
};

/* Spacing in points; one table so every chart breathes the same way. */
static const struct {
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
} sp = { 36, 28, 24, 6, 18, 10, 8, 8, 44, 24, 80, 2, 40, 22, 8 };

const struct chart_font_spec *chart_font_spec(enum chart_font f)
{
	if ((int)f < 0 || f >= CHART_FONT_N)
		f = CHART_FONT_BODY;
	return &font_specs[f];
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
	return c;
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
	for (size_t i = 0; i < c->nseries; i++) {
		struct chart_series *s = &c->series[i];

		free(s->label);
		free(s->x);
		free(s->y);
		free(s->px);
		free(s->py);
	}
	for (size_t i = 0; i < c->nbars; i++) {
		free(c->bars[i].label);
		free(c->bars[i].note);
		free(c->bars[i].value_text);
	}
	for (size_t i = 0; i < c->nlegend; i++)
		free(c->legend[i].label);
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
	c->nlegend++;
}

void chart_add_series(struct chart *c, const char *label, uint32_t color,
		      const double *x, const double *y, size_t n)
{
	struct chart_series *s;

	XGROW(c->series, c->series_cap, c->nseries + 1);
	s = &c->series[c->nseries++];
	memset(s, 0, sizeof(*s));
	s->label = xstrdup(label);
	s->color = color;
	s->n = n;
	s->x = xmalloc((n ? n : 1) * sizeof(*s->x));
	s->y = xmalloc((n ? n : 1) * sizeof(*s->y));
	if (n) {
		memcpy(s->x, x, n * sizeof(*x));
		memcpy(s->y, y, n * sizeof(*y));
	}
	chart_add_legend(c, label, color);
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
}

/* Rounds away the float noise of k * step so 0.1 * 3 prints as 0.3 and -0 as 0. */
static double clean(double v, double step)
{
	double q = v / step;

	if (fabs(q - nearbyint(q)) < 1e-9)
		v = nearbyint(q) * step;
	if (fabs(v) < step * 1e-9)
		v = 0;
	return v;
}

void chart_nice_ticks(double lo, double hi, int max_intervals,
		      struct chart_ticks *t)
{
	static const double mult[] = { 1, 2, 5, 10 };
	double raw, mag, step = 1, first, last;
	int n;

	if (max_intervals < 1)
		max_intervals = 1;
	if (max_intervals > CHART_MAX_TICKS - 1)
		max_intervals = CHART_MAX_TICKS - 1;
	if (!isfinite(lo) || !isfinite(hi))
		lo = 0, hi = 1;
	if (hi < lo) {
		double tmp = lo;

		lo = hi;
		hi = tmp;
	}
	if (hi - lo < 1e-12 * (fabs(hi) + 1))
		hi = lo == 0 ? 1 : lo + fabs(lo) * 0.1;
	raw = (hi - lo) / max_intervals;
	mag = pow(10, floor(log10(raw)));
	for (;;) {
		for (size_t i = 0; i < sizeof(mult) / sizeof(mult[0]); i++) {
			step = mult[i] * mag;
			first = floor(lo / step + 1e-9);
			last = ceil(hi / step - 1e-9);
			if (last - first <= max_intervals)
				goto found;
		}
		mag *= 10;
	}
found:
	n = (int)(last - first) + 1;
	t->n = n;
	t->step = step;
	for (int i = 0; i < n; i++)
		t->v[i] = clean((first + i) * step, step);
}

/* Drops trailing zeros after a decimal point: "2.50" -> "2.5", "3.0" -> "3". */
static void trim_zeros(char *s)
{
	char *dot = strchr(s, '.');
	char *end;

	if (!dot)
		return;
	end = s + strlen(s);
	while (end > dot + 1 && end[-1] == '0')
		*--end = '\0';
	if (end == dot + 1)
		*dot = '\0';
}

/* The decimals that write every multiple of step exactly: 0.25 needs 2. */
static int step_decimals(double step)
{
	int d = 0;
	double scaled = step;

	while (d < 6 && fabs(scaled - nearbyint(scaled)) > 1e-6 * scaled) {
		d++;
		scaled *= 10;
	}
	return d;
}

void chart_format_si(double v, double step, char *buf, size_t n)
{
	static const struct { double f; const char *sfx; } si[] = {
		{ 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" }, { 1, "" },
	};
	size_t i = 0;
	double a = fabs(v), q;
	int dec;

	if (step > 0)
		v = clean(v, step), a = fabs(v);
	while (i + 1 < sizeof(si) / sizeof(si[0]) && a < si[i].f * (1 - 1e-9))
		i++;
	q = v / si[i].f;
	if (step > 0)
		dec = step_decimals(step / si[i].f);
	else
		dec = a == 0 ? 0 : 2 - (int)floor(log10(fabs(q)) + 1e-9);
	if (dec < 0)
		dec = 0;
	if (dec > 6)
		dec = 6;
	snprintf(buf, n, "%.*f", dec, q);
	trim_zeros(buf);
	if (!strcmp(buf, "-0"))
		snprintf(buf, n, "0");
	snprintf(buf + strlen(buf), n - strlen(buf), "%s", si[i].sfx);
}

void chart_format_grouped(double v, int decimals, char *buf, size_t n)
{
	char digits[64], *p;
	size_t len, intlen, o = 0;

	snprintf(digits, sizeof(digits), "%.*f", decimals, fabs(v));
	p = strchr(digits, '.');
	intlen = p ? (size_t)(p - digits) : strlen(digits);
	len = strlen(digits);
	if (n == 0)
		return;
	if (v < 0 && strspn(digits, "0.") != len && o + 1 < n)
		buf[o++] = '-';
	for (size_t i = 0; i < len && o + 1 < n; i++) {
		if (i > 0 && i < intlen && (intlen - i) % 3 == 0) {
			buf[o++] = ',';
			if (o + 1 >= n)
				break;
		}
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
}

double chart_map_x(const struct chart *c, double v)
{
	const struct chart_rect *p = &c->lay.plot;
	double span = c->x.max - c->x.min;

	return p->x + (span > 0 ? (v - c->x.min) / span : 0) * p->w;
}

double chart_map_y(const struct chart *c, double v)
{
	const struct chart_rect *p = &c->lay.plot;
	double span = c->y.max - c->y.min;

	return p->y + p->h - (span > 0 ? (v - c->y.min) / span : 0) * p->h;
}

/* Appends the column's distinct indices in ascending order. */
static size_t m4_flush(const double *x, const double *y, const size_t idx[4],
		       double *ox, double *oy, size_t o)
{
	size_t k[4];
	int nk = 0;

	for (int i = 0; i < 4; i++) {
		int j = nk;

		while (j > 0 && k[j - 1] > idx[i])
			j--;
		if (j > 0 && k[j - 1] == idx[i])
			continue;
		memmove(&k[j + 1], &k[j], (size_t)(nk - j) * sizeof(k[0]));
		k[j] = idx[i];
		nk++;
	}
	for (int i = 0; i < nk; i++, o++) {
		ox[o] = x[k[i]];
		oy[o] = y[k[i]];
	}
	return o;
}

size_t chart_m4(const double *x, const double *y, size_t n, double x0, double x1,
		int columns, double *ox, double *oy)
{
	size_t idx[4] = { 0, 0, 0, 0 }, o = 0; /* first, min, max, last */
	long col = -1;
	double span = x1 - x0;

	if (columns < 1)
		columns = 1;
	for (size_t i = 0; i < n; i++) {
		long c = span > 0 ? (long)floor((x[i] - x0) / span * columns) : 0;

		if (c < 0)
			c = 0;
		if (c >= columns)
			c = columns - 1;
		if (c != col) {
			if (col >= 0)
				o = m4_flush(x, y, idx, ox, oy, o);
			col = c;
			idx[0] = idx[1] = idx[2] = idx[3] = i;
			continue;
		}
		if (y[i] < y[idx[1]])
			idx[1] = i;
		if (y[i] > y[idx[2]])
			idx[2] = i;
		idx[3] = i;
	}
	if (col >= 0)
		o = m4_flush(x, y, idx, ox, oy, o);
	return o;
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

static double legend_width(const struct chart *c, const struct chart_measure *m)
{
	double w = 0;

	for (size_t i = 0; i < c->nlegend; i++) {
		if (i)
			w += 18;
		w += 22 + text_w(m, CHART_FONT_LEGEND, c->legend[i].label);
	}
	return w;
}

/*
 * The rows above the plot: title, subtitle, then the y title on the left and the
 * legend on the right. Returns the plot's top edge.
 */
static double layout_head(struct chart *c, const struct chart_measure *m)
{
	struct chart_layout *L = &c->lay;
	double y = sp.pad_top, row = 0;

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
	if (*c->y.title && c->kind == CHART_LINE)
		row = text_h(m, CHART_FONT_AXIS);
	if (c->nlegend && text_h(m, CHART_FONT_LEGEND) > row)
		row = text_h(m, CHART_FONT_LEGEND);
	L->ytitle = (struct chart_rect){ sp.pad_x, y,
		c->kind == CHART_LINE ? text_w(m, CHART_FONT_AXIS, c->y.title) : 0, row };
	L->legend.w = legend_width(c, m);
	L->legend.h = row;
	L->legend.x = L->width - sp.pad_x - L->legend.w;
	L->legend.y = y;
	return y + (row > 0 ? row + sp.row_gap : 0);
}

/* Returns the height of the x tick labels plus the x title below the plot. */
static double foot_height(const struct chart *c, const struct chart_measure *m)
{
	double h = sp.tick_gap + text_h(m, CHART_FONT_TICK);

	if (*c->x.title)
		h += sp.xtitle_gap + text_h(m, CHART_FONT_AXIS);
	return h + sp.pad_bottom;
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
}

/* Widest label of the axis's ticks in the tick font. */
static double ticks_width(const struct chart_axis *a, const struct chart_measure *m)
{
	char buf[32];
	double w = 0;

	for (int i = 0; i < a->ticks.n; i++) {
		chart_format_si(a->ticks.v[i], a->ticks.step, buf, sizeof(buf));
		if (text_w(m, CHART_FONT_TICK, buf) > w)
			w = text_w(m, CHART_FONT_TICK, buf);
	}
	return w;
}

/* x ticks: the most intervals whose labels keep xtick_spacing apart. */
static void layout_xticks(struct chart_axis *a, double plot_w,
			  const struct chart_measure *m)
{
	for (int k = CHART_MAX_TICKS - 1; k >= 1; k--) {
		chart_nice_ticks(a->data_min, a->data_max, k, &a->ticks);
		double pitch = a->ticks.n > 1 ? plot_w / (a->ticks.n - 1) : plot_w;

		if (a->ticks.n <= 2 ||
		    (pitch >= sp.xtick_pitch && a->ticks.step >= a->min_step &&
		     pitch >= ticks_width(a, m) + sp.xtick_spacing))
			break;
	}
	a->min = a->ticks.v[0];
	a->max = a->ticks.v[a->ticks.n - 1];
}

static void data_extent(struct chart *c)
{
	double xmin = INFINITY, xmax = -INFINITY, ymax = 0;

	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];

		for (size_t j = 0; j < s->n; j++) {
			xmin = fmin(xmin, s->x[j]);
			xmax = fmax(xmax, s->x[j]);
			ymax = fmax(ymax, s->y[j]);
		}
	}
	for (size_t i = 0; i < c->nbars; i++)
		ymax = fmax(ymax, c->bars[i].value);
	if (c->kind == CHART_BARH) {
		c->x.data_min = 0;
		c->x.data_max = ymax;
		return;
	}
	c->x.data_min = isfinite(xmin) ? fmin(xmin, 0) : 0;
	c->x.data_max = isfinite(xmax) ? xmax : 1;
	c->y.data_min = 0; /* throughput charts always start at zero */
	c->y.data_max = ymax * 1.04; /* peaks stay clear of the frame */
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
	chart_nice_ticks(c->y.data_min, c->y.data_max, k < 2 ? 2 : k > 8 ? 8 : k,
			 &c->y.ticks);
	c->y.min = c->y.ticks.v[0];
	c->y.max = c->y.ticks.v[c->y.ticks.n - 1];
	yw = ticks_width(&c->y, m);
	if (L->ytitle.w > yw)
		yw = L->ytitle.w;
	p->x = sp.pad_x + yw + sp.tick_gap;
	L->ytitle.x = p->x - sp.tick_gap - L->ytitle.w;
	L->ytick_right = p->x - sp.tick_gap;
	/* The last x label is centred on the right edge and overhangs into pad_x. */
	p->w = L->width - sp.pad_x - p->x;
	if (p->w < 80)
		return -SB_EINVAL;
	layout_xticks(&c->x, p->w, m);
	layout_foot(c, m);
	L->legend.x = p->x + p->w - L->legend.w;
	thin_series(c);
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
	double top = layout_head(c, m), vw = 0, lw;

	L->row_h = sp.bar_row;
	L->bar_h = sp.bar_thick;
	if (L->height <= 0)
		L->height = top + (double)c->nbars * sp.bar_row + foot_height(c, m);
	p->y = top;
	p->h = L->height - top - foot_height(c, m);
	if (c->nbars)
		L->row_h = p->h / (double)c->nbars;
	if (p->h < 20 || L->row_h < text_h(m, CHART_FONT_BAR_LABEL))
		return -SB_EINVAL;
	if (L->bar_h > L->row_h * 0.7)
		L->bar_h = L->row_h * 0.7;
	lw = fmin(bars_label_width(c, m), L->width * 0.35);
	for (size_t i = 0; i < c->nbars; i++)
		vw = fmax(vw, text_w(m, CHART_FONT_VALUE, c->bars[i].value_text));
	L->label_right = sp.pad_x + lw;
	p->x = L->label_right + 2 * sp.tick_gap;
	p->w = L->width - sp.pad_x - vw - sp.value_gap - p->x;
	if (p->w < 80)
		return -SB_EINVAL;
	L->legend.x = L->width - sp.pad_x - L->legend.w;
	layout_xticks(&c->x, p->w, m);
	c->y.min = 0;
	c->y.max = (double)c->nbars;
	layout_foot(c, m);
	return 0;
}

int chart_layout(struct chart *c, double width, double height,
		 const struct chart_measure *m)
{
	memset(&c->lay, 0, sizeof(c->lay));
	c->lay.width = width;
	c->lay.height = height;
	data_extent(c);
	if (c->kind == CHART_BARH)
		return layout_barh(c, m);
	if (height <= 0)
		return -SB_EINVAL;
	return layout_line(c, m);
}
