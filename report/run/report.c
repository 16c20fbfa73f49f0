/* SPDX-License-Identifier: MIT */
/* report: builds charts from a run and draws them, with a cover page, to files. */
#include "report.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "chart.h"
#include "datadir.h"
#include "err.h"
#include "gfx.h"
#include "html.h"
#include "lang.h"
#include "report_int.h"
#include "safefile.h"
#include "sbuf.h"
#include "units.h"
#include "version.h"
#include "vocab.h"
#include "wording.h"
#include "wcheck.h"
#include "xalloc.h"

#define PAGE_W DOC_PAGE_W  /* A4 landscape */
#define PAGE_H DOC_PAGE_H
#define PAGE_MARGIN DOC_PAGE_MARGIN
#define FOOTER_H DOC_FOOTER_H
#define ROW_H 17.0         /* cover table */
#define COVER_GAP 12.0     /* between the cover's columns and its header (the
			      header's platform row takes what was more of a gap) */
#define CHART_PAD 36.0     /* a chart's own side padding (chart.c) */

static double text_h(const struct report *r, enum chart_font f)
{
	double w, h;

	r->doc.m.text(r->doc.m.ctx, f, "Ag", &w, &h);
	return h;
}


/* Cover page geometry, shared by the page count and the drawing. */
static double cover_table_top(const struct report *r)
{
	return 40 + text_h(r, CHART_FONT_SUBTITLE) + 4 + text_h(r, CHART_FONT_HEADING) +
	       4 + text_h(r, CHART_FONT_SUBTITLE) + 22 + text_h(r, CHART_FONT_AXIS) +
	       6 + 3 * ROW_H + COVER_GAP + report__header_height(r);
}

static int table_rows(const struct report *r, double top)
{
	double bottom = PAGE_H - FOOTER_H - 12;
	int n = (int)floor((bottom - top - text_h(r, CHART_FONT_AXIS) - 8 -
			    2 * ROW_H) / ROW_H);

	return n < 1 ? 1 : n;
}

/* The cover's header can leave no room: then the table starts overleaf. */
static int cover_rows(const struct report *r)
{
	double top = cover_table_top(r), bottom = PAGE_H - FOOTER_H - 12;

	return bottom - top - text_h(r, CHART_FONT_AXIS) - 8 - 3 * ROW_H < 0 ? 0 :
	       table_rows(r, top);
}

static int cover_pages(const struct report *r)
{
	int first = cover_rows(r);
	int next = table_rows(r, PAGE_MARGIN);
	int left = (int)r->nrows - first;

	return 1 + (left > 0 ? (left + next - 1) / next : 0);
}

/* "2026-11-30T02:00:00Z" reads as "2026-11-30 02:00:00 UTC"; else as given. */
static void pretty_time(const char *iso, char *buf, size_t n)
{
	if (iso && strlen(iso) == 20 && iso[10] == 'T' && iso[19] == 'Z')
		snprintf(buf, n, "%.10s %.8s UTC", iso, iso + 11);
	else
		snprintf(buf, n, "%s", msg_or(iso, "–"));
}

static void draw_kv_column(struct report *r, struct gfx *g, double x, double y,
			   double w, const char *head, const char *const kv[6])
{
	gfx_text(g, x, y, CHART_FONT_AXIS, CHART_COLOR_TEXT, GFX_LEFT, w, head);
	y += text_h(r, CHART_FONT_AXIS) + 6;
	for (int i = 0; i < 3; i++, y += ROW_H) {
		gfx_text(g, x, y, CHART_FONT_BODY, CHART_COLOR_MUTED, GFX_LEFT, 64,
			 kv[2 * i]);
		gfx_text(g, x + 66, y, CHART_FONT_BODY, CHART_COLOR_TEXT, GFX_LEFT,
			 w - 66, msg_or(kv[2 * i + 1], "–"));
	}
}

/*
 * "  ·  data: random": the data pattern the run wrote (compressing controllers score
 * very differently on zeros), or each one when its elements differ.
 */
