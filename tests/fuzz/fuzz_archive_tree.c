/* SPDX-License-Identifier: MIT */
/*
 * fuzz_archive_tree: libFuzzer target for a whole hostile archive: a scratch tree of
 * files, folders, symbolic links, FIFOs and device nodes, read by archive_load,
 * listed by `ssdbench ls` and checked by archive_verify. Nothing outside the tree
 * may change, and every special file made must be reported by verify.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "archive.h"
#include "archive_files.h"
#include "cli.h"
#include "diag.h"
#include "fuzz_util.h"
#include "passset.h"
#include "result.h"

/*
 * The input is a list of entries, each a header line then (for "file") content up
 * to the next header line:
 *   "@@ file PATH"   a regular file with the lines that follow
 *   "@@ dir PATH"    a folder
 *   "@@ link PATH -> TARGET"  a symbolic link (TARGET relative, or /dev/zero, /dev/null)
 *   "@@ fifo PATH", "@@ zero PATH" (a node like /dev/zero), "@@ null PATH"
 * PATH is relative to the archive; one with ".." or a link on the way is skipped.
 * Beside the archive lie "victim" and "vdir/", which links may name ("../victim").
 */
static const char hdr[] = "@@ ";
static const char victim_text[] = "victim: must stay as it is\n";

struct tree {
	int fd;           /* the archive folder */
	size_t specials;  /* special files made */
};

static int bad_path(const char *p)
{
	if (!*p || *p == '/')
		return 1;
	for (const char *c = p; c; c = strchr(c, '/'), c = c ? c + 1 : NULL)
		if (!strncmp(c, "..", 2) && (c[2] == '/' || c[2] == '\0'))
			return 1;
	return 0;
}

/*
 * The folder of PATH's last component, made as needed, walked without following a
 * link (the harness must not write outside either). Returns a descriptor or -1;
 * *name points at the last component.
 */
static int parent_of(int root, char *path, char **name)
{
	int fd = dup(root);
	char *p = path, *slash;

	while (fd >= 0 && (slash = strchr(p, '/'))) {
		int next;

		*slash = '\0';
		(void)mkdirat(fd, p, 0755);
		next = *p ? openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : dup(fd);
		close(fd);
		fd = next;
		p = slash + 1;
	}
	*name = p;
	return fd;
}

static void make_entry(struct tree *t, const char *kind, char *path, const char *target,
		       const uint8_t *data, size_t len)
{
	char *name;
	int dfd, fd, made = -1;

	if (bad_path(path) || (dfd = parent_of(t->fd, path, &name)) < 0)
		return;
	if (!*name) {
		close(dfd);
		return;
	}
	if (!strcmp(kind, "file")) {
		fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd >= 0) {
			if (write(fd, data, len) < 0)
				(void)0;
			close(fd);
		}
	} else if (!strcmp(kind, "dir")) {
		(void)mkdirat(dfd, name, 0755);
	} else if (!strcmp(kind, "link") && target &&
		   (target[0] != '/' || !strcmp(target, "/dev/zero") ||
		    !strcmp(target, "/dev/null"))) {
		made = symlinkat(target, dfd, name);
	} else if (!strcmp(kind, "fifo")) {
		made = mkfifoat(dfd, name, 0644);
	} else if (!strcmp(kind, "zero") || !strcmp(kind, "null")) {
		made = mknodat(dfd, name, S_IFCHR | 0644, makedev(1, kind[0] == 'z' ? 5 : 3));
	}
	if (made == 0)
		t->specials++;
	close(dfd);
}

/* Parses one header line [p, eol) into kind, path and target (in buf). */
static int parse_header(const uint8_t *p, const uint8_t *eol, char *buf, size_t n,
			char **kind, char **path, char **target)
{
	size_t len = (size_t)(eol - p);
	char *sp, *arrow;

	if (len >= n || memchr(p, '\0', len))
		return -1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	sp = strchr(buf, ' ');
	if (!sp)
		return -1;
	*sp = '\0';
	*kind = buf;
	*path = sp + 1;
	arrow = strstr(*path, " -> ");
	*target = NULL;
	if (arrow) {
		*arrow = '\0';
		*target = arrow + 4;
	}
	return 0;
}

