/* SPDX-License-Identifier: MIT */
/*
 * cmd_ls: one line per archive (plan, target, date, status, headline numbers), so
 * a lab with hundreds of archives can pick a lineup. Folders without a manifest
 * are searched one level down, so `ssdbench ls out` lists every run in out/.
 * Columns align by display width (a CJK character takes two cells).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive.h"
#include "cli_int.h"
#include "err.h"
#include "sbuf.h"
#include "utf8.h"
#include "xalloc.h"

const struct cli_opt cmd_ls_opts[] = {
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/*
 * The best read MB/s, write MB/s and IOPS over the finished steps; not the reads,
 * nor the IOPS, of a step that read holes of a file target (zeros at memory speed).
 */
static void headline(const struct result_run *r, char *buf, size_t n)
{
	double rmb = 0, wmb = 0, iops = 0;
	size_t ok = 0;

	for (size_t i = 0; i < r->nsteps; i++) {
		const struct result_step *st = &r->steps[i];

		if (!st->status || strcmp(st->status, "ok"))
			continue;
		ok++;
		if (st->dir_stat[RESULT_WRITE].bw_bytes / 1e6 > wmb)
			wmb = st->dir_stat[RESULT_WRITE].bw_bytes / 1e6;
		if (st->read_holes)
			continue;
		if (st->dir_stat[RESULT_READ].bw_bytes / 1e6 > rmb)
			rmb = st->dir_stat[RESULT_READ].bw_bytes / 1e6;
		for (int d = 0; d < RESULT_NDIRS; d++)
			if (st->dir_stat[d].iops > iops)
				iops = st->dir_stat[d].iops;
	}
	snprintf(buf, n, "%zu/%zu steps  read %.0f MB/s  write %.0f MB/s  %.0f IOPS", ok,
		 r->nsteps, rmb, wmb, iops);
}

/* The listing's rows, printed once all are read so that columns align. */
enum { LS_COLS = 6 };

struct ls_rows {
	char **cells;   /* rows x LS_COLS */
	size_t n, cap;
};

static void add_row(struct ls_rows *t, const char *const row[LS_COLS])
{
	XGROW(t->cells, t->cap, (t->n + 1) * LS_COLS);
	for (size_t c = 0; c < LS_COLS; c++)
		t->cells[t->n * LS_COLS + c] = xstrdup(row[c]);
	t->n++;
}

/* Reads dir into t; returns 1 when it is not an archive (and adds nothing). */
static int list_one(const char *dir, int *bad, struct ls_rows *t)
{
	struct result_run run;
	struct diag d;
	char head[160];
	char *man = xasprintf("%s/manifest.json", dir);
	struct stat st;
	int missing = stat(man, &st) != 0;

	free(man);
	if (missing)
		return 1;
	result_run_init(&run);
	diag_clear(&d);
	if (archive_load(dir, &run, &d)) {
		fprintf(stderr, "%s: unreadable: ", dir);
		diag_print(&d, stderr);
		(*bad)++;
	} else {
		char when[20] = "?";

		if (run.started)
			snprintf(when, sizeof(when), "%.16s", run.started);
		if (when[10] == 'T')
			when[10] = ' ';
		headline(&run, head, sizeof(head));
		{
			const char *row[LS_COLS] = {
				dir, run.plan_title ? run.plan_title : run.plan_name ?
				run.plan_name : "?", run.target ? run.target : "?", when,
				run.status ? run.status : "?", head };

			add_row(t, row);
		}
	}
	result_run_release(&run);
	return 0;
}

/* Reads dir, or the archives one level below it. */
static void list_path(const char *dir, int *bad, size_t *found, struct ls_rows *t)
{
	struct dirent **names = NULL;
	int n;

	if (!list_one(dir, bad, t)) {
		(*found)++;
		return;
	}
	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "ssdbench: no archive at '%s': %s\n", dir, strerror(errno));
		(*bad)++;
		return;
	}
	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			char *sub = xasprintf("%s/%s", dir, names[i]->d_name);

			if (!list_one(sub, bad, t))
				(*found)++;
			free(sub);
		}
		free(names[i]);
	}
	free(names);
}

int cmd_ls(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	struct ls_rows t = { NULL, 0, 0 };
	size_t found = 0;
	int bad = 0, ex = cli__parse(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	for (size_t i = 0; i < p.nargs; i++)
		list_path(p.args[i], &bad, &found, &t);
	utf8_print_columns(stdout, (const char *const *)t.cells, t.n, LS_COLS);
	for (size_t i = 0; i < t.n * LS_COLS; i++)
		free(t.cells[i]);
	free(t.cells);
	if (!found && !bad)
		fprintf(stderr, "ssdbench: no archives found\n");
	return bad || !found;
}
