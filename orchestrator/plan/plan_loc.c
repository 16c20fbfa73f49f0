/* SPDX-License-Identifier: MIT */
/*
 * plan_loc: reports the loader's errors at the exact line and column of an element or
 * attribute, through each file's source map (common/xmlfile.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "err.h"
#include "plan_int.h"

/* ------------------------------------------------------------------------- */
/* Errors at locations                                                       */

/* Reports an error at byte off of doc (at line when off is unknown), shifted by
 * extra characters to the right. */
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
{
	char msg[1024];
	int col = 0;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (off != (size_t)-1) {
		xmlfile_src_linecol(&doc->src, off, &line, &col);
		col += extra;
	}
	return diag_set(ld->d, -SB_EPARSE, doc->file, line, col, "%s", msg);
}

int plan__err_at(struct plan__loader *ld, const struct plan__origin *o,
		 const char *attr, int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, o->doc, xmlfile_src_at(&o->doc->src, o->node, attr, want_value),
		  (int)xmlGetLineNo(o->node), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error at node n of the current file (at attr when not NULL). */
int plan__err_node(struct plan__loader *ld, const xmlNode *n, const char *attr,
		    int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, xmlfile_src_at(&ld->doc->src, n, attr, want_value),
		  (int)xmlGetLineNo(n), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error inside attr's value, extra characters after its first one. */
int plan__err_in_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
			int extra, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, xmlfile_src_at(&ld->doc->src, n, attr, 1), (int)xmlGetLineNo(n),
		  extra, fmt, ap);
	va_end(ap);
	return rc;
}
