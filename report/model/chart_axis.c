/* SPDX-License-Identifier: MIT */
/* chart_axis: the chart model's scales: nice and log ticks, tick labels, mapping, density bins. */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

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

	if (!isfinite(v)) {   /* (int) of log10(NaN) is undefined */
		snprintf(buf, n, "n/a");
		return;
	}
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
	chart_format_fixed(q, dec, buf, n);
	trim_zeros(buf);
	if (!strcmp(buf, "-0"))
		snprintf(buf, n, "0");
	snprintf(buf + strlen(buf), n - strlen(buf), "%s", si[i].sfx);
}

/* The i-th of len significant digits, '0' past either end. */
static char digit_at(const char *dig, int len, int i)
{
	if (i < 0 || i >= len)
		return '0';
	return dig[i];
}

/*
 * The decimal digits of |v| rounded to `decimals` after the point, halves away from
 * zero as a spreadsheet shows them: |v| is first taken to 15 significant digits (what
 * a workbook keeps), so 2.675 (2.67499999... in binary) prints 2.68 and 73312.5 prints
 * 73313, in the PDF as in the workbook's cell. Writes "[-]ddd[.ddd]" into buf.
 */
char *chart_format_fixed(double v, int decimals, char *buf, size_t n)
{
	char e[32], dig[40];
	int exp, len = 0, keep, o = 0, point;

	if (!n)
		return buf;
	if (!isfinite(v)) {
		snprintf(buf, n, "n/a");
		return buf;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > 15)
		decimals = 15;
	if (fabs(v) >= 1e20) {                      /* past 15 digits' reach anyway */
		snprintf(buf, n, "%.*f", decimals, v);
		return buf;
	}
	snprintf(e, sizeof(e), "%.14e", fabs(v));        /* d.dddddddddddddde+XX */
	for (const char *p = e; *p && *p != 'e'; p++)
		if (*p != '.')
			dig[len++] = *p;
	exp = atoi(strchr(e, 'e') + 1);
	keep = exp + 1 + decimals;                  /* significant digits printed */
	if (keep < 0) {
		len = 0;
	} else if (keep < len) {
		int up = dig[keep] >= '5';

		len = keep;
		for (int i = len - 1; up && i >= 0; i--) {
			up = dig[i] == '9';
			if (up)
				dig[i] = '0';
			else
				dig[i]++;
		}
		if (up) {                           /* 9.99 to 10.0: one digit more */
			memmove(dig + 1, dig, (size_t)len);
			dig[0] = '1';
			len++, exp++;
		}
	}
	point = exp + 1;                            /* digits before the point */
	{
		char out[64];
		int nz = 0;

		for (int i = 0; i < len; i++)
			nz |= dig[i] != '0';
		if (v < 0 && nz)
			out[o++] = '-';
		if (point <= 0)
			out[o++] = '0';
		for (int i = 0; i < point; i++)
			out[o++] = digit_at(dig, len, i);
		if (decimals) {
			out[o++] = '.';
			for (int i = point; i < point + decimals; i++)
				out[o++] = digit_at(dig, len, i);
		}
		out[o] = '\0';
		snprintf(buf, n, "%s", out);
	}
	return buf;
}

