/* SPDX-License-Identifier: MIT */
/*
 * lineup_out: a built lineup's footers and the Excel workbook's own sheets
 * (xlsx_lineup.c's Δ sheets, before doc_xlsx.c's sheet per item). Called by
 * lineup_draw.c.
 */
#include <stdlib.h>

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

/* the workbook's own sheets: a Δ sheet per headline metric (numbers, colour
 * scales, a bar chart); every chart and table follows as a sheet, in its order. */
int lineup__xlsx_head(void *arg, struct xlsx *wb, struct diag *d)
{
	struct lineup_ctx *x = arg;
	enum lineup_metric ms[8];
	char *titles[8];
	struct wording wd = { x->lang, x->s };
	struct xlsx_lineup_words w = { x->s[S_TEST], x->s[S_BASELINE], x->s[S_DELTA_SUB],
				       x->s[S_DIFFERS], x->s[S_MARK_NOTE], &wd, ms,
				       (const char *const *)titles, 0 };

	(void)d;
	for (size_t h = 0; h < lineup__nheadlines && h < sizeof(ms) / sizeof(ms[0]); h++) {
		ms[h] = lineup__headlines[h].m;
		titles[h] = xasprintf("Δ %s", x->s[lineup__headlines[h].title]);
		w.nmetrics++;
	}
	xlsx_lineup_deltas(wb, x->l, &w);
	for (size_t h = 0; h < w.nmetrics; h++)
		free(titles[h]);
	return 0;
}
