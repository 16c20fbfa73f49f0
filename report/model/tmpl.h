/* SPDX-License-Identifier: MIT */
/*
 * tmpl: a report template (templates/report-default.xml): which charts the report
 * draws, in which order, at which size and with which titles, and the colours of
 * read, write and trim. A reviewer copies the file and edits it; no rebuild.
 */
#ifndef SB_TMPL_H
#define SB_TMPL_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* Where a chart kind may be named: a report template, a lineup template, `plot --kind`. */
enum tmpl_where { TMPL_IN_REPORT = 1, TMPL_IN_LINEUP = 2, TMPL_IN_PLOT = 4 };

/* What the code reading a template or plot's options needs to know of a kind. */
enum tmpl_kind_flags {
	TMPL_FREE_HEIGHT = 1,   /* height 0 = as tall as the rows need (bars, tables) */
	TMPL_METRICS = 2,       /* takes metrics="..." (lineup bars and delta) */
	TMPL_OWN_TITLES = 4,    /* many charts with their own titles: title= is ignored */
	TMPL_PLOT_JSON = 8,     /* plot reads fio JSON for it, not fio logs */
};

/*
 * Every chart kind, the one list that templates (tmpl.c), the report's and the
 * lineup's dispatch (report_charts.c, lineup_draw.c), `ssdbench plot` (plot.c,
 * its --kind help and errors) read. Columns: the enum's tail; the name templates
 * and --kind write; an older spelling still accepted wherever the kind is (or
 * NULL); where a template may name it (TMPL_IN_*); whether plot draws it (0/1);
 * flags; plot's --kind help. The order is the order kinds are listed in messages.
 * A new kind is a row here and its drawing code in the file that draws it.
 */
