/* SPDX-License-Identifier: MIT */
/* cli: commands and their options as tables; help and "did you mean" come from them. */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive.h"
#include "err.h"
#include "fiorun.h"
#include "plan.h"
#include "report.h"
#include "run.h"
#include "sbuf.h"
#include "suggest.h"
#include "version.h"
#include "xalloc.h"

#define EXIT_USAGE 2

struct opt {
	const char *name;
	int has_arg;
	int key;
	const char *arg;   /* argument's name in help, or NULL */
	const char *help;
};

struct cmd {
	const char *name;
	int (*fn)(const struct cmd *c, int argc, char **argv);
	const char *args;
	const struct opt *opts;
	const char *help;
};

static int cmd_run(const struct cmd *c, int argc, char **argv);
static int cmd_check(const struct cmd *c, int argc, char **argv);
static int cmd_report(const struct cmd *c, int argc, char **argv);
static int cmd_reference(const struct cmd *c, int argc, char **argv);

static const struct opt run_opts[] = {
	{ "target", required_argument, 't', "NAME=SPEC", "run target NAME on SPEC: "
	  "/dev/DEVICE or file:PATH,size=SIZE (repeatable)" },
	{ "out", required_argument, 'o', "DIR", "archive folder (default out/<plan name>)" },
	{ "set", required_argument, 's', "VAR=VALUE", "override a plan variable "
	  "(repeatable)" },
	{ "force", no_argument, 'f', NULL, "replace an archive already in the folder" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL },
};

static const struct opt check_opts[] = {
	{ "target", required_argument, 't', "NAME=SPEC", "as for run" },
	{ "set", required_argument, 's', "VAR=VALUE", "as for run" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL },
};

static const struct opt report_opts_tab[] = {
	{ "output", required_argument, 'o', "FILE.pdf", "where to write the PDF "
	  "(default DIR/report.pdf; charts always go to DIR/charts/)" },
	{ "lang", required_argument, 'l', "LANG", "text language: zh-TW (default), "
	  "zh-CN or en" },
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL },
};

static const struct opt help_only[] = {
	{ "help", no_argument, 'h', NULL, "show this help" },
	{ NULL, 0, 0, NULL, NULL },
};

static const struct cmd cmds[] = {
	{ "run", cmd_run, "PLAN", run_opts,
	  "run a test plan with fio and write a result archive and its report" },
	{ "check", cmd_check, "PLAN", check_opts,
	  "validate a test plan and show what it would run, without running it" },
	{ "report", cmd_report, "DIR", report_opts_tab,
	  "render an archive's report again from the archive alone" },
	{ "plan-reference", cmd_reference, "", help_only,
	  "print the reference of the plan language (Markdown)" },
};
#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static void print_cmd_help(const struct cmd *c, FILE *out)
{
	fprintf(out, "usage: ssdbench %s [options] %s\n\n%s\n\noptions:\n", c->name,
		c->args, c->help);
	for (const struct opt *o = c->opts; o->name; o++) {
		char left[64];

		snprintf(left, sizeof(left), "--%s%s%s", o->name, o->arg ? " " : "",
			 o->arg ? o->arg : "");
		fprintf(out, "  %-24s %s\n", left, o->help);
	}
}

static void print_main_help(FILE *out)
{
	fputs("usage: ssdbench <command> [options] [args]\n"
	      "       ssdbench --version | --help\n\n"
	      "Runs reproducible SSD test plans with fio and renders publication "
	      "charts.\n\ncommands:\n", out);
	for (size_t i = 0; i < NCMDS; i++)
		fprintf(out, "  %-16s %s\n", cmds[i].name, cmds[i].help);
	fputs("\n'ssdbench <command> --help' shows a command's options.\n", out);
}

