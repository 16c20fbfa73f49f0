/* SPDX-License-Identifier: MIT */
/* tmpl: loads and checks a report template: chart kinds, order, sizes, titles, colours. */
#include "tmpl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "err.h"
#include "lineup.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"
#include "xmlfile.h"

static const struct tmpl_kind_info kinds[TMPL_NKINDS] = {
#define TMPL_KIND_ROW(id, name, alias, where, plot, flags, help) \
	[TMPL_##id] = { (name), (alias), (where) | ((plot) ? TMPL_IN_PLOT : 0u), (flags) },
	TMPL_KINDS(TMPL_KIND_ROW)
#undef TMPL_KIND_ROW
};

static const char *const root_attrs[] = { "preset", NULL };
static const char *const chart_attrs[] = { "kind", "width", "height", "title", "log-y",
					   "metrics",
					   "inset", "inset-x", "inset-y", "inset-corner",
					   NULL };
static const char *const color_attrs[] = { "read", "write", "trim", NULL };

#define FOR_REPORT (1u << TMPL_FOR_REPORT)
#define FOR_LINEUP (1u << TMPL_FOR_LINEUP)

/* What is being read, for errors located at the element or attribute. */
struct tmpl_ctx {
	const char *path;
	struct xmlfile_src src;
	struct diag *d;
	enum tmpl_use use;
};

static int read_colors(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n);
static int read_chart(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n);

/* The elements of a template: the roots, then what a root holds, read by read. */
struct tmpl_elem {
	const char *name;
	unsigned uses;              /* the templates it goes in: bits 1 << enum tmpl_use */
	int (*read)(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n);
	const char *const *attrs;   /* NULL-terminated */
};

static const struct tmpl_elem elems[] = {
	{ "report", FOR_REPORT, NULL, root_attrs },
	{ "lineup", FOR_LINEUP, NULL, root_attrs },
	{ "colors", FOR_REPORT, read_colors, color_attrs },
	{ "chart", FOR_REPORT | FOR_LINEUP, read_chart, chart_attrs },
};
#define NELEMS (sizeof(elems) / sizeof(elems[0]))

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

/*
 * Records an error at element n: at its attribute attr when not NULL (the value's
 * first character when want_value, then extra characters further in), else at the
 * element's '<'; at libxml2's line of n when its start tag is not known.
 */
static int err_at(const struct tmpl_ctx *x, const xmlNode *n, const char *attr,
		  int want_value, int extra, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
static int err_at(const struct tmpl_ctx *x, const xmlNode *n, const char *attr,
		  int want_value, int extra, const char *fmt, ...)
{
	char msg[1024];
	size_t off = xmlfile_src_at(&x->src, n, attr, want_value);
	int line = (int)xmlGetLineNo(n), col = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (off != (size_t)-1) {
		xmlfile_src_linecol(&x->src, off, &line, &col);
		col += extra;
	}
	return diag_set(x->d, -SB_EPARSE, x->path, line, col, "%s", msg);
}

/*
 * The end of an error about word, one of names[0..n) misspelt: " (did you mean 'X'?
 * LIST)", " (did you mean 'X'?)", " (LIST)" or "" (list NULL: none). An element's
 * name is suggested as <X>. Returns a new string; free() it.
 */
static char *hint(const char *word, const char *const *names, size_t n, int elem,
		  const char *list)
{
	const char *h = suggest_pick(word, names, n);
	const char *q0 = elem ? "<" : "'", *q1 = elem ? ">" : "'";

	if (h && list)
		return xasprintf(" (did you mean %s%s%s? %s)", q0, h, q1, list);
	if (h)
		return xasprintf(" (did you mean %s%s%s?)", q0, h, q1);
	return list ? xasprintf(" (%s)", list) : xstrdup("");
}

/* Every attribute of n must be in names (NULL-terminated); none has a prefix. */
static int check_attrs(const struct tmpl_ctx *x, const xmlNode *n,
		       const char *const *names)
{
	for (const xmlAttr *a = n->properties; a; a = a->next) {
		/* as written, "xml:lang", so that the message and the column find it */
		char *name = a->ns && a->ns->prefix
			     ? xasprintf("%s:%s", (const char *)a->ns->prefix,
					 (const char *)a->name)
			     : xstrdup((const char *)a->name);
		size_t i = 0;
		char *tail;
		int rc;

		while (names[i] && strcmp(name, names[i]))
			i++;
		if (names[i]) {
			free(name);
			continue;
		}
		while (names[i])
			i++;
		tail = hint(name, names, i, 0, NULL);
		rc = err_at(x, n, name, 0, 0, "unknown attribute '%s' on <%s>%s", name,
			    (const char *)n->name, tail);
		free(tail);
		free(name);
		return rc;
	}
	return 0;
}

static const struct tmpl_elem *find_elem(const char *name)
{
	for (size_t i = 0; i < NELEMS; i++)
		if (!strcmp(elems[i].name, name))
			return &elems[i];
	return NULL;
}

/* Refuses element n inside parent; in_root: parent is the root, which holds elements. */
static int unknown_elem(const struct tmpl_ctx *x, const xmlNode *n, const xmlNode *parent,
			int in_root)
{
	const char *names[NELEMS], *name = (const char *)n->name;
	size_t nn = 0;
	char *tail;
	int rc;

	if (find_elem(name))
		return err_at(x, n, NULL, 0, 0, "<%s> is not allowed inside <%s>", name,
			      (const char *)parent->name);
	for (size_t i = 0; in_root && i < NELEMS; i++)
		if (elems[i].read && (elems[i].uses & (1u << x->use)))
			names[nn++] = elems[i].name;
	tail = hint(name, names, nn, 1, NULL);
	rc = err_at(x, n, NULL, 0, 0, "unknown element <%s> in <%s>%s", name,
		    (const char *)parent->name, tail);
	free(tail);
	return rc;
}

/* Is c text other than white space (CDATA is text: the parser merges it)? */
static int is_text(const xmlNode *c)
{
	const xmlChar *s = c->content;

	if (c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE)
		return 0;
	while (s && *s && strchr(" \t\r\n", *s))
		s++;
	return s && *s;
}

/* A chart or colors element holds nothing: no elements, no text. */
static int check_leaf(const struct tmpl_ctx *x, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (is_text(c))
			return err_at(x, n, NULL, 0, 0, "unexpected text inside <%s>",
				      (const char *)n->name);
		if (c->type == XML_ELEMENT_NODE)
			return unknown_elem(x, c, n, 0);
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
			rc = err_at(x, n, name, 1, 0, "invalid %s '%s' (a number from %g to %g)",
				    name, (const char *)s, lo, hi);
		else
			*v = d;
	}
	xmlFree(s);
	return rc;
}

/* Attribute name, when present, one of choices[0..n) into *out (its index); list
 * says what the choices are, what how a wrong one is called ("invalid log-y"). */
static int attr_choice(const struct tmpl_ctx *x, const xmlNode *n, const char *name,
		       const char *what, const char *const *choices, size_t nc,
		       const char *list, int *out)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)name);
	int rc = 0;

	for (size_t i = 0; s && i < nc; i++)
		if (!strcmp((const char *)s, choices[i])) {
			*out = (int)i;
			xmlFree(s);
			return 0;
		}
	if (s) {
		char *tail = hint((const char *)s, choices, nc, 0, list);

		rc = err_at(x, n, name, 1, 0, "%s '%s'%s", what, (const char *)s, tail);
		free(tail);
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
			rc = err_at(x, n, name, 1, 0, "invalid %s colour '%s' (want #rrggbb)",
				    name, (const char *)s);
		else
			*out = (uint32_t)v;
	}
	xmlFree(s);
	return rc;
}

