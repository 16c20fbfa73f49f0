/* SPDX-License-Identifier: MIT */
/* cmd_check: validates a plan and prints what it would run, touching nothing. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "cli_int.h"
#include "units.h"

const struct cli_opt cmd_check_opts[] = {
	{ "target", 't', "NAME=SPEC", 1, "check with target NAME on SPEC: /dev/DEVICE or "
	  "file:PATH,size=SIZE" },
	{ "set", 's', "VAR=VALUE", 1, "override a plan variable" },
	{ "assume-capacity", 'c', "SIZE", 0, "capacity of device targets that are not "
	  "attached, for the estimates (e.g. 1TB)" },
	{ "json", 'j', NULL, 0, "print the resolved plan as JSON" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_check(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct check_opts co = { 0 };
	struct check_errors errs = { NULL, 0 };
	struct diag d;
	const char *cap, *why;
	int ex = cli__parse(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	co.plan_path = p.arg;
	co.targets = cli__list(c, &p, "target", &co.ntargets);
	co.sets = cli__list(c, &p, "set", &co.nsets);
	co.json = cli__value(c, &p, "json") != NULL;
	cap = cli__value(c, &p, "assume-capacity");
	if (cap && units_parse_size(cap, &co.assume_capacity, &why))
		return cli__usage(c, "--assume-capacity '%s': %s", cap, why);
	co.errors = &errs;
	diag_clear(&d);
	ex = cli__finish(check_plan(&co, stdout, &d), &d);
	/* every other step or element the loader refused, each at its place */
	for (size_t i = 0; i < errs.nmore; i++)
		diag_print(&errs.more[i], stderr);
	if (errs.nmore)
		fprintf(stderr, "ssdbench: %zu errors in %s\n", errs.nmore + 1, co.plan_path);
	free(errs.more);
	return ex;
}
