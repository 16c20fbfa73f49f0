/* SPDX-License-Identifier: MIT */
/* clock: monotonic and Unix-time clocks, and ISO 8601 stamps, for every folder. */
#include "clock.h"

#include <time.h>

double clock_mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int64_t clock_mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t clock_unix_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

char *clock_iso8601(int64_t unix_s, char *buf, size_t n)
{
	time_t t = (time_t)unix_s;
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm))
		return NULL;
	return buf;
}

char *clock_local_stamp(char *buf, size_t n)
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	if (!strftime(buf, n, "[%H:%M:%S] ", &tm) && n)
		buf[0] = '\0';
	return buf;
}
