/* SPDX-License-Identifier: MIT */
/*
 * xlsx_lineup: the lineup's Δ sheets, from the lineup model (lineup.h): per
 * headline metric a row per test, each column's value, then each other column's
 * change against the baseline as a number (a share, shown in %) under a 3-colour
 * scale that knows the metric's direction (green is better: up for IOPS and MB/s,
 * down for latency; white at no change), the baseline's header marked, a column of
 * the marks of tests run with other parameters; and a native clustered bar chart of
 * the changes (Δ %, a series per other column). lineup_draw.c adds every other
 * lineup chart and table through xlsx.c.
 */
#include "xlsx_lineup.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lineup_params.h"
#include "sbuf.h"
#include "xalloc.h"

#define GREEN 0x009e73u   /* Okabe-Ito bluish green: better, as table_delta_color() */
#define RED 0xd55e00u     /* Okabe-Ito vermillion: worse */
#define WHITE 0xffffffu
#define FIRST 4           /* the header row; tests below it */

/*
 * Row r's noise: each column's 95 % half-width from col on (a column of passes), then
 * the columns whose Δ is within the noise ("≈ B, C"); noise[] counts the verdicts.
 * ws NULL: only counted (no column has passes: no noise columns).
 */
static void noise_cells(struct xlsx *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t col,
			const struct lineup *l, size_t t, enum lineup_metric m,
			const struct xlsx_lineup_words *w, int noise[3])
{
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < l->nm; i++) {
		double ci = l->t[t].st[i][m].ci95;

		if (ws && isfinite(ci))
			xlsx_write_value(x, ws, r, (lxw_col_t)(col + i), ci);
		if (i == l->base || !isfinite(lineup_delta(l, t, i, m)))
			continue;
		noise[l->t[t].noise[i][m]]++;
		if (l->t[t].noise[i][m] == LINEUP_NOISE_WITHIN)
			sbuf_addf(&sb, "%s%s", sb.len ? ", " : "≈ ", w->labels[i]);
	}
	if (ws && sb.len)
		xlsx_string(x, ws, r, (lxw_col_t)(col + l->nm), sb.buf, NULL);
	sbuf_release(&sb);
}

/* Row r's marks in column col: "drvB: QD16†" per column that ran test t unlike its
 * reference, joined by the language's separator. 1 when there is one. */
static int write_marks(struct xlsx *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t col, const struct lineup *l,
		       size_t t, const struct xlsx_lineup_words *w)
{
	struct sbuf sb;
	int any = 0;

	sbuf_init(&sb);
	for (size_t i = 0; i < l->nm; i++) {
		size_t at = sb.len;

		sbuf_addf(&sb, "%s%s%s", any ? wording_sep(w->wording) : "", w->labels[i],
			  w->wording->s[W_COLON]);
		if (lineup_mark(l, t, i, w->wording, &sb))
			any = 1;
		else
			sb.buf[sb.len = at] = '\0';
	}
	if (any)
		xlsx_string(x, ws, r, col, sb.buf, NULL);
	sbuf_release(&sb);
	return any;
}

