/* SPDX-License-Identifier: MIT */
/* bench_gen: writes bench/run's synthetic fio logs and dispersion series, deterministically. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: the same data on every machine and every run. */
struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 2685821657736338717ULL;
}

/* Uniform in [0, 1). */
static double rng_unit(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Appends an unsigned number; faster than fprintf for hundreds of millions of fields. */
static char *put_u(char *p, uint64_t v)
{
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

static char *put_sep(char *p)
{
	*p++ = ',';
	*p++ = ' ';
	return p;
}

static int finish(FILE *f, const char *path)
{
	if (ferror(f) || fclose(f) != 0) {
		fprintf(stderr, "bench_gen: cannot write '%s': %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}

/*
 * A per-I/O completion-latency log as fio 3.33 writes it with log_avg_msec=0:
 * "time, clat_ns, ddir, 4096, prio" (5 columns) or with log_offset=1
 * "time, clat_ns, ddir, 4096, offset, prio" (6). Rows spread over secs seconds,
 * 70 % reads, latency log-normal-ish around 80 µs with a slow tail.
 */
static int gen_perio(const char *path, uint64_t lines, int cols, uint64_t secs)
{
	FILE *f = fopen(path, "wb");
	static char buf[1 << 16];
	struct rng r = { 0x9e3779b97f4a7c15ULL };
	char *p = buf;

	if (!f) {
		fprintf(stderr, "bench_gen: cannot create '%s': %s\n", path, strerror(errno));
		return 1;
	}
	for (uint64_t i = 0; i < lines; i++) {
		uint64_t t = i * secs * 1000 / lines;
		double u = rng_unit(&r);
		uint64_t lat = (uint64_t)(40000 + 60000 * u * u + (u > 0.999 ? 4000000 * u : 0));
		int ddir = (rng_next(&r) % 10) < 7 ? 0 : 1;

		p = put_sep(put_u(p, t));
		p = put_sep(put_u(p, lat));
		p = put_sep(put_u(p, (uint64_t)ddir));
		p = put_u(p, 4096);
		if (cols >= 6)
			p = put_u(put_sep(p), (rng_next(&r) % (1u << 24)) * 4096);
		p = put_u(put_sep(p), 0);
		*p++ = '\n';
		if (p - buf > (int)sizeof(buf) - 128) {
			fwrite(buf, 1, (size_t)(p - buf), f);
			p = buf;
		}
	}
	fwrite(buf, 1, (size_t)(p - buf), f);
	return finish(f, path);
}

/*
 * A dispersion series: one windowed row per second ("time, value, 1, 0, 0", stamped
 * 1000, 2001, 3000 ... like fio's log_avg_msec=1000) of random-write IOPS: 420K
 * fresh out of the box for the first 3 %, a cliff, then a bimodal steady state with
 * GC stalls and spikes. kind scales it: iops, bw (KiB/s of 4 KiB I/Os) or clat (ns at
 * QD32). With binpath, also writes the (seconds, IOPS) pairs as native doubles for
 * the reference tools, so they draw exactly the points ssdbench draws.
 */
static int gen_series(const char *path, uint64_t points, const char *kind, const char *binpath)
{
	FILE *f = fopen(path, "wb");
	FILE *bf = binpath ? fopen(binpath, "wb") : NULL;
	static char buf[1 << 16];
	struct rng r = { 0x2545f4914f6cdd1dULL };
	uint64_t fob = points * 3 / 100 + 1;
	char *p = buf;

	if (!f || (binpath && !bf)) {
		fprintf(stderr, "bench_gen: cannot create '%s': %s\n", f ? binpath : path,
			strerror(errno));
		if (f)
			fclose(f);
		return 1;
	}
	for (uint64_t i = 1; i <= points; i++) {
		double u = rng_unit(&r), iops;
		double xy[2];
		uint64_t v;

		if (i < fob)
			iops = 420000 - 20000 * u;
		else if (u < 0.02)
			iops = 2000 + 8000 * rng_unit(&r);          /* GC stall */
		else if (u > 0.995)
			iops = 150000 + 100000 * rng_unit(&r);      /* spike */
		else if (u < 0.6)
			iops = 62000 + 9000 * rng_unit(&r);
		else
			iops = 84000 + 6000 * rng_unit(&r);
		if (!strcmp(kind, "bw"))
			v = (uint64_t)(iops * 4);
		else if (!strcmp(kind, "clat"))
			v = (uint64_t)(32e9 / iops);
		else
			v = (uint64_t)iops;
		p = put_sep(put_u(p, i * 1000 + (i & 1)));
		p = put_sep(put_u(p, v));
		memcpy(p, "1, 0, 0\n", 8);
		p += 8;
		if (p - buf > (int)sizeof(buf) - 128) {
			fwrite(buf, 1, (size_t)(p - buf), f);
			p = buf;
		}
		if (bf) {
			xy[0] = (double)i;
			xy[1] = (double)(uint64_t)iops;
			fwrite(xy, sizeof(xy), 1, bf);
		}
	}
	fwrite(buf, 1, (size_t)(p - buf), f);
	if (bf && finish(bf, binpath))
		return 1;
	return finish(f, path);
}

static void usage(void)
{
	fputs("usage: bench_gen perio FILE LINES COLS SECONDS\n"
	      "       bench_gen series FILE POINTS iops|bw|clat [XY_DOUBLES_FILE]\n", stderr);
}

int main(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[1], "perio"))
		return gen_perio(argv[2], strtoull(argv[3], NULL, 10), atoi(argv[4]),
				 strtoull(argv[5], NULL, 10));
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "series"))
		return gen_series(argv[2], strtoull(argv[3], NULL, 10), argv[4],
				  argc == 6 ? argv[5] : NULL);
	usage();
	return 2;
}
