/* SPDX-License-Identifier: MIT */
/* datadir: where templates/ and testplans/ are read from (the order: datadir.h). */
#include "datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbuf.h"
#include "version.h"
#include "xalloc.h"

static char *cached;

/* The program's own path, resolved (links followed), or NULL. */
static char *self_path(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	return realpath(buf, NULL);
}

/* Whether path lies in dir or below it (both resolved). */
static int inside(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

static char *find(void)
{
	const char *env[] = { "SSDBENCH_HOME", "SSDBENCH_DATADIR" };
	char *exe, *build, *slash, *dir;

	for (size_t i = 0; i < sizeof(env) / sizeof(env[0]); i++) {
		const char *v = getenv(env[i]);

		if (v && *v)
			return xstrdup(v);
	}
	exe = self_path();
	if (!exe)
		return xstrdup(SSDBENCH_DATADIR_DEFAULT);
	build = realpath(SSDBENCH_BUILD_DIR, NULL);
	if (build && inside(exe, build)) {
		free(build);
		free(exe);
		return xstrdup(SSDBENCH_DATADIR_DEFAULT);
	}
	free(build);
	/* exe is PREFIX/bin/ssdbench: PREFIX/share/ssdbench */
	slash = strrchr(exe, '/');
	*slash = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	dir = xasprintf("%s/%s", exe, SSDBENCH_DATADIR_REL);
	free(exe);
	return dir;
}

const char *datadir_get(void)
{
	if (!cached)
		cached = find();
	return cached;
}

char *datadir_path(const char *name)
{
	return xasprintf("%s/%s", datadir_get(), name);
}
