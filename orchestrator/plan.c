/* SPDX-License-Identifier: MIT */
/*
 * plan: the test-plan language. Every element and attribute is a row in elems[];
 * the loader, the checks and the generated reference all read that one table.
 */
#include "plan.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "err.h"
#include "plan_int.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"

enum ptype { T_NAME, T_TEXT, T_SIZE, T_TIME, T_INT, T_ENUM, T_BOOL };

struct attr_def {
	const char *name;
	enum ptype type;
	int required;
	const char *def;          /* default, parsed like a written value */
	size_t off;               /* where the value goes in the element's record */
	long long min, max;       /* T_INT range */
	const char *const *choices; /* T_ENUM, NULL-terminated */
	const char *help;
};

struct elem_def {
	const char *name;
	const char *parent;       /* NULL for the root */
	void *(*add)(struct plan *p, int line); /* appends a record, returns it */
	const struct attr_def *attrs;
	size_t nattrs;
	const char *help;
};

static const char *const rw_choices[] = {
	"read", "write", "randread", "randwrite", "rw", "readwrite", "randrw",
	"trim", "randtrim", "trimwrite", NULL,
};
static const char *const engine_choices[] = {
	"auto", "io_uring", "libaio", "psync", "pvsync2", "sync", "posixaio", NULL,
};

#define PLAN_ATTR(n, t, req, d, field, lo, hi, ch, h) \
	{ n, t, req, d, offsetof(struct plan, field), lo, hi, ch, h }
#define VAR_ATTR(n, t, req, d, field, h) \
	{ n, t, req, d, offsetof(struct plan_var, field), 0, 0, NULL, h }
#define TGT_ATTR(n, t, d, field, h) \
	{ n, t, 0, d, offsetof(struct plan_target, field), 0, 0, NULL, h }
#define WL_ATTR(n, t, req, d, field, lo, hi, ch, h) \
	{ n, t, req, d, offsetof(struct plan_workload, field), lo, hi, ch, h }

static const struct attr_def plan_attrs[] = {
	PLAN_ATTR("name", T_NAME, 1, NULL, name, 0, 0, NULL,
		  "identifier of the plan; names the default output folder `out/<name>/`"),
	PLAN_ATTR("title", T_TEXT, 0, NULL, title, 0, 0, NULL,
		  "title shown in reports (any language, e.g. `快速測試`); defaults to `name`"),
};

static const struct attr_def var_attrs[] = {
	VAR_ATTR("name", T_NAME, 1, NULL, name, "variable name, used as `${name}`"),
	VAR_ATTR("value", T_TEXT, 1, NULL, value,
		 "default value; `ssdbench run --set name=value` overrides it"),
};

static const struct attr_def target_attrs[] = {
	TGT_ATTR("name", T_NAME, NULL, name, "target name, used by `--target NAME=SPEC` "
		 "and by workloads' `target`"),
	TGT_ATTR("file", T_TEXT, NULL, path, "a regular file to test on; a relative path "
		 "is relative to the output folder"),
	TGT_ATTR("device", T_TEXT, NULL, path, "a whole block device, e.g. `/dev/nvme0n1`"),
	TGT_ATTR("size", T_SIZE, NULL, size, "size of a file target (required for files)"),
};

