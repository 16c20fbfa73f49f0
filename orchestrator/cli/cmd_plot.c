/* SPDX-License-Identifier: MIT */
/* cmd_plot: `ssdbench plot`'s options; report/plot/plot.c builds and draws the chart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "plot.h"
#include "tmpl.h"

#define PLOT_MAX_FILES 64

const struct cli_opt cmd_plot_opts[] = {
	{ "kind", 'k', "KIND", 0, TMPL_PLOT_KINDS_HELP "default time" },
	{ "x", 'x', "AXIS", 0, "time (default) or written: GB written, from bw logs" },
	{ "output", 'o', "FILE", 0, "FILE.svg, FILE.pdf or FILE.png (default plot.svg)" },
	{ "title", 't', "TEXT", 0, "chart title (default: the first file's name)" },
	{ "log-y", 0, NULL, 0, "logarithmic y axis" },
	CLI_OPTS_DOC(LANG_DEFAULT_TAG, "1970, so re-renders are byte-identical"),
	{ "label", 0, "FILE=TEXT", 1, "the legend name of FILE, one of the files as given "
	  "(default: its name; two files of one name get their folders)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

static int parse_kind(const struct cli_cmd *c, const char *s, enum tmpl_kind *k)
{
	char *list;
	int ex;

	if (!tmpl_kind_find(s, TMPL_IN_PLOT, k))
		return -1;
	list = tmpl_kind_list(TMPL_IN_PLOT, " or ");
	ex = cli__usage(c, "unknown --kind '%s' (%s)", s, list);
	free(list);
	return ex;
}

/* each --label FILE=TEXT names one of the files and some text. */
static int read_labels(const struct cli_cmd *c, const struct cli_parsed *p,
		       struct plot_opts *o)
{
	o->labels = cli__list(c, p, "label", &o->nlabels);
	for (size_t i = 0; i < o->nlabels; i++) {
		const char *l = o->labels[i], *eq = strchr(l, '=');
		size_t k = 0;

		if (!eq || eq == l || !eq[1])
			return cli__usage(c, "--label '%s': expected FILE=TEXT", l);
		while (k < p->nargs && (strlen(p->args[k]) != (size_t)(eq - l) ||
					strncmp(p->args[k], l, (size_t)(eq - l))))
			k++;
		if (k == p->nargs)
			return cli__usage(c, "--label '%s': '%.*s' is not one of the files to plot",
					  l, (int)(eq - l), l);
	}
	return -1;
}

/* Checks the options into o; returns -1 to go on, or an exit code. */
static int read_opts(const struct cli_cmd *c, const struct cli_parsed *p,
		     struct plot_opts *o)
{
	const char *x = cli__value(c, p, "x");
	int ex = cli__doc_out(c, p, DOC_ONE, "plot.svg", &o->out);

	o->title = cli__value(c, p, "title");
	o->log_y = cli__value(c, p, "log-y") != NULL;
	if (ex < 0 && cli__value(c, p, "kind"))
		ex = parse_kind(c, cli__value(c, p, "kind"), &o->kind);
	if (ex < 0 && x && strcmp(x, "time") && strcmp(x, "written"))
		ex = cli__usage(c, "unknown --x '%s' (time or written)", x);
	o->written = x && !strcmp(x, "written");
	if (ex < 0)
		ex = read_labels(c, p, o);
	return ex;
}

int cmd_plot(const struct cli_cmd *c, int argc, char **argv)
{
	struct plot_opts o = { .kind = TMPL_TIME };
	struct cli_parsed p;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex < 0 && p.nargs > PLOT_MAX_FILES)
		ex = cli__usage(c, "at most %d files", PLOT_MAX_FILES);
	if (ex < 0)
		ex = read_opts(c, &p, &o);
	if (ex < 0) {
		diag_clear(&d);
		o.say = stdout;
		rc = plot_draw(&o, (const char *const *)p.args, p.nargs, &d);
		ex = cli__finish(rc, &d);
	}
	return ex;
}