static void add_data(const struct result_run *run, const struct wording *w, struct sbuf *sb)
{
	size_t start = 0;   /* where the values begin, once the label is there */

	for (size_t i = 0; i < run->nsteps; i++) {
		const char *d = run->steps[i].data;
		int seen = 0;

		for (size_t k = 0; d && k < i && !seen; k++)
			seen = run->steps[k].data && !strcmp(run->steps[k].data, d);
		if (!d || seen)
			continue;
		if (!start) {
			sbuf_addf(sb, "  ·  %s", w->s[M_DATA]);
			start = sb->len;
		}
		if (sb->len > start)
			sbuf_adds(sb, wording_sep(w));
		wording_data(d, w, sb);
	}
}

/*
 * "  ·  write cache: off": the drive's volatile write cache while the elements ran
 * (SNIA PTS-E wants it off, PTS-C on), each state once when they differ.
 */
static void add_wcache(const struct result_run *run, const char *const *m, struct sbuf *sb)
{
	static const char *const states[] = { "on", "off", "unknown", "not applicable" };
	static const enum msg names[] = { M_WC_ON, M_WC_OFF, M_WC_UNKNOWN, M_WC_NA };
	unsigned seen = 0;

	for (size_t i = 0; i < run->nsteps; i++)
		for (unsigned k = 0; k < 4 && run->steps[i].write_cache; k++)
			if (!strcmp(run->steps[i].write_cache, states[k]) && !(seen & 1u << k)) {
				sbuf_addf(sb, "%s%s", seen ? ", " : "  ·  ", seen ? "" : m[M_WCACHE]);
				sbuf_adds(sb, m[names[k]]);
				seen |= 1u << k;
			}
}

/* The title block and the run, platform and software columns. */
static void draw_cover_head(struct report *r, struct gfx *g)
{
	const struct result_run *run = r->run;
	const char *const *m = r->msg;
	const struct wording wd = report__wording(r);
	double w = PAGE_W - 2 * PAGE_MARGIN, cw = w / 3, y = 40;
	char started[64], ended[64];
	struct sbuf sb;
	const char *const kv[3][6] = {
		{ m[M_STARTED], started, m[M_ENDED], ended, m[M_STATUS],
		  wording_status(run->status, &wd) },
		{ m[M_HOST], run->hostname, m[M_CPU], run->cpu, m[M_KERNEL],
		  run->kernel },
		{ "ssdbench", run->ssdbench_version, "fio", run->fio_version,
		  m[W_IOENGINE], run->ioengine },
	};
	const enum msg heads[3] = { M_RUN, M_PLATFORM, M_SOFTWARE };

	pretty_time(run->started, started, sizeof(started));
	pretty_time(run->ended, ended, sizeof(ended));
	sbuf_init(&sb);
	sbuf_addf(&sb, "ssdbench %s", SSDBENCH_VERSION);
	if (run->plan_sha256)   /* the plan's checksum, in full */
		sbuf_addf(&sb, "  ·  %s %s", m[M_HDR_PLAN_SHA], run->plan_sha256);
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_MUTED, GFX_LEFT,
		 w / 2, m[M_REPORT]);
	gfx_text(g, PAGE_W - PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, sb.buf);
	y += text_h(r, CHART_FONT_SUBTITLE) + 4;
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_HEADING, CHART_COLOR_TEXT, GFX_LEFT, w,
		 report__plan_title(r));
	y += text_h(r, CHART_FONT_HEADING) + 4;
	sbuf_reset(&sb);
	sbuf_addf(&sb, "%s", m[M_TARGET]);
	if (result_labels_get(&run->target_labels, report__lang(r)))
		sbuf_addf(&sb, "%s%s", result_labels_get(&run->target_labels, report__lang(r)),
			  wording_sep(&wd));
	wording_target(run->target, &wd, &sb);
	add_data(run, &wd, &sb);
	add_wcache(run, m, &sb);
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_TEXT, GFX_LEFT, w,
		 sb.buf);
	y += text_h(r, CHART_FONT_SUBTITLE) + 11;
	gfx_line(g, PAGE_MARGIN, y, PAGE_W - PAGE_MARGIN, y, 0.75, CHART_COLOR_AXIS);
	y += 11;
	for (int i = 0; i < 3; i++)
		draw_kv_column(r, g, PAGE_MARGIN + i * cw, y, cw - 16, m[heads[i]],
			       kv[i]);
	y += text_h(r, CHART_FONT_AXIS) + 6 + 3 * ROW_H + COVER_GAP;
	report__header_draw(r, g, PAGE_MARGIN, y, w);
	sbuf_release(&sb);
}

enum { COL_N = 9 };

