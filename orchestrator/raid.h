/* SPDX-License-Identifier: MIT */
/* raid: the mdadm command sequence for a RAID 0 scope (create, wait, check, stop, zero). */
#ifndef SB_RAID_H
#define SB_RAID_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "sbuf.h"

#define RAID_MAX_MEMBERS 32
#define RAID_MAX_CMDS 8

struct raid_cmd {
	const char *purpose;        /* "create", "wait", ... */
	char **argv;                /* NULL-terminated; owned */
	int may_fail;               /* a non-zero exit is not an error (mdadm --wait on RAID 0) */
};

struct raid_plan {
	struct raid_cmd cmds[RAID_MAX_CMDS];
	size_t ncmds;
};

/*
 * Builds the sequence for array md (e.g. "/dev/md/ssdbench0") over members with a
 * chunk of chunk bytes (a multiple of 4 KiB). Returns 0, or -SB_EINVAL with d set.
 * raid_release() frees it either way.
 */
int raid_build(const char *md, const char *const *members, size_t n, uint64_t chunk,
	       struct raid_plan *p, struct diag *d);
void raid_release(struct raid_plan *p);
/* One line per command, "PURPOSE: mdadm ..." (the golden dry-run format). */
void raid_format(const struct raid_plan *p, struct sbuf *sb);
/* 0 when the kernel has md; else -1 with why ("md driver not available: ..."). */
int raid_available(const char *mdstat, char *why, size_t n);

#endif
