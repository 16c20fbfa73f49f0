/* SPDX-License-Identifier: MIT */
/*
 * plan_attr: an element's attributes read from the table: each value's type parsed
 * into its record, defaults, required ones, unknown ones (with a suggestion), and
 * ${var} substitution within the limits on values; every error at the value.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/tree.h>

#include "err.h"
#include "plan_int.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"

/* ------------------------------------------------------------------------- */
/* Values                                                                    */

/* Letters, digits, '.', '_' and '-', not starting with '.': names become folders
 * (out/PLAN, a step's folder), where '.', '..' and hidden names do harm. */
static int valid_name(const char *s)
{
	if (!*s || *s == '.')
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
		return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' (did you mean '%s'?)",
				      a->name, val, hint);
	return plan__err_node(ld, n, a->name, 1, "invalid %s '%s'", a->name, val);
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
			return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' (use letters, "
					      "digits, '.', '_' and '-', not starting with '.')",
					      a->name, val);
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
			return plan__err_node(ld, n, a->name, 1, "invalid %s '%s': %s (%lld to %lld)",
					      a->name, val, why, a->min, a->max ? a->max : LLONG_MAX);
		break;
	case T_BOOL:
		if (parse_bool(val, &v.b))
			return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' (use 1 or 0)",
					      a->name, val);
		break;
	case T_AMOUNT:
		if (parse_amount(val, &v.am, &why))
			goto bad;
		break;
	case T_PERCENT:
		if (parse_suffixed(val, '%', &v.f) || v.f > 10000)
			return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' (write a "
					      "percentage such as '20%%')", a->name, val);
		v.f /= 100;
		break;
	case T_NAMES:
		if (parse_names(val, &names))
			return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' (names separated "
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
	return plan__err_node(ld, n, a->name, 1, "invalid %s '%s' for %s: %s",
			      a->type == T_TIME ? "time" : a->type == T_AMOUNT ? "amount" : "size",
			      val, a->name, why);
}

int plan__set_attr(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		   void *rec, const char *name, const char *val)
{
	const struct plan__attr *a = plan__find_attr(e, name);

	return a ? set_value(ld, n, rec, a, val) : -SB_ENOENT;
}

/* ------------------------------------------------------------------------- */
/* Variables and attributes                                                  */

/* The value of variable name[0..len): innermost sweep binding first, then <var>s. */
const char *plan__lookup(struct plan__loader *ld, const char *name, size_t len)
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
	if (!attr)
		return plan__err_node(ld, n, NULL, 0, "<%s> is longer than %u KiB (once variables "
				      "are substituted)", (const char *)n->name,
				      PLAN_MAX_VALUE_BYTES >> 10);
	return plan__err_node(ld, n, attr, 1, "attribute '%s' is longer than %u KiB (once variables "
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
		if (!close && !attr)
			return plan__err_node(ld, n, NULL, 0, "unterminated '${' in <%s>",
					      (const char *)n->name);
		if (!close)
			return plan__err_in_value(ld, n, attr, char_count(raw, (size_t)(open - raw)),
						  "unterminated '${' in attribute '%s'", attr);
		val = plan__lookup(ld, open + 2, (size_t)(close - open - 2));
		if (!val && !attr)
			return plan__err_node(ld, n, NULL, 0, "undefined variable '%.*s' in <%s>",
					      (int)(close - open - 2), open + 2,
					      (const char *)n->name);
		if (!val)
			return plan__err_in_value(ld, n, attr, char_count(raw, (size_t)(open - raw)),
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
		return plan__err_node(ld, n, attr, 1, "the plan's attribute values add up to more "
				      "than %u MiB (counting each time a sweep repeats them)",
				      PLAN_MAX_VALUES_BYTES >> 20);
	return 0;
}

const struct plan__attr *plan__find_attr(const struct plan__elem *e, const char *name)
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
		return plan__err_node(ld, n, name, 0, "unknown attribute '%s' on <%s> (did you "
				      "mean '%s'?)", name, e->name, hint);
	return plan__err_node(ld, n, name, 0, "unknown attribute '%s' on <%s>", name, e->name);
}

/*
 * fio replaces ${NAME} in a job file with its environment's NAME after ssdbench has
 * checked the value, so no value the plan loads may hold '$' once substituted (one
 * pass: <var value="$"/> and ${d}{X} make a literal ${X}). A <var>'s own value is
 * the exception: it reaches fio only where it is used, and is checked there.
 */
static int no_dollar(struct plan__loader *ld, const xmlNode *n, const char *attr,
		     const struct sbuf *val)
{
	if (!strchr(val->buf, '$') || (attr && !strcmp((const char *)n->name, "var")))
		return 0;
	if (!attr)
		return plan__err_node(ld, n, NULL, 0, "<%s> holds '$' once variables are "
				      "substituted ('%s'): fio would replace ${...} with its "
				      "environment", (const char *)n->name, val->buf);
	return plan__err_node(ld, n, attr, 1, "attribute '%s' holds '$' once variables are "
			      "substituted ('%s'): fio would replace ${...} with its environment",
			      attr, val->buf);
}

/* The attribute's value after substitution (subst) into val; "" when absent. */
int plan__attr_value(struct plan__loader *ld, const xmlNode *n, const char *name,
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
	if (!rc)
		rc = count_value(ld, n, name, val->len);
	return rc ? rc : no_dollar(ld, n, name, val);
}

int plan__text_value(struct plan__loader *ld, const xmlNode *n, struct sbuf *val)
{
	xmlChar *raw = xmlNodeGetContent(n);
	const char *s = raw ? (const char *)raw : "";
	size_t len;
	int rc;

	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	sbuf_reset(val);
	{
		char *text = xstrndup(s, len);

		rc = substitute(ld, n, NULL, text, val);
		free(text);
	}
	xmlFree(raw);
	if (!rc)
		rc = count_value(ld, n, NULL, val->len);
	if (!rc)
		rc = no_dollar(ld, n, NULL, val);
	if (!rc && !val->len)
		rc = plan__err_node(ld, n, NULL, 0, "<%s> needs text, e.g. <label "
				    "lang=\"zh-TW\">4K 隨機寫入</label>", (const char *)n->name);
	return rc;
}

/* Sets every attribute of n on rec (NULL: check only), then the defaults. */
int plan__load_attrs(struct plan__loader *ld, const xmlNode *n,
		     const struct plan__elem *e, void *rec, int subst)
{
	unsigned char given[32] = { 0 };
	struct sbuf val;
	int rc = 0;

	sbuf_init(&val);
	for (const xmlAttr *a = n->properties; a && !rc; a = a->next) {
		const struct plan__attr *ad = plan__find_attr(e, (const char *)a->name);

		if (!ad) {
			rc = unknown_attr(ld, n, e, (const char *)a->name);
			break;
		}
		given[ad - e->attrs] = 1;
		rc = plan__attr_value(ld, n, ad->name, subst, &val);
		if (!rc)
			rc = set_value(ld, n, rec, ad, val.buf);
	}
	for (size_t i = 0; i < e->nattrs && !rc; i++) {
		const struct plan__attr *ad = &e->attrs[i];

		if (given[i])
			continue;
		if (ad->required)
			rc = plan__err_node(ld, n, NULL, 0, "<%s> needs the attribute '%s'",
					    e->name, ad->name);
		else if (ad->def)
			rc = set_value(ld, n, rec, ad, ad->def);
	}
	sbuf_release(&val);
	return rc;
}
