/* SPDX-License-Identifier: MIT */
/*
 * report_fixture: what the tests that build a run's charts without drawing them
 * share (test_report_scopes, test_snia_wsathir): finding a page by its file stem
 * and releasing what report__build_charts() built.
 */
#ifndef SB_REPORT_FIXTURE_H
#define SB_REPORT_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "report_int.h"
#include "result.h"

/* The page named name (a file stem), or NULL. */
static inline const struct report_chart *report_fixture_find(const struct report *r,
							     const char *name)
{
	for (size_t i = 0; i < r->ncharts; i++)
		if (!strcmp(r->charts[i].name, name))
			return &r->charts[i];
	return NULL;
}

/* Frees r's pages, footer, strings and template, and the run they were built from. */
static inline void report_fixture_release(struct report *r, struct result_run *run)
{
	for (size_t i = 0; i < r->ncharts; i++) {
		free(r->charts[i].name);
		chart_free(r->charts[i].c);
		table_free(r->charts[i].t);
	}
	free(r->charts);
	free(r->footer);
	i18n_free(r->strings);
	tmpl_free(r->tmpl);
	result_run_release(run);
}

#endif
