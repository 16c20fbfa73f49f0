/* SPDX-License-Identifier: MIT */
/* raid: builds the mdadm command sequence for a RAID 0 scope and tells whether md exists. */
#include "raid.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

/* Adds a command from a fixed prefix plus the member list when with_members. */
static void add(struct raid_plan *p, const char *purpose, int may_fail,
		const char *const *args, const char *const *members, size_t n)
{
	struct raid_cmd *c = &p->cmds[p->ncmds++];
	size_t na = 0, i = 0;

	while (args[na])
		na++;
	c->purpose = purpose;
	c->may_fail = may_fail;
	c->argv = xcalloc(na + n + 1, sizeof(char *));
	for (; i < na; i++)
		c->argv[i] = xstrdup(args[i]);
	for (size_t k = 0; k < n; k++)
		c->argv[i++] = xstrdup(members[k]);
}

int raid_build(const char *md, const char *const *members, size_t n, uint64_t chunk,
	       struct raid_plan *p, struct diag *d)
{
	char level[] = "--level=0", ndev[32], chk[48];

	memset(p, 0, sizeof(*p));
	if (n < 2 || n > RAID_MAX_MEMBERS)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "a RAID 0 needs 2 to %d members, "
				"not %zu", RAID_MAX_MEMBERS, n);
	if (!chunk || chunk % 4096)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "RAID chunk %llu is not a multiple "
				"of 4 KiB", (unsigned long long)chunk);
	snprintf(ndev, sizeof(ndev), "--raid-devices=%zu", n);
	snprintf(chk, sizeof(chk), "--chunk=%lluK", (unsigned long long)(chunk / 1024));
	{
		const char *create[] = { "mdadm", "--create", md, level, ndev, chk,
					 "--metadata=1.2", "--run", "--force", NULL };
		const char *wait[] = { "mdadm", "--wait", md, NULL };
		const char *check[] = { "mdadm", "--detail", "--export", md, NULL };
		const char *stop[] = { "mdadm", "--stop", md, NULL };
		const char *zero[] = { "mdadm", "--zero-superblock", NULL };

		add(p, "create", 0, create, members, n);
		/* RAID 0 has no resync: --wait "fails" because it did not wait. */
		add(p, "wait", 1, wait, NULL, 0);
		add(p, "check", 0, check, NULL, 0);
		add(p, "stop", 0, stop, NULL, 0);
		add(p, "zero", 0, zero, members, n);
	}
	return 0;
}

void raid_release(struct raid_plan *p)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		for (char **a = p->cmds[i].argv; a && *a; a++)
			free(*a);
		free(p->cmds[i].argv);
	}
	memset(p, 0, sizeof(*p));
}

void raid_format(const struct raid_plan *p, struct sbuf *sb)
{
	for (size_t i = 0; i < p->ncmds; i++) {
		sbuf_addf(sb, "%s:", p->cmds[i].purpose);
		for (char **a = p->cmds[i].argv; *a; a++)
			sbuf_addf(sb, " %s", *a);
		sbuf_adds(sb, p->cmds[i].may_fail ? "  (a non-zero exit is expected)\n" : "\n");
	}
	sbuf_adds(sb, "verify: /proc/mdstat no longer lists the array\n");
}

int raid_available(const char *mdstat, char *why, size_t n)
{
	if (!access(mdstat, R_OK))
		return 0;
	snprintf(why, n, "md driver not available (no '%s': %s)", mdstat, strerror(errno));
	return -1;
}
