/* SPDX-License-Identifier: MIT */
/* archive_files: listing, hashing and verifying the files of a result archive. */
#include "archive_files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "sha256.h"
#include "xalloc.h"

void archive_files_init(struct archive_files *f)
{
	memset(f, 0, sizeof(*f));
}

void archive_files_release(struct archive_files *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->v[i].path);
	free(f->v);
	for (size_t i = 0; i < f->nspecial; i++)
		free(f->special[i]);
	free(f->special);
	archive_files_init(f);
}

int archive_files_excluded(const char *rel)
{
	size_t n = strlen(rel);

	/* journal.jsonl is appended before each manifest save: bookkeeping, like the manifest,
	 * and so is the journal's supplement while a continuous scope's fio runs;
	 * .lock is held by the run writing the archive (orchestrator/archive/archlock.h). */
	return !strcmp(rel, "manifest.json") || !strcmp(rel, "journal.jsonl") ||
	       !strcmp(rel, ARCHIVE_SEGMENT_WRITTEN) ||
	       !strcmp(rel, ".lock") ||
	       !strcmp(rel, "report.pdf") ||
	       !strncmp(rel, "charts/", 7) || (n > 4 && !strcmp(rel + n - 4, ".tmp")) ||
	       /* the reports per language, one being drawn (report/run/report_out.c) */
	       !strncmp(rel, "report/", 7) ||
	       !strncmp(rel, ARCHIVE_REPORT_TMP, strlen(ARCHIVE_REPORT_TMP));
}

/* The folders killed reports left at the archive's top (verify names them). */
static int find_leftovers(const char *dir, struct archive_verify *v, struct diag *d)
{
	int fd = safefile_opendir(dir, NULL, d);
	DIR *dh = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;

	if (!dh) {
		if (fd >= 0)
			close(fd);
		return fd < 0 ? fd : diag_set(d, -SB_EIO, dir, 0, 0, "cannot read '%s': %s",
					      dir, strerror(errno));
	}
	while ((e = readdir(dh)))
		if (!strncmp(e->d_name, ARCHIVE_REPORT_TMP, strlen(ARCHIVE_REPORT_TMP))) {
			v->leftover = xrealloc(v->leftover, (v->nleftover + 1) *
					       sizeof(*v->leftover));
			v->leftover[v->nleftover++] = xstrdup(e->d_name);
		}
	closedir(dh);
	return 0;
}

/* Lists and hashes the regular file name (sub from the top) in the folder dfd. */
static int add_file(int dfd, const char *name, const char *dir, const char *sub,
		    struct archive_files *f, struct diag *d)
{
	char *shown = xasprintf("%s/%s", dir, sub);
	int fd = safefile_openat(dfd, name, shown, d), rc = fd < 0 ? fd : 0;
	struct stat st;

	if (fd >= 0 && fstat(fd, &st) == 0) {
		XGROW(f->v, f->cap, f->n + 1);
		f->v[f->n].path = xstrdup(sub);
		f->v[f->n].size = (uint64_t)st.st_size;
		rc = sha256_fd(fd, f->v[f->n].sha256);
		f->n++;
		if (rc)
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s': %s", shown,
				      strerror(-rc));
	}
	if (fd >= 0)
		close(fd);
	free(shown);
	return rc;
}

/*
 * Adds the files in the folder fd (sub its path from the top, "" for the top) to
 * f; listed 0 below charts/, whose files are only checked for special ones. Takes fd.
 */
static int walk(int fd, const char *dir, const char *sub, const char *skip, int listed,
		struct archive_files *f, struct diag *d)
{
	DIR *dh = fdopendir(fd);
	struct dirent *e;
	int rc = 0;

	if (!dh) {
		close(fd);
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read folder '%s/%s': %s", dir,
				sub, strerror(errno));
	}
	while (!rc && (e = readdir(dh))) {
		char *rel;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		rel = sub[0] ? xasprintf("%s/%s", sub, e->d_name) : xstrdup(e->d_name);
		if (fstatat(dirfd(dh), e->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot stat '%s/%s': %s", dir, rel,
				      strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			int sub_fd = openat(dirfd(dh), e->d_name,
					    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			rc = sub_fd < 0 ? diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read folder "
						   "'%s/%s': %s", dir, rel, strerror(errno))
					: walk(sub_fd, dir, rel, skip, listed && strcmp(rel, "charts"),
					       f, d);
		} else if (!S_ISREG(st.st_mode)) {
			XGROW(f->special, f->cap_special, f->nspecial + 1);
			f->special[f->nspecial++] =
				xasprintf("%s (%s)", rel, safefile_kind(st.st_mode));
		} else if (listed && !archive_files_excluded(rel) && !(skip && !strcmp(rel, skip)) &&
			   strncmp(e->d_name, ".ssdbench-", 10)) {
			rc = add_file(dirfd(dh), e->d_name, dir, rel, f, d);
		}
		free(rel);
	}
	closedir(dh);
	return rc;
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct archive_file *)a)->path,
		      ((const struct archive_file *)b)->path);
}

