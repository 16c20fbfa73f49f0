/* SPDX-License-Identifier: MIT */
/*
 * fuzz_cdmtext: libFuzzer target for parsers/cdmtext.c on its own (fuzz_toolimport runs the
 * whole import): a result is in range, a refusal always says why.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cdmtext.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cdmtext_result r;
	struct diag d;

	diag_clear(&d);
	(void)cdmtext_sniff((const char *)data, size);
	if (cdmtext_parse((const char *)data, size, "fuzz.txt", &r, &d)) {
		if (!d.msg[0] || r.t || r.tool)
			abort();   /* a refusal says why and keeps nothing */
		return 0;
	}
	if (!r.tool || !r.n || !r.test_text)
		abort();
	for (size_t i = 0; i < r.n; i++)
		if (!r.t[i].bs || r.t[i].qd < 1 || r.t[i].threads < 1 || !(r.t[i].mbps >= 0) ||
		    !(r.t[i].iops >= 0) || !r.t[i].name[0] || r.t[i].line < 1)
			abort();
	cdmtext_release(&r);
	return 0;
}
