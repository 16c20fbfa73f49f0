/* SPDX-License-Identifier: MIT */
/* plan_target: a plan's targets replaced from the command line (--target NAME=SPEC). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "plan.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"

/* Returns path made absolute against the working folder; free() it. */
char *plan_absolute_path(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

/* Sets t from SPEC: /dev/DEVICE, or file:PATH[,size=SIZE] (PATH relative to here). */
static int parse_spec(struct plan_target *t, const char *spec, struct diag *d)
{
	const char *why, *comma;
	uint64_t size = t->kind == PLAN_TARGET_FILE ? t->size : 0;
	char *path;

	if (!strncmp(spec, "/dev/", 5)) {
		free(t->path);
		t->path = xstrdup(spec);
		t->kind = PLAN_TARGET_DEVICE;
		t->size = 0;
		return 0;
	}
	if (strncmp(spec, "file:", 5) || !spec[5])
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s': expected "
				"/dev/DEVICE or file:PATH,size=SIZE", spec);
	spec += 5;
	comma = strstr(spec, ",size=");
	if (comma && units_parse_size(comma + 6, &size, &why))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target size '%s': %s",
				comma + 6, why);
	if (!size)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "file target '%s' needs a "
				"size: file:PATH,size=SIZE", spec);
	path = comma ? xstrndup(spec, (size_t)(comma - spec)) : xstrdup(spec);
	free(t->path);
	t->path = plan_absolute_path(path);
	free(path);
	t->kind = PLAN_TARGET_FILE;
	t->size = size;
	return 0;
}

int plan_apply_target(struct plan *p, const char *spec, struct diag *d)
{
	const char *eq = strchr(spec, '=');
	struct plan_target *t = NULL;
	const char *names[64];
	size_t nn = 0;

	if (!eq || eq == spec)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--target '%s': expected "
				"NAME=/dev/DEVICE or NAME=file:PATH,size=SIZE", spec);
	for (size_t i = 0; i < p->ntargets; i++) {
		if (strlen(p->targets[i].name) == (size_t)(eq - spec) &&
		    !strncmp(p->targets[i].name, spec, (size_t)(eq - spec)))
			t = &p->targets[i];
		if (nn < 64)
			names[nn++] = p->targets[i].name;
	}
	if (!t) {
		char *want = xstrndup(spec, (size_t)(eq - spec));
		const char *hint = suggest_pick(want, names, nn);

		diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--target '%s': the plan has no "
			 "target '%s'%s%s%s", spec, want, hint ? " (did you mean '" : "",
			 hint ? hint : "", hint ? "'?)" : "");
		free(want);
		return -SB_EUSAGE;
	}
	return parse_spec(t, eq + 1, d);
}
