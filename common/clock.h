/* SPDX-License-Identifier: MIT */
/* clock: the one monotonic clock, the one Unix-time clock and the one time stamp format. */
#ifndef SB_CLOCK_H
#define SB_CLOCK_H

#include <stddef.h>
#include <stdint.h>

/* Seconds on CLOCK_MONOTONIC: for durations and deadlines (never jumps). */
double clock_mono_s(void);
/* The same in whole milliseconds. */
int64_t clock_mono_ms(void);
/* Milliseconds since the Unix epoch (CLOCK_REALTIME): for what is stamped or compared
 * with other machines' clocks, as fio's own timestamps. */
int64_t clock_unix_ms(void);

/* Room for an ISO 8601 stamp and its NUL ("2026-11-30T02:14:48Z"). */
#define CLOCK_ISO_SIZE 32

/*
 * Writes Unix second unix_s as UTC, ISO 8601, to the second ("2026-11-30T02:14:48Z",
 * the archive's one time format) into buf of n bytes. Returns buf, or NULL when the
 * second has no calendar date.
 */
char *clock_iso8601(int64_t unix_s, char *buf, size_t n);

/* The local time of day as "[HH:MM:SS] ", the prefix of progress lines off a TTY. */
char *clock_local_stamp(char *buf, size_t n);

#endif
