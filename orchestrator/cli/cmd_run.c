/* SPDX-License-Identifier: MIT */
/* cmd_run: the run, resume and plan-reference commands. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "fleet.h"
#include "i18n.h"
#include "passes.h"
#include "plan.h"
#include "run.h"

#define OPT_ALLOW_CAPACITY { "allow-capacity-change", 0, NULL, 0, "let <op " \
	"method=\"hpa\"> or method=\"namespace\" resize the drive for the scope (given " \
	"back after it, after a failure, and first thing at resume); needs --destroy too" }
#define OPT_DESTROY { "destroy", 'D', "ID", 1, "allow writing to the device whose " \
	"serial number (or kernel name, for loop/zram/nullb) is ID" }
#define OPT_QUIET { "quiet", 'q', NULL, 0, "no progress lines: only errors and where " \
	"the report is" }

#define OPT_LANG { "lang", 'l', "L[,L...]", 0, "the report's languages: zh-TW " \
	"(default), zh-CN, en; several: one report each in DIR/report/L/" }

#define OPT_HOST { "host", 'H', "NAME=ADDRESS[:PORT][,...]", 1, "a bench whose fio " \
	"server (fio --server, port 8765 by default) runs the targets bound to NAME; its " \
	"device steps run over ssh: ,ssh=DEST ,ssh-port=N ,ssdbench=PATH after the " \
	"address" }

const struct cli_opt cmd_run_opts[] = {
	{ "target", 't', "NAME=SPEC", 1, "run target NAME on SPEC: /dev/DEVICE or "
	  "file:PATH,size=SIZE; HOST:SPEC on a bench (see --host); the "
	  "same NAME several times: a lineup run, one archive per target, all at once" },
	OPT_HOST,
	{ "out", 'o', "DIR", 0, "archive folder (default out/<plan name>)" },
	{ "set", 's', "VAR=VALUE", 1, "override a plan variable" },
	{ "force", 'f', NULL, 0, "replace an archive already in the folder" },
	OPT_DESTROY,
	{ "dry-run", 'n', NULL, 0, "print every safety check, what would be destroyed and "
	  "the fio job files; touch nothing" },
	{ "purge", 'p', "METHOD", 0, "purge the target before the first step (methods as "
	  "for 'ssdbench purge')" },
	{ "op", 0, "PERCENT", 0, "software over-provisioning for the whole run: purge, then "
	  "confine every step to the first 1/(1+OP) of the target (plans can do it per "
	  "scope with <op>)" },
	OPT_ALLOW_CAPACITY,
	{ "passes", 0, "N|auto[:MAX]", 0, "run the plan N times, each pass an archive "
	  "DIR/pass-K, with each test's mean, σ and 95 % interval in DIR/stats.csv; auto: "
	  "until every headline metric's interval is within --noise, at most MAX (10) "
	  "passes" },
	{ "noise", 0, "PCT", 0, "--passes auto's target: the 95 % interval's half-width "
	  "in % of the mean (default 2%)" },
	OPT_QUIET,
	OPT_LANG,
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

const struct cli_opt cmd_resume_opts[] = {
	{ "target", 't', "NAME=SPEC", 1, "the target NAME ran on, as the run was given it "
	  "(--target): a resume takes targets only from its command line, besides a file "
	  "the plan keeps inside the archive" },
	OPT_HOST,
	OPT_DESTROY,
	OPT_ALLOW_CAPACITY,
	OPT_QUIET,
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

const struct cli_opt cmd_rerun_opts[] = {
	{ "target", 't', "NAME=SPEC", 1, "run target NAME on SPEC (as for run); the only "
	  "targets a rerun uses besides a file the plan keeps inside the new archive" },
	OPT_HOST,
	{ "out", 'o', "DIR", 0, "the new archive's folder (default DIR-rerun)" },
	{ "force", 'f', NULL, 0, "replace an archive already in that folder" },
	OPT_DESTROY,
	{ "dry-run", 'n', NULL, 0, "print every safety check and the fio job files; touch "
	  "nothing" },
	OPT_ALLOW_CAPACITY,
	OPT_QUIET,
	OPT_LANG,
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* --lang: the languages checked, as one "en,zh-CN" into buf for the manifest. */
static int run_langs(const struct cli_cmd *c, const struct cli_parsed *p, char *buf,
		     size_t n, struct run_opts *ro)
{
	const char *l[I18N_MAX_LANGS];
	size_t nl, len = 0;
	int ex = cli__langs(c, p, 1, l, &nl);

	buf[0] = '\0';
	for (size_t i = 0; ex < 0 && i < nl; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "", l[i]);
	ro->langs = nl ? buf : NULL;
	return ex;
}

