/* SPDX-License-Identifier: MIT */
/*
 * plan_load: reads a plan and its includes with libxml2, substitutes variables,
 * expands sweeps, and fills struct plan from the element table; every error names
 * FILE:LINE:COL. No DTDs, no entities, no network: plans are hostile until parsed.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "err.h"
#include "fioopt.h"
#include "plan_int.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"
#include "xmlfile.h"

/* ------------------------------------------------------------------------- */
/* Locations                                                                 */

static size_t node_tag(const xmlNode *n)
{
	return (size_t)(uintptr_t)n->_private;
}

static size_t elem_off(const struct plan__doc *doc, const xmlNode *n)
{
	size_t tag = node_tag(n);

	return tag && tag <= doc->src.ntags ? doc->src.tags[tag - 1] : (size_t)-1;
}

static size_t attr_off(const struct plan__doc *doc, const xmlNode *n, const char *attr,
		       int want_value)
{
	size_t tag = elem_off(doc, n), name_off, val_off;

	if (!attr || tag == (size_t)-1 ||
	    plan__attr_pos(&doc->src, tag, attr, &name_off, &val_off))
		return tag;
	return want_value ? val_off : name_off;
}

/* Reports an error at byte off of doc (at line when off is unknown), shifted by
 * extra characters to the right. */
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));
static int verr(struct plan__loader *ld, const struct plan__doc *doc, size_t off,
		int line, int extra, const char *fmt, va_list ap)
{
	char msg[1024];
	int col = 0;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (off != (size_t)-1) {
		plan__linecol(&doc->src, off, &line, &col);
		col += extra;
	}
	return diag_set(ld->d, -SB_EPARSE, doc->file, line, col, "%s", msg);
}

int plan__err_at(struct plan__loader *ld, const struct plan__origin *o,
		 const char *attr, int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, o->doc, attr_off(o->doc, o->node, attr, want_value),
		  (int)xmlGetLineNo(o->node), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error at node n of the current file (at attr when not NULL). */
static int err_node(struct plan__loader *ld, const xmlNode *n, const char *attr,
		    int want_value, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int err_node(struct plan__loader *ld, const xmlNode *n, const char *attr,
		    int want_value, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, attr_off(ld->doc, n, attr, want_value),
		  (int)xmlGetLineNo(n), 0, fmt, ap);
	va_end(ap);
	return rc;
}

/* An error inside attr's value, extra characters after its first one. */
static int err_in_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
			int extra, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int err_in_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
			int extra, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = verr(ld, ld->doc, attr_off(ld->doc, n, attr, 1), (int)xmlGetLineNo(n),
		  extra, fmt, ap);
	va_end(ap);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Values                                                                    */

static int valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._-", *s))
			return 0;
	return 1;
}

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "1", "true", "yes", "on" };
	static const char *const no[] = { "0", "false", "no", "off" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (!strcasecmp(s, yes[i]))
			return *out = 1, 0;
		if (!strcasecmp(s, no[i]))
			return *out = 0, 0;
	}
	return -1;
}

