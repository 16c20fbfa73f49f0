/* SPDX-License-Identifier: MIT */
/* cli: the command table, dispatch, and option parsing, help and "did you mean" for all. */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "err.h"
#include "fiorun.h"
#include "suggest.h"
#include "version.h"
#include "xalloc.h"

static const struct cli_opt help_only[] = {
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

static const struct cli_cmd cmds[] = {
	{ "run", cmd_run, "PLAN", cmd_run_opts,
	  "run a test plan with fio and write a result archive and its report" },
	{ "resume", cmd_run, "DIR", cmd_resume_opts,
	  "go on with an interrupted run after its last finished element" },
	{ "rerun", cmd_run, "DIR", cmd_rerun_opts,
	  "run an archive's plan again, exactly, on a new target, into a new archive" },
	{ "check", cmd_check, "PLAN", cmd_check_opts,
	  "validate a test plan and show what it would run, without running it" },
	{ "report", cmd_report, "DIR", cmd_report_opts,
	  "render an archive's report again from the archive alone" },
	{ "probe", cmd_probe, "DEVICE_OR_FILE", cmd_probe_opts,
	  "show a device's or file's identity, sizes and health (NVMe, ATA, sysfs)" },
	{ "purge", cmd_purge, "TARGET", cmd_purge_opts,
	  "return a device or file to a fresh state, after every safety check" },
	{ "interlock", cmd_interlock, "DEVICE", cmd_interlock_opts,
	  "run every safety check before destroying a device's data, and nothing else" },
	{ "lock", cmd_lock, "DEVICE...", cmd_lock_opts,
	  "hold devices' run locks until stdin ends (what a controller runs on a bench)" },
	{ "raid", cmd_raid, "up|down NAME...", cmd_raid_opts,
	  "make or undo a RAID 0 of this machine's disks alone, after every member's checks" },
	{ "plot", cmd_plot, "FIO_LOG_OR_JSON...", cmd_plot_opts,
	  "chart fio logs or JSON made outside any plan (SVG, PDF or PNG)" },
	{ "ls", cmd_ls, "DIR...", cmd_ls_opts,
	  "list archives: plan, target, date, status and headline numbers" },
	{ "verify", cmd_verify, "DIR", cmd_verify_opts,
	  "check an archive's files against the SHA-256 list in its manifest" },
	{ "import", cmd_import, "FILE...", cmd_import_opts,
	  "build an archive from fio JSON reports and logs made elsewhere" },
	{ "compare", cmd_compare, "DIR...", cmd_compare_opts,
	  "render a lineup report: archives side by side, deltas against a baseline" },
	{ "hosts", cmd_hosts, "check [PLAN...]", cmd_hosts_opts,
	  "check benches: fio's server answers, its fio version matches, ssh works" },
	{ "plan-reference", cmd_plan_reference, "[FORMAT]", help_only,
	  "print the plan language's reference: markdown (default) or xsd" },
};
#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static void print_cmd_help(const struct cli_cmd *c, FILE *out)
{
	fprintf(out, "usage: ssdbench %s [options]%s%s\n\n%s\n\noptions:\n", c->name,
		c->args[0] ? " " : "", c->args, c->help);
	for (const struct cli_opt *o = c->opts; o->name; o++) {
		char left[64];

		snprintf(left, sizeof(left), "%s%c%s--%s%s%s", o->short_name ? "-" : "",
			 o->short_name ? o->short_name : ' ', o->short_name ? ", " : " ",
			 o->name, o->arg ? " " : "", o->arg ? o->arg : "");
		fprintf(out, "  %-28s %s%s\n", left, o->help, o->repeat ? " (repeatable)" : "");
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

int cli__usage(const struct cli_cmd *c, const char *fmt, ...)
{
	va_list ap;

	fputs("ssdbench: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(see 'ssdbench %s --help')\n", c->name);
	return CLI_EXIT_USAGE;
}

/* Reports an option getopt_long rejected, with "did you mean" over the table. */
static int bad_option(const struct cli_cmd *c, const char *arg)
{
	const char *names[CLI_MAX_OPTS], *hint, *word = arg;
	size_t n = 0;
	char *bare;

	while (*word == '-')
		word++;
	bare = xstrndup(word, strcspn(word, "="));
	for (const struct cli_opt *o = c->opts; o->name && n < CLI_MAX_OPTS; o++) {
		names[n++] = o->name;
		if (!strcmp(o->name, bare) && o->arg) {
			cli__usage(c, "option '--%s' needs a value: --%s %s", bare, bare,
				   o->arg);
			free(bare);
			return CLI_EXIT_USAGE;
		}
	}
	hint = suggest_pick(bare, names, n);
	if (hint)
		cli__usage(c, "unknown option '%s' for '%s' (did you mean '--%s'?)", arg,
			   c->name, hint);
	else
		cli__usage(c, "unknown option '%s' for '%s'", arg, c->name);
	free(bare);
	return CLI_EXIT_USAGE;
}

/* Builds getopt_long's tables from the command's; returns the option count. */
static size_t build_getopt(const struct cli_cmd *c, struct option *lo, char *shorts)
{
	size_t n = 0, ns = 0;

	for (const struct cli_opt *o = c->opts; o->name && n < CLI_MAX_OPTS; o++, n++) {
		lo[n] = (struct option){ o->name, o->arg ? required_argument : no_argument,
					 NULL, 256 + (int)n };
		if (o->short_name) {
			shorts[ns++] = o->short_name;
			if (o->arg)
				shorts[ns++] = ':';
		}
	}
	memset(&lo[n], 0, sizeof(lo[n]));
	shorts[ns] = '\0';
	return n;
}

/* Maps getopt_long's answer to the option's index in the table, or -1. */
static int opt_index(const struct cli_cmd *c, size_t n, int ch)
{
	if (ch >= 256 && (size_t)(ch - 256) < n)
		return ch - 256;
	for (size_t i = 0; i < n; i++)
		if (c->opts[i].short_name == ch)
			return (int)i;
	return -1;
}

/* args "" takes none, "DIR" exactly one, "[FORMAT]" at most one, "DIR..." one or more. */
static int args_fit(const char *args, size_t n)
{
	if (!args[0])
		return n == 0;
	if (args[0] == '[')
		return n <= 1;
	return strstr(args, "...") ? n >= 1 : n == 1;
}

int cli__parse(const struct cli_cmd *c, int argc, char **argv, struct cli_parsed *p)
{
	struct option lo[CLI_MAX_OPTS + 1];
	char shorts[2 * CLI_MAX_OPTS + 1];
	size_t n = build_getopt(c, lo, shorts);
	int ch;

	memset(p, 0, sizeof(*p));
	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
		int i = opt_index(c, n, ch);

		if (i < 0)
			return bad_option(c, argv[optind - 1]);
		if (!strcmp(c->opts[i].name, "help")) {
			print_cmd_help(c, stdout);
			return 0;
		}
		p->value[i] = c->opts[i].arg ? optarg : "";
		if (c->opts[i].repeat) {
			if (p->nlist[i] == CLI_MAX_REPEAT)
				return cli__usage(c, "too many --%s options", c->opts[i].name);
			p->list[i][p->nlist[i]++] = optarg;
		}
	}
	if (!args_fit(c->args, (size_t)(argc - optind)))
		return c->args[0] ? cli__usage(c, "'%s' takes %s %s", c->name,
					       c->args[0] == '[' ? "at most one" :
					       strstr(c->args, "...") ? "one or more" : "one",
					       c->args)
				  : cli__usage(c, "'%s' takes no arguments", c->name);
	p->args = argv + optind;
	p->nargs = (size_t)(argc - optind);
	p->arg = p->nargs ? argv[optind] : NULL;
	return -1;
}

static int find_opt(const struct cli_cmd *c, const char *name)
{
	for (int i = 0; c->opts[i].name; i++)
		if (!strcmp(c->opts[i].name, name))
			return i;
	fprintf(stderr, "ssdbench: internal error: no option '%s' in '%s'\n", name,
		c->name);
	abort();
}

const char *cli__value(const struct cli_cmd *c, const struct cli_parsed *p,
		       const char *name)
{
	return p->value[find_opt(c, name)];
}

const char *const *cli__list(const struct cli_cmd *c, const struct cli_parsed *p,
			     const char *name, size_t *n)
{
	int i = find_opt(c, name);

	*n = p->nlist[i];
	return p->list[i];
}

int cli__finish(int rc, const struct diag *d)
{
	if (!rc)
		return 0;
	fflush(stdout);   /* what the command printed comes before its error, whole lines */
	diag_print(d, stderr);
	return rc == -SB_EPARSE || rc == -SB_EUSAGE ? CLI_EXIT_USAGE : 1;
}

int cli__finish_data(int rc, const struct diag *d)
{
	return cli__finish(rc, d) ? 1 : 0;
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
		return CLI_EXIT_USAGE;
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
	return CLI_EXIT_USAGE;
}
