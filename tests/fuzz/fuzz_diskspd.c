/* SPDX-License-Identifier: MIT */
/*
 * fuzz_diskspd: libFuzzer target for parsers/diskspd.c on its own (fuzz_toolimport runs the
 * whole import): a result is in range, a refusal always says why.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diskspd.h"
#include "fuzz_util.h"

/* The first byte picks the reader: even the XML, odd the text output. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diskspd_result r;
	struct diag d;
	int rc;

	if (!size)
		return 0;
	diag_clear(&d);
	rc = data[0] & 1 ? diskspd_text_parse((const char *)data + 1, size - 1, "f.txt", &r, &d)
			 : diskspd_parse((const char *)data + 1, size - 1, "f.xml", &r, &d);
	if (rc) {
		if (!d.msg[0] || r.s)
			abort();   /* a refusal says why and keeps nothing */
		return 0;
	}
	for (size_t i = 0; i < r.n; i++) {
		const struct diskspd_span *s = &r.s[i];

		if (!(s->seconds > 0) || !s->bs || s->qd < 1 || s->threads < 1 || !s->name[0] ||
		    s->write_ratio < 0 || s->write_ratio > 100)
			abort();
	}
	diskspd_release(&r);
	return 0;
}
