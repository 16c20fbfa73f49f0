/* SPDX-License-Identifier: MIT */
/* cmd_verify: checks an archive's files against the SHA-256 list in its manifest. */
#include <stdio.h>

#include "archive_files.h"
#include "cli_int.h"

const struct cli_opt cmd_verify_opts[] = {
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

static void print_list(const char *what, char *const *paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%s: %s\n", what, paths[i]);
}

int cmd_verify(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct archive_verify v;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0)
		return ex;
	diag_clear(&d);
	rc = cli__refuse_pass_set(p.arg, "verify", &d);
	if (!rc)
		rc = archive_verify(p.arg, &v, &d);
	if (rc)
		return cli__finish_data(rc, &d);
	print_list("missing", v.missing, v.nmissing);
	print_list("changed", v.changed, v.nchanged);
	print_list("extra", v.extra, v.nextra);
	/* ssdbench writes only files and folders: anything else was put there. */
	print_list("tampered", v.special, v.nspecial);
	/* a report killed half-way: its drawing folder, the old report maybe in it */
	for (size_t i = 0; i < v.nleftover; i++)
		printf("leftover: %s/ (a report that was cut short; the next 'ssdbench report "
		       "%s' removes it)\n", v.leftover[i], p.arg);
	ex = v.nmissing || v.nchanged || v.nextra || v.nspecial || v.nleftover;
	printf("%s: %zu files listed, %zu missing, %zu changed, %zu extra", p.arg, v.checked,
	       v.nmissing, v.nchanged, v.nextra);
	if (v.nleftover)
		printf(", %zu report folder%s left", v.nleftover, v.nleftover == 1 ? "" : "s");
	if (v.nspecial)
		printf(", %zu special (links, FIFOs, devices): tampered\n", v.nspecial);
	else
		printf("%s\n", ex ? "" : ": intact");
	archive_verify_release(&v);
	return ex;
}
