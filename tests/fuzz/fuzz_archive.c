/* SPDX-License-Identifier: MIT */
/* fuzz_archive: libFuzzer target for the result-archive reader and verifier over a scratch archive folder. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "archive_files.h"
#include "diag.h"
#include "fuzz_util.h"
#include "result.h"

/*
 * The input is up to three parts separated by a line "=====": manifest.json, then
 * s/fio.json and s/log_iops.1.log (the seeds' manifests name their step dir "s").
 */
static const char sep[] = "\n=====\n";
static const char *const part_names[] = { "manifest.json", "s/fio.json", "s/log_iops.1.log" };

static int write_parts(const char *dir, const uint8_t *data, size_t size)
{
	for (size_t k = 0; k < sizeof(part_names) / sizeof(part_names[0]); k++) {
		const uint8_t *end = k + 1 < sizeof(part_names) / sizeof(part_names[0]) ?
			memmem(data, size, sep, sizeof(sep) - 1) : NULL;
		size_t len = end ? (size_t)(end - data) : size;

		if (fuzz_write_file(dir, part_names[k], data, len))
			return -1;
		if (!end)
			break;
		data = end + sizeof(sep) - 1;
		size -= len + sizeof(sep) - 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[] = "/tmp/sb-fuzz-archive.XXXXXX";
	struct archive_verify v;
	struct result_run run;
	struct diag d;

	if (!mkdtemp(dir))
		return 0;
	if (write_parts(dir, data, size) == 0) {
		result_run_init(&run);
		diag_clear(&d);
		(void)archive_load(dir, &run, &d);
		result_run_release(&run);
		/* What "ssdbench verify" reads: the manifest's list of files and hashes. */
		diag_clear(&d);
		if (archive_verify(dir, &v, &d) == 0 && v.nmissing + v.nchanged > v.checked)
			abort();
		archive_verify_release(&v);
	}
	fuzz_remove_tree(dir);
	return 0;
}
