/* SPDX-License-Identifier: MIT */
/*
 * table: the cairo-free model of a summary or delta table (cells, column widths,
 * row boxes) and the direction-aware colour of a change against a baseline.
 */
#ifndef SB_TABLE_H
#define SB_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "chart.h"

#define TABLE_NO_FILL 0xffffffffu

/* Which way is better for a metric: IOPS and MB/s up, latency down. */
enum table_better { TABLE_HIGHER_BETTER, TABLE_LOWER_BETTER };

struct table_cell {
	char *text;
	uint32_t fill;       /* 0xRRGGBB, or TABLE_NO_FILL */
};

/* Fields are read-only outside table.c. */
struct table {
	char *title, *subtitle, *footer;
	size_t ncols, nrows;
	char **head;               /* ncols column titles */
	struct table_cell *cells;  /* nrows * ncols, row-major */
	size_t cap;
	/* Filled by table_layout(), in points, origin top left. */
	double width, height;
	double *col_x, *col_w;     /* ncols; column 0 left-aligned, the rest right */
	double title_y, subtitle_y, head_y, body_y, row_h, footer_y;
	size_t *head_cut;          /* where a header's second line starts (a space before
				    * it is the first line's end); 0: one line */
	int cut;                   /* laid out with a column narrower than its widest
				    * text: its cells are cut short (pagesplit_columns()) */
	size_t keep;               /* the leading columns every part of the table split
				    * by columns repeats (0: never split by columns) */
	double head_h;             /* a header line's height */
	unsigned char *tile;       /* ncols: a column drawn as CrystalDiskMark's tiles
				    * (table_set_tile()): its cells on a tile each,
				    * column 0's labels bold on dark tiles, the others'
				    * values large on light ones */
};

/* The tiles' colours: a label's tile and its text, a value's tile. */
#define TABLE_TILE_LABEL 0x37474fu
#define TABLE_TILE_LABEL_TEXT 0xffffffu
#define TABLE_TILE_VALUE 0xeef2f5u
/* The white gap around a tile, points. */
#define TABLE_TILE_GAP 2.0

/* Returns a new table of ncols columns; strings are copied. */
struct table *table_new(const char *title, const char *subtitle, size_t ncols,
			const char *const *head);
void table_free(struct table *t);
void table_set_footer(struct table *t, const char *footer);
/* Replaces the title, the subtitle; copied. */
void table_set_title(struct table *t, const char *title);
void table_set_subtitle(struct table *t, const char *subtitle);
/* Draws column col as tiles (struct table's tile). */
void table_set_tile(struct table *t, size_t col);
/* The font of column col's cells: the body's, or a tile's (bold; large for values). */
enum chart_font table_cell_font(const struct table *t, size_t col);
/* The leading columns each part of t keeps when it is split by columns. */
void table_set_keep(struct table *t, size_t keep);
/* Appends a row of ncols texts; fills may be NULL (no shading). */
void table_add_row(struct table *t, const char *const *texts, const uint32_t *fills);

/*
 * Column widths from the widest text (header or cell) plus padding; when that is
 * too wide, headers with a space are set in two lines (head_cut). The first
 * column takes what is left of width, up to its own widest text; what remains is
 * shared by all columns alike (a table of short labels does not push its values to
 * the far edge). Returns 0, or -SB_EINVAL when the columns do not fit in width.
 */
int table_layout(struct table *t, double width, const struct chart_measure *m);

/* The change of v against base in percent; NAN when base is 0 or not finite. */
double table_delta_pct(double base, double v);

/*
 * The cell colour for a change of pct percent: white within +-1 %, then towards
 * Okabe-Ito bluish green when better and vermillion when worse (a latency that
 * rose is worse), full at +-full_scale percent. Text stays dark on every shade.
 */
uint32_t table_delta_color(double pct, enum table_better better, double full_scale);

#endif
