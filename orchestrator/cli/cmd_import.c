/* SPDX-License-Identifier: MIT */
/* cmd_import: `ssdbench import`, fio output made elsewhere into a result archive. */
#include <stdio.h>
#include <string.h>

#include "cli_int.h"
#include "err.h"
#include "import.h"
#include "units.h"

const struct cli_opt cmd_import_opts[] = {
	{ "out", 'o', "DIR", 0, "the archive to create (required; must not exist)" },
	{ "title", 't', "TEXT", 0, "title shown in reports (default \"import\")" },
	{ "target", 0, "TEXT", 0, "the drive the output was measured on: its name in "
	  "lineups and chart footers" },
	{ "capacity", 0, "SIZE", 0, "the target's capacity, for % of capacity written" },
	{ "from", 0, "TOOL", 0, "what wrote the files: fio, crystaldiskmark, kdiskmark, diskspd "
	  "(its XML or text) or auto (the default: a CrystalDiskMark or KDiskMark text result or "
	  "DiskSpd's output by its content, else fio)" },
	{ "quiet", 'q', NULL, 0, "print nothing but errors" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_import(const struct cli_cmd *c, int argc, char **argv)
{
	struct import_opts o = { 0 };
	const char *cap, *why, *from;
	int tool;
	struct cli_parsed p;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	o.out = cli__value(c, &p, "out");
	if (!o.out)
		return cli__usage(c, "'import' needs --out DIR");
	o.title = cli__value(c, &p, "title");
	o.target = cli__value(c, &p, "target");
	o.quiet = cli__value(c, &p, "quiet") != NULL;
	cap = cli__value(c, &p, "capacity");
	if (cap && units_parse_size(cap, &o.capacity, &why))
		return cli__usage(c, "invalid --capacity '%s': %s", cap, why);
	from = cli__value(c, &p, "from");
	if (from && strcmp(from, "auto") && strcmp(from, "fio") && !import_tool_known(from))
		return cli__usage(c, "unknown --from '%s': fio, crystaldiskmark, kdiskmark, diskspd "
				  "or auto", from);
	tool = from && strcmp(from, "auto") ? strcmp(from, "fio") != 0
	       : p.nargs == 1 && import_tool_sniff(p.args[0]);
	if (tool && p.nargs != 1)
		return cli__usage(c, "a %s result is one file: one archive each",
				  from ? from : "CrystalDiskMark");
	o.from = from;
	diag_clear(&d);
	rc = tool ? import_tool_run(p.args[0], &o, &d)
		  : import_run((const char *const *)p.args, p.nargs, &o, &d);
	if (!rc && !o.quiet)
		printf("archive: %s\n", o.out);
	return cli__finish(rc, &d);
}
