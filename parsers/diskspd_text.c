/* SPDX-License-Identifier: MIT */
/*
 * diskspd_text: DiskSpd's text output (-Rtext, its default), 2.0.x and 2.2 layouts, as
 * saved or copied from a console: each run's "Input parameters" (a test per timespan)
 * and its "Results for timespan N" (the Read IO and Write IO tables' total rows, the
 * test time, the latency table), several runs in one file, lines outside them (a
 * prompt, notes) passed over. Into the same struct diskspd_result as the XML.
 */
#define _GNU_SOURCE 1 /* memmem */
#include "diskspd.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

#define DISKSPD_TEXT_MAX_BYTES (64u << 20)

/* The test a timespan's input parameters describe, until its results come. */
struct pending {
	int seen;                 /* a "timespan:" line began it */
	int line;
	uint64_t bs;
	int qd, per_file, paths, write_ratio, random, set_rw;
};

struct tparse {
	const char *file;
	struct diag *d;
	int line;
	struct pending in[DISKSPD_MAX_TEXT_SPANS];
	size_t nin;
	struct diskspd_span *cur;   /* the span whose results are being read */
	int table;                  /* 0 none, 1 Read IO, 2 Write IO, 3 another table */
	int lat_table;              /* reading a %-ile table */
	int lat_done;               /* the span's first %-ile table read */
};

static int tbad(struct tparse *p, int col, const char *what, const char *text)
{
	return diag_set(p->d, -SB_EPARSE, p->file, p->line, col, "%s%s%s", what,
			text ? ": " : "", text ? text : "");
}

/* After "key:" at the line's start (spaces and tabs before it), else NULL. */
static const char *after(const char *line, const char *key)
{
	size_t n = strlen(key);

	while (*line == ' ' || *line == '\t')
		line++;
	if (strncmp(line, key, n))
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* "4096", "4KiB", "64KiB", "1MiB" */
static int bsize(const char *s, uint64_t *bs)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !isfinite(v) || v <= 0 || v > 1073741824)
		return 0;
	if (!strncmp(end, "KiB", 3) || !strncmp(end, "K", 1))
		v *= 1024;
	else if (!strncmp(end, "MiB", 3) || !strncmp(end, "M", 1))
		v *= 1048576;
	*bs = (uint64_t)v;
	return v == floor(v);
}

static int input_line(struct tparse *p, const char *line)
{
	struct pending *t = p->nin ? &p->in[p->nin - 1] : NULL;
	const char *v;

	if (after(line, "timespan:")) {
		if (p->nin >= DISKSPD_MAX_TEXT_SPANS)
			return tbad(p, 1, "more timespans than this reader takes", NULL);
		t = &p->in[p->nin++];
		memset(t, 0, sizeof(*t));
		t->seen = 1;
		t->line = p->line;
		t->qd = t->per_file = 1;
		return 0;
	}
	if (!t)
		return 0;
	if (after(line, "path:"))
		t->paths++;
	else if ((v = after(line, "block size:"))) {
		uint64_t bs;

		if (!bsize(v, &bs))
			return tbad(p, (int)(v - line) + 1, "a block size expected", v);
		if (t->bs && bs != t->bs)
			return tbad(p, 1, "targets of different block sizes in one timespan: not one "
				    "test", NULL);
		t->bs = bs;
	} else if ((v = after(line, "number of outstanding I/O operations per thread:")) ||
		   (v = after(line, "number of outstanding I/O operations:"))) {
		t->qd = atoi(v);
		if (t->qd < 1)
			return tbad(p, (int)(v - line) + 1, "outstanding I/Os expected", v);
	} else if ((v = after(line, "threads per file:"))) {
		t->per_file = atoi(v);
		if (t->per_file < 1)
			return tbad(p, (int)(v - line) + 1, "threads per file expected", v);
	} else if (after(line, "using random I/O")) {
		t->random = 1;
	} else if (after(line, "performing read test")) {
		t->write_ratio = 0, t->set_rw = 1;
	} else if (after(line, "performing write test")) {
		t->write_ratio = 100, t->set_rw = 1;
	} else if ((v = after(line, "performing mix test (read/write ratio:"))) {
		int r, w;

		if (sscanf(v, "%d/%d", &r, &w) != 2 || r < 0 || w < 0 || r + w != 100)
			return tbad(p, (int)(v - line) + 1, "a read/write ratio expected", v);
		t->write_ratio = w, t->set_rw = 1;
	}
	return 0;
}

