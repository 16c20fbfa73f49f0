/* SPDX-License-Identifier: MIT */
/* fiorun_eta: fio's ETA line read into numbers (fio's eta.c, show_thread_status). */
#include "fiorun_eta.h"

#include <stdlib.h>
#include <string.h>

/* fio's unit prefixes (num2str): decimal k M G T P, binary Ki Mi Gi Ti Pi. */
static double prefix(const char **s)
{
	static const char letters[] = "kMGTP";
	const char *p = *s;
	const char *at = *p ? strchr(letters, *p == 'K' ? 'k' : *p) : NULL;
	double k = 1;

	if (!at)
		return 1;
	p++;
	for (long i = 0; i <= at - letters; i++)
		k *= *p == 'i' ? 1024.0 : 1000.0;
	p += *p == 'i';
	*s = p;
	return k;
}

/* "r=1MiB/s,w=2MiB/s" or "r=256,w=512 IOPS": the values by direction. */
static void dir_values(const char *s, const char *end, double out[2], int bw)
{
	while (s < end) {
		const char *eq = memchr(s, '=', (size_t)(end - s));
		char *num_end;
		double v;
		int d;

		if (!eq || eq == s)
			return;
		d = eq[-1] == 'r' ? 0 : eq[-1] == 'w' ? 1 : -1;
		v = strtod(eq + 1, &num_end);
		if (num_end == eq + 1)
			return;
		{
			const char *u = num_end;

			v *= prefix(&u);
			if (bw && *u != 'B')
				return;
		}
		if (d >= 0)
			out[d] = v;
		s = memchr(num_end, ',', (size_t)(end - num_end));
		if (!s)
			return;
		s++;
	}
}

/* "eta 1d:02h:03m:04s" or "eta 00m:05s": seconds, or -1. */
static double eta_seconds(const char *s, const char *end)
{
	double t = 0;
	int any = 0;

	while (s < end) {
		char *e;
		long v = strtol(s, &e, 10);

		if (e == s || e >= end)
			break;
		t += (double)v * (*e == 'd' ? 86400 : *e == 'h' ? 3600 : *e == 'm' ? 60 :
				  *e == 's' ? 1 : 0);
		any = 1;
		s = e + 1 + (e + 1 < end && e[1] == ':');
	}
	return any ? t : -1;
}

int fiorun_eta_parse(const char *line, size_t n, struct fiorun_eta *e)
{
	const char *end = line + n, *s;

	e->pct = e->eta_s = -1;
	e->bw[0] = e->bw[1] = e->iops[0] = e->iops[1] = -1;
	if (n < 5 || memcmp(line, "Jobs:", 5))
		return -1;
	for (s = memchr(line, '[', n); s && s < end; s = memchr(s, '[', (size_t)(end - s))) {
		const char *close;
		size_t len;

		s++;
		close = memchr(s, ']', (size_t)(end - s));
		if (!close)
			break;
		len = (size_t)(close - s);
		if (len > 4 && !memcmp(s, "eta ", 4))
			e->eta_s = eta_seconds(s + 4, close);
		else if (len > 5 && !memcmp(close - 5, " IOPS", 5))
			dir_values(s, close - 5, e->iops, 0);
		else if (len > 2 && memchr(s, '=', len) && !memcmp(close - 2, "/s", 2))
			dir_values(s, close, e->bw, 1);
		else if (len > 1 && close[-1] == '%')
			e->pct = strtod(s, NULL);
		s = close + 1;
	}
	return 0;
}