/* A non-negative decimal with suffix: "2x", "12.5%". Returns 0 and the number. */
static int parse_suffixed(const char *s, char suffix, double *out)
{
	char *end;
	double v;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end != suffix || end[1] || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

/* Sizes, or shares of capacity: "2x", "0.5x", "75%". */
static int parse_amount(const char *s, struct plan_amount *a, const char **why)
{
	double v;

	memset(a, 0, sizeof(*a));
	if (!parse_suffixed(s, 'x', &v) || !parse_suffixed(s, '%', &v)) {
		a->mult = s[strlen(s) - 1] == '%' ? v / 100 : v;
		if (a->mult <= 0 || a->mult > 1000) {
			*why = "must be more than 0 and at most 1000x";
			return -1;
		}
		return 0;
	}
	return units_parse_size(s, &a->bytes, why) ? -1 : 0;
}

/* Space- or comma-separated names, normalised to single spaces. */
static int parse_names(const char *s, char **out)
{
	struct sbuf sb;
	char *copy = xstrdup(s), *tok, *save = NULL;
	int rc = 0;

	sbuf_init(&sb);
	for (tok = strtok_r(copy, " ,\t\n", &save); tok; tok = strtok_r(NULL, " ,\t\n", &save)) {
		if (!valid_name(tok))
			rc = -1;
		sbuf_addf(&sb, "%s%s", sb.len ? " " : "", tok);
	}
	free(copy);
	if (rc || !sb.len) {
		sbuf_release(&sb);
		return -1;
	}
	free(*out);
	*out = sbuf_detach(&sb);
	return 0;
}

static int bad_enum(struct plan__loader *ld, const xmlNode *n, const struct plan__attr *a,
		    const char *val)
{
	size_t nc = 0;
	const char *hint;

	while (a->choices[nc])
		nc++;
	hint = suggest_pick(val, a->choices, nc);
	if (hint)
		return err_node(ld, n, a->name, 1, "invalid %s '%s' (did you mean '%s'?)",
				a->name, val, hint);
	return err_node(ld, n, a->name, 1, "invalid %s '%s'", a->name, val);
}

/* Parses val as a's type into rec (NULL: check only). Errors point at the value. */
static int set_value(struct plan__loader *ld, const xmlNode *n, void *rec,
		     const struct plan__attr *a, const char *val)
{
	char *field = rec ? (char *)rec + a->off : NULL;
	const char *why = "";
	union { uint64_t u; long long ll; int b; double f; struct plan_amount am; } v;
	char *names = NULL;

	switch (a->type) {
	case T_NAME:
		if (!valid_name(val))
			return err_node(ld, n, a->name, 1, "invalid %s '%s' (use letters, "
					"digits, '.', '_' and '-')", a->name, val);
		/* fall through */
	case T_TEXT:
		if (field) {
			free(*(char **)(void *)field);
			*(char **)(void *)field = xstrdup(val);
		}
		return 0;
	case T_ENUM:
		for (const char *const *c = a->choices; *c; c++) {
			if (strcmp(*c, val))
				continue;
			if (field) {
				free(*(char **)(void *)field);
				*(char **)(void *)field = xstrdup(val);
			}
			return 0;
		}
		return bad_enum(ld, n, a, val);
	case T_SIZE:
		if (units_parse_size(val, &v.u, &why))
			goto bad;
		break;
	case T_TIME:
		if (units_parse_time_ms(val, &v.u, &why))
			goto bad;
		break;
	case T_INT:
		if (units_parse_int(val, a->min, a->max ? a->max : LLONG_MAX, &v.ll, &why))
			return err_node(ld, n, a->name, 1, "invalid %s '%s': %s (%lld to %lld)",
					a->name, val, why, a->min, a->max ? a->max : LLONG_MAX);
		break;
	case T_BOOL:
		if (parse_bool(val, &v.b))
			return err_node(ld, n, a->name, 1, "invalid %s '%s' (use 1 or 0)",
					a->name, val);
		break;
	case T_AMOUNT:
		if (parse_amount(val, &v.am, &why))
			goto bad;
		break;
	case T_PERCENT:
		if (parse_suffixed(val, '%', &v.f) || v.f > 10000)
			return err_node(ld, n, a->name, 1, "invalid %s '%s' (write a "
					"percentage such as '20%%')", a->name, val);
		v.f /= 100;
		break;
	case T_NAMES:
		if (parse_names(val, &names))
			return err_node(ld, n, a->name, 1, "invalid %s '%s' (names separated "
					"by spaces)", a->name, val);
		if (field) {
			free(*(char **)(void *)field);
			*(char **)(void *)field = names;
		} else {
			free(names);
		}
		return 0;
	}
	if (!field)
		return 0;
	switch (a->type) {
	case T_SIZE: case T_TIME: memcpy(field, &v.u, sizeof(v.u)); break;
	case T_INT: memcpy(field, &v.ll, sizeof(v.ll)); break;
	case T_BOOL: memcpy(field, &v.b, sizeof(v.b)); break;
	case T_AMOUNT: memcpy(field, &v.am, sizeof(v.am)); break;
	case T_PERCENT: memcpy(field, &v.f, sizeof(v.f)); break;
	default: break;
	}
	return 0;
bad:
	return err_node(ld, n, a->name, 1, "invalid %s '%s' for %s: %s",
			a->type == T_TIME ? "time" : a->type == T_AMOUNT ? "amount" : "size",
			val, a->name, why);
}

/* ------------------------------------------------------------------------- */
/* Variables and attributes                                                  */

/* The value of variable name[0..len): innermost sweep binding first, then <var>s. */
static const char *lookup(struct plan__loader *ld, const char *name, size_t len)
{
	for (size_t i = ld->nbind; i-- > 0;) {
		if (strlen(ld->bind[i].name) == len && !memcmp(ld->bind[i].name, name, len)) {
			ld->bind[i].uses++;
			return ld->bind[i].value;
		}
	}
	for (size_t i = 0; i < ld->p->nvars; i++)
		if (strlen(ld->p->vars[i].name) == len &&
		    !memcmp(ld->p->vars[i].name, name, len))
			return ld->p->vars[i].value;
	return NULL;
}

static int char_count(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

static int too_long(struct plan__loader *ld, const xmlNode *n, const char *attr)
{
	return err_node(ld, n, attr, 1, "attribute '%s' is longer than %u KiB (once variables "
			"are substituted)", attr, PLAN_MAX_VALUE_BYTES >> 10);
}

/* Replaces ${name} in raw (attribute attr of n) into out. */
static int substitute(struct plan__loader *ld, const xmlNode *n, const char *attr,
		      const char *raw, struct sbuf *out)
{
	const char *s = raw;

	while (*s) {
		const char *open = strstr(s, "${"), *close, *val;

		if (!open) {
			sbuf_adds(out, s);
			break;
		}
		sbuf_add(out, s, (size_t)(open - s));
		close = strchr(open + 2, '}');
		if (!close)
			return err_in_value(ld, n, attr, char_count(raw, (size_t)(open - raw)),
					    "unterminated '${' in attribute '%s'", attr);
		val = lookup(ld, open + 2, (size_t)(close - open - 2));
		if (!val)
			return err_in_value(ld, n, attr, char_count(raw, (size_t)(open - raw)),
					    "undefined variable '%.*s'",
					    (int)(close - open - 2), open + 2);
		if (out->len + strlen(val) > PLAN_MAX_VALUE_BYTES)
			return too_long(ld, n, attr);
		sbuf_adds(out, val);
		s = close + 1;
	}
	return 0;
}

/* Counts a value of len bytes against the limit on all attribute values. */
static int count_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
		       size_t len)
{
	if (len > PLAN_MAX_VALUE_BYTES)
		return too_long(ld, n, attr);
	ld->value_bytes += len;
	if (ld->value_bytes > PLAN_MAX_VALUES_BYTES)
		return err_node(ld, n, attr, 1, "the plan's attribute values add up to more "
				"than %u MiB (counting each time a sweep repeats them)",
				PLAN_MAX_VALUES_BYTES >> 20);
	return 0;
}

static const struct plan__attr *find_attr(const struct plan__elem *e, const char *name)
{
	for (size_t i = 0; i < e->nattrs; i++)
		if (!strcmp(e->attrs[i].name, name))
			return &e->attrs[i];
	return NULL;
}

static int unknown_attr(struct plan__loader *ld, const xmlNode *n,
			const struct plan__elem *e, const char *name)
{
	const char *names[32], *hint;
	size_t nn = e->nattrs < 32 ? e->nattrs : 32;

	for (size_t i = 0; i < nn; i++)
		names[i] = e->attrs[i].name;
	hint = suggest_pick(name, names, nn);
	if (hint)
		return err_node(ld, n, name, 0, "unknown attribute '%s' on <%s> (did you "
				"mean '%s'?)", name, e->name, hint);
	return err_node(ld, n, name, 0, "unknown attribute '%s' on <%s>", name, e->name);
}

/* The attribute's value after substitution (subst) into val; "" when absent. */
static int attr_value(struct plan__loader *ld, const xmlNode *n, const char *name,
		      int subst, struct sbuf *val)
{
	xmlChar *raw = xmlGetProp(n, (const xmlChar *)name);
	int rc = 0;

	sbuf_reset(val);
	if (subst)
		rc = substitute(ld, n, name, raw ? (const char *)raw : "", val);
	else
		sbuf_adds(val, raw ? (const char *)raw : "");
	xmlFree(raw);
	return rc ? rc : count_value(ld, n, name, val->len);
}

/* Sets every attribute of n on rec (NULL: check only), then the defaults. */
static int load_attrs(struct plan__loader *ld, const xmlNode *n,
		      const struct plan__elem *e, void *rec, int subst)
{
	unsigned char given[32] = { 0 };
	struct sbuf val;
	int rc = 0;

	sbuf_init(&val);
	for (const xmlAttr *a = n->properties; a && !rc; a = a->next) {
		const struct plan__attr *ad = find_attr(e, (const char *)a->name);

		if (!ad) {
			rc = unknown_attr(ld, n, e, (const char *)a->name);
			break;
		}
		given[ad - e->attrs] = 1;
		rc = attr_value(ld, n, ad->name, subst, &val);
		if (!rc)
			rc = set_value(ld, n, rec, ad, val.buf);
	}
	for (size_t i = 0; i < e->nattrs && !rc; i++) {
		const struct plan__attr *ad = &e->attrs[i];

		if (given[i])
			continue;
		if (ad->required)
			rc = err_node(ld, n, NULL, 0, "<%s> needs the attribute '%s'",
				      e->name, ad->name);
		else if (ad->def)
			rc = set_value(ld, n, rec, ad, ad->def);
	}
	sbuf_release(&val);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Documents                                                                 */

/* Numbers element nodes in document order, matching the scanned start tags. */
static void number_nodes(xmlNode *n, size_t *next)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		n->_private = (void *)(uintptr_t)++*next;
		number_nodes(n->children, next);
	}
}

