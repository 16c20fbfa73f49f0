/* SPDX-License-Identifier: MIT */
/* fuzz_plan: libFuzzer target for the plan loader (XML, ${var} substitution, semantic checks). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fuzz_util.h"
#include "plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const sets[] = { "runtime=2s" };
	struct plan p;
	struct diag d, *more = NULL;
	size_t nmore = 0;
	char path[64];
	int fd;

	fd = fuzz_memfile(data, size, path, sizeof(path));
	if (fd < 0)
		return 0;
	plan_init(&p);
	diag_clear(&d);
	/*
	 * Half the inputs also get a --set, so the override path is fuzzed too; half go
	 * on past a step's error, as `check` loads them (plan_load_all()).
	 */
	if ((size & 2 ? plan_load_all(&p, path, sets, size & 1, &d, &more, &nmore)
		      : plan_load(&p, path, sets, size & 1, &d)) == 0) {
		for (size_t i = 0; i < p.nsteps; i++)
			(void)plan_step_target(&p, &p.steps[i]);
		(void)plan_runtime_ms(&p);
	}
	free(more);
	plan_release(&p);
	close(fd);
	return 0;
}
