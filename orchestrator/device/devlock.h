/* SPDX-License-Identifier: MIT */
/*
 * devlock: who holds a device's whole-run lock (the flock every run takes), and the
 * lock file `ssdbench lock` publishes for a controller on another machine: under
 * /run/ssdbench, naming the holder's pid and the token the run's own commands show
 * (--lock-token) so that they pass while everything else is refused.
 */
#ifndef SB_DEVLOCK_H
#define SB_DEVLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define DEVLOCK_TOKEN_LEN 32
/* Where lock files are published. */
#define DEVLOCK_DIR "/run/ssdbench"

/* A device's lock as the system shows it. */
struct devlock_holder {
	long pid;                  /* the process holding the flock, 0 = nobody */
	int published;             /* its lock file names pid (an `ssdbench lock`) */
	char token[DEVLOCK_TOKEN_LEN + 1]; /* the lock file's token, "" without one */
	char who[400];             /* "ssdbench lock (pid 4242, since ..., for 'ctl:/out/x',
				      ssh from 10.0.0.1)" or "process 4242 (ssdbench run ...)" */
};

/*
 * Fills h for block device path (kernel name kname): the flock on its node from
 * /proc/locks, and the lock file when it names that process. Read-only.
 */
void devlock_find(const char *path, const char *kname, struct devlock_holder *h);

/* What a lock file records; devlock_publish() fills pid, from, and since and token
 * when they are "" (the first device of a lock), so all its devices record the same. */
struct devlock_info {
	const char *path, *identity, *holder;
	uint64_t diskseq;
	long pid;
	char since[32];            /* ISO 8601 UTC */
	char from[64];             /* the ssh client's address ("" when not over ssh) */
	char token[DEVLOCK_TOKEN_LEN + 1];
};

/*
 * Writes the lock file for kname (the caller holds the flock), with li->token, or a
 * new random one there when it is "". 0, or -SB_EIO with d set.
 */
int devlock_publish(const char *kname, struct devlock_info *li, struct diag *d);
/* Removes kname's lock file if it still names this process. */
void devlock_unpublish(const char *kname);
/* The lock file's path: DEVLOCK_DIR (or a test build's, devlock_set_dir) + KNAME.lock. */
char *devlock_file(const char *kname);
/*
 * Moves the lock files to dir (borrowed for the process's life; NULL or "":
 * DEVLOCK_DIR). Only the test build (tests/fakes/fakes_main.c) calls it, before the
 * command line runs, so tests see their own locks; the shipped binary reads no
 * environment for it: every run on a machine sees the same lock files.
 */
void devlock_set_dir(const char *dir);

#endif