static void doc_free(struct plan__doc *doc)
{
	if (!doc)
		return;
	xmlFreeDoc(doc->xml);
	plan__src_release(&doc->src);
	free(doc->text);
	free(doc->file);
	free(doc);
}

/* Parses doc->text; refuses DTDs and entities before libxml2 ever sees them. */
static int parse_doc(struct plan__loader *ld, struct plan__doc *doc, size_t len)
{
	size_t count = 0;

	plan__src_scan(&doc->src, doc->text, len);
	if (doc->src.doctype != (size_t)-1) {
		int line, col;

		plan__linecol(&doc->src, doc->src.doctype, &line, &col);
		return diag_set(ld->d, -SB_EPARSE, doc->file, line, col, "a DOCTYPE or "
				"ENTITY declaration is not allowed in a plan (no DTDs, no "
				"entities)");
	}
	doc->xml = xmlfile_parse(doc->file, doc->text, len, ld->d);
	if (!doc->xml)
		return -SB_EPARSE;
	number_nodes(xmlDocGetRootElement(doc->xml), &count);
	return 0;
}

/* Reads and parses path (the file of <include> inc, or the plan when NULL); the
 * loader keeps it until the checks are done. */
static int read_doc(struct plan__loader *ld, const xmlNode *inc, const char *path,
		    struct plan__doc **out)
{
	struct plan__doc *doc = xcalloc(1, sizeof(*doc));
	struct sbuf text;
	int rc;

