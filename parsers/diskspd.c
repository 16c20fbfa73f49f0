/* SPDX-License-Identifier: MIT */
/* diskspd: DiskSpd's XML results, one test per time span. */
#define _GNU_SOURCE 1 /* memmem */
#include "diskspd.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "err.h"
#include "units.h"
#include "xalloc.h"
#include "xmlfile.h"

#define DISKSPD_MAX_BYTES (256u << 20)   /* -D buckets of many threads over hours */
#define DISKSPD_MAX_BUCKETS (1u << 22)

struct ctx {
	const char *file;
	struct diag *d;
};

static xmlNode *child(const xmlNode *n, const char *name)
{
	for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
		if (xmlfile_is(c, name))
			return c;
	return NULL;
}

static int bad(struct ctx *x, const xmlNode *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(struct ctx *x, const xmlNode *n, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return diag_set(x->d, -SB_EPARSE, x->file, n ? (int)xmlGetLineNo(n) : 0, 0, "%s", msg);
}

/* The number in element name under n: required (an error naming it) or NAN. */
static int num(struct ctx *x, const xmlNode *n, const char *name, int required, double *v)
{
	const xmlNode *c = child(n, name);
	xmlChar *t;
	char *end;

	*v = NAN;
	if (!c)
		return required ? bad(x, n, "<%s> missing", name) : 0;
	t = xmlNodeGetContent(c);
	*v = t ? strtod((const char *)t, &end) : NAN;
	if (!t || end == (char *)t || *end || !isfinite(*v) || *v < 0) {
		xmlFree(t);
		return bad(x, c, "<%s> is not a number of 0 or more", name);
	}
	xmlFree(t);
	return 0;
}

static int whole(struct ctx *x, const xmlNode *n, const char *name, int required, uint64_t *v)
{
	double f;
	int rc = num(x, n, name, required, &f);

	if (rc)
		return rc;
	if (isnan(f)) {
		*v = 0;
		return 0;
	}
	if (f != floor(f) || f > 9e18)
		return bad(x, child(n, name), "<%s> is not a whole number", name);
	*v = (uint64_t)f;
	return 0;
}

static char *text(const xmlNode *n, const char *name)
{
	const xmlNode *c = child(n, name);
	xmlChar *t = c ? xmlNodeGetContent(c) : NULL;
	char *s = t ? xstrdup((const char *)t) : NULL;

	xmlFree(t);
	return s;
}

/* The profile's test of a time span: its targets must all run the same one. */
static int profile(struct ctx *x, const xmlNode *ts, struct diskspd_span *s)
{
	const xmlNode *targets = child(ts, "Targets");
	uint64_t threads = 0, ntargets = 0, bucket_ms = 0;
	int rc = whole(x, ts, "ThreadCount", 0, &threads);

	if (!rc)
		rc = whole(x, ts, "IoBucketDuration", 0, &bucket_ms);
	s->bucket_s = bucket_ms ? (double)bucket_ms / 1000.0 : 1.0;
	if (!rc && !targets)
		return bad(x, ts, "a profile time span without <%s>", "Targets");
	for (const xmlNode *t = targets ? targets->children : NULL; !rc && t; t = t->next) {
		uint64_t bs = 0, qd = 0, wr = 0, per = 0, size = 0;
		int random;

		if (!xmlfile_is(t, "Target"))
			continue;
		rc = whole(x, t, "BlockSize", 1, &bs);
		if (!rc)
			rc = whole(x, t, "RequestCount", 1, &qd);
		if (!rc)
			rc = whole(x, t, "WriteRatio", 1, &wr);
		if (!rc)
			rc = whole(x, t, "ThreadsPerFile", 0, &per);
		if (!rc)
			rc = whole(x, t, "FileSize", 0, &size);
		if (rc)
			break;
		random = child(t, "Random") != NULL;
		if (!bs || !qd || wr > 100 || qd > 65536 || bs > (1u << 30))
			return bad(x, t, "a target's %s out of range", "block size, requests or write ratio");
		if (ntargets && (bs != s->bs || (int)qd != s->qd || (int)wr != s->write_ratio ||
				 random != s->random))
			return bad(x, t, "targets running different tests in one time span (%s): "
				   "not one test", "block size, requests, write ratio or pattern");
		s->bs = bs;
		s->qd = (int)qd;
		s->write_ratio = (int)wr;
		s->random = random;
		s->file_size = size;
		ntargets++;
		if (!threads)
			per = per ? per : 1;
		s->threads = threads ? (int)threads : s->threads + (int)per;
	}
	if (!rc && !ntargets)
		return bad(x, ts, "a profile time span without a %s", "<Target>");
	if (!rc && (s->threads < 1 || s->threads > 65536))
		return bad(x, ts, "%s out of range", "the thread count");
	return rc;
}

/* Latency: the means and the 99, 99.9 and 99.99 % buckets, when -L gave them. */
static int latency(struct ctx *x, const xmlNode *lat, struct diskspd_span *s)
{
	static const char *const mean[2] = { "AverageReadMilliseconds", "AverageWriteMilliseconds" };
	static const char *const side[2] = { "ReadMilliseconds", "WriteMilliseconds" };
	int rc = 0;

	for (int k = 0; k < 2; k++)
		s->lat_ms[k] = s->p99_ms[k] = s->p999_ms[k] = s->p9999_ms[k] = NAN;
	for (int k = 0; !rc && lat && k < 2; k++)
		rc = num(x, lat, mean[k], 0, &s->lat_ms[k]);
	for (const xmlNode *b = lat ? lat->children : NULL; !rc && b; b = b->next) {
		double p;

		if (!xmlfile_is(b, "Bucket"))
			continue;
		rc = num(x, b, "Percentile", 1, &p);
		for (int k = 0; !rc && k < 2; k++) {
			double *at = p == 99 ? &s->p99_ms[k] : p == 99.9 ? &s->p999_ms[k]
						   : p == 99.99 ? &s->p9999_ms[k] : NULL;

			if (at)
				rc = num(x, b, side[k], 0, at);
		}
	}
	return rc;
}

/* -D's buckets at the time span's level: I/Os per bucket, read and write. */
static int buckets(struct ctx *x, const xmlNode *iops, struct diskspd_span *s)
{
	for (const xmlNode *b = iops ? iops->children : NULL; b; b = b->next) {
		static const char *const attr[2] = { "Read", "Write" };

		if (!xmlfile_is(b, "Bucket"))
			continue;
		if (s->nper_s >= DISKSPD_MAX_BUCKETS)
			return bad(x, b, "more than %s buckets", "4,194,304");
		for (int k = 0; k < 2; k++) {
			xmlChar *t = xmlGetProp(b, (const xmlChar *)attr[k]);
			char *end;
			double v = t ? strtod((const char *)t, &end) : NAN;

			if (!t || end == (char *)t || *end || !isfinite(v) || v < 0) {
				xmlFree(t);
				return bad(x, b, "a bucket's %s is not a count", attr[k]);
			}
			xmlFree(t);
			s->per_s[k] = xrealloc(s->per_s[k], (s->nper_s + 1) * sizeof(double));
			s->per_s[k][s->nper_s] = v / s->bucket_s;
		}
		s->nper_s++;
	}
	return 0;
}

/* A result time span: the I/Os and bytes of every thread's every target, summed. */
static int span(struct ctx *x, const xmlNode *ts, struct diskspd_span *s)
{
	static const char *const bytes[2] = { "ReadBytes", "WriteBytes" };
	static const char *const count[2] = { "ReadCount", "WriteCount" };
	int rc = num(x, ts, "TestTimeSeconds", 1, &s->seconds), any = 0;

	if (!rc && s->seconds <= 0)
		rc = bad(x, child(ts, "TestTimeSeconds"), "<%s> of 0 seconds", "TestTimeSeconds");
	for (const xmlNode *th = ts->children; !rc && th; th = th->next) {
		if (!xmlfile_is(th, "Thread"))
			continue;
		for (const xmlNode *t = th->children; !rc && t; t = t->next) {
			if (!xmlfile_is(t, "Target"))
				continue;
			for (int k = 0; !rc && k < 2; k++) {
				uint64_t b = 0, c = 0;

				rc = whole(x, t, bytes[k], 1, &b);
				if (!rc)
					rc = whole(x, t, count[k], 1, &c);
				s->bytes[k] += b;
				s->ios[k] += c;
			}
			any = 1;
		}
	}
	if (!rc && !any)
		rc = bad(x, ts, "a time span without a %s", "thread's target");
	if (!rc)
		rc = latency(x, child(ts, "Latency"), s);
	if (!rc)
		rc = buckets(x, child(ts, "Iops"), s);
	return rc;
}

static void name_span(struct diskspd_span *s)
{
	int mixed = s->write_ratio > 0 && s->write_ratio < 100;

	units_test_name(s->name, sizeof(s->name), s->random, s->bs, s->qd, s->threads,
			mixed ? 2 : s->write_ratio == 100, 100 - s->write_ratio);
}

int diskspd_sniff(const char *buf, size_t len)
{
	size_t n = len < 4096 ? len : 4096;

	return memmem(buf, n, "<Results>", 9) && memmem(buf, n, "<Tool>", 6);
}

int diskspd_parse(const char *buf, size_t len, const char *file, struct diskspd_result *r,
		  struct diag *d)
{
	struct ctx x = { file, d };
	xmlDocPtr doc;
	const xmlNode *root, *sys, *prof;
	size_t k = 0;
	int rc = 0;

	memset(r, 0, sizeof(*r));
	if (len > DISKSPD_MAX_BYTES)
		return diag_set(d, -SB_EPARSE, file, 0, 0, "%zu bytes: more than DiskSpd's "
				"results of any run this reader takes (%u)", len, DISKSPD_MAX_BYTES);
	doc = xmlfile_parse(file, buf, len, d);
	if (!doc)
		return d->code ? d->code : -SB_EPARSE;
	root = xmlDocGetRootElement(doc);
	if (!root || !xmlfile_is(root, "Results")) {
		rc = bad(&x, root, "not DiskSpd's XML results: the root is not <%s>", "Results");
		goto out;
	}
	sys = child(root, "System");
	r->version = text(child(sys, "Tool"), "Version");
	r->computer = text(sys, "ComputerName");
	if (!r->version) {
		rc = bad(&x, sys ? sys : root, "no <%s>: not DiskSpd's results", "Tool><Version");
		goto out;
	}
	{
		char *t = text(sys, "RunTime");
		int y, mo, dd, h, mi, se;

		if (t && sscanf(t, "%d/%d/%d %d:%d:%d UTC", &y, &mo, &dd, &h, &mi, &se) == 6 &&
		    y >= 1990 && y <= 9999 && mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 && h >= 0 &&
		    h < 24 && mi >= 0 && mi < 60 && se >= 0 && se <= 60 && strstr(t, "UTC"))
			r->run_time = xasprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", y, mo, dd, h, mi, se);
		free(t);
	}
	prof = child(child(root, "Profile"), "TimeSpans");
	for (const xmlNode *ts = root->children; !rc && ts; ts = ts->next) {
		const xmlNode *p = NULL;
		struct diskspd_span *s;
		size_t i = 0;

		if (!xmlfile_is(ts, "TimeSpan"))
			continue;
		if (r->n >= DISKSPD_MAX_SPANS) {
			rc = bad(&x, ts, "more than %s time spans", "256");
			break;
		}
		for (const xmlNode *c = prof ? prof->children : NULL; c && !p; c = c->next)
			if (xmlfile_is(c, "TimeSpan") && i++ == k)
				p = c;
		if (!p) {
			rc = bad(&x, ts, "a time span the <%s> does not describe", "Profile");
			break;
		}
		r->s = xrealloc(r->s, (r->n + 1) * sizeof(*r->s));
		s = &r->s[r->n++];
		memset(s, 0, sizeof(*s));
		s->line = (int)xmlGetLineNo(ts);
		rc = profile(&x, p, s);
		if (!rc)
			rc = span(&x, ts, s);
		if (!rc)
			name_span(s);
		for (size_t j = 0; !rc && j + 1 < r->n; j++)
			if (!strcmp(r->s[j].name, s->name))
				rc = bad(&x, ts, "the test %s a second time", s->name);
		k++;
	}
	if (!rc && !r->n)
		rc = bad(&x, root, "no result <%s>: the run was cut short", "TimeSpan");
out:
	xmlFreeDoc(doc);
	if (rc)
		diskspd_release(r);
	return rc;
}

void diskspd_release(struct diskspd_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->s[i].per_s[0]);
		free(r->s[i].per_s[1]);
	}
	free(r->s);
	free(r->version);
	free(r->computer);
	free(r->run_time);
	memset(r, 0, sizeof(*r));
}
