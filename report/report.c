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
#include "err.h"
#include "gfx.h"
#include "sbuf.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

#define CHART_W 960.0      /* SVG/PNG canvas, points */
#define CHART_H 600.0
#define PAGE_W 842.0       /* A4 landscape */
#define PAGE_H 595.0
#define PAGE_MARGIN 48.0
#define FOOTER_H 34.0
#define ROW_H 17.0         /* cover table */
#define CHART_PAD 36.0     /* a chart's own side padding (chart.c) */

enum msg {
	M_TIME, M_TIME_MIN, M_TIME_H, M_READ, M_WRITE, M_TRIM, M_SUMMARY,
	M_SUMMARY_SUB, M_REPORT, M_TARGET, M_STARTED, M_ENDED, M_STATUS, M_HOST,
	M_CPU, M_KERNEL, M_RUN, M_PLATFORM, M_SOFTWARE, M_STEPS, M_STEP, M_PATTERN,
	M_RMBS, M_WMBS, M_MEAN, M_P999, M_CONTINUED, M_NO_SAMPLES, M_N
};

/* UI text per language; the first entry with a prefix of o->lang wins. */
static const struct {
	const char *prefix[3];
	const char *s[M_N];
} msgs[] = {
	{ { "zh-cn", "zh-sg", "zh-hans" },
	  { "时间 (秒)", "时间 (分钟)", "时间 (小时)", "读取", "写入", "TRIM",
	    "性能摘要", "各测试步骤的平均传输速率", "SSD 性能测试报告", "测试目标：",
	    "开始", "结束", "状态", "主机", "处理器", "内核", "运行", "平台", "软件",
	    "测试步骤", "步骤", "访问模式", "读取 MB/s", "写入 MB/s", "平均延迟",
	    "p99.9 延迟", "续", "没有每秒数据：步骤短于 fio 的 1 秒记录窗口" } },
	{ { "zh" },
	  { "時間 (秒)", "時間 (分鐘)", "時間 (小時)", "讀取", "寫入", "TRIM",
	    "效能摘要", "各測試步驟的平均傳輸速率", "SSD 效能測試報告", "測試目標：",
	    "開始", "結束", "狀態", "主機", "處理器", "核心", "執行", "平台", "軟體",
	    "測試步驟", "步驟", "存取模式", "讀取 MB/s", "寫入 MB/s", "平均延遲",
	    "p99.9 延遲", "續", "沒有每秒資料：步驟短於 fio 的 1 秒記錄窗口" } },
	{ { "" },
	  { "Time (s)", "Time (min)", "Time (h)", "Read", "Write", "Trim", "Summary",
	    "Mean transfer rate per step", "SSD performance report", "Target: ",
	    "Started", "Ended", "Status", "Host", "CPU", "Kernel", "Run", "Platform",
	    "Software", "Steps", "Step", "Pattern", "Read MB/s", "Write MB/s",
	    "Mean lat.", "p99.9 lat.", "continued",
	    "No per-second samples: the step was shorter than fio's 1 s log window" } },
};

static const enum msg dir_msg[RESULT_NDIRS] = { M_READ, M_WRITE, M_TRIM };
static const uint32_t dir_color[RESULT_NDIRS] = {
	CHART_COLOR_READ, CHART_COLOR_WRITE, CHART_COLOR_TRIM,
};

struct report_chart {
	char *name;        /* file stem: "step-001-iops", "summary" */
	struct chart *c;
};

/* One render: the inputs, the fonts and the charts built from the run. */
struct report {
	const struct result_run *run;
	const struct report_opts *o;
	const char *const *msg;
	struct gfx_fonts *fonts;
	struct chart_measure m;
	struct report_chart *charts;
	size_t ncharts, charts_cap;
	int png_width;
	int pages, page;   /* PDF page count and the current page */
};

static const char *const *msgs_for(const char *lang)
{
	const size_t n = sizeof(msgs) / sizeof(msgs[0]);

	for (size_t i = 0; i + 1 < n; i++)
		for (size_t j = 0; j < 3 && msgs[i].prefix[j]; j++)
			if (!strncasecmp(lang, msgs[i].prefix[j],
					 strlen(msgs[i].prefix[j])))
				return msgs[i].s;
	return msgs[n - 1].s;
}

