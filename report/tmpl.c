/* SPDX-License-Identifier: MIT */
/* tmpl: loads and checks a report template: chart kinds, order, sizes, titles, colours. */
#include "tmpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "err.h"
#include "lineup.h"
#include "sbuf.h"
#include "xalloc.h"
#include "xmlfile.h"

static const char *const kind_names[TMPL_NKINDS] = {
	[TMPL_STEP_IOPS] = "step-iops", [TMPL_SWEEP_QD] = "sweep-qd",
	[TMPL_DISPERSION] = "dispersion", [TMPL_SUMMARY] = "summary",
	[TMPL_ROUNDS] = "rounds", [TMPL_QOS] = "qos", [TMPL_DRIVES] = "drives",
	[TMPL_BARS] = "bars", [TMPL_DELTA] = "delta", [TMPL_SATURATION] = "saturation",
};

/* Which root each kind belongs to: bit TMPL_FOR_REPORT, bit TMPL_FOR_LINEUP. */
static const unsigned kind_use[TMPL_NKINDS] = {
	[TMPL_STEP_IOPS] = 1, [TMPL_SWEEP_QD] = 3, [TMPL_DISPERSION] = 3,
	[TMPL_SUMMARY] = 1, [TMPL_ROUNDS] = 1, [TMPL_QOS] = 3, [TMPL_DRIVES] = 2,
	[TMPL_BARS] = 2, [TMPL_DELTA] = 2, [TMPL_SATURATION] = 2,
};

static const char *const roots[] = { "report", "lineup" };
static const char *const kind_lists[] = {
	"step-iops, sweep-qd, dispersion, summary, rounds, qos",
	"drives, bars, delta, sweep-qd, dispersion, saturation, qos",
};

static const char *const chart_attrs[] = { "kind", "width", "height", "title", "log-y",
					   "metrics", NULL };
static const char *const color_attrs[] = { "read", "write", "trim", NULL };

/* What is being read, for located errors. */
struct tmpl_ctx {
	const char *path, *text;
	struct diag *d;
	enum tmpl_use use;
};

const char *tmpl_kind_name(enum tmpl_kind k)
{
	return (unsigned)k < TMPL_NKINDS ? kind_names[k] : "?";
}

static int bad(const struct tmpl_ctx *x, const xmlNode *n, const char *what,
	       const char *value)
{
	long line = xmlGetLineNo(n);

	return diag_set(x->d, -SB_EPARSE, x->path, (int)line, xmlfile_col(x->text, line),
			"%s '%s' on <%s>", what, value, n->name);
}

/* Every attribute of n must be in names. */
static int check_attrs(const struct tmpl_ctx *x, const xmlNode *n,
		       const char *const *names)
{
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		size_t i = 0;

		while (names[i] && xmlStrcmp(a->name, (const xmlChar *)names[i]))
			i++;
		if (!names[i])
			return bad(x, n, "unknown attribute", (const char *)a->name);
	}
	return 0;
}

/* Reads attribute name as a number in [lo, hi] into *v when present. */
static int attr_num(const struct tmpl_ctx *x, const xmlNode *n, const char *name,
		    double lo, double hi, double *v)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)name);
	char *end = NULL;
	int rc = 0;

	if (s) {
		double d = strtod((const char *)s, &end);

		if (end == (char *)s || *end || !(d >= lo && d <= hi))
			rc = bad(x, n, "invalid size", (const char *)s);
		else
			*v = d;
	}
	xmlFree(s);
	return rc;
}

static int read_color(const struct tmpl_ctx *x, const xmlNode *n, const char *name,
		      uint32_t *out)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)name);
	char *end = NULL;
	unsigned long v;
	int rc = 0;

	if (s) {
		v = s[0] == '#' ? strtoul((const char *)s + 1, &end, 16) : 0;
		if (s[0] != '#' || xmlStrlen(s) != 7 || *end)
			rc = bad(x, n, "invalid colour (want #rrggbb)", (const char *)s);
		else
			*out = (uint32_t)v;
	}
	xmlFree(s);
	return rc;
}

static int read_colors(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n)
{
	int rc = check_attrs(x, n, color_attrs);

	for (int i = 0; !rc && i < 3; i++)
		rc = read_color(x, n, color_attrs[i], &t->dir_color[i]);
	return rc;
}

static int read_kind(const struct tmpl_ctx *x, const xmlNode *n, enum tmpl_kind *k)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)"kind");
	int rc = 0, i = 0;

	while (s && i < TMPL_NKINDS && (xmlStrcmp(s, (const xmlChar *)kind_names[i]) ||
					!(kind_use[i] & (1u << x->use))))
		i++;
	if (!s || i == TMPL_NKINDS) {
		char *what = xasprintf("unknown chart kind (%s)", kind_lists[x->use]);

		rc = bad(x, n, what, s ? (const char *)s : "");
		free(what);
	}
	*k = (enum tmpl_kind)i;
	xmlFree(s);
	return rc;
}

