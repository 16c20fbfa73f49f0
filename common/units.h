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

#endif