static const struct {
	int title;            /* enum msg, or -1 for the literal */
	const char *literal;
	double w;
	enum gfx_align align;
} cols[COL_N] = {
	{ -1, "#", 22, GFX_RIGHT },      { M_STEP, NULL, 146, GFX_LEFT },
	{ M_PATTERN, NULL, 174, GFX_LEFT }, { M_STATUS, NULL, 52, GFX_LEFT },
	{ M_RMBS, NULL, 64, GFX_RIGHT }, { M_WMBS, NULL, 64, GFX_RIGHT },
	{ -1, "IOPS", 56, GFX_RIGHT },   { M_MEAN, NULL, 84, GFX_RIGHT },
	{ M_P999, NULL, 84, GFX_RIGHT },
};

static char *fmt_mbs(double bw)
{
	char buf[48];

	if (!(bw > 0))
		return xstrdup("–");
	chart_format_grouped(bw / 1e6, bw < 100e6 ? 1 : 0, buf, sizeof(buf));
	return xstrdup(buf);
}

static char *fmt_lat(double us)
{
	char num[40];

	if (!(us > 0))
		return xstrdup("–");
	if (us < 1000)
		return xasprintf("%s µs", chart_format_fixed(us, us < 100 ? 1 : 0, num, sizeof(num)));
	return xasprintf("%s ms", chart_format_fixed(us / 1000, us < 1e4 ? 2 : us < 1e5 ? 1 : 0,
						     num, sizeof(num)));
}

/* The step's headline numbers as table cells; free() each. */
static void step_cells(const struct report *r, const struct result_step *st,
		       char *cell[COL_N])
{
	const struct result_dirstat *ds = st->dir_stat;
	double mean = st->clat_mean_us, p999 = st->clat_p999_us, iops = result_step_iops(st);
	struct wording w = report__wording(r);
	struct sbuf sb;
	char buf[32];

	for (int d = 0; d < RESULT_NDIRS; d++) {
		if (!(mean > 0))
			mean = ds[d].clat_mean_us;
		if (!(p999 > 0))
			p999 = ds[d].clat_p999_us;
	}
	sbuf_init(&sb);
	report__step_pattern(r, st, &sb);
	chart_format_grouped(iops, 0, buf, sizeof(buf));
	cell[0] = xasprintf("%d", st->index);
	cell[1] = report__step_name(r, st);
	cell[2] = result_step_kind(st) == STEP_PURGE ? report__purge_text(r, st)
							   : sbuf_detach(&sb);
	cell[3] = st->read_holes ? msg_paren(r->msg, wording_status(st->status, &w),
					    r->msg[M_READ_HOLES])
				 : xstrdup(wording_status(st->status, &w));
	cell[4] = fmt_mbs(ds[RESULT_READ].bw_bytes);
	cell[5] = fmt_mbs(ds[RESULT_WRITE].bw_bytes);
	cell[6] = xstrdup(iops > 0 ? buf : "–");
	cell[7] = fmt_lat(mean);
	cell[8] = fmt_lat(p999);
	sbuf_release(&sb);
	if (!strcmp(cell[1], cell[2]))   /* a step named by its pattern: not twice */
		cell[2][0] = '\0';
}

/* A scope's row: its name, rounds and elements, verdict; no numbers. */
static void scope_cells(const struct report *r, const struct report_row *row,
			char *cell[COL_N])
{
	char a[16], b[24];
	const char *ab[2] = { a, b };
	int rounds = row->sc->rounds;
	struct wording w = report__wording(r);

	for (size_t i = 0; i < r->run->nsteps; i++)
		if (r->run->steps[i].scope && !strcmp(r->run->steps[i].scope, row->sc->name) &&
		    r->run->steps[i].round > rounds)
			rounds = r->run->steps[i].round;
	snprintf(a, sizeof(a), "%d", rounds);
	snprintf(b, sizeof(b), "%zu", row->nels);
	cell[0] = xasprintf("%d", row->st->index);
	cell[1] = report__scope_name(r, row->sc);
	cell[2] = msg_subst(r->msg[M_ROUNDS_OF], ab, 2);
	cell[3] = xstrdup(wording_status(row->sc->verdict, &w));
	for (int i = 4; i < COL_N; i++)
		cell[i] = xstrdup("–");
}

