/* SPDX-License-Identifier: MIT */
/* units: parsing and formatting of sizes, times and counts. */
#include "units.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "err.h"

struct unit {
	const char *suffix;
	uint64_t mult;
};

static const struct unit size_units[] = {
	{ "", 1 }, { "b", 1 },
	{ "k", 1ULL << 10 }, { "kib", 1ULL << 10 },
	{ "m", 1ULL << 20 }, { "mib", 1ULL << 20 },
	{ "g", 1ULL << 30 }, { "gib", 1ULL << 30 },
	{ "t", 1ULL << 40 }, { "tib", 1ULL << 40 },
	{ "kb", 1000ULL }, { "mb", 1000000ULL },
	{ "gb", 1000000000ULL }, { "tb", 1000000000000ULL },
};

static const struct unit time_units[] = {
	{ "", 1000 }, { "s", 1000 }, { "sec", 1000 }, { "ms", 1 },
	{ "m", 60000 }, { "min", 60000 }, { "h", 3600000 }, { "d", 86400000 },
};

/* Splits s into a whole number and a suffix; returns 0 or -SB_EINVAL. */
static int split_number(const char *s, uint64_t *num, const char **suffix,
			const char **why)
{
	char *end;
	unsigned long long v;

	while (isspace((unsigned char)*s))
		s++;
	if (!isdigit((unsigned char)*s)) {
		*why = "expected a whole number";
		return -SB_EINVAL;
	}
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno == ERANGE) {
		*why = "number too large";
		return -SB_EINVAL;
	}
	while (isspace((unsigned char)*end))
		end++;
	*num = v;
	*suffix = end;
	return 0;
}

static int apply_unit(const struct unit *units, size_t n, const char *s,
		      uint64_t *out, const char **why, const char *what)
{
	const char *suffix;
	uint64_t num;
	int rc = split_number(s, &num, &suffix, why);

	if (rc)
		return rc;
	for (size_t i = 0; i < n; i++) {
		if (strcasecmp(suffix, units[i].suffix))
			continue;
		if (units[i].mult && num > UINT64_MAX / units[i].mult) {
			*why = "number too large";
			return -SB_EINVAL;
		}
		*out = num * units[i].mult;
		return 0;
	}
	*why = what;
	return -SB_EINVAL;
}

int units_parse_size(const char *s, uint64_t *bytes, const char **why)
{
	return apply_unit(size_units, sizeof(size_units) / sizeof(size_units[0]), s,
			  bytes, why, "unknown size unit (use k, KiB, M, MiB, G, GiB, "
			  "T, TiB for powers of 1024, or kB, MB, GB, TB for powers of 1000)");
}

int units_parse_time_ms(const char *s, uint64_t *ms, const char **why)
{
	return apply_unit(time_units, sizeof(time_units) / sizeof(time_units[0]), s,
			  ms, why, "unknown time unit (use ms, s, min, h or d)");
}

int units_parse_int(const char *s, long long min, long long max, long long *out,
		    const char **why)
{
	char *end;
	long long v;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s) {
		*why = "expected a whole number";
		return -SB_EINVAL;
	}
	errno = 0;
	v = strtoll(s, &end, 10);
	while (isspace((unsigned char)*end))
		end++;
	if (*end || errno == ERANGE) {
		*why = "expected a whole number";
		return -SB_EINVAL;
	}
	if (v < min || v > max) {
		*why = "out of range";
		return -SB_EINVAL;
	}
	*out = v;
	return 0;
}

void units_format_size(uint64_t bytes, char *buf, size_t n)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	size_t i = 0;

	while (v >= 1024.0 && i + 1 < sizeof(names) / sizeof(names[0])) {
		v /= 1024.0;
		i++;
	}
	if (v == (double)(uint64_t)v)
		snprintf(buf, n, "%llu %s", (unsigned long long)v, names[i]);
	else
		snprintf(buf, n, "%.1f %s", v, names[i]);
}

void units_format_size_fio(uint64_t bytes, char *buf, size_t n)
{
	static const char suffix[] = "kmgt";
	int i = -1;

	while (bytes && bytes % 1024 == 0 && i < 3) {
		bytes /= 1024;
		i++;
	}
	if (i < 0)
		snprintf(buf, n, "%llu", (unsigned long long)bytes);
	else
		snprintf(buf, n, "%llu%c", (unsigned long long)bytes, suffix[i]);
}

void units_test_name(char *buf, size_t n, int random, uint64_t bs, int qd, int threads,
		     int what, int mix_read)
{
	char size[24], rw[16];

	if (bs && bs % 1048576 == 0)
		snprintf(size, sizeof(size), "%llum", (unsigned long long)(bs / 1048576));
	else if (bs && bs % 1024 == 0)
		snprintf(size, sizeof(size), "%lluk", (unsigned long long)(bs / 1024));
	else
		snprintf(size, sizeof(size), "%llub", (unsigned long long)bs);
	if (what == 2)
		snprintf(rw, sizeof(rw), "mix%d", mix_read);
	else
		snprintf(rw, sizeof(rw), "%s", what ? "write" : "read");
	snprintf(buf, n, "%s%s-q%dt%d-%s", random ? "rnd" : "seq", size, qd, threads, rw);
}
