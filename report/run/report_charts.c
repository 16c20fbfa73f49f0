/* SPDX-License-Identifier: MIT */
/*
 * report_charts: the top of the report's chart builders: the template's entries in
 * order, each dispatched by kind (to report_steps, report_scopes or the run-wide
 * charts here: dispersion, summary; the QD sweep in sweep.c), and the provenance footer.
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "card.h"
#include "disp.h"
#include "rounds.h"
#include "snia_xsrdirth.h"
#include "sweep.h"
#include "units.h"
#include "version.h"
#include "wording.h"
#include "xalloc.h"

static const enum msg dir_msg[RESULT_NDIRS] = { M_READ, M_WRITE, M_TRIM };

static int dirs_with_io(const struct result_step *st)
{
	int n = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		n += st->dir_stat[d].bw_bytes > 0 || st->dir_stat[d].iops > 0;
	return n;
}

static void add_step_bars(struct report *r, struct chart *c,
			  const struct result_step *st)
{
	int ndirs = dirs_with_io(st);
	struct sbuf label, note, value;
	char mbs[48], iops[32], *name = report__step_name(r, st);

	sbuf_init(&label);
	sbuf_init(&note);
	sbuf_init(&value);
	report__step_pattern_new(r, st, &note);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		const struct result_dirstat *ds = &st->dir_stat[d];
		double mb = ds->bw_bytes / 1e6;

		if (!(ds->bw_bytes > 0 || ds->iops > 0))
			continue;
		sbuf_reset(&label);
		sbuf_reset(&value);
		sbuf_adds(&label, name);
		if (ndirs > 1)
			sbuf_addf(&label, "%s%s%s", r->msg[W_OPEN], r->msg[dir_msg[d]],
				  r->msg[W_CLOSE]);
		chart_format_grouped(mb, mb < 100 ? 1 : 0, mbs, sizeof(mbs));
		chart_format_si(ds->iops, 0, iops, sizeof(iops));
		sbuf_addf(&value, "%s MB/s%s%s IOPS%s", mbs, r->msg[W_OPEN], iops, r->msg[W_CLOSE]);
		chart_add_bar(c, label.buf, note.buf, mb, value.buf, r->tmpl->dir_color[d]);
		chart_add_legend(c, r->msg[dir_msg[d]], r->tmpl->dir_color[d]);
	}
	free(name);
	sbuf_release(&label);
	sbuf_release(&note);
	sbuf_release(&value);
}

/* The provenance line: drive (or target), plan and its hash, fio, ssdbench. */
static char *provenance(const struct report *r)
{
	const struct result_run *run = r->run;
	const struct wording w = report__wording(r);
	struct sbuf sb;

	sbuf_init(&sb);
	if (result_labels_get(&run->target_labels, report__lang(r)))
		sbuf_addf(&sb, "%s%s", result_labels_get(&run->target_labels, report__lang(r)),
			  run->drive_model ? "  |  " : "");
	if (run->drive_model)
		sbuf_addf(&sb, "%s%s%s%s%s%s", r->msg[M_DRIVE], r->msg[W_COLON], run->drive_model,
			  run->drive_firmware ? r->msg[W_OPEN] : "",
			  msg_or(run->drive_firmware, ""),
			  run->drive_firmware ? r->msg[W_CLOSE] : "");
	else if (!result_labels_get(&run->target_labels, report__lang(r)))
		wording_target(run->target, &w, &sb);
	/* the plan by its title: its name is the file's */
	sbuf_addf(&sb, "  |  %s%s%s", r->msg[M_PLAN], r->msg[W_COLON], report__plan_title(r));
	if (run->plan_sha256)
		sbuf_addf(&sb, "%ssha256 %.12s%s", r->msg[W_OPEN], run->plan_sha256,
			  r->msg[W_CLOSE]);
	sbuf_addf(&sb, "  |  %s  |  ssdbench %s", msg_or(run->fio_version, "fio ?"),
		  msg_or(run->ssdbench_version, SSDBENCH_VERSION));
	return sbuf_detach(&sb);
}

/* A finished step outside rounds whose hint does not say "none". */
static int is_ok(const struct result_step *st)
{
	return report__is_ok(st) && !st->scope && report__hint(st) != HINT_NONE;
}

/* Steps with at least this many seconds go into the dispersion chart. */
#define DISPERSION_MIN_SECONDS 60

/* Per-second IOPS of the long steps overlaid, one colour and marker each. */
static void build_dispersion_chart(struct report *r, int log_y)
{
	const struct result_run *run = r->run;
	struct chart *c = chart_new(CHART_SCATTER, r->msg[M_DISPERSION],
				    r->msg[M_DISPERSION_SUB]);
	struct sbuf cap;   /* each step's DriveMaster score */
	size_t *drawn = xmalloc((run->nsteps + 1) * sizeof(*drawn));   /* steps' indices */
	size_t ndrawn = 0;

	sbuf_init(&cap);
	chart_set_axis_titles(c, r->msg[M_TIME], "IOPS");
	chart_set_scales(c, CHART_LINEAR, log_y ? CHART_LOG10 : CHART_LINEAR);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		double *t = NULL, *v = NULL;   /* every direction: a 50/50 mix is both */
		size_t n = is_ok(st) ? rounds_total_iops(st, &t, &v) : 0;

		if (n >= DISPERSION_MIN_SECONDS) {
			char *name = report__step_name(r, st);

			chart_series_add(c, name, chart_palette(c->nseries), t, v, n);
			free(name);
			drawn[ndrawn++] = i;
		}
		free(t);
		free(v);
	}
	/* The score's lines after every step's points, which keep their markers. */
	for (size_t i = 0; i < ndrawn; i++) {
		const struct result_step *st = &run->steps[drawn[i]];
		char *name = report__step_name(r, st), *prefix = msg_colon(r->msg, name, "");

		report__cons_lines(r, c, st, chart_palette(i), prefix, &cap);
		free(prefix);
		free(name);
	}
	free(drawn);
	report__cons_subtitle(c, r->msg[M_DISPERSION_SUB], &cap);
	if (!c->nseries) {
		chart_free(c);
		return;
	}
	report__add_chart(r, xstrdup("dispersion"), c, NULL);
}

