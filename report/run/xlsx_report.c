/* SPDX-License-Identifier: MIT */
/*
 * xlsx_report: a run's report as an Excel workbook, from the report being
 * rendered (struct report, its charts already built): the summary (the cover's
 * facts), results.csv with typed numbers, each finished step's per-second series with
 * a native chart, then every chart and table of the report as its own sheet, in the
 * report's order and language. Called by report.c; calls doc_xlsx.c (its own sheets
 * as the head), xlsx.c and report_ctx.c.
 */
#define _GNU_SOURCE /* timegm */
#include <csv.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "err.h"
#include "report_int.h"
#include "safefile.h"
#include "sbuf.h"
#include "version.h"
#include "xalloc.h"
#include "xlsx.h"

static void row(struct xlsx *x, lxw_worksheet *ws, lxw_row_t *rw, const char *k,
		const char *v)
{
	if (!v || !*v)
		return;
	worksheet_write_string(ws, *rw, 0, k, x->head);
	worksheet_write_string(ws, *rw, 1, v, NULL);
	(*rw)++;
}

/* A field and its time, an Excel date (xlsx_write_date()). */
static void date_row(struct xlsx *x, lxw_worksheet *ws, lxw_row_t *rw, const char *k,
		     const char *v)
{
	if (!v || !*v)
		return;
	worksheet_write_string(ws, *rw, 0, k, x->head);
	xlsx_write_date(x, ws, *rw, 1, v);
	(*rw)++;
}

/* The cover's facts, a field and a value a row. */
static void summary(struct xlsx *x, const struct report *r)
{
	const struct result_run *run = r->run;
	const char *const *m = r->msg;
	lxw_worksheet *ws = xlsx_sheet(x, m[M_X_SUMMARY]);
	lxw_row_t rw = 3;
	char cap[64] = "";

	worksheet_write_string(ws, 0, 0, report__plan_title(r), x->bold);
	worksheet_set_column(ws, 0, 0, 24, NULL);
	worksheet_set_column(ws, 1, 1, 70, NULL);
	if (run->capacity)
		report__capacity_text(run, cap, sizeof(cap));
	row(x, ws, &rw, m[M_PLAN], run->plan_name);
	row(x, ws, &rw, "SHA-256", run->plan_sha256);
	row(x, ws, &rw, m[M_X_TARGET], run->target);
	row(x, ws, &rw, m[M_DRIVE], run->drive_model);
	row(x, ws, &rw, m[M_X_FIRMWARE], run->drive_firmware);
	row(x, ws, &rw, m[M_X_SERIAL], run->drive_serial);
	row(x, ws, &rw, m[M_X_CAPACITY], cap);
	date_row(x, ws, &rw, m[M_STARTED], run->started);
	date_row(x, ws, &rw, m[M_ENDED], run->ended);
	row(x, ws, &rw, m[M_STATUS], run->status);
	row(x, ws, &rw, m[M_HOST], run->hostname);
	row(x, ws, &rw, m[M_CPU], run->cpu);
	row(x, ws, &rw, m[M_KERNEL], run->kernel);
	row(x, ws, &rw, "fio", run->fio_version);
	row(x, ws, &rw, "ioengine", run->ioengine);
	row(x, ws, &rw, "ssdbench", msg_or(run->ssdbench_version, SSDBENCH_VERSION));
	{   /* the cover's header, as the PDF has it */
		char **kv;
		size_t n = report__header_rows(r, &kv);

		rw++;
		worksheet_write_string(ws, rw++, 0, m[M_HDR_TITLE], x->bold);
		for (size_t i = 0; i < n; i++)
			row(x, ws, &rw, kv[2 * i], kv[2 * i + 1]);
		report__header_free(kv, n);
	}
	worksheet_write_string(ws, rw + 1, 0, r->doc.footer ? r->doc.footer : "", NULL);
}

/* results.csv, read back field by field: each number a numeric cell. */
struct csvrd {
	struct xlsx *x;
	lxw_worksheet *ws;
	size_t row, col, ncols;
};

static void on_field(void *s, size_t n, void *ctx)
{
	struct csvrd *c = ctx;
	char *text = xstrndup(s ? s : "", n);

	/* The file starts with a BOM for Excel's sake. */
	if (c->row == 0 && c->col == 0 && !strncmp(text, "\xef\xbb\xbf", 3))
		memmove(text, text + 3, strlen(text + 3) + 1);
	if (c->row + 1 < XLSX_MAX_ROWS) {
		if (c->row == 0)
			worksheet_write_string(c->ws, 0, (lxw_col_t)c->col, text, c->x->head);
		else
			xlsx_write_cell(c->x, c->ws, (lxw_row_t)c->row, (lxw_col_t)c->col, text);
	}
	c->col++;
	free(text);
}

