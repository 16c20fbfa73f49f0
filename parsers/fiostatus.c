/* SPDX-License-Identifier: MIT */
/* fiostatus: fio's cumulative status reports, as they come, cut into rounds. */
#include "fiostatus.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "fiojson.h"
#include "sbuf.h"
#include "xalloc.h"

/* A report closer than this to a round's close is not a round of its own. */
#define MERGE_MS 500
/* A report this much before a round's boundary still closes it (a report a second,
 * on the second of the jobs' clock: a few ms off; --status-interval's: ~0.1 s). */
#define SLACK_MS 250

/* One report: fio's clock, the time, and the cumulative counts summed over jobs. */
struct point {
	uint64_t clock;
	int64_t epoch;
	double ios[FIOJSON_NDIRS], bytes[FIOJSON_NDIRS];
	double clat_n[FIOJSON_NDIRS], clat_sum[FIOJSON_NDIRS];
	double lat_n[FIOJSON_NDIRS], lat_sum[FIOJSON_NDIRS];
	char *text;         /* kept while it may still open or close a round */
	size_t len;
};

struct fiostatus {
	uint64_t round_ms;
	int planned;
	char *name;
	fiostatus_round_fn fn;
	void *arg;
	struct sbuf line, doc, other;
	int in_doc, lineno, doc_line;
	struct point start;  /* the report the open round began at (text kept) */
	int has_start;
	struct point *pts;   /* the reports since */
	size_t n, cap;
	int closed;          /* rounds closed */
	char *last;
	size_t last_len;
};

static const char *const log_names[FIOSTATUS_NLOGS] = { "iops", "bw", "clat", "lat" };

const char *fiostatus_log_name(enum fiostatus_log k)
{
	return log_names[k];
}

struct fiostatus *fiostatus_new(uint64_t round_ms, int planned, const char *name,
				fiostatus_round_fn fn, void *arg)
{
	struct fiostatus *s = xcalloc(1, sizeof(*s));

	s->round_ms = round_ms;
	s->planned = planned;
	s->name = xstrdup(name);
	s->fn = fn;
	s->arg = arg;
	sbuf_init(&s->line);
	sbuf_init(&s->doc);
	sbuf_init(&s->other);
	return s;
}

void fiostatus_free(struct fiostatus *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->pts[i].text);
	free(s->pts);
	free(s->start.text);
	free(s->last);
	free(s->name);
	sbuf_release(&s->line);
	sbuf_release(&s->doc);
	sbuf_release(&s->other);
	free(s);
}

const char *fiostatus_last(const struct fiostatus *s, size_t *len)
{
	*len = s->last_len;
	return s->last;
}

const char *fiostatus_other(const struct fiostatus *s)
{
	return s->other.buf ? s->other.buf : "";
}

int fiostatus_clock(const struct fiostatus *s, uint64_t *clock, int64_t *epoch)
{
	const struct point *p = s->n ? &s->pts[s->n - 1] : s->has_start ? &s->start : NULL;

	if (!p)
		return 0;
	*clock = p->clock;
	*epoch = p->epoch;
	return 1;
}

int fiostatus_bytes(const struct fiostatus *s, uint64_t *bytes)
{
	const struct point *p = s->n ? &s->pts[s->n - 1] : s->has_start ? &s->start : NULL;
	double sum = 0;

	if (!p)
		return 0;
	for (int k = 0; k < FIOJSON_NDIRS; k++)
		sum += p->bytes[k];
	*bytes = (uint64_t)sum;
	return 1;
}

int fiostatus_dir_bytes(const struct fiostatus *s, int dir, uint64_t *bytes)
{
	const struct point *p = s->n ? &s->pts[s->n - 1] : s->has_start ? &s->start : NULL;

	if (!p || dir < 0 || dir >= FIOJSON_NDIRS)
		return 0;
	*bytes = (uint64_t)p->bytes[dir];
	return 1;
}

int fiostatus_rounds(const struct fiostatus *s)
{
	return s->closed;
}

/* Whether a report at clock may still close the open round or a later one. */
static int may_close(const struct fiostatus *s, uint64_t clock)
{
	return clock + SLACK_MS >= (uint64_t)(s->closed + 1) * s->round_ms;
}

/* Drops the text of reports that can no longer be a round's end (the newest stays). */
static void trim_texts(struct fiostatus *s)
{
	for (size_t i = 0; i + 1 < s->n; i++)
		if (s->pts[i].text && !may_close(s, s->pts[i].clock)) {
			free(s->pts[i].text);
			s->pts[i].text = NULL;
		}
}

