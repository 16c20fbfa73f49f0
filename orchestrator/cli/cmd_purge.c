/* SPDX-License-Identifier: MIT */
/* cmd_purge: the purge command: one guarded purge of a device or file, or its dry run. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_int.h"
#include "err.h"
#include "interlock.h"
#include "purge.h"
#include "sbuf.h"

const struct cli_opt cmd_purge_opts[] = {
	{ "method", 'm', "METHOD", 0, "how to purge (default auto: the strongest the device "
	  "offers); docs/devices.md describes each, a wrong name lists them" },
	{ "destroy", 'D', "ID", 1, "confirm by the target's identity: its serial number, "
	  "the kernel name of a loop/zram/nullb device, or a file's path" },
	CLI_OPT_LOCK_TOKEN("the run whose lock process holds the device purges it "
			   "(without: this command takes the lock)"),
	{ "dry-run", 'n', NULL, 0, "print every check and what would be done; touch nothing" },
	{ "json", 'j', NULL, 0, "say the checks on stderr and print what ran as one JSON "
	  "object (what a controller reads back over ssh)" },
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* {"target": ..., "method": "discard", "seconds": 0.08, "detail": "", "dry_run": false} */
static void print_json(const char *target, const struct purge_result *r, int dry)
{
	json_t *o = json_pack("{s:s, s:s, s:f, s:s, s:b}", "target", target, "method",
			      dry ? "none" : purgemethod_name(r->method), "seconds",
			      dry ? 0.0 : r->seconds,
			      "detail", dry ? "" : r->detail, "dry_run", dry);
	char *text = o ? json_dumps(o, JSON_PRESERVE_ORDER) : NULL;

	printf("%s\n", text ? text : "{}");
	free(text);
	json_decref(o);
}

int cmd_purge(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct purge_result r;
	enum purge_method m = PURGE_AUTO;
	const char *method, *token, *const *ids;
	size_t n;
	int dry, json, lock = -1, ex = cli__parse(c, argc, argv, &p), rc = 0;
	struct diag d;

	if (ex >= 0)
		return ex;
	method = cli__value(c, &p, "method");
	if (method && purgemethod_parse(method, &m)) {
		struct sbuf sb;

		sbuf_init(&sb);
		purgemethod_list(&sb);
		ex = cli__usage(c, "unknown purge method '%s' (one of: %s)", method, sb.buf);
		sbuf_release(&sb);
		return ex;
	}
	ids = cli__list(c, &p, "destroy", &n);
	token = cli__value(c, &p, "lock-token");
	dry = cli__value(c, &p, "dry-run") != NULL;
	json = cli__value(c, &p, "json") != NULL;
	diag_clear(&d);
	memset(&r, 0, sizeof(r));
	if (!dry && !token)
		rc = interlock_lock(p.arg, &lock, &d);
	if (!rc)
		rc = purge_guarded(p.arg, m, ids, n, token, dry, json ? stderr : stdout, &r, &d);
	if (!rc && json)
		print_json(p.arg, &r, dry);
	if (lock >= 0)
		close(lock);
	return cli__finish(rc, &d);
}
