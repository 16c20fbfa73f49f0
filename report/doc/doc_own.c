/* SPDX-License-Identifier: MIT */
/*
 * doc_own: a folder's own document (an archive's report, a pass set's), one per
 * language. Each is drawn whole into a draft folder inside the folder and swapped in
 * at the end, so a failure leaves the document that was there.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doc.h"
#include "err.h"
#include "safefile.h"
#include "xalloc.h"

/* What the folder's own document is made of: swapped in as one. */
static const char *const own_names[] = { "report.pdf", "charts", "report" };
#define NOWN (sizeof(own_names) / sizeof(own_names[0]))

/* Removes the folders reports that died (kill -9) left in the archive. */
static void drop_leftovers(int dfd, const char *prefix)
{
	int fd = dup(dfd);
	DIR *dh = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;

	if (!dh) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((e = readdir(dh))) {
		char *end;
		long pid;

		if (strncmp(e->d_name, prefix, strlen(prefix)))
			continue;
		pid = strtol(e->d_name + strlen(prefix), &end, 10);
		if (*end == '\0' && pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH)
			safefile_remove_tree(dfd, e->d_name);
	}
	closedir(dh);
}

/*
 * The archive's report files: a folder link in their place is never written through
 * (a file link, report.pdf, is replaced), and a FIFO, device or socket there is
 * refused, never replaced, as for any output path (safefile_create()).
 */
static int refuse_links(const char *dir, struct diag *d)
{
	struct stat st;
	int rc = 0;

	for (size_t i = 0; !rc && i < NOWN; i++) {
		char *p = xasprintf("%s/%s", dir, own_names[i]);

		if (lstat(p, &st) != 0)
			;
		else if (i > 0 && S_ISLNK(st.st_mode))
			rc = diag_set(d, -SB_EIO, p, 0, 0, "'%s' is a symbolic link: refusing "
				      "to write through it", p);
		else if (!S_ISLNK(st.st_mode) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
			rc = diag_set(d, -SB_EIO, p, 0, 0, "'%s' is %s, not a regular file: "
				      "refusing to replace it", p, safefile_kind(st.st_mode));
		free(p);
	}
	return rc;
}

/* Moves the old report out of the archive into the folder tmp, the new one in. */
static int swap_in(int dfd, int tfd, const char *dir, const char *tmp, struct diag *d)
{
	int rc = 0;

	for (size_t i = 0; !rc && i < NOWN; i++) {
		char *old = xasprintf("old-%s", own_names[i]);

		if (renameat(dfd, own_names[i], tfd, old) && errno != ENOENT)
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot move '%s/%s' aside: %s (the "
				      "reports, old and new, are in %s/)", dir, own_names[i],
				      strerror(errno), tmp);
		free(old);
	}
	for (size_t i = 0; !rc && i < NOWN; i++)
		if (renameat(tfd, own_names[i], dfd, own_names[i]) && errno != ENOENT)
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot move the new '%s/%s' in: %s "
				      "(the reports, old and new, are in %s/)", dir, own_names[i],
				      strerror(errno), tmp);
	return rc;
}

/* Draws every language's document into the folder tmp (relative to w->dir), as laid out. */
static int draw_all(const struct doc_own *w, const char *tmp, struct diag *d)
{
	const char *const *langs = w->out->langs;
	size_t n = w->out->nlangs;
	int rc = 0;

	for (size_t i = 0; !rc && i < n; i++) {
		char *sub = n > 1 ? xasprintf("report/%s", langs[i]) : NULL;
		char *base = sub ? xasprintf("%s/%s", tmp, sub) : xstrdup(tmp);
		char *pdf = xasprintf("%s/report.pdf", base), *charts = xasprintf("%s/charts", base);
		char *top = xasprintf("%s/report", tmp);
		struct doc_out o = *w->out;

		o.path[DOC_PDF] = pdf;
		o.path[DOC_SVG] = o.path[DOC_PNG] = charts;
		o.in_archive = 1;
		if (sub)
			rc = safefile_mkdir(top, 0, d);
		if (!rc && sub)
			rc = safefile_mkdir(base, 0, d);
		if (!rc)
			rc = w->one(w->arg, langs[i], &o, d);
		free(sub);
		free(base);
		free(pdf);
		free(charts);
		free(top);
	}
	for (size_t i = 0; !rc && w->say && i < n; i++) {
		if (n > 1)
			fprintf(w->say, "report (%s): %s/report/%s/report.pdf (charts in %s/report/"
				"%s/charts/)\n", langs[i], w->dir, langs[i], w->dir, langs[i]);
		else
			fprintf(w->say, "report: %s/report.pdf (charts in %s/charts/)\n", w->dir,
				w->dir);
	}
	return rc;
}

int doc_out_own(const struct doc_own *w, struct diag *d)
{
	char *name = xasprintf("%s%ld", w->tmp_prefix, (long)getpid());
	char *tmp = xasprintf("%s/%s", w->dir, name);
	int dfd = -1, tfd = -1, keep = 0, rc = refuse_links(w->dir, d);

	if (!rc) {
		dfd = safefile_opendir(w->dir, NULL, d);
		rc = dfd < 0 ? dfd : 0;
	}
	if (!rc) {
		drop_leftovers(dfd, w->tmp_prefix);
		safefile_remove_tree(dfd, name);
		rc = safefile_mkdir(tmp, 0, d);
	}
	if (!rc)
		rc = draw_all(w, tmp, d);
	if (!rc && (tfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", tmp, strerror(errno));
	if (!rc && (rc = swap_in(dfd, tfd, w->dir, tmp, d)))
		keep = 1;  /* the old report may be in there: left for the user, named */
	if (tfd >= 0)
		close(tfd);
	if (dfd >= 0 && !keep)
		safefile_remove_tree(dfd, name);
	if (dfd >= 0)
		close(dfd);
	free(name);
	free(tmp);
	return rc;
}