	sbuf_init(&text);
	doc->file = xstrdup(path);
	rc = plan__read_text(ld, inc, path, &text);
	if (!rc) {
		size_t len = text.len;

		doc->text = sbuf_detach(&text);
		rc = parse_doc(ld, doc, len);
	}
	sbuf_release(&text);
	/* An array of pointers: sizeof(*docs) is rightly a pointer's size. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	XGROW(ld->docs, ld->capdocs, ld->ndocs + 1);
	ld->docs[ld->ndocs++] = doc;
	XGROW(ld->p->includes, ld->p->capincludes, ld->p->nincludes + 1);
	ld->p->includes[ld->p->nincludes++] = xstrdup(path);
	*out = doc;
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Elements                                                                  */

static int load_children(struct plan__loader *ld, const xmlNode *parent, const char *ctx);

static const struct plan__elem *find_elem(const char *name)
{
	for (size_t i = 0; i < plan__nelems; i++)
		if (!strcmp(plan__elems[i].name, name))
			return &plan__elems[i];
	return NULL;
}

static int unknown_elem(struct plan__loader *ld, const xmlNode *n, const char *ctx)
{
	const char *names[64], *hint, *name = (const char *)n->name;
	size_t nn = 0;

	if (find_elem(name))
		return err_node(ld, n, NULL, 0, "<%s> is not allowed inside <%s>", name, ctx);
	for (size_t i = 0; i < plan__nelems && nn < 64; i++)
		if (plan__in_list(plan__elems[i].parents, ctx))
			names[nn++] = plan__elems[i].name;
	hint = suggest_pick(name, names, nn);
	if (hint)
		return err_node(ld, n, NULL, 0, "unknown element <%s> in <%s> (did you mean "
				"<%s>?)", name, ctx, hint);
	return err_node(ld, n, NULL, 0, "unknown element <%s> in <%s>", name, ctx);
}

static void add_origin(struct plan__loader *ld, struct plan__origins *o, const xmlNode *n)
{
	XGROW(o->v, o->cap, o->n + 1);
	o->v[o->n++] = (struct plan__origin){ ld->doc, n };
}

/* "qd=4 bs=4k": the sweep bindings a step was made under, or NULL. */
static char *cell_name(const struct plan__loader *ld)
{
	struct sbuf sb;

	if (!ld->nbind)
		return NULL;
	sbuf_init(&sb);
	for (size_t i = 0; i < ld->nbind; i++)
		sbuf_addf(&sb, "%s%s=%s", i ? " " : "", ld->bind[i].name, ld->bind[i].value);
	return sbuf_detach(&sb);
}

/* Gives v the value a --set names it with, if any. */
static void apply_sets(struct plan__loader *ld, struct plan_var *v)
{
	for (size_t i = 0; i < ld->nsets; i++) {
		size_t len = strcspn(ld->sets[i], "=");

		if (strlen(v->name) == len && !strncmp(ld->sets[i], v->name, len)) {
			free(v->value);
			v->value = xstrdup(ld->sets[i] + len + 1);
			v->used_by_set = 1;
			ld->set_used[i] = 1;
		}
	}
}

/* The built-in variable smoke (0, or 1 to shrink a plan), always the first <var>. */
static void add_smoke_var(struct plan__loader *ld)
{
	struct plan *p = ld->p;
	struct plan_var *v;

	XGROW(p->vars, p->capvars, p->nvars + 1);
	v = &p->vars[p->nvars++];
	memset(v, 0, sizeof(*v));
	v->name = xstrdup("smoke");
	v->value = xstrdup("0");
	apply_sets(ld, v);
}

static int load_var(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e)
{
	struct plan *p = ld->p;
	struct plan_var tmp, *v;
	int rc;

	/* Loaded aside first: while its own attributes are substituted, a half-made
	 * variable (no name or value yet) must not be visible to ${...}. */
	memset(&tmp, 0, sizeof(tmp));
	tmp.line = (int)xmlGetLineNo(n);
	rc = load_attrs(ld, n, e, &tmp, 1);
	for (size_t i = 0; i < p->nvars && !rc; i++)
		if (!strcmp(p->vars[i].name, tmp.name))
			rc = err_node(ld, n, "name", 1, "variable '%s' is defined twice",
				      tmp.name);
	if (rc) {
		free(tmp.name);
		free(tmp.value);
		free(tmp.smoke);
		return rc;
	}
	XGROW(p->vars, p->capvars, p->nvars + 1);
	v = &p->vars[p->nvars++];
	*v = tmp;
	if (v->smoke && !strcmp(p->vars[0].value, "1")) {
		free(v->value);
		v->value = xstrdup(v->smoke);
	}
	apply_sets(ld, v);
	return 0;
}

/* Loads a workload's <fio> children: options fio knows and ssdbench does not set. */
static int load_fio_opt(struct plan__loader *ld, const xmlNode *n, struct plan_workload *w,
			const struct plan__elem *e)
{
	const struct plan__elem *we = find_elem("workload");
	struct plan_fio_opt *o;
	const char *why;
	int rc;

	XGROW(w->fio, w->capfio, w->nfio + 1);
	o = &w->fio[w->nfio++];
	memset(o, 0, sizeof(*o));
	rc = load_attrs(ld, n, e, o, 1);
	if (rc)
		return rc;
	if (find_attr(we, o->name))
		return err_node(ld, n, "option", 1, "'%s' is an attribute of <workload>: "
				"write %s=\"...\" there", o->name, o->name);
	if (o->value && strpbrk(o->value, ";#\r\n"))
		return err_node(ld, n, "value", 1, "fio value '%s' holds ';', '#' or a line "
				"break, which fio's job files read as a comment or a new line",
				o->value);
	/* A refused option is named as such; one not in the table may be a typo. */
	rc = fioopt_check(o->name, o->value, &why);
	if (rc && fioopt_find(o->name))
		return err_node(ld, n, rc == -2 ? "value" : "option", 1, "fio option '%s' %s",
				o->name, why);
	if (plan__fio_names_load(&ld->fio))
		return err_node(ld, n, "option", 1, "cannot check fio option '%s': fio is "
				"not installed or not on PATH", o->name);
	if (!plan__fio_names_has(&ld->fio, o->name)) {
		const char *hint = suggest_pick(o->name, (const char *const *)ld->fio.names,
						ld->fio.n);

		if (hint)
			return err_node(ld, n, "option", 1, "fio has no option '%s' (did you "
					"mean '%s'?)", o->name, hint);
		return err_node(ld, n, "option", 1, "fio has no option '%s'", o->name);
	}
	if (rc)
		return err_node(ld, n, "option", 1, "fio option '%s' %s", o->name, why);
	return 0;
}

static int only_space(const xmlChar *s)
{
	for (; s && *s; s++)
		if (!isspace(*s))
			return 0;
	return 1;
}

/* A leaf element: no child elements (but <fio> in a workload) and no text. */
static int load_step_children(struct plan__loader *ld, const xmlNode *n,
			      struct plan_workload *w)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		const struct plan__elem *ce;
		int rc;

		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) &&
		    !only_space(c->content))
			return err_node(ld, n, NULL, 0, "unexpected text inside <%s>",
					(const char *)n->name);
		if (c->type != XML_ELEMENT_NODE)
			continue;
		ce = find_elem((const char *)c->name);
		if (!ce || !plan__in_list(ce->parents, (const char *)n->name) || !w)
			return unknown_elem(ld, c, (const char *)n->name);
		rc = load_fio_opt(ld, c, w, ce);
		if (rc)
			return rc;
	}
	return 0;
}

