/* SPDX-License-Identifier: MIT */
/* fuzz_fiotext: libFuzzer target for what ssdbench reads from fio's own text: --cmdhelp and --version. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fiorun.h"
#include "fuzz_util.h"
#include "plan_int.h"
#include "xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct plan__fio_names f = { 0 };
	char *s = xstrndup((const char *)data, size);
	struct diag d;
	FILE *in;

	/* As the output of fio --cmdhelp=all: every name kept is one word, no ':'. */
	in = size ? fmemopen((void *)(uintptr_t)data, size, "r") : NULL;
	if (in) {
		plan__fio_names_read(&f, in);
		fclose(in);
	}
	for (size_t i = 0; i < f.n; i++)
		if (!f.names[i][0] || strpbrk(f.names[i], ": \t\n") ||
		    !plan__fio_names_has(&f, f.names[i]))
			abort();
	plan__fio_names_release(&f);
	/* As the output of fio --version: refused only with a message. */
	diag_clear(&d);
	if (fiorun_check_version(s, &d) && !d.msg[0])
		abort();
	free(s);
	return 0;
}
