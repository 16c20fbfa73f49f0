/* SPDX-License-Identifier: MIT */
/*
 * xlsx_err: native per-point ("custom") error bars, which libxlsxwriter 1.1 cannot
 * write. A series gets a fixed error bar whose value is a marker (XLSX_ERR_MARK +
 * its index); when the workbook is written, xlsx_err_apply() copies the file entry
 * by entry and, in the charts' XML, replaces each marker's
 *   <c:errValType val="fixedVal"/><c:val val="MARK"/>
 * with the custom bar the OOXML schema puts in the same place (CT_ErrBars: errDir,
 * errBarType, errValType, noEndCap, plus, minus, val, spPr):
 *   <c:errValType val="cust"/><c:plus><c:numRef>the sheet's half-widths</c:numRef>
 *   </c:plus><c:minus><c:numLit>the low ends, not below 0</c:numLit></c:minus>
 * The other entries are copied compressed as they are (minizip's raw mode).
 */
#define _GNU_SOURCE   /* memmem */
#include "xlsx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unzip.h>
#include <zip.h>

#include "err.h"
#include "html.h"
#include "sbuf.h"
#include "xalloc.h"

#define XLSX_ERR_MARK 9876543210.0   /* well above any value a chart shows */
#define XLSX_ENTRY_MAX (64u << 20)   /* a chart's XML: far below */
#define ERR_FIXED "<c:errValType val=\"fixedVal\"/>"

/* One series' custom error bars: the XML of its plus and minus ranges. */
struct xlsx_errbar {
	char *mark;      /* <c:errValType val="fixedVal"/><c:val val="MARK"/> */
	char *custom;    /* what replaces it */
	int done;
};

/* Point values as a numCache or numLit body: the points that have one (> 0). */
static void points(struct sbuf *sb, const double *v, size_t n)
{
	sbuf_addf(sb, "<c:formatCode>General</c:formatCode><c:ptCount val=\"%zu\"/>", n);
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0)
			sbuf_addf(sb, "<c:pt idx=\"%zu\"><c:v>%.17g</c:v></c:pt>", i, v[i]);
}

void xlsx_error_bars(struct xlsx *x, lxw_chart_series *cs, int horizontal, uint32_t color,
		     const char *sheet, lxw_row_t r0, lxw_col_t col, const double *up,
		     const double *down, size_t n)
{
	lxw_series_error_bars *eb = horizontal ? cs->x_error_bars : cs->y_error_bars;
	double mark = XLSX_ERR_MARK + (double)x->nerrs;
	struct xlsx_errbar *e;
	struct sbuf sb;
	char range[64];
	char *quoted = lxw_quote_sheetname(sheet);

	if (!n)
		return;
	chart_series_set_error_bars(eb, LXW_CHART_ERROR_BAR_TYPE_FIXED, mark);
	chart_series_set_error_bars_line(eb, &(lxw_chart_line){ .color = color, .width = 1.0f });
	x->errs = xrealloc(x->errs, (x->nerrs + 1) * sizeof(*x->errs));
	e = &x->errs[x->nerrs++];
	e->mark = xasprintf(ERR_FIXED "<c:val val=\"%.16G\"/>", mark);
	e->done = 0;
	/* the sheet's name quoted as a formula wants it ('It''s'!$B$5:$B$9), as
	 * libxlsxwriter quotes it in the series' own ranges */
	sbuf_init(&sb);
	sbuf_adds(&sb, "<c:errValType val=\"cust\"/><c:plus><c:numRef><c:f>");
	html_escape(&sb, quoted);
	free(quoted);
	lxw_rowcol_to_range_abs(range, r0, col, (lxw_row_t)(r0 + n - 1), col);
	sbuf_addf(&sb, "!%s</c:f><c:numCache>", range);
	points(&sb, up, n);
	sbuf_adds(&sb, "</c:numCache></c:numRef></c:plus><c:minus><c:numLit>");
	points(&sb, down, n);
	sbuf_adds(&sb, "</c:numLit></c:minus>");
	e->custom = sbuf_detach(&sb);
}

void xlsx_err_release(struct xlsx *x)
{
	for (size_t i = 0; i < x->nerrs; i++) {
		free(x->errs[i].mark);
		free(x->errs[i].custom);
	}
	free(x->errs);
	x->errs = NULL;
	x->nerrs = 0;
}