static const char *str_or(const char *s, const char *dflt)
{
	return s && *s ? s : dflt;
}

/* The plan's display title (may be CJK), else its name. */
static const char *plan_title(const struct result_run *run)
{
	return str_or(run->plan_title, str_or(run->plan_name, "ssdbench"));
}

static double text_h(const struct report *r, enum chart_font f)
{
	double w, h;

	r->m.text(r->m.ctx, f, "Ag", &w, &h);
	return h;
}

/*
 * "randrw / 4 KiB / QD32 / 4 jobs / 70% read" into sb. Not U+00B7: CJK fonts set
 * the middle dot full width.
 */
static void step_pattern(const struct result_step *st, struct sbuf *sb)
{
	char bs[32];

	units_format_size(st->bs, bs, sizeof(bs));
	sbuf_addf(sb, "%s / %s / QD%d / %d job%s", str_or(st->rw, "?"), bs,
		  st->iodepth, st->numjobs, st->numjobs == 1 ? "" : "s");
	if (st->rwmixread >= 0)
		sbuf_addf(sb, " / %d%% read", st->rwmixread);
}

static void add_chart(struct report *r, char *name, struct chart *c)
{
	XGROW(r->charts, r->charts_cap, r->ncharts + 1);
	r->charts[r->ncharts].name = name;
	r->charts[r->ncharts].c = c;
	r->ncharts++;
}

/* Seconds up to 10 min, minutes up to 10 h, then hours: ticks stay readable. */
static const struct {
	double upto, div;
	enum msg title;
} time_units[] = {
	{ 600, 1, M_TIME }, { 36000, 60, M_TIME_MIN }, { INFINITY, 3600, M_TIME_H },
};

static void build_iops_chart(struct report *r, const struct result_step *st)
{
	struct sbuf sub;
	struct chart *c;
	double tmax = 0;
	size_t u = 0;

	for (int d = 0; d < RESULT_NDIRS; d++)
		if (st->iops[d].n)
			tmax = fmax(tmax, st->iops[d].t[st->iops[d].n - 1]);
	while (tmax > time_units[u].upto)
		u++;
	sbuf_init(&sub);
	step_pattern(st, &sub);
	c = chart_new(CHART_LINE, str_or(st->name, "?"), sub.buf);
	chart_set_axis_titles(c, r->msg[time_units[u].title], "IOPS");
	chart_set_x_min_step(c, 1);
	if (!tmax && !st->iops[RESULT_READ].n && !st->iops[RESULT_WRITE].n &&
	    !st->iops[RESULT_TRIM].n)
		chart_set_note(c, r->msg[M_NO_SAMPLES]);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		const struct result_series *s = &st->iops[d];
		double *t = xmalloc((s->n + 1) * sizeof(*t));

		for (size_t i = 0; i < s->n; i++)
			t[i] = s->t[i] / time_units[u].div;
		if (s->n)
			chart_add_series(c, r->msg[dir_msg[d]], dir_color[d], t, s->v,
					 s->n);
		free(t);
	}
	add_chart(r, xasprintf("step-%03d-iops", st->index), c);
	sbuf_release(&sub);
}

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
	char mbs[48], iops[32];

	sbuf_init(&label);
	sbuf_init(&note);
	sbuf_init(&value);
	step_pattern(st, &note);
	for (int d = 0; d < RESULT_NDIRS; d++) {
		const struct result_dirstat *ds = &st->dir_stat[d];
		double mb = ds->bw_bytes / 1e6;

		if (!(ds->bw_bytes > 0 || ds->iops > 0))
			continue;
		sbuf_reset(&label);
		sbuf_reset(&value);
		sbuf_adds(&label, str_or(st->name, "?"));
		if (ndirs > 1)
			sbuf_addf(&label, " (%s)", r->msg[dir_msg[d]]);
		chart_format_grouped(mb, mb < 100 ? 1 : 0, mbs, sizeof(mbs));
		chart_format_si(ds->iops, 0, iops, sizeof(iops));
		sbuf_addf(&value, "%s MB/s  (%s IOPS)", mbs, iops);
		chart_add_bar(c, label.buf, note.buf, mb, value.buf, dir_color[d]);
		chart_add_legend(c, r->msg[dir_msg[d]], dir_color[d]);
	}
	sbuf_release(&label);
	sbuf_release(&note);
	sbuf_release(&value);
}

