/* SPDX-License-Identifier: MIT */
/*
 * cli_opts: what every command shares: option parsing over its cli_opt table, its
 * --help, usage errors with "did you mean", and the exit status from a diag. The
 * commands (cmd_*.c) call down to it; cli.c's table calls the commands.
 */
#include "cli_int.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "suggest.h"
#include "xalloc.h"

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