static int read_colors(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n)
{
	int rc = check_attrs(x, n, color_attrs);

	if (!rc)
		rc = check_leaf(x, n);
	for (int i = 0; !rc && color_attrs[i]; i++)
		rc = read_color(x, n, color_attrs[i], &t->dir_color[i]);
	return rc;
}

/* Refuses kind="s" that names no kind where (the template's TMPL_IN_* bit) may use. */
static int bad_kind(const struct tmpl_ctx *x, const xmlNode *n, const char *s,
		    unsigned where)
{
	const char *names[2 * TMPL_NKINDS];
	char *list = tmpl_kind_list(where, ", "), *known = xasprintf("kinds: %s", list);
	char *tail = NULL;
	enum tmpl_kind k;
	size_t nn = 0;
	int rc;

	for (int i = 0; i < TMPL_NKINDS; i++) {
		if (!(kinds[i].where & where))
			continue;
		names[nn++] = kinds[i].name;
		if (kinds[i].alias)
			names[nn++] = kinds[i].alias;
	}
	if (!tmpl_kind_find(s, TMPL_IN_REPORT | TMPL_IN_LINEUP | TMPL_IN_PLOT, &k)) {
		rc = err_at(x, n, "kind", 1, 0, "chart kind '%s' does not go in a %s template "
			    "(%s)", s, x->use == TMPL_FOR_LINEUP ? "lineup" : "report", known);
	} else {
		tail = hint(s, names, nn, 0, known);
		rc = err_at(x, n, "kind", 1, 0, "unknown chart kind '%s'%s", s, tail);
	}
	free(tail);
	free(known);
	free(list);
	return rc;
}
static int read_kind(const struct tmpl_ctx *x, const xmlNode *n, enum tmpl_kind *k)
{
	xmlChar *s = xmlGetProp(n, (const xmlChar *)"kind");
	int rc = 0;

	if (!s)
		rc = err_at(x, n, NULL, 0, 0, "<%s> needs the attribute 'kind'",
			    (const char *)n->name);
	else if (tmpl_kind_find((const char *)s, 1u << x->use, k))
		rc = bad_kind(x, n, (const char *)s, 1u << x->use);
	xmlFree(s);
	return rc;
}

