/* SPDX-License-Identifier: MIT */
/*
 * fiostatus: fio's stream of cumulative status reports (json+; one a second, at
 * each whole second of its jobs' clock when fio is sent SIGUSR1 then, or
 * --status-interval=1) read as fio writes it, cut into rounds of a fixed length. A continuous <rounds>
 * scope is one fio process; its rounds are what lies between two of these reports.
 */
#ifndef SB_FIOSTATUS_H
#define SB_FIOSTATUS_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* The per-second logs of a round, in fio's windowed log format (log_TYPE.1.log). */
enum fiostatus_log { FIOSTATUS_IOPS, FIOSTATUS_BW, FIOSTATUS_CLAT, FIOSTATUS_LAT,
		     FIOSTATUS_NLOGS };

/* Its log type as in the file name: "iops", "bw", "clat", "lat". */
const char *fiostatus_log_name(enum fiostatus_log k);

struct fiostatus_round {
	int round;                  /* 1-based within the stream */
	int last;                   /* closed by the stream's end (fio's final report) */
	const char *end;            /* fio's report at the round's end, verbatim */
	size_t end_len;
	const char *start;          /* the report at its start; NULL for the first round */
	size_t start_len;
	uint64_t clock_start_ms, clock_end_ms; /* fio's clock: its longest direction runtime */
	int64_t start_epoch_ms, end_epoch_ms;  /* Unix ms (the reports' timestamp_ms) */
	const char *log[FIOSTATUS_NLOGS];      /* per-report rows "TIME, VALUE, DDIR, 0, 0":
						* TIME ms since the round's start */
};

/* Called for each round as it closes; a non-zero return stops the stream with it. */
typedef int (*fiostatus_round_fn)(void *arg, const struct fiostatus_round *r);

struct fiostatus;

/*
 * A new cutter for rounds of round_ms (a whole number of seconds) of which the
 * run is planned to hold `planned` (its last round ends with fio's final report;
 * a run that ends sooner ends its last round there). name is the stream's name in
 * diagnostics. Round r closes at the first report whose clock reached r x
 * round_ms less 0.25 s, once a later report shows it was not fio's last; a final report within 0.5 s of a round's close joins that round instead
 * of making a round of its own.
 */
struct fiostatus *fiostatus_new(uint64_t round_ms, int planned, const char *name,
				fiostatus_round_fn fn, void *arg);
void fiostatus_free(struct fiostatus *s);

/*
 * Feeds n more bytes of the stream. Each complete report (a line "{" to a line
 * "}") is parsed; rounds that close call fn. Returns 0, fn's non-zero value, or
 * a negative SB_E* code with d naming the report's line in the stream.
 */
int fiostatus_feed(struct fiostatus *s, const char *buf, size_t n, struct diag *d);
/* The stream ended: the rounds still open close (fn with last set on the final one). */
int fiostatus_end(struct fiostatus *s, struct diag *d);

/* The last complete report (fio's final one after fiostatus_end), or NULL. */
const char *fiostatus_last(const struct fiostatus *s, size_t *len);
/* The lines outside reports (fio's warnings), each ending in a newline. */
const char *fiostatus_other(const struct fiostatus *s);
/*
 * The newest report of a started run: *clock its clock (ms), *epoch its time (Unix
 * ms); 1 when there is one, 0 before fio's jobs began.
 */
int fiostatus_clock(const struct fiostatus *s, uint64_t *clock, int64_t *epoch);
/*
 * The newest report's bytes, every direction and job, since fio began (*bytes);
 * 1 when there is one, 0 before fio's jobs began.
 */
int fiostatus_bytes(const struct fiostatus *s, uint64_t *bytes);
/* The same for one direction (FIOJSON_READ, _WRITE, _TRIM), every job. */
int fiostatus_dir_bytes(const struct fiostatus *s, int dir, uint64_t *bytes);
/* Rounds closed so far. */
int fiostatus_rounds(const struct fiostatus *s);

#endif
