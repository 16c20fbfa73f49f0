/* SPDX-License-Identifier: MIT */
/* fuzz_util: fuzz inputs turned into memfd files and scratch folders for the file-based readers. */
#define _GNU_SOURCE
#include "fuzz_util.h"

#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_all(int fd, const uint8_t *data, size_t size)
{
	while (size) {
		ssize_t w = write(fd, data, size);

		if (w <= 0)
			return -1;
		data += w;
		size -= (size_t)w;
	}
	return 0;
}

int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t n)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);

	if (fd < 0)
		return -1;
	if (write_all(fd, data, size)) {
		close(fd);
		return -1;
	}
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}

int fuzz_write_file(const char *dir, const char *name, const uint8_t *data, size_t size)
{
	char path[4096];
	char *slash;
	int fd, rc;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	for (slash = strchr(path + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	rc = write_all(fd, data, size);
	if (close(fd))
		rc = -1;
	return rc;
}

static int remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void fuzz_remove_tree(const char *dir)
{
	nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}
