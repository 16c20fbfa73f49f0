/* SPDX-License-Identifier: MIT */
/* xlsx: chart and table models as workbook sheets with native Excel charts. */
#include "xlsx.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"
#include "msg.h"
#include "sbuf.h"
#include "wcheck.h"
#include "xalloc.h"

#define HEAD_ROW 3          /* title, subtitle, blank, then the header row */
#define CHART_COL_GAP 1     /* columns between a sheet's data and its chart */

int xlsx_open(struct xlsx *x, const char *path, const char *title, time_t created,
	      struct diag *d)
{
	lxw_workbook_options opt = { .constant_memory = 0, .tmpdir = NULL, .use_zip64 = 0 };
	lxw_doc_properties props = { 0 };

	memset(x, 0, sizeof(*x));
	x->path = path;
	x->wb = workbook_new_opt(path, &opt);
	if (!x->wb)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot create the workbook '%s': %s",
				path, strerror(errno ? errno : EIO));
	/* libxlsxwriter's struct has char * fields it only reads. */
	x->title = xstrdup(title ? title : "ssdbench");
	x->author = xstrdup("ssdbench");
	props.title = x->title;
	props.author = x->author;
	props.created = created;
	workbook_set_properties(x->wb, &props);
	x->bold = workbook_add_format(x->wb);
	format_set_bold(x->bold);
	format_set_font_size(x->bold, 14);
	x->head = workbook_add_format(x->wb);
	format_set_bold(x->head);
	format_set_bottom(x->head, LXW_BORDER_THIN);
	format_set_text_wrap(x->head);
	x->head_emph = workbook_add_format(x->wb);
	format_set_bold(x->head_emph);
	format_set_bottom(x->head_emph, LXW_BORDER_THIN);
	format_set_text_wrap(x->head_emph);
	format_set_bg_color(x->head_emph, CHART_COLOR_EMPH);
	x->num = workbook_add_format(x->wb);
	format_set_num_format(x->num, "#,##0");
	x->num1 = workbook_add_format(x->wb);
	format_set_num_format(x->num1, "#,##0.0");
	x->num2 = workbook_add_format(x->wb);
	format_set_num_format(x->num2, "#,##0.00");
	x->date = workbook_add_format(x->wb);
	format_set_num_format(x->date, "yyyy-mm-dd hh:mm:ss");
	format_set_align(x->date, LXW_ALIGN_LEFT);
	x->pct = workbook_add_format(x->wb);
	format_set_num_format(x->pct, "0.0%");
	x->wrap = workbook_add_format(x->wb);
	format_set_text_wrap(x->wrap);
	return 0;
}

static void free_names(struct xlsx *x)
{
	free(x->title);
	free(x->author);
	x->title = x->author = NULL;
	for (size_t i = 0; i < x->nnames; i++)
		free(x->names[i]);
	free(x->names);
	x->names = NULL;
	x->nnames = 0;
	free(x->styles);   /* the formats are the workbook's */
	x->styles = NULL;
	x->nstyles = 0;
}

int xlsx_close(struct xlsx *x, struct diag *d)
{
	lxw_error e = workbook_close(x->wb);
	int rc = 0;

	x->wb = NULL;
	free_names(x);
	if (e != LXW_NO_ERROR)
		rc = diag_set(d, -SB_EIO, x->path, 0, 0, "cannot write the workbook '%s': %s",
			      x->path, lxw_strerror(e));
	else if (x->nerrs)
		rc = xlsx_err_apply(x, x->path, d);
	xlsx_err_release(x);
	if (rc)
		remove(x->path);
	return rc;
}

void xlsx_discard(struct xlsx *x)
{
	if (x->wb)
		workbook_close(x->wb);
	x->wb = NULL;
	free_names(x);
	xlsx_err_release(x);
	remove(x->path);
}

/* The workbook's one rule for a number's decimals: none from 100 up or for a whole
 * number (1), one from 1 up (2), else two (3); the index of nums[] in style(). */
