/* SPDX-License-Identifier: MIT */
/*
 * xlsx: the Excel workbook of a report or a lineup, through libxlsxwriter.
 * What a sheet holds comes from the same models the PDF draws: a chart model
 * (struct chart) becomes a sheet of its series or bars with a native Excel chart
 * over them, titled as the PDF's; a table model (struct table) a sheet of its cells,
 * numbers as numbers. The callers (xlsx_report.c, xlsx_lineup.c) add the sheets only
 * a workbook has: the summary, results.csv typed, per-second series, Δ tables with
 * colour scales. Deterministic: the workbook's dates are the caller's.
 */
#ifndef SB_XLSX_H
#define SB_XLSX_H

#include <stddef.h>
#include <time.h>

#include <xlsxwriter.h>

#include "chart.h"
#include "diag.h"
#include "table.h"

/* Excel's limits that the writers keep to. */
#define XLSX_MAX_ROWS 1048576
#define XLSX_SHEET_NAME_MAX 31
/* A series longer than this is written every k-th point, so the chart opens fast;
 * the sheet's heading says so. */
#define XLSX_SERIES_MAX 100000

/* A workbook being written, with the formats every sheet shares. */
struct xlsx {
	lxw_workbook *wb;
	lxw_format *bold, *head, *num, *num1, *num2, *pct, *wrap, *date;
	lxw_format *head_emph;   /* the reviewed drive's column head: on the pale band */
	char **names;         /* sheet names given so far (unique, <= 31 chars) */
	size_t nnames;
	const char *path;
	char *title, *author;  /* the document properties' copies */
	struct wcheck *check;  /* the wording check every text goes through, or NULL */
	const char *nth;       /* a sheet name taken before, numbered: "{} ({})"; NULL: that */
	struct xlsx_style *styles;   /* the table cells' shaded and tile formats, made once */
	size_t nstyles;
	struct xlsx_errbar *errs;    /* the custom error bars xlsx_close() writes */
	size_t nerrs;
};

/* Opens path for writing; created: the workbook's date (the run's start). */
int xlsx_open(struct xlsx *x, const char *path, const char *title, time_t created,
	      struct diag *d);
/* Writes and closes the file; returns 0 or -SB_EIO naming it. */
int xlsx_close(struct xlsx *x, struct diag *d);
/* Drops a workbook that failed half-way, removing its file. */
void xlsx_discard(struct xlsx *x);

/* A new sheet named base (shortened to 31 characters at a UTF-8 boundary, the
 * characters Excel refuses written as look-alikes, a number added when taken), set
 * to print on A4 landscape, fitted to the page's width. */
lxw_worksheet *xlsx_sheet(struct xlsx *x, const char *base);
/* The name the last xlsx_sheet() gave. */
const char *xlsx_last_name(const struct xlsx *x);

/*
 * How a value is shown: as magazines print it, no decimals from 100 up (IOPS, MB/s
 * of fast drives, whole numbers), one from 1, two under 1; the cell keeps all.
 */
lxw_format *xlsx_number_format(const struct xlsx *x, double v);
/* Writes v with xlsx_number_format(). */
void xlsx_write_value(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		      double v);
/* Writes an ISO 8601 time ("2026-12-06T10:11:12Z", UTC or without a zone) as an Excel
 * date and time, its wall clock as written; other text as text. */
void xlsx_write_date(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		     const char *iso);

/*
 * The workbook's texts, each through the wording check (x->check): a string cell,
 * a native chart's title, an axis title and a series name.
 */
void xlsx_string(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		 const char *text, lxw_format *f);
void xlsx_chart_title(struct xlsx *x, lxw_chart *ch, const char *text);
void xlsx_axis_title(struct xlsx *x, lxw_chart_axis *axis, const char *text);
void xlsx_series_name(struct xlsx *x, lxw_chart_series *s, const char *text);

/* Writes text as a number when all of it is one ("12,345", "1.5", "-3 %" reads
 * 12345, 1.5, -0.03 with the percent format), else as a string. */
void xlsx_write_cell(struct xlsx *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t col,
		     const char *text);

/* A sheet of table t: title, subtitle, header row (frozen, filtered), cells. */
void xlsx_table_sheet(struct xlsx *x, const struct table *t, const char *name);

/* A sheet of chart c's data with a native chart over it (line and scatter charts as
 * Excel scatter charts, bars as bar charts, grouped bars a series per member, 3D
 * columns as clustered columns). Returns 1 when written, 0 when c has no data. */
int xlsx_chart_sheet(struct xlsx *x, const struct chart *c, const char *name);

/*
 * Native per-point error bars on chart series cs (xlsx_err.c), which libxlsxwriter
 * 1.1 cannot write: horizontal on a bar chart, else vertical, drawn in color; up:
 * the half-widths, also in the sheet's cells rows r0.. of column col, which the bars'
 * plus end refers to; down: the minus ends (a low end not below 0), as literal
 * values. A point whose up is not > 0 has none. xlsx_close() writes them into the
 * chart's XML.
 */
void xlsx_error_bars(struct xlsx *x, lxw_chart_series *cs, int horizontal, uint32_t color,
		     const char *sheet, lxw_row_t r0, lxw_col_t col, const double *up,
		     const double *down, size_t n);
/* After workbook_close(): rewrites the file at path with the custom error bars in
 * its charts; 0 or -SB_EIO naming it. */
int xlsx_err_apply(struct xlsx *x, const char *path, struct diag *d);
void xlsx_err_release(struct xlsx *x);

#endif