static void build_summary_chart(struct report *r)
{
	const struct result_run *run = r->run;
	struct chart *sum;
	struct sbuf sub;

	sbuf_init(&sub);
	sbuf_addf(&sub, "%s  /  %s", report__plan_title(r), r->msg[M_SUMMARY_SUB]);
	sum = chart_new(CHART_BARH, r->msg[M_SUMMARY], sub.buf);
	chart_set_axis_titles(sum, r->msg[M_MBPS_AXIS], "");
	for (size_t i = 0; i < run->nsteps; i++)
		if (is_ok(&run->steps[i]))
			add_step_bars(r, sum, &run->steps[i]);
	if (sum->nbars)
		report__add_chart(r, xstrdup("summary"), sum, NULL);
	else
		chart_free(sum);
	sbuf_release(&sub);
}

/*
 * Every finished step outside rounds gets the chart its hint asks for, so a
 * report's pages are predictable; rounds get theirs per scope.
 */
static void build_steps(struct report *r, const struct tmpl_chart *t)
{
	for (size_t i = 0; i < r->run->nsteps; i++)
		if (is_ok(&r->run->steps[i]))
			report__build_step(r, &r->run->steps[i], t->log_y);
}

static void build_rounds(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	report__build_scopes(r);
}

static void build_qos(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	report__build_qos_overlay(r);
}

static void build_sweep(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	sweep__build(r);
}

static void build_dispersion(struct report *r, const struct tmpl_chart *t)
{
	build_dispersion_chart(r, t->log_y);
}

static void build_consistency(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	report__build_consistency(r);
}

/* The result card: CrystalDiskMark's panel of the run's read/write pairs. */
static void build_card(struct report *r, const struct tmpl_chart *t)
{
	const struct card_words w = { r->msg[M_CARD], r->msg[M_CARD_SUB], r->msg[S_TEST],
				      r->msg[M_DRIVE], r->msg[M_READ], r->msg[M_WRITE],
				      r->msg[M_COL_MBPS], r->msg[M_COL_IOPS], r->msg[M_COL_US] };
	struct table *card = card_table(r->run, &w);

	(void)t;
	if (card)
		report__add_chart(r, xstrdup("card"), NULL, card);
}

static void build_summary(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	build_summary_chart(r);
}

static void build_snia_lat(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	report__build_snia_lat(r);
}

static void build_snia_tp(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	report__build_snia_tp(r);
}

static void build_xsr(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	snia__build_xsr(r);
}

static void build_dirth(struct report *r, const struct tmpl_chart *t)
{
	snia__build_dirth(r, t->log_y);
}

static void build_access(struct report *r, const struct tmpl_chart *t)
{
	(void)t;
	snia__build_access(r);
}

/* The builder of each kind a report template may name (TMPL_IN_REPORT in tmpl.h). */
static void (*const builders[TMPL_NKINDS])(struct report *r, const struct tmpl_chart *t) = {
	[TMPL_CARD] = build_card,
	[TMPL_STEP_IOPS] = build_steps,
	[TMPL_SWEEP_QD] = build_sweep,
	[TMPL_DISPERSION] = build_dispersion,
	[TMPL_SUMMARY] = build_summary,
	[TMPL_ROUNDS] = build_rounds,
	[TMPL_QOS] = build_qos,
	[TMPL_SNIA_LAT] = build_snia_lat,
	[TMPL_SNIA_TP] = build_snia_tp,
	[TMPL_SNIA_WSAT] = report__build_wsat,
	[TMPL_SNIA_HIR] = report__build_hir,
	[TMPL_CONSISTENCY] = build_consistency,
	[TMPL_XSR] = build_xsr,
	[TMPL_DIRTH] = build_dirth,
	[TMPL_ACCESS] = build_access,
	[TMPL_REPLAY] = report__build_replay,
};

/* The charts of one template entry; a kind without data adds none. */
static void build_kind(struct report *r, const struct tmpl_chart *t)
{
	size_t first = r->doc.n;
	const struct tmpl_kind_info *k = tmpl_kind_info(t->kind);

	if (k && builders[t->kind])
		builders[t->kind](r, t);
	for (size_t i = first; i < r->doc.n; i++) {
		r->doc.items[i].width = t->width;
		r->doc.items[i].height = t->height;
		if (t->title && r->doc.items[i].c && !(k->flags & TMPL_OWN_TITLES))
			chart_set_title(r->doc.items[i].c, t->title);
		if (r->doc.items[i].c)
			disp_inset(r->doc.items[i].c, t);   /* scatters only */
	}
}

void report__build_charts(struct report *r)
{
	for (size_t i = 0; i < r->tmpl->ncharts; i++)
		build_kind(r, &r->tmpl->charts[i]);
	r->doc.footer = provenance(r);
	for (size_t i = 0; i < r->doc.n; i++) {
		if (r->doc.items[i].c)
			chart_set_footer(r->doc.items[i].c, r->doc.footer);
		if (r->doc.items[i].t)
			table_set_footer(r->doc.items[i].t, r->doc.footer);
	}
}
