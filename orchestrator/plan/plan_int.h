/* SPDX-License-Identifier: MIT */
/* plan_int: what the plan loader's files share: the tables, the loader, locations. */
#ifndef SB_PLAN_INT_H
#define SB_PLAN_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libxml/tree.h>

#include "diag.h"
#include "plan.h"
#include "xmlfile.h"

struct sbuf;

/* ---- the tables (plan.c) ---- */

enum plan__type {
	T_NAME, T_TEXT, T_SIZE, T_TIME, T_INT, T_ENUM, T_BOOL, T_AMOUNT, T_PERCENT,
	T_NAMES,
};

struct plan__attr {
	const char *name;
	enum plan__type type;
	int required;
	const char *def;          /* default, parsed like a written value */
	size_t off;               /* where the value goes in the element's record */
	long long min, max;       /* T_INT range */
	const char *const *choices; /* T_ENUM, NULL-terminated */
	const char *help;
};

enum plan__role {
	ROLE_ROOT, ROLE_FRAGMENT, ROLE_VAR, ROLE_INCLUDE, ROLE_HOST, ROLE_TARGET,
	ROLE_TITLE, ROLE_STEP, ROLE_SCOPE, ROLE_SWEEP, ROLE_FIO, ROLE_TRACK,
	ROLE_LABEL,        /* <label lang=>text</label>, text content */
};

struct plan__elem {
	const char *name;
	const char *parents;      /* space-separated element names it may appear in */
	enum plan__role role;
	int kind;                 /* enum step_kind or plan_scope_kind for steps/scopes */
	const struct plan__attr *attrs;
	size_t nattrs;
	const char *help;
};

extern const struct plan__elem plan__elems[];
extern const size_t plan__nelems;

/* 1 when word is one of the space-separated words of list (an element's parents). */
int plan__in_list(const char *list, const char *word);

/* The error for a data= value plan_data_parse() refuses (one %s: the value). */
#define DATA_ERROR "invalid data '%s' (random, zero, or compressible:N%% with N from 1 " \
	"to 99)"

/* ---- fio's own option list (plan_fio.c) ---- */

struct plan__fio_names {
	char **names;
	size_t n, cap;
	int loaded;               /* 1 once fio was asked; names empty if it failed */
};

/* Adds the first word of each "name   : help" line of fio --cmdhelp/--enghelp output. */
void plan__fio_names_read(struct plan__fio_names *f, FILE *in);
/* Asks fio (once) for its options and those of io_uring and libaio. */
int plan__fio_names_load(struct plan__fio_names *f);
int plan__fio_names_has(const struct plan__fio_names *f, const char *name);
void plan__fio_names_release(struct plan__fio_names *f);

/* ---- the loader (plan_load.c) ---- */

/*
 * What a plan may make the loader spend: a plan is hostile until loaded. Includes
 * and elements count each time a <sweep> repeats them; every limit is an error at
 * the FILE:LINE:COL where it is passed. plan__limits[] lists them for the docs.
 */
#define PLAN_MAX_FILE_BYTES (4u << 20)  /* one plan or included file */
#define PLAN_MAX_READ_BYTES (16u << 20) /* all files read, the plan and each include */
#define PLAN_MAX_INCLUDES 1000          /* <include>s loaded */
#define PLAN_MAX_VALUE_BYTES (64u << 10) /* one attribute value, ${...} substituted */
#define PLAN_MAX_VALUES_BYTES (16u << 20) /* every attribute value loaded, in total */
#define PLAN_MAX_ELEMS 500000           /* elements loaded */
#define PLAN_MAX_STEPS 100000           /* steps loaded */
#define PLAN_MAX_TARGETS 1000           /* targets, and hosts */
#define PLAN_MAX_DEPTH 16               /* elements nested, includes and sweeps each */

struct plan__limit {
	const char *what;
	unsigned long long value;
	const char *unit;         /* "bytes" values print in KiB or MiB */
};

extern const struct plan__limit plan__limits[];
extern const size_t plan__nlimits;

/* One parsed file: its name, text, tag offsets and tree (errors point into it). */
struct plan__doc {
	char *file;
	char *text;
	struct xmlfile_src src;
	xmlDoc *xml;
};

/* Where a record came from, so checks after loading still point at the source. */
struct plan__origin {
	struct plan__doc *doc;
	const xmlNode *node;
};

struct plan__origins {
	struct plan__origin *v;
	size_t n, cap;
};

struct plan__binding {
	const char *name;
	const char *value;
	int uses;
};