/* Steps outside rounds one row each; a scope one row where its first element ran. */
static void build_rows(struct report *r)
{
	const struct result_run *run = r->run;

	r->rows = xcalloc(run->nsteps + 1, sizeof(*r->rows));
	r->nrows = 0;
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		const struct result_scope *sc = st->scope ? result_run_scope(run, st->scope)
							  : NULL;
		size_t k = 0;

		while (sc && k < r->nrows && r->rows[k].sc != sc)
			k++;
		if (sc && k < r->nrows) {
			r->rows[k].nels++;
			continue;
		}
		r->rows[r->nrows++] = (struct report_row){ st, sc, 1 };
	}
}

/* the cover's step table as a table model, the same cells. */
static struct table *steps_table(const struct report *r)
{
	const char *head[COL_N];
	struct table *t;

	for (int i = 0; i < COL_N; i++)
		head[i] = cols[i].title < 0 ? cols[i].literal : r->msg[cols[i].title];
	t = table_new(r->msg[M_STEPS], NULL, COL_N, head);
	for (size_t i = 0; i < r->nrows; i++) {
		char *cell[COL_N];

		if (r->rows[i].sc)
			scope_cells(r, &r->rows[i], cell);
		else
			step_cells(r, r->rows[i].st, cell);
		table_add_row(t, (const char *const *)cell, NULL);
		for (int c = 0; c < COL_N; c++)
			free(cell[c]);
	}
	return t;
}

static void draw_row(struct gfx *g, double y, const char *const cell[COL_N],
		     enum chart_font f, uint32_t color, uint32_t status_color)
{
	double x = PAGE_MARGIN;

	for (int i = 0; i < COL_N; i++) {
		double tx = cols[i].align == GFX_RIGHT ? x + cols[i].w : x + 10;

		gfx_text(g, tx, y, f, i == 3 ? status_color : color, cols[i].align,
			 cols[i].w - 10, cell[i]);
		x += cols[i].w;
	}
}

/* Draws steps [first, first + n) of the table from y down. */
static void draw_table(struct report *r, struct gfx *g, double y, size_t first,
		       size_t n)
{
	const char *head[COL_N];
	double w = PAGE_W - 2 * PAGE_MARGIN;
	double pad = (ROW_H - text_h(r, CHART_FONT_BODY)) / 2;
	char *title = first ? msg_paren(r->msg, r->msg[M_STEPS], r->msg[M_CONTINUED])
			    : xstrdup(r->msg[M_STEPS]);

	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_AXIS, CHART_COLOR_TEXT, GFX_LEFT, 0,
		 title);
	free(title);
	y += text_h(r, CHART_FONT_AXIS) + 8;
	for (int i = 0; i < COL_N; i++)
		head[i] = cols[i].title < 0 ? cols[i].literal : r->msg[cols[i].title];
	draw_row(g, y + pad, head, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 CHART_COLOR_MUTED);
	y += ROW_H;
	gfx_line(g, PAGE_MARGIN, y, PAGE_MARGIN + w, y, 0.75, CHART_COLOR_AXIS);
	for (size_t i = first; i < first + n && i < r->nrows; i++, y += ROW_H) {
		const struct report_row *row = &r->rows[i];
		const struct result_step *st = row->st;
		const char *stat = msg_or(row->sc ? row->sc->verdict : st->status, "");
		uint32_t sc = !strcmp(stat, "ok") || !strcmp(stat, "steady") ||
				      !strcmp(stat, "written") ? CHART_COLOR_TEXT
			      : !strcmp(stat, "failed") || !strcmp(stat, "interrupted")
				      ? 0xc62828u
				      : CHART_COLOR_MUTED;
		char *cell[COL_N];

		if ((i - first) % 2)
			gfx_rect(g, PAGE_MARGIN, y, w, ROW_H, 0xf6f8fau);
		if (row->sc)
			scope_cells(r, row, cell);
		else
			step_cells(r, st, cell);
		draw_row(g, y + pad, (const char *const *)cell, CHART_FONT_BODY,
			 CHART_COLOR_TEXT, sc);
		for (int c = 0; c < COL_N; c++)
			free(cell[c]);
	}
	gfx_line(g, PAGE_MARGIN, y, PAGE_MARGIN + w, y, 0.75, CHART_COLOR_AXIS);
}