static void on_row(int ch, void *ctx)
{
	struct csvrd *c = ctx;

	(void)ch;
	if (c->col > c->ncols)
		c->ncols = c->col;
	c->row++;
	c->col = 0;
}

static int results(struct xlsx *x, const struct report *r, struct diag *d)
{
	struct csvrd c = { .x = x };
	struct csv_parser p;
	struct sbuf sb;
	char *path;
	int rc;

	if (!r->run->archive_dir)
		return 0;
	path = xasprintf("%s/results.csv", r->run->archive_dir);
	sbuf_init(&sb);
	/* The archive's file, through the safe-file layer: a link, FIFO or device there
	 * is refused by name, never followed into the workbook. */
	rc = safefile_open_present(r->run->archive_dir, "results.csv", d);
	if (rc == -SB_ENOENT) {
		rc = 0;
		goto out;
	}
	if (rc >= 0) {
		int fd = rc;

		rc = safefile_read_fd(fd, path, SAFEFILE_MAX_LOAD, &sb, d);
		close(fd);
	}
	if (rc)
		goto out;
	c.ws = xlsx_sheet(x, r->msg[M_X_RESULTS]);
	if (csv_init(&p, CSV_APPEND_NULL) != 0) {
		rc = diag_set(d, -SB_EIO, path, 0, 0, "out of memory reading '%s'", path);
		goto out;
	}
	if (csv_parse(&p, sb.buf, sb.len, on_field, on_row, &c) != sb.len)
		rc = diag_set(d, -SB_EPARSE, path, 0, 0, "'%s': %s", path,
			      csv_strerror(csv_error(&p)));
	csv_fini(&p, on_field, on_row, &c);
	csv_free(&p);
	if (!rc && c.row > 1 && c.ncols) {
		worksheet_freeze_panes(c.ws, 1, 2);
		worksheet_autofilter(c.ws, 0, 0, (lxw_row_t)(c.row - 1), (lxw_col_t)(c.ncols - 1));
		worksheet_set_column(c.ws, 0, (lxw_col_t)(c.ncols - 1), 14, NULL);
	}
out:
	sbuf_release(&sb);
	free(path);
	return rc;
}

/* The columns of a step's series sheet. */
enum { S_T, S_RIOPS, S_WIOPS, S_TIOPS, S_RMBS, S_WMBS, S_RLAT, S_WLAT, S_PCT, S_TEMP, S_N };

/* Writes series s into column col, a row per second from t0 (the first sample's
 * second); adds each value to tot[row] when tot is given. */
static void put(struct xlsx *x, lxw_worksheet *ws, const struct result_series *s, double t0,
		int col, double scale, double add, double *tot, size_t rows)
{
	for (size_t i = 0; i < s->n; i++) {
		double rowf = floor(s->t[i] - t0 + 0.5);

		if (rowf < 0 || rowf >= (double)rows || !isfinite(s->v[i]))
			continue;
		xlsx_write_value(x, ws, (lxw_row_t)(4 + rowf), (lxw_col_t)col,
				 (s->v[i] + add) * scale);
		if (tot)
			tot[(size_t)rowf] += s->v[i];
	}
}

