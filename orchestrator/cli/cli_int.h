/* SPDX-License-Identifier: MIT */
/*
 * cli_int: what a command file (cmd_*.c) needs. Each command declares its options
 * as a table; cli.c parses them with getopt_long, prints help from them and
 * suggests the nearest name for a typo. Adding a command: write cmd_NAME.c with
 * its option table and function, declare both here, add one row to cmds[] in cli.c.
 */
#ifndef SB_CLI_INT_H
#define SB_CLI_INT_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "doc.h"
#include "lang.h"
#include "tmpl.h"

#define CLI_EXIT_USAGE 2
#define CLI_MAX_OPTS 24
#define CLI_MAX_REPEAT 64

struct cli_opt {
	const char *name;   /* long name, without "--" */
	char short_name;    /* 0 for none */
	const char *arg;    /* the value's name in help ("DIR"); NULL for a flag */
	int repeat;         /* may be given several times */
	const char *help;
};

/* What getopt_long found: per option of the table, in table order. */
struct cli_parsed {
	const char *value[CLI_MAX_OPTS];   /* last value; "" for a flag that was given */
	const char *list[CLI_MAX_OPTS][CLI_MAX_REPEAT]; /* every value of a repeat option */
	size_t nlist[CLI_MAX_OPTS];
	const char *arg;                   /* the (first) positional argument, or NULL */
	char **args;                       /* every positional argument (into argv) */
	size_t nargs;
};

struct cli_cmd {
	const char *name;
	int (*fn)(const struct cli_cmd *c, int argc, char **argv);
	const char *args;                  /* "PLAN": one; "[FORMAT]": at most one;
					      "DIR...": one or more; "": none */
	const struct cli_opt *opts;        /* ends with a row whose name is NULL */
	const char *help;
};

/* Rows the device commands share: --lock-token (help: what it does there), the end. */
#define CLI_OPT_LOCK_TOKEN(help) { "lock-token", 'T', "TOKEN", 0, "the token 'ssdbench " \
				   "lock' printed: " help }
#define CLI_OPTS_END { "help", 'h', NULL, 0, "show this help" }, { NULL, 0, NULL, 0, NULL }
/*
 * --date, the PDF's date, for every command that writes a document; dflt says what
 * stands in without --date and $SOURCE_DATE_EPOCH (cli__doc_out()).
 */
#define CLI_OPT_DATE(dflt) { "date", 0, "DATE", 0, "date stamped into the PDF and the " \
			     "workbook, ISO 8601 " \
			     "(YYYY-MM-DDTHH:MM:SSZ; default: $SOURCE_DATE_EPOCH, else " \
			     dflt ")" }
/* the size options every document command shares (cli_sizes.c). */
#define CLI_OPTS_SIZES \
	{ "preset", 0, "NAME", 0, "what the charts are made for: print (a vector PDF per " \
	  "chart too), web (laid out 700 px wide, text 11 px or more, plus NAME@2x.png), " \
	  "slide (16:9, 1920 px), 85mm or 175mm (a magazine's column or two: each " \
	  "chart's PDF at its printed size, 9 pt or more there); the PDF's text is 9 pt " \
	  "or more (default: the template's preset, else SVG and a 1400 px PNG)" }, \
	{ "width", 'w', "PX", 0, "PNG width in pixels, plus a NAME@2x.png at twice that; " \
	  "a web canvas is laid out this wide (without --preset: web)" }, \
	{ "svg-text", 0, "MODE", 0, "SVG text as 'text' (<text> naming the font and its " \
	  "CJK fallbacks, editable; the default) or 'outlines' (glyph paths)" }
/* --svg, --png, --xlsx, --html: a row per output format of DOC_FORMATS_OPTIONS. */
#define CLI_OPT_FORMAT__ROW(e, name, arg, fn, help) { name, 0, arg, 0, help },
#define CLI_OPT_LANG__TAG(e, tag, aliases) " " tag
/*
 * What every command that writes a document (report, compare, plot, trace plot)
 * takes, besides its -o: the languages (dflt_lang: what stands in without --lang),
 * the sizes, --date (dflt_date, as CLI_OPT_DATE) and a row per output format.
 */
#define CLI_OPTS_DOC(dflt_lang, dflt_date)                                             \
	{ "lang", 'l', "L[,L...]", 0, "text languages, comma-separated, from:"        \
	  LANGS(CLI_OPT_LANG__TAG) " (default: " dflt_lang "); several: each FILE "    \
	  "goes to FILE's folder/LANG/, each DIR's files to DIR/LANG/" },              \
	DOC_FORMATS_OPTIONS(CLI_OPT_FORMAT__ROW)                                        \
	CLI_OPTS_SIZES, CLI_OPT_DATE(dflt_date),                                        \
	{ "check-wording", 0, NULL, 0, "fail (exit 1, every file still written) when "  \
	  "a text of any output holds a plan's own name for a step, scope or trace, a " \
	  "fio term, or, in Chinese, an English word of the report's strings; each "    \
	  "listed with its file" }
