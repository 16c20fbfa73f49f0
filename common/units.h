/* SPDX-License-Identifier: MIT */
/* units: sizes, times and percentages as written in plans and on the command line. */
#ifndef SB_UNITS_H
#define SB_UNITS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Sizes: a whole number with an optional suffix. Binary (powers of 1024), as fio
 * reads them: k K KiB, m M MiB, g G GiB, t T TiB (case-insensitive, "KiB" also
 * "kib"). Decimal (powers of 1000), as drive makers label capacity: kB KB, MB,
 * GB, TB. A bare number is bytes. Returns 0, or -SB_EINVAL with a reason in why.
 */
int units_parse_size(const char *s, uint64_t *bytes, const char **why);
/* Times: "30" or "30s", "500ms", "15min" or "15m", "8h", "2d". Result in ms. */
int units_parse_time_ms(const char *s, uint64_t *ms, const char **why);
/* Whole number in [min, max]. */
int units_parse_int(const char *s, long long min, long long max, long long *out,
		    const char **why);
/* Writes "1 GiB", "128 KiB", "4 KiB", "1.5 MiB", "512 B" into buf. */
void units_format_size(uint64_t bytes, char *buf, size_t n);
/* Writes the size as fio reads it, exact: "1g", "128k", "4k", "1536" into buf. */
void units_format_size_fio(uint64_t bytes, char *buf, size_t n);
/*
 * A test's name as the shipped plans write it: "seq1m-q8t1-read", "rnd4k-q32t16-write",
 * "rnd4k-q1t1-mix70" (what 0 reads, 1 writes, 2 a mix of mix_read % reads), into buf;
 * imported results of other tools are named so (docs/import.md).
 */
void units_test_name(char *buf, size_t n, int random, uint64_t bs, int qd, int threads,
		     int what, int mix_read);

#endif