/* Characters (not bytes) in s[0..n): how far into a value a word starts. */
static int char_count(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* Refuses the metric word[0..len), at offset characters into the metrics value. */
static int bad_metric(const struct tmpl_ctx *x, const xmlNode *n, const char *word,
		      size_t len, int offset)
{
	const char *ids[LM_N];
	struct sbuf list;
	char *w = xstrndup(word, len), *tail;
	int rc;

	sbuf_init(&list);
	sbuf_adds(&list, "the lineup CSV's metrics: ");
	for (int m = 0; m < LM_N; m++) {
		ids[m] = lineup_metric((enum lineup_metric)m)->id;
		sbuf_addf(&list, "%s%s", m ? ", " : "", ids[m]);
	}
	tail = hint(w, ids, LM_N, 0, list.buf);
	rc = err_at(x, n, "metrics", 1, offset, "unknown metric '%s'%s", w, tail);
	free(tail);
	free(w);
	sbuf_release(&list);
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

		rc = err_at(x, n, "metrics", 0, 0, "metrics only go with %s, not '%s'", with,
			    kinds[k].name);
		free(with);
	}
	while (!rc && p && *p) {
		size_t len = strcspn(p, " ");
		int m = 0;

		while (m < LM_N && (strlen(lineup_metric((enum lineup_metric)m)->id) != len ||
				    strncmp(lineup_metric((enum lineup_metric)m)->id, p, len)))
			m++;
		if (len && m == LM_N)
			rc = bad_metric(x, n, p, len, char_count((const char *)s,
								 (size_t)(p - (const char *)s)));
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
			rc = err_at(x, n, name, 1, 0, "invalid %s '%s' (want a..b, a < b)", name,
				    (const char *)s);
		*has = !rc;
		free(lo);
	}
	xmlFree(s);
	return rc;
}

/* inset-corner=, in enum chart_corner's order */
static const char *const corners[] = { "auto", "upper-right", "upper-left", "lower-right",
				       "lower-left" };

/* inset="auto|none|400s", inset-x, inset-y and inset-corner on a dispersion chart. */
static int read_inset(const struct tmpl_ctx *x, const xmlNode *n, struct tmpl_chart *c)
{
	static const char *const words[] = { "auto", "none" };
	xmlChar *s = xmlGetProp(n, (const xmlChar *)"inset");
	int rc = read_range(x, n, "inset-x", &c->has_inset_x, c->inset_x);
	int named = 0;   /* inset="auto" or a duration */

	if (!rc)
		rc = attr_choice(x, n, "inset-corner", "invalid inset-corner", corners,
				 sizeof(corners) / sizeof(*corners),
				 "auto, upper-right, upper-left, lower-right or lower-left",
				 &c->inset_corner);
	if (!rc && c->inset_corner && c->kind != TMPL_DISPERSION && c->kind != TMPL_STEP_IOPS)
		rc = err_at(x, n, "inset-corner", 0, 0,
			    "an inset only goes with dispersion and step-iops, not '%s'",
			    kinds[c->kind].name);

	if (!rc)
		rc = read_range(x, n, "inset-y", &c->has_inset_y, c->inset_y);
	if (!rc && s && !xmlStrcmp(s, (const xmlChar *)"auto")) {
		named = 1;
	} else if (!rc && s && xmlStrcmp(s, (const xmlChar *)"none")) {
		uint64_t ms = 0;
		const char *why;
		char *tail;

		if (units_parse_time_ms((const char *)s, &ms, &why) || !ms) {
			tail = hint((const char *)s, words, 2, 0, "auto, none or a duration: 400s");
			rc = err_at(x, n, "inset", 1, 0, "invalid inset '%s'%s", (const char *)s,
				    tail);
			free(tail);
		}
		named = 1;
		c->inset_last = (double)ms / 1000;
	}
	c->inset = named || c->has_inset_x || c->has_inset_y ? TMPL_INSET_AUTO
							     : TMPL_INSET_NONE;
	if (!rc && c->inset && c->kind != TMPL_DISPERSION && c->kind != TMPL_STEP_IOPS)
		rc = err_at(x, n, named ? "inset" : c->has_inset_x ? "inset-x" : "inset-y", 0, 0,
			    "an inset only goes with dispersion and step-iops, not '%s'",
			    kinds[c->kind].name);
	xmlFree(s);
	return rc;
}

