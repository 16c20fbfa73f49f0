/* SPDX-License-Identifier: MIT */
/* archlock: the archive's one-writer lock, who holds it, and its disk-space reserve. */
#define _GNU_SOURCE 1 /* fallocate */
#include "archlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

/* Opening the lock again after its holder removed it: a few races at most. */
#define TAKE_TRIES 8
/* A holder record is one short JSON object; more is not ours. */
#define RECORD_MAX 1024
/* The reserve starts past the record's page, so giving it back never touches the record. */
#define RESERVE_AT 4096

void archlock_init(struct archlock *l)
{
	l->fd = -1;
	l->path = NULL;
	l->len = 0;
}

/* Copies s into buf, printable ASCII only (the file is the archive's: anyone's). */
static void clean_copy(const char *s, char *buf, size_t n)
{
	size_t k = 0;

	for (; s && *s && k + 1 < n; s++) {
		if (*s >= 0x20 && *s < 0x7f)
			buf[k++] = *s;
		else
			buf[k++] = '?';
	}
	buf[k] = '\0';
}

/* "pid 4242 on host 'bench1' since 2026-12-01T09:47:55Z", from the open lock file. */
static void holder_of(int fd, char *buf, size_t n)
{
	char text[RECORD_MAX + 1], host[128], since[64];
	ssize_t len = pread(fd, text, RECORD_MAX, 0);
	json_t *o = len > 0 ? json_loadb(text, (size_t)len, 0, NULL) : NULL;
	json_t *pid = json_object_get(o, "pid");

	if (!json_is_integer(pid)) {
		snprintf(buf, n, "a process that did not record who it is");
		json_decref(o);
		return;
	}
	clean_copy(json_string_value(json_object_get(o, "host")), host, sizeof(host));
	clean_copy(json_string_value(json_object_get(o, "since")), since, sizeof(since));
	snprintf(buf, n, "pid %lld on host '%s' since %s", (long long)json_integer_value(pid),
		 host, since[0] ? since : "?");
	json_decref(o);
}

static int busy(int fd, const char *dir, struct diag *d)
{
	char who[256];

	holder_of(fd, who, sizeof(who));
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "'%s' is in use by another run (%s): "
			"wait for it to end, or stop it; its lock is '%s/%s'", dir, who, dir,
			ARCHLOCK_FILE);
}

/*
 * Opens (creating it when missing) dir/.lock as a regular file with one name, never
 * through a symlink, a FIFO, a device or a hard link.
 */
static int open_lock(const char *path, struct stat *st, struct diag *d)
{
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);

	if (fd < 0 && errno == ELOOP) {
		diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "'%s' is a symbolic link: not an "
			 "archive's lock", path);
		return -SB_EUNSAFE;
	}
	if (fd < 0) {
		diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", path, strerror(errno));
		return -SB_EIO;
	}
	/* a hard link would have the record written over another file */
	if (fstat(fd, st) || !S_ISREG(st->st_mode) || st->st_nlink != 1) {
		close(fd);
		diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "'%s' is not a regular file of its own "
			 "(a symlink, a FIFO, a device or a hard link): not an archive's lock",
			 path);
		return -SB_EUNSAFE;
	}
	return fd;
}

/* The path still names the file fd has locked (its last holder did not remove it). */
static int still_there(const char *path, const struct stat *st)
{
	struct stat now;

	return !lstat(path, &now) && now.st_dev == st->st_dev && now.st_ino == st->st_ino;
}

/* Writes the holder record and allocates the reserve past it (best effort). */
static int record(struct archlock *l, struct diag *d)
{
	char host[256] = "unknown", since[CLOCK_ISO_SIZE];
	json_t *o;
	char *text;
	size_t n;
	int rc = 0;

	gethostname(host, sizeof(host) - 1);
	clock_iso8601((int64_t)time(NULL), since, sizeof(since));
	o = json_pack("{s:I, s:s, s:s}", "pid", (json_int_t)getpid(), "host", host,
		      "since", since);
	text = o ? json_dumps(o, JSON_COMPACT) : NULL;
	n = text ? strlen(text) : 0;
	if (!text || ftruncate(l->fd, 0) || pwrite(l->fd, text, n, 0) != (ssize_t)n ||
	    pwrite(l->fd, "\n", 1, (off_t)n) != 1)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", l->path,
			      strerror(errno));
	l->len = (long)n + 1;
	/* on a disk already nearly full, what it has: a small plan's last save needs 16 KiB */
	for (off_t r = ARCHLOCK_RESERVE; !rc && r >= 16 * 1024; r /= 2)
		if (!fallocate(l->fd, FALLOC_FL_KEEP_SIZE, RESERVE_AT, r))
			break;
	free(text);
	json_decref(o);
	return rc;
}

int archlock_take(struct archlock *l, const char *dir, struct diag *d)
{
	char *path = xasprintf("%s/%s", dir, ARCHLOCK_FILE);
	struct stat st;
	int fd = -1, rc = 0;

	for (int tries = 0; tries < TAKE_TRIES && fd < 0 && !rc; tries++) {
		fd = open_lock(path, &st, d);
		if (fd < 0) {
			rc = fd;
		} else if (flock(fd, LOCK_EX | LOCK_NB)) {
			rc = errno == EWOULDBLOCK ? busy(fd, dir, d) :
			     diag_set(d, -SB_EIO, NULL, 0, 0, "cannot lock '%s': %s", path,
				      strerror(errno));
		} else if (!still_there(path, &st)) {
			close(fd);
			fd = -1;
		}
	}
	if (!rc && fd < 0)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot lock '%s': it keeps being "
			      "replaced", path);
	if (rc) {
		if (fd >= 0)
			close(fd);
		free(path);
		return rc;
	}
	l->fd = fd;
	l->path = path;
	rc = record(l, d);
	if (rc)
		archlock_release(l);
	return rc;
}

void archlock_unreserve(struct archlock *l)
{
	if (l->fd < 0)
		return;
	(void)fallocate(l->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, RESERVE_AT,
			ARCHLOCK_RESERVE);
	(void)ftruncate(l->fd, l->len);
}

void archlock_release(struct archlock *l)
{
	if (l->fd >= 0) {
		unlink(l->path);   /* before unlocking: a waiter then sees it gone, and retries */
		close(l->fd);
	}
	free(l->path);
	archlock_init(l);
}
