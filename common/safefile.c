/* SPDX-License-Identifier: MIT */
/* safefile: no-follow opens, bounded reads and temp-and-rename writes for archives. */
#include "safefile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "fsutil.h"
#include "xalloc.h"

const char *safefile_kind(mode_t m)
{
	if (S_ISLNK(m))
		return "a symbolic link";
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISCHR(m) || S_ISBLK(m))
		return "a device";
	if (S_ISSOCK(m))
		return "a socket";
	if (S_ISDIR(m))
		return "a folder";
	return "a special file";
}

static int open_error(struct diag *d, const char *shown, int err)
{
	return diag_set(d, err == ENOENT ? -SB_ENOENT : -SB_EIO, shown, 0, 0,
			"cannot open '%s': %s", shown, strerror(err));
}

/* The refusal: shown is not what a reader may open (want_dir: a folder). */
static int refuse(struct diag *d, const char *shown, mode_t m, int want_dir)
{
	if (S_ISLNK(m))
		return diag_set(d, -SB_EIO, shown, 0, 0, "'%s' is a symbolic link: refusing "
				"to follow it", shown);
	return diag_set(d, -SB_EIO, shown, 0, 0, "'%s' is %s, not a %s", shown, safefile_kind(m),
			want_dir ? "folder" : "regular file");
}

/*
 * Opens name under dirfd when it is what is wanted (a folder, or a regular file),
 * looking before opening so a device or FIFO is never opened. shown names it;
 * full (or shown when NULL), the whole path asked for, names what does not exist.
 */
static int open_one(int dirfd, const char *name, int want_dir, int follow,
		    const char *shown, const char *full, struct diag *d)
{
	mode_t m = 0;
	int fd = fsutil_open(dirfd, name, want_dir, follow, &m);

	if (fd >= 0)
		return fd;
	if (fd == FSUTIL_EKIND)
		return refuse(d, shown, m, want_dir);
	if (!m)   /* the look failed */
		return open_error(d, fd == -ENOENT && full ? full : shown, -fd);
	return fd == -ELOOP ? refuse(d, shown, S_IFLNK, want_dir) : open_error(d, shown, -fd);
}

/* Walks rel under root component by component; the last is a folder when want_dir. */
static int walk(const char *root, const char *rel, int want_dir, struct diag *d)
{
	char *copy = xstrdup(rel ? rel : ""), *p = copy, *slash;
	char *full = *copy ? xasprintf("%s/%s", root, copy) : xstrdup(root);
	struct sbuf shown;
	int fd, next;

	sbuf_init(&shown);
	sbuf_adds(&shown, root);
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		fd = open_error(d, errno == ENOENT ? full : root, errno);
	if (fd >= 0 && p[0] == '/') {
		close(fd);
		fd = diag_set(d, -SB_EIO, shown.buf, 0, 0, "'%s' is an absolute path inside "
			      "'%s'", rel, root);
	}
	while (fd >= 0 && *p) {
		slash = strchr(p, '/');
		if (slash)
			*slash = '\0';
		sbuf_addf(&shown, "/%s", p);
		if (!strcmp(p, ".") || !strcmp(p, "..")) {
			next = diag_set(d, -SB_EIO, full, 0, 0, "'%s' has a '%s' component: "
					"refusing to leave the folder", full, p);
		} else {
			while (slash && slash[1] == '/')
				slash++;
			next = open_one(fd, p, want_dir || (slash && slash[1]), 0, shown.buf,
				       full, d);
		}
		close(fd);
		fd = next;
		p = slash ? slash + 1 : p + strlen(p);
	}
	if (fd >= 0 && !want_dir && (!rel || rel[0] == '\0')) {
		close(fd);
		fd = refuse(d, root, S_IFDIR, 0);
	}
	sbuf_release(&shown);
	free(full);
	free(copy);
	return fd;
}

int safefile_open(const char *root, const char *rel, struct diag *d)
{
	return walk(root, rel, 0, d);
}

int safefile_open_present(const char *root, const char *rel, struct diag *d)
{
	struct diag none;
	int fd;

	diag_clear(&none);
	fd = safefile_open(root, rel, &none);
	if (fd < 0 && fd != -SB_ENOENT && d && !d->code)
		*d = none;
	return fd;
}

int safefile_openat(int dirfd, const char *name, const char *shown, struct diag *d)
{
	return open_one(dirfd, name, 0, 0, shown, NULL, d);
}

int safefile_opendir(const char *root, const char *rel, struct diag *d)
{
	return walk(root, rel, 1, d);
}

int safefile_open_path(const char *path, int follow, struct diag *d)
{
	return open_one(AT_FDCWD, path, 0, follow, path, NULL, d);
}

int safefile_read_fd(int fd, const char *file, size_t max, struct sbuf *sb,
		     struct diag *d)
{
	char chunk[65536];
	size_t total = 0;
	struct stat st;
	ssize_t n;

	if (fstat(fd, &st) == 0 && (uint64_t)st.st_size > max)
		goto too_big;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return diag_set(d, -SB_EIO, file, 0, 0, "cannot read '%s': %s", file,
					strerror(errno));
		total += (size_t)n;
		if (total > max)
			goto too_big;
		sbuf_add(sb, chunk, (size_t)n);
	}
	return 0;
too_big:
	return diag_set(d, -SB_EIO, file, 0, 0, "'%s' is larger than %zu MiB: refusing to "
			"read it", file, max >> 20);
}

