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
	if (p->head)
		rc = p->head(p->arg, &x, d);
	for (size_t i = 0; !rc && i < doc->n; i++) {
		if (doc->items[i].c)
			xlsx_chart_sheet(&x, doc->items[i].c, doc->items[i].name);
		else if (doc->items[i].t)
			xlsx_table_sheet(&x, doc->items[i].t, doc->items[i].name);
	}
	if (rc) {
		xlsx_discard(&x);
		return rc;
	}
	return xlsx_close(&x, d);
}
