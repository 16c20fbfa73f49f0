/* SPDX-License-Identifier: MIT */
/*
 * safefile: opening, reading and writing files in a folder whose content is not
 * trusted (a result archive someone sent): nothing it holds is followed (symbolic
 * links), waited on (FIFOs), read whole past a bound, or written through.
 */
#ifndef SB_SAFEFILE_H
#define SB_SAFEFILE_H

#include <stddef.h>
#include <sys/types.h>

#include "diag.h"
#include "sbuf.h"

/* The most a reader loads whole: a manifest, a journal, a fio.json. */
#define SAFEFILE_MAX_LOAD ((size_t)256 << 20)

/* What a file of mode m is, for messages: "a FIFO", "a symbolic link", ... */
const char *safefile_kind(mode_t m);

/*
 * Opens ROOT/REL for reading. ROOT is the caller's (it is followed); REL comes from
 * the folder's content: it is walked one component at a time with O_NOFOLLOW under
 * ROOT's descriptor, so a symbolic link anywhere in it, an empty, "." or ".."
 * component, or a last component that is not a regular file (FIFO, device, socket,
 * folder) is refused without being opened for I/O. REL NULL or "" opens ROOT alone.
 * Returns a descriptor (close() it) or a negative SB_E* code (-SB_ENOENT when
 * something on the way does not exist) with d naming ROOT/REL.
 */
int safefile_open(const char *root, const char *rel, struct diag *d);

/*
 * safefile_open() of a file that may be absent: returns -SB_ENOENT then with d
 * untouched; any other refusal or error is in d.
 */
int safefile_open_present(const char *root, const char *rel, struct diag *d);

/*
 * Opens NAME, one component, under the folder dirfd: a regular file, not a link
 * (safefile_open()'s last step); shown names it in d.
 */
int safefile_openat(int dirfd, const char *name, const char *shown, struct diag *d);

/* safefile_open() for a folder: returns an O_DIRECTORY descriptor. */
int safefile_opendir(const char *root, const char *rel, struct diag *d);

/*
 * Opens PATH for reading when it is a regular file (never opening a FIFO or device
 * to find out). follow 0 refuses a symbolic link as its last component (a file
 * named by an archive); 1 follows it (a file the user named). Same returns.
 */
int safefile_open_path(const char *path, int follow, struct diag *d);

/*
 * Appends the whole of ROOT/REL (safefile_open) to sb; a file of more than max
 * bytes is an error naming it, not an allocation failure.
 */
int safefile_load(const char *root, const char *rel, size_t max, struct sbuf *sb,
		  struct diag *d);

/* Reads fd to its end into sb, at most max bytes; file names it in errors. */
int safefile_read_fd(int fd, const char *file, size_t max, struct sbuf *sb,
		     struct diag *d);

/*
 * Opens PATH to append to (truncate 1: to rewrite) a log kept in an archive,
 * creating it 0644; anything there that is not a regular file (a link, a FIFO, a
 * device) is refused, not opened. Returns a descriptor or a negative SB_E* code.
 */
int safefile_open_append(const char *path, int truncate, struct diag *d);

/*
 * A file being written: a temporary file beside PATH, created O_EXCL|O_NOFOLLOW,
 * that safefile_commit() renames over PATH. Whatever PATH was (a symbolic link
 * included) is replaced, never written through, and a writer killed half-way leaves
 * PATH as it was plus a "*.tmp" file that the next write or verify ignores. A
 * device, FIFO, socket or folder at PATH (or named by a link there) is refused,
 * never replaced: `-o /dev/null` must not swap the device for a file.
 */
struct safefile_out {
	int dirfd;       /* PATH's folder */
	int fd;          /* the temporary file, write to it */
	char *path;      /* PATH, for messages */
	char *base;      /* PATH's last component */
	char *tmp;       /* the temporary file's name in dirfd */
};

/* Creates the temporary file for path; on failure o needs no release. */
int safefile_create(struct safefile_out *o, const char *path, struct diag *d);
/* Writes len bytes to the temporary file; errors name PATH. */
int safefile_put(struct safefile_out *o, const void *data, size_t len, struct diag *d);
/* Flushes the temporary file to disk and renames it over PATH; releases o. */
int safefile_commit(struct safefile_out *o, struct diag *d);
/* Removes the temporary file and releases o; PATH is left as it was. No-op twice. */
void safefile_abort(struct safefile_out *o);
/* PATH := data, through a temporary file (the three calls above). */
int safefile_write(const char *path, const void *data, size_t len, struct diag *d);

/*
 * Makes the folder PATH unless it is one already. follow 0 refuses a symbolic
 * link there (a folder inside an archive); 1 accepts one (a folder the user named).
 */
int safefile_mkdir(const char *path, int follow, struct diag *d);

/*
 * Removes NAME under the folder dirfd and, when it is a folder, everything in it,
 * without following any symbolic link (a link is removed, never what it names) and
 * without leaving dirfd. Returns 0 (also when NAME does not exist) or -errno.
 */
int safefile_remove_tree(int dirfd, const char *name);

#endif