/* The chart XML xml[0..*len) with every marker it holds replaced; a new buffer. */
static char *patch(struct xlsx *x, const char *xml, size_t *len)
{
	struct sbuf sb;
	const char *p = xml, *end = xml + *len;

	sbuf_init(&sb);
	while (p < end) {
		const char *hit = NULL;
		size_t k = 0;

		/* the next marker: each begins with ERR_FIXED */
		for (const char *s = p; !hit && (s = memmem(s, (size_t)(end - s), ERR_FIXED,
							    strlen(ERR_FIXED))); s++)
			for (size_t i = 0; i < x->nerrs; i++) {
				size_t ml = strlen(x->errs[i].mark);

				if ((size_t)(end - s) >= ml && !memcmp(s, x->errs[i].mark, ml)) {
					hit = s;
					k = i;
					break;
				}
			}
		if (!hit) {
			sbuf_add(&sb, p, (size_t)(end - p));
			break;
		}
		sbuf_add(&sb, p, (size_t)(hit - p));
		sbuf_adds(&sb, x->errs[k].custom);
		x->errs[k].done++;
		p = hit + strlen(x->errs[k].mark);
	}
	*len = sb.len;
	return sbuf_detach(&sb);
}

/* Reads the current entry of uf: raw (compressed) or not; *n its length. */
static char *entry(unzFile uf, int raw, uLong size, int *method, int *level, size_t *n)
{
	char *buf = xmalloc(size + 1);
	int got = 0;

	*n = 0;
	if (unzOpenCurrentFile2(uf, method, level, raw) != UNZ_OK) {
		free(buf);
		return NULL;
	}
	while (*n < size && (got = unzReadCurrentFile(uf, buf + *n, (unsigned)(size - *n))) > 0)
		*n += (size_t)got;
	/* not raw: unzCloseCurrentFile checks the CRC */
	if (unzCloseCurrentFile(uf) != UNZ_OK || got < 0 || *n != size) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Copies the current entry of uf into zf, a chart's XML patched. 0 or -1. */
static int copy_entry(struct xlsx *x, unzFile uf, zipFile zf)
{
	unz_file_info fi;
	zip_fileinfo zi;
	char name[256];
	int method, level, raw, rc = -1;
	size_t n;
	char *buf;

	if (unzGetCurrentFileInfo(uf, &fi, name, sizeof(name), NULL, 0, NULL, 0) != UNZ_OK ||
	    fi.uncompressed_size > XLSX_ENTRY_MAX || fi.compressed_size > XLSX_ENTRY_MAX)
		return -1;
	memset(&zi, 0, sizeof(zi));
	zi.dosDate = fi.dosDate;   /* libxlsxwriter's fixed date: the file stays reproducible */
	zi.internal_fa = fi.internal_fa;
	zi.external_fa = fi.external_fa;
	raw = strncmp(name, "xl/charts/chart", 15) != 0;
	buf = entry(uf, raw, raw ? fi.compressed_size : fi.uncompressed_size, &method, &level,
		    &n);
	if (!buf)
		return -1;
	if (!raw) {
		char *p = patch(x, buf, &n);

		free(buf);
		buf = p;
	}
	if (zipOpenNewFileInZip2(zf, name, &zi, NULL, 0, NULL, 0, NULL, method,
				 raw ? level : Z_DEFAULT_COMPRESSION, raw) == ZIP_OK &&
	    zipWriteInFileInZip(zf, buf, (unsigned)n) == ZIP_OK &&
	    (raw ? zipCloseFileInZipRaw(zf, fi.uncompressed_size, fi.crc)
		 : zipCloseFileInZip(zf)) == ZIP_OK)
		rc = 0;
	free(buf);
	return rc;
}

int xlsx_err_apply(struct xlsx *x, const char *path, struct diag *d)
{
	char *tmp = xasprintf("%s.errbars", path);
	unzFile uf = unzOpen(path);
	zipFile zf = uf ? zipOpen(tmp, APPEND_STATUS_CREATE) : NULL;
	int rc = uf && zf ? unzGoToFirstFile(uf) : UNZ_BADZIPFILE;

	while (rc == UNZ_OK) {
		if (copy_entry(x, uf, zf)) {
			rc = UNZ_BADZIPFILE;
			break;
		}
		rc = unzGoToNextFile(uf);
	}
	if (zf && zipClose(zf, NULL) != ZIP_OK)
		rc = UNZ_BADZIPFILE;
	if (uf)
		unzClose(uf);
	for (size_t i = 0; rc == UNZ_END_OF_LIST_OF_FILE && i < x->nerrs; i++)
		if (x->errs[i].done != 1)
			rc = UNZ_INTERNALERROR;
	if (rc == UNZ_END_OF_LIST_OF_FILE && !rename(tmp, path))
		rc = 0;
	else
		remove(tmp);
	free(tmp);
	if (rc)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot add the error bars to the "
				"workbook's charts (%s)", rc == UNZ_INTERNALERROR
				? "a chart's error bar was not found once" : "the file would not read back");
	return 0;
}