struct plan__loader {
	struct plan *p;
	struct diag *d;
	struct plan__doc *doc;            /* the file being read */
	const char *const *sets;
	size_t nsets;
	unsigned char *set_used;
	struct plan__binding bind[PLAN_MAX_DEPTH]; /* sweep variables, innermost last */
	size_t nbind;
	char *stack[PLAN_MAX_DEPTH];      /* real paths of the files being read */
	size_t nstack;
	int depth;
	int cur_scope;
	size_t nincludes, nelems;         /* counts against the PLAN_MAX_* limits */
	size_t read_bytes, value_bytes;
	struct plan__fio_names fio;
	struct plan__doc **docs;          /* every file read; freed after the checks */
	size_t ndocs, capdocs;
	struct plan__origins step_org, scope_org, target_org;
	/* plan_load_all(): the errors of steps and unknown elements past the first */
	int collect, failed;
	struct diag first;                /* the first error, d's again at the end */
	struct diag *more;
	size_t nmore, capmore;
};

/* ---- errors at locations (plan_loc.c) ---- */

/*
 * Reports an error at element n of doc (at its attribute attr when not NULL: the
 * value's first character when want_value, else the name).
 */
int plan__err_at(struct plan__loader *ld, const struct plan__origin *o,
		 const char *attr, int want_value, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* An error at node n of the file being read (at attr when not NULL). */
/*
 * Sets attribute name of element e to val on rec, checked as if n had it written.
 * Returns 0, -SB_ENOENT when e has no such attribute, or the error (d at n).
 */
int plan__set_attr(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		   void *rec, const char *name, const char *val);
/* The attributes of <plan> that --set NAME=VALUE gives unless the plan has a variable NAME. */
extern const char *const plan__root_sets[];
int plan__err_node(struct plan__loader *ld, const xmlNode *n, const char *attr,
		   int want_value, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* An error inside attr's value, extra characters after its first one. */
int plan__err_in_value(struct plan__loader *ld, const xmlNode *n, const char *attr,
		       int extra, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* ---- attributes (plan_attr.c) ---- */

/* The value of variable name[0..len): innermost sweep binding first, then <var>s. */
const char *plan__lookup(struct plan__loader *ld, const char *name, size_t len);
/* e's attribute called name, or NULL. */
const struct plan__attr *plan__find_attr(const struct plan__elem *e, const char *name);
/* The attribute's value after substitution (subst) into val; "" when absent. */
int plan__attr_value(struct plan__loader *ld, const xmlNode *n, const char *name,
		     int subst, struct sbuf *val);
/* n's text content, ${var}s substituted and trimmed, into val. */
int plan__text_value(struct plan__loader *ld, const xmlNode *n, struct sbuf *val);
/* Sets every attribute of n on rec (NULL: check only), then the defaults. */
int plan__load_attrs(struct plan__loader *ld, const xmlNode *n,
		     const struct plan__elem *e, void *rec, int subst);

/* ---- labels (plan_label.c) ---- */

/* Adds label= (when given) to l as the label of every language ("*"). */
void plan__labels_attr(struct plan_labels *l, const char *label);
/* Loads <label lang=>text</label> n (element row e) into l; NULL l: not allowed here. */
int plan__load_label(struct plan__loader *ld, const xmlNode *n, const struct plan__elem *e,
		     struct plan_labels *l);

/* Refuses a <plan report=> naming no templates/report-NAME.xml, at its value, with the
 * shipped names (plan_report.c). NULL name: nothing to check. */
int plan__check_report(struct plan__loader *ld, const xmlNode *root, const char *name);

/* Returns dir(base)/href, or href when it is absolute; free() it (plan_read.c). */
char *plan__relative_to(const char *base, const char *href);
/* 1 when the resolved path real is dir or below it (plan_read.c). */
int plan__path_inside(const char *real, const char *dir);

/* replay (plan_replay.c) */
#define PLAN_MAX_TRACE_BYTES (256u << 20) /* one <replay>'s trace file */
/*
 * Resolves <replay> n's trace against the file it stands in, refuses what is no
 * regular file, is larger than PLAN_MAX_TRACE_BYTES, or lies outside a rerun's
 * confine, at the trace attribute's value; lists it once among the plan's files
 * (so the archive keeps a copy); w->trace becomes the resolved path (realpath).
 * Sets w->trace_writes to 1 (not read yet).
 */
int plan__load_trace(struct plan__loader *ld, const xmlNode *n, struct plan_workload *w);

/* ---- reading files (plan_read.c), the checks (plan_check.c) ---- */

/*
 * Reads path into text (plan_read.c): the file of <include> inc, or the plan itself
 * when inc is NULL. Only a regular file is opened (a FIFO would block, a device never
 * end), within PLAN_MAX_FILE_BYTES and PLAN_MAX_READ_BYTES; errors at inc's href.
 */
int plan__read_text(struct plan__loader *ld, const xmlNode *inc, const char *path,
		    struct sbuf *text);
/* Checks what needs the whole plan: references, names, scopes. */
int plan__check(struct plan__loader *ld);

#endif
