/* SPDX-License-Identifier: MIT */
/* chart_marks: labelled points and where their labels go (chart.h, struct chart_mark). */
#include <math.h>
#include <string.h>

#include "chart.h"
#include "chart_int.h"
#include "xalloc.h"

void chart_add_mark(struct chart *c, double x, double y, const char *label)
{
	struct chart_mark *mk;

	XGROW(c->marks, c->marks_cap, c->nmarks + 1);
	mk = &c->marks[c->nmarks++];
	memset(mk, 0, sizeof(*mk));
	mk->x = x;
	mk->y = y;
	mk->label = xstrdup(label ? label : "");
}

void chart_mark_optional(struct chart *c, size_t i)
{
	if (i < c->nmarks)
		c->marks[i].optional = 1;
}

static int boxes_overlap(const struct chart_rect *a, const struct chart_rect *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
	       b->y < a->y + a->h;
}

/* Marked points' rings are this wide around the point (draw_marks()'s 3.2 pt). */
#define MARK_RING 4.0

/*
 * 1 when box b is inside the plot p and overlaps no label of the marks before i
 * and no marked point but mark i's own.
 */
static int mark_free(const struct chart *c, size_t i, const struct chart_rect *b,
		     const struct chart_rect *p)
{
	if (b->x < p->x || b->x + b->w > p->x + p->w || b->y < p->y || b->y + b->h > p->y + p->h)
		return 0;
	for (size_t j = 0; j < c->nmarks; j++) {
		struct chart_rect ring = { chart_map_x(c, c->marks[j].x) - MARK_RING,
					   chart_map_y(c, c->marks[j].y) - MARK_RING,
					   2 * MARK_RING, 2 * MARK_RING };

		if ((j < i && !c->marks[j].hidden && boxes_overlap(b, &c->marks[j].box)) ||
		    (j != i && boxes_overlap(b, &ring)))
			return 0;
	}
	return 1;
}

/* An optional mark's label at the first free corner around (px, py), else hidden. */
static void place_optional(struct chart *c, size_t i, double px, double py, double gap)
{
	static const int corners[][2] = { { 1, -1 }, { -1, -1 }, { 1, 1 }, { -1, 1 } };
	struct chart_rect *b = &c->marks[i].box;

	for (size_t k = 0; k < sizeof(corners) / sizeof(*corners); k++) {
		b->x = corners[k][0] > 0 ? px + gap : px - gap - b->w;
		b->y = corners[k][1] < 0 ? py - b->h - gap / 2 : py + gap / 2;
		if (mark_free(c, i, b, &c->lay.plot))
			return;
	}
	c->marks[i].hidden = 1;
}

/*
 * Each mark's label goes above and right of its point, or left of it where it
 * would leave the plot, then moves down past any earlier label it overlaps; an
 * optional one at a free corner or none (place_optional()).
 */
void chart__layout_marks(struct chart *c, const struct chart_measure *m, double gap)
{
	const struct chart_rect *p = &c->lay.plot;
	double h = 0, w;

	m->text(m->ctx, CHART_FONT_SMALL, "Ag", &w, &h);

	for (size_t i = 0; i < c->nmarks; i++) {
		struct chart_mark *mk = &c->marks[i];
		double px = chart_map_x(c, mk->x), py = chart_map_y(c, mk->y);
		struct chart_rect *b = &mk->box;
		int moved = 1;

		b->w = 0;
		if (*mk->label)
			m->text(m->ctx, CHART_FONT_SMALL, mk->label, &b->w, &w);
		b->h = h;
		mk->hidden = 0;
		if (mk->optional) {
			place_optional(c, i, px, py, gap);
			continue;
		}
		b->x = px + gap;
		if (b->x + b->w > p->x + p->w)
			b->x = px - gap - b->w;
		b->y = py - h - gap / 2;
		for (int pass = 0; moved && pass < (int)c->nmarks; pass++) {
			moved = 0;
			for (size_t j = 0; j < i; j++)
				if (!c->marks[j].hidden && boxes_overlap(b, &c->marks[j].box)) {
					b->y = c->marks[j].box.y + c->marks[j].box.h + 1;
					moved = 1;
				}
		}
		b->y = fmax(p->y, fmin(b->y, p->y + p->h - h));
	}
}

