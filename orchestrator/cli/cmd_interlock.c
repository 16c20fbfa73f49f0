/* SPDX-License-Identifier: MIT */
/* cmd_interlock: `ssdbench interlock`: the checks before destroying a device's data, alone. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli_int.h"
#include "err.h"
#include "interlock.h"
#include "xalloc.h"

const struct cli_opt cmd_interlock_opts[] = {
	{ "destroy", 'D', "ID", 1, "confirm by the target's identity: its serial number, "
	  "the kernel name of a loop/zram/nullb device, or a file's path" },
	CLI_OPT_LOCK_TOKEN("its lock on the device is this run's own (the run's later "
			   "checks on a bench)"),
	{ "json", 'j', NULL, 0, "print one JSON object (every row, the verdict, diskseq)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* The report as one JSON object on out (what a controller reads back over ssh). */
static void print_json(const char *dev, const struct interlock_report *r, FILE *out)
{
	json_t *o = json_object(), *rows = json_array();
	char *text;

	for (size_t i = 0; i < r->nrows; i++)
		json_array_append_new(rows, json_pack("{s:s, s:b, s:s}", "name",
						      r->rows[i].name, "pass", r->rows[i].pass,
						      "detail", r->rows[i].detail));
	json_object_set_new(o, "path", json_string(dev));
	json_object_set_new(o, "what", json_string(r->what));
	json_object_set_new(o, "refused", json_boolean(r->refused));
	json_object_set_new(o, "first_failure", json_string(r->first_failure));
	json_object_set_new(o, "diskseq", json_integer((json_int_t)r->diskseq));
	json_object_set_new(o, "rows", rows);
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fprintf(out, "%s\n", text);
	free(text);
	json_decref(o);
}

/*
 * Every interlock of the device layer on one device, nothing written: what a
 * controller runs on a bench (over ssh) before fio writes to a device there.
 * Exit status 1 when any check refuses.
 */
int cmd_interlock(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct interlock_report *r = xcalloc(1, sizeof(*r));
	const char *const *ids;
	size_t n;
	struct diag d;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0) {
		free(r);
		return ex;
	}
	ids = cli__list(c, &p, "destroy", &n);
	diag_clear(&d);
	rc = interlock_check_token(p.arg, ids, n, cli__value(c, &p, "lock-token"), r, &d);
	if (!rc || rc == -SB_EUNSAFE) {
		if (cli__value(c, &p, "json"))
			print_json(p.arg, r, stdout);
		else
			interlock_print(r, stdout);
	}
	free(r);
	return cli__finish(rc, &d);
}
