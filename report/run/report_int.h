/* SPDX-License-Identifier: MIT */
/*
 * report_int: what the report's files share: the UI strings' ids and the render
 * context. They form a stack, each calling only those below it:
 * report.c (pages, files) > report_charts.c (the template's entries) >
 * report_steps.c (a step's charts) > report_scopes.c (a <rounds> scope's) >
 * report_ctx.c (strings and shared helpers).
 */
#ifndef SB_REPORT_INT_H
#define SB_REPORT_INT_H

#include <stddef.h>

#include "chart.h"
#include "doc.h"
#include "gfx.h"
#include "i18n.h"
#include "msg.h"
#include "report.h"
#include "sbuf.h"
#include "table.h"
#include "tmpl.h"
#include "vocab.h"


/* A row of the cover's step table: a step outside rounds, or a whole scope. */
struct report_row {
	const struct result_step *st;   /* the step, or the scope's first element */
	const struct result_scope *sc;  /* NULL for a step */
	size_t nels;                    /* the scope's elements */
};

/* One render: the inputs and the document built from the run. */
struct report {
	const struct result_run *run;
	const struct report_opts *o;
	struct report_extra x;   /* zeroed when not given */
	struct i18n *strings;
	struct tmpl *tmpl;
	const char *const *msg;
	struct doc doc;    /* the pages built, the fonts, the preset, the footer */
	struct report_row *rows; /* the cover's step table */
	size_t nrows;
	struct table *steps;     /* that table for the HTML article */
};

/* report_ctx.c */
/* The data folder: datadir_get() (common/datadir.h says where it is). */
const char *report__datadir(void);
/* Loads the UI strings for lang (msg_load()) into r->strings and r->msg. */
int report__load_msgs(struct report *r, const char *lang, struct diag *d);
/* The plan's title in the report's language when the plan gave one. */
const char *report__plan_title(const struct report *r);
/* the report's language (zh-TW when not given). */
const char *report__lang(const struct report *r);
/* The report's wording (wording.h): its language and its strings. */
struct wording report__wording(const struct report *r);
/* The run's target in the report's words ("檔案 target.bin (64 MiB)"); free() it. */
char *report__target_text(const struct report *r);
/* "穩態回合  /  what": scope s's display name, then what; free() it. */
char *report__scope_sub(const struct report *r, const struct result_scope *s, const char *what);
struct result_track;
/* A tracking variable in the report's words ("4K 隨機寫入 QD32 T4，總 IOPS"); free() it. */
char *report__track_label(const struct report *r, const struct result_track *t);
/* The element's access pattern in the report's language, "4K 隨機寫入 QD32 T1", into sb. */
void report__step_pattern(const struct report *r, const struct result_step *st,
			  struct sbuf *sb);
/*
 * The pattern as report__step_pattern() writes it, unless the element's display name
 * already says it (then nothing): for a subtitle or note under a title naming it.
 */
void report__step_pattern_new(const struct report *r, const struct result_step *st,
			      struct sbuf *sb);
/*
 * The words for what run step i comes after (M_AFTER_PURGE, M_AFTER_STEADY, ...:
 * the step before it, probes and replays skipped), or M_N: nothing that has words.
 */
enum msg report__after(const struct result_run *run, size_t i);
/* The element's display name (its label, else the reviewer wording); free() it. */
char *report__step_name(const struct report *r, const struct result_step *st);
/* A <rounds> scope's display name (its label, else its name); free() it. */
char *report__scope_name(const struct report *r, const struct result_scope *s);
/* Appends a chart or a table (the other NULL) under file stem name; takes both. */
void report__add_chart(struct report *r, char *name, struct chart *c, struct table *t);
/* A step fio measured that finished: status "ok", a workload or precondition. */
int report__is_ok(const struct result_step *st);
/* The step's chart hint ("auto" when the plan gave none). */
enum chart_hint report__hint(const struct result_step *st);
/* The unit that keeps time ticks readable for tmax seconds: seconds, min or h. */
void report__time_unit(const struct report *r, double tmax, double *div,
		       const char **title);
/* Adds temperature samples (x as the chart's, y in °C) on a second y axis. */
void report__add_temp(const struct report *r, struct chart *c, const double *x,
		      const double *y, size_t n);

/* report_header.c, the SNIA report header on the cover (above report_ctx.c) */
/* The height the header takes on the cover, points. */
double report__header_height(const struct report *r);
/*
 * The header's rows (the ones the cover draws) as label, value pairs: *kv gets 2 x n
 * strings, label then value, to release with report__header_free(). The HTML
 * article and the workbook's summary state them as the PDF does.
 */