/* The first report that may close the open round, or -1. */
static long candidate(const struct fiostatus *s)
{
	for (size_t i = 0; i < s->n; i++)
		if (may_close(s, s->pts[i].clock))
			return (long)i;
	return -1;
}

static void add_row(struct sbuf *sb, uint64_t t, double v, int dir)
{
	sbuf_addf(sb, "%llu, %llu, %d, 0, 0\n", (unsigned long long)t,
		  (unsigned long long)llround(v < 0 ? 0 : v), dir);
}

/*
 * The per-second rows of reports 0..b after the start point. A report less than
 * 0.5 s after the row before, or before the round's end, makes no row of its own
 * (the one asked for before fio's clock was known, a late one): the next row
 * covers its time.
 */
static void make_logs(const struct fiostatus *s, size_t b, const struct point *zero,
		      struct sbuf *logs)
{
	const struct point *prev = zero;

	for (size_t i = 0; i <= b; i++) {
		const struct point *p = &s->pts[i];
		double dt = (double)(p->clock - prev->clock);
		uint64_t t = p->clock - zero->clock;

		if (p->clock <= prev->clock || (i < b && (p->clock - prev->clock < MERGE_MS ||
							  s->pts[b].clock - p->clock < MERGE_MS)))
			continue;
		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			double dn = p->clat_n[k] - prev->clat_n[k], dl = p->lat_n[k] - prev->lat_n[k];

			if (!p->ios[k])
				continue;   /* a direction the run does not do (yet) */
			add_row(&logs[FIOSTATUS_IOPS], t, (p->ios[k] - prev->ios[k]) * 1000.0 / dt, k);
			add_row(&logs[FIOSTATUS_BW], t,
				(p->bytes[k] - prev->bytes[k]) * 1000.0 / dt / 1024.0, k);
			if (dn > 0)
				add_row(&logs[FIOSTATUS_CLAT], t,
					(p->clat_sum[k] - prev->clat_sum[k]) / dn, k);
			if (dl > 0)
				add_row(&logs[FIOSTATUS_LAT], t,
					(p->lat_sum[k] - prev->lat_sum[k]) / dl, k);
		}
		prev = p;
	}
}

/* Closes the open round at report b. */
static int commit(struct fiostatus *s, size_t b, int last)
{
	struct point zero = { 0 }, *end = &s->pts[b];
	struct sbuf logs[FIOSTATUS_NLOGS];
	struct fiostatus_round r;
	int rc;

	if (!s->has_start)
		zero.epoch = s->pts[0].epoch - (int64_t)s->pts[0].clock;
	for (int k = 0; k < FIOSTATUS_NLOGS; k++)
		sbuf_init(&logs[k]);
	make_logs(s, b, s->has_start ? &s->start : &zero, logs);
	memset(&r, 0, sizeof(r));
	r.round = s->closed + 1;
	r.last = last;
	r.end = end->text;
	r.end_len = end->len;
	r.start = s->has_start ? s->start.text : NULL;
	r.start_len = s->has_start ? s->start.len : 0;
	r.clock_start_ms = s->has_start ? s->start.clock : 0;
	r.clock_end_ms = end->clock;
	r.start_epoch_ms = s->has_start ? s->start.epoch : zero.epoch;
	r.end_epoch_ms = end->epoch;
	for (int k = 0; k < FIOSTATUS_NLOGS; k++)
		r.log[k] = logs[k].buf ? logs[k].buf : "";
	rc = s->fn(s->arg, &r);
	for (int k = 0; k < FIOSTATUS_NLOGS; k++)
		sbuf_release(&logs[k]);
	free(s->start.text);
	s->start = *end;          /* its text moves along */
	s->has_start = 1;
	for (size_t i = 0; i < b; i++)
		free(s->pts[i].text);
	memmove(s->pts, s->pts + b + 1, (s->n - b - 1) * sizeof(*s->pts));
	s->n -= b + 1;
	s->closed++;
	trim_texts(s);
	return rc;
}

