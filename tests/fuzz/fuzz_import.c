/* SPDX-License-Identifier: MIT */
/* fuzz_import: libFuzzer target for "ssdbench import" (fio reports and logs made elsewhere). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fuzz_archive_check.h"
#include "fuzz_util.h"
#include "import.h"

/*
 * The input is a report, then optionally a line "=====" and a per-second IOPS log
 * that follows it on the command line (as "ssdbench import r.json f_iops.1.log").
 * An import either fails with a message, or makes an archive that loads and
 * verifies clean: anything else aborts.
 */
static const char sep[] = "\n=====\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[] = "/tmp/sb-fuzz-import.XXXXXX";
	char report[64], logf[64], out[64];
	const char *files[2] = { report, logf };
	const uint8_t *cut = memmem(data, size, sep, sizeof(sep) - 1);
	size_t rlen = cut ? (size_t)(cut - data) : size;
	struct import_opts o = { 0 };
	struct diag d;
	int rc;

	if (!mkdtemp(dir))
		return 0;
	snprintf(report, sizeof(report), "%s/in/r.json", dir);
	snprintf(logf, sizeof(logf), "%s/in/f_iops.1.log", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	if (fuzz_write_file(dir, "in/r.json", data, rlen) ||
	    (cut && fuzz_write_file(dir, "in/f_iops.1.log", cut + sizeof(sep) - 1,
				    size - rlen - (sizeof(sep) - 1))))
		goto done;
	o.out = out;
	o.quiet = 1;
	diag_clear(&d);
	rc = import_run(files, cut ? 2 : 1, &o, &d);
	if (rc != 0) {
		if (!d.msg[0])
			abort();        /* a refusal always says why */
		goto done;
	}
	fuzz_archive_check(out);
done:
	fuzz_remove_tree(dir);
	return 0;
}