/*
 * The options of CLI_OPTS_DOC into o, and -o as format main (DOC_PDF or DOC_ONE:
 * .svg, .pdf or .png), dflt when not given (NULL: none).
 * Returns -1 to go on, or the usage error's exit code.
 */
int cli__doc_out(const struct cli_cmd *c, const struct cli_parsed *p, enum doc_format main,
		 const char *dflt, struct doc_out *o);
/*
 * Loads --template FILE as use's template, before any archive is read: a template is
 * the user's input, so its error exits 2 (as a plan's does; 1 when it cannot be read)
 * with nothing written. Returns -1 to go on (also without --template), else the exit
 * code, the error said on stderr.
 */
int cli__template(const struct cli_cmd *c, const struct cli_parsed *p, enum tmpl_use use);

/*
 * Parses argv for command c into p. Returns -1 when the command should go on, or an
 * exit code to return at once (0 after --help, 2 after a usage error, said on stderr).
 */
int cli__parse(const struct cli_cmd *c, int argc, char **argv, struct cli_parsed *p);
/* The value of option name (NULL when not given); the name must be in c's table. */
const char *cli__value(const struct cli_cmd *c, const struct cli_parsed *p,
		       const char *name);
/* Every value of repeat option name; *n is their count. */
const char *const *cli__list(const struct cli_cmd *c, const struct cli_parsed *p,
			     const char *name, size_t *n);
/* Prints a usage error about command c; returns CLI_EXIT_USAGE. */
int cli__usage(const struct cli_cmd *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* " (did you mean 'web'?)" for word among the n names, or "". Static storage. */
const char *cli__did_you_mean(const char *word, const char *const *names, size_t n);
/* Prints d when rc failed; returns the exit code: 0, 2 for bad input, else 1. */
int cli__finish(int rc, const struct diag *d);
/*
 * A folder that is a pass set (run --passes) where one archive is wanted: a usage
 * error in d saying what to give instead (cmd: "report", "verify"); 0 for anything
 * else, which the command then reads as an archive.
 */
int cli__refuse_pass_set(const char *dir, const char *cmd, struct diag *d);

/* The same for commands that read archives: a damaged file there is a failure (1),
 * not a usage error, whatever its code. */
int cli__finish_data(int rc, const struct diag *d);

/*
 * The --lang value of c (cli_lang.c): its languages into out[] (I18N_MAX_LANGS of
 * room; one when many is 0), each as i18n_lang_find() names it; *n 0 when --lang
 * was not given. Returns -1, or CLI_EXIT_USAGE after saying which language is not
 * known and which are ("en, zh-TW, zh-CN").
 */
int cli__langs(const struct cli_cmd *c, const struct cli_parsed *p, int many,
	       const char **out, size_t *n);

/* The commands (cmd_*.c) and their option tables. */
extern const struct cli_opt cmd_run_opts[], cmd_check_opts[], cmd_report_opts[];
extern const struct cli_opt cmd_plot_opts[];
int cmd_plot(const struct cli_cmd *c, int argc, char **argv);
int cmd_run(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_resume_opts[], cmd_rerun_opts[]; /* both run cmd_run */
int cmd_check(const struct cli_cmd *c, int argc, char **argv);
int cmd_report(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_verify_opts[], cmd_ls_opts[];
int cmd_ls(const struct cli_cmd *c, int argc, char **argv);
int cmd_verify(const struct cli_cmd *c, int argc, char **argv);
int cmd_plan_reference(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_probe_opts[], cmd_purge_opts[];
int cmd_probe(const struct cli_cmd *c, int argc, char **argv);
int cmd_purge(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_import_opts[], cmd_compare_opts[];
int cmd_import(const struct cli_cmd *c, int argc, char **argv);
int cmd_compare(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_hosts_opts[], cmd_interlock_opts[], cmd_lock_opts[];
int cmd_lock(const struct cli_cmd *c, int argc, char **argv);
extern const struct cli_opt cmd_raid_opts[];
int cmd_raid(const struct cli_cmd *c, int argc, char **argv);
int cmd_interlock(const struct cli_cmd *c, int argc, char **argv);
int cmd_hosts(const struct cli_cmd *c, int argc, char **argv);
struct blkt_info;
extern const struct cli_opt cmd_trace_opts[];
int cmd_trace(const struct cli_cmd *c, int argc, char **argv);
/* cmd_trace_capture.c: `trace capture` (args[0] is "capture"), and the description. */
int cmd__trace_capture(const struct cli_cmd *c, const struct cli_parsed *p);
/* A trace's description as JSON (trace info --json, FILE.json); json_decref() it. */
struct json_t *cmd__trace_json(const struct blkt_info *in);
/* the manual page and the bash completion of the n commands cmds
 * (cmd_cliref.c), what `cli-reference man|bash` (cli.c) prints. */
void cli__print_man(FILE *out, const struct cli_cmd *cmds, size_t n);
void cli__print_bash(FILE *out, const struct cli_cmd *cmds, size_t n);

#endif
