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
#include "wording.h"
#include "xlsx.h"

static void row(struct xlsx *x, lxw_worksheet *ws, lxw_row_t *rw, const char *k,
		const char *v)
{
	if (!v || !*v)
		return;
	xlsx_string(x, ws, *rw, 0, k, x->head);
	xlsx_string(x, ws, *rw, 1, v, NULL);
	(*rw)++;
}

/* A field and its time, an Excel date (xlsx_write_date()). */
static void date_row(struct xlsx *x, lxw_worksheet *ws, lxw_row_t *rw, const char *k,
		     const char *v)
{
	if (!v || !*v)
		return;
	xlsx_string(x, ws, *rw, 0, k, x->head);
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
	struct wording w = report__wording(r);
	char *target;

	xlsx_string(x, ws, 0, 0, report__plan_title(r), x->bold);
	worksheet_set_column(ws, 0, 0, 24, NULL);
	worksheet_set_column(ws, 1, 1, 70, NULL);
	if (run->capacity)
		report__capacity_text(r, cap, sizeof(cap));
	row(x, ws, &rw, m[M_PLAN], report__plan_title(r));
	row(x, ws, &rw, "SHA-256", run->plan_sha256);
	target = report__target_text(r);
	row(x, ws, &rw, m[M_X_TARGET], target);
	free(target);
	row(x, ws, &rw, m[M_DRIVE], run->drive_model);
	row(x, ws, &rw, m[M_X_FIRMWARE], run->drive_firmware);
	row(x, ws, &rw, m[M_X_SERIAL], run->drive_serial);
	row(x, ws, &rw, m[M_X_CAPACITY], cap);
	date_row(x, ws, &rw, m[M_STARTED], run->started);
	date_row(x, ws, &rw, m[M_ENDED], run->ended);
	row(x, ws, &rw, m[M_STATUS], wording_status(run->status, &w));
	row(x, ws, &rw, m[M_HOST], run->hostname);
	row(x, ws, &rw, m[M_CPU], run->cpu);
	row(x, ws, &rw, m[M_KERNEL], run->kernel);
	row(x, ws, &rw, "fio", run->fio_version);
	row(x, ws, &rw, m[W_IOENGINE], run->ioengine);
	row(x, ws, &rw, "ssdbench", msg_or(run->ssdbench_version, SSDBENCH_VERSION));
	{   /* the cover's header, as the PDF has it */
		char **kv;
		size_t n = report__header_rows(r, &kv);

		rw++;
		xlsx_string(x, ws, rw++, 0, m[M_HDR_TITLE], x->bold);
		for (size_t i = 0; i < n; i++)
			row(x, ws, &rw, kv[2 * i], kv[2 * i + 1]);
		report__header_free(kv, n);
	}
	xlsx_string(x, ws, rw + 1, 0, r->doc.footer ? r->doc.footer : "", NULL);
}

/*
 * results.csv, read back a row at a time: each number a numeric cell, the header
 * and the texts in the report's words (wording_column()); a step's name is its
 * display name, its pattern, kind, rounds and sweep values worded, as the PDF's.
 */
struct csvrd {
	struct xlsx *x;
	const struct report *r;
	lxw_worksheet *ws;
	size_t row, ncols;
	char **head;          /* row 0: the CSV's column names */
	size_t nhead;
	char **f;             /* the row being read */
	size_t nf, capf;
};

static void on_field(void *s, size_t n, void *ctx)
{
	struct csvrd *c = ctx;
	char *text = xstrndup(s ? s : "", n);

	/* The file starts with a BOM for Excel's sake. */
	if (c->row == 0 && c->nf == 0 && !strncmp(text, "\xef\xbb\xbf", 3))
		memmove(text, text + 3, strlen(text + 3) + 1);
	XGROW(c->f, c->capf, c->nf + 1);
	c->f[c->nf++] = text;
}

/* field named col of the row, or NULL */
static const char *field(const struct csvrd *c, const char *col)
{
	for (size_t i = 0; i < c->nhead && i < c->nf; i++)
		if (!strcmp(c->head[i], col))
			return c->f[i];
	return NULL;
}

/* the step of the row's index, or NULL */
static const struct result_step *row_step(const struct csvrd *c)
{
	const char *idx = field(c, "step");
	const struct result_run *run = c->r->run;

	for (size_t i = 0; idx && i < run->nsteps; i++)
		if (run->steps[i].index == atoi(idx))
			return &run->steps[i];
	return NULL;
}