static int usage_error(const struct cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int usage_error(const struct cmd *c, const char *fmt, ...)
{
	va_list ap;

	fputs("ssdbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(see 'ssdbench %s --help')\n", c ? c->name : "");
	return EXIT_USAGE;
}

/* Reports an option getopt_long rejected, with "did you mean" over the table. */
static int bad_option(const struct cmd *c, const char *arg)
{
	const char *names[16], *hint;
	size_t n = 0;
	const char *word = arg;
	char *bare;

	while (*word == '-')
		word++;
	bare = xstrndup(word, strcspn(word, "="));
	for (const struct opt *o = c->opts; o->name && n < 16; o++)
		names[n++] = o->name;
	for (const struct opt *o = c->opts; o->name; o++) {
		if (!strcmp(o->name, bare) && o->arg) {
			usage_error(c, "option '--%s' needs a value: --%s %s", bare, bare,
				    o->arg);
			goto out;
		}
	}
	hint = suggest_pick(bare, names, n);
	if (hint)
		usage_error(c, "unknown option '%s' for '%s' (did you mean '--%s'?)", arg,
			    c->name, hint);
	else
		usage_error(c, "unknown option '%s' for '%s'", arg, c->name);
out:
	free(bare);
	return EXIT_USAGE;
}

struct parsed {
	const char *targets[64], *sets[64];
	size_t ntargets, nsets;
	const char *out, *lang;
	int force, help;
	const char *arg;   /* the one positional argument */
};

/* Parses a command's options into p; returns -1 to go on, else an exit code. */
static int parse_opts(const struct cmd *c, int argc, char **argv, struct parsed *p)
{
	struct option lo[16];
	size_t n = 0;
	int ch;

	for (const struct opt *o = c->opts; o->name && n < 15; o++, n++)
		lo[n] = (struct option){ o->name, o->has_arg, NULL, o->key };
	memset(&lo[n], 0, sizeof(lo[n]));
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "t:o:s:fl:h", lo, NULL)) != -1) {
		switch (ch) {
		case 't':
			if (p->ntargets == 64)
				return usage_error(c, "too many --target options");
			p->targets[p->ntargets++] = optarg;
			break;
		case 's':
			if (p->nsets == 64)
				return usage_error(c, "too many --set options");
			p->sets[p->nsets++] = optarg;
			break;
		case 'o': p->out = optarg; break;
		case 'l': p->lang = optarg; break;
		case 'f': p->force = 1; break;
		case 'h': print_cmd_help(c, stdout); return 0;
		default: return bad_option(c, argv[optind - 1]);
		}
	}
	for (const char *k = "tosfl"; *k; k++) {
		int allowed = 0;

		for (const struct opt *o = c->opts; o->name; o++)
			allowed |= o->key == *k;
		if (!allowed && ((*k == 't' && p->ntargets) || (*k == 's' && p->nsets) ||
				 (*k == 'o' && p->out) || (*k == 'f' && p->force) ||
				 (*k == 'l' && p->lang)))
			return usage_error(c, "option '-%c' does not apply to '%s'", *k,
					   c->name);
	}
	if (argc - optind != (c->args[0] ? 1 : 0))
		return usage_error(c, c->args[0] ? "'%s' takes one %s" :
				   "'%s' takes no arguments%s", c->name, c->args);
	p->arg = c->args[0] ? argv[optind] : NULL;
	return -1;
}

/* Maps an error code to the exit code: bad input is 2, everything else 1. */
static int exit_code(int rc)
{
	if (!rc)
		return 0;
	return rc == -SB_EPARSE || rc == -SB_EUSAGE ? EXIT_USAGE : 1;
}

static int finish(int rc, const struct diag *d)
{
	if (rc)
		diag_print(d, stderr);
	return exit_code(rc);
}

/* run and check share their options; check never runs anything. */
static int run_or_check(const struct cmd *c, int argc, char **argv, int check)
{
	struct parsed p = { 0 };
	struct run_opts ro;
	struct diag d;
	int ex = parse_opts(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	ro = (struct run_opts){ p.arg, p.targets, p.ntargets, p.sets, p.nsets, p.out,
				p.force, isatty(2) };
	diag_clear(&d);
	return finish(check ? run_check(&ro, &d) : run_plan(&ro, &d), &d);
}

static int cmd_run(const struct cmd *c, int argc, char **argv)
{
	return run_or_check(c, argc, argv, 0);
}

static int cmd_check(const struct cmd *c, int argc, char **argv)
{
	return run_or_check(c, argc, argv, 1);
}

static int cmd_report(const struct cmd *c, int argc, char **argv)
{
	struct parsed p = { 0 };
	struct result_run run;
	struct diag d;
	char *pdf = NULL, *charts = NULL;
	int ex = parse_opts(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	diag_clear(&d);
	result_run_init(&run);
	rc = archive_load(p.arg, &run, &d);
	if (!rc) {
		struct report_opts ro = { 0 };

		pdf = p.out ? xstrdup(p.out) : xasprintf("%s/report.pdf", p.arg);
		charts = xasprintf("%s/charts", p.arg);
		ro.pdf_path = pdf;
		ro.chart_dir = charts;
		ro.png_width = 1400;
		ro.lang = p.lang ? p.lang : "zh-TW";
		rc = report_render(&run, &ro, &d);
	}
	if (!rc)
		printf("report: %s (charts in %s/)\n", pdf, charts);
	free(pdf);
	free(charts);
	result_run_release(&run);
	return finish(rc, &d);
}

static int cmd_reference(const struct cmd *c, int argc, char **argv)
{
	struct parsed p = { 0 };
	int ex = parse_opts(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	plan_print_reference(stdout);
	return 0;
}

static int print_version(void)
{
	char fio[64];

	printf("ssdbench %s\n", SSDBENCH_VERSION);
	if (fiorun_version(fio, sizeof(fio)))
		printf("fio: not found on PATH (on Debian: apt-get install fio)\n");
	else
		printf("fio: %s\n", fio);
	return 0;
}

int cli_main(int argc, char **argv)
{
	const char *names[NCMDS], *hint;

	if (argc < 2) {
		print_main_help(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		print_main_help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))
		return print_version();
	for (size_t i = 0; i < NCMDS; i++) {
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(&cmds[i], argc - 1, argv + 1);
		names[i] = cmds[i].name;
	}
	hint = suggest_pick(argv[1], names, NCMDS);
	fprintf(stderr, "ssdbench: '%s' is not a command", argv[1]);
	if (hint)
		fprintf(stderr, " (did you mean '%s'?)", hint);
	fputs("\nsee 'ssdbench --help'\n", stderr);
	return EXIT_USAGE;
}