static void delta_sheet(struct xlsx *x, const struct lineup *l, enum lineup_metric m,
			const char *title, const struct xlsx_lineup_words *w)
{
	const struct lineup_metric_def *def = lineup_metric(m);
	lxw_worksheet *ws = xlsx_sheet(x, title);
	lxw_conditional_format cf = { 0 };
	lxw_chart *ch = workbook_add_chart(x->wb, LXW_CHART_BAR);
	lxw_col_t dcol = (lxw_col_t)(1 + l->nm), col;
	lxw_row_t last = (lxw_row_t)(FIRST + l->nt);
	lxw_col_t mcol = (lxw_col_t)(dcol + l->nm - 1);   /* after the Δ columns */
	char sub[256];
	int marked = 0, noise[3] = { 0 };
	int noisy = lineup_max_passes(l) > 1;   /* the noise columns: a column has passes */

	xlsx_string(x, ws, 0, 0, title, x->bold);
	snprintf(sub, sizeof(sub), "%s%s%s", def->unit, wording_sep(w->wording), w->delta_sub);
	xlsx_string(x, ws, 1, 0, sub, NULL);
	xlsx_string(x, ws, FIRST, 0, w->test, x->head);
	worksheet_set_column(ws, 0, 0, 36, NULL);
	col = dcol;
	for (size_t i = 0; i < l->nm; i++) {
		char *h = i == l->base ? msg_paren(w->wording->s, w->labels[i], w->baseline)
				       : xstrdup(w->labels[i]);

		xlsx_string(x, ws, FIRST, (lxw_col_t)(1 + i), h, x->head);
		if (i != l->base) {
			char *dh = xasprintf("Δ %s", w->labels[i]);

			xlsx_string(x, ws, FIRST, col++, dh, x->head);
			free(dh);
		}
		free(h);
	}
	xlsx_string(x, ws, FIRST, mcol, w->differs, x->head);
	worksheet_set_column(ws, mcol, mcol, 30, NULL);
	for (size_t i = 0; noisy && i < l->nm; i++) {
		char *h = xasprintf("± %s", w->labels[i]);

		xlsx_string(x, ws, FIRST, (lxw_col_t)(mcol + 1 + i), h, x->head);
		free(h);
	}
	if (noisy)
		xlsx_string(x, ws, FIRST, (lxw_col_t)(mcol + 1 + l->nm), "≈", x->head);
	for (size_t t = 0; t < l->nt; t++) {
		const char *name = w->tests[t];
		lxw_row_t r = (lxw_row_t)(FIRST + 1 + t);

		xlsx_string(x, ws, r, 0, name, NULL);
		marked |= write_marks(x, ws, r, mcol, l, t, w);
		col = dcol;
		for (size_t i = 0; i < l->nm; i++) {
			double v = l->t[t].v[i][m], dp = lineup_delta(l, t, i, m);

			if (isfinite(v))
				xlsx_write_value(x, ws, r, (lxw_col_t)(1 + i), v);
			if (i == l->base)
				continue;
			if (isfinite(dp))
				worksheet_write_number(ws, r, col, dp / 100.0, x->pct);
			col++;
		}
		noise_cells(x, noisy ? ws : NULL, r, (lxw_col_t)(mcol + 1), l, t, m, w, noise);
	}
	if (marked)
		xlsx_string(x, ws, 2, 0, w->mark_note, NULL);
	if (noise[LINEUP_NOISE_WITHIN] || noise[LINEUP_NOISE_SIGNIFICANT])
		xlsx_string(x, ws, (lxw_row_t)(2 + marked), 0, w->noise_note, NULL);
	else if (noise[LINEUP_NOISE_UNKNOWN])
		xlsx_string(x, ws, (lxw_row_t)(2 + marked), 0, w->noise_none, NULL);
	worksheet_freeze_panes(ws, FIRST + 1, 1);
	if (l->nt && l->nm > 1) {
		cf.type = LXW_CONDITIONAL_3_COLOR_SCALE;
		cf.min_color = def->lower_better ? GREEN : RED;
		cf.mid_color = WHITE;
		cf.max_color = def->lower_better ? RED : GREEN;
		cf.mid_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER;
		cf.mid_value = 0;
		worksheet_conditional_format_range(ws, FIRST + 1, dcol, last,
						   (lxw_col_t)(dcol + l->nm - 2), &cf);
		worksheet_autofilter(ws, FIRST, 0, last, mcol);
	}
	/* a chart of the Δ: each other column's change against the baseline, in % */
	xlsx_chart_title(x, ch, title);
	chart_axis_set_reverse(ch->y_axis);
	xlsx_axis_title(x, ch->x_axis, "Δ %");
	chart_axis_set_num_format(ch->x_axis, "0%");
	chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
	col = dcol;
	for (size_t i = 0; i < l->nm && l->nt; i++) {
		lxw_chart_series *s;

		if (i == l->base)
			continue;
		s = chart_add_series(ch, NULL, NULL);
		chart_series_set_categories(s, xlsx_last_name(x), FIRST + 1, 0, last, 0);
		chart_series_set_values(s, xlsx_last_name(x), FIRST + 1, col, last, col);
		col++;
		xlsx_series_name(x, s, w->labels[i]);
		chart_series_set_fill(s, &(lxw_chart_fill){ .color = chart_palette(i) });
	}
	if (l->nt && l->nm > 1)   /* one column (a pass set alone): no Δ to chart */
		worksheet_insert_chart_opt(ws, last + 2, 0, ch,
					   &(lxw_chart_options){ .x_scale = 2.0, .y_scale = 1.8 });
}

void xlsx_lineup_deltas(struct xlsx *x, const struct lineup *l,
			const struct xlsx_lineup_words *w)
{
	for (size_t k = 0; k < w->nmetrics; k++)
		delta_sheet(x, l, w->metrics[k], w->titles[k], w);
}
