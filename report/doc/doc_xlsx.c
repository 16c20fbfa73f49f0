/* SPDX-License-Identifier: MIT */
/*
 * doc_xlsx: a document as an Excel workbook (xlsx.c): the kind's own sheets
 * first, then every chart (its data and a native chart) and table as a sheet of
 * its own, in the document's order.
 */
#define _GNU_SOURCE /* timegm */
#include "doc.h"

#include <string.h>
#include <time.h>

#include "xlsx.h"

/* The workbook's date: the document's (ISO 8601), else 1970-01-02 (Excel wants one after 1970-01-01). */
static time_t created(const struct doc *doc)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	if (doc->date && (strptime(doc->date, "%Y-%m-%dT%H:%M:%S", &tm) ||
			  strptime(doc->date, "%Y-%m-%d", &tm)))
		return timegm(&tm);
	return 86400;
}

int doc_write_xlsx(struct doc *doc, const char *path, const struct doc_kind *k,
		   struct diag *d)
{
	const struct doc_xlsx *p = &k->xlsx;
	struct xlsx x;
	int rc = xlsx_open(&x, path, doc->title ? doc->title : "", created(doc), d);

	if (rc)
		return rc;
	x.check = doc->check;
	x.nth = doc_word(doc, W_NTH);
	if (p->head)
		rc = p->head(p->arg, &x, d);
	/* a sheet is named by its item's title, as the reader knows it (the file
	 * stem, "step-001-iops", is the files'); a repeated one gets " (2)" */
	for (size_t i = 0; !rc && i < doc->n; i++) {
		const struct doc_item *it = &doc->items[i];
		const char *title = it->c ? it->c->title : it->t ? it->t->title : NULL;
		const char *name = title && *title ? title : it->name;

		if (it->c)
			xlsx_chart_sheet(&x, it->c, name);
		else if (it->t)
			xlsx_table_sheet(&x, it->t, name);
	}
	if (rc) {
		xlsx_discard(&x);
		return rc;
	}
	return xlsx_close(&x, d);
}