static const struct attr_def workload_attrs[] = {
	WL_ATTR("name", T_NAME, 1, NULL, name, 0, 0, NULL,
		"step name, unique in the plan; names the step's folder"),
	WL_ATTR("target", T_NAME, 0, NULL, target, 0, 0, NULL,
		"target to run on; may be left out when the plan has one target"),
	WL_ATTR("rw", T_ENUM, 1, NULL, rw, 0, 0, rw_choices, "I/O pattern (fio `rw=`)"),
	WL_ATTR("bs", T_SIZE, 0, "4k", bs, 0, 0, NULL, "block size (fio `bs=`)"),
	WL_ATTR("iodepth", T_INT, 0, "1", iodepth, 1, 65536, NULL,
		"queue depth per job (fio `iodepth=`)"),
	WL_ATTR("numjobs", T_INT, 0, "1", numjobs, 1, 1024, NULL,
		"number of jobs (threads of I/O), reported together"),
	WL_ATTR("rwmixread", T_INT, 0, NULL, rwmixread, 0, 100, NULL,
		"percent of reads in a mixed workload (`rw`, `readwrite`, `randrw` only)"),
	WL_ATTR("runtime", T_TIME, 0, "60s", runtime_ms, 0, 0, NULL,
		"measured time of the step (fio `runtime=` with `time_based`)"),
	WL_ATTR("size", T_SIZE, 0, NULL, size, 0, 0, NULL,
		"bytes of the target to use, from its start; default all of it"),
	WL_ATTR("ioengine", T_ENUM, 0, "auto", ioengine, 0, 0, engine_choices,
		"fio engine; `auto` is io_uring, or libaio where io_uring is unavailable"),
	WL_ATTR("direct", T_BOOL, 0, "1", direct, 0, 0, NULL,
		"bypass the page cache (O_DIRECT); `0` measures the cache, not the drive"),
};

static void *add_plan(struct plan *p, int line)
{
	(void)line;
	return p;
}

static void *add_var(struct plan *p, int line)
{
	struct plan_var *v;

	XGROW(p->vars, p->capvars, p->nvars + 1);
	v = &p->vars[p->nvars++];
	memset(v, 0, sizeof(*v));
	v->line = line;
	return v;
}

static void *add_target(struct plan *p, int line)
{
	struct plan_target *t;

	XGROW(p->targets, p->captargets, p->ntargets + 1);
	t = &p->targets[p->ntargets++];
	memset(t, 0, sizeof(*t));
	t->line = line;
	return t;
}

static void *add_workload(struct plan *p, int line)
{
	struct plan_workload *w;

	XGROW(p->steps, p->capsteps, p->nsteps + 1);
	w = &p->steps[p->nsteps++];
	memset(w, 0, sizeof(*w));
	w->rwmixread = -1;
	w->line = line;
	return w;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))
static const struct elem_def elems[] = {
	{ "plan", NULL, add_plan, plan_attrs, N(plan_attrs),
	  "the root: one test plan" },
	{ "var", "plan", add_var, var_attrs, N(var_attrs),
	  "a variable, substituted as `${name}` in any later attribute" },
	{ "target", "plan", add_target, target_attrs, N(target_attrs),
	  "a device or file under test; `--target NAME=SPEC` replaces it at run time" },
	{ "workload", "plan", add_workload, workload_attrs, N(workload_attrs),
	  "one fio measurement step, run in plan order" },
};

/* ------------------------------------------------------------------------- */
/* Loading                                                                   */

struct loader {
	struct plan *p;
	struct plan__src src;
	struct diag *d;
	const char *file;
};

static size_t node_tag(const xmlNode *n)
{
	return (size_t)(uintptr_t)n->_private;
}

/* Reports an error at byte offset off of the plan's source (or at line when off is unknown). */
static int err_at(struct loader *ld, size_t off, int fallback_line, int code,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int err_at(struct loader *ld, size_t off, int fallback_line, int code,
		  const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	int line = fallback_line, col = 0;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (off != (size_t)-1)
		plan__linecol(&ld->src, off, &line, &col);
	return diag_set(ld->d, code, ld->file, line, col, "%s", msg);
}

static size_t elem_off(struct loader *ld, const xmlNode *n)
{
	size_t tag = node_tag(n);

	return tag && tag <= ld->src.ntags ? ld->src.tags[tag - 1] : (size_t)-1;
}

/* Byte offset of an attribute's name (want_value=0) or of its value's first byte. */
static size_t attr_off(struct loader *ld, const xmlNode *n, const char *attr,
		       int want_value)
{
	size_t tag = elem_off(ld, n), name_off, val_off;

	if (tag == (size_t)-1 || plan__attr_pos(&ld->src, tag, attr, &name_off, &val_off))
		return tag;
	return want_value ? val_off : name_off;
}

static const struct elem_def *find_elem(const char *name)
{
	for (size_t i = 0; i < N(elems); i++)
		if (!strcmp(elems[i].name, name))
			return &elems[i];
	return NULL;
}

static const struct attr_def *find_attr(const struct elem_def *ed, const char *name)
{
	for (size_t i = 0; i < ed->nattrs; i++)
		if (!strcmp(ed->attrs[i].name, name))
			return &ed->attrs[i];
	return NULL;
}

static int valid_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._-", *s))
			return 0;
	return 1;
}

