/* SPDX-License-Identifier: MIT */
/*
 * archlock: one writer per archive. `run`, `resume` and `rerun` hold an exclusive
 * flock on the archive's .lock for their whole life; the file names the holder
 * (pid, host, since) and keeps a little disk space in reserve, given back for the
 * last manifest when the disk is full. See docs/archive-format.md.
 */
#ifndef SB_ARCHLOCK_H
#define SB_ARCHLOCK_H

#include "diag.h"

/* The lock file's name inside the archive (never listed in the manifest). */
#define ARCHLOCK_FILE ".lock"
/* Bytes the lock file keeps allocated past its end while the run lasts. */
#define ARCHLOCK_RESERVE (128 * 1024)

struct archlock {
	int fd;       /* -1: not held */
	char *path;   /* DIR/.lock */
	long len;     /* the holder record's length */
};

void archlock_init(struct archlock *l);

/*
 * Takes dir's lock: opens (creating it when missing, never through a symlink)
 * dir/.lock, locks it without waiting, and writes who holds it. Returns 0;
 * -SB_EUNSAFE when another process holds it, d naming that process (pid, host,
 * since); -SB_EIO when the file cannot be opened or written.
 */
int archlock_take(struct archlock *l, const char *dir, struct diag *d);

/* Gives the reserve back to the filesystem (before the run's last save). */
void archlock_unreserve(struct archlock *l);

/* Removes dir/.lock and unlocks it; a no-op when l is not held. */
void archlock_release(struct archlock *l);

#endif
