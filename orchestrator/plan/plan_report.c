/* SPDX-License-Identifier: MIT */
/*
 * plan_report: the plan's `report` attribute: the name of a report template,
 * templates/report-NAME.xml in the data directory, checked when the plan loads.
 */
#include "plan_int.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "datadir.h"
#include "sbuf.h"
#include "suggest.h"
#include "xalloc.h"

#define PREFIX "report-"
#define SUFFIX ".xml"

static const char *datadir(void)
{
	return datadir_get();
}

static int valid(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
			return 0;
	return 1;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The shipped templates' names, sorted; free each and the array. */
static char **shipped(size_t *n)
{
	char *path = xasprintf("%s/templates", datadir());
	DIR *dir = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	while (dir && (e = readdir(dir))) {
		size_t len = strlen(e->d_name);

		if (len <= strlen(PREFIX) + strlen(SUFFIX) ||
		    strncmp(e->d_name, PREFIX, strlen(PREFIX)) ||
		    strcmp(e->d_name + len - strlen(SUFFIX), SUFFIX))
			continue;
		if (*n == cap)
			names = xrealloc(names, (cap = cap ? 2 * cap : 16) * sizeof(*names));
		names[(*n)++] = xstrndup(e->d_name + strlen(PREFIX),
					 len - strlen(PREFIX) - strlen(SUFFIX));
	}
	if (dir)
		closedir(dir);
	free(path);
	if (*n)
		qsort(names, *n, sizeof(*names), cmp);
	return names;
}

int plan__check_report(struct plan__loader *ld, const xmlNode *root, const char *name)
{
	struct stat sb_;
	struct sbuf list;
	char *path, **names;
	const char *hint;
	size_t n;
	int rc = 0;

	if (!name)
		return 0;
	path = xasprintf("%s/templates/" PREFIX "%s" SUFFIX, datadir(), name);
	if (valid(name) && !stat(path, &sb_) && S_ISREG(sb_.st_mode)) {
		free(path);
		return 0;
	}
	free(path);
	names = shipped(&n);
	sbuf_init(&list);
	for (size_t i = 0; i < n; i++)
		sbuf_addf(&list, "%s%s", i ? ", " : "", names[i]);
	hint = suggest_pick(name, (const char *const *)names, n);
	if (!valid(name))
		rc = plan__err_node(ld, root, "report", 1, "invalid report '%s' (a template "
				    "name: a-z, 0-9 and '-'; shipped: %s)", name, list.buf);
	else if (hint)
		rc = plan__err_node(ld, root, "report", 1, "unknown report '%s' (did you mean "
				    "'%s'? shipped: %s)", name, hint, list.buf);
	else
		rc = plan__err_node(ld, root, "report", 1, "unknown report '%s': no templates/"
				    PREFIX "%s" SUFFIX " (shipped: %s)", name, name,
				    *list.buf ? list.buf : "none");
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	sbuf_release(&list);
	return rc;
}