static int load_step(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e)
{
	struct plan *p = ld->p;
	struct plan_workload *w;
	int rc;

	if (p->nsteps >= PLAN_MAX_STEPS)
		return err_node(ld, n, NULL, 0, "the plan expands to more than %d steps",
				PLAN_MAX_STEPS);
	XGROW(p->steps, p->capsteps, p->nsteps + 1);
	w = &p->steps[p->nsteps++];
	memset(w, 0, sizeof(*w));
	w->kind = (enum plan_kind)e->kind;
	w->file = xstrdup(ld->doc->file);
	w->line = (int)xmlGetLineNo(n);
	w->scope = ld->cur_scope;
	w->cell = cell_name(ld);
	ld->value_bytes += w->cell ? strlen(w->cell) : 0;
	w->rwmixread = -1;
	add_origin(ld, &ld->step_org, n);
	rc = load_attrs(ld, n, e, w, 1);
	if (!rc)
		rc = load_step_children(ld, n, w->kind == PLAN_WORKLOAD ? w : NULL);
	w->thinktime_us *= 1000; /* parsed as a time in ms; fio wants µs */
	if (!w->size_amt.mult)
		w->size = w->size_amt.bytes;
	return rc;
}

static int load_track(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e)
{
	struct plan_scope *s = &ld->p->scopes[ld->cur_scope];
	struct plan_track *t;

	XGROW(s->tracks, s->captracks, s->ntracks + 1);
	t = &s->tracks[s->ntracks++];
	memset(t, 0, sizeof(*t));
	t->line = (int)xmlGetLineNo(n);
	return load_attrs(ld, n, e, t, 1);
}

