/* SPDX-License-Identifier: MIT */
/* table: summary and delta tables: cells, column layout, and delta shading. */
#include "table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "xalloc.h"

/* Spacing in points; on a narrow canvas (an 85 mm column) the margins and gaps
 * shrink in proportion, as a chart's (chart_spacing_scale()). */
struct spacing {
	double pad_x, pad_top, pad_bottom, cell_pad, row_pad, title_gap, head_gap;
	double footer_gap;
};
static const struct spacing sp_full = { 36, 28, 24, 10, 6, 6, 18, 12 };
static struct spacing sp = { 36, 28, 24, 10, 6, 6, 18, 12 };

static void set_spacing(double width)
{
	double *const scaled[] = { &sp.pad_x, &sp.pad_top, &sp.pad_bottom, &sp.title_gap,
				   &sp.head_gap, &sp.footer_gap };

	sp = sp_full;
	chart_spacing_scale(scaled, sizeof(scaled) / sizeof(scaled[0]), width);
}

#define DELTA_DEAD_ZONE 1.0     /* percent: run-to-run noise stays white */
#define DELTA_BETTER 0x4fb99fu  /* bluish green, lightened so text reads */
#define DELTA_WORSE 0xf0a07au   /* vermillion, lightened */

struct table *table_new(const char *title, const char *subtitle, size_t ncols,
			const char *const *head)
{
	struct table *t = xcalloc(1, sizeof(*t));

	t->title = xstrdup(title ? title : "");
	t->subtitle = xstrdup(subtitle ? subtitle : "");
	t->footer = xstrdup("");
	t->ncols = ncols;
	t->head = xcalloc(ncols + 1, sizeof(*t->head));
	for (size_t i = 0; i < ncols; i++)
		t->head[i] = xstrdup(head[i] ? head[i] : "");
	t->col_x = xcalloc(ncols + 1, sizeof(*t->col_x));
	t->col_w = xcalloc(ncols + 1, sizeof(*t->col_w));
	t->head_cut = xcalloc(ncols + 1, sizeof(*t->head_cut));
	t->tile = xcalloc(ncols + 1, sizeof(*t->tile));
	return t;
}

void table_free(struct table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	for (size_t i = 0; i < t->ncols; i++)
		free(t->head[i]);
	free(t->cells);
	free(t->head);
	free(t->col_x);
	free(t->col_w);
	free(t->head_cut);
	free(t->tile);
	free(t->title);
	free(t->subtitle);
	free(t->footer);
	free(t);
}

void table_set_title(struct table *t, const char *title)
{
	free(t->title);
	t->title = xstrdup(title ? title : "");
}

void table_set_subtitle(struct table *t, const char *subtitle)
{
	free(t->subtitle);
	t->subtitle = xstrdup(subtitle ? subtitle : "");
}

void table_set_tile(struct table *t, size_t col)
{
	if (col < t->ncols)
		t->tile[col] = 1;
}

enum chart_font table_cell_font(const struct table *t, size_t col)
{
	if (col >= t->ncols || !t->tile[col])
		return CHART_FONT_BODY;
	return col ? CHART_FONT_TITLE : CHART_FONT_AXIS;
}

void table_set_keep(struct table *t, size_t keep)
{
	t->keep = keep < t->ncols ? keep : 0;
}

void table_set_footer(struct table *t, const char *footer)
{
	free(t->footer);
	t->footer = xstrdup(footer ? footer : "");
}

void table_add_row(struct table *t, const char *const *texts, const uint32_t *fills)
{
	XGROW(t->cells, t->cap, (t->nrows + 1) * t->ncols);
	for (size_t i = 0; i < t->ncols; i++) {
		struct table_cell *c = &t->cells[t->nrows * t->ncols + i];

		c->text = xstrdup(texts[i] ? texts[i] : "");
		c->fill = fills ? fills[i] : TABLE_NO_FILL;
	}
	t->nrows++;
}