/* A text field of a data row in the report's words; NULL: as it is. */
static char *worded(const struct csvrd *c, const char *col, const char *v,
		    const struct result_step *st)
{
	struct wording w = report__wording(c->r);
	struct sbuf sb;

	if (!*v)
		return NULL;
	sbuf_init(&sb);
	if (!strcmp(col, "name") && st) {
		sbuf_release(&sb);
		return report__step_name(c->r, st);
	}
	if (!strcmp(col, "rw") && st && result_step_kind(st) == STEP_PURGE) {
		sbuf_release(&sb);   /* a purge's method, as the step table says it */
		return report__purge_text(c->r, st);
	}
	if (!strcmp(col, "kind"))
		sbuf_adds(&sb, wording_kind(v, &w));
	else if (!strcmp(col, "rw"))
		wording_rw(v, field(c, "rwmixread") && *field(c, "rwmixread") ?
			   atoi(field(c, "rwmixread")) : -1, &w, &sb);
	else if (!strcmp(col, "cell"))
		wording_cell(v, &w, 0, &sb);
	else if (!strcmp(col, "ss_metric"))
		wording_track(v, &w, &sb);
	else if (!strcmp(col, "ss_pass"))
		sbuf_adds(&sb, !strcmp(v, "yes") ? w.s[W_YES] : w.s[W_NO]);
	else if (!strcmp(col, "scope")) {
		for (size_t i = 0; i < c->r->run->nscopes; i++)
			if (!strcmp(c->r->run->scopes[i].name, v)) {
				char *t = wording_scope(&c->r->run->scopes[i], &w);

				sbuf_adds(&sb, t);
				free(t);
			}
		if (!sb.len && st)   /* a duty cycle: the values it was swept at */
			wording_cell(st->cell, &w, 1, &sb);
	}
	if (!sb.len) {
		sbuf_release(&sb);
		return NULL;
	}
	return sbuf_detach(&sb);
}

static void on_row(int ch, void *ctx)
{
	struct csvrd *c = ctx;
	const struct result_step *st = c->row ? row_step(c) : NULL;
	struct wording w = report__wording(c->r);
	struct sbuf sb;

	(void)ch;
	sbuf_init(&sb);
	for (size_t i = 0; i < c->nf && c->row + 1 < XLSX_MAX_ROWS; i++) {
		if (c->row == 0) {
			sbuf_reset(&sb);
			wording_column(c->f[i], &w, &sb);
			xlsx_string(c->x, c->ws, 0, (lxw_col_t)i, sb.buf ? sb.buf : "",
				    c->x->head);
		} else {
			char *t = i < c->nhead ? worded(c, c->head[i], c->f[i], st) : NULL;

			if (t)
				xlsx_string(c->x, c->ws, (lxw_row_t)c->row, (lxw_col_t)i, t, NULL);
			else
				xlsx_write_cell(c->x, c->ws, (lxw_row_t)c->row, (lxw_col_t)i,
						c->f[i]);
			free(t);
		}
	}
	sbuf_release(&sb);
	if (c->nf > c->ncols)
		c->ncols = c->nf;
	if (c->row == 0) {   /* the names, kept to read the rows by */
		c->head = c->f;
		c->nhead = c->nf;
		c->f = NULL;
		c->nf = c->capf = 0;
	} else {
		for (size_t i = 0; i < c->nf; i++)
			free(c->f[i]);
		c->nf = 0;
	}
	c->row++;
}

static void csvrd_release(struct csvrd *c)
{
	for (size_t i = 0; i < c->nf; i++)
		free(c->f[i]);
	free(c->f);
	for (size_t i = 0; i < c->nhead; i++)
		free(c->head[i]);
	free(c->head);
}

static int results(struct xlsx *x, const struct report *r, struct diag *d)
{
	struct csvrd c = { .x = x, .r = r };
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
	csvrd_release(&c);
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
	char *label = report__step_name(r, st);   /* in the report's words */
	char *name = xasprintf("%03d %s", st->index, label);
	lxw_worksheet *ws;
	lxw_chart *ch;
	double t0;

	for (int k = 0; k < RESULT_NDIRS && !ref; k++)
		if (st->iops[k].n)
			ref = &st->iops[k];
	if (!ref) {
		free(name);
		free(label);
		return;
	}
	ws = xlsx_sheet(x, name);
	free(name);
	xlsx_string(x, ws, 0, 0, label, x->bold);
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
		xlsx_string(x, ws, 3, (lxw_col_t)c, head[c], x->head);
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
	xlsx_chart_title(x, ch, label);
	xlsx_axis_title(x, ch->x_axis, m[M_TIME]);
	xlsx_axis_title(x, ch->y_axis, "IOPS");
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
		xlsx_series_name(x, cs, head[c]);
		chart_series_set_line(cs, &(lxw_chart_line){
			.color = c == S_RIOPS ? CHART_COLOR_READ : CHART_COLOR_WRITE,
			.width = 1.25f });
	}
	worksheet_insert_chart_opt(ws, 3, S_N + 1, ch,
				   &(lxw_chart_options){ .x_scale = 2.0, .y_scale = 1.6 });
	free(label);
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