/* Charts in reading order: one IOPS chart per step, then the summary. */
static void build_charts(struct report *r)
{
	const struct result_run *run = r->run;
	struct chart *sum;
	struct sbuf sub;

	/* Every finished step gets its chart, so a report's pages are predictable. */
	for (size_t i = 0; i < run->nsteps; i++)
		if (run->steps[i].status && !strcmp(run->steps[i].status, "ok"))
			build_iops_chart(r, &run->steps[i]);
	sbuf_init(&sub);
	sbuf_addf(&sub, "%s  /  %s", plan_title(run),
		  r->msg[M_SUMMARY_SUB]);
	sum = chart_new(CHART_BARH, r->msg[M_SUMMARY], sub.buf);
	chart_set_axis_titles(sum, "MB/s (1 MB = 1,000,000 B)", "");
	for (size_t i = 0; i < run->nsteps; i++)
		if (run->steps[i].status && !strcmp(run->steps[i].status, "ok"))
			add_step_bars(r, sum, &run->steps[i]);
	if (sum->nbars)
		add_chart(r, xstrdup("summary"), sum);
	else
		chart_free(sum);
	sbuf_release(&sub);
}

static void draw_head(struct report *r, struct gfx *g, const struct chart *c)
{
	const struct chart_layout *L = &c->lay;
	double x = L->legend.x, row = L->legend.h;

	gfx_text(g, L->title.x, L->title.y, CHART_FONT_TITLE, CHART_COLOR_TEXT,
		 GFX_LEFT, L->width - 2 * L->title.x, c->title);
	gfx_text(g, L->subtitle.x, L->subtitle.y, CHART_FONT_SUBTITLE,
		 CHART_COLOR_MUTED, GFX_LEFT, L->width - 2 * L->title.x, c->subtitle);
	if (c->kind == CHART_LINE)
		gfx_text(g, L->ytitle.x, L->ytitle.y +
			 (row - text_h(r, CHART_FONT_AXIS)) / 2, CHART_FONT_AXIS,
			 CHART_COLOR_MUTED, GFX_LEFT, 0, c->y.title);
	for (size_t i = 0; i < c->nlegend; i++) {
		double cy = L->legend.y + row / 2;

		if (c->kind == CHART_LINE)
			gfx_line(g, x, cy, x + 16, cy, 3, c->legend[i].color);
		else
			gfx_rect(g, x + 3, cy - 5, 10, 10, c->legend[i].color);
		x += 22;
		x += gfx_text(g, x, cy - text_h(r, CHART_FONT_LEGEND) / 2,
			      CHART_FONT_LEGEND, CHART_COLOR_TEXT, GFX_LEFT, 0,
			      c->legend[i].label) + 18;
	}
}

/* Vertical grid and labels of the x axis, and its title. */
static void draw_xaxis(struct gfx *g, const struct chart *c)
{
	const struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;
	char buf[32];

	for (int i = 0; i < c->x.ticks.n; i++) {
		double x = chart_map_x(c, c->x.ticks.v[i]);

		if (c->kind == CHART_BARH || i > 0)
			gfx_line(g, x, p->y, x, p->y + p->h, i ? 0.6 : 1,
				 i ? CHART_COLOR_GRID : CHART_COLOR_AXIS);
		chart_format_si(c->x.ticks.v[i], c->x.ticks.step, buf, sizeof(buf));
		gfx_text(g, x, L->xtick_top, CHART_FONT_TICK, CHART_COLOR_MUTED,
			 GFX_CENTER, 0, buf);
	}
	gfx_text(g, L->xtitle.x, L->xtitle.y, CHART_FONT_AXIS, CHART_COLOR_MUTED,
		 GFX_LEFT, 0, c->x.title);
}

