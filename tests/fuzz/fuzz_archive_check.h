/* SPDX-License-Identifier: MIT */
/* fuzz_archive_check: what an import fuzz target asks of the archive an import made. */
#ifndef SB_FUZZ_ARCHIVE_CHECK_H
#define SB_FUZZ_ARCHIVE_CHECK_H

#include <stdlib.h>

#include "archive.h"
#include "archive_files.h"
#include "diag.h"
#include "result.h"

/* The archive at out loads and verifies clean (no file missing, changed or extra);
 * anything else aborts. */
static inline void fuzz_archive_check(const char *out)
{
	struct archive_verify v;
	struct result_run run;
	struct diag d;

	result_run_init(&run);
	diag_clear(&d);
	if (archive_load(out, &run, &d) != 0)
		abort();                /* what import wrote, the reader must read */
	result_run_release(&run);
	diag_clear(&d);
	if (archive_verify(out, &v, &d) != 0 || v.nmissing || v.nchanged || v.nextra)
		abort();
	archive_verify_release(&v);
}

#endif