/* A finished step's per-second series and a chart of its IOPS over time. */
static void step_sheet(struct xlsx *x, const struct report *r, const struct result_step *st)
{
	const struct result_series *ref = NULL;
	const char *const *m = r->msg;
	const char *head[S_N] = { m[M_TIME], m[M_X_RIOPS], m[M_X_WIOPS], m[M_X_TIOPS],
				  m[M_RMBS], m[M_WMBS], m[M_X_RLAT], m[M_X_WLAT],
				  m[M_X_PCT], m[M_TEMP] };
	size_t rows = 0;
	double *tot, *when;
	char *name = xasprintf("%03d %s", st->index, st->name);
	lxw_worksheet *ws;
	lxw_chart *ch;
	double t0;

	for (int k = 0; k < RESULT_NDIRS && !ref; k++)
		if (st->iops[k].n)
			ref = &st->iops[k];
	if (!ref) {
		free(name);
		return;
	}
	ws = xlsx_sheet(x, name);
	free(name);
	worksheet_write_string(ws, 0, 0, st->name, x->bold);
	t0 = ref->t[0];
	for (int k = 0; k < RESULT_NDIRS; k++)
		if (st->iops[k].n) {
			double last = floor(st->iops[k].t[st->iops[k].n - 1] - t0 + 0.5) + 1;

			if (last > (double)rows)
				rows = last + 5 < XLSX_MAX_ROWS ? (size_t)last : XLSX_MAX_ROWS - 5;
		}
	tot = xcalloc(rows, sizeof(*tot));
	when = xcalloc(rows, sizeof(*when));
	/* a row's time: its second, or its samples' own (a step's last row ends at the
	 * run's real end, a part second: series.csv's t_s) */
	for (size_t i = 0; i < rows; i++)
		when[i] = t0 + (double)i;
	for (int k = 0; k < RESULT_NDIRS; k++)
		for (size_t i = 0; i < st->iops[k].n; i++) {
			double rowf = floor(st->iops[k].t[i] - t0 + 0.5);

			if (rowf >= 0 && rowf < (double)rows)
				when[(size_t)rowf] = st->iops[k].t[i];
		}
	for (int c = 0; c < S_N; c++)
		worksheet_write_string(ws, 3, (lxw_col_t)c, head[c], x->head);
	put(x, ws, &st->iops[RESULT_READ], t0, S_RIOPS, 1, 0, tot, rows);
	put(x, ws, &st->iops[RESULT_WRITE], t0, S_WIOPS, 1, 0, tot, rows);
	for (size_t i = 0; i < st->iops[RESULT_TRIM].n; i++) {
		double rowf = floor(st->iops[RESULT_TRIM].t[i] - t0 + 0.5);

		if (rowf >= 0 && rowf < (double)rows && isfinite(st->iops[RESULT_TRIM].v[i]))
			tot[(size_t)rowf] += st->iops[RESULT_TRIM].v[i];
	}
	put(x, ws, &st->bw[RESULT_READ], t0, S_RMBS, 1e-6, 0, NULL, rows);
	put(x, ws, &st->bw[RESULT_WRITE], t0, S_WMBS, 1e-6, 0, NULL, rows);
	put(x, ws, &st->clat_us[RESULT_READ], t0, S_RLAT, 1, 0, NULL, rows);
	put(x, ws, &st->clat_us[RESULT_WRITE], t0, S_WLAT, 1, 0, NULL, rows);
	if (st->capacity)
		put(x, ws, &st->written, t0, S_PCT, 100.0 / (double)st->capacity,
		    (double)st->written_before, NULL, rows);
	put(x, ws, &st->temp_c, t0, S_TEMP, 1, 0, NULL, rows);
	for (size_t i = 0; i < rows; i++) {
		worksheet_write_number(ws, (lxw_row_t)(4 + i), S_T, when[i], NULL);
		xlsx_write_value(x, ws, (lxw_row_t)(4 + i), S_TIOPS, tot[i]);
	}
	free(tot);
	free(when);
	worksheet_freeze_panes(ws, 4, 1);
	worksheet_set_column(ws, 0, S_N - 1, 13, NULL);
	ch = workbook_add_chart(x->wb, LXW_CHART_SCATTER_STRAIGHT);
	chart_title_set_name(ch, st->name);
	chart_axis_set_name(ch->x_axis, m[M_TIME]);
	chart_axis_set_name(ch->y_axis, "IOPS");
	chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
	for (int c = S_RIOPS; c <= S_WIOPS; c++) {
		const struct result_series *s = &st->iops[c == S_RIOPS ? RESULT_READ : RESULT_WRITE];
		lxw_chart_series *cs;

		if (!s->n)
			continue;
		cs = chart_add_series(ch, NULL, NULL);
		chart_series_set_categories(cs, xlsx_last_name(x), 4, S_T,
					    (lxw_row_t)(3 + rows), S_T);
		chart_series_set_values(cs, xlsx_last_name(x), 4, (lxw_col_t)c,
					(lxw_row_t)(3 + rows), (lxw_col_t)c);
		chart_series_set_name(cs, head[c]);
		chart_series_set_line(cs, &(lxw_chart_line){
			.color = c == S_RIOPS ? CHART_COLOR_READ : CHART_COLOR_WRITE,
			.width = 1.25f });
	}
	worksheet_insert_chart_opt(ws, 3, S_N + 1, ch,
				   &(lxw_chart_options){ .x_scale = 2.0, .y_scale = 1.6 });
}

/* The report's own sheets: the summary, results.csv, each finished step's series. */
int report__xlsx_head(void *arg, struct xlsx *x, struct diag *d)
{
	struct report *r = arg;
	int rc;

	summary(x, r);
	rc = results(x, r, d);
	for (size_t i = 0; !rc && i < r->run->nsteps; i++) {
		const struct result_step *st = &r->run->steps[i];

		if (report__is_ok(st) && !st->scope)
			step_sheet(x, r, st);
	}
	return rc;
}