static int decimals_kind(double v)
{
	double a = fabs(v);

	return a >= 100 || a == floor(a) ? 1 : a >= 1 ? 2 : 3;
}

lxw_format *xlsx_number_format(const struct xlsx *x, double v)
{
	lxw_format *const f[] = { NULL, x->num, x->num1, x->num2 };

	return f[decimals_kind(v)];
}

void xlsx_write_value(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		      double v)
{
	worksheet_write_number(ws, row, col, v, xlsx_number_format(x, v));
}

void xlsx_write_date(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		     const char *iso)
{
	lxw_datetime dt = { 0 };
	char rest[16] = "";
	int n;

	if (!iso || !*iso)
		return;
	n = sscanf(iso, "%4d-%2d-%2dT%2d:%2d:%lf%15s", &dt.year, &dt.month, &dt.day, &dt.hour,
		   &dt.min, &dt.sec, rest);
	/* the wall clock as written, in UTC ("Z") or with no zone; else the text */
	if (n >= 6 && dt.month >= 1 && dt.month <= 12 && dt.day >= 1 && dt.day <= 31 &&
	    dt.hour < 24 && dt.min < 60 && dt.sec < 61 && (n == 6 || !strcmp(rest, "Z")))
		worksheet_write_datetime(ws, row, col, &dt, x->date);
	else
		xlsx_string(x, ws, row, col, iso, NULL);
}

/* where a workbook's text is: "FILE, sheet NAME", "FILE, a chart" */
static void check(struct xlsx *x, const char *sheet, const char *text)
{
	char *where;

	if (!x->check || !text)
		return;
	where = sheet ? xasprintf("%s, sheet %s", x->path, sheet) :
			xasprintf("%s, a chart", x->path);
	wcheck_text(x->check, where, text);
	free(where);
}

void xlsx_string(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		 const char *text, lxw_format *f)
{
	check(x, ws->name, text);
	worksheet_write_string(ws, row, col, text, f);
}

void xlsx_chart_title(struct xlsx *x, lxw_chart *ch, const char *text)
{
	check(x, NULL, text);
	chart_title_set_name(ch, text);
}

void xlsx_axis_title(struct xlsx *x, lxw_chart_axis *axis, const char *text)
{
	check(x, NULL, text);
	chart_axis_set_name(axis, text);
}

void xlsx_series_name(struct xlsx *x, lxw_chart_series *s, const char *text)
{
	check(x, NULL, text);
	chart_series_set_name(s, text);
}

/* The first max characters of s (whole UTF-8 sequences), as a new string. */
static char *utf8_head(const char *s, size_t max)
{
	size_t i = 0, n = 0;

	while (s[i] && n < max) {
		i++;
		while ((s[i] & 0xc0) == 0x80)
			i++;
		n++;
	}
	return xstrndup(s, i);
}

/* How many characters s has (UTF-8 sequences). */
static size_t utf8_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += (*s & 0xc0) != 0x80;
	return n;
}

static int taken(const struct xlsx *x, const char *name)
{
	for (size_t i = 0; i < x->nnames; i++)
		if (!strcasecmp(x->names[i], name))
			return 1;
	return 0;
}

/*
 * base with the characters Excel refuses in a sheet name written as look-alikes it
 * takes ("MB/s" as "MB∕s", "Δ: IOPS" as "Δ꞉ IOPS"), control characters as '_'.
 */
