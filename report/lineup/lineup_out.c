/* SPDX-License-Identifier: MIT */
/*
 * lineup_out: a built lineup's footers and its other outputs: the Excel workbook
 * (xlsx.c, xlsx_lineup.c) and the HTML article bundle (html.c), from the same items
 * the PDF draws. Called by lineup_draw.c.
 */
#include <stdlib.h>

#include "html.h"
#include "lineup_int.h"
#include "lineup_params.h"
#include "sbuf.h"
#include "xalloc.h"
#include "xlsx.h"
#include "xlsx_lineup.h"

/* The headline metrics and their titles, in report order. */
const struct lineup_headline lineup__headlines[] = {
	{ LM_IOPS, S_IOPS }, { LM_MBPS, S_MBPS }, { LM_CLAT_MEAN, S_LAT_MEAN },
	{ LM_CLAT_P999, S_LAT_P999 },
};
const size_t lineup__nheadlines = sizeof(lineup__headlines) / sizeof(lineup__headlines[0]);

/* the provenance line under every chart and table. */
void lineup__set_footers(struct lineup_ctx *x)
{
	char *f = lineup_provenance(x->l, x->s[S_PLAN]);

	for (size_t i = 0; i < x->doc.n; i++) {
		if (x->doc.items[i].c)
			chart_set_footer(x->doc.items[i].c, f);
		else
			table_set_footer(x->doc.items[i].t, f);
	}
	free(f);
}

/* the workbook: a Δ sheet per headline metric (numbers, colour scales, a
 * bar chart), then every chart and table of the lineup as a sheet, in its order. */
int lineup__write_xlsx(struct lineup_ctx *x, struct diag *d)
{
	enum lineup_metric ms[8];
	char *titles[8];
	struct xlsx_lineup_words w = { x->s[S_TEST], x->s[S_BASELINE], x->s[S_DELTA_SUB], ms,
				       (const char *const *)titles, 0 };
	struct xlsx wb;
	int rc = xlsx_open(&wb, x->o->xlsx_path, x->s[S_LINEUP], 86400, d);

	if (rc)
		return rc;
	for (size_t h = 0; h < lineup__nheadlines && h < sizeof(ms) / sizeof(ms[0]); h++) {
		ms[h] = lineup__headlines[h].m;
		titles[h] = xasprintf("Δ %s", x->s[lineup__headlines[h].title]);
		w.nmetrics++;
	}
	xlsx_lineup_deltas(&wb, x->l, &w);
	for (size_t i = 0; i < x->doc.n; i++) {
		if (x->doc.items[i].c)
			xlsx_chart_sheet(&wb, x->doc.items[i].c, x->doc.items[i].name);
		else
			xlsx_table_sheet(&wb, x->doc.items[i].t, x->doc.items[i].name);
	}
	for (size_t h = 0; h < w.nmetrics; h++)
		free(titles[h]);
	return xlsx_close(&wb, d);
}

/* the article bundle: every chart and table of the lineup, in its order
 * (the drives table first, as the template puts it). */
int lineup__write_html(struct lineup_ctx *x, struct diag *d)
{
	const struct html_words w = { x->s[S_H_ALT], x->s[S_H_SVG] };
	struct html h;
	int rc = html_open(&h, x->o->html_dir, x->o->lang ? x->o->lang : "zh-TW",
			   x->s[S_LINEUP], x->doc.fonts, &w, d);

	for (size_t i = 0; !rc && i < x->doc.n; i++) {
		if (x->doc.items[i].c)
			rc = html_chart(&h, x->doc.items[i].c, x->doc.items[i].name, x->doc.items[i].width,
					x->doc.items[i].height, d);
		else
			html_table(&h, x->doc.items[i].t);
	}
	if (rc) {
		html_discard(&h);
		return rc;
	}
	return html_close(&h, d);
}

