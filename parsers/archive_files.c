/* SPDX-License-Identifier: MIT */
/* archive_files: listing, hashing and verifying the files of a result archive. */
#include "archive_files.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
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
	archive_files_init(f);
}

int archive_files_excluded(const char *rel)
{
	size_t n = strlen(rel);

	/* journal.jsonl is appended before each manifest save: bookkeeping, like the manifest;
	 * .lock is held by the run writing the archive (orchestrator/archlock.h). */
	return !strcmp(rel, "manifest.json") || !strcmp(rel, "journal.jsonl") ||
	       !strcmp(rel, ".lock") ||
	       !strcmp(rel, "report.pdf") ||
	       !strncmp(rel, "charts/", 7) || (n > 4 && !strcmp(rel + n - 4, ".tmp"));
}

/* Adds the files below dir/rel (rel "" for the top) to f. */
static int walk(const char *dir, const char *rel, const char *skip,
		struct archive_files *f, struct diag *d)
{
	char *path = rel[0] ? xasprintf("%s/%s", dir, rel) : xstrdup(dir);
	DIR *dh = opendir(path);
	struct dirent *e;
	int rc = 0;

	if (!dh) {
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read folder '%s': %s", path,
			      strerror(errno));
		free(path);
		return rc;
	}
	while (!rc && (e = readdir(dh))) {
		char *sub, *full;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		sub = rel[0] ? xasprintf("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
		full = xasprintf("%s/%s", dir, sub);
		if (lstat(full, &st)) {
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot stat '%s': %s", full,
				      strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			if (strcmp(sub, "charts"))
				rc = walk(dir, sub, skip, f, d);
		} else if (S_ISREG(st.st_mode) && !archive_files_excluded(sub) &&
			   !(skip && !strcmp(sub, skip)) && strncmp(e->d_name, ".ssdbench-", 10)) {
			XGROW(f->v, f->cap, f->n + 1);
			f->v[f->n].path = sub;
			f->v[f->n].size = (uint64_t)st.st_size;
			f->v[f->n].sha256[0] = '\0';
			f->n++;
			sub = NULL;
		}
		free(sub);
		free(full);
	}
	closedir(dh);
	free(path);
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
	int rc = walk(dir, "", skip, f, d);

	if (f->n) /* an empty folder leaves f->v NULL, which qsort must not get */
		qsort(f->v, f->n, sizeof(*f->v), by_path);
	for (size_t i = 0; i < f->n && !rc; i++) {
		char *full = xasprintf("%s/%s", dir, f->v[i].path);
		int hr = sha256_file(full, f->v[i].sha256);

		if (hr)
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s': %s", full,
				      strerror(-hr));
		free(full);
	}
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
	char **lists[] = { v->missing, v->changed, v->extra };
	size_t counts[] = { v->nmissing, v->nchanged, v->nextra };

	for (size_t l = 0; l < 3; l++) {
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
	json_t *root = json_load_file(man, 0, &je), *list;
	const char *skip;
	int rc;

	memset(v, 0, sizeof(*v));
	archive_files_init(&disk);
	if (!root) {
		rc = diag_set(d, access(man, F_OK) ? -SB_ENOENT : -SB_EPARSE, man, je.line,
			      je.column, "%s", je.text);
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
out:
	archive_files_release(&disk);
	json_decref(root);
	free(man);
	return rc;
}