static char *sheet_text(const char *base)
{
	static const struct {
		char c;
		const char *as;
	} alike[] = {
		{ '/', "\xE2\x88\x95" }, { '\\', "\xE2\x88\x96" }, { ':', "\xEA\x9E\x89" },
		{ '*', "\xE2\x88\x97" }, { '?', "\xEF\xBC\x9F" }, { '[', "(" }, { ']', ")" },
	};
	struct sbuf sb;

	sbuf_init(&sb);
	for (const char *p = base && *base ? base : "Sheet"; *p; p++) {
		size_t i = 0;

		while (i < sizeof(alike) / sizeof(alike[0]) && alike[i].c != *p)
			i++;
		if (i < sizeof(alike) / sizeof(alike[0]))
			sbuf_adds(&sb, alike[i].as);
		else if ((unsigned char)*p < 0x20)
			sbuf_addc(&sb, '_');
		else
			sbuf_add(&sb, p, 1);
	}
	return sbuf_detach(&sb);
}

lxw_worksheet *xlsx_sheet(struct xlsx *x, const char *base)
{
	char *clean = sheet_text(base), *name = NULL;
	lxw_worksheet *ws;

	if (clean[0] == '\'')
		clean[0] = '_';
	for (int k = 1; !name || taken(x, name); k++) {
		char num[16], *suffix, *head;

		free(name);
		snprintf(num, sizeof(num), "%d", k);
		suffix = k == 1 ? xstrdup("") : msg_subst(x->nth ? x->nth : "{} ({})",
							  (const char *const[]){ "", num }, 2);
		head = utf8_head(clean, XLSX_SHEET_NAME_MAX - utf8_len(suffix));
		name = xasprintf("%s%s", head, suffix);
		free(suffix);
		free(head);
		/* A trailing apostrophe is refused too. */
		if (name[0] && name[strlen(name) - 1] == '\'')
			name[strlen(name) - 1] = '_';
	}
	free(clean);
	x->names = xrealloc(x->names, (x->nnames + 1) * sizeof(*x->names));
	x->names[x->nnames++] = name;
	check(x, name, name);
	ws = workbook_add_worksheet(x->wb, name);
	/* printed as a layout desk wants it: A4 landscape, every column on the page */
	worksheet_set_landscape(ws);
	worksheet_set_paper(ws, 9);
	worksheet_fit_to_pages(ws, 1, 0);
	return ws;
}

const char *xlsx_last_name(const struct xlsx *x)
{
	return x->nnames ? x->names[x->nnames - 1] : "";
}

/* text as a number: thousands separators (",", U+2009, U+202F) dropped, an optional
 * "%" last. Returns 1 with *v (a share for a percentage) and *is_pct set. */
static int parse_number(const char *text, double *v, int *is_pct)
{
	char buf[64], *end;
	size_t n = 0;

	for (const char *p = text; *p; p++) {
		if (*p == ',')
			continue;
		if (!strncmp(p, "\xe2\x80\x89", 3) || !strncmp(p, "\xe2\x80\xaf", 3)) {
			p += 2;
			continue;
		}
		if (n + 1 >= sizeof(buf))
			return 0;
		buf[n++] = *p;
	}
	buf[n] = 0;
	while (n && buf[n - 1] == ' ')
		buf[--n] = 0;
	*is_pct = n && buf[n - 1] == '%';
	if (*is_pct) {
		buf[--n] = 0;
		while (n && buf[n - 1] == ' ')
			buf[--n] = 0;
	}
	if (!n || buf[0] == ' ')
		return 0;
	errno = 0;
	*v = strtod(buf, &end);
	if (errno || *end || !isfinite(*v))
		return 0;
	if (*is_pct)
		*v /= 100.0;
	return 1;
}

void xlsx_write_cell(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		     const char *text)
{
	int pct;
	double v;

	if (!text || !*text)
		return;
	if (parse_number(text, &v, &pct))
		worksheet_write_number(ws, row, col, v,
				       pct ? x->pct : xlsx_number_format(x, v));
	else
		xlsx_string(x, ws, row, col, text, NULL);
}

/* Title and subtitle above a sheet's header row. */
static void heading(struct xlsx *x, lxw_worksheet *ws, const char *title, const char *sub)
{
	if (title && *title)
		xlsx_string(x, ws, 0, 0, title, x->bold);
	if (sub && *sub)
		xlsx_string(x, ws, 1, 0, sub, NULL);
}

