/* SPDX-License-Identifier: MIT */
/* cmd_report: re-renders an archive's report from the archive alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "archive.h"
#include "cli_int.h"
#include "clock.h"
#include "report.h"
#include "sbuf.h"
#include "xalloc.h"

const struct cli_opt cmd_report_opts[] = {
	{ "output", 'o', "FILE.pdf", 0, "where to write the PDF (default DIR/report.pdf)" },
	{ "lang", 'l', "LANG", 0, "text language: zh-TW (default), zh-CN or en" },
	{ "template", 't', "FILE", 0, "report template: which charts, order, sizes, "
	  "titles, colours (default: templates/report-default.xml)" },
	{ "svg", 0, "DIR", 0, "write the SVG charts to DIR (default DIR/charts/)" },
	{ "png", 0, "DIR", 0, "write the PNG charts to DIR (default DIR/charts/)" },
	{ "width", 'w', "PX", 0, "PNG width in pixels, plus a NAME@2x.png at twice that "
	  "(default: one 1400 px PNG, the 2x image of a 700 px web column)" },
	{ "xlsx", 0, "FILE", 0, "also write an Excel workbook: summary, results, per-second "
	  "series and every chart as a native Excel chart over its data" },
	{ "html", 0, "DIR", 0, "also write an HTML article bundle into DIR: index.html, "
	  "700 px PNGs (and @2x) and SVGs, every table as an HTML table" },
	{ "date", 0, "DATE", 0, "date stamped into the PDF, ISO 8601 (default: "
	  "$SOURCE_DATE_EPOCH, else the run's start)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* --width: a whole number of pixels the charts can still be read at. */
static int parse_width(const struct cli_cmd *c, const char *s, int *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 200 || v > 20000)
		return cli__usage(c, "invalid --width '%s' (pixels, 200 to 20000)", s);
	*out = (int)v;
	return -1;
}

/* --date: ISO 8601 in UTC, as the PDF's dates are written. */
static int check_date(const struct cli_cmd *c, const char *s)
{
	int y, mo, d, h, mi, se, n = 0;

	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &se, &n) != 6 ||
	    s[n] != '\0' || n != 20 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 ||
	    mi > 59 || se > 60)
		return cli__usage(c, "invalid --date '%s' (want YYYY-MM-DDTHH:MM:SSZ)", s);
	return -1;
}

/* $SOURCE_DATE_EPOCH as ISO 8601 into buf, or NULL when unset or not a number. */
static const char *source_date(char *buf, size_t n)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;

	if (!s || !*s)
		return NULL;
	v = strtoll(s, &end, 10);
	if (*end || v < 0)
		return NULL;
	return clock_iso8601(v, buf, n);
}

static int render(const char *dir, const struct cli_cmd *c, const struct cli_parsed *p,
		  struct result_run *run, struct diag *d)
{
	const char *out = cli__value(c, p, "output"), *width = cli__value(c, p, "width");
	struct report_opts ro = { 0 };
	struct report_extra rx = { 0 };
	char *pdf = out ? xstrdup(out) : xasprintf("%s/report.pdf", dir);
	char *charts = xasprintf("%s/charts", dir), date[32];
	int rc;

	ro.pdf_path = pdf;
	ro.chart_dir = charts;
	ro.png_width = 1400;
	ro.lang = cli__value(c, p, "lang") ? cli__value(c, p, "lang") : "zh-TW";
	rx.template_path = cli__value(c, p, "template");
	rx.svg_dir = cli__value(c, p, "svg");
	rx.png_dir = cli__value(c, p, "png");
	rx.xlsx_path = cli__value(c, p, "xlsx");
	rx.html_dir = cli__value(c, p, "html");
	rx.date = cli__value(c, p, "date") ? cli__value(c, p, "date")
					   : source_date(date, sizeof(date));
	if (width) {
		rx.png_2x = 1;
		ro.png_width = atoi(width);
	}
	rc = report_render_ext(run, &ro, &rx, d);
	if (!rc)
		printf("report: %s (SVG in %s/, PNG in %s/)\n", pdf,
		       rx.svg_dir ? rx.svg_dir : charts, rx.png_dir ? rx.png_dir : charts);
	if (!rc && rx.xlsx_path)
		printf("workbook: %s\n", rx.xlsx_path);
	if (!rc && rx.html_dir)
		printf("article: %s/index.html\n", rx.html_dir);
	free(pdf);
	free(charts);
	return rc;
}

int cmd_report(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct result_run run;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc, px;

	if (ex >= 0)
		return ex;
	if (cli__value(c, &p, "width") &&
	    (ex = parse_width(c, cli__value(c, &p, "width"), &px)) >= 0)
		return ex;
	if (cli__value(c, &p, "date") && (ex = check_date(c, cli__value(c, &p, "date"))) >= 0)
		return ex;
	diag_clear(&d);
	result_run_init(&run);
	rc = archive_load(p.arg, &run, &d);
	if (!rc)
		rc = render(p.arg, c, &p, &run, &d);
	result_run_release(&run);
	return cli__finish_data(rc, &d);
}