/* A run a signal stopped exits 128 + the signal (130 for Ctrl-C), else ex. */
static int stopped(int ex)
{
	return ex && run_stop_signal() ? 128 + run_stop_signal() : ex;
}

/*
 * run PLAN, resume DIR and rerun DIR: the same options, less those the journal
 * keeps (resume) or the archive gives (rerun).
 */

int cmd_run(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct run_opts ro = { 0 };
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), resume = !strcmp(c->name, "resume");
	char langs[I18N_MAX_LANGS * 8];

	if (ex >= 0 || (!resume && (ex = run_langs(c, &p, langs, sizeof(langs), &ro)) >= 0))
		return ex;
	ro.tty = isatty(2);
	ro.destroy = cli__list(c, &p, "destroy", &ro.ndestroy);
	ro.quiet = cli__value(c, &p, "quiet") != NULL;
	ro.allow_capacity_change = cli__value(c, &p, "allow-capacity-change") != NULL;
	diag_clear(&d);
	ro.targets = cli__list(c, &p, "target", &ro.ntargets);
	ro.hosts = cli__list(c, &p, "host", &ro.nhosts);
	if (resume)
		return stopped(cli__finish(run_resume(p.arg, &ro, &d), &d));
	ro.out_dir = cli__value(c, &p, "out");
	ro.force = cli__value(c, &p, "force") != NULL;
	ro.dry_run = cli__value(c, &p, "dry-run") != NULL;
	if (!strcmp(c->name, "rerun"))
		return stopped(cli__finish(run_rerun(p.arg, &ro, &d), &d));
	ro.plan_path = p.arg;
	ro.sets = cli__list(c, &p, "set", &ro.nsets);
	ro.op = cli__value(c, &p, "op");
	ro.purge = cli__value(c, &p, "purge");
	if (cli__value(c, &p, "passes") || cli__value(c, &p, "noise")) {
		struct passes_opts po;

		if (!cli__value(c, &p, "passes"))
			return cli__usage(c, "--noise is the target of --passes auto: give "
					  "--passes auto[:MAX] with it");
		if (passes_parse(cli__value(c, &p, "passes"), cli__value(c, &p, "noise"), &po,
				 &d))
			return cli__usage(c, "%s", d.msg);
		if (fleet_wanted(ro.targets, ro.ntargets) || ro.dry_run)
			return cli__usage(c, "--passes runs one target and measures: not with a "
					  "lineup run's several targets or --dry-run");
		return stopped(cli__finish(passes_run(&ro, &po, &d), &d));
	}
	if (fleet_wanted(ro.targets, ro.ntargets) && !ro.dry_run)
		return stopped(cli__finish(fleet_run(&ro, &d), &d));
	{
		struct passes_opts po;

		if (passes_of_plan(&ro, &po))   /* <plan passes=> */
			return stopped(cli__finish(passes_run(&ro, &po, &d), &d));
	}
	return stopped(cli__finish(run_plan(&ro, &d), &d));
}

int cmd_plan_reference(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	int ex = cli__parse(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	if (!p.arg || !strcmp(p.arg, "markdown"))
		plan_print_reference(stdout);
	else if (!strcmp(p.arg, "xsd"))
		plan_print_xsd(stdout);
	else
		return cli__usage(c, "unknown format '%s' (markdown or xsd)", p.arg);
	return 0;
}