static struct plan_var *find_var(struct plan *p, const char *name,
				       size_t len)
{
	for (size_t i = 0; i < p->nvars; i++)
		if (p->vars[i].name && strlen(p->vars[i].name) == len &&
		    !memcmp(p->vars[i].name, name, len))
			return &p->vars[i];
	return NULL;
}

/* Counts the characters (not bytes) in s[0..n). */
static int char_count(const char *s, size_t n)
{
	int c = 0;

	for (size_t i = 0; i < n; i++)
		c += ((unsigned char)s[i] & 0xC0) != 0x80;
	return c;
}

/* Replaces ${name} in raw with the variable's value into out. */
static int substitute(struct loader *ld, const xmlNode *n, const char *attr,
		      const char *raw, struct sbuf *out)
{
	const char *s = raw;

	while (*s) {
		const char *open = strstr(s, "${"), *close;
		const struct plan_var *v;

		if (!open) {
			sbuf_adds(out, s);
			break;
		}
		sbuf_add(out, s, (size_t)(open - s));
		close = strchr(open + 2, '}');
		v = close ? find_var(ld->p, open + 2, (size_t)(close - open - 2)) : NULL;
		if (!v) {
			size_t off = attr_off(ld, n, attr, 1);
			int line = 0, col = 0;

			if (off != (size_t)-1)
				plan__linecol(&ld->src, off, &line, &col);
			if (col)
				col += char_count(raw, (size_t)(open - raw));
			if (!close)
				return diag_set(ld->d, -SB_EPARSE, ld->file, line, col,
						"unterminated '${' in attribute '%s'", attr);
			return diag_set(ld->d, -SB_EPARSE, ld->file, line, col,
					"undefined variable '%.*s'",
					(int)(close - open - 2), open + 2);
		}
		sbuf_adds(out, v->value);
		s = close + 1;
	}
	return 0;
}

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "1", "true", "yes", "on" };
	static const char *const no[] = { "0", "false", "no", "off" };

	for (size_t i = 0; i < N(yes); i++) {
		if (!strcasecmp(s, yes[i]))
			return *out = 1, 0;
		if (!strcasecmp(s, no[i]))
			return *out = 0, 0;
	}
	return -1;
}

/* Parses val as a's type into rec. off locates val in the source for errors. */
static int set_value(struct loader *ld, void *rec, const struct attr_def *a,
		     const char *val, size_t off, int line)
{
	char *field = (char *)rec + a->off;
	const char *why = NULL;
	long long ll;

	switch (a->type) {
	case T_NAME:
		if (!valid_name(val))
			return err_at(ld, off, line, -SB_EPARSE, "invalid %s '%s' "
				      "(use letters, digits, '.', '_' and '-')", a->name, val);
		/* fall through */
	case T_TEXT:
		free(*(char **)field);
		*(char **)field = xstrdup(val);
		return 0;
	case T_ENUM:
		for (const char *const *c = a->choices; *c; c++) {
			if (!strcmp(*c, val)) {
				free(*(char **)field);
				*(char **)field = xstrdup(val);
				return 0;
			}
		}
		{
			size_t nc = 0;
			const char *hint;

			while (a->choices[nc])
				nc++;
			hint = suggest_pick(val, a->choices, nc);
			if (hint)
				return err_at(ld, off, line, -SB_EPARSE, "invalid %s '%s' "
					      "(did you mean '%s'?)", a->name, val, hint);
			return err_at(ld, off, line, -SB_EPARSE, "invalid %s '%s'",
				      a->name, val);
		}
	case T_SIZE:
		if (units_parse_size(val, (uint64_t *)(void *)field, &why))
			return err_at(ld, off, line, -SB_EPARSE, "invalid size '%s' for "
				      "%s: %s", val, a->name, why);
		return 0;
	case T_TIME:
		if (units_parse_time_ms(val, (uint64_t *)(void *)field, &why))
			return err_at(ld, off, line, -SB_EPARSE, "invalid time '%s' for "
				      "%s: %s", val, a->name, why);
		return 0;
	case T_INT:
		if (units_parse_int(val, a->min, a->max, &ll, &why))
			return err_at(ld, off, line, -SB_EPARSE, "invalid %s '%s': %s "
				      "(%lld to %lld)", a->name, val, why, a->min, a->max);
		*(long long *)(void *)field = ll;
		return 0;
	case T_BOOL:
		if (parse_bool(val, (int *)(void *)field))
			return err_at(ld, off, line, -SB_EPARSE, "invalid %s '%s' "
				      "(use 1 or 0)", a->name, val);
		return 0;
	}
	return -SB_EINTERNAL;
}