#define TMPL_KINDS(X) \
	X(STEP_IOPS,  "step-iops",  NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(TIME,       "time",       NULL, 0, 1, 0, "the logs' metric over time") \
	X(DRIVES,     "drives",     NULL, TMPL_IN_LINEUP, 0, TMPL_FREE_HEIGHT, "") \
	X(CARD,       "card",       NULL, TMPL_IN_REPORT | TMPL_IN_LINEUP, 0, TMPL_FREE_HEIGHT, "") \
	X(BARS,       "bars",       NULL, TMPL_IN_LINEUP, 1, \
	  TMPL_FREE_HEIGHT | TMPL_METRICS | TMPL_PLOT_JSON, "mean MB/s per job (JSON)") \
	X(DELTA,      "delta",      NULL, TMPL_IN_LINEUP, 1, \
	  TMPL_FREE_HEIGHT | TMPL_METRICS | TMPL_PLOT_JSON, \
	  "a table of each JSON's change against the first") \
	X(SWEEP_QD,   "sweep-qd",   NULL, TMPL_IN_REPORT | TMPL_IN_LINEUP, 0, 0, "") \
	X(DISPERSION, "dispersion", "scatter", TMPL_IN_REPORT | TMPL_IN_LINEUP, 1, 0, \
	  "per-second dispersion (old name: scatter)") \
	X(SUMMARY,    "summary",    NULL, TMPL_IN_REPORT, 0, TMPL_FREE_HEIGHT, "") \
	X(ROUNDS,     "rounds",     NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(SATURATION, "saturation", NULL, TMPL_IN_LINEUP, 0, 0, "") \
	X(QOS,        "qos",        NULL, TMPL_IN_REPORT | TMPL_IN_LINEUP, 1, TMPL_PLOT_JSON, \
	  "latency exceedance from json+ bins (JSON)") \
	X(HIST,       "hist",       NULL, 0, 1, TMPL_PLOT_JSON, \
	  "response-time histogram from json+ bins (JSON)") \
	 \
	X(SNIA_LAT,   "snia-lat",   NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(SNIA_TP,    "snia-tp",    NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	 \
	X(SNIA_WSAT,  "snia-wsat",  NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(SNIA_HIR,   "snia-hir",   NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
 \
	X(CONSISTENCY, "consistency", NULL, TMPL_IN_REPORT | TMPL_IN_LINEUP, 0, \
	  TMPL_FREE_HEIGHT, "") \
	X(PASSES,     "passes",     NULL, TMPL_IN_LINEUP, 0, TMPL_FREE_HEIGHT | TMPL_METRICS, "") \
	 \
	X(XSR,        "xsr",        NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(DIRTH,      "dirth",      NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
	X(ACCESS,     "access",     NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "") \
 \
	X(REPLAY,     "replay",     NULL, TMPL_IN_REPORT, 0, TMPL_OWN_TITLES, "")

enum tmpl_kind {
#define TMPL_KIND_ENUM(id, name, alias, where, plot, flags, help) TMPL_##id,
	TMPL_KINDS(TMPL_KIND_ENUM)
#undef TMPL_KIND_ENUM
	TMPL_NKINDS
};

/* plot's --kind help, "time: ...; bars: ...; ", from the plot kinds' rows. */
#define TMPL_PLOT_HELP_0(name, help)
#define TMPL_PLOT_HELP_1(name, help) name ": " help "; "
#define TMPL_KIND_PLOT_HELP(id, name, alias, where, plot, flags, help) \
	TMPL_PLOT_HELP_##plot(name, help)
#define TMPL_PLOT_KINDS_HELP TMPL_KINDS(TMPL_KIND_PLOT_HELP)

/* A row of TMPL_KINDS; where includes TMPL_IN_PLOT for plot's kinds. */
struct tmpl_kind_info {
	const char *name;
	const char *alias;
	unsigned where;   /* TMPL_IN_* bits */
	unsigned flags;   /* TMPL_* kind flags */
};

/* Which report a template lays out: its root element (bit 1 << use of TMPL_IN_*). */
enum tmpl_use { TMPL_FOR_REPORT, TMPL_FOR_LINEUP };

/*
 * a scatter's inset: none; inset="auto" (the last 30 % of the x axis) or
 * inset="400s" (the last 400 s), y from the points there; or inset-x="a..b" and
 * inset-y="a..b" (each optional: a missing one as auto).
 */
enum tmpl_inset { TMPL_INSET_NONE, TMPL_INSET_AUTO };

struct tmpl_chart {
	enum tmpl_kind kind;
	double width, height;   /* SVG/PNG canvas in points; bars: height 0 = as needed */
	char *title;            /* replaces the language's title; NULL keeps it */
	int log_y;              /* dispersion: logarithmic y axis */
	char *metrics;          /* lineup bars, delta and passes: metric ids, space-separated
				   ("iops clat_p99.99_us"); NULL: the headline ones */
	/* a dispersion scatter's zoomed inset (disp.h) */
	enum tmpl_inset inset;
	double inset_last;      /* TMPL_INSET_AUTO: the last this many seconds; 0: 30 % */
	int has_inset_x, has_inset_y;
	double inset_x[2], inset_y[2];  /* inset-x="a..b", inset-y="a..b" */
	int inset_corner;       /* inset-corner=: an enum chart_corner, 0 (auto) by default */
};

struct tmpl {
	uint32_t dir_color[3];  /* read, write, trim: 0xRRGGBB */
	char *preset;           /* <report preset="print|web|slide|85mm|175mm">; NULL: none named */
	struct tmpl_chart *charts;
	size_t ncharts, cap;
};

/*
 * Loads path: <report> with an optional <colors read="#0072b2" write=".." trim=".."/>
 * and <chart kind="step-iops|sweep-qd|dispersion|summary|rounds|qos|consistency"
 * [width="960"] [height="600"] [title="..."] [log-y="true"] [inset="auto|none|400s"]
 * [inset-x="a..b"] [inset-y="a..b"]/> in drawing order; the root may name a preset
 * (preset="print|web|slide|85mm|175mm"). Unknown elements, attributes or values are errors
 * (-SB_EPARSE) at the FILE:LINE:COL of the attribute (a bad value's first character),
 * else of the element, with "did you mean" for a misspelt name or word, as a plan's
 * errors. Returns 0 or a negative SB_E* code; free *out with tmpl_free().
 */
int tmpl_load(struct tmpl **out, const char *path, struct diag *d);
/*
 * tmpl_load() for a lineup (`ssdbench compare`): root <lineup>, kinds drives (the
 * columns and what was left out), bars, delta, sweep-qd, dispersion, saturation,
 * qos, consistency, passes; bars, delta and passes take metrics="iops MBps ..."
 * (lineup.h's ids).
 * No <colors>.
 */
int tmpl_load_for(struct tmpl **out, const char *path, enum tmpl_use use,
		  struct diag *d);
void tmpl_free(struct tmpl *t);

/* The kind's name as templates write it ("sweep-qd"). */
const char *tmpl_kind_name(enum tmpl_kind k);
/* The kind's row of TMPL_KINDS; NULL past the table. */
const struct tmpl_kind_info *tmpl_kind_info(enum tmpl_kind k);
/* The kind named name, or by its old spelling, that where may use: 0, or -1 when none. */
int tmpl_kind_find(const char *name, unsigned where, enum tmpl_kind *k);
/*
 * The names of the kinds where may use, in table order, joined by ", " and the
 * last by last ("time, bars or hist" for " or "). Returns a new string; free() it.
 */
char *tmpl_kind_list(unsigned where, const char *last);

#endif
