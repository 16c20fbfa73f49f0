/* SPDX-License-Identifier: MIT */
/* cmd_report: re-renders an archive's report, or a pass set's, from the folder alone. */
#include <stdio.h>

#include "archive.h"
#include "cli_int.h"
#include "passes.h"
#include "passset.h"
#include "report_out.h"

const struct cli_opt cmd_report_opts[] = {
	{ "output", 'o', "FILE.pdf", 0, "write the PDF there; with it or any of --svg, "
	  "--png, --xlsx, --html only what is named is written, nothing into the archive "
	  "(default: the archive's own report, DIR/report.pdf and DIR/charts/, or "
	  "DIR/report/LANG/ each)" },
	{ "template", 't', "FILE", 0, "report template: which charts, order, sizes, "
	  "titles, colours (default: templates/report-default.xml); of a pass set a "
	  "lineup template (default: templates/lineup-passes.xml)" },
	CLI_OPTS_DOC("the archive's, else " LANG_DEFAULT_TAG, "the run's start"),
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_report(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct result_run run;
	struct report_set s = { 0 };
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc, set;

	if (ex >= 0)
		return ex;
	if ((ex = cli__doc_out(c, &p, DOC_PDF, NULL, &s.out)) >= 0)
		return ex;
	diag_clear(&d);
	/* a pass set: its passes as one column of a lineup (docs/passes.md) */
	set = passset_is(p.arg);
	if ((ex = cli__template(c, &p, set ? TMPL_FOR_LINEUP : TMPL_FOR_REPORT)) >= 0)
		return ex;
	s.template_path = cli__value(c, &p, "template");
	if (set)
		return cli__finish_data(passes_report(p.arg, &s.out, s.template_path, stdout, &d),
					&d);
	result_run_init(&run);
	rc = archive_load(p.arg, &run, &d);
	s.dir = p.arg;
	s.say = stdout;
	if (!rc)
		rc = report_render_set(&run, &s, &d);
	result_run_release(&run);
	return cli__finish_data(rc, &d);
}