static void draw_line_chart(struct report *r, struct gfx *g, const struct chart *c)
{
	const struct chart_rect *p = &c->lay.plot;
	double th = text_h(r, CHART_FONT_TICK);
	char buf[32];

	draw_head(r, g, c);
	draw_xaxis(g, c);
	for (int i = 0; i < c->y.ticks.n; i++) {
		double y = chart_map_y(c, c->y.ticks.v[i]);

		if (i > 0)
			gfx_line(g, p->x, y, p->x + p->w, y, 0.6, CHART_COLOR_GRID);
		chart_format_si(c->y.ticks.v[i], c->y.ticks.step, buf, sizeof(buf));
		gfx_text(g, c->lay.ytick_right, y - th / 2, CHART_FONT_TICK,
			 CHART_COLOR_MUTED, GFX_RIGHT, 0, buf);
	}
	gfx_clip(g, p->x - 4, p->y - 4, p->w + 8, p->h + 8);
	for (size_t i = 0; i < c->nseries; i++) {
		const struct chart_series *s = &c->series[i];
		double *x = xmalloc((s->pn + 1) * sizeof(*x));
		double *y = xmalloc((s->pn + 1) * sizeof(*y));

		for (size_t j = 0; j < s->pn; j++) {
			x[j] = chart_map_x(c, s->px[j]);
			y[j] = chart_map_y(c, s->py[j]);
		}
		gfx_polyline(g, x, y, s->pn, 1.6, s->color);
		/* A few points (a short step) read better with their samples marked. */
		if (s->pn == s->n && (double)s->n * 16 <= p->w)
			gfx_dots(g, x, y, s->pn, 2.4, s->color);
		free(x);
		free(y);
	}
	gfx_unclip(g);
	if (!c->nseries && c->note)
		gfx_text(g, p->x + p->w / 2, p->y + p->h / 2 - th, CHART_FONT_AXIS,
			 CHART_COLOR_MUTED, GFX_CENTER, p->w, c->note);
	gfx_line(g, p->x, p->y + p->h, p->x + p->w, p->y + p->h, 1, CHART_COLOR_AXIS);
}

static void draw_bar_chart(struct report *r, struct gfx *g, const struct chart *c)
{
	const struct chart_layout *L = &c->lay;
	const struct chart_rect *p = &L->plot;
	double hl = text_h(r, CHART_FONT_BAR_LABEL), hn = text_h(r, CHART_FONT_BAR_NOTE);
	double hv = text_h(r, CHART_FONT_VALUE), lw = L->label_right - L->title.x;

	draw_head(r, g, c);
	draw_xaxis(g, c);
	for (size_t i = 0; i < c->nbars; i++) {
		const struct chart_bar *b = &c->bars[i];
		double cy = p->y + ((double)i + 0.5) * L->row_h;
		double ty = cy - (*b->note ? (hl + hn) / 2 : hl / 2);
		double x1 = chart_map_x(c, b->value);

		gfx_text(g, L->label_right, ty, CHART_FONT_BAR_LABEL, CHART_COLOR_TEXT,
			 GFX_RIGHT, lw, b->label);
		gfx_text(g, L->label_right, ty + hl, CHART_FONT_BAR_NOTE,
			 CHART_COLOR_MUTED, GFX_RIGHT, lw, b->note);
		gfx_rect(g, p->x, cy - L->bar_h / 2, x1 - p->x, L->bar_h, b->color);
		gfx_text(g, x1 + 8, cy - hv / 2, CHART_FONT_VALUE, CHART_COLOR_TEXT,
			 GFX_LEFT, 0, b->value_text);
	}
}

static void draw_chart(struct report *r, struct gfx *g, const struct chart *c)
{
	if (c->kind == CHART_LINE)
		draw_line_chart(r, g, c);
	else
		draw_bar_chart(r, g, c);
}

static int layout(struct report *r, struct chart *c, double w, double h,
		  const char *what, struct diag *d)
{
	int rc = chart_layout(c, w, h, &r->m);

	if (rc)
		diag_set(d, rc, what, 0, 0, "chart '%s' does not fit %.0fx%.0f pt",
			 c->title, w, h);
	return rc;
}

/* Writes one chart as chart_dir/<name>.svg and .png. */
static int write_chart_files(struct report *r, struct report_chart *rc_,
			     struct diag *d)
{
	static const struct { enum gfx_format fmt; const char *ext; } outs[] = {
		{ GFX_SVG, "svg" }, { GFX_PNG, "png" },
	};
	struct chart *c = rc_->c;
	struct gfx *g = NULL;
	char *path = NULL;
	int rc;

