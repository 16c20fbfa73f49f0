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
#include "table.h"
#include "tmpl.h"

/* The lineup's UI strings: the enum and each id in templates/i18n/lineup-<lang>.xml. */
#define LINEUP_MSGS(X) \
	X(S_LINEUP,            "lineup") \
	X(S_DRIVES,            "drives") \
	X(S_BASELINE,          "baseline") \
	X(S_ARCHIVE,           "archive") \
	X(S_PLAN,              "plan") \
	X(S_TARGET,            "target") \
	X(S_LEFT_OUT,          "left-out") \
	X(S_NONE,              "none") \
	X(S_IOPS,              "iops") \
	X(S_MBPS,              "mbps") \
	X(S_LAT_MEAN,          "lat-mean") \
	X(S_LAT_P999,          "lat-p999") \
	X(S_DELTA,             "delta") \
	X(S_DELTA_SUB,         "delta-sub") \
	X(S_HIGHER,            "higher") \
	X(S_LOWER,             "lower") \
	X(S_DISPERSION,        "dispersion") \
	X(S_DISPERSION_SUB,    "dispersion-sub") \
	X(S_TIME,              "time") \
	X(S_QOS,               "qos") \
	X(S_QOS_SUB,           "qos-sub") \
	X(S_QOS_Y,             "qos-y") \
	X(S_LATENCY,           "latency") \
	X(S_SWEEP,             "sweep") \
	X(S_QD,                "qd") \
	X(S_SATURATION,        "saturation") \
	X(S_WRITTEN,           "written") \
	X(S_TEST,              "test") \
	X(S_TESTS_SUB,         "tests-sub") \
	X(S_SCOPES,            "scopes") \
	X(S_SCOPE,             "scope") \
	X(S_LEFT_OUT_BY,       "left-out-by") \
	X(S_DISPERSION_SUB_BY, "dispersion-sub-by") \
	X(S_TESTS_SUB_BY,      "tests-sub-by") \
	X(S_PLANS_DIFFER,      "plans-differ") \
	X(S_RESPONSE,          "response") \
 \
	X(S_CONS,              "consistency") \
	X(S_CONS_SUB,          "consistency-sub") \
	X(S_CONS_AVG,          "cons-avg") \
	X(S_CONS_P999,         "cons-p999") \
	X(S_CONS_SCORE,        "cons-score") \
	X(S_CONS_AVG_SD,       "cons-avg-sd") \
	X(S_CONS_SD,           "cons-sd") \
	X(S_CONS_SD_LAST,      "cons-sd-last") \
 \
	X(S_PARAMS,            "params-differ") \
	X(S_PARAMS_SUB,        "params-differ-sub") \
	X(S_PARAMETER,         "parameter") \
 \
	X(S_H_ALT,             "html-alt") \
	X(S_H_SVG,             "html-svg")

enum {
#define LINEUP_MSG_ENUM(id, name) id,
	LINEUP_MSGS(LINEUP_MSG_ENUM)
#undef LINEUP_MSG_ENUM
	S_N
};


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
	struct i18n *strings;
	const char *const *s;
	struct tmpl *tmpl;
	const struct tmpl_chart *tc;  /* the template entry being built */
	struct doc doc;               /* the items built, the fonts, the preset */
	int page, pages;              /* the PDF's page footer: this page, of */
};

/* lineup_out.c, called by lineup_render() once every item is built. */
/* The provenance line under every chart and table. */
void lineup__set_footers(struct lineup_ctx *x);
/* The workbook and the article bundle of the items. */
int lineup__write_xlsx(struct lineup_ctx *x, struct diag *d);
int lineup__write_html(struct lineup_ctx *x, struct diag *d);

#endif
