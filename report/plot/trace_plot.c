/* SPDX-License-Identifier: MIT */
/* trace_plot: a block trace drawn as three charts on one page through the chart model. */
#include "trace_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blktrace.h"
#include "chart.h"
#include "doc.h"
#include "err.h"
#include "html.h"
#include "i18n.h"
#include "lang.h"
#include "msg.h"
#include "units.h"
#include "wcheck.h"
#include "xalloc.h"

#define PAGE_W 960.0
#define SCATTER_H 520.0
#define QD_H 360.0

/* A growable (x, y) list. */
struct pts {
	double *x, *y;
	size_t n, cap;
};

static void pts_add(struct pts *p, double x, double y)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 1024;
		p->x = xrealloc(p->x, p->cap * sizeof(double));
		p->y = xrealloc(p->y, p->cap * sizeof(double));
	}
	p->x[p->n] = x;
	p->y[p->n++] = y;
}

struct collect {
	uint64_t t0;         /* the trace's first event */
	double t_last;
	struct pts lba[3];   /* read, write, trim: (s, GiB) */
	struct pts qd;       /* (s, requests in flight) */
	long depth;
};

static int on_event(void *arg, const struct blkt_event *e)
{
	struct collect *c = arg;
	double t;

	if (e->kind == BLKT_EV_NOTIFY || e->kind == BLKT_EV_OTHER)
		return 0;
	t = e->time_ns > c->t0 ? (double)(e->time_ns - c->t0) / 1e9 : 0;
	if (e->kind == BLKT_EV_QUEUE && e->ddir != BLKT_FLUSH && (e->len || e->ddir == BLKT_TRIM))
		pts_add(&c->lba[e->ddir], t, (double)e->offset / (1024.0 * 1024 * 1024));
	else if (e->kind == BLKT_EV_ISSUE || e->kind == BLKT_EV_COMPLETE) {
		if (t < c->t_last)      /* a line's x must not decrease */
			t = c->t_last;
		c->t_last = t;
		pts_add(&c->qd, t, (double)c->depth);   /* a step, not a slope */
		if (e->kind == BLKT_EV_ISSUE)
			c->depth++;
		else if (c->depth > 0)
			c->depth--;
		pts_add(&c->qd, t, (double)c->depth);
	}
	return 0;
}

static struct chart *lba_chart(struct collect *c, const char *path, const char *const *msg)
{
	static const uint32_t colors[3] = { CHART_COLOR_READ, CHART_COLOR_WRITE, CHART_COLOR_TRIM };
	const char *const names[3] = { msg[M_READ], msg[M_WRITE], msg[M_TRIM] };
	struct chart *ch = chart_new(CHART_SCATTER, msg[M_TRACE_LBA], path);

	chart_set_axis_titles(ch, msg[M_TIME], msg[M_TRACE_OFFSET]);
	for (int i = 0; i < 3; i++)
		if (c->lba[i].n) {
			chart_series_add_own(ch, names[i], colors[i], c->lba[i].x, c->lba[i].y,
					     c->lba[i].n);
			memset(&c->lba[i], 0, sizeof(c->lba[i]));
		}
	return ch;
}

static struct chart *size_chart(const struct blkt_info *in, const char *const *msg)
{
	char ios[32], pre[32];
	const char *v[2] = { ios, pre };
	char *sub;
	struct chart *ch;

	snprintf(ios, sizeof(ios), "%llu", (unsigned long long)in->ios);
	snprintf(pre, sizeof(pre), "%llu", (unsigned long long)in->preflushes);
	sub = msg_subst(msg[M_TRACE_SIZES_SUB], v, 2);
	ch = chart_new(CHART_BARH, msg[M_TRACE_SIZES], sub);
	free(sub);
	int lo = 0, hi = BLKT_BS_BUCKETS - 1;

	while (lo < hi && !in->bs_hist[lo])
		lo++;
	while (hi > lo && !in->bs_hist[hi])
		hi--;
	chart_set_axis_titles(ch, msg[M_TRACE_REQUESTS], "");
	for (int i = lo; i <= hi; i++) {
		char label[32], value[64], pct[24];

		if (blkt_bs_bucket_max(i)) {
			units_format_size(blkt_bs_bucket_max(i), label, sizeof(label));
		} else {
			snprintf(label, sizeof(label), "> 1 MiB");
		}
		chart_format_fixed(in->ios ? 100.0 * (double)in->bs_hist[i] / (double)in->ios : 0.0,
				   1, pct, sizeof(pct));
		snprintf(value, sizeof(value), "%llu (%s%%)", (unsigned long long)in->bs_hist[i],
			 pct);
		chart_add_bar(ch, label, "", (double)in->bs_hist[i], value, CHART_COLOR_WRITE);
	}
	return ch;
}

