/* SPDX-License-Identifier: MIT */
/*
 * report_fixture: what the tests that build a run's charts without drawing them
 * share (test_report_scopes, test_snia_wsathir, test_disp): building a run's
 * pages, finding a page by its file stem and a series by its label, and releasing
 * what report__build_charts() built.
 */
#ifndef SB_REPORT_FIXTURE_H
#define SB_REPORT_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "report_int.h"
#include "result.h"

/* The page named name (a file stem), or NULL. */
static inline const struct doc_item *report_fixture_find(const struct report *r,
							     const char *name)
{
	for (size_t i = 0; i < r->doc.n; i++)
		if (!strcmp(r->doc.items[i].name, name))
			return &r->doc.items[i];
	return NULL;
}

/*
 * Builds run's charts into r as the report would, without drawing: English
 * strings and the template tmpl (a data path, "templates/report-default.xml").
 * Returns 0, or the error with d saying why.
 */
static inline int report_fixture_build(struct report *r, struct report_opts *o,
				       const struct result_run *run, const char *tmpl,
				       struct diag *d)
{
	char *path = datadir_path(tmpl);
	int rc;

	diag_clear(d);
	o->lang = "en";
	r->run = run;
	r->o = o;
	rc = report__load_msgs(r, "en", d);
	if (!rc)
		rc = tmpl_load(&r->tmpl, path, d);
	free(path);
	if (!rc)
		report__build_charts(r);
	return rc;
}

/* The series of c labelled label, or NULL. */
static inline const struct chart_series *report_fixture_series(const struct chart *c,
								 const char *label)
{
	for (size_t i = 0; i < c->nseries; i++)
		if (!strcmp(c->series[i].label, label))
			return &c->series[i];
	return NULL;
}

/* Frees r's pages, footer, strings and template, and the run they were built from. */
static inline void report_fixture_release(struct report *r, struct result_run *run)
{
	doc_release(&r->doc);
	i18n_free(r->strings);
	tmpl_free(r->tmpl);
	result_run_release(run);
}

#endif