static int unknown_attr(struct loader *ld, const xmlNode *n,
			const struct elem_def *ed, const char *name)
{
	const char *names[32];
	const char *hint;
	size_t off = attr_off(ld, n, name, 0);
	int line = (int)xmlGetLineNo(n);

	for (size_t i = 0; i < ed->nattrs && i < N(names); i++)
		names[i] = ed->attrs[i].name;
	hint = suggest_pick(name, names, ed->nattrs < N(names) ? ed->nattrs : N(names));
	if (hint)
		return err_at(ld, off, line, -SB_EPARSE, "unknown attribute '%s' on "
			      "<%s> (did you mean '%s'?)", name, ed->name, hint);
	return err_at(ld, off, line, -SB_EPARSE, "unknown attribute '%s' on <%s>",
		      name, ed->name);
}

/* Sets every attribute of n on rec, then the defaults; substitutes ${vars} when subst. */
static int load_attrs(struct loader *ld, const xmlNode *n, const struct elem_def *ed,
		      void *rec, int subst)
{
	int line = (int)xmlGetLineNo(n), rc = 0;
	unsigned char given[32] = { 0 };
	struct sbuf val;

	sbuf_init(&val);
	for (const xmlAttr *a = n->properties; a && !rc; a = a->next) {
		const char *name = (const char *)a->name;
		const struct attr_def *ad = find_attr(ed, name);
		xmlChar *raw;

		if (!ad) {
			rc = unknown_attr(ld, n, ed, name);
			break;
		}
		given[ad - ed->attrs] = 1;
		raw = xmlNodeListGetString(n->doc, a->children, 1);
		sbuf_reset(&val);
		if (subst)
			rc = substitute(ld, n, name, raw ? (const char *)raw : "", &val);
		else
			sbuf_adds(&val, raw ? (const char *)raw : "");
		if (!rc)
			rc = set_value(ld, rec, ad, val.buf, attr_off(ld, n, name, 1), line);
		xmlFree(raw);
	}
	for (size_t i = 0; i < ed->nattrs && !rc; i++) {
		const struct attr_def *ad = &ed->attrs[i];

		if (given[i])
			continue;
		if (ad->required)
			rc = err_at(ld, elem_off(ld, n), line, -SB_EPARSE,
				    "<%s> needs the attribute '%s'", ed->name, ad->name);
		else if (ad->def)
			rc = set_value(ld, rec, ad, ad->def, elem_off(ld, n), line);
	}
	sbuf_release(&val);
	return rc;
}

/* Numbers element nodes in document order, matching ld->src.tags. */
static void number_nodes(xmlNode *n, size_t *next)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		n->_private = (void *)(uintptr_t)++*next;
		number_nodes(n->children, next);
	}
}

