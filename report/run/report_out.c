/* SPDX-License-Identifier: MIT */
/*
 * report_out: where a run's reports go, one per language. The archive's own report
 * is drawn whole into a folder of its own inside the archive and swapped in at the
 * end, so a failure leaves the report that was there; a report named elsewhere
 * (-o, --svg, --png) writes there only.
 */
#include "report_out.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive_files.h"
#include "err.h"
#include "i18n.h"
#include "lang.h"
#include "safefile.h"
#include "xalloc.h"

#define TMP_PREFIX ARCHIVE_REPORT_TMP

/* What the archive's own report is made of: swapped in as one. */
static const char *const own_names[] = { "report.pdf", "charts", "report" };
#define NOWN (sizeof(own_names) / sizeof(own_names[0]))

int report_langs_of(const struct result_run *run, const char **out, struct diag *d)
{
	size_t n = 0;
	int rc;

	if (!run->report_langs || !*run->report_langs) {
		out[0] = lang_default();
		return 1;
	}
	rc = i18n_lang_split(run->report_langs, out, I18N_MAX_LANGS, &n, d);
	if (rc)
		return diag_set(d, -SB_EPARSE, NULL, 0, 0, "the archive's report_langs: %s",
				d->msg);
	return (int)n;
}

/* What each language's report is drawn from. */
struct from {
	const struct result_run *run;
	const struct report_set *s;
};

/* One language's report, written to o's paths. */
static int one(void *arg, const char *lang, const struct doc_out *o, struct diag *d)
{
	const struct from *f = arg;
	struct report_opts ro = { NULL, NULL, 0, lang, NULL };
	struct report_extra rx = { *o, f->s->template_path };

	return report_render_ext(f->run, &ro, &rx, d);
}

/* Removes the folders reports that died (kill -9) left in the archive. */
static void drop_leftovers(int dfd)
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

		if (strncmp(e->d_name, TMP_PREFIX, strlen(TMP_PREFIX)))
			continue;
		pid = strtol(e->d_name + strlen(TMP_PREFIX), &end, 10);
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

/* Draws every language's report into the folder tmp (relative to dir), as laid out. */
static int draw_all(const struct result_run *run, const struct report_set *s,
		    const char *const *langs, size_t n, const char *tmp, struct diag *d)
{
	struct from f = { run, s };
	int rc = 0;

	for (size_t i = 0; !rc && i < n; i++) {
		char *sub = n > 1 ? xasprintf("report/%s", langs[i]) : NULL;
		char *base = sub ? xasprintf("%s/%s", tmp, sub) : xstrdup(tmp);
		char *pdf = xasprintf("%s/report.pdf", base), *charts = xasprintf("%s/charts", base);
		char *top = xasprintf("%s/report", tmp);
		struct doc_out o = s->out;

		o.path[DOC_PDF] = pdf;
		o.path[DOC_SVG] = o.path[DOC_PNG] = charts;
		o.in_archive = 1;
		if (sub)
			rc = safefile_mkdir(top, 0, d);
		if (!rc && sub)
			rc = safefile_mkdir(base, 0, d);
		if (!rc)
			rc = one(&f, langs[i], &o, d);
		free(sub);
		free(base);
		free(pdf);
		free(charts);
		free(top);
	}
	for (size_t i = 0; !rc && s->say && i < n; i++) {
		if (n > 1)
			fprintf(s->say, "report (%s): %s/report/%s/report.pdf (charts in %s/report/"
				"%s/charts/)\n", langs[i], s->dir, langs[i], s->dir, langs[i]);
		else
			fprintf(s->say, "report: %s/report.pdf (charts in %s/charts/)\n", s->dir,
				s->dir);
	}
	return rc;
}

/* The archive's own report: DIR/report.pdf and charts/, or DIR/report/LANG/ each. */
static int own(const struct result_run *run, const struct doc_out *o,
	       const struct report_set *s, struct diag *d)
{
	char *name = xasprintf(TMP_PREFIX "%ld", (long)getpid());
	char *tmp = xasprintf("%s/%s", s->dir, name);
	int dfd = -1, tfd = -1, keep = 0, rc = refuse_links(s->dir, d);

	if (!rc) {
		dfd = safefile_opendir(s->dir, NULL, d);
		rc = dfd < 0 ? dfd : 0;
	}
	if (!rc) {
		drop_leftovers(dfd);
		safefile_remove_tree(dfd, name);
		rc = safefile_mkdir(tmp, 0, d);
	}
	if (!rc)
		rc = draw_all(run, s, o->langs, o->nlangs, tmp, d);
	if (!rc && (tfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", tmp, strerror(errno));
	if (!rc && (rc = swap_in(dfd, tfd, s->dir, tmp, d)))
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

int report_render_set(const struct result_run *run, const struct report_set *s,
		      struct diag *d)
{
	struct doc_out o = s->out;
	struct from f = { run, s };
	int got, any = 0;

	if (o.nlangs > I18N_MAX_LANGS)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "more than %d languages",
				I18N_MAX_LANGS);
	if (!o.nlangs) {
		got = report_langs_of(run, o.langs, d);
		if (got < 0)
			return got;
		o.nlangs = (size_t)got;
	}
	for (int k = 0; k < DOC_NFORMATS; k++)
		any |= o.path[k] != NULL;
	if (any || !s->dir)
		return doc_out_each(&o, NULL, "report", s->say, one, &f, d);
	return own(run, &o, s, d);
}
