/* SPDX-License-Identifier: MIT */
/* tmpl: loads and checks a report template: chart kinds, order, sizes, titles, colours. */
#include "tmpl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "err.h"
#include "lineup.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"
#include "xmlfile.h"

static const struct tmpl_kind_info kinds[TMPL_NKINDS] = {
#define TMPL_KIND_ROW(id, name, alias, where, plot, flags, help) \
	[TMPL_##id] = { (name), (alias), (where) | ((plot) ? TMPL_IN_PLOT : 0u), (flags) },
	TMPL_KINDS(TMPL_KIND_ROW)
#undef TMPL_KIND_ROW
};

static const char *const roots[] = { "report", "lineup" };

static const char *const chart_attrs[] = { "kind", "width", "height", "title", "log-y",
					   "metrics",
					   "inset", "inset-x", "inset-y",
					   NULL };
static const char *const color_attrs[] = { "read", "write", "trim", NULL };

/* What is being read, for located errors. */
struct tmpl_ctx {
	const char *path, *text;
	struct diag *d;
	enum tmpl_use use;
};

const char *tmpl_kind_name(enum tmpl_kind k)
{
	return (unsigned)k < TMPL_NKINDS ? kinds[k].name : "?";
}

const struct tmpl_kind_info *tmpl_kind_info(enum tmpl_kind k)
{
	return (unsigned)k < TMPL_NKINDS ? &kinds[k] : NULL;
}

int tmpl_kind_find(const char *name, unsigned where, enum tmpl_kind *k)
{
	for (int i = 0; i < TMPL_NKINDS; i++)
		if ((kinds[i].where & where) && (!strcmp(name, kinds[i].name) ||
		    (kinds[i].alias && !strcmp(name, kinds[i].alias)))) {
			*k = (enum tmpl_kind)i;
			return 0;
		}
	return -1;
}

/* The names of the kinds in where that have every flag of flags, as tmpl_kind_list(). */
static char *kind_list(unsigned where, unsigned flags, const char *last)
{
	struct sbuf sb;
	size_t n = 0, total = 0;

	for (int i = 0; i < TMPL_NKINDS; i++)
		total += (kinds[i].where & where) && (kinds[i].flags & flags) == flags;
	sbuf_init(&sb);
	for (int i = 0; i < TMPL_NKINDS; i++)
		if ((kinds[i].where & where) && (kinds[i].flags & flags) == flags)
			sbuf_addf(&sb, "%s%s", !n++ ? "" : n == total ? last : ", ",
				  kinds[i].name);
	return sbuf_detach(&sb);
}

char *tmpl_kind_list(unsigned where, const char *last)
{
	return kind_list(where, 0, last);
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
	int rc = 0;

	if (!s || tmpl_kind_find((const char *)s, 1u << x->use, k)) {
		char *list = tmpl_kind_list(1u << x->use, ", ");
		char *what = xasprintf("unknown chart kind (%s)", list);

		rc = bad(x, n, what, s ? (const char *)s : "");
		free(what);
		free(list);
	}
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
	if (s && !(kinds[k].flags & TMPL_METRICS)) {
		char *with = kind_list(TMPL_IN_REPORT | TMPL_IN_LINEUP, TMPL_METRICS, " and ");
		char *what = xasprintf("metrics only go with %s, not", with);

		rc = bad(x, n, what, kinds[k].name);
		free(what);
		free(with);
	}
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

/* "a..b" (numbers, a < b) of attribute name into w[2]; *has when present. */
static int read_range(const struct tmpl_ctx *x, const xmlNode *n, const char *name,
		      int *has, double w[2])
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)name);
	const char *p = (const char *)s;
	char *end = NULL;
	int rc = 0;

	if (s) {
		const char *dots = strstr(p, "..");   /* strtod would read "50." of "50..250" */
		char *lo = dots ? xstrndup(p, (size_t)(dots - p)) : NULL;

		w[0] = lo ? strtod(lo, &end) : NAN;
		if (lo && (end == lo || *end))
			w[0] = NAN;
		p = dots ? dots + 2 : p;
		w[1] = strtod(p, &end);
		if (!dots || end == p || *end || !(w[0] < w[1]) || !isfinite(w[0]) ||
		    !isfinite(w[1]))
			rc = bad(x, n, "invalid range (want a..b, a < b)", (const char *)s);
		*has = !rc;
		free(lo);
	}
	xmlFree(s);
	return rc;
}

/* inset="auto|none|400s" and inset-x, inset-y on a dispersion chart. */
static int read_inset(const struct tmpl_ctx *x, const xmlNode *n, struct tmpl_chart *c)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)"inset");
	int rc = read_range(x, n, "inset-x", &c->has_inset_x, c->inset_x);

	if (!rc)
		rc = read_range(x, n, "inset-y", &c->has_inset_y, c->inset_y);
	c->inset = c->has_inset_x || c->has_inset_y ? TMPL_INSET_AUTO : TMPL_INSET_NONE;
	if (!rc && s && !xmlStrcmp(s, (const xmlChar *)"auto")) {
		c->inset = TMPL_INSET_AUTO;
	} else if (!rc && s && xmlStrcmp(s, (const xmlChar *)"none")) {
		uint64_t ms;
		const char *why;

		if (units_parse_time_ms((const char *)s, &ms, &why) || !ms)
			rc = bad(x, n, "invalid inset (auto, none or a duration: 400s)",
				 (const char *)s);
		c->inset = TMPL_INSET_AUTO;
		c->inset_last = (double)ms / 1000;
	}
	if (!rc && c->inset && c->kind != TMPL_DISPERSION && c->kind != TMPL_STEP_IOPS)
		rc = bad(x, n, "an inset only goes with dispersion and step-iops, not",
			 kinds[c->kind].name);
	xmlFree(s);
	return rc;
}

static int read_chart(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n)
{
	struct tmpl_chart c = { .kind = TMPL_STEP_IOPS, .width = 960, .height = 600 };
	int free_height;
	xmlChar *title, *logy;
	int rc = check_attrs(x, n, chart_attrs);

	if (!rc)
		rc = read_kind(x, n, &c.kind);
	if (!rc)
		rc = attr_num(x, n, "width", 300, 4000, &c.width);
	free_height = (kinds[c.kind].flags & TMPL_FREE_HEIGHT) != 0;
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
		rc = read_inset(x, n, &c);
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

/* the root's only attribute, preset="print|web|slide". */
static int read_preset(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *root)
{
	static const char *const root_attrs[] = { "preset", NULL };
	xmlChar *p;
	int rc = check_attrs(x, root, root_attrs);

	p = rc ? NULL : xmlGetProp(root, (const xmlChar *)"preset");
	if (p && (!chart_preset_find((const char *)p) ||
		  !strcmp((const char *)p, chart_preset(CHART_PRESET_ARCHIVE)->name)))
		rc = bad(x, root, "unknown preset (" CHART_PRESET_NAMES ")", (const char *)p);
	else if (p)
		t->preset = xstrdup((const char *)p);
	xmlFree(p);
	return rc;
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
	rc = read_preset(t, x, root);
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
	free(t->preset);
	free(t);
}
