/* SPDX-License-Identifier: MIT */
/*
 * journal: the run's append-only record, ARCHIVE/journal.jsonl, one JSON object per
 * line, fsync'd after each. The first line says how the run was started (plan file
 * and its checksums, --set and --target values, the target's identity); then one
 * line per finished element, in order; "purged" after the run's initial purge;
 * "raid-up" (status: the array) before mdadm creates a RAID, "raid-down" once it
 * is gone; "capacity-change" (with the restore record) before a drive is resized,
 * "capacity-restored" once it has its capacity back; "write-cache-change" and
 * "write-cache-restored" likewise around a drive's write cache set for the plan;
 * "end" when the run stopped. `ssdbench resume` reads it to go on after the last
 * finished element. A line cut short by a crash is ignored.
 */
#ifndef SB_JOURNAL_H
#define SB_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

#define JOURNAL_FILE "journal.jsonl"

/* How the run was started: what resume needs to start it again identically. */
struct journal_start {
	char *plan;               /* the plan file, absolute */
	char **files, **sha256;   /* every file the plan read (includes too) */
	size_t nfiles;
	char **sets, **targets;   /* --set and --target values as given */
	size_t nsets, ntargets;
	char **hosts;             /* --host values as given */
	size_t nhosts;
	char *op, *purge;         /* --op and --purge, or NULL */
	char *target_path;        /* the resolved target */
	char *target_identity;    /* serial, kernel name or "file" */
	uint64_t target_size;
	int target_created;       /* a file target the run created (ours to erase) */
	char *started;            /* UTC ISO 8601 */
	char *plan_copy;          /* the plan's copy in the archive ("plan/x.xml"), or NULL */
	char *rerun_of;           /* the archive this run repeats (absolute), or NULL */
};

/* One finished element. */
struct journal_elem {
	int index;
	char *name;
	int round;
	char *status;             /* "ok", "failed" or "skipped" */
	char *error;
	char *started, *ended;
	uint64_t written_after;   /* bytes written to the target by the run so far */
	uint64_t runtime_ms;      /* a continuous round's length on fio's clock; 0: the step's */
	uint64_t seed;            /* fio's randseed for it (a continuous round: its segment's) */
	uint64_t lost_before;     /* bytes fio wrote before it that no element holds */
	int new_pass;             /* a resumed fill's pass starts again at it */
};

struct journal {
	struct journal_start start;
	struct journal_elem *elems;
	size_t nelems, cap;
	int purged;               /* the initial purge (--purge, --op) finished */
	char *raid_open;          /* a RAID array the run created ("raid-up") and did
				     not tear down ("raid-down"), or NULL */
	char *restore_open;       /* the restore record (JSON, hwop.h) of a capacity
				     change ("capacity-change") not yet given back
				     ("capacity-restored"), or NULL */
	char *wcache_open;        /* the same for a write cache set ("write-cache-change")
				     and not yet set back ("write-cache-restored") */
	int ended;                /* an "end" line was written */
};

void journal_init(struct journal *j);
void journal_release(struct journal *j);

/* Creates DIR/journal.jsonl with the start line (replacing any). 0 or -SB_EIO. */
int journal_create(const char *dir, const struct journal_start *s, struct diag *d);
/* Appends an element line, then fsyncs. 0 or -SB_EIO. */
int journal_add_elem(const char *dir, const struct journal_elem *e, struct diag *d);
/* Appends {"event": event} ("purged", "end") with an optional status. */
int journal_add_event(const char *dir, const char *event, const char *status,
		      struct diag *d);

/*
 * Appends {"event": EVENT, "restore": RESTORE} (RESTORE a JSON object) then fsyncs:
 * "capacity-change" (hwop_restore_json()) before a drive is resized,
 * "write-cache-change" (run_wcache.h) before its write cache is set. 0 or -SB_EIO.
 */
int journal_add_restore(const char *dir, const char *event, const char *restore,
			struct diag *d);

/*
 * Reads DIR/journal.jsonl into j (initialised). A missing file is -SB_ENOENT; a bad
 * line other than a cut-short last one is -SB_EPARSE naming its line.
 */
int journal_read(const char *dir, struct journal *j, struct diag *d);

#endif