	rc = layout(r, c, CHART_W, c->kind == CHART_LINE ? CHART_H : 0,
		    rc_->name, d);
	for (size_t i = 0; !rc && i < sizeof(outs) / sizeof(outs[0]); i++) {
		free(path);
		path = xasprintf("%s/%s.%s", r->o->chart_dir, rc_->name, outs[i].ext);
		/* Height in whole pixels so the PNG keeps the chart's aspect exactly. */
		rc = gfx_open(&g, r->fonts, outs[i].fmt, path, c->lay.width,
			      c->lay.height, r->png_width / c->lay.width, NULL, d);
		if (rc)
			break;
		draw_chart(r, g, c);
		rc = gfx_close(g, d);
	}
	free(path);
	return rc;
}

static void draw_footer(struct report *r, struct gfx *g)
{
	char buf[64];
	double y = PAGE_H - FOOTER_H + 8;

	r->page++;
	gfx_line(g, PAGE_MARGIN, y - 6, PAGE_W - PAGE_MARGIN, y - 6, 0.5,
		 CHART_COLOR_GRID);
	snprintf(buf, sizeof(buf), "%d / %d", r->page, r->pages);
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_LEFT,
		 PAGE_W / 2, plan_title(r->run));
	gfx_text(g, PAGE_W - PAGE_MARGIN, y, CHART_FONT_SMALL, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, buf);
}

/*
 * Lays the chart out for a page, inset so its own padding lines up with the page
 * margin; bars too many for the page are drawn smaller.
 */
static int draw_chart_page(struct report *r, struct gfx *g, struct chart *c,
			   struct diag *d)
{
	double inset = PAGE_MARGIN - CHART_PAD, w = PAGE_W - 2 * inset;
	double avail = PAGE_H - FOOTER_H - inset, s = 1;
	int rc;

	rc = layout(r, c, w, c->kind == CHART_LINE ? avail : 0, r->o->pdf_path, d);
	if (rc)
		return rc;
	if (c->lay.height > avail)
		s = avail / c->lay.height;
	gfx_push(g, inset + (w - w * s) / 2, inset, s);
	draw_chart(r, g, c);
	gfx_pop(g);
	draw_footer(r, g);
	return gfx_page(g, d);
}


/* Cover page geometry, shared by the page count and the drawing. */
static double cover_table_top(const struct report *r)
{
	return 40 + text_h(r, CHART_FONT_SUBTITLE) + 4 + text_h(r, CHART_FONT_HEADING) +
	       4 + text_h(r, CHART_FONT_SUBTITLE) + 22 + text_h(r, CHART_FONT_AXIS) +
	       6 + 3 * ROW_H + 24;
}

static int table_rows(const struct report *r, double top)
{
	double bottom = PAGE_H - FOOTER_H - 12;
	int n = (int)floor((bottom - top - text_h(r, CHART_FONT_AXIS) - 8 -
			    2 * ROW_H) / ROW_H);

	return n < 1 ? 1 : n;
}

static int cover_pages(const struct report *r)
{
	int first = table_rows(r, cover_table_top(r));
	int next = table_rows(r, PAGE_MARGIN);
	int left = (int)r->run->nsteps - first;

	return 1 + (left > 0 ? (left + next - 1) / next : 0);
}

/* "2026-11-30T02:00:00Z" reads as "2026-11-30 02:00:00 UTC"; else as given. */
static void pretty_time(const char *iso, char *buf, size_t n)
{
	if (iso && strlen(iso) == 20 && iso[10] == 'T' && iso[19] == 'Z')
		snprintf(buf, n, "%.10s %.8s UTC", iso, iso + 11);
	else
		snprintf(buf, n, "%s", str_or(iso, "–"));
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
			 w - 66, str_or(kv[2 * i + 1], "–"));
	}
}