static struct chart *qd_chart(struct collect *c, const struct blkt_info *in,
			      const char *const *msg)
{
	char max[16], mean[16], *sub;
	const char *v[2] = { max, mean };
	struct chart *ch;

	snprintf(max, sizeof(max), "%u", in->qd_max);
	chart_format_fixed(in->qd_mean, 2, mean, sizeof(mean));
	sub = msg_subst(msg[M_TRACE_QD_SUB], v, 2);
	ch = chart_new(CHART_LINE, msg[M_TRACE_QD], sub);
	free(sub);
	chart_set_axis_titles(ch, msg[M_TIME], msg[M_TRACE_INFLIGHT]);
	if (c->qd.n) {
		chart_series_add_own(ch, msg[M_TRACE_INFLIGHT], CHART_COLOR_TOTAL, c->qd.x,
				     c->qd.y, c->qd.n);
		memset(&c->qd, 0, sizeof(c->qd));
	} else {
		chart_set_note(ch, msg[M_TRACE_NO_QD]);
	}
	return ch;
}

/* The charts, a document of three items, one under the other as o asks; takes them. */
static int draw(struct chart **ch, int n, const char *path, const char *lang,
		const struct doc_out *o, const char *const *msg, struct diag *d)
{
	const struct html_words w = { msg[M_H_ALT], msg[M_H_SVG], msg[M_H_DESC_BARS],
				      msg[M_H_DESC_LINES] };
	const struct doc_kind k = { .html = { &w, NULL, NULL } };
	static const double heights[3] = { SCATTER_H, 0, QD_H };
	static const char *const names[3] = { "trace-lba", "trace-sizes", "trace-qd" };
	struct doc doc;
	int rc;

	doc_init(&doc);
	doc.title = "ssdbench trace plot";
	doc.msg = msg;
	for (int i = 0; i < n; i++) {
		doc_add(&doc, xstrdup(names[i]), ch[i], NULL, PAGE_W, heights[i]);
		ch[i] = NULL;
	}
	rc = doc_begin(&doc, o, lang, NULL, NULL, NULL, d);
	if (!rc && doc.check) {   /* the trace's file is the user's */
		const char *slash = strrchr(path, '/');

		wcheck_allow(doc.check, path);
		wcheck_allow(doc.check, slash ? slash + 1 : path);
	}
	if (!rc)
		rc = doc_write(&doc, o, &k, d);
	doc_release(&doc);
	return rc;
}

/* The trace's charts in one language, written to o's paths. */
static int draw_one(void *arg, const char *lang, const struct doc_out *o, struct diag *d)
{
	const char *path = *(const char *const *)arg;
	struct collect c;
	struct blkt_info in;
	struct chart *ch[3] = { NULL, NULL, NULL };
	struct i18n *strings = NULL;
	const char *const *msg = NULL;
	int rc;

	memset(&c, 0, sizeof(c));
	rc = msg_load(&strings, lang, d);
	if (!rc) {
		msg = i18n_strings(strings);
		rc = blkt_read_info(path, &in, d);
	}
	if (!rc) {
		c.t0 = in.t_first_ns;
		rc = blkt_foreach(path, on_event, &c, d);
	}
	if (!rc) {
		ch[0] = lba_chart(&c, path, msg);
		ch[1] = size_chart(&in, msg);
		ch[2] = qd_chart(&c, &in, msg);
		rc = draw(ch, 3, path, lang, o, msg, d);
	}
	for (int i = 0; i < 3; i++) {
		chart_free(ch[i]);
		free(c.lba[i].x);
		free(c.lba[i].y);
	}
	free(c.qd.x);
	free(c.qd.y);
	i18n_free(strings);
	return rc;
}

int trace_plot_draw(const struct doc_out *o, const char *path, FILE *say, struct diag *d)
{
	return doc_out_each(o, lang_default(), "trace plot", say, draw_one, &path, d);
}
