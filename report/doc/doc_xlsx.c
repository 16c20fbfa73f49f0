/* SPDX-License-Identifier: MIT */
/*
 * doc_xlsx: a document as an Excel workbook (xlsx.c): the kind's own sheets
 * first, then every chart (its data and a native chart) and table as a sheet of
 * its own, in the document's order.
 */
#include "doc.h"
#include "xlsx.h"

int doc_write_xlsx(struct doc *doc, const char *path, const struct doc_xlsx *p,
		   struct diag *d)
{
	struct xlsx x;
	int rc = xlsx_open(&x, path, p->title, p->created, d);

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
