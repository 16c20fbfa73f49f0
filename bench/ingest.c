/* SPDX-License-Identifier: MIT */
/*
 * bench_ingest: runs ssdbench's log reader on one file, for bench/run to time and
 * check; SIMD-LEVEL is fiolog_simd()'s (the level used is printed first).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fiolog.h"
#include "result.h"

static int count_row(const struct fiolog_row *row, void *arg)
{
	double *acc = arg;

	acc[0] += 1;
	acc[1] += row->value;
	return 0;
}

/* Prints what was read, so bench/run can check every reader found the same. */
static int aggregate(const char *path, enum fiolog_combine how, struct diag *d)
{
	struct result_series s[RESULT_NDIRS];
	int rc;

	memset(s, 0, sizeof(s));
	rc = fiolog_aggregate(&path, 1, how, s, d);
	for (int k = 0; k < RESULT_NDIRS; k++) {
		double sum = 0;

		for (size_t i = 0; i < s[k].n; i++)
			sum += s[k].v[i];
		if (!rc)
			printf("%s %zu %.6e\n", result_dir_name(k), s[k].n, sum);
		result_series_release(&s[k]);
	}
	return rc;
}

/*
 * This process's peak RSS to stderr ("vmhwm N kB"), from /proc/self/status. Its
 * rusage's ru_maxrss would not do: a child that Python starts with vfork() is
 * charged the Python process's RSS at exec (about 14 MB, the whole reading here).
 */
static void print_peak_rss(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];

	while (f && fgets(line, sizeof(line), f)) {
		long kb;

		if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
			fprintf(stderr, "vmhwm %ld kB\n", kb);
	}
	if (f)
		fclose(f);
}

int main(int argc, char **argv)
{
	struct diag d;
	double acc[2] = { 0, 0 };
	int rc;

	if (argc != 3 && argc != 4) {
		fputs("usage: bench_ingest sum|mean|rows|csvrows FILE [SIMD-LEVEL]\n", stderr);
		return 2;
	}
	if (argc == 4)
		printf("simd %d\n", fiolog_simd(atoi(argv[3])));
	diag_clear(&d);
	if (!strcmp(argv[1], "rows") || !strcmp(argv[1], "csvrows")) {
		rc = (argv[1][0] == 'r' ? fiolog_read : fiolog_read_csv)(argv[2], count_row, acc, &d);
		if (!rc)
			printf("rows %.0f %.6e\n", acc[0], acc[1]);
	} else {
		rc = aggregate(argv[2], strcmp(argv[1], "sum") ? FIOLOG_MEAN : FIOLOG_SUM, &d);
	}
	if (rc) {
		diag_print(&d, stderr);
		return 1;
	}
	print_peak_rss();
	return 0;
}