void chart_format_grouped(double v, int decimals, char *buf, size_t n)
{
	char digits[64], *p;
	size_t len, intlen, o = 0;

	if (!isfinite(v)) {
		snprintf(buf, n, "n/a");
		return;
	}
	chart_format_fixed(fabs(v), decimals, digits, sizeof(digits));
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

/* Position of v along an axis as a fraction of [lo, hi]; NAN off a log axis. */
static double frac(enum chart_scale sc, double lo, double hi, double v)
{
	if (sc != CHART_LINEAR) {
		if (!(v > 0) || !(lo > 0) || !(hi > lo))
			return NAN;
		return (log(v) - log(lo)) / (log(hi) - log(lo));
	}
	return hi > lo ? (v - lo) / (hi - lo) : 0;
}

double chart_view_x(const struct chart_view *v, double x)
{
	return v->x + frac(v->xs, v->xmin, v->xmax, x) * v->w;
}

double chart_view_y(const struct chart_view *v, double y)
{
	return v->y + v->h - frac(v->ys, v->ymin, v->ymax, y) * v->h;
}

double chart_map_x(const struct chart *c, double v)
{
	return chart_view_x(&c->lay.view, v);
}

double chart_map_y(const struct chart *c, double v)
{
	return chart_view_y(&c->lay.view, v);
}

double chart_map_y2(const struct chart *c, double v)
{
	return chart_view_y(&c->lay.view2, v);
}

void chart_log_ticks(double lo, double hi, int base, int max_intervals,
		     struct chart_ticks *t)
{
	double lb = base == 2 ? log(2) : log(10);
	long e0, e1, k = 1;

	if (!(lo > 0))
		lo = 1;
	if (!(hi > lo))
		hi = lo * base;
	if (max_intervals < 1)
		max_intervals = 1;
	if (max_intervals > CHART_MAX_TICKS - 1)
		max_intervals = CHART_MAX_TICKS - 1;
	e0 = (long)floor(log(lo) / lb + 1e-9);
	e1 = (long)ceil(log(hi) / lb - 1e-9);
	if (e1 <= e0)
		e1 = e0 + 1;
	while ((e1 - e0 + k - 1) / k > max_intervals)
		k++;
	e0 = (long)floor((double)e0 / (double)k) * k;
	e1 = (long)ceil((double)e1 / (double)k) * k;
	t->n = 0;
	t->step = 0; /* no common step: labels use their own precision */
	for (long e = e0; e <= e1 && t->n < CHART_MAX_TICKS; e += k)
		t->v[t->n++] = pow(base, (double)e);
}

void chart_format_tick(const struct chart_axis *a, double v, char *buf, size_t n)
{
	static const char *const iec[] = { "", "K", "M", "G", "T" };
	size_t i = 0;
	char num[40];

	if (a->unit == CHART_UNIT_NINES) {
		/* 10^-k exceeded by that fraction: the (100 - 10^(2-k))th percentile. */
		int k = v > 0 && v < 1 ? (int)ceil(-log10(v) - 1e-9) : 0;

		snprintf(buf, n, "%s%%", chart_format_fixed(v < 1 ? 100 * (1 - v) : 0,
							    k > 2 ? k - 2 : 0, num, sizeof(num)));
		return;
	}
	/* thousands as magazines print them, "1,500" and "250,000"; "1.5M" from a million */
	if (a->unit != CHART_UNIT_IEC && isfinite(v) && fabs(v) >= 1000 - 1e-9 &&
	    fabs(v) < 1e6 - 1e-6) {
		int dec = a->scale == CHART_LINEAR && a->ticks.step > 0 ?
				  step_decimals(a->ticks.step) : 0;

		chart_format_grouped(v, dec > 6 ? 6 : dec, buf, n);
		return;
	}
	if (a->unit != CHART_UNIT_IEC) {
		chart_format_si(v, a->scale == CHART_LINEAR ? a->ticks.step : 0, buf, n);
		return;
	}
	while (i + 1 < sizeof(iec) / sizeof(iec[0]) && fabs(v) >= 1024.0 - 1e-9) {
		v /= 1024.0;
		i++;
	}
	chart_format_fixed(v, fabs(v - nearbyint(v)) < 1e-9 ? 0 : 1, num, sizeof(num));
	snprintf(buf, n, "%s%s", num, iec[i]);
}

/* The cell of grid pw x ph over view v that (x, y) falls in; 0 when outside v. */
static int cell_of(const struct chart_view *v, int pw, int ph, double x, double y,
		   size_t *cell)
{
	double fx = frac(v->xs, v->xmin, v->xmax, x);
	double fy = frac(v->ys, v->ymin, v->ymax, y);
	long cx, cy;

	if (!(fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1))
		return 0;
	cx = (long)(fx * pw);
	cy = (long)((1 - fy) * ph);
	if (cx >= pw)
		cx = pw - 1;
	if (cy >= ph)
		cy = ph - 1;
	*cell = (size_t)cy * (size_t)pw + (size_t)cx;
	return 1;
}

uint32_t chart_density(const struct chart_series *s, const struct chart_view *v,
		       int pw, int ph, uint32_t *counts)
{
	uint32_t max = 0;
	size_t k;

	for (size_t i = 0; i < s->n; i++)
		if (cell_of(v, pw, ph, s->x[i], s->y[i], &k) && ++counts[k] > max)
			max = counts[k];
	return max;
}

size_t chart_outliers(const struct chart_series *s, const struct chart_view *v,
		      unsigned char *keep)
{
	/* Whole cells, none narrower than a cell: a sliver at the edge holds few points. */
	int pw = (int)(v->w / CHART_OUTLIER_CELL), ph = (int)(v->h / CHART_OUTLIER_CELL);
	uint32_t *cnt;
	size_t kept = 0, k;

	if (pw < 1 || ph < 1) {
		memset(keep, 0, s->n);
		return 0;
	}
	cnt = xcalloc((size_t)pw * (size_t)ph, sizeof(*cnt));
	chart_density(s, v, pw, ph, cnt);
	for (size_t i = 0; i < s->n; i++) {
		keep[i] = cell_of(v, pw, ph, s->x[i], s->y[i], &k) && cnt[k] < CHART_OUTLIER_MAX;
		kept += keep[i];
	}
	free(cnt);
	return kept;
}

/*
 * room the inset's own tick labels take left of and under its box (they
 * are drawn in CHART_FONT_SMALL outside it).
 */
#define INSET_LABEL_W 36.0
#define INSET_LABEL_H 14.0

/* 1 when box b (x, y, w, h) and the rectangle x0..x1, y0..y1 overlap. */
static int overlaps(const struct chart_view *b, double x0, double x1, double y0, double y1)
{
	return b->x < fmax(x0, x1) && b->x + b->w > fmin(x0, x1) &&
	       b->y < fmax(y0, y1) && b->y + b->h > fmin(y0, y1);
}

void chart_inset_corner(const struct chart *c, struct chart_view *in, double margin)
{
	const struct chart_view *v = &c->lay.view;
	const struct chart_rect *p = &c->lay.plot;
	double fx0 = chart_view_x(v, c->inset_win[0]), fx1 = chart_view_x(v, c->inset_win[1]);
	double fy0 = chart_view_y(v, c->inset_win[2]), fy1 = chart_view_y(v, c->inset_win[3]);
	double left = p->x + margin + INSET_LABEL_W;
	double right = p->x + p->w - in->w - margin;
	double top = p->y + margin;
	double bottom = p->y + p->h - in->h - margin - INSET_LABEL_H;
	const double cx[4] = { right, left, right, left }, cy[4] = { top, top, bottom, bottom };
	size_t best = SIZE_MAX, total = 0;

	if (c->inset_corner > CHART_CORNER_AUTO && c->inset_corner <= CHART_CORNER_LOWER_LEFT) {
		in->x = cx[c->inset_corner - 1];
		in->y = cy[c->inset_corner - 1];
		return;
	}
	for (size_t i = 0; i < c->nseries; i++)
		total += c->series[i].n;
	for (int k = 0; k < 4; k++) {
		struct chart_view b = *in;
		size_t hidden = 0;

		b.x = cx[k];
		b.y = cy[k];
		if (isfinite(fx0) && isfinite(fx1) && isfinite(fy0) && isfinite(fy1) &&
		    overlaps(&b, fx0, fx1, fy0, fy1))
			hidden = total + 1;
		for (size_t i = 0; i < c->nseries; i++) {
			const struct chart_series *s = &c->series[i];

			for (size_t j = 0; s->stroke == CHART_STROKE_AUTO && j < s->n; j++) {
				double x = chart_view_x(v, s->x[j]), y = chart_view_y(v, s->y[j]);

				hidden += x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h;
			}
		}
		if (hidden < best) {
			best = hidden;
			in->x = b.x;
			in->y = b.y;
		}
	}
}
