/* SPDX-License-Identifier: MIT */
/*
 * lineup_int: what lineup_draw.c (the builders, the PDF) shares with lineup_out.c
 * (the footers, the workbook and the article bundle): the UI strings, the headline
 * metrics, the items built and the render context.
 */
#ifndef SB_LINEUP_INT_H
#define SB_LINEUP_INT_H

#include <stddef.h>

#include "chart.h"
#include "diag.h"
#include "doc.h"
#include "gfx.h"
#include "i18n.h"
#include "lineup.h"
#include "lineup_draw.h"
#include "msg.h"
#include "table.h"
#include "tmpl.h"
#include "wording.h"



/* The headline metrics and their titles, in report order. */
struct lineup_headline {
	enum lineup_metric m;
	int title;
};
/* lineup_out.c */
extern const struct lineup_headline lineup__headlines[];
extern const size_t lineup__nheadlines;

struct lineup_ctx {
	const struct lineup *l;
	const struct lineup_render_opts *o;
	const char *lang;             /* the language being drawn */
	struct i18n *strings;
	const char *const *s;
	struct wording w;             /* lang and s, for the wording_*() calls */
	char **label;                 /* the columns' labels in lang (lineup_labels()) */
	struct tmpl *tmpl;
	const struct tmpl_chart *tc;  /* the template entry being built */
	struct doc doc;               /* the items built, the fonts, the preset */
};

/* lineup_out.c, called by lineup_render() once every item is built. */
/* The provenance line under every chart and table. */
/*
 * A test's heading in the lineup's language: its first element's label (columns of
 * archives), else the wording of its pattern and remaining sweep values. free() it.
 */
char *lineup__test_title(const struct lineup_ctx *x, const struct lineup_test *t);
void lineup__set_footers(struct lineup_ctx *x);
/* The workbook's own sheets (struct doc_xlsx's head, arg the lineup_ctx): the Δ sheets. */
struct xlsx;
int lineup__xlsx_head(void *arg, struct xlsx *wb, struct diag *d);

#endif
