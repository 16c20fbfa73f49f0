/* SPDX-License-Identifier: MIT */
/*
 * chart_dump (test builds only): prints one page of an archive's report
 * as its chart model, built without drawing, so integration tests can check a
 * chart's values against fio's own JSON: a line "series<TAB>label" per series,
 * then "x<TAB>y" per point (%.17g), and "mark<TAB>x<TAB>y<TAB>label" per labelled
 * mark. Usage: chart_dump ARCHIVE PAGE (a file stem: sweep-qd-mbps) [TEMPLATE]
 * (a data path, default templates/report-default.xml). Exits 1 when the archive
 * does not load or has no such page.
 */
#include <stdio.h>
#include <stdlib.h>

#include "archive.h"
#include "report_fixture.h"

int main(int argc, char **argv)
{
	static struct result_run run;
	static struct report r;
	static struct report_opts o;
	const struct doc_item *page;
	const struct chart *c;
	struct diag d;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: chart_dump ARCHIVE PAGE [TEMPLATE]\n");
		return 2;
	}
	diag_clear(&d);
	if (archive_load(argv[1], &run, &d) ||
	    report_fixture_build(&r, &o, &run, argc > 3 ? argv[3] : "templates/report-default.xml",
				 &d)) {
		fprintf(stderr, "chart_dump: %s\n", d.msg);
		return 1;
	}
	page = report_fixture_find(&r, argv[2]);
	if (!page || !page->c) {
		fprintf(stderr, "chart_dump: no chart '%s'\n", argv[2]);
		report_fixture_release(&r, &run);
		return 1;
	}
	c = page->c;
	for (size_t i = 0; i < c->nseries; i++) {
		printf("series\t%s\t#%06x\t%d\n", c->series[i].label,
		       (unsigned)(c->series[i].color & 0xffffffu), (int)c->series[i].marker);
		for (size_t j = 0; j < c->series[i].n; j++)
			printf("%.17g\t%.17g\n", c->series[i].x[j], c->series[i].y[j]);
	}
	for (size_t i = 0; i < c->nmarks; i++)
		printf("mark\t%.17g\t%.17g\t%s\n", c->marks[i].x, c->marks[i].y, c->marks[i].label);
	report_fixture_release(&r, &run);
	return 0;
}
