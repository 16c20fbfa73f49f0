/* SPDX-License-Identifier: MIT */
/* cmd_compare: `ssdbench compare`, a lineup report over several archives. */
#include "cli_int.h"

const struct cli_opt cmd_compare_opts[] = {
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

int cmd_compare(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	int ex = cli__parse(c, argc, argv, &p);

	return ex >= 0 ? ex : 1;
}
