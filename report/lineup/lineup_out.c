/* SPDX-License-Identifier: MIT */
/*
 * lineup_out: a built lineup's footers and the Excel workbook's own sheets
 * (xlsx_lineup.c's Δ sheets, before doc_xlsx.c's sheet per item). Called by
 * lineup_draw.c.
 */
#include <stdlib.h>

#include "lineup_int.h"
#include "lineup_params.h"
#include "result.h"
#include "sbuf.h"
#include "wording.h"
#include "xalloc.h"
#include "xlsx.h"
#include "xlsx_lineup.h"

/* The headline metrics and their titles, in report order. */
const struct lineup_headline lineup__headlines[] = {
	{ LM_IOPS, S_IOPS }, { LM_MBPS, S_MBPS }, { LM_CLAT_MEAN, S_LAT_MEAN },
	{ LM_CLAT_P999, S_LAT_P999 },
};
const size_t lineup__nheadlines = sizeof(lineup__headlines) / sizeof(lineup__headlines[0]);

/* "name [cell]": the key tests are matched by (the parameters table names it). */
static char *test_key(const struct lineup_test *t)
{
	return t->cell ? xasprintf("%s [%s]", t->name, t->cell) : xstrdup(t->name);
}

/*
 * a test's heading: its first element's label in the lineup's language
 * (columns of archives), else the reviewer wording of its pattern and remaining sweep
 * values ("4K 隨機讀取 QD1 T1，填盤前"): with columns of a sweep key, a label may hold
 * that key's value, which differs by column.
 */
char *lineup__test_title(const struct lineup_ctx *x, const struct lineup_test *t)
{
	const struct result_step *st = NULL;
	const char *label;

	for (size_t m = 0; m < x->l->nm && !st; m++)
		st = t->step[m];
	if (!st)
		return test_key(t);
	label = x->l->by ? NULL : result_labels_get(&st->labels, x->lang);
	return label ? xstrdup(label)
		     : wording_generated(st, t->cell, &x->w);
}

/* the provenance line under every chart and table. */
void lineup__set_footers(struct lineup_ctx *x)
{
	char *f = lineup_provenance(x->l, &x->w);

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
	char **tests = xmalloc((x->l->nt + 1) * sizeof(*tests));
	struct xlsx_lineup_words w = { x->s[S_TEST], x->s[S_BASELINE], x->s[S_DELTA_SUB],
				       x->s[S_DIFFERS], x->s[S_MARK_NOTE], &x->w, ms,
				       (const char *const *)titles, (const char *const *)tests,
				       (const char *const *)x->label, 0, x->s[S_NOISE_NOTE],
				       x->s[S_NOISE_NONE] };

	(void)d;
	for (size_t t = 0; t < x->l->nt; t++)
		tests[t] = lineup__test_title(x, &x->l->t[t]);
	for (size_t h = 0; h < lineup__nheadlines && h < sizeof(ms) / sizeof(ms[0]); h++) {
		ms[h] = lineup__headlines[h].m;
		titles[h] = xasprintf("Δ %s", x->s[lineup__headlines[h].title]);
		w.nmetrics++;
	}
	xlsx_lineup_deltas(wb, x->l, &w);
	for (size_t h = 0; h < w.nmetrics; h++)
		free(titles[h]);
	for (size_t t = 0; t < x->l->nt; t++)
		free(tests[t]);
	free(tests);
	return 0;
}
