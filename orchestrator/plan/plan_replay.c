/* SPDX-License-Identifier: MIT */
/*
 * plan_replay: the trace of a <replay> step: resolved against the file
 * that names it, a regular file within its limit, inside a rerun's confine, and
 * listed among the plan's files so the archive keeps a copy for rerun and resume.
 * What the trace holds (its I/O count, writes, span) the engine reads (parsers/).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "plan_int.h"
#include "xalloc.h"

/* Lists path among the plan's files once (two steps may replay one trace). */
static void add_file(struct plan *p, const char *path)
{
	char real[PATH_MAX];

	for (size_t i = 0; i < p->nincludes; i++) {
		char other[PATH_MAX];

		if (realpath(p->includes[i], other) && realpath(path, real) &&
		    !strcmp(other, real))
			return;
	}
	XGROW(p->includes, p->capincludes, p->nincludes + 1);
	p->includes[p->nincludes++] = xstrdup(path);
}

int plan__load_trace(struct plan__loader *ld, const xmlNode *n, struct plan_workload *w)
{
	char real[PATH_MAX], *path = plan__relative_to(ld->doc->file, w->trace);
	struct stat sb;
	int rc = 0;

	w->trace_writes = 1;   /* until the engine has read it */
	if (strpbrk(w->trace, ":;#\n\r"))
		rc = plan__err_node(ld, n, "trace", 1, "trace path '%s' holds ':', ';', '#' or "
				    "a line break, which fio's job files cannot hold", w->trace);
	else if (!realpath(path, real) || stat(real, &sb))
		rc = plan__err_node(ld, n, "trace", 1, "cannot read trace '%s': %s", path,
				    strerror(errno));
	else if (!S_ISREG(sb.st_mode))
		rc = plan__err_node(ld, n, "trace", 1, "trace '%s' is not a regular file", path);
	else if ((unsigned long long)sb.st_size > PLAN_MAX_TRACE_BYTES)
		rc = plan__err_node(ld, n, "trace", 1, "trace '%s' has %lld bytes, more than "
				    "the %u MiB a trace may have", path, (long long)sb.st_size,
				    PLAN_MAX_TRACE_BYTES >> 20);
	else if (ld->p->confine && !plan__path_inside(real, ld->p->confine))
		rc = plan__err_node(ld, n, "trace", 1, "trace '%s' is outside '%s': a rerun "
				    "reads only the archive's own plan files", path, ld->p->confine);
	else if (strchr(real, '$'))   /* fio would expand ${...} in the path it reads */
		rc = plan__err_node(ld, n, "trace", 1, "trace '%s' resolves to '%s', which holds "
				    "'$': fio would replace ${...} with its environment", path, real);
	free(path);
	if (rc)
		return rc;
	/* The resolved path: the archive copies it in its layout beside the plan's files,
	 * and a '..' kept in it would lead the copy outside the archive's plan/. */
	add_file(ld->p, real);
	free(w->trace);
	w->trace = xstrdup(real);
	return 0;
}
