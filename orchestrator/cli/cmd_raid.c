/* SPDX-License-Identifier: MIT */
/* cmd_raid: `ssdbench raid up|down`: a RAID 0 of this machine's disks made or undone alone. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_int.h"
#include "err.h"
#include "run_raid.h"
#include "units.h"

const struct cli_opt cmd_raid_opts[] = {
	{ "member", 'm', "DEVICE", 1, "a member (a whole block device), in stripe order" },
	{ "chunk", 'c', "SIZE", 0, "the chunk (stripe unit), a multiple of 4 KiB (default "
	  "128KiB)" },
	{ "destroy", 'D', "ID", 1, "confirm each member by its identity (up); the array "
	  "itself when it is not the md array of exactly the members" },
	CLI_OPT_LOCK_TOKEN("for the members: their run holds them (without: this command "
			   "locks them while it runs)"),
	{ "json", 'j', NULL, 0, "say the checks on stderr and print the array as one JSON "
	  "object (what a controller reads back over ssh)" },
	CLI_OPTS_END
};

/* {"array", "array_dev", "array_size", "array_id", "ours", "up", "raid": {...}} */
static void print_json(struct run_raid *r)
{
	json_t *o = json_object();
	char *text;

	json_object_set_new(o, "array", json_string(r->array));
	json_object_set_new(o, "array_dev", r->array_dev ? json_string(r->array_dev) :
			    json_null());
	json_object_set_new(o, "array_size", json_integer((json_int_t)r->array_size));
	json_object_set_new(o, "array_id", r->own_id ? json_string(r->own_id) : json_null());
	json_object_set_new(o, "ours", json_boolean(r->array_ids && r->array_ids == r->ids));
	json_object_set_new(o, "up", json_boolean(r->up));
	json_object_set_new(o, "raid", json_loads(run_raid_json(r), 0, NULL));
	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	printf("%s\n", text);
	free(text);
	json_decref(o);
}

/*
 * up: every member's interlocks, mdadm's set-up, the array's own checks; a failure
 * tears down whatever was made, so the command never leaves half an array. down:
 * mdadm's teardown, judged by mdstat. Exit status 1 when refused or failed.
 */
int cmd_raid(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct run_opts o;
	struct run_raid *r = NULL;
	const char *chunk, *why = NULL, *const *members;
	uint64_t bytes = 128 * 1024;
	size_t n;
	int up, json, ex = cli__parse(c, argc, argv, &p), rc;
	struct diag d, dd;
	FILE *out;

	if (ex >= 0)
		return ex;
	up = !strcmp(p.args[0], "up");
	if (p.nargs != 2 || (!up && strcmp(p.args[0], "down")))
		return cli__usage(c, "'raid' takes 'up NAME' or 'down NAME'");
	chunk = cli__value(c, &p, "chunk");
	if (chunk && units_parse_size(chunk, &bytes, &why))
		return cli__usage(c, "invalid --chunk '%s': %s", chunk, why);
	members = cli__list(c, &p, "member", &n);
	if (!n)
		return cli__usage(c, "'raid %s' needs its members: --member DEVICE ...", p.args[0]);
	json = cli__value(c, &p, "json") != NULL;
	out = json ? stderr : stdout;
	memset(&o, 0, sizeof(o));
	o.destroy = cli__list(c, &p, "destroy", &o.ndestroy);
	diag_clear(&d);
	r = run_raid_new_paths(p.args[1], bytes, members, n, &d);
	if (!r)
		return cli__finish(d.code ? d.code : -SB_EINVAL, &d);
	rc = r->why[0] ? diag_set(&d, -SB_EIO, NULL, 0, 0, "%s", r->why) : 0;
	r->token = cli__value(c, &p, "lock-token");
	if (!rc && up)
		rc = run_raid_up(r, &o, NULL, out, &d);
	diag_clear(&dd);
	/* down: asked for; after up: only what a failed set-up left behind */
	if ((up ? rc && r->up : !rc) && run_raid_down(r, NULL, out, &dd)) {
		if (!rc)
			rc = diag_set(&d, dd.code, NULL, 0, 0, "%s", dd.msg);
		else
			diag_print(&dd, stderr);   /* the set-up's failure comes first */
	}
	if (!rc && json)
		print_json(r);
	run_raid_free(r);
	return cli__finish(rc, &d);
}
