/* SPDX-License-Identifier: MIT */
/*
 * fuzz_fiolog: libFuzzer target for fio's log reader (fast path against libcsv alone)
 * and its binning (the SIMD line reader against the one field by field).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fiolog.h"
#include "fuzz_util.h"
#include "result.h"

/* What a reader saw: row count and a digest of every field, to compare the readers. */
struct seen {
	size_t rows;
	uint64_t hash;
};

static int count_row(const struct fiolog_row *row, void *arg)
{
	struct seen *s = arg;
	uint64_t v;

	memcpy(&v, &row->value, sizeof(v));
	s->rows++;
	s->hash = s->hash * 1000003u ^ row->time_ms ^ v * 31u ^ (uint64_t)row->ddir ^
		  row->bs * 7u ^ row->offset * 13u ^ row->prio ^ (uint64_t)row->line << 40 ^
		  (uint64_t)row->ncols;
	return 0;
}

/* The fast path must give exactly what libcsv alone gives: rows, result, error place. */
static void read_both(const char *path)
{
	struct seen a = { 0, 0 }, b = { 0, 0 };
	struct diag da, db;
	int ra, rb;

	diag_clear(&da);
	diag_clear(&db);
	ra = fiolog_read(path, count_row, &a, &da);
	rb = fiolog_read_csv(path, count_row, &b, &db);
	if (ra != rb || a.rows != b.rows || a.hash != b.hash || da.line != db.line ||
	    da.col != db.col || strcmp(da.msg, db.msg))
		abort();
}

/*
 * fiolog_aggregate() with the CPU's SIMD line reader and with the one field by
 * field (fiolog_simd() 0): the same result, error and points, to the bit.
 */
static void aggregate_both(const char *const *paths, size_t n, enum fiolog_combine how)
{
	struct result_series a[RESULT_NDIRS] = { 0 }, b[RESULT_NDIRS] = { 0 };
	struct diag da, db;
	int ra, rb, differ;

	diag_clear(&da);
	diag_clear(&db);
	ra = fiolog_aggregate(paths, n, how, a, &da);
	fiolog_simd(0);
	rb = fiolog_aggregate(paths, n, how, b, &db);
	fiolog_simd(1);
	differ = ra != rb || da.line != db.line || da.col != db.col || strcmp(da.msg, db.msg);
	for (int i = 0; i < RESULT_NDIRS; i++) {
		differ |= a[i].n != b[i].n ||
			  (a[i].n && (memcmp(a[i].t, b[i].t, a[i].n * sizeof(double)) ||
				      memcmp(a[i].v, b[i].v, a[i].n * sizeof(double))));
		result_series_release(&a[i]);
		result_series_release(&b[i]);
	}
	if (differ)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result_series out[RESULT_NDIRS] = { 0 };
	const char *paths[2];
	struct diag d;
	char path[64];
	int fd = fuzz_memfile(data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	read_both(path);
	/*
	 * One file (streamed) both ways, and the same file twice as two clones' logs
	 * (binned) once: a log far apart in time takes seconds to bin (README).
	 */
	paths[0] = paths[1] = path;
	aggregate_both(paths, 1, (size & 1) ? FIOLOG_MEAN : FIOLOG_SUM);
	diag_clear(&d);
	(void)fiolog_aggregate(paths, 2, (size & 2) ? FIOLOG_MEAN : FIOLOG_SUM, out, &d);
	for (int i = 0; i < RESULT_NDIRS; i++)
		result_series_release(&out[i]);
	close(fd);
	return 0;
}