/* The title block and the run, platform and software columns. */
static void draw_cover_head(struct report *r, struct gfx *g)
{
	const struct result_run *run = r->run;
	const char *const *m = r->msg;
	double w = PAGE_W - 2 * PAGE_MARGIN, cw = w / 3, y = 40;
	char started[64], ended[64];
	struct sbuf sb;
	const char *const kv[3][6] = {
		{ m[M_STARTED], started, m[M_ENDED], ended, m[M_STATUS], run->status },
		{ m[M_HOST], run->hostname, m[M_CPU], run->cpu, m[M_KERNEL],
		  run->kernel },
		{ "ssdbench", run->ssdbench_version, "fio", run->fio_version,
		  "ioengine", run->ioengine },
	};
	const enum msg heads[3] = { M_RUN, M_PLATFORM, M_SOFTWARE };

	pretty_time(run->started, started, sizeof(started));
	pretty_time(run->ended, ended, sizeof(ended));
	sbuf_init(&sb);
	sbuf_addf(&sb, "ssdbench %s", SSDBENCH_VERSION);
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_MUTED, GFX_LEFT,
		 w / 2, m[M_REPORT]);
	gfx_text(g, PAGE_W - PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_MUTED,
		 GFX_RIGHT, 0, sb.buf);
	y += text_h(r, CHART_FONT_SUBTITLE) + 4;
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_HEADING, CHART_COLOR_TEXT, GFX_LEFT, w,
		 plan_title(run));
	y += text_h(r, CHART_FONT_HEADING) + 4;
	sbuf_reset(&sb);
	sbuf_addf(&sb, "%s%s", m[M_TARGET], str_or(run->target, "–"));
	gfx_text(g, PAGE_MARGIN, y, CHART_FONT_SUBTITLE, CHART_COLOR_TEXT, GFX_LEFT, w,
		 sb.buf);
	y += text_h(r, CHART_FONT_SUBTITLE) + 11;
	gfx_line(g, PAGE_MARGIN, y, PAGE_W - PAGE_MARGIN, y, 0.75, CHART_COLOR_AXIS);
	y += 11;
	for (int i = 0; i < 3; i++)
		draw_kv_column(r, g, PAGE_MARGIN + i * cw, y, cw - 16, m[heads[i]],
			       kv[i]);
	sbuf_release(&sb);
}

enum { COL_N = 9 };

static const struct {
	int title;            /* enum msg, or -1 for the literal */
	const char *literal;
	double w;
	enum gfx_align align;
} cols[COL_N] = {
	{ -1, "#", 22, GFX_RIGHT },      { M_STEP, NULL, 180, GFX_LEFT },
	{ M_PATTERN, NULL, 200, GFX_LEFT }, { M_STATUS, NULL, 52, GFX_LEFT },
	{ M_RMBS, NULL, 64, GFX_RIGHT }, { M_WMBS, NULL, 64, GFX_RIGHT },
	{ -1, "IOPS", 56, GFX_RIGHT },   { M_MEAN, NULL, 54, GFX_RIGHT },
	{ M_P999, NULL, 54, GFX_RIGHT },
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
	if (!(us > 0))
		return xstrdup("–");
	if (us < 1000)
		return xasprintf("%.*f µs", us < 100 ? 1 : 0, us);
	return xasprintf("%.*f ms", us < 1e4 ? 2 : us < 1e5 ? 1 : 0, us / 1000);
}

/* The step's headline numbers as table cells; free() each. */
static void step_cells(const struct result_step *st, char *cell[COL_N])
{
	const struct result_dirstat *ds = st->dir_stat;
	double mean = st->clat_mean_us, p999 = st->clat_p999_us, iops = 0;
	struct sbuf sb;
	char buf[32];

	for (int d = 0; d < RESULT_NDIRS; d++) {
		iops += ds[d].iops;
		if (!(mean > 0))
			mean = ds[d].clat_mean_us;
		if (!(p999 > 0))
			p999 = ds[d].clat_p999_us;
	}
	sbuf_init(&sb);
	step_pattern(st, &sb);
	chart_format_grouped(iops, 0, buf, sizeof(buf));
	cell[0] = xasprintf("%d", st->index);
	cell[1] = xstrdup(str_or(st->name, "?"));
	cell[2] = sbuf_detach(&sb);
	cell[3] = xstrdup(str_or(st->status, "?"));
	cell[4] = fmt_mbs(ds[RESULT_READ].bw_bytes);
	cell[5] = fmt_mbs(ds[RESULT_WRITE].bw_bytes);
	cell[6] = xstrdup(iops > 0 ? buf : "–");
	cell[7] = fmt_lat(mean);
	cell[8] = fmt_lat(p999);
	sbuf_release(&sb);
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
	char *title = first ? xasprintf("%s (%s)", r->msg[M_STEPS], r->msg[M_CONTINUED])
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
	for (size_t i = first; i < first + n && i < r->run->nsteps; i++, y += ROW_H) {
		const struct result_step *st = &r->run->steps[i];
		const char *stat = str_or(st->status, "");
		uint32_t sc = !strcmp(stat, "ok") ? CHART_COLOR_TEXT
			      : !strcmp(stat, "failed") || !strcmp(stat, "interrupted")
				      ? 0xc62828u
				      : CHART_COLOR_MUTED;
		char *cell[COL_N];

		if ((i - first) % 2)
			gfx_rect(g, PAGE_MARGIN, y, w, ROW_H, 0xf6f8fau);
		step_cells(st, cell);
		draw_row(g, y + pad, (const char *const *)cell, CHART_FONT_BODY,
			 CHART_COLOR_TEXT, sc);
		for (int c = 0; c < COL_N; c++)
			free(cell[c]);
	}
	gfx_line(g, PAGE_MARGIN, y, PAGE_MARGIN + w, y, 0.75, CHART_COLOR_AXIS);
}

