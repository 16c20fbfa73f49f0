/* SPDX-License-Identifier: MIT */
/*
 * benchlock: a run's lock on a device of a bench: `ssdbench lock` there, over one
 * ssh session the controller keeps for the whole run. The bench holds the device's
 * flock until the session's stdin ends -- the run closes it at its end, and it ends
 * by itself when the controller dies or the connection does -- so no lock outlives
 * its run. The token it prints is what the run's own device commands show there
 * (--lock-token); everything else is refused (docs/benches.md).
 */
#ifndef SB_BENCHLOCK_H
#define SB_BENCHLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "plan.h"

struct benchlock;

/*
 * Runs `ssdbench lock PATH... --destroy ID... --holder HOLDER --json` on h over the
 * devices paths[0..npaths) (one lock, one token: a RAID's members) and reads its
 * line (within timeout_s). Returns a new benchlock (benchlock_close() it), or NULL
 * with d set: the bench's refusal (-SB_EUNSAFE, naming who holds the device), or why
 * ssh failed.
 */
struct benchlock *benchlock_open(const struct plan_host *h, const char *const *paths,
				 size_t npaths, const char *const *ids, size_t n, const char *holder,
				 unsigned timeout_s, struct diag *d);
/* The token the run's device commands on the bench pass with --lock-token. */
const char *benchlock_token(const struct benchlock *l);
/* The first device's diskseq when the lock was taken. */
uint64_t benchlock_diskseq(const struct benchlock *l);
/* 0 while the session holding the lock is up; -SB_EUNSAFE with d set once it ended. */
int benchlock_alive(struct benchlock *l, struct diag *d);
/*
 * Ends the session (its stdin closed: the bench releases the lock) and waits for it,
 * at most timeout_s. 0, or -SB_EIO with d set when it did not end cleanly. NULL: 0.
 */
int benchlock_close(struct benchlock *l, unsigned timeout_s, struct diag *d);
/* The bench command's words (for the dry run); free() the array only. */
const char **benchlock_args(const char *const *paths, size_t npaths, const char *const *ids,
			    size_t n, const char *holder, size_t *nargs);

#endif
