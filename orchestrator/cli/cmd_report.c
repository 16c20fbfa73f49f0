/* SPDX-License-Identifier: MIT */
/* cmd_report: re-renders an archive's report from the archive alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "archive.h"
#include "cli_int.h"
#include "clock.h"
#include "i18n.h"
#include "report_out.h"

const struct cli_opt cmd_report_opts[] = {
	{ "output", 'o', "FILE.pdf", 0, "write the PDF there, and nothing into the archive "
	  "(default: the archive's own report, DIR/report.pdf and DIR/charts/)" },
	{ "lang", 'l', "L[,L...]", 0, "text languages: zh-TW, zh-CN, en (default: the "
	  "archive's, zh-TW); several: one report each, DIR/report/L/ (or L/ beside -o's "
	  "file, under --svg's and --png's folders)" },
	{ "template", 't', "FILE", 0, "report template: which charts, order, sizes, "
	  "titles, colours (default: templates/report-default.xml)" },
	{ "svg", 0, "DIR", 0, "write the SVG charts to DIR, and nothing into the archive" },
	{ "png", 0, "DIR", 0, "write the PNG charts to DIR, and nothing into the archive" },
	CLI_OPTS_SIZES,
	{ "xlsx", 0, "FILE", 0, "also write an Excel workbook: summary, results, per-second "
	  "series and every chart as a native Excel chart over its data" },
	{ "html", 0, "DIR", 0, "also write an HTML article bundle into DIR: index.html, "
	  "700 px PNGs (and @2x) and SVGs, every table as an HTML table" },
	CLI_OPT_DATE("the run's start"),
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

static int render(const char *dir, const struct cli_cmd *c, const struct cli_parsed *p,
		  const char *const *langs, size_t nlangs, const struct cli_sizes *sz,
		  const char *date, struct result_run *run, struct diag *d)
{
	struct report_set s = { 0 };

	s.dir = dir;
	s.pdf = cli__value(c, p, "output");
	s.svg_dir = cli__value(c, p, "svg");
	s.png_dir = cli__value(c, p, "png");
	s.langs = langs;
	s.nlangs = nlangs;
	s.png_width = sz->width; /* 0 is the preset's */
	s.png_2x = sz->width > 0;
	s.preset = sz->preset;
	s.svg_outlines = sz->outlines;
	s.template_path = cli__value(c, p, "template");
	s.date = date;   /* NULL: the run's start */
	s.xlsx = cli__value(c, p, "xlsx");
	s.html = cli__value(c, p, "html");
	s.say = stdout;
	return report_render_set(run, &s, d);
}

int cmd_report(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct result_run run;
	struct diag d;
	const char *langs[I18N_MAX_LANGS];
	size_t nlangs;
	struct cli_sizes sz;
	char buf[CLOCK_ISO_SIZE];
	const char *date;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	if ((ex = cli__langs(c, &p, 1, langs, &nlangs)) >= 0)
		return ex;
	if ((ex = cli__sizes(c, &p, &sz)) >= 0)
		return ex;
	if ((ex = cli__date(c, &p, buf, sizeof(buf), &date)) >= 0)
		return ex;
	if ((ex = cli__template(c, &p, TMPL_FOR_REPORT)) >= 0)
		return ex;
	diag_clear(&d);
	result_run_init(&run);
	rc = archive_load(p.arg, &run, &d);
	if (!rc)
		rc = render(p.arg, c, &p, langs, nlangs, &sz, date, &run, &d);
	result_run_release(&run);
	return cli__finish_data(rc, &d);
}