/* A table's total row: "total:  bytes | I/Os | MiB/s | I/O per s [| AvgLat ...]". */
static int total_row(struct tparse *p, const char *v, int dir)
{
	struct diskspd_span *s = p->cur;
	unsigned long long bytes, ios;
	double mibs, iops, lat = NAN;
	char lat_text[32] = "";

	if (sscanf(v, "%llu | %llu | %lf | %lf | %31s", &bytes, &ios, &mibs, &iops, lat_text) < 4)
		return tbad(p, 1, "a total row \"bytes | I/Os | MiB/s | I/O per s\" expected", NULL);
	if (lat_text[0] && strcmp(lat_text, "N/A")) {
		char *end;

		lat = strtod(lat_text, &end);
		if (*end || !isfinite(lat) || lat < 0)
			return tbad(p, 1, "the total row's AvgLat is not a number", lat_text);
	}
	s->bytes[dir] = bytes;
	s->ios[dir] = ios;
	s->lat_ms[dir] = ios ? lat : NAN;
	return 0;
}

/* "  99th |        N/A |    161.752 |    161.752" */
static int lat_row(struct tparse *p, const char *line)
{
	static const struct {
		const char *name;
		int which;
	} rows[] = { { "99th", 0 }, { "3-nines", 1 }, { "4-nines", 2 } };
	char name[16], r[32], w[32];
	struct diskspd_span *s = p->cur;

	if (sscanf(line, " %15[^ |] | %31[^ |] | %31[^ |]", name, r, w) != 3)
		return 0;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const char *v[2] = { r, w };
		double *at[2][3] = { { &s->p99_ms[0], &s->p999_ms[0], &s->p9999_ms[0] },
				     { &s->p99_ms[1], &s->p999_ms[1], &s->p9999_ms[1] } };

		if (strcmp(name, rows[i].name))
			continue;
		for (int k = 0; k < 2; k++) {
			char *end;
			double x = strtod(v[k], &end);

			if (!strcmp(v[k], "N/A"))
				continue;
			if (*end || !isfinite(x) || x < 0)
				return tbad(p, 1, "a latency that is not a number", v[k]);
			*at[k][rows[i].which] = x;
		}
	}
	return 0;
}

static int start_span(struct tparse *p, const char *v, struct diskspd_result *res)
{
	int n = atoi(v);
	struct pending *t;
	struct diskspd_span *s;

	if (n < 1 || (size_t)n > p->nin || !p->in[n - 1].seen)
		return tbad(p, 1, "results for a timespan the input parameters do not describe",
			    NULL);
	t = &p->in[n - 1];
	if (!t->bs || !t->set_rw)
		return tbad(p, 1, "its input parameters lack the block size or the test "
			    "(read, write or mix)", NULL);
	if (res->n >= DISKSPD_MAX_SPANS)
		return tbad(p, 1, "more timespans than this reader takes", NULL);
	res->s = xrealloc(res->s, (res->n + 1) * sizeof(*res->s));
	s = &res->s[res->n++];
	memset(s, 0, sizeof(*s));
	s->line = p->line;
	s->bs = t->bs;
	s->qd = t->qd;
	s->threads = t->per_file * (t->paths ? t->paths : 1);
	s->write_ratio = t->write_ratio;
	s->random = t->random;
	s->bucket_s = 1;
	for (int k = 0; k < 2; k++)
		s->lat_ms[k] = s->p99_ms[k] = s->p999_ms[k] = s->p9999_ms[k] = NAN;
	p->cur = s;
	p->table = p->lat_table = p->lat_done = 0;
	return 0;
}

/* The span just read: its time and both totals were there; its name unique in the file. */
static int end_span(struct tparse *p, struct diskspd_result *res)
{
	struct diskspd_span *s = p->cur;
	int mixed;

	if (!s)
		return 0;
	p->cur = NULL;
	if (s->seconds <= 0)
		return diag_set(p->d, -SB_EPARSE, p->file, s->line, 0,
				"timespan results without \"actual test time\": the output is cut short");
	mixed = s->write_ratio > 0 && s->write_ratio < 100;
	units_test_name(s->name, sizeof(s->name), s->random, s->bs, s->qd, s->threads,
			mixed ? 2 : s->write_ratio == 100, 100 - s->write_ratio);
	for (size_t j = 0, k = 2; j + 1 < res->n; j++)
		if (!strcmp(res->s[j].name, s->name)) {   /* several runs of one test */
			char base[40];

			snprintf(base, sizeof(base), "%.39s", s->name);
			snprintf(s->name, sizeof(s->name), "%s-%zu", base, k++ % 1000);
			j = (size_t)-1;
		}
	return 0;
}