/*
 * A table cell's look as a format, made once per workbook: its fill (a Δ's red or
 * green, a score's shade) or a tile's (table_set_tile(): a label white and bold on the
 * dark tile, a value large and bold on the light one, white borders for the gaps), and
 * the number format of its value (0 for text).
 */
struct xlsx_style {
	uint32_t fill;
	int tile;        /* 0, 1 a label's tile, 2 a value's */
	int num;         /* 0 text, 1 "#,##0", 2 "#,##0.0", 3 "#,##0.00", 4 "0.0%" */
	lxw_format *f;
};

static lxw_format *style(struct xlsx *x, uint32_t fill, int tile, int num)
{
	static const char *const nums[] = { NULL, "#,##0", "#,##0.0", "#,##0.00", "0.0%" };
	lxw_format *f;

	for (size_t i = 0; i < x->nstyles; i++)
		if (x->styles[i].fill == fill && x->styles[i].tile == tile && x->styles[i].num == num)
			return x->styles[i].f;
	f = workbook_add_format(x->wb);
	if (nums[num])
		format_set_num_format(f, nums[num]);
	if (tile) {
		format_set_bg_color(f, tile == 1 ? TABLE_TILE_LABEL : TABLE_TILE_VALUE);
		format_set_bold(f);
		format_set_border(f, LXW_BORDER_MEDIUM);
		format_set_border_color(f, 0xffffff);
		format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
		if (tile == 1)
			format_set_font_color(f, TABLE_TILE_LABEL_TEXT);
		else
			format_set_font_size(f, 16);
	} else if (fill != TABLE_NO_FILL) {
		format_set_bg_color(f, fill);
	}
	x->styles = xrealloc(x->styles, (x->nstyles + 1) * sizeof(*x->styles));
	x->styles[x->nstyles++] = (struct xlsx_style){ fill, tile, num, f };
	return f;
}

/* A table's cell: a number as a number, in the cell's look. */
static void table_cell(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		       const struct table_cell *tc, int tile)
{
	int pct;
	double v;

	if (!tile && tc->fill == TABLE_NO_FILL) {
		xlsx_write_cell(x, ws, row, col, tc->text);
		return;
	}
	if (!tc->text || !*tc->text || !parse_number(tc->text, &v, &pct)) {
		lxw_format *f = style(x, tc->fill, tile, 0);

		if (tc->text && *tc->text)
			xlsx_string(x, ws, row, col, tc->text, f);
		else
			worksheet_write_blank(ws, row, col, f);
		return;
	}
	worksheet_write_number(ws, row, col, v,
			       style(x, tc->fill, tile, pct ? 4 : decimals_kind(v)));
}

void xlsx_table_sheet(struct xlsx *x, const struct table *t, const char *name)
{
	lxw_worksheet *ws = xlsx_sheet(x, name ? name : t->title);
	int tiles = 0;

	heading(x, ws, t->title, t->subtitle);
	for (size_t c = 0; c < t->ncols; c++) {
		xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)c, t->head[c], x->head);
		worksheet_set_column(ws, (lxw_col_t)c, (lxw_col_t)c, c ? 14 : 36, NULL);
		tiles |= t->tile && t->tile[c];
	}
	for (size_t r = 0; r < t->nrows; r++) {
		if (tiles)   /* a tile's large value needs the row's height */
			worksheet_set_row(ws, (lxw_row_t)(HEAD_ROW + 1 + r), 30, NULL);
		for (size_t c = 0; c < t->ncols; c++)
			table_cell(x, ws, (lxw_row_t)(HEAD_ROW + 1 + r), (lxw_col_t)c,
				   &t->cells[r * t->ncols + c],
				   t->tile && t->tile[c] ? (c ? 2 : 1) : 0);
	}
	worksheet_freeze_panes(ws, HEAD_ROW + 1, 1);
	if (t->nrows)
		worksheet_autofilter(ws, HEAD_ROW, 0, (lxw_row_t)(HEAD_ROW + t->nrows),
				     (lxw_col_t)(t->ncols - 1));
	if (t->footer && *t->footer)
		xlsx_string(x, ws, (lxw_row_t)(HEAD_ROW + t->nrows + 2), 0, t->footer,
				       NULL);
}