static int draw_cover(struct report *r, struct gfx *g, struct doc_pages *pg,
		      struct diag *d)
{
	double top = cover_table_top(r);
	size_t first = 0, n = (size_t)cover_rows(r);
	int rc;

	draw_cover_head(r, g);
	do {
		if (n)
			draw_table(r, g, top, first, n);
		rc = doc_pdf_next(pg, g, d);
		first += n;
		top = PAGE_MARGIN;
		n = (size_t)table_rows(r, top);
	} while (!rc && first < r->nrows);
	return rc;
}

/* The doc_pdf callbacks: the cover's pages, counted and drawn. */
static int cover_pages_cb(void *arg)
{
	return cover_pages(arg);
}

static int cover_cb(void *arg, struct gfx *g, struct doc_pages *pg, struct diag *d)
{
	return draw_cover(arg, g, pg, d);
}

static int load_template(struct report *r, struct diag *d)
{
	/* --template, else the one the plan names, else the default */
	char *name = r->run->report ? xasprintf("templates/report-%s.xml", r->run->report)
				    : xstrdup("templates/report-default.xml");
	char *path = r->x.template_path ? xstrdup(r->x.template_path) : datadir_path(name);
	const char *n = r->x.template_path ? NULL : r->run->report;
	int rc = n && (!*n || strspn(n, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(n))
		 ? diag_set(d, -SB_EPARSE, NULL, 0, 0, "the archive's plan.report '%s' is not a "
			    "template name (a-z, 0-9, '-')", n)
		 : tmpl_load(&r->tmpl, path, d);

	free(name);
	free(path);
	return rc;
}

int report_render(const struct result_run *run, const struct report_opts *o,
		  struct diag *d)
{
	return report_render_ext(run, o, NULL, d);
}

/*
 * What the report is written to: x's formats, report_opts' PDF and its chart folder
 * (the archive's: a link there refused) for the SVGs and PNGs x does not place.
 */
static void outputs(const struct report *r, struct doc_out *out)
{
	*out = r->x.out;
	if (r->o->pdf_path)
		out->path[DOC_PDF] = r->o->pdf_path;
	if (r->o->chart_dir) {
		out->path[DOC_SVG] = msg_or(out->path[DOC_SVG], r->o->chart_dir);
		out->path[DOC_PNG] = msg_or(out->path[DOC_PNG], r->o->chart_dir);
		out->in_archive = 1;
	}
	if (r->o->png_width)
		out->png_width = r->o->png_width;
}

int report_render_ext(const struct result_run *run, const struct report_opts *o,
		      const struct report_extra *x, struct diag *d)
{
	const double inset = PAGE_MARGIN - CHART_PAD;
	struct doc_kind k = {
		{ inset, PAGE_H - FOOTER_H - inset, PAGE_H - FOOTER_H - inset, cover_pages_cb,
		  cover_cb, NULL },
		{ NULL, report__html_head, NULL }, { report__xlsx_head, NULL } };
	struct html_words hw;
	struct doc_out out;
	struct report r;
	int rc;

	memset(&r, 0, sizeof(r));
	doc_init(&r.doc);
	r.run = run;
	r.o = o;
	if (x)
		r.x = *x;
	k.pdf.arg = k.html.arg = k.xlsx.arg = &r;
	outputs(&r, &out);
	rc = report__load_msgs(&r, msg_or(o->lang, lang_default()), d);
	if (!rc)
		rc = load_template(&r, d);
	if (!rc)
		rc = doc_begin(&r.doc, &out, msg_or(o->lang, lang_default()), r.tmpl->preset,
			       run->started && *run->started ? run->started : NULL,
			       o->fonts_conf, d);
	if (rc)
		goto out;
	wcheck_run(r.doc.check, run);
	hw = (struct html_words){ r.msg[M_H_ALT], r.msg[M_H_SVG], r.msg[M_H_DESC_BARS],
				  r.msg[M_H_DESC_LINES] };
	k.html.words = &hw;
	r.doc.title = report__plan_title(&r);
	r.doc.msg = r.msg;
	report__build_charts(&r);
	build_rows(&r);
	if (out.path[DOC_HTML])
		r.steps = steps_table(&r);
	rc = doc_write(&r.doc, &out, &k, d);
out:
	doc_release(&r.doc);
	table_free(r.steps);
	free(r.rows);
	i18n_free(r.strings);
	tmpl_free(r.tmpl);
	return rc;
}
