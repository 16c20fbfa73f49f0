/* SPDX-License-Identifier: MIT */
/*
 * fuzz_toolimport: libFuzzer target for "ssdbench import" of another tool's text
 * result (CrystalDiskMark, KDiskMark: parsers/cdmtext.c, orchestrator/archive/
 * import_tool.c). The input is the file. An import either fails with a message and
 * leaves nothing, or makes an archive that loads and verifies clean: anything else
 * aborts.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fuzz_archive_check.h"
#include "fuzz_util.h"
#include "import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[] = "/tmp/sb-fuzz-toolimport.XXXXXX";
	char in[64], out[64];
	struct import_opts o = { 0 };
	struct diag d;

	if (!mkdtemp(dir))
		return 0;
	snprintf(in, sizeof(in), "%s/in/r.txt", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	if (fuzz_write_file(dir, "in/r.txt", data, size))
		goto done;
	o.out = out;
	o.quiet = 1;
	diag_clear(&d);
	if (import_tool_run(in, &o, &d) != 0) {
		if (!d.msg[0] || access(out, F_OK) == 0)
			abort();        /* a refusal says why and writes nothing */
		goto done;
	}
	fuzz_archive_check(out);
done:
	fuzz_remove_tree(dir);
	return 0;
}