static int unknown_elem(struct loader *ld, const xmlNode *n, const char *parent)
{
	const char *names[N(elems)];
	const char *name = (const char *)n->name, *hint;
	size_t nn = 0;

	for (size_t i = 0; i < N(elems); i++)
		if (elems[i].parent && !strcmp(elems[i].parent, parent))
			names[nn++] = elems[i].name;
	if (find_elem(name))
		return err_at(ld, elem_off(ld, n), (int)xmlGetLineNo(n), -SB_EPARSE,
			      "<%s> is not allowed inside <%s>", name, parent);
	hint = suggest_pick(name, names, nn);
	if (hint)
		return err_at(ld, elem_off(ld, n), (int)xmlGetLineNo(n), -SB_EPARSE,
			      "unknown element <%s> in <%s> (did you mean <%s>?)",
			      name, parent, hint);
	return err_at(ld, elem_off(ld, n), (int)xmlGetLineNo(n), -SB_EPARSE,
		      "unknown element <%s> in <%s>", name, parent);
}

static int only_space(const xmlChar *s)
{
	for (; s && *s; s++)
		if (!isspace(*s))
			return 0;
	return 1;
}

/* Checks that n has no element or text children (the leaf elements). */
static int check_leaf(struct loader *ld, const xmlNode *n)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (c->type == XML_ELEMENT_NODE)
			return unknown_elem(ld, c, (const char *)n->name);
		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) &&
		    !only_space(c->content))
			return err_at(ld, (size_t)-1, (int)xmlGetLineNo(c), -SB_EPARSE,
				      "unexpected text inside <%s>", (const char *)n->name);
	}
	return 0;
}

/* Loads the root's children: vars in pass 1, everything else in pass 2. */
static int load_children(struct loader *ld, const xmlNode *root, int pass)
{
	for (const xmlNode *c = root->children; c; c = c->next) {
		const struct elem_def *ed;
		int is_var, rc;

		if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
			if (pass == 2 && !only_space(c->content))
				return err_at(ld, (size_t)-1, (int)xmlGetLineNo(c),
					      -SB_EPARSE, "unexpected text inside <plan>");
			continue;
		}
		if (c->type != XML_ELEMENT_NODE)
			continue;
		ed = find_elem((const char *)c->name);
		if (!ed || !ed->parent || strcmp(ed->parent, "plan")) {
			if (pass == 2)
				return unknown_elem(ld, c, "plan");
			continue;
		}
		is_var = !strcmp(ed->name, "var");
		if (is_var != (pass == 1))
			continue;
		rc = check_leaf(ld, c);
		if (!rc)
			rc = load_attrs(ld, c, ed, ed->add(ld->p, (int)xmlGetLineNo(c)),
					!is_var);
		if (rc)
			return rc;
		if (is_var) {
			struct plan_var *v = &ld->p->vars[ld->p->nvars - 1];
			size_t off = attr_off(ld, c, "name", 1);

			plan__linecol(&ld->src, off, &v->line, &v->col);
			if (find_var(ld->p, v->name, strlen(v->name)) != v)
				return err_at(ld, off, v->line, -SB_EPARSE,
					      "variable '%s' is defined twice", v->name);
		}
	}
	return 0;
}