static int read_chart(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *n)
{
	static const char *const bools[] = { "false", "true" };
	struct tmpl_chart c = { .kind = TMPL_STEP_IOPS, .width = 960, .height = 600 };
	int free_height;
	xmlChar *title;
	int rc = check_attrs(x, n, chart_attrs);

	if (!rc)
		rc = check_leaf(x, n);
	if (!rc)
		rc = read_kind(x, n, &c.kind);
	if (!rc)
		rc = attr_num(x, n, "width", 300, 4000, &c.width);
	free_height = (kinds[c.kind].flags & TMPL_FREE_HEIGHT) != 0;
	c.height = free_height ? 0 : 600;
	if (!rc)
		rc = attr_num(x, n, "height", free_height ? 0 : 200, 4000, &c.height);
	if (!rc)
		rc = attr_choice(x, n, "log-y", "invalid log-y", bools, 2, "true or false",
				 &c.log_y);
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

/* the root's only attribute, preset="print|web|slide|85mm|175mm" (not archive, the default). */
static int read_preset(struct tmpl *t, const struct tmpl_ctx *x, const xmlNode *root)
{
	const char *names[CHART_PRESET_N];
	size_t nn = 0;
	int i = -1, rc = check_attrs(x, root, root_attrs);

	for (int p = 0; p < CHART_PRESET_N; p++)
		if (p != CHART_PRESET_ARCHIVE)
			names[nn++] = chart_preset((enum chart_preset_id)p)->name;
	if (!rc)
		rc = attr_choice(x, root, "preset", "unknown preset", names, nn,
				 CHART_PRESET_NAMES, &i);
	if (!rc && i >= 0)
		t->preset = xstrdup(names[i]);
	return rc;
}

/* The root element: use's, and not the other template's. */
static int check_root(const struct tmpl_ctx *x, const xmlNode *root)
{
	const char *want = x->use == TMPL_FOR_LINEUP ? "lineup" : "report";

	if (xmlfile_is(root, want))
		return 0;
	return err_at(x, root, NULL, 0, 0, "the root element must be <%s>, not <%s>%s", want,
		      (const char *)root->name,
		      xmlfile_is(root, "report") ? " (this is a report template: use it with "
						   "'ssdbench report')" :
		      xmlfile_is(root, "lineup") ? " (this is a lineup template: use it with "
						   "'ssdbench compare')" : "");
}

static int read_all(struct tmpl *t, const struct tmpl_ctx *x, xmlDocPtr doc)
{
	xmlNode *root = xmlDocGetRootElement(doc);
	int rc;

	if (!root)
		return diag_set(x->d, -SB_EPARSE, x->path, 1, 1, "the template has no root "
				"element");
	rc = check_root(x, root);
	if (!rc)
		rc = read_preset(t, x, root);
	for (xmlNode *n = root->children; !rc && n; n = n->next) {
		const struct tmpl_elem *e = n->type == XML_ELEMENT_NODE
					    ? find_elem((const char *)n->name) : NULL;

		if (is_text(n))
			rc = err_at(x, root, NULL, 0, 0, "unexpected text inside <%s>",
				    (const char *)root->name);
		else if (n->type != XML_ELEMENT_NODE)
			continue;
		else if (!e || !e->read || !(e->uses & (1u << x->use)))
			rc = unknown_elem(x, n, root, 1);
		else
			rc = e->read(t, x, n);
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
		struct tmpl_ctx x = { .path = path, .d = d, .use = use };

		xmlfile_src_scan(&x.src, text.buf, text.len);
		xmlfile_src_number(xmlDocGetRootElement(doc));
		rc = read_all(t, &x, doc);
		xmlfile_src_release(&x.src);
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
