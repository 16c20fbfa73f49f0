/* SPDX-License-Identifier: MIT */
/*
 * fsutil: file-system primitives that say nothing (no diag): a look-before-open of
 * one regular file or folder, and mkdir -p. safefile and diag build on them.
 */
#ifndef SB_FSUTIL_H
#define SB_FSUTIL_H

#include <sys/types.h>

/* fsutil_open()'s "it is not what was asked for"; *found says what it is. */
#define FSUTIL_EKIND (-4096)

/*
 * Opens NAME under the folder dirfd (AT_FDCWD: a path) for reading when it is a
 * folder (want_dir) or a regular file, looking before opening so a FIFO or device is
 * never opened; follow 0 refuses a symbolic link as NAME's last component. Returns
 * the descriptor (a file's without O_NONBLOCK); -errno when the look failed (*found
 * 0) or the open did (*found its mode; -ELOOP: a link); or FSUTIL_EKIND, *found
 * saying what it is.
 */
int fsutil_open(int dirfd, const char *name, int want_dir, int follow, mode_t *found);

/* Creates path and every missing folder above it (mode 0755); 0 or -errno. */
int fsutil_mkdir_p(const char *path);

/*
 * The bytes of [off, off + len) of the regular file path that are holes (never
 * written: reads of them return zeros the file system makes up), by SEEK_DATA and
 * SEEK_HOLE; past the file's end counts as a hole. 0 or -errno.
 */
int fsutil_hole_bytes(const char *path, off_t off, off_t len, off_t *holes);

#endif
