/* SPDX-License-Identifier: MIT */
/*
 * report_out: where a run's reports go, one per language: the archive's own report
 * (doc_out_own(): drawn whole, then swapped in), or a report named elsewhere (-o,
 * --svg, --png), which writes there only.
 */
#include "report_out.h"

#include <stdio.h>

#include "archive_files.h"
#include "err.h"
#include "i18n.h"
#include "lang.h"

int report_langs_of(const struct result_run *run, const char **out, struct diag *d)
{
	size_t n = 0;
	int rc;

	if (!run->report_langs || !*run->report_langs) {
		out[0] = lang_default();
		return 1;
	}
	rc = i18n_lang_split(run->report_langs, out, I18N_MAX_LANGS, &n, d);
	if (rc)
		return diag_set(d, -SB_EPARSE, NULL, 0, 0, "the archive's report_langs: %s",
				d->msg);
	return (int)n;
}

/* What each language's report is drawn from. */
struct from {
	const struct result_run *run;
	const struct report_set *s;
};

/* One language's report, written to o's paths. */
static int one(void *arg, const char *lang, const struct doc_out *o, struct diag *d)
{
	const struct from *f = arg;
	struct report_opts ro = { NULL, NULL, 0, lang, NULL };
	struct report_extra rx = { *o, f->s->template_path };

	return report_render_ext(f->run, &ro, &rx, d);
}

int report_render_set(const struct result_run *run, const struct report_set *s,
		      struct diag *d)
{
	struct doc_out o = s->out;
	struct from f = { run, s };
	int got;

	if (o.nlangs > I18N_MAX_LANGS)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "more than %d languages",
				I18N_MAX_LANGS);
	if (!o.nlangs) {
		got = report_langs_of(run, o.langs, d);
		if (got < 0)
			return got;
		o.nlangs = (size_t)got;
	}
	if (doc_out_names_any(&o) || !s->dir)
		return doc_out_each(&o, NULL, "report", s->say, one, &f, d);
	{
		struct doc_own w = { s->dir, ARCHIVE_REPORT_TMP, &o, s->say, one, &f };

		return doc_out_own(&w, d);
	}
}