int safefile_load(const char *root, const char *rel, size_t max, struct sbuf *sb,
		  struct diag *d)
{
	char *file = xasprintf("%s/%s", root, rel);
	int fd = safefile_open(root, rel, d), rc = fd;

	if (fd >= 0) {
		rc = safefile_read_fd(fd, file, max, sb, d);
		close(fd);
	}
	free(file);
	return rc;
}

/* ---- writing ------------------------------------------------------------- */

int safefile_open_append(const char *path, int truncate, struct diag *d)
{
	struct stat st;
	int fd;

	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return refuse(d, path, st.st_mode, 0);
	fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
		  (truncate ? O_TRUNC : O_APPEND), 0644);
	if (fd < 0)
		return errno == ELOOP ? refuse(d, path, S_IFLNK, 0) : open_error(d, path, errno);
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return refuse(d, path, st.st_mode, 0);
	}
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

int safefile_create(struct safefile_out *o, const char *path, struct diag *d)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path + (slash == path))) : xstrdup(".");
	struct stat st;
	int rc = 0;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->path = xstrdup(path);
	o->base = xstrdup(slash ? slash + 1 : path);
	o->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (o->dirfd < 0) {
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno));
		goto out;
	}
	if (!o->base[0] || !strcmp(o->base, ".") || !strcmp(o->base, "..")) {
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': not a file name", path);
		goto out;
	}
	/* A device or FIFO there, or a link to one, is not replaced (/dev/null stays). */
	if ((fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) &&
	     !S_ISLNK(st.st_mode)) ||
	    (fstatat(o->dirfd, o->base, &st, 0) == 0 && !S_ISREG(st.st_mode))) {
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': it is %s, not a "
			      "regular file", path, safefile_kind(st.st_mode));
		goto out;
	}
	for (unsigned n = 0; o->fd < 0 && n < 100; n++) {
		free(o->tmp);
		o->tmp = xasprintf("%s.%ld.%u.tmp", o->base, (long)getpid(), n);
		o->fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			       O_CLOEXEC, 0644);
		if (o->fd < 0 && errno != EEXIST)
			break;
	}
	if (o->fd < 0)
		rc = diag_set(d, -SB_EIO, path, 0, 0, "cannot write '%s': %s", path,
			      strerror(errno));
out:
	free(dir);
	if (rc) {
		free(o->tmp);
		o->tmp = NULL; /* nothing was created: nothing to remove */
		safefile_abort(o);
	}
	return rc;
}

int safefile_put(struct safefile_out *o, const void *data, size_t len, struct diag *d)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(o->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return diag_set(d, -SB_EIO, o->path, 0, 0, "cannot write '%s': %s",
					o->path, strerror(n < 0 ? errno : EIO));
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int safefile_commit(struct safefile_out *o, struct diag *d)
{
	int rc = 0;

	if (fsync(o->fd) || close(o->fd))
		rc = diag_set(d, -SB_EIO, o->path, 0, 0, "cannot write '%s': %s", o->path,
			      strerror(errno));
	o->fd = -1;
	if (!rc && renameat(o->dirfd, o->tmp, o->dirfd, o->base))
		rc = diag_set(d, -SB_EIO, o->path, 0, 0, "cannot rename a temporary file to "
			      "'%s': %s", o->path, strerror(errno));
	if (!rc) {
		free(o->tmp);
		o->tmp = NULL;
	}
	safefile_abort(o);
	return rc;
}

void safefile_abort(struct safefile_out *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->tmp && o->dirfd >= 0)
		(void)unlinkat(o->dirfd, o->tmp, 0);
	if (o->dirfd >= 0)
		close(o->dirfd);
	free(o->tmp);
	free(o->base);
	free(o->path);
	memset(o, 0, sizeof(*o));
	o->fd = o->dirfd = -1;
}

int safefile_write(const char *path, const void *data, size_t len, struct diag *d)
{
	struct safefile_out o;
	int rc = safefile_create(&o, path, d);

	if (!rc)
		rc = safefile_put(&o, data, len, d);
	if (!rc)
		return safefile_commit(&o, d);
	safefile_abort(&o);
	return rc;
}

int safefile_mkdir(const char *path, int follow, struct diag *d)
{
	struct stat st;

	if (mkdir(path, 0777) == 0)
		return 0;
	if (errno != EEXIST)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot create directory '%s': %s", path,
				strerror(errno));
	if ((follow ? stat(path, &st) : lstat(path, &st)) != 0)
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot create directory '%s': %s", path,
				strerror(errno));
	if (S_ISLNK(st.st_mode))
		return diag_set(d, -SB_EIO, path, 0, 0, "'%s' is a symbolic link: refusing to "
				"write through it", path);
	if (!S_ISDIR(st.st_mode))
		return diag_set(d, -SB_EIO, path, 0, 0, "cannot create directory '%s': it is %s",
				path, safefile_kind(st.st_mode));
	return 0;
}

/* ---- removing ------------------------------------------------------------ */

int safefile_remove_tree(int dirfd, const char *name)
{
	struct dirent *e;
	struct stat st;
	DIR *dh;
	int fd, rc = 0;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dirfd, name, 0) && errno != ENOENT ? -errno : 0;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	dh = fdopendir(fd);
	if (!dh) {
		rc = -errno;
		close(fd);
		return rc;
	}
	while (!rc && (e = readdir(dh)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rc = safefile_remove_tree(fd, e->d_name);
	closedir(dh);
	if (!rc && unlinkat(dirfd, name, AT_REMOVEDIR) && errno != ENOENT)
		rc = -errno;
	return rc;
}