static int draw_cover(struct report *r, struct gfx *g, struct diag *d)
{
	double top = cover_table_top(r);
	size_t first = 0, n = (size_t)table_rows(r, top);
	int rc;

	draw_cover_head(r, g);
	do {
		draw_table(r, g, top, first, n);
		draw_footer(r, g);
		rc = gfx_page(g, d);
		first += n;
		top = PAGE_MARGIN;
		n = (size_t)table_rows(r, top);
	} while (!rc && first < r->run->nsteps);
	return rc;
}

static int write_pdf(struct report *r, struct diag *d)
{
	struct gfx *g = NULL;
	struct gfx_meta meta;
	char *creator = xasprintf("ssdbench %s", SSDBENCH_VERSION);
	int rc;

	meta.title = plan_title(r->run);
	meta.creator = creator;
	meta.date = r->run->started && *r->run->started ? r->run->started : NULL;
	r->pages = cover_pages(r) + (int)r->ncharts;
	r->page = 0;
	rc = gfx_open(&g, r->fonts, GFX_PDF, r->o->pdf_path, PAGE_W, PAGE_H, 1, &meta,
		      d);
	if (rc)
		goto out;
	rc = draw_cover(r, g, d);
	for (size_t i = 0; !rc && i < r->ncharts; i++)
		rc = draw_chart_page(r, g, r->charts[i].c, d);
	if (rc)
		gfx_close(g, NULL);
	else
		rc = gfx_close(g, d);
out:
	free(creator);
	return rc;
}

/* <datadir>/templates/fonts.conf; datadir from $SSDBENCH_DATADIR or the build. */
static char *default_fonts_conf(void)
{
	const char *dir = getenv("SSDBENCH_DATADIR");

	return xasprintf("%s/templates/fonts.conf",
			 str_or(dir, SSDBENCH_DATADIR_DEFAULT));
}

static int make_dir(const char *dir, struct diag *d)
{
	struct stat sb;

	if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &sb) == 0 &&
				       S_ISDIR(sb.st_mode)))
		return 0;
	return diag_set(d, -SB_EIO, dir, 0, 0, "cannot create directory '%s': %s",
			dir, strerror(errno));
}

int report_render(const struct result_run *run, const struct report_opts *o,
		  struct diag *d)
{
	struct report r;
	char *conf = o->fonts_conf ? xstrdup(o->fonts_conf) : default_fonts_conf();
	int rc;

	memset(&r, 0, sizeof(r));
	r.run = run;
	r.o = o;
	r.msg = msgs_for(str_or(o->lang, "zh-TW"));
	r.png_width = o->png_width > 0 ? o->png_width : 1400;
	rc = gfx_fonts_new(&r.fonts, conf, o->lang, d);
	if (rc)
		goto out;
	gfx_fonts_measure(r.fonts, &r.m);
	build_charts(&r);
	if (o->chart_dir) {
		rc = make_dir(o->chart_dir, d);
		for (size_t i = 0; !rc && i < r.ncharts; i++)
			rc = write_chart_files(&r, &r.charts[i], d);
	}
	if (!rc && o->pdf_path)
		rc = write_pdf(&r, d);
out:
	for (size_t i = 0; i < r.ncharts; i++) {
		free(r.charts[i].name);
		chart_free(r.charts[i].c);
	}
	free(r.charts);
	gfx_fonts_free(r.fonts);
	free(conf);
	return rc;
}