/* The native chart of a sheet: title, axis titles, inserted right of its data. */
static lxw_chart *new_chart(struct xlsx *x, const struct chart *c, uint8_t type)
{
	lxw_chart *ch = workbook_add_chart(x->wb, type);

	if (c->title && *c->title)
		xlsx_chart_title(x, ch, c->title);
	if (c->x.title && *c->x.title)
		xlsx_axis_title(x, ch->x_axis, c->x.title);
	if (c->y.title && *c->y.title)
		xlsx_axis_title(x, ch->y_axis, c->y.title);
	chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
	return ch;
}

static void insert(lxw_worksheet *ws, lxw_chart *ch, lxw_col_t col)
{
	lxw_chart_options o = { .x_scale = 2.0, .y_scale = 1.6 };

	worksheet_insert_chart_opt(ws, HEAD_ROW, col + CHART_COL_GAP, ch, &o);
}

static uint8_t log_base(enum chart_scale s)
{
	return s == CHART_LOG10 ? 10 : s == CHART_LOG2 ? 2 : 0;
}

/* An error bar's minus length: err, or less where its low end stops (chart_err_low). */
static double err_down(double v, double err, int linear)
{
	double lo = chart_err_low(v, err, linear);

	return lo > v - err ? v - lo : err;
}

/* Lines, sweeps and scatters: an x and a y column per series, one chart series each
 * (a series on the second y axis is kept in the sheet, not charted). */
