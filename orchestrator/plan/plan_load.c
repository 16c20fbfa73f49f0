/* SPDX-License-Identifier: MIT */
/*
 * plan_load: reads a plan and its includes with libxml2, expands sweeps, and fills
 * struct plan from the element table (attributes: plan_attr.c); every error names
 * FILE:LINE:COL. No DTDs, no entities, no network: plans are hostile until parsed.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "err.h"
#include "fioopt.h"
#include "plan_int.h"
#include "sbuf.h"
#include "suggest.h"
#include "xalloc.h"
#include "xmlfile.h"

/* ------------------------------------------------------------------------- */
/* Documents                                                                 */

static void doc_free(struct plan__doc *doc)
{
	if (!doc)
		return;
	xmlFreeDoc(doc->xml);
	xmlfile_src_release(&doc->src);
	free(doc->text);
	free(doc->file);
	free(doc);
}

/* Parses doc->text; refuses DTDs and entities before libxml2 ever sees them. */
static int parse_doc(struct plan__loader *ld, struct plan__doc *doc, size_t len)
{
	xmlfile_src_scan(&doc->src, doc->text, len);
	if (doc->src.doctype != (size_t)-1) {
		int line, col;

		xmlfile_src_linecol(&doc->src, doc->src.doctype, &line, &col);
		return diag_set(ld->d, -SB_EPARSE, doc->file, line, col, "a DOCTYPE or "
				"ENTITY declaration is not allowed in a plan (no DTDs, no "
				"entities)");
	}
	doc->xml = xmlfile_parse(doc->file, doc->text, len, ld->d);
	if (!doc->xml)
		return -SB_EPARSE;
	xmlfile_src_number(xmlDocGetRootElement(doc->xml));
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
		return plan__err_node(ld, n, NULL, 0, "<%s> is not allowed inside <%s>", name, ctx);
	for (size_t i = 0; i < plan__nelems && nn < 64; i++)
		if (plan__in_list(plan__elems[i].parents, ctx))
			names[nn++] = plan__elems[i].name;
	hint = suggest_pick(name, names, nn);
	if (hint)
		return plan__err_node(ld, n, NULL, 0, "unknown element <%s> in <%s> (did you mean "
				      "<%s>?)", name, ctx, hint);
	return plan__err_node(ld, n, NULL, 0, "unknown element <%s> in <%s>", name, ctx);
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
	rc = plan__load_attrs(ld, n, e, &tmp, 1);
	for (size_t i = 0; i < p->nvars && !rc; i++)
		if (!strcmp(p->vars[i].name, tmp.name))
			rc = plan__err_node(ld, n, "name", 1, "variable '%s' is defined twice",
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
	rc = plan__load_attrs(ld, n, e, o, 1);
	if (rc)
		return rc;
	if (plan__find_attr(we, o->name))
		return plan__err_node(ld, n, "option", 1, "'%s' is an attribute of <workload>: "
				      "write %s=\"...\" there", o->name, o->name);
	if (o->value && strpbrk(o->value, ";#\r\n"))
		return plan__err_node(ld, n, "value", 1, "fio value '%s' holds ';', '#' or a line "
				      "break, which fio's job files read as a comment or a new line",
				      o->value);
	/* A refused option is named as such; one not in the table may be a typo. */
	rc = fioopt_check(o->name, o->value, &why);
	if (rc && fioopt_find(o->name))
		return plan__err_node(ld, n, rc == -2 ? "value" : "option", 1, "fio option '%s' %s",
				      o->name, why);
	if (plan__fio_names_load(&ld->fio))
		return plan__err_node(ld, n, "option", 1, "cannot check fio option '%s': fio is "
				      "not installed or not on PATH", o->name);
	if (!plan__fio_names_has(&ld->fio, o->name)) {
		const char *hint = suggest_pick(o->name, (const char *const *)ld->fio.names,
						ld->fio.n);

		if (hint)
			return plan__err_node(ld, n, "option", 1, "fio has no option '%s' (did you "
					      "mean '%s'?)", o->name, hint);
		return plan__err_node(ld, n, "option", 1, "fio has no option '%s'", o->name);
	}
	if (rc)
		return plan__err_node(ld, n, "option", 1, "fio option '%s' %s", o->name, why);
	return 0;
}

static int only_space(const xmlChar *s)
{
	for (; s && *s; s++)
		if (!isspace(*s))
			return 0;
	return 1;
}

/* A leaf element: no child elements (but <fio> in a workload, <label> where labels is
 * not NULL) and no text. */
static int load_step_children(struct plan__loader *ld, const xmlNode *n,
			      struct plan_workload *w, struct plan_labels *labels)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		const struct plan__elem *ce;
		int rc;

		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) &&
		    !only_space(c->content))
			return plan__err_node(ld, n, NULL, 0, "unexpected text inside <%s>",
					      (const char *)n->name);
		if (c->type != XML_ELEMENT_NODE)
			continue;
		ce = find_elem((const char *)c->name);
		if (ce && ce->role == ROLE_LABEL && labels &&
		    plan__in_list(ce->parents, (const char *)n->name)) {
			if ((rc = plan__load_label(ld, c, ce, labels)))
				return rc;
			continue;
		}
		if (!ce || !plan__in_list(ce->parents, (const char *)n->name) || !w ||
		    ce->role != ROLE_FIO)
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
		return plan__err_node(ld, n, NULL, 0, "the plan expands to more than %d steps",
				      PLAN_MAX_STEPS);
	XGROW(p->steps, p->capsteps, p->nsteps + 1);
	w = &p->steps[p->nsteps++];
	memset(w, 0, sizeof(*w));
	w->kind = (enum step_kind)e->kind;
	w->file = xstrdup(ld->doc->file);
	w->line = (int)xmlGetLineNo(n);
	w->scope = ld->cur_scope;
	w->cell = cell_name(ld);
	ld->value_bytes += w->cell ? strlen(w->cell) : 0;
	w->rwmixread = -1;
	add_origin(ld, &ld->step_org, n);
	rc = plan__load_attrs(ld, n, e, w, 1);
	if (!rc) {
		plan__labels_attr(&w->labels, w->label);
		rc = load_step_children(ld, n, w, &w->labels);
	}
	if (!rc && w->trace)
		rc = plan__load_trace(ld, n, w);
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
	return plan__load_attrs(ld, n, e, t, 1);
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
	rc = plan__load_attrs(ld, n, e, s, 1);
	if (rc)
		return rc;
	plan__labels_attr(&s->labels, s->label);
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
	rc = plan__load_attrs(ld, n, e, NULL, 1);
	if (!rc)
		rc = plan__attr_value(ld, n, "var", 0, &var);
	if (!rc)
		rc = plan__attr_value(ld, n, "values", 1, &values);
	if (!rc && (plan__lookup(ld, var.buf, var.len) || b == PLAN_MAX_DEPTH))
		rc = plan__err_node(ld, n, "var", 1, b == PLAN_MAX_DEPTH ? "sweeps nest too deep" :
				    "sweep variable '%s' hides another variable of that name",
				    var.buf);
	if (!rc && !(v = split_values(values.buf, &nv)))
		rc = plan__err_node(ld, n, "values", 1, "<sweep> has no values");
	for (size_t i = 0; i < nv && !rc; i++) {
		/* v is NULL only when nv is 0. */
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		ld->bind[b] = (struct plan__binding){ var.buf, v[i], 0 };
		ld->nbind = b + 1;
		rc = load_children(ld, n, ctx);
		if (!rc && i == 0 && !ld->bind[b].uses)
			rc = plan__err_node(ld, n, "var", 1, "sweep variable '%s' is not used by any "
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

/* 1 when s is a data= value plan_data_parse() refuses. */
static int bad_data(const char *s)
{
	int zero, pct;

	return s && plan_data_parse(s, &zero, &pct);
}

/* 1 when real is under the folder of the plan itself (the first file loaded). */
static int in_plan_folder(const struct plan__loader *ld, const char *real)
{
	char *dir = xstrdup(ld->stack[0]), *slash = strrchr(dir, '/');
	int in;

	if (slash)
		*slash = '\0';
	in = slash && plan__path_inside(real, dir);
	free(dir);
	return in;
}

static int load_include(struct plan__loader *ld, const xmlNode *n,
			const struct plan__elem *e, const char *ctx)
{
	struct plan__doc *saved = ld->doc, *doc = NULL;
	char real[PATH_MAX], *path = NULL;
	struct sbuf href;
	const xmlNode *root = NULL;
	int rc;

	sbuf_init(&href);
	rc = plan__load_attrs(ld, n, e, NULL, 1);
	if (!rc)
		rc = plan__attr_value(ld, n, "href", 1, &href);
	if (rc)
		goto out;
	if (++ld->nincludes > PLAN_MAX_INCLUDES) {
		rc = plan__err_node(ld, n, "href", 1, "the plan loads more than %d includes "
				    "(each time a file is included counts)", PLAN_MAX_INCLUDES);
		goto out;
	}
	path = plan__relative_to(ld->doc->file, href.buf);
	if (!realpath(path, real)) {
		rc = plan__err_node(ld, n, "href", 1, "cannot read included file '%s': %s", path,
				    strerror(errno));
		goto out;
	}
	if (ld->p->confine && !plan__path_inside(real, ld->p->confine)) {
		rc = plan__err_node(ld, n, "href", 1, "included file '%s' is outside '%s': a "
				    "rerun reads only the archive's own plan files", path,
				    ld->p->confine);
		goto out;
	}
	for (size_t i = 0; i < ld->nstack; i++)
		if (!strcmp(ld->stack[i], real)) {
			rc = plan__err_node(ld, n, "href", 1, "include cycle: '%s' includes itself, "
					    "directly or through other files", path);
			goto out;
		}
	if (ld->nstack == PLAN_MAX_DEPTH) {
		rc = plan__err_node(ld, n, "href", 1, "includes nest more than %d deep",
				    PLAN_MAX_DEPTH);
		goto out;
	}
	rc = read_doc(ld, n, path, &doc);
	if (!rc) {
		root = xmlDocGetRootElement(doc->xml);
		ld->doc = doc;
		if (!root || strcmp((const char *)root->name, "fragment"))
			rc = plan__err_node(ld, root ? root : n, NULL, 0, "an included file's "
					    "root must be <fragment>, not <%s>",
					    root ? (const char *)root->name : "");
	}
	/* a file that is not a plan fragment, outside the plan's folder, is named in
	 * the error and never quoted: a plan from elsewhere may include /etc/shadow. */
	if (rc && !in_plan_folder(ld, real))
		ld->d->noquote = 1;
	if (!rc) {
		ld->stack[ld->nstack++] = xstrdup(real);
		rc = plan__load_attrs(ld, root, find_elem("fragment"), NULL, 0);
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
		return plan__err_node(ld, n, NULL, 0, "the plan has more than %d <%s>s",
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
	if (plan__load_attrs(ld, n, e, rec, 1))
		return ld->d->code;
	if (e->role != ROLE_TARGET)
		return load_step_children(ld, n, NULL, NULL);
	plan__labels_attr(&p->targets[p->ntargets - 1].labels, p->targets[p->ntargets - 1].label);
	return load_step_children(ld, n, NULL, &p->targets[p->ntargets - 1].labels);
}

static int load_elem(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		     const char *ctx)
{
	int rc;

	if (++ld->nelems > PLAN_MAX_ELEMS)
		return plan__err_node(ld, n, NULL, 0, "the plan loads more than %d elements "
				      "(each time a sweep repeats one counts)", PLAN_MAX_ELEMS);
	if (++ld->depth > PLAN_MAX_DEPTH) {
		ld->depth--;
		return plan__err_node(ld, n, NULL, 0, "elements nest more than %d deep",
				      PLAN_MAX_DEPTH);
	}
	switch (e->role) {
	case ROLE_VAR: rc = load_var(ld, n, e); break;
	case ROLE_INCLUDE: rc = load_include(ld, n, e, ctx); break;
	case ROLE_STEP: rc = load_step(ld, n, e); break;
	case ROLE_SCOPE: rc = load_scope(ld, n, e); break;
	case ROLE_SWEEP: rc = load_sweep(ld, n, e, ctx); break;
	case ROLE_TRACK: rc = load_track(ld, n, e); break;
	case ROLE_LABEL:   /* of the <rounds> it stands in (not through a sweep or include) */
		rc = plan__load_label(ld, n, e, ld->cur_scope >= 0 && n->parent &&
				      !strcmp((const char *)n->parent->name, ctx) ?
				      &ld->p->scopes[ld->cur_scope].labels : NULL);
		break;
	default: rc = load_record(ld, n, e); break;
	}
	ld->depth--;
	return rc;
}

/* The most errors plan_load_all() lists after the first. */
#define PLAN_MAX_MORE 100

/*
 * Whether loading goes on past error rc of element c (e its row, NULL when c is
 * unknown): when the errors are collected, for a step or an unknown element, whose
 * error leaves nothing later elements read. The first error is kept for d, the next
 * ones listed.
 */
static int same_diag(const struct diag *a, const struct diag *b)
{
	return a->line == b->line && a->col == b->col && !strcmp(a->file, b->file) &&
	       !strcmp(a->msg, b->msg);
}

/* Lists error d after the first, once (a sweep repeats its steps' errors). */
static void add_more(struct plan__loader *ld, const struct diag *d)
{
	if (same_diag(d, &ld->first) || ld->nmore >= PLAN_MAX_MORE)
		return;
	for (size_t i = 0; i < ld->nmore; i++)
		if (same_diag(d, &ld->more[i]))
			return;
	XGROW(ld->more, ld->capmore, ld->nmore + 1);
	ld->more[ld->nmore++] = *d;
}

static int keep_going(struct plan__loader *ld, const struct plan__elem *e, int rc)
{
	if (!ld->collect || rc != -SB_EPARSE || (e && e->role != ROLE_STEP))
		return 0;
	if (!ld->failed) {
		ld->first = *ld->d;
		ld->failed = 1;
	} else {
		add_more(ld, ld->d);
	}
	diag_clear(ld->d);   /* the first error set wins: make room for the next */
	return 1;
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
			return plan__err_node(ld, parent, NULL, 0, "unexpected text inside <%s>",
					      (const char *)parent->name);
		if (c->type != XML_ELEMENT_NODE)
			continue;
		e = find_elem((const char *)c->name);
		if (!e || !plan__in_list(e->parents, ctx)) {
			rc = unknown_elem(ld, c, ctx);
			if (keep_going(ld, NULL, rc))
				continue;
			return rc;
		}
		rc = load_elem(ld, c, e, ctx);
		if (rc && keep_going(ld, e, rc))
			continue;
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
		size_t nn = ld->p->nvars < 60 ? ld->p->nvars : 60;
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
		for (size_t k = 0; plan__root_sets[k]; k++)   /* the <plan> attributes too */
			names[nn++] = plan__root_sets[k];
		want = xstrndup(s, (size_t)(eq - s));
		hint = suggest_pick(want, names, nn);
		diag_set(ld->d, -SB_EUSAGE, ld->p->file, 0, 0, "--set '%s': the plan has no "
			 "variable '%s' (nor is it seed, write-cache or sponsor)%s%s%s", s, want, hint ? " (did you mean '" : "",
			 hint ? hint : "", hint ? "'?)" : "");
		free(want);
		return -SB_EUSAGE;
	}
	return 0;
}

/*
 * --set NAME=VALUE for an attribute of <plan> (plan__root_sets: seed, write-cache,
 * sponsor) sets it, checked as if written there, unless the plan has a variable
 * NAME of its own (which took it).
 */
static int apply_root_sets(struct plan__loader *ld)
{
	const xmlNode *root = xmlDocGetRootElement(ld->doc->xml);

	for (size_t i = 0; i < ld->nsets; i++) {
		const char *s = ld->sets[i], *eq = strchr(s, '=');
		size_t k = 0;
		char *name, msg[sizeof(ld->d->msg)];
		int rc;

		if (ld->set_used[i] || !eq)
			continue;
		name = xstrndup(s, (size_t)(eq - s));
		while (plan__root_sets[k] && strcmp(plan__root_sets[k], name))
			k++;
		rc = plan__root_sets[k] ? plan__set_attr(ld, root, find_elem("plan"), ld->p, name,
							 eq + 1)
					: -SB_ENOENT;
		free(name);
		if (rc == -SB_ENOENT)
			continue;
		if (rc) {
			snprintf(msg, sizeof(msg), "%s", ld->d->msg);
			diag_clear(ld->d);
			return diag_set(ld->d, -SB_EUSAGE, NULL, 0, 0, "--set '%s': %s", s, msg);
		}
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
		return plan__err_node(ld, root, NULL, 0, "the root element must be <plan>, not <%s>",
				      (const char *)root->name);
	ld->stack[ld->nstack++] = xstrdup(realpath(path, real) ? real : path);
	rc = plan__load_attrs(ld, root, find_elem("plan"), ld->p, 0);
	if (!rc && bad_data(ld->p->data))
		rc = plan__err_node(ld, root, "data", 1, DATA_ERROR, ld->p->data);
	if (!rc && ld->p->passes) {
		unsigned n;
		int autostop;

		if (plan_passes_parse(ld->p->passes, &n, &autostop))
			rc = plan__err_node(ld, root, "passes", 1, "passes '%s': want N (1 to %d), "
					    "auto or auto:MAX (2 to %d)", ld->p->passes,
					    PLAN_PASSES_MAX, PLAN_PASSES_MAX);
	}
	if (!rc && ld->p->noise) {
		double pct;

		if (plan_noise_parse(ld->p->noise, &pct))
			rc = plan__err_node(ld, root, "noise", 1, "noise '%s': want a percentage "
					    "above 0 and below 100 (\"2%%\")", ld->p->noise);
		else if (!ld->p->passes || strncmp(ld->p->passes, "auto", 4))
			rc = plan__err_node(ld, root, "noise", 1, "noise is the target of "
					    "passes=\"auto\": give passes=\"auto[:MAX]\" with it");
	}
	if (!rc)
		rc = plan__check_report(ld, root, ld->p->report);
	if (!rc)
		rc = load_children(ld, root, "plan");
	return rc;
}

int plan_load(struct plan *p, const char *path, const char *const *sets,
	      size_t nsets, struct diag *d)
{
	return plan_load_all(p, path, sets, nsets, d, NULL, NULL);
}

int plan_load_all(struct plan *p, const char *path, const char *const *sets, size_t nsets,
		  struct diag *d, struct diag **more, size_t *nmore)
{
	struct plan__loader ld;
	int rc;

	memset(&ld, 0, sizeof(ld));
	ld.p = p;
	ld.d = d;
	ld.collect = more != NULL;
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
	if (ld.failed) {   /* the first error, then those after it in the file */
		if (rc)
			add_more(&ld, d);
		*d = ld.first;
		rc = d->code;
	}
	if (more) {
		*more = ld.more;
		*nmore = ld.nmore;
		ld.more = NULL;
	}
	free(ld.more);
	if (!rc)
		rc = apply_root_sets(&ld);
	if (!rc)
		rc = check_sets(&ld, 1);
	if (!rc)
		rc = plan__check(&ld);
	if (!rc && !p->title)
		p->title = xstrdup(p->name);
	loader_release(&ld);
	return rc;
}
