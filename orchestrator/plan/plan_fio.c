/* SPDX-License-Identifier: MIT */
/* plan_fio: the option names the installed fio knows, to check <fio> pass-throughs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "plan_int.h"
#include "xalloc.h"

void plan__fio_names_read(struct plan__fio_names *f, FILE *in)
{
	char line[512];

	while (fgets(line, sizeof(line), in)) {
		char *s = line, *e;

		while (isspace((unsigned char)*s))
			s++;
		e = s;
		while (*e && !isspace((unsigned char)*e) && *e != ':')
			e++;
		if (e == s || !strchr(e, ':'))
			continue;
		XGROW(f->names, f->cap, f->n + 1);
		f->names[f->n++] = xstrndup(s, (size_t)(e - s));
	}
}

static void add_names(struct plan__fio_names *f, const char *cmd)
{
	FILE *p = popen(cmd, "r");

	if (!p)
		return;
	plan__fio_names_read(f, p);
	pclose(p);
}

int plan__fio_names_load(struct plan__fio_names *f)
{
	if (!f->loaded) {
		f->loaded = 1;
		add_names(f, "fio --cmdhelp=all 2>/dev/null");
		add_names(f, "fio --enghelp=io_uring 2>/dev/null");
		add_names(f, "fio --enghelp=libaio 2>/dev/null");
	}
	return f->n ? 0 : -SB_ENOFIO;
}

int plan__fio_names_has(const struct plan__fio_names *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (!strcmp(f->names[i], name))
			return 1;
	return 0;
}

void plan__fio_names_release(struct plan__fio_names *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->names[i]);
	free(f->names);
	memset(f, 0, sizeof(*f));
}
