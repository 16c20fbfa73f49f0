/* SPDX-License-Identifier: MIT */
/*
 * run_raid: a run over a <raid> scope: the members' interlocks and locks, the
 * array's life (created before the scope's first live element, torn down after its
 * last, on failure, on interruption, and at resume), what --dry-run prints of it,
 * and the reason the scope is skipped where the kernel has no md.
 */
#ifndef SB_RUN_RAID_H
#define SB_RUN_RAID_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device.h"
#include "diag.h"
#include "interlock.h"
#include "plan.h"
#include "raid.h"
#include "run_opts.h"

struct run_member {
	const char *name;            /* the target's name; borrowed from the plan */
	char *path;                  /* as given: /dev/loop3 */
	struct device_info *dev;
	struct interlock_report *checks;
	int lock_fd;                 /* flock held for the run, or -1 */
};

struct run_raid {
	int scope;                   /* the <raid> scope's index in the plan */
	char *name;                  /* the array's name: the scope's */
	char *array;                 /* the node mdadm creates: /dev/md/ssdbench-NAME */
	char *mdstat;                /* /proc/mdstat */
	struct run_member m[RAID_MAX_MEMBERS];
	size_t n;
	uint64_t size;               /* the members' sizes added up */
	uint64_t chunk;              /* bytes */
	char *identity;              /* run_raid_identity(), kept */
	struct raid_plan seq;
	char why[320];               /* why the scope is skipped (no md); "" when it runs */
	int up;                      /* the array exists: created and not torn down */
	char *array_dev;             /* its real node once up: /dev/md127 */
	char *node;                  /* the same, kept after the teardown (the manifest's) */
	uint64_t array_size;
	char *own_id;                /* the array's kernel name, once up */
	const char *ids[1];          /* own_id: what confirms the array when it is the md
					array of exactly our members */
	const char *const *array_ids;/* ids, or --destroy when it is something else */
	size_t narray_ids;
	struct raid_log log;         /* every mdadm command run, for the manifest */
	char *json;                  /* the manifest's "raid" object, refreshed */
	const char *token;           /* a run's lock token on a bench (the members' locks are
					held by its `ssdbench lock`), or NULL; borrowed */
	const struct plan_host *host;/* the bench the members are on (`ssdbench raid` runs
					there over ssh), or NULL: this machine */
	raid_exec_fn *exec;          /* raid_exec; tests pass a fake */
	void *exec_arg;
};

/* The kernel's: where mdadm makes named arrays, and md's status. */
#define RUN_RAID_MD_DIR "/dev/md"
#define RUN_RAID_MDSTAT "/proc/mdstat"

/*
 * What a test build puts in place of RUN_RAID_MD_DIR and RUN_RAID_MDSTAT (a folder
 * and a file in which tests/integration/fake/mdadm plays md); NULL or "": the
 * kernel's.
 */
struct run_raid_paths {
	const char *md_dir;
	const char *mdstat;
};
/*
 * Installs p (borrowed; it must outlive every run_raid; NULL: none) for every
 * later run_raid on this machine; a bench's are always the bench's own. Only the
 * test build (tests/fakes/fakes_main.c) calls it, before the command line runs: the
 * shipped binary reads no environment for them.
 */
void run_raid_set_paths(const struct run_raid_paths *p);

/*
 * Whether p can run with its targets: 0 with *scope = -1 for a plan without
 * <raid>, which must have one target; with one, it must hold every step and name
 * every target as a member, all on one machine. Returns -SB_EUSAGE with d set
 * otherwise. The run and `ssdbench check` ask it alike.
 */
int run_raid_shape(const struct plan *p, int *scope, struct diag *d);
/*
 * Resolves the members of scope si (block devices, probed) and builds the mdadm
 * sequence. The array is <md dir>/ssdbench-<scope name>; the md dir and mdstat
 * are the kernel's unless a test build moved them (run_raid_set_paths). Members on a
 * bench are probed there over ssh (not by a dry run), and every later step of the
 * array's life runs there (`ssdbench raid`, interlock, probe), the array's node
 * and md dir being the bench's. Returns a new
 * run_raid (run_raid_free() it), or NULL with d set.
 */
struct run_raid *run_raid_new(const struct plan *p, int si, int dry_run, struct diag *d);
/*
 * The same for `ssdbench raid` on a bench: array <md dir>/ssdbench-NAME over the
 * block devices paths[0..n) (each member named by its path), chunk bytes.
 */
struct run_raid *run_raid_new_paths(const char *name, uint64_t chunk,
				    const char *const *paths, size_t n, struct diag *d);
void run_raid_free(struct run_raid *r);
/*
 * Every interlock on every member (rows printed on out, each member's verdict
 * kept; on the bench for r->host), and unless dry_run the lock on each (once:
 * again right before the array is created; not with r->token, whose lock process
 * holds them, nor on a bench, where the run's `ssdbench lock` does). -SB_EUNSAFE
 * with d set to the first refusal, after every member was checked.
 */
int run_raid_guard(struct run_raid *r, const struct run_opts *o, int dry_run, FILE *out,
		   struct diag *d);
/* The identity resume compares, in r->identity: "raid0:ID1,ID2,..." (the members'). */
/* "RAID 0 /dev/md/ssdbench-md over /dev/loop1, /dev/loop2 (2 x 64 MiB, chunk 128 KiB)" */
char *run_raid_describe(const struct run_raid *r);
/*
 * --dry-run: the set-up before the scope's first step, or the teardown after its
 * last (on a bench: first the ssh command that runs it there, with o's --destroy).
 */
void run_raid_print_part(const struct run_raid *r, const struct run_opts *o, int down,
			 FILE *out);
/*
 * Creates the array: the members' interlocks again, "raid-up" in the journal of
 * archive dir (so resume tears it down; dir NULL: no journal, `ssdbench raid`), mdadm's set-up, the node, and the
 * array's own interlocks. When r->up is set afterwards, whatever it returned,
 * run_raid_down() must follow.
 */
int run_raid_up(struct run_raid *r, const struct run_opts *o, const char *dir, FILE *out,
		struct diag *d);
/*
 * Stops the array and zeroes the members' superblocks; 0 once mdstat is clean,
 * with "raid-down" in the journal of archive dir (when not NULL).
 */
int run_raid_down(struct run_raid *r, const char *dir, FILE *out, struct diag *d);
/* Right before a writing step on the array: its interlocks and the same medium. */
int run_raid_recheck(const struct run_raid *r, FILE *out, struct diag *d);
/*
 * Refreshes r->json from what ran (and why it was skipped) and returns it: the
 * previous text is freed, so whoever borrowed it (the manifest) takes the new one.
 */
const char *run_raid_json(struct run_raid *r);

#endif
