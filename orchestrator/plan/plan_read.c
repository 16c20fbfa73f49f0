/* SPDX-License-Identifier: MIT */
/*
 * plan_read: reads plan files as the untrusted input they are: regular files only,
 * within the limits on one file and on all of them; and the table of every limit.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "plan_int.h"
#include "sbuf.h"
#include "xalloc.h"

const struct plan__limit plan__limits[] = {
	{ "one plan or included file", PLAN_MAX_FILE_BYTES, "bytes" },
	{ "all plan files read (the plan, and each include every time it is loaded)",
	  PLAN_MAX_READ_BYTES, "bytes" },
	{ "includes loaded (every time, also when a `<sweep>` or a nested include "
	  "repeats one)", PLAN_MAX_INCLUDES, "includes" },
	{ "one attribute value, `${...}` substituted", PLAN_MAX_VALUE_BYTES, "bytes" },
	{ "all attribute values loaded (every time a `<sweep>` repeats them)",
	  PLAN_MAX_VALUES_BYTES, "bytes" },
	{ "elements loaded (every time a `<sweep>` repeats them)", PLAN_MAX_ELEMS,
	  "elements" },
	{ "steps in the plan", PLAN_MAX_STEPS, "steps" },
	{ "targets in the plan; hosts in the plan", PLAN_MAX_TARGETS, "each" },
	{ "nesting of elements, of includes, of sweeps", PLAN_MAX_DEPTH, "levels" },
	{ "one `<replay>`'s trace file", PLAN_MAX_TRACE_BYTES, "bytes" },
};
const size_t plan__nlimits = sizeof(plan__limits) / sizeof(plan__limits[0]);

/* What a file that is not a regular one is, for messages. */
static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	return "not a regular file";
}

/* An error about the file of the <include> inc, or of the plan itself (inc NULL). */
static int file_err(struct plan__loader *ld, const xmlNode *inc, const char *path,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int file_err(struct plan__loader *ld, const xmlNode *inc, const char *path,
		    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (inc)
		return plan__err_at(ld, &(struct plan__origin){ ld->doc, inc }, "href", 1, "%s",
				    msg);
	return diag_set(ld->d, -SB_EPARSE, path, 0, 0, "%s", msg);
}

int plan__read_text(struct plan__loader *ld, const xmlNode *inc, const char *path,
		    struct sbuf *text)
{
	const char *what = inc ? "included file" : "plan";
	char chunk[65536];
	struct stat st;
	ssize_t got = 0;
	int fd = -1, rc = 0;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return file_err(ld, inc, path, "%s '%s' is %s, not a regular file", what, path,
				file_kind(st.st_mode));
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		rc = inc ? file_err(ld, inc, path, "cannot read %s '%s': %s", what, path,
				    strerror(errno))
			 : diag_set(ld->d, -SB_ENOENT, NULL, 0, 0, "cannot read plan '%s': %s",
				    path, strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = file_err(ld, inc, path, "%s '%s' is %s, not a regular file", what, path,
			      file_kind(st.st_mode));
		goto out;
	}
	while (text->len <= PLAN_MAX_FILE_BYTES &&
	       ((got = read(fd, chunk, sizeof(chunk))) > 0 || (got < 0 && errno == EINTR)))
		if (got > 0)
			sbuf_add(text, chunk, (size_t)got);
	if (got < 0)
		rc = file_err(ld, inc, path, "cannot read %s '%s': %s", what, path,
			      strerror(errno));
	else if (text->len > PLAN_MAX_FILE_BYTES)
		rc = file_err(ld, inc, path, "%s '%s' is larger than %u MiB, the limit for "
			      "one plan file", what, path, PLAN_MAX_FILE_BYTES >> 20);
	ld->read_bytes += text->len;
	if (!rc && ld->read_bytes > PLAN_MAX_READ_BYTES)
		rc = file_err(ld, inc, path, "the plan and its includes add up to more than "
			      "%u MiB (counting each time an include is loaded)",
			      PLAN_MAX_READ_BYTES >> 20);
out:
	if (fd >= 0)
		close(fd);
	return rc;
}

char *plan__relative_to(const char *base, const char *href)
{
	const char *slash = strrchr(base, '/');

	if (href[0] == '/' || !slash)
		return xstrdup(href);
	return xasprintf("%.*s/%s", (int)(slash - base), base, href);
}

int plan__path_inside(const char *real, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(real, dir, n) && (real[n] == '/' || !real[n]);
}