static int load_scope(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e)
{
	struct plan *p = ld->p;
	size_t idx = p->nscopes;
	int saved = ld->cur_scope, rc;
	struct plan_scope *s;

	XGROW(p->scopes, p->capscopes, p->nscopes + 1);
	s = &p->scopes[p->nscopes++];
	memset(s, 0, sizeof(*s));
	s->kind = (enum plan_scope_kind)e->kind;
	s->file = xstrdup(ld->doc->file);
	s->line = (int)xmlGetLineNo(n);
	s->parent = saved;
	s->first = p->nsteps;
	add_origin(ld, &ld->scope_org, n);
	rc = load_attrs(ld, n, e, s, 1);
	if (rc)
		return rc;
	ld->cur_scope = (int)idx;
	rc = load_children(ld, n, e->name);
	ld->cur_scope = saved;
	p->scopes[idx].count = p->nsteps - p->scopes[idx].first;
	return rc;
}

/* Splits a sweep's values on spaces and commas into a NULL-terminated array. */
static char **split_values(const char *s, size_t *n)
{
	char *copy = xstrdup(s), *tok, *save = NULL;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	for (tok = strtok_r(copy, " ,\t\n", &save); tok; tok = strtok_r(NULL, " ,\t\n", &save)) {
		XGROW(v, cap, *n + 2);
		v[(*n)++] = xstrdup(tok);
	}
	if (v)
		v[*n] = NULL;
	free(copy);
	return v;
}

static int load_sweep(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		      const char *ctx)
{
	struct sbuf var, values;
	char **v = NULL;
	size_t nv = 0, b = ld->nbind;
	int rc;

	sbuf_init(&var);
	sbuf_init(&values);
	rc = load_attrs(ld, n, e, NULL, 1);
	if (!rc)
		rc = attr_value(ld, n, "var", 0, &var);
	if (!rc)
		rc = attr_value(ld, n, "values", 1, &values);
	if (!rc && (lookup(ld, var.buf, var.len) || b == PLAN_MAX_DEPTH))
		rc = err_node(ld, n, "var", 1, b == PLAN_MAX_DEPTH ? "sweeps nest too deep" :
			      "sweep variable '%s' hides another variable of that name",
			      var.buf);
	if (!rc && !(v = split_values(values.buf, &nv)))
		rc = err_node(ld, n, "values", 1, "<sweep> has no values");
	for (size_t i = 0; i < nv && !rc; i++) {
		/* v is NULL only when nv is 0. */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		ld->bind[b] = (struct plan__binding){ var.buf, v[i], 0 };
		ld->nbind = b + 1;
		rc = load_children(ld, n, ctx);
		if (!rc && i == 0 && !ld->bind[b].uses)
			rc = err_node(ld, n, "var", 1, "sweep variable '%s' is not used by any "
				      "step inside the sweep (write ${%s} where it belongs)",
				      var.buf, var.buf);
	}
	ld->nbind = b;
	for (size_t i = 0; i < nv; i++)
		free(v[i]); /* NOLINT(clang-analyzer-core.NullDereference) */
	free(v);
	sbuf_release(&var);
	sbuf_release(&values);
	return rc;
}

/* Returns dir(base)/href, or href when it is absolute; free() it. */
static char *relative_to(const char *base, const char *href)
{
	const char *slash = strrchr(base, '/');

	if (href[0] == '/' || !slash)
		return xstrdup(href);
	return xasprintf("%.*s/%s", (int)(slash - base), base, href);
}

/* 1 when the resolved path real is dir or below it. */
static int path_inside(const char *real, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(real, dir, n) && (real[n] == '/' || !real[n]);
}

/* 1 when s is a data= value plan_data_parse() refuses. */
static int bad_data(const char *s)
{
	int zero, pct;

	return s && plan_data_parse(s, &zero, &pct);
}