static double measure(const struct chart_measure *m, enum chart_font f,
		      const char *s, double *h)
{
	double w = 0, hh = 0;

	m->text(m->ctx, f, *s ? s : "Ag", &w, &hh);
	if (h)
		*h = hh;
	return *s ? w : 0;
}

/* A full-width opening bracket, U+FF08 "（", which a line may start with. */
#define TABLE_FW_OPEN "\xef\xbc\x88"

/*
 * the width of header h set in two lines, cut where it makes the wider line
 * narrowest: at a space (dropped) or before a full-width bracket ("標準差 σ（IOPS）"
 * as "標準差 σ" and "（IOPS）"); *cut is where the second line starts (0: one
 * line, when wrap is 0 or there is no place to cut).
 */
static double head_width(const struct chart_measure *m, const char *h, int wrap,
			 size_t *cut)
{
	double best = measure(m, CHART_FONT_SMALL, h, NULL);

	*cut = 0;
	for (const char *p = *h ? h + 1 : h; wrap && *p; p++) {
		/* the first line ends at p; the second starts after a space, or at p */
		const char *second = p + (*p == ' ');
		char *first;
		double w;

		if ((*p != ' ' && (strncmp(p, TABLE_FW_OPEN, strlen(TABLE_FW_OPEN)) ||
				   p[-1] == ' ')) || !*second)
			continue;
		first = xstrndup(h, (size_t)(p - h));
		w = fmax(measure(m, CHART_FONT_SMALL, first, NULL),
			 measure(m, CHART_FONT_SMALL, second, NULL));
		free(first);
		if (w < best) {
			best = w;
			*cut = (size_t)(second - h);
		}
	}
	return best;
}

/* Widths of columns 1.. from their widest text; returns their sum. */
static double value_columns(struct table *t, const struct chart_measure *m, int wrap)
{
	double sum = 0;

	for (size_t c = 1; c < t->ncols; c++) {
		double w = head_width(m, t->head[c], wrap, &t->head_cut[c]);

		for (size_t r = 0; r < t->nrows; r++)
			w = fmax(w, measure(m, table_cell_font(t, c),
					    t->cells[r * t->ncols + c].text, NULL));
		t->col_w[c] = w + 2 * sp.cell_pad;
		sum += t->col_w[c];
	}
	return sum;
}

/*
 * still too wide (long texts on a web canvas): the widest value columns are
 * narrowed to one cap, so that they take room at most, their texts cut with an
 * ellipsis when drawn; no column under 4 cell paddings. Returns their sum.
 */
static double cap_columns(struct table *t, double room)
{
	double lo = 4 * sp.cell_pad, hi = 0, sum = 0;

	for (size_t c = 1; c < t->ncols; c++)
		hi = fmax(hi, t->col_w[c]);
	/* Bisect on the cap: the sum of min(width, cap) grows with it. */
	for (int i = 0; i < 50 && hi - lo > 0.01; i++) {
		double cap = (lo + hi) / 2, s = 0;

		for (size_t c = 1; c < t->ncols; c++)
			s += fmin(t->col_w[c], cap);
		if (s > room)
			hi = cap;
		else
			lo = cap;
	}
	for (size_t c = 1; c < t->ncols; c++) {
		t->col_w[c] = fmin(t->col_w[c], lo);
		sum += t->col_w[c];
	}
	return sum;
}

