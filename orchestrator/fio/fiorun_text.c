/* SPDX-License-Identifier: MIT */
/*
 * fiorun_text: what fio said after a step, for messages: its own error lines, the
 * first job's error in its report, and a report that did not fit on the disk; and
 * the empty output of a gate it leaves.
 */
#include "fiorun_text.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fiojson.h"
#include "fiorun_int.h"
#include "sbuf.h"
#include "xalloc.h"

/* Appends line to sb ("; "-separated) when it is one of fio's messages, once. */
static void add_line(struct sbuf *sb, char *line, int only_fio, int *count)
{
	while (*line == ' ' || *line == '\t' || *line == '\r')
		line++;
	if (*line == '<' && strstr(line, "> "))  /* relayed from a server: "<bench1> " */
		line = strstr(line, "> ") + 2;
	if (!*line || (only_fio && strncmp(line, "fio:", 4) && strncmp(line, "note:", 5) &&
		       strncmp(line, "client", 6)))
		return;
	if (strstr(sb->buf, line))
		return; /* fio often says the same thing twice */
	if (sb->len)
		sbuf_adds(sb, "; ");
	sbuf_addf(sb, "%.300s", line);
	(*count)++;
}

/*
 * Appends the meaningful lines of a file (fio's messages) to sb, read a line at a
 * time: fio's stdout can be any size. A line longer than the buffer counts by its
 * start.
 */
static void add_lines(struct sbuf *sb, const char *path, int only_fio, int *count)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int rest = 0;   /* inside a long line, past its start */

	while (f && *count < 6 && fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);
		int was_rest = rest;

		rest = !n || line[n - 1] != '\n';
		if (!rest)
			line[n - 1] = '\0';
		if (!was_rest)
			add_line(sb, line, only_fio, count);
	}
	if (f)
		fclose(f);
}

char *fiorun_error_text(const char *dir)
{
	static const char *const files[] = { "fio.stderr", "fio.stdout", "fio.json" };
	struct sbuf sb;
	int count = 0;

	sbuf_init(&sb);
	/* stderr whole; elsewhere only fio's own messages (it puts some into --output). */
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *path = xasprintf("%s/%s", dir, files[i]);

		add_lines(&sb, path, i > 0, &count);
		free(path);
	}
	return sbuf_detach(&sb);
}

char *fiorun_job_error(const char *dir)
{
	char *path = xasprintf("%s/fio.json", dir), *text = NULL;
	struct fiojson_report r;
	struct diag d;

	diag_clear(&d);
	fiojson_report_init(&r);
	/* An unreadable report is left to the caller, who says so on its own. */
	size_t n = fiojson_parse_file(path, &r, &d) ? 0 : r.njobs;

	for (size_t i = 0; i < n && !text; i++) {
		const struct fiojson_job *j = &r.jobs[i];

		if (j->error)
			text = xasprintf("job '%s'%s%s: error %d (%s)", j->jobname ? j->jobname :
					 "?", j->hostname ? " on " : "",
					 j->hostname ? j->hostname : "", j->error,
					 strerror(j->error));
	}
	fiojson_report_release(&r);
	free(path);
	return text;
}

char *fiorun_nospace(const char *dir)
{
	struct statvfs sv;
	unsigned long long left;

	if (statvfs(dir, &sv))
		return NULL;
	/* root (as fio runs) may use the blocks a filesystem keeps for it */
	left = (unsigned long long)(geteuid() ? sv.f_bavail : sv.f_bfree) * sv.f_frsize;
	if (left >= FIORUN_FULL_BYTES)
		return NULL;
	return xasprintf("cannot write '%s/fio.json': %s (fio's report is missing or cut "
			 "short, and %llu KiB are left on its filesystem)", dir,
			 strerror(ENOSPC), left / 1024);
}

void fiorun__drop_empty_prerun(const char *dir)
{
	DIR *dp = opendir(dir);
	struct dirent *e;

	while (dp && (e = readdir(dp))) {
		size_t n = strlen(e->d_name), k = strlen(".prerun.txt");
		struct stat sb;

		if (n > k && !strcmp(e->d_name + n - k, ".prerun.txt") &&
		    !fstatat(dirfd(dp), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) &&
		    S_ISREG(sb.st_mode) && !sb.st_size)
			unlinkat(dirfd(dp), e->d_name, 0);
	}
	if (dp)
		closedir(dp);
}