/* Closes what may close now; at the end (eof) everything. */
static int cut(struct fiostatus *s, int eof)
{
	int rc = 0;

	while (!rc && s->n) {
		int open = s->closed + 1;
		long b = open < s->planned ? candidate(s) : -1;
		size_t last = s->n - 1;

		if (eof) {
			if (b >= 0 && (size_t)b < last &&
			    s->pts[last].clock - s->pts[b].clock >= MERGE_MS)
				rc = commit(s, (size_t)b, 0);
			else
				return commit(s, last, 1);
			continue;
		}
		if (b < 0 || (size_t)b == last)
			return 0;
		/* A later report shows b was not fio's last, or leaves a round of its own. */
		if ((size_t)b + 2 <= last || s->pts[b + 1].clock - s->pts[b].clock >= MERGE_MS)
			rc = commit(s, (size_t)b, 0);
		else
			return 0;
	}
	return rc;
}

/* A complete report: parsed, added as a point, and the rounds it closes cut. */
static int take_doc(struct fiostatus *s, struct diag *d)
{
	struct fiojson_report rep;
	struct point p;
	char *name = xasprintf("%s (the report at line %d)", s->name, s->doc_line);
	int rc;

	fiojson_report_init(&rep);
	rc = fiojson_parse_buf(s->doc.buf, s->doc.len, name, &rep, d);
	free(name);
	if (rc) {
		fiojson_report_release(&rep);
		return rc;
	}
	memset(&p, 0, sizeof(p));
	p.clock = fiojson_report_clock_ms(&rep);
	p.epoch = rep.timestamp_ms;
	for (size_t i = 0; i < rep.njobs; i++)
		for (int k = 0; k < FIOJSON_NDIRS; k++) {
			const struct fiojson_dirstat *ds = &rep.jobs[i].dir[k];

			p.ios[k] += (double)ds->total_ios;
			p.bytes[k] += (double)ds->io_bytes;
			p.clat_n[k] += (double)ds->clat.n;
			p.clat_sum[k] += ds->clat.n ? ds->clat.mean_ns * (double)ds->clat.n : 0;
			p.lat_n[k] += (double)ds->lat.n;
			p.lat_sum[k] += ds->lat.n ? ds->lat.mean_ns * (double)ds->lat.n : 0;
		}
	fiojson_report_release(&rep);
	free(s->last);
	s->last = xstrndup(s->doc.buf, s->doc.len);
	s->last_len = s->doc.len;
	if (!p.clock)
		return 0;   /* before the jobs began: fio was laying out a file */
	if ((s->n && p.clock < s->pts[s->n - 1].clock) ||
	    (s->has_start && p.clock < s->start.clock))
		return diag_set(d, -SB_EPARSE, s->name, s->doc_line, 1, "this report's clock "
				"(%llu ms) is behind the one before it: not one fio run's reports "
				"in order", (unsigned long long)p.clock);
	p.text = xstrndup(s->doc.buf, s->doc.len);
	p.len = s->doc.len;
	XGROW(s->pts, s->cap, s->n + 1);
	s->pts[s->n++] = p;
	trim_texts(s);
	return cut(s, 0);
}

/* One line of the stream, newline included. */
static int take_line(struct fiostatus *s, const char *l, size_t n, struct diag *d)
{
	size_t body = n && l[n - 1] == '\n' ? n - 1 : n;
	int rc = 0;

	s->lineno++;
	if (!s->in_doc && body == 1 && l[0] == '{') {
		s->in_doc = 1;
		s->doc_line = s->lineno;
		sbuf_reset(&s->doc);
	}
	if (!s->in_doc) {
		sbuf_add(&s->other, l, n);
		return 0;
	}
	sbuf_add(&s->doc, l, n);
	if (body == 1 && l[0] == '}') {
		s->in_doc = 0;
		rc = take_doc(s, d);
	}
	return rc;
}

int fiostatus_feed(struct fiostatus *s, const char *buf, size_t n, struct diag *d)
{
	int rc = 0;

	for (size_t i = 0; i < n && !rc; ) {
		const char *nl = memchr(buf + i, '\n', n - i);
		size_t take = nl ? (size_t)(nl - (buf + i)) + 1 : n - i;

		sbuf_add(&s->line, buf + i, take);
		i += take;
		if (nl) {
			rc = take_line(s, s->line.buf, s->line.len, d);
			sbuf_reset(&s->line);
		}
	}
	return rc;
}

int fiostatus_end(struct fiostatus *s, struct diag *d)
{
	int rc = 0;

	if (s->line.len) {
		rc = take_line(s, s->line.buf, s->line.len, d);
		sbuf_reset(&s->line);
	}
	if (!rc && s->in_doc)
		rc = diag_set(d, -SB_EPARSE, s->name, s->doc_line, 1, "fio's report that "
			      "starts here never ends: the stream was cut short");
	return rc ? rc : cut(s, 1);
}