int archive_files_scan(const char *dir, const char *skip, struct archive_files *f,
		       struct diag *d)
{
	int fd = safefile_opendir(dir, NULL, d), rc = fd < 0 ? fd : walk(fd, dir, "", skip, 1, f, d);

	if (f->n) /* an empty folder leaves f->v NULL, which qsort must not get */
		qsort(f->v, f->n, sizeof(*f->v), by_path);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* verify                                                                    */

static void push(char ***list, size_t *n, size_t *cap, const char *path)
{
	XGROW(*list, *cap, *n + 1);
	(*list)[(*n)++] = xstrdup(path);
}

void archive_verify_release(struct archive_verify *v)
{
	char **lists[] = { v->missing, v->changed, v->extra, v->special, v->leftover };
	size_t counts[] = { v->nmissing, v->nchanged, v->nextra, v->nspecial, v->nleftover };

	for (size_t l = 0; l < 5; l++) {
		for (size_t i = 0; i < counts[l]; i++)
			free(lists[l][i]);
		free(lists[l]);
	}
	memset(v, 0, sizeof(*v));
}

static const struct archive_file *find_file(const struct archive_files *f,
					    const char *path)
{
	struct archive_file key = { (char *)(uintptr_t)path, 0, "" };

	if (!f->n)
		return NULL;    /* f->v may be NULL, which bsearch() must not get */
	return bsearch(&key, f->v, f->n, sizeof(*f->v), by_path);
}

/* Compares the manifest's list (a JSON array) with what is on disk. */
static int compare(const char *man, const json_t *list, const struct archive_files *disk,
		   struct archive_verify *v, struct diag *d)
{
	struct archive_files listed = { 0 };
	size_t i;
	json_t *e;

	json_array_foreach(list, i, e) {
		const char *path = json_string_value(json_object_get(e, "path"));
		const char *sha = json_string_value(json_object_get(e, "sha256"));
		const struct archive_file *on_disk;
		char where[64];

		if (!path || !sha) {
			snprintf(where, sizeof(where), "files[%zu]", i);
			return diag_set_path(d, -SB_EPARSE, man, where, "expected \"path\" and "
					     "\"sha256\" strings");
		}
		v->checked++;
		on_disk = find_file(disk, path);
		if (!on_disk)
			push(&v->missing, &v->nmissing, &v->cap_missing, path);
		else if (strcmp(on_disk->sha256, sha))
			push(&v->changed, &v->nchanged, &v->cap_changed, path);
	}
	/* Extra files: on disk, not listed. The listed paths, sorted, for bsearch. */
	listed.n = listed.cap = json_array_size(list);
	listed.v = xcalloc(listed.n + 1, sizeof(*listed.v));
	json_array_foreach(list, i, e)
		listed.v[i].path = (char *)(uintptr_t)json_string_value(json_object_get(e, "path"));
	qsort(listed.v, listed.n, sizeof(*listed.v), by_path);
	for (i = 0; i < disk->n; i++)
		if (!find_file(&listed, disk->v[i].path))
			push(&v->extra, &v->nextra, &v->cap_extra, disk->v[i].path);
	free(listed.v);
	return 0;
}

int archive_verify(const char *dir, struct archive_verify *v, struct diag *d)
{
	char *man = xasprintf("%s/manifest.json", dir);
	struct archive_files disk;
	json_error_t je;
	json_t *root = NULL, *list;
	const char *skip;
	struct sbuf sb;
	int rc;

	memset(v, 0, sizeof(*v));
	archive_files_init(&disk);
	sbuf_init(&sb);
	rc = safefile_load(dir, "manifest.json", SAFEFILE_MAX_LOAD, &sb, d);
	if (rc)
		goto out;
	root = json_loadb(sb.buf, sb.len, 0, &je);
	if (!root) {
		rc = diag_set(d, -SB_EPARSE, man, je.line, je.column, "%s", je.text);
		goto out;
	}
	list = json_object_get(root, "files");
	if (!json_is_array(list)) {
		rc = diag_set_path(d, -SB_EPARSE, man, "files", "no list of files with "
				   "their SHA-256 (an archive from before ssdbench 0.1?)");
		goto out;
	}
	skip = json_string_value(json_object_get(json_object_get(root, "target"),
						 "in_archive"));
	rc = archive_files_scan(dir, skip, &disk, d);
	if (!rc)
		rc = compare(man, list, &disk, v, d);
	if (!rc) {
		v->special = disk.special;
		v->nspecial = disk.nspecial;
		disk.special = NULL;
		disk.nspecial = 0;
		rc = find_leftovers(dir, v, d);
	}
out:
	if (rc) /* a manifest bad half-way through its list: nothing for the caller to free */
		archive_verify_release(v);
	archive_files_release(&disk);
	json_decref(root);
	sbuf_release(&sb);
	free(man);
	return rc;
}