size_t report__header_rows(const struct report *r, char ***kv);
void report__header_free(char **kv, size_t n);
/* Draws the header w points wide with its top at (x, y). */
void report__header_draw(const struct report *r, struct gfx *g, double x, double y,
			 double w);
/* The run's capacity as every output states it: "256 MiB (268435456 B)", "256 MiB（268435456 B）". */
void report__capacity_text(const struct report *r, char *buf, size_t n);
/* A purge step's method as the report says it ("none (file target)"); st may be NULL. */
char *report__purge_text(const struct report *r, const struct result_step *st);

/* xlsx_report.c, the workbook's own sheets before the charts' (struct doc_xlsx's head,
 * arg the report, its charts built): the summary, results, each step's series.
 * Returns 0 or a negative SB_E* code. */
struct xlsx;
int report__xlsx_head(void *arg, struct xlsx *x, struct diag *d);

/* html_report.c, the article's own sections before the charts (struct doc_html's head,
 * arg the report, its charts and r->steps built): the cover's facts, header and steps. */
struct html;
void report__html_head(void *arg, struct html *h);

/* report_charts.c: builds the template's charts of the run into r->doc.items, in its order. */
void report__build_charts(struct report *r);

/* report_steps.c: a step's own charts, as its chart hint asks. */
void report__build_step(struct report *r, const struct result_step *st, int log_y);
/* What draws a step's own charts for hint h (log_y: a dispersion's y axis); NULL
 * for "none" alone: every other hint of the plan has one (test_report_scopes). */
typedef void (*report__step_fn)(struct report *r, const struct result_step *st, int log_y);
report__step_fn report__step_builder(enum chart_hint h);
/* Latency exceedance of every finished step outside rounds, one curve each. */
void report__build_qos_overlay(struct report *r);

/* report_scopes.c: the charts and tables of every <rounds> scope. */
/*
 * IOPS over % of capacity written (GB written when the capacity is unknown) of
 * the elements els[0..n) end to end, with their temperature on a second axis.
 * Takes name.
 */
void report__written_chart(struct report *r, char *name, const char *title,
			   const char *sub, const struct result_step *const *els,
			   size_t n);
void report__build_scopes(struct report *r);
struct rounds_matrix;
/* A scope's file stem for its page what: "scope-steady-state-lat-art". Free it. */
char *report__scope_stem(const struct result_scope *s, const char *what);
/* The SNIA steady-state pages of scope s: convergence and each variable's window. */
void report__scope_steady(struct report *r, const struct result_scope *s);
/*
 * One series per R/W mix (matrix column) of c: x the block size in bytes (a 2D
 * plot, positive values only, for its log axes) or the row's index (3D columns).
 */
void report__mix_series(struct chart *c, const struct rounds_matrix *m, int by_index);

/* snia_lat.c (LAT/TP), above report_scopes.c: the SNIA latency test's pages
 * (ART and MRT tables, 2D and 3D plots per block size x R/W mix) and the throughput
 * test's (MB/s table per block size and direction, 2D plot), each after its
 * scopes' convergence and measurement-window charts. */
void report__build_snia_lat(struct report *r);
void report__build_snia_tp(struct report *r);

/* snia_wsat.c: per until="written" scope, SNIA WSAT's four plots, a point per round. */
void report__build_wsat(struct report *r, const struct tmpl_chart *t);
/* snia_hir.c: SNIA HIR's IOPS over every wait state and the per-state averages table. */
void report__build_hir(struct report *r, const struct tmpl_chart *t);
/* replay (replay.c): the `replay` kind's pages. */
void report__build_replay(struct report *r, const struct tmpl_chart *t);

/* consistency_draw.c: above report_ctx, below report_steps. */
/*
 * On the dispersion scatter c: st's average and 99.9 %-slowest-second lines
 * (result_step.cons_total, results.csv's numbers) in color, across the step's
 * seconds, their legend labels after prefix ("name: "; NULL for none); appends
 * the score's caption to cap (prefix given: "name: DriveMaster score 0.873",
 * else the whole formula), "; " between steps. Nothing without per-second data.
 */
void report__cons_lines(struct report *r, struct chart *c, const struct result_step *st,
			uint32_t color, const char *prefix, struct sbuf *cap);
/* Sets c's subtitle to "base  /  cap" when cap has text; releases cap. */
void report__cons_subtitle(struct chart *c, const char *base, struct sbuf *cap);
/* The `consistency` kind: a table, a row per finished step outside rounds. */
void report__build_consistency(struct report *r);

#endif