static int series_sheet(struct xlsx *x, const struct chart *c, const char *name)
{
	lxw_worksheet *ws;
	lxw_chart *ch;
	size_t ns = 0, maxn = 0, col = 0;
	uint8_t type = c->kind == CHART_SCATTER ? LXW_CHART_SCATTER
		       : c->kind == CHART_SWEEP ? LXW_CHART_SCATTER_STRAIGHT_WITH_MARKERS
						: LXW_CHART_SCATTER_STRAIGHT;

	for (size_t s = 0; s < c->nseries; s++)
		if (c->series[s].n) {
			ns++;
			maxn = c->series[s].n > maxn ? c->series[s].n : maxn;
		}
	if (!ns)
		return 0;
	ws = xlsx_sheet(x, name ? name : c->title);
	heading(x, ws, c->title, c->subtitle);
	ch = new_chart(x, c, type);
	if (log_base(c->x.scale))
		chart_axis_set_log_base(ch->x_axis, log_base(c->x.scale));
	if (log_base(c->y.scale))
		chart_axis_set_log_base(ch->y_axis, log_base(c->y.scale));
	for (size_t s = 0; s < c->nseries; s++) {
		const struct chart_series *se = &c->series[s];
		size_t step = se->n > XLSX_SERIES_MAX ? (se->n + XLSX_SERIES_MAX - 1) / XLSX_SERIES_MAX
						      : 1;
		size_t rows = 0;
		/* its whiskers (a sweep of passes): the half-widths in a third column; a
		 * series of single passes (every yerr 0) has none, as on the page */
		int err = 0;
		double *up, *down;

		for (size_t i = 0; se->yerr && !se->y2 && i < se->n && !err; i++)
			err = se->yerr[i] > 0;

		if (!se->n)
			continue;
		up = err ? xcalloc(se->n, sizeof(*up)) : NULL;
		down = err ? xcalloc(se->n, sizeof(*down)) : NULL;
		xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)col, c->x.title, x->head);
		xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)(col + 1), se->label, x->head);
		for (size_t i = 0; i < se->n && rows + HEAD_ROW + 1 < XLSX_MAX_ROWS; i += step) {
			if (isfinite(se->x[i]) && isfinite(se->y[i])) {
				lxw_row_t r = (lxw_row_t)(HEAD_ROW + 1 + rows);

				xlsx_write_value(x, ws, r, (lxw_col_t)col, se->x[i]);
				xlsx_write_value(x, ws, r, (lxw_col_t)(col + 1), se->y[i]);
				if (err && se->yerr[i] > 0) {
					up[rows] = se->yerr[i];
					down[rows] = err_down(se->y[i], se->yerr[i],
							      c->y.scale == CHART_LINEAR);
					xlsx_write_value(x, ws, r, (lxw_col_t)(col + 2), se->yerr[i]);
				}
				rows++;
			}
		}
		if (rows && !se->y2) {
			lxw_chart_series *cs = chart_add_series(ch, NULL, NULL);
			lxw_chart_line line = { .color = se->color, .width = se->emph ? 2.25f : 1.25f };
			lxw_chart_fill fill = { .color = se->color };

			chart_series_set_categories(cs, xlsx_last_name(x), HEAD_ROW + 1,
						    (lxw_col_t)col, (lxw_row_t)(HEAD_ROW + rows),
						    (lxw_col_t)col);
			chart_series_set_values(cs, xlsx_last_name(x), HEAD_ROW + 1,
						(lxw_col_t)(col + 1), (lxw_row_t)(HEAD_ROW + rows),
						(lxw_col_t)(col + 1));
			xlsx_series_name(x, cs, se->label);
			if (se->stroke == CHART_STROKE_DASHED)
				line.dash_type = LXW_CHART_LINE_DASH_DASH;
			else if (se->stroke == CHART_STROKE_DOTTED)
				line.dash_type = LXW_CHART_LINE_DASH_ROUND_DOT;
			if (c->kind == CHART_SCATTER && se->stroke == CHART_STROKE_AUTO) {
				chart_series_set_marker_type(cs, LXW_CHART_MARKER_CIRCLE);
				chart_series_set_marker_size(cs, 3);
				chart_series_set_marker_fill(cs, &fill);
				chart_series_set_marker_line(cs, &(lxw_chart_line){ .none = 1 });
			} else {
				if (c->kind == CHART_SCATTER)
					chart_series_set_marker_type(cs, LXW_CHART_MARKER_NONE);
				chart_series_set_line(cs, &line);
			}
			if (err) {
				char *h = xasprintf("± %s", se->label);

				xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)(col + 2), h, x->head);
				free(h);
				xlsx_error_bars(x, cs, 0, se->color, xlsx_last_name(x),
						HEAD_ROW + 1, (lxw_col_t)(col + 2), up, down, rows);
			}
		}
		if (step > 1)
			xlsx_string(x, ws, 2, (lxw_col_t)col, "every k-th second", NULL);
		col += err ? 3 : 2;
		free(up);
		free(down);
	}
	insert(ws, ch, (lxw_col_t)col);
	return 1;
}

/* Index of s in v[0..*n), appended when new. */
static size_t intern(const char **v, size_t *n, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(v[i], s))
			return i;
	v[*n] = s;
	return (*n)++;
}

/*
 * Member's bars' error bars (member NULL: every bar, a chart of one series): each
 * group's half-width into up[] and column col's cells, its minus end (the low end not
 * below 0) into down[], the column headed "± member". 1 when a bar has one.
 */
