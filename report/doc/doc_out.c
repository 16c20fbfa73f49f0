/* SPDX-License-Identifier: MIT */
/* doc_out: a one-file document (plot, trace plot) in every format its options ask for. */
#include "doc.h"

#include <stdlib.h>

#include "datadir.h"
#include "err.h"
#include "html.h"
#include "lang.h"
#include "msg.h"

int doc_write_out(struct doc *doc, const struct doc_out *o, const struct html_words *w,
		  struct diag *d)
{
	char *conf = datadir_path("templates/fonts.conf");
	struct gfx_fonts *fonts = NULL;
	int rc;

	doc->lang = msg_or(o->lang, lang_default());
	doc->preset = o->preset ? chart_preset_find(o->preset)
				: chart_preset(CHART_PRESET_ARCHIVE);
	doc->png_width = o->png_width;
	doc->svg_outlines = o->svg_outlines;
	doc->date = o->date[0] ? o->date : NULL;
	rc = doc->preset ? gfx_fonts_new(&fonts, conf, o->lang, d)
			 : diag_set(d, -SB_EINVAL, NULL, 0, 0, "unknown preset '%s' (%s)",
				    o->preset, CHART_PRESET_NAMES);
	if (!rc) {
		doc_set_fonts(doc, fonts);
		rc = doc_write_file(doc, o->path, d);
	}
	if (!rc && o->xlsx_path)
		rc = doc_write_xlsx(doc, o->xlsx_path,
				    &(struct doc_xlsx){ doc->title, 86400, NULL, NULL }, d);
	if (!rc && o->html_dir)
		rc = doc_write_html(doc, o->html_dir,
				    &(struct doc_html){ doc->title, w, NULL, NULL }, d);
	doc->fonts = NULL;   /* freed below */
	gfx_fonts_free(fonts);
	free(conf);
	return rc;
}