/* metrics="iops clat_p99.9_us": lineup metric ids, on bars and delta only. */
static int read_metrics(const struct tmpl_ctx *x, const xmlNode *n, enum tmpl_kind k,
			char **out)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)"metrics");
	const char *p = (const char *)s;
	int rc = 0;

	*out = NULL;
	if (s && k != TMPL_BARS && k != TMPL_DELTA)
		rc = bad(x, n, "metrics only go with bars and delta, not", kind_names[k]);
	while (!rc && p && *p) {
		size_t len = strcspn(p, " ");
		int m = 0;

		while (m < LM_N && (strlen(lineup_metric((enum lineup_metric)m)->id) != len ||
				    strncmp(lineup_metric((enum lineup_metric)m)->id, p, len)))
			m++;
		if (len && m == LM_N) {
			char *word = xstrndup(p, len);

			rc = bad(x, n, "unknown metric (as in the lineup CSV: iops, MBps, "
				 "read_iops, clat_mean_us, clat_p99.9_us, ...)", word);
			free(word);
		}
		p += len + (p[len] == ' ');
	}
	if (!rc && s && *s)
		*out = xstrdup((const char *)s);
	xmlFree(s);
	return rc;
}

static int read_chart(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n)
{
	struct tmpl_chart c = { TMPL_STEP_IOPS, 960, 600, NULL, 0, NULL };
	int free_height;
	xmlChar *title, *logy;
	int rc = check_attrs(x, n, chart_attrs);

	if (!rc)
		rc = read_kind(x, n, &c.kind);
	if (!rc)
		rc = attr_num(x, n, "width", 300, 4000, &c.width);
	free_height = c.kind == TMPL_SUMMARY || c.kind == TMPL_DRIVES ||
		      c.kind == TMPL_BARS || c.kind == TMPL_DELTA;
	c.height = free_height ? 0 : 600;
	if (!rc)
		rc = attr_num(x, n, "height", free_height ? 0 : 200, 4000, &c.height);
	logy = xmlGetProp(n, (const xmlChar *)"log-y");
	if (!rc && logy && xmlStrcmp(logy, (const xmlChar *)"true") &&
	    xmlStrcmp(logy, (const xmlChar *)"false"))
		rc = bad(x, n, "invalid log-y (true or false)", (const char *)logy);
	c.log_y = logy && !xmlStrcmp(logy, (const xmlChar *)"true");
	xmlFree(logy);
	if (rc)
		return rc;
	if (!rc)
		rc = read_metrics(x, n, c.kind, &c.metrics);
	if (rc)
		return rc;
	title = xmlGetProp(n, (const xmlChar *)"title");
	c.title = title ? xstrdup((const char *)title) : NULL;
	xmlFree(title);
	XGROW(t->charts, t->cap, t->ncharts + 1);
	t->charts[t->ncharts++] = c;
	return 0;
}

static int read_all(struct tmpl *t, const struct tmpl_ctx *x, xmlDocPtr doc)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	int rc = 0;

	if (!xmlfile_is(root, roots[x->use]))
		return diag_set(x->d, -SB_EPARSE, x->path, root ? (int)xmlGetLineNo(root) : 1,
				1, "the root element must be <%s>%s", roots[x->use],
				xmlfile_is(root, roots[!x->use]) ? x->use ?
				" (this is a report template: use it with 'ssdbench report')" :
				" (this is a lineup template: use it with 'ssdbench compare')" : "");
	for (xmlNode *n = root->children; !rc && n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlfile_is(n, "colors") && x->use == TMPL_FOR_REPORT)
			rc = read_colors(t, x, n);
		else if (xmlfile_is(n, "chart"))
			rc = read_chart(t, x, n);
		else
			rc = bad(x, n, "unknown element", (const char *)n->name);
	}
	return rc;
}

int tmpl_load(struct tmpl **out, const char *path, struct diag *d)
{
	return tmpl_load_for(out, path, TMPL_FOR_REPORT, d);
}

int tmpl_load_for(struct tmpl **out, const char *path, enum tmpl_use use,
		  struct diag *d)
{
	struct tmpl *t = xcalloc(1, sizeof(*t));
	struct sbuf text;
	xmlDocPtr doc;
	int rc;

	*out = NULL;
	t->dir_color[0] = CHART_COLOR_READ;
	t->dir_color[1] = CHART_COLOR_WRITE;
	t->dir_color[2] = CHART_COLOR_TRIM;
	sbuf_init(&text);
	doc = xmlfile_read(path, &text, d);
	if (doc) {
		struct tmpl_ctx x = { path, text.buf, d, use };

		rc = read_all(t, &x, doc);
	} else {
		rc = d->code;
	}
	xmlFreeDoc(doc);
	sbuf_release(&text);
	if (rc)
		tmpl_free(t);
	else
		*out = t;
	return rc;
}

void tmpl_free(struct tmpl *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->ncharts; i++) {
		free(t->charts[i].title);
		free(t->charts[i].metrics);
	}
	free(t->charts);
	free(t);
}