static int load_include(struct plan__loader *ld, const xmlNode *n,
			const struct plan__elem *e, const char *ctx)
{
	struct plan__doc *saved = ld->doc, *doc = NULL;
	char real[PATH_MAX], *path = NULL;
	struct sbuf href;
	const xmlNode *root;
	int rc;

	sbuf_init(&href);
	rc = load_attrs(ld, n, e, NULL, 1);
	if (!rc)
		rc = attr_value(ld, n, "href", 1, &href);
	if (rc)
		goto out;
	if (++ld->nincludes > PLAN_MAX_INCLUDES) {
		rc = err_node(ld, n, "href", 1, "the plan loads more than %d includes "
			      "(each time a file is included counts)", PLAN_MAX_INCLUDES);
		goto out;
	}
	path = relative_to(ld->doc->file, href.buf);
	if (!realpath(path, real)) {
		rc = err_node(ld, n, "href", 1, "cannot read included file '%s': %s", path,
			      strerror(errno));
		goto out;
	}
	if (ld->p->confine && !path_inside(real, ld->p->confine)) {
		rc = err_node(ld, n, "href", 1, "included file '%s' is outside '%s': a "
			      "rerun reads only the archive's own plan files", path,
			      ld->p->confine);
		goto out;
	}
	for (size_t i = 0; i < ld->nstack; i++)
		if (!strcmp(ld->stack[i], real)) {
			rc = err_node(ld, n, "href", 1, "include cycle: '%s' includes itself, "
				      "directly or through other files", path);
			goto out;
		}
	if (ld->nstack == PLAN_MAX_DEPTH) {
		rc = err_node(ld, n, "href", 1, "includes nest more than %d deep",
			      PLAN_MAX_DEPTH);
		goto out;
	}
	rc = read_doc(ld, n, path, &doc);
	if (rc)
		goto out;
	root = xmlDocGetRootElement(doc->xml);
	ld->doc = doc;
	if (!root || strcmp((const char *)root->name, "fragment")) {
		rc = err_node(ld, root ? root : n, NULL, 0, "an included file's root must be "
			      "<fragment>, not <%s>", root ? (const char *)root->name : "");
	} else {
		ld->stack[ld->nstack++] = xstrdup(real);
		rc = load_attrs(ld, root, find_elem("fragment"), NULL, 0);
		if (!rc)
			rc = load_children(ld, root, ctx);
		free(ld->stack[--ld->nstack]);
	}
	ld->doc = saved;
out:
	free(path);
	sbuf_release(&href);
	return rc;
}

/* Appends a record for a simple element (host, target, title) and loads it. */
static int load_record(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e)
{
	struct plan *p = ld->p;
	void *rec;

	if ((e->role == ROLE_HOST && p->nhosts >= PLAN_MAX_TARGETS) ||
	    (e->role == ROLE_TARGET && p->ntargets >= PLAN_MAX_TARGETS))
		return err_node(ld, n, NULL, 0, "the plan has more than %d <%s>s",
				PLAN_MAX_TARGETS, e->name);
	switch (e->role) {
	case ROLE_HOST:
		XGROW(p->hosts, p->caphosts, p->nhosts + 1);
		rec = memset(&p->hosts[p->nhosts++], 0, sizeof(*p->hosts));
		p->hosts[p->nhosts - 1].line = (int)xmlGetLineNo(n);
		break;
	case ROLE_TARGET:
		XGROW(p->targets, p->captargets, p->ntargets + 1);
		rec = memset(&p->targets[p->ntargets++], 0, sizeof(*p->targets));
		p->targets[p->ntargets - 1].line = (int)xmlGetLineNo(n);
		add_origin(ld, &ld->target_org, n);
		if (xmlHasProp(n, (const xmlChar *)"device"))
			p->targets[p->ntargets - 1].kind = PLAN_TARGET_DEVICE;
		break;
	default:
		XGROW(p->titles, p->captitles, p->ntitles + 1);
		rec = memset(&p->titles[p->ntitles++], 0, sizeof(*p->titles));
		break;
	}
	return load_attrs(ld, n, e, rec, 1) ? ld->d->code : load_step_children(ld, n, NULL);
}

static int load_elem(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		     const char *ctx)
{
	int rc;

	if (++ld->nelems > PLAN_MAX_ELEMS)
		return err_node(ld, n, NULL, 0, "the plan loads more than %d elements "
				"(each time a sweep repeats one counts)", PLAN_MAX_ELEMS);
	if (++ld->depth > PLAN_MAX_DEPTH) {
		ld->depth--;
		return err_node(ld, n, NULL, 0, "elements nest more than %d deep",
				PLAN_MAX_DEPTH);
	}
	switch (e->role) {
	case ROLE_VAR: rc = load_var(ld, n, e); break;
	case ROLE_INCLUDE: rc = load_include(ld, n, e, ctx); break;
	case ROLE_STEP: rc = load_step(ld, n, e); break;
	case ROLE_SCOPE: rc = load_scope(ld, n, e); break;
	case ROLE_SWEEP: rc = load_sweep(ld, n, e, ctx); break;
	case ROLE_TRACK: rc = load_track(ld, n, e); break;
	default: rc = load_record(ld, n, e); break;
	}
	ld->depth--;
	return rc;
}

/* Loads the children of parent; ctx is the element whose rules apply (sweeps and
 * includes are transparent: their children obey their own parent's rules). */