static void build(struct tree *t, const uint8_t *data, size_t size)
{
	const uint8_t *p = data, *end = data + size;

	while (p < end) {
		const uint8_t *h = memmem(p, (size_t)(end - p), hdr, sizeof(hdr) - 1);
		const uint8_t *eol, *next;
		char buf[512], *kind, *path, *target;

		if (!h)
			return;
		h += sizeof(hdr) - 1;
		eol = memchr(h, '\n', (size_t)(end - h));
		eol = eol ? eol : end;
		next = eol < end ? memmem(eol, (size_t)(end - eol), "\n@@ ", 4) : NULL;
		next = next ? next : end;
		if (parse_header(h, eol, buf, sizeof(buf), &kind, &path, &target) == 0)
			make_entry(t, kind, path, target, eol < end ? eol + 1 : end,
				   eol < next ? (size_t)(next - eol - 1) : 0);
		p = next;
	}
}

static int victim_intact(const char *top)
{
	char path[512], buf[128];
	ssize_t n;
	int fd, ok;

	snprintf(path, sizeof(path), "%s/victim", top);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	ok = n == (ssize_t)(sizeof(victim_text) - 1) && !memcmp(buf, victim_text, (size_t)n);
	snprintf(path, sizeof(path), "%s/vdir", top);
	return ok && rmdir(path) == 0 && mkdir(path, 0755) == 0; /* rmdir: still empty */
}

/* passes.json, what report and compare read of a pass set: a failure says why, a set
 * read lists only pass folders by their own names ("pass-" and digits: nothing that
 * leaves the set). */
static void readback_passset(const char *dir)
{
	struct passset ps;
	struct diag d;
	int rc;

	diag_clear(&d);
	rc = passset_read(dir, &ps, &d);
	if (rc < 0 && !d.code)
		abort();
	if (rc)
		return;
	if (!ps.npasses)
		abort();
	for (size_t i = 0; i < ps.npasses; i++)
		if (strncmp(ps.passes[i], "pass-", 5) || !ps.passes[i][5] ||
		    strspn(ps.passes[i] + 5, "0123456789") != strlen(ps.passes[i] + 5))
			abort();
	passset_release(&ps);
}

static void run_readers(char *dir, size_t specials)
{
	char prog[] = "ssdbench", ls[] = "ls";
	char *argv[] = { prog, ls, dir, NULL };
	struct archive_verify v;
	struct result_run run;
	struct diag d;

	result_run_init(&run);
	diag_clear(&d);
	if (archive_load(dir, &run, &d) && !d.code)
		abort(); /* a failure always says why */
	result_run_release(&run);
	readback_passset(dir);
	(void)cli_main(3, argv);
	diag_clear(&d);
	if (archive_verify(dir, &v, &d) == 0) {
		if (v.nmissing + v.nchanged > v.checked || v.nspecial != specials)
			abort(); /* every link, FIFO and node made is tampering */
		archive_verify_release(&v);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char top[] = "/tmp/sb-fuzz-tree.XXXXXX", dir[64], path[96];
	struct tree t = { -1, 0 };
	static int quiet;

	if (!quiet++ && !freopen("/dev/null", "w", stdout))
		return 0;
	if (!mkdtemp(top))
		return 0;
	snprintf(dir, sizeof(dir), "%s/a", top);
	snprintf(path, sizeof(path), "%s/vdir", top);
	if (mkdir(dir, 0755) || mkdir(path, 0755) ||
	    fuzz_write_file(top, "victim", (const uint8_t *)victim_text, sizeof(victim_text) - 1))
		goto out;
	t.fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t.fd < 0)
		goto out;
	build(&t, data, size);
	close(t.fd);
	run_readers(dir, t.specials);
	if (!victim_intact(top))
		abort(); /* something was written outside the archive */
out:
	fuzz_remove_tree(top);
	return 0;
}
