/* SPDX-License-Identifier: MIT */
/* cli: the command table (every command once), the main help, --version and dispatch. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "err.h"
#include "fiorun.h"
#include "suggest.h"
#include "version.h"

static const struct cli_opt help_only[] = {
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

static int cmd_cli_reference(const struct cli_cmd *c, int argc, char **argv);

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
	  "render an archive's report again from the archive alone, or a pass set's "
	  "(run --passes) from its passes" },
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
	{ "trace", cmd_trace, "capture|info|plot ARG...", cmd_trace_opts,
	  "record a device's block I/O while a command runs, describe or chart a trace" },
	{ "cli-reference", cmd_cli_reference, "[man|bash]", help_only,
	  "print this command line's manual page (man) or bash completion (bash)" },
};
#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

/* cli-reference [man|bash], from the table above. */
static int cmd_cli_reference(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	int ex = cli__parse(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	if (!p.arg || !strcmp(p.arg, "man"))
		cli__print_man(stdout, cmds, NCMDS);
	else if (!strcmp(p.arg, "bash"))
		cli__print_bash(stdout, cmds, NCMDS);
	else
		return cli__usage(c, "unknown format '%s' (man or bash)", p.arg);
	return fflush(stdout) ? 1 : 0;
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