static int bar_errors(struct xlsx *x, lxw_worksheet *ws, const struct chart *c,
		      const char *member, const char **groups, size_t ng, lxw_col_t col,
		      double *up, double *down)
{
	int any = 0;

	for (size_t g = 0; g < ng; g++)
		up[g] = down[g] = 0;
	for (size_t b = 0; b < c->nbars; b++) {
		const struct chart_bar *bar = &c->bars[b];
		const char *group = member && bar->group ? bar->group : bar->label;
		size_t g = 0;

		if ((member && strcmp(bar->label, member)) || !(bar->err > 0) ||
		    !isfinite(bar->value))
			continue;
		while (g < ng && strcmp(groups[g], group))
			g++;
		if (g == ng)
			continue;
		up[g] = bar->err;
		down[g] = err_down(bar->value, bar->err, 1);
		xlsx_write_value(x, ws, (lxw_row_t)(HEAD_ROW + 1 + g), col, bar->err);
		any = 1;
	}
	if (any) {
		char *h = xasprintf("± %s", member ? member : c->x.title ? c->x.title : "");

		xlsx_string(x, ws, HEAD_ROW, col, h, x->head);
		free(h);
	}
	return any;
}

/* Bars: a row per bar (label, value, note). Grouped bars: a row per group (test),
 * a column per member (drive), a chart series per member. */
static int bar_sheet(struct xlsx *x, const struct chart *c, const char *name)
{
	int grouped = c->kind == CHART_BARG;
	const char **groups, **members;
	size_t ng = 0, nmem = 0;
	double *up, *down;
	lxw_col_t ecol;
	lxw_worksheet *ws;
	lxw_chart *ch;

	if (!c->nbars)
		return 0;
	groups = xcalloc(c->nbars, sizeof(*groups));
	members = xcalloc(c->nbars, sizeof(*members));
	up = xcalloc(c->nbars, sizeof(*up));
	down = xcalloc(c->nbars, sizeof(*down));
	ws = xlsx_sheet(x, name ? name : c->title);
	heading(x, ws, c->title, c->subtitle);
	ch = new_chart(x, c, LXW_CHART_BAR);
	/* Excel draws categories bottom up; the PDF top down. */
	chart_axis_set_reverse(ch->y_axis);
	for (size_t b = 0; b < c->nbars; b++) {
		const struct chart_bar *bar = &c->bars[b];
		size_t g = intern(groups, &ng, grouped && bar->group ? bar->group : bar->label);
		size_t m = grouped ? intern(members, &nmem, bar->label) : 0;

		if (!grouped && b == 0)
			nmem = 1;
		xlsx_string(x, ws, (lxw_row_t)(HEAD_ROW + 1 + g), 0, groups[g], NULL);
		if (!grouped && bar->note && *bar->note)
			xlsx_string(x, ws, (lxw_row_t)(HEAD_ROW + 1 + g), 2, bar->note, NULL);
		if (isfinite(bar->value))
			worksheet_write_number(ws, (lxw_row_t)(HEAD_ROW + 1 + g), (lxw_col_t)(1 + m),
					       bar->value, xlsx_number_format(x, bar->value));
		if (grouped)
			xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)(1 + m), bar->label, x->head);
	}
	if (!grouped)
		xlsx_string(x, ws, HEAD_ROW, 1, c->x.title, x->head);
	worksheet_set_column(ws, 0, 0, 36, NULL);
	/* the bars' 95 % half-widths after the values (a non-grouped chart's after its
	 * notes), a column per member that has them: "± NAME" */
	ecol = grouped ? 1 + nmem : 3;
	for (size_t m = 0; m < nmem; m++) {
		lxw_chart_series *cs = chart_add_series(ch, NULL, NULL);
		uint32_t color = grouped ? 0 : c->bars[0].color;
		int emph = 0;

		for (size_t b = 0; grouped && b < c->nbars; b++)
			if (!strcmp(c->bars[b].label, members[m])) {
				color = c->bars[b].color;
				emph = c->bars[b].emph;
				break;
			}
		/* the reviewed drive: a chart has no band behind a series, so its bars
		 * are outlined in the text's colour, its column head on the band */
		if (emph) {
			chart_series_set_line(cs, &(lxw_chart_line){ .color = CHART_COLOR_TEXT,
								    .width = 1.5f });
			xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)(1 + m), members[m], x->head_emph);
		}
		chart_series_set_categories(cs, xlsx_last_name(x), HEAD_ROW + 1, 0,
					    (lxw_row_t)(HEAD_ROW + ng), 0);
		chart_series_set_values(cs, xlsx_last_name(x), HEAD_ROW + 1, (lxw_col_t)(1 + m),
					(lxw_row_t)(HEAD_ROW + ng), (lxw_col_t)(1 + m));
		xlsx_series_name(x, cs, grouped ? members[m] : c->x.title);
		chart_series_set_fill(cs, &(lxw_chart_fill){ .color = color });
		if (bar_errors(x, ws, c, grouped ? members[m] : NULL, groups, ng, ecol, up, down)) {
			xlsx_error_bars(x, cs, 1, CHART_COLOR_TEXT, xlsx_last_name(x), HEAD_ROW + 1,
					ecol, up, down, ng);
			ecol++;
		}
	}
	if (!grouped)
		chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
	worksheet_freeze_panes(ws, HEAD_ROW + 1, 1);
	/* right of the last column written: ecol - 1 (a single series' notes: 2) */
	insert(ws, ch, (lxw_col_t)(grouped || ecol > 3 ? ecol + 1 : 3));
	free(groups);
	free(members);
	free(up);
	free(down);
	return 1;
}

