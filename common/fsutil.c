/* SPDX-License-Identifier: MIT */
/* fsutil: a look-before-open of one file or folder, and mkdir -p, without messages. */
#define _GNU_SOURCE   /* SEEK_DATA, SEEK_HOLE */
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

int fsutil_open(int dirfd, const char *name, int want_dir, int follow, mode_t *found)
{
	int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW) |
		    (want_dir ? O_DIRECTORY : O_NOCTTY);
	struct stat st;
	int fd;

	*found = 0;
	if (fstatat(dirfd, name, &st, follow ? 0 : AT_SYMLINK_NOFOLLOW))
		return -errno;
	*found = st.st_mode;
	if (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
		return FSUTIL_EKIND;
	fd = openat(dirfd, name, flags);
	if (fd < 0)
		return -errno;
	/* Swapped between the look and the open: the descriptor has the last word. */
	if (fstat(fd, &st) || (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))) {
		close(fd);
		*found = st.st_mode;
		return FSUTIL_EKIND;
	}
	if (!want_dir)
		(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

int fsutil_mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = p + 1; *s && !rc; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			rc = -errno;
		*s = '/';
	}
	if (!rc && mkdir(p, 0755) && errno != EEXIST)
		rc = -errno;
	free(p);
	return rc;
}

int fsutil_hole_bytes(const char *path, off_t off, off_t len, off_t *holes)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	off_t end = off + len, at = off, data, hole, size;
	int rc = 0;

	*holes = 0;
	if (fd < 0)
		return -errno;
	size = lseek(fd, 0, SEEK_END);
	while (at < end && at < size) {
		data = lseek(fd, at, SEEK_DATA);
		if (data < 0 && errno != ENXIO) {
			rc = -errno;
			break;
		}
		if (data < 0 || data >= end) {   /* a hole to the range's end */
			*holes += (size < end ? size : end) - at;
			break;
		}
		*holes += data - at;
		hole = lseek(fd, data, SEEK_HOLE);
		if (hole < 0) {
			rc = -errno;
			break;
		}
		at = hole;
	}
	if (!rc && size < end)
		*holes += end - (size > off ? size : off);
	close(fd);
	return rc;
}