/* Applies --set NAME=VALUE overrides to the plan's variables. */
static int apply_sets(struct loader *ld, const char *const *sets, size_t nsets)
{
	for (size_t i = 0; i < nsets; i++) {
		const char *eq = strchr(sets[i], '=');
		struct plan_var *v;

		if (!eq || eq == sets[i])
			return diag_set(ld->d, -SB_EUSAGE, NULL, 0, 0, "--set '%s': "
					"expected NAME=VALUE", sets[i]);
		v = find_var(ld->p, sets[i], (size_t)(eq - sets[i]));
		if (!v) {
			const char *names[64], *hint;
			size_t nn = ld->p->nvars < N(names) ? ld->p->nvars : N(names);
			char *want = xstrndup(sets[i], (size_t)(eq - sets[i]));

			for (size_t k = 0; k < nn; k++)
				names[k] = ld->p->vars[k].name;
			hint = suggest_pick(want, names, nn);
			diag_set(ld->d, -SB_EUSAGE, ld->file, 0, 0, "--set '%s': the plan "
				 "has no variable '%s'%s%s%s", sets[i], want,
				 hint ? " (did you mean '" : "", hint ? hint : "",
				 hint ? "'?)" : "");
			free(want);
			return -SB_EUSAGE;
		}
		free(v->value);
		v->value = xstrdup(eq + 1);
		v->used_by_set = 1;
	}
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Checks that need the whole plan                                           */

static const xmlNode *nth_child(const xmlNode *root, const char *name, size_t k)
{
	for (const xmlNode *c = root->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !strcmp((const char *)c->name, name) &&
		    k-- == 0)
			return c;
	return root;
}

static int check_targets(struct loader *ld, const xmlNode *root)
{
	struct plan *p = ld->p;

	if (!p->ntargets)
		return err_at(ld, elem_off(ld, root), (int)xmlGetLineNo(root), -SB_EPARSE,
			      "the plan has no <target>");
	for (size_t i = 0; i < p->ntargets; i++) {
		struct plan_target *t = &p->targets[i];
		const xmlNode *n = nth_child(root, "target", i);
		int has_file = xmlHasProp(n, BAD_CAST "file") != NULL;
		int has_dev = xmlHasProp(n, BAD_CAST "device") != NULL;

		for (size_t k = 0; k < i; k++)
			if (!strcmp(p->targets[k].name, t->name))
				return err_at(ld, attr_off(ld, n, "name", 1), t->line,
					      -SB_EPARSE, "target '%s' is defined twice",
					      t->name);
		if (has_file == has_dev)
			return err_at(ld, elem_off(ld, n), t->line, -SB_EPARSE,
				      "<target> needs exactly one of 'file' and 'device'");
		t->kind = has_dev ? PLAN_TARGET_DEVICE : PLAN_TARGET_FILE;
		if (has_file && !t->size)
			return err_at(ld, elem_off(ld, n), t->line, -SB_EPARSE,
				      "file target '%s' needs a 'size'", t->name);
		if (has_dev && t->size)
			return err_at(ld, attr_off(ld, n, "size", 0), t->line, -SB_EPARSE,
				      "device target '%s' takes its size from the device",
				      t->name);
		if (has_dev && strncmp(t->path, "/dev/", 5))
			return err_at(ld, attr_off(ld, n, "device", 1), t->line, -SB_EPARSE,
				      "device '%s' is not under /dev/", t->path);
	}
	return 0;
}

static int is_mixed(const char *rw)
{
	return !strcmp(rw, "rw") || !strcmp(rw, "readwrite") || !strcmp(rw, "randrw");
}

static int check_step(struct loader *ld, const xmlNode *n, struct plan_workload *w,
		      size_t idx)
{
	struct plan *p = ld->p;
	const struct plan_target *t;

	for (size_t k = 0; k < idx; k++)
		if (!strcmp(p->steps[k].name, w->name))
			return err_at(ld, attr_off(ld, n, "name", 1), w->line, -SB_EPARSE,
				      "step name '%s' is used twice", w->name);
	if (!w->target && p->ntargets > 1)
		return err_at(ld, elem_off(ld, n), w->line, -SB_EPARSE, "<workload> needs "
			      "'target': the plan has %zu targets", p->ntargets);
	t = plan_step_target(p, w);
	if (!t)
		return err_at(ld, attr_off(ld, n, "target", 1), w->line, -SB_EPARSE,
			      "no target named '%s'", w->target);
	if (w->rwmixread >= 0 && !is_mixed(w->rw))
		return err_at(ld, attr_off(ld, n, "rwmixread", 0), w->line, -SB_EPARSE,
			      "rwmixread applies only to mixed workloads (rw, readwrite, "
			      "randrw), not '%s'", w->rw);
	if (!w->bs)
		return err_at(ld, attr_off(ld, n, "bs", 1), w->line, -SB_EPARSE,
			      "bs must be more than 0");
	if (w->direct && w->bs % 512)
		return err_at(ld, attr_off(ld, n, "bs", 1), w->line, -SB_EPARSE,
			      "bs %llu is not a multiple of 512, which direct I/O needs",
			      (unsigned long long)w->bs);
	if (!w->runtime_ms || w->runtime_ms % 1000)
		return err_at(ld, attr_off(ld, n, "runtime", 1), w->line, -SB_EPARSE,
			      "runtime must be a whole number of seconds, at least 1s");
	if (t->size && w->size > t->size)
		return err_at(ld, attr_off(ld, n, "size", 1), w->line, -SB_EPARSE,
			      "size is larger than target '%s'", t->name);
	if (t->size && w->bs > (w->size ? w->size : t->size))
		return err_at(ld, attr_off(ld, n, "bs", 1), w->line, -SB_EPARSE,
			      "bs is larger than the area the step uses");
	return 0;
}

static int check_plan(struct loader *ld, const xmlNode *root)
{
	struct plan *p = ld->p;
	int rc = check_targets(ld, root);

	if (!rc && !p->nsteps)
		rc = err_at(ld, elem_off(ld, root), (int)xmlGetLineNo(root), -SB_EPARSE,
			    "the plan has no <workload>");
	for (size_t i = 0; i < p->nsteps && !rc; i++)
		rc = check_step(ld, nth_child(root, "workload", i), &p->steps[i], i);
	if (!rc && !p->title)
		p->title = xstrdup(p->name);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Entry points                                                              */

struct xml_err_ctx {
	struct diag *d;
	const char *file;
};

/* libxml2's structured error callback: keeps the first error, with its column. */
static void xml_error(void *ctx, xmlErrorPtr e)
{
	struct xml_err_ctx *x = ctx;
	char msg[512];
	size_t n;

	if (!e || e->level < XML_ERR_ERROR)
		return;
	snprintf(msg, sizeof(msg), "%s", e->message ? e->message : "malformed XML");
	msg[strcspn(msg, "\n")] = '\0';
	n = strlen(msg);
	while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	if (n)
		msg[0] = (char)tolower((unsigned char)msg[0]);
	diag_set(x->d, -SB_EPARSE, x->file, e->line, e->int2, "%s", msg);
}

static int parse_xml(struct loader *ld, const struct sbuf *text, xmlDoc **out)
{
	struct xml_err_ctx x = { ld->d, ld->file };
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	xmlDoc *doc;

	if (!ctxt)
		return diag_set(ld->d, -SB_EINTERNAL, ld->file, 0, 0, "cannot create "
				"an XML parser");
	xmlSetStructuredErrorFunc(&x, xml_error);
	doc = xmlCtxtReadMemory(ctxt, text->buf, (int)text->len, ld->file, NULL,
				XML_PARSE_NONET | XML_PARSE_NOCDATA);
	xmlSetStructuredErrorFunc(NULL, NULL);
	xmlFreeParserCtxt(ctxt);
	if (!doc || ld->d->code) {
		xmlFreeDoc(doc);
		return diag_set(ld->d, -SB_EPARSE, ld->file, 0, 0, "malformed XML");
	}
	if (doc->intSubset || doc->extSubset) {
		xmlFreeDoc(doc);
		return err_at(ld, (size_t)-1, 1, -SB_EPARSE, "a DOCTYPE is not allowed "
			      "in a plan (no DTDs, no entities)");
	}
	*out = doc;
	return 0;
}

int plan_load(struct plan *p, const char *path, const char *const *sets,
	      size_t nsets, struct diag *d)
{
	struct loader ld = { p, { 0 }, d, path };
	struct sbuf text;
	xmlDoc *doc = NULL;
	xmlNode *root;
	size_t count = 0;
	int rc;

	sbuf_init(&text);
	free(p->file);
	p->file = xstrdup(path);
	rc = sbuf_read_file(&text, path);
	if (rc) {
		rc = diag_set(d, -SB_ENOENT, NULL, 0, 0, "cannot read plan '%s': %s",
			      path, strerror(-rc));
		goto out;
	}
	if (text.len > (64u << 20)) {
		rc = diag_set(d, -SB_EPARSE, path, 0, 0, "plan is larger than 64 MiB");
		goto out;
	}
	plan__src_scan(&ld.src, text.buf, text.len);
	rc = parse_xml(&ld, &text, &doc);
	if (rc)
		goto out;
	root = xmlDocGetRootElement(doc);
	number_nodes(root, &count);
	if (!root || strcmp((const char *)root->name, "plan")) {
		rc = err_at(&ld, root ? elem_off(&ld, root) : (size_t)-1, 1, -SB_EPARSE,
			    "the root element must be <plan>, not <%s>",
			    root ? (const char *)root->name : "");
		goto out;
	}
	rc = load_attrs(&ld, root, &elems[0], p, 0);
	if (!rc)
		rc = load_children(&ld, root, 1);
	if (!rc)
		rc = apply_sets(&ld, sets, nsets);
	if (!rc)
		rc = load_children(&ld, root, 2);
	if (!rc)
		rc = check_plan(&ld, root);
out:
	xmlFreeDoc(doc);
	plan__src_release(&ld.src);
	sbuf_release(&text);
	return rc;
}

void plan_init(struct plan *p)
{
	memset(p, 0, sizeof(*p));
}

void plan_release(struct plan *p)
{
	for (size_t i = 0; i < p->nvars; i++) {
		free(p->vars[i].name);
		free(p->vars[i].value);
	}
	for (size_t i = 0; i < p->ntargets; i++) {
		free(p->targets[i].name);
		free(p->targets[i].path);
	}
	for (size_t i = 0; i < p->nsteps; i++) {
		free(p->steps[i].name);
		free(p->steps[i].target);
		free(p->steps[i].rw);
		free(p->steps[i].ioengine);
	}
	free(p->vars);
	free(p->targets);
	free(p->steps);
	free(p->file);
	free(p->name);
	free(p->title);
	plan_init(p);
}

const struct plan_target *plan_step_target(const struct plan *p,
					   const struct plan_workload *w)
{
	if (!w->target)
		return p->ntargets == 1 ? &p->targets[0] : NULL;
	for (size_t i = 0; i < p->ntargets; i++)
		if (!strcmp(p->targets[i].name, w->target))
			return &p->targets[i];
	return NULL;
}

int plan_step_writes(const struct plan_workload *w)
{
	return strcmp(w->rw, "read") && strcmp(w->rw, "randread");
}

uint64_t plan_runtime_ms(const struct plan *p)
{
	uint64_t ms = 0;

	for (size_t i = 0; i < p->nsteps; i++)
		ms += p->steps[i].runtime_ms;
	return ms;
}

void plan_print_reference(FILE *out)
{
	static const char *const type_names[] = {
		[T_NAME] = "name", [T_TEXT] = "text", [T_SIZE] = "size",
		[T_TIME] = "time", [T_INT] = "integer", [T_ENUM] = "one of",
		[T_BOOL] = "0 or 1",
	};

	fputs("# Test plan reference\n\nGenerated by `ssdbench plan-reference` from the "
	      "loader's own table.\n\nSizes: `4k`, `128KiB`, `1MiB`, `1g` are powers of "
	      "1024 (as fio reads them); `kB`, `MB`, `GB`, `TB` are powers of 1000. Times: "
	      "`500ms`, `30s`, `15min`, `8h`, `2d`; a bare number is seconds. Any attribute "
	      "may use `${var}`.\n", out);
	for (size_t i = 0; i < N(elems); i++) {
		const struct elem_def *ed = &elems[i];

		fprintf(out, "\n## `<%s>`%s%s%s\n\n%s.\n\n| attribute | type | default | "
			"meaning |\n|---|---|---|---|\n", ed->name,
			ed->parent ? " (inside `<" : "", ed->parent ? ed->parent : "",
			ed->parent ? ">`)" : "", ed->help);
		for (size_t k = 0; k < ed->nattrs; k++) {
			const struct attr_def *a = &ed->attrs[k];

			fprintf(out, "| `%s` | %s", a->name, type_names[a->type]);
			for (const char *const *c = a->choices; c && *c; c++)
				fprintf(out, "%s`%s`", c == a->choices ? " " : ", ", *c);
			if (a->type == T_INT)
				fprintf(out, " %lld–%lld", a->min, a->max);
			fprintf(out, " | %s | %s |\n", a->required ? "required" :
				a->def ? a->def : "—", a->help);
		}
	}
}
