/* SPDX-License-Identifier: MIT */
/* chart_describe: what a chart shows, in words, for an alt text (chart.h). */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"
#include "sbuf.h"

/* the highest and lowest bar with a value */
static void describe_bars(const struct chart *c, const char *tmpl, struct sbuf *sb)
{
	const struct chart_bar *hi = NULL, *lo = NULL;
	char n[24];

	for (size_t i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];

		if (!isfinite(b->value))
			continue;
		if (!hi || b->value > hi->value)
			hi = b;
		if (!lo || b->value < lo->value)
			lo = b;
	}
	if (!hi)
		return;
	snprintf(n, sizeof(n), "%zu", c->nbars);
	msg_add(sb, tmpl, (const char *const[]){ n, hi->label, hi->value_text, lo->label,
						   lo->value_text }, 5);
}

/* the series' labels, and each axis's title and the data's range on it */
static void describe_lines(const struct chart *c, const char *tmpl, struct sbuf *sb)
{
	double xmin = INFINITY, xmax = -INFINITY, ymin = INFINITY, ymax = -INFINITY;
	char n[24], x0[40], x1[40], y0[40], y1[40];
	struct sbuf labels;

	sbuf_init(&labels);
	for (size_t s = 0; s < c->nseries; s++) {
		const struct chart_series *se = &c->series[s];

		if (se->label && *se->label)
			sbuf_addf(&labels, "%s%s", labels.len ? ", " : "", se->label);
		for (size_t i = 0; i < se->n; i++) {
			if (!isfinite(se->x[i]) || !isfinite(se->y[i]))
				continue;
			xmin = fmin(xmin, se->x[i]);
			xmax = fmax(xmax, se->x[i]);
			if (!se->y2) {
				ymin = fmin(ymin, se->y[i]);
				ymax = fmax(ymax, se->y[i]);
			}
		}
	}
	if (isfinite(xmin) && isfinite(ymin)) {
		snprintf(n, sizeof(n), "%zu", c->nseries);
		chart_format_tick(&c->x, xmin, x0, sizeof(x0));
		chart_format_tick(&c->x, xmax, x1, sizeof(x1));
		chart_format_tick(&c->y, ymin, y0, sizeof(y0));
		chart_format_tick(&c->y, ymax, y1, sizeof(y1));
		msg_add(sb, tmpl, (const char *const[]){ n, labels.buf ? labels.buf : "",
							   c->x.title ? c->x.title : "", x0, x1,
							   c->y.title ? c->y.title : "", y0, y1 },
			8);
	}
	sbuf_release(&labels);
}

void chart_describe(const struct chart *c, const char *bars, const char *lines,
		    struct sbuf *sb)
{
	switch (c->kind) {
	case CHART_BARH:
	case CHART_BARG:
		if (bars)
			describe_bars(c, bars, sb);
		break;
	case CHART_LINE:
	case CHART_SCATTER:
	case CHART_SWEEP:
		if (lines)
			describe_lines(c, lines, sb);
		break;
	case CHART_BAR3D:
		break;
	}
}
