/* SPDX-License-Identifier: MIT */
/* cmd_report: re-renders an archive's report from the archive alone. */
#include <stdio.h>
#include <stdlib.h>

#include "archive.h"
#include "cli_int.h"
#include "report.h"
#include "sbuf.h"
#include "xalloc.h"

const struct cli_opt cmd_report_opts[] = {
	{ "output", 'o', "FILE.pdf", 0, "where to write the PDF (default DIR/report.pdf; "
	  "charts always go to DIR/charts/)" },
	{ "lang", 'l', "LANG", 0, "text language: zh-TW (default), zh-CN or en" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_report(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct result_run run;
	struct diag d;
	const char *out, *lang;
	char *pdf = NULL, *charts = NULL;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	out = cli__value(c, &p, "output");
	lang = cli__value(c, &p, "lang");
	diag_clear(&d);
	result_run_init(&run);
	rc = archive_load(p.arg, &run, &d);
	if (!rc) {
		struct report_opts ro = { 0 };

		pdf = out ? xstrdup(out) : xasprintf("%s/report.pdf", p.arg);
		charts = xasprintf("%s/charts", p.arg);
		ro.pdf_path = pdf;
		ro.chart_dir = charts;
		ro.png_width = 1400;
		ro.lang = lang ? lang : "zh-TW";
		rc = report_render(&run, &ro, &d);
	}
	if (!rc)
		printf("report: %s (charts in %s/)\n", pdf, charts);
	free(pdf);
	free(charts);
	result_run_release(&run);
	return cli__finish_data(rc, &d);
}