static int result_line(struct tparse *p, const char *line)
{
	const char *v;

	if ((v = after(line, "actual test time:"))) {
		char *end;

		p->cur->seconds = strtod(v, &end);
		if (end == v || *end != 's' || !(p->cur->seconds > 0) || !isfinite(p->cur->seconds))
			return tbad(p, (int)(v - line) + 1, "a test time \"30.01s\" expected", v);
		return 0;
	}
	if ((v = after(line, "thread count:"))) {
		int n = atoi(v);

		if (n >= 1)
			p->cur->threads = n;
		return 0;
	}
	if (!strcmp(line, "Read IO") || !strcmp(line, "Write IO") || !strcmp(line, "Total IO")) {
		p->table = line[0] == 'R' ? 1 : line[0] == 'W' ? 2 : 3;
		return 0;
	}
	if ((v = after(line, "total:")) && (p->table == 1 || p->table == 2)) {
		int rc = total_row(p, v, p->table - 1);

		p->table = 0;
		return rc;
	}
	if (strstr(line, "%-ile |")) {
		p->lat_table = !p->lat_done;
		p->lat_done = 1;
		return 0;
	}
	if (p->lat_table)
		return lat_row(p, line);
	return 0;
}

int diskspd_text_parse(const char *buf, size_t len, const char *file, struct diskspd_result *r,
		       struct diag *d)
{
	struct tparse *p = xcalloc(1, sizeof(*p));
	struct sbuf sb;
	int rc = 0, runs = 0;
	char *next;

	memset(r, 0, sizeof(*r));
	p->file = file;
	p->d = d;
	if (len > DISKSPD_TEXT_MAX_BYTES) {
		free(p);
		return diag_set(d, -SB_EPARSE, file, 0, 0, "%zu bytes: more than DiskSpd's text "
				"output of any run this reader takes", len);
	}
	if (len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
		buf += 3, len -= 3;
	if (memchr(buf, 0, len)) {
		free(p);
		return diag_set(d, -SB_EPARSE, file, 1, 1, "a NUL byte: UTF-16 text (save DiskSpd's "
				"output as UTF-8) or not a text file");
	}
	sbuf_init(&sb);
	sbuf_add(&sb, buf, len);
	sbuf_adds(&sb, "");
	for (char *line = sb.buf; line && !rc; line = next) {
		size_t n;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else if (!*line)
			break;
		p->line++;
		n = strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = 0;
		if (!strncmp(line, "Input parameters:", 17)) {   /* a run begins */
			rc = end_span(p, r);
			p->nin = 0;
			runs++;
			continue;
		}
		if (!strncmp(line, "Results for timespan ", 21)) {
			rc = end_span(p, r);
			if (!rc)
				rc = start_span(p, line + 21, r);
			continue;
		}
		if (p->cur)
			rc = result_line(p, line);
		else if (runs) {
			const char *v;

			if ((v = after(line, "computer name:")) && !r->computer)
				r->computer = xstrdup(v);
			else if ((v = after(line, "start time:")) && !r->run_time) {
				int y, mo, dd, h, mi, se;

				if (sscanf(v, "%d/%d/%d %d:%d:%d UTC", &y, &mo, &dd, &h, &mi, &se) == 6 &&
				    y >= 1990 && y <= 9999 && mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 &&
				    h >= 0 && h < 24 && mi >= 0 && mi < 60 && se >= 0 && se <= 60)
					r->run_time = xasprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, mo,
								dd, h, mi, se);
			} else {
				rc = input_line(p, line);
			}
		}
	}
	if (!rc)
		rc = end_span(p, r);
	if (!rc && !r->n)
		rc = diag_set(d, -SB_EPARSE, file, p->line, 0, runs
			      ? "no \"Results for timespan\": the output is cut short"
			      : "not DiskSpd's output: no \"Input parameters:\"");
	sbuf_release(&sb);
	free(p);
	if (rc)
		diskspd_release(r);
	return rc;
}

int diskspd_text_sniff(const char *buf, size_t len)
{
	size_t n = len < 65536 ? len : 65536;

	return (memmem(buf, n, "Input parameters:", 17) && memmem(buf, n, "timespan:", 9)) ||
	       memmem(buf, n, "Results for timespan ", 21);
}