static int load_children(struct plan__loader *ld, const xmlNode *parent, const char *ctx)
{
	for (const xmlNode *c = parent->children; c; c = c->next) {
		const struct plan__elem *e;
		int rc;

		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) &&
		    !only_space(c->content))
			return err_node(ld, parent, NULL, 0, "unexpected text inside <%s>",
					(const char *)parent->name);
		if (c->type != XML_ELEMENT_NODE)
			continue;
		e = find_elem((const char *)c->name);
		if (!e || !plan__in_list(e->parents, ctx))
			return unknown_elem(ld, c, ctx);
		rc = load_elem(ld, c, e, ctx);
		if (rc)
			return rc;
	}
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Entry                                                                     */

/* Every --set must be NAME=VALUE and name a <var> of the plan. */
static int check_sets(struct plan__loader *ld, int after_load)
{
	for (size_t i = 0; i < ld->nsets; i++) {
		const char *s = ld->sets[i], *eq = strchr(s, '=');
		const char *names[64], *hint;
		size_t nn = ld->p->nvars < 64 ? ld->p->nvars : 64;
		char *want;

		if (!after_load) {
			if (!eq || eq == s)
				return diag_set(ld->d, -SB_EUSAGE, NULL, 0, 0, "--set '%s': "
						"expected NAME=VALUE", s);
			continue;
		}
		if (ld->set_used[i])
			continue;
		for (size_t k = 0; k < nn; k++)
			names[k] = ld->p->vars[k].name;
		want = xstrndup(s, (size_t)(eq - s));
		hint = suggest_pick(want, names, nn);
		diag_set(ld->d, -SB_EUSAGE, ld->p->file, 0, 0, "--set '%s': the plan has no "
			 "variable '%s'%s%s%s", s, want, hint ? " (did you mean '" : "",
			 hint ? hint : "", hint ? "'?)" : "");
		free(want);
		return -SB_EUSAGE;
	}
	return 0;
}

/*
 * --set seed=N sets the plan's seed (<plan seed=>) unless the plan has a variable
 * named seed of its own.
 */
static int apply_seed_set(struct plan__loader *ld)
{
	for (size_t i = 0; i < ld->nsets; i++) {
		const char *v = ld->sets[i] + 5;
		char *end;
		long long n;

		if (ld->set_used[i] || strncmp(ld->sets[i], "seed=", 5))
			continue;
		errno = 0;
		n = strtoll(v, &end, 10);
		if (!*v || *end || n < 0 || errno)
			return diag_set(ld->d, -SB_EUSAGE, NULL, 0, 0, "--set '%s': the seed is "
					"a whole number from 0 to %lld", ld->sets[i], LLONG_MAX);
		ld->p->seed = n;
		ld->set_used[i] = 1;
	}
	return 0;
}

static void loader_release(struct plan__loader *ld)
{
	for (size_t i = 0; i < ld->ndocs; i++)
		doc_free(ld->docs[i]);
	for (size_t i = 0; i < ld->nstack; i++)
		free(ld->stack[i]);
	free(ld->docs);
	free(ld->step_org.v);
	free(ld->scope_org.v);
	free(ld->target_org.v);
	free(ld->set_used);
	plan__fio_names_release(&ld->fio);
}

static int load_root(struct plan__loader *ld, const char *path)
{
	char real[PATH_MAX];
	const xmlNode *root;
	int rc = read_doc(ld, NULL, path, &ld->doc);

	if (rc)
		return rc;
	root = xmlDocGetRootElement(ld->doc->xml);
	if (!root)
		return diag_set(ld->d, -SB_EPARSE, path, 1, 1, "the plan has no root element");
	if (strcmp((const char *)root->name, "plan"))
		return err_node(ld, root, NULL, 0, "the root element must be <plan>, not <%s>",
				(const char *)root->name);
	ld->stack[ld->nstack++] = xstrdup(realpath(path, real) ? real : path);
	rc = load_attrs(ld, root, find_elem("plan"), ld->p, 0);
	if (!rc && bad_data(ld->p->data))
		rc = err_node(ld, root, "data", 1, DATA_ERROR, ld->p->data);
	if (!rc)
		rc = load_children(ld, root, "plan");
	return rc;
}

int plan_load(struct plan *p, const char *path, const char *const *sets,
	      size_t nsets, struct diag *d)
{
	struct plan__loader ld;
	int rc;

	memset(&ld, 0, sizeof(ld));
	ld.p = p;
	ld.d = d;
	ld.sets = sets;
	ld.nsets = nsets;
	ld.set_used = xcalloc(nsets + 1, 1);
	ld.cur_scope = -1;
	free(p->file);
	p->file = xstrdup(path);
	rc = check_sets(&ld, 0);
	if (!rc) {
		add_smoke_var(&ld);
		rc = load_root(&ld, path);
	}
	if (!rc)
		rc = apply_seed_set(&ld);
	if (!rc)
		rc = check_sets(&ld, 1);
	if (!rc)
		rc = plan__check(&ld);
	if (!rc && !p->title)
		p->title = xstrdup(p->name);
	loader_release(&ld);
	return rc;
}
