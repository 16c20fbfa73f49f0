/* SPDX-License-Identifier: MIT */
/* consistency_table: the rows of the consistency table and their numbers' text. */
#include "consistency_table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sbuf.h"
#include "xalloc.h"

void cons_format(const struct consistency *c, enum cons_col col, char *buf, size_t n)
{
	double v;
	int digits = -1;   /* -1: IOPS, grouped */

	switch (col) {
	case CONS_AVG: v = c->avg; break;
	case CONS_P999: v = c->p999_slowest; break;
	case CONS_SCORE: v = c->drivemaster; digits = CONS_SCORE_DIGITS; break;
	case CONS_AVG_SD: v = c->avg_over_sd; digits = CONS_AVG_SD_DIGITS; break;
	case CONS_SD: v = c->stddev; break;
	case CONS_SD_LAST: v = c->stddev_last; break;
	default: v = NAN; break;
	}
	if (!c->n || !isfinite(v))
		snprintf(buf, n, "–");
	else if (digits >= 0)
		chart_format_fixed(v, digits, buf, n);
	else
		chart_format_grouped(v, fabs(v) < 100 ? 1 : 0, buf, n);
}

struct table *cons_table_new(const char *title, const char *subtitle,
			     const char *const head[CONS_NCOLS])
{
	struct table *t = table_new(title, subtitle, CONS_NCOLS, head);

	table_set_keep(t, 1);   /* the test in each part of a narrow canvas */
	return t;
}

int cons_table_add(struct table *t, const char *label, const struct consistency *c)
{
	char cell[CONS_NCOLS][48] = { "" };
	const char *row[CONS_NCOLS];
	int marked = consistency_p999_is_min(c);
	char *name = marked ? xasprintf("%s *", label) : NULL;

	row[CONS_NAME] = name ? name : label;
	for (int k = CONS_AVG; k < CONS_NCOLS; k++) {
		cons_format(c, (enum cons_col)k, cell[k], sizeof(cell[k]));
		row[k] = cell[k];
	}
	table_add_row(t, row, NULL);
	free(name);
	return marked;
}

void cons_table_note(struct table *t, int marked, const char *note)
{
	char *sub;

	if (!marked || !note || !*note)
		return;
	sub = t->subtitle && *t->subtitle ? xasprintf("%s  /  %s", t->subtitle, note)
					  : xstrdup(note);
	free(t->subtitle);
	t->subtitle = sub;
}
