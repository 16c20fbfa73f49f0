/* SPDX-License-Identifier: MIT */
/* cmd_probe: the probe command: a device's or file's identity and health. */
#include <stdio.h>

#include "cli_int.h"
#include "device.h"
#include "err.h"

const struct cli_opt cmd_probe_opts[] = {
	{ "json", 'j', NULL, 0, "print one JSON object instead of text" },
	{ "allow-missing", 0, NULL, 0, "a file that does not exist is no error: it is "
	  "printed with \"exists\": false (what a controller asks a bench before its run "
	  "creates the file)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_probe(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct device_info di;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	diag_clear(&d);
	rc = device_probe(p.arg, &di, &d);
	if (!rc && !di.exists && !cli__value(c, &p, "allow-missing"))
		rc = diag_set(&d, -SB_ENOENT, NULL, 0, 0, "cannot examine '%s': no such file",
			      p.arg);
	if (!rc)
		device_print(&di, cli__value(c, &p, "json") != NULL, stdout);
	return cli__finish(rc, &d);
}