/* SNIA's 3D columns: a row per category, a column per series, clustered columns. */
static int bar3d_sheet(struct xlsx *x, const struct chart *c, const char *name)
{
	lxw_worksheet *ws;
	lxw_chart *ch;

	if (!c->ncats || !c->nseries)
		return 0;
	ws = xlsx_sheet(x, name ? name : c->title);
	heading(x, ws, c->title, c->subtitle);
	ch = new_chart(x, c, LXW_CHART_COLUMN);
	xlsx_string(x, ws, HEAD_ROW, 0, c->x.title, x->head);
	for (size_t k = 0; k < c->ncats; k++)
		xlsx_write_cell(x, ws, (lxw_row_t)(HEAD_ROW + 1 + k), 0, c->cats[k]);
	for (size_t s = 0; s < c->nseries; s++) {
		const struct chart_series *se = &c->series[s];
		lxw_chart_series *cs = chart_add_series(ch, NULL, NULL);

		xlsx_string(x, ws, HEAD_ROW, (lxw_col_t)(1 + s), se->label, x->head);
		for (size_t i = 0; i < se->n; i++)
			if (se->x[i] >= 0 && se->x[i] < (double)c->ncats && isfinite(se->y[i]))
				worksheet_write_number(ws, (lxw_row_t)(HEAD_ROW + 1 + (size_t)se->x[i]),
						       (lxw_col_t)(1 + s), se->y[i],
						       xlsx_number_format(x, se->y[i]));
		chart_series_set_categories(cs, xlsx_last_name(x), HEAD_ROW + 1, 0,
					    (lxw_row_t)(HEAD_ROW + c->ncats), 0);
		chart_series_set_values(cs, xlsx_last_name(x), HEAD_ROW + 1, (lxw_col_t)(1 + s),
					(lxw_row_t)(HEAD_ROW + c->ncats), (lxw_col_t)(1 + s));
		xlsx_series_name(x, cs, se->label);
		chart_series_set_fill(cs, &(lxw_chart_fill){ .color = se->color });
	}
	insert(ws, ch, (lxw_col_t)(c->nseries + 2));
	return 1;
}

int xlsx_chart_sheet(struct xlsx *x, const struct chart *c, const char *name)
{
	switch (c->kind) {
	case CHART_LINE:
	case CHART_SCATTER:
	case CHART_SWEEP:
		return series_sheet(x, c, name);
	case CHART_BARH:
	case CHART_BARG:
		return bar_sheet(x, c, name);
	case CHART_BAR3D:
		return bar3d_sheet(x, c, name);
	}
	return 0;
}