int table_layout(struct table *t, double width, const struct chart_measure *m)
{
	double th, sh, hh, bh, fh, y, first = 0, natural;
	int lines = 1;

	set_spacing(width);
	y = sp.pad_top;
	measure(m, CHART_FONT_TITLE, t->title, &th);
	measure(m, CHART_FONT_SUBTITLE, t->subtitle, &sh);
	measure(m, CHART_FONT_SMALL, "Ag", &hh);
	measure(m, CHART_FONT_BODY, "Ag", &bh);
	measure(m, CHART_FONT_SMALL, t->footer, &fh);
	for (size_t r = 0; r < t->nrows; r++)
		first = fmax(first, measure(m, table_cell_font(t, 0), t->cells[r * t->ncols].text,
					    NULL));
	t->width = width;
	t->col_w[0] = width - 2 * sp.pad_x - value_columns(t, m, 0);
	if (t->ncols > 1 && t->col_w[0] < first + 2 * sp.cell_pad) {
		/* a narrow canvas (web) sets the value columns' headers in two lines
		 * before the first column's text is cut short */
		t->col_w[0] = width - 2 * sp.pad_x - value_columns(t, m, 1);
		lines = 2;
	}
	t->cut = 0;
	if (t->ncols > 1 && t->col_w[0] < fmin(first, 80) + 2 * sp.cell_pad) {
		t->col_w[0] = width - 2 * sp.pad_x -
			      cap_columns(t, width - 2 * sp.pad_x - fmin(first, 80) -
					     2 * sp.cell_pad);
		t->cut = 1;   /* value columns capped below their widest text */
	}
	if (t->ncols == 0 || t->col_w[0] < fmin(first, 80) + 2 * sp.cell_pad)
		return -SB_EINVAL;
	t->cut |= t->col_w[0] < first + 2 * sp.cell_pad - 0.01;
	natural = fmax(first, head_width(m, t->head[0], lines > 1, &t->head_cut[0])) +
		  2 * sp.cell_pad;
	if (t->col_w[0] > natural) {
		/* Room to spare goes to every column alike, so values stay near their labels. */
		double share = (t->col_w[0] - natural) / (double)t->ncols;

		t->col_w[0] = natural + share;
		for (size_t c = 1; c < t->ncols; c++)
			t->col_w[c] += share;
	}
	t->col_x[0] = sp.pad_x;
	for (size_t c = 1; c < t->ncols; c++)
		t->col_x[c] = t->col_x[c - 1] + t->col_w[c - 1];
	t->title_y = y;
	y += th;
	t->subtitle_y = y + sp.title_gap;
	y += *t->subtitle ? sp.title_gap + sh : 0;
	t->head_y = y + sp.head_gap;
	for (size_t c = 0; c < t->ncols; c++)   /* a tile's text, and the gaps around it */
		if (t->tile[c]) {
			double tile_h;

			measure(m, table_cell_font(t, c), "Ag", &tile_h);
			bh = fmax(bh, tile_h + 2 * TABLE_TILE_GAP);
		}
	t->row_h = bh + 2 * sp.row_pad;
	t->head_h = hh;
	t->body_y = t->head_y + lines * hh + 2 * sp.row_pad;
	y = t->body_y + (double)t->nrows * t->row_h;
	t->footer_y = y + sp.footer_gap;
	t->height = y + (*t->footer ? sp.footer_gap + fh : 0) + sp.pad_bottom;
	return 0;
}

double table_delta_pct(double base, double v)
{
	if (!isfinite(base) || !isfinite(v) || base == 0)
		return NAN;
	return (v - base) / fabs(base) * 100.0;
}

static uint32_t mix(uint32_t a, uint32_t b, double f)
{
	uint32_t out = 0;

	for (int sh = 0; sh <= 16; sh += 8) {
		double ca = (a >> sh) & 0xff, cb = (b >> sh) & 0xff;

		out |= (uint32_t)lround(ca + (cb - ca) * f) << sh;
	}
	return out;
}

uint32_t table_delta_color(double pct, enum table_better better, double full_scale)
{
	double good, f;

	if (!isfinite(pct) || fabs(pct) < DELTA_DEAD_ZONE || !(full_scale > 0))
		return 0xffffffu;
	good = better == TABLE_LOWER_BETTER ? -pct : pct;
	f = fmin(1, (fabs(pct) - DELTA_DEAD_ZONE) / (full_scale - DELTA_DEAD_ZONE));
	/* A visible step at the dead zone's edge, then linear to full. */
	f = 0.2 + 0.8 * fmax(0, f);
	return mix(0xffffffu, good > 0 ? DELTA_BETTER : DELTA_WORSE, f);
}
