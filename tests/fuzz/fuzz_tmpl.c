/* SPDX-License-Identifier: MIT */
/* fuzz_tmpl: libFuzzer target for the report's XML readers: templates and i18n string tables. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fuzz_util.h"
#include "i18n.h"
#include "tmpl.h"

/* A short id list; corpus/tmpl/strings-rwt.xml is a complete table for it. */
static const char *const ids[] = { "read", "write", "trim" };
#define NIDS (sizeof(ids) / sizeof(ids[0]))

static void check_tmpl(const struct tmpl *t)
{
	for (size_t i = 0; i < t->ncharts; i++) {
		const struct tmpl_chart *c = &t->charts[i];

		/* The loader promises in-range sizes and known kinds. */
		if (c->kind >= TMPL_NKINDS || !(c->width >= 300 && c->width <= 4000) ||
		    !(c->height >= 0 && c->height <= 4000))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tmpl *t = NULL;
	struct i18n *s = NULL;
	struct diag d;
	char path[64];
	int fd = fuzz_memfile(data, size, path, sizeof(path));

	if (fd < 0)
		return 0;
	/* Every input goes to both readers: they share xmlfile_read(). */
	diag_clear(&d);
	if (tmpl_load(&t, path, &d) == 0)
		check_tmpl(t);
	else if (!d.code || t)
		abort();        /* a failure must say why and return nothing */
	tmpl_free(t);
	diag_clear(&d);
	if (i18n_load(&s, path, ids, NIDS, &d) == 0) {
		for (size_t i = 0; i < NIDS; i++)
			if (!i18n_strings(s)[i])
				abort();
	} else if (!d.code || s) {
		abort();
	}
	i18n_free(s);
	close(fd);
	return 0;
}
