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

/* lineup_delta.c: the item built added under name; a heading's text; a metric's title;
 * a value as the lineup prints it ("–" for none); text marked † when member i ran
 * test t with other parameters than the reference column (*marked set); sub with
 * the † note after it when marked. */
void lineup__add_item(struct lineup_ctx *x, char *name, struct chart *c, struct table *t);
const char *lineup__heading(const struct lineup_ctx *x, int id);
char *lineup__metric_title(const struct lineup_ctx *x, enum lineup_metric m);
void lineup__format_value(enum lineup_metric m, double v, char *buf, size_t n);
char *lineup__mark(const struct lineup_ctx *x, size_t t, size_t i, const char *text,
		   int *marked);
char *lineup__with_mark_note(const struct lineup_ctx *x, const char *sub, int marked);

/* lineup_delta.c: member i's value of test t, metric m ("32,400", or with passes
 * "32,400 ± 410": the mean and its 95 % half-width; free() it); sub with the noise
 * notes its cells need (noise[] counts cells per enum lineup_noise); metric m's Δ
 * table. */
char *lineup__value_text(const struct lineup_ctx *x, size_t t, size_t i, enum lineup_metric m);
char *lineup__with_noise_note(const struct lineup_ctx *x, const char *sub, const int noise[3]);
void lineup__build_delta_table(struct lineup_ctx *x, enum lineup_metric m);
/* lineup_delta.c: member i's label where an item draws its first pass's data alone (a
 * dispersion, a QoS curve, the consistency table): "q (pass 1)" when it has several
 * passes, else its label. free() it. */
char *lineup__pass1_label(const struct lineup_ctx *x, size_t i);
/* lineup_delta.c: per(x, m) for each metric of the template entry (metrics=), the
 * headline ones by default. */
void lineup__per_metric(struct lineup_ctx *x, void (*per)(struct lineup_ctx *, enum lineup_metric));
/* lineup_passes.c: the passes kind, the columns of several passes and every pass's
 * value per metric. */
void lineup__build_passes(struct lineup_ctx *x);
void lineup__set_footers(struct lineup_ctx *x);
/* The workbook's own sheets (struct doc_xlsx's head, arg the lineup_ctx): the Δ sheets. */
struct xlsx;
int lineup__xlsx_head(void *arg, struct xlsx *wb, struct diag *d);

#endif
