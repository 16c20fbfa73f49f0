/* SPDX-License-Identifier: MIT */
/* fuzz_fiolog: libFuzzer target for fio's per-interval log reader and its per-second binning. */
#include <stdint.h>
#include <unistd.h>

#include "diag.h"
#include "fiolog.h"
#include "fuzz_util.h"
#include "result.h"

static int count_row(const struct fiolog_row *row, void *arg)
{
	size_t *n = arg;

	(void)row;
	(*n)++;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result_series out[RESULT_NDIRS] = { 0 };
	const char *paths[2];
	struct diag d;
	char path[64];
	size_t rows = 0;
	int fd = fuzz_memfile(data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	diag_clear(&d);
	(void)fiolog_read(path, count_row, &rows, &d);
	/* The same file twice, as two clones' logs: rates summed, latencies averaged. */
	paths[0] = paths[1] = path;
	diag_clear(&d);
	(void)fiolog_aggregate(paths, 2, (size & 1) ? FIOLOG_MEAN : FIOLOG_SUM, out, &d);
	for (int i = 0; i < RESULT_NDIRS; i++)
		result_series_release(&out[i]);
	close(fd);
	return 0;
}
