/* SPDX-License-Identifier: MIT */
/*
 * plan_check: the rules that need the whole plan: names, references, scopes, units;
 * and, once the targets' sizes are known, the byte range each fio step uses.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "err.h"
#include "plan_int.h"
#include "sbuf.h"
#include "units.h"
#include "xalloc.h"

struct named {
	const char *name;
	size_t i;
};

static int cmp_named(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * The first of n records (size bytes each, a char * name at name_off) whose name
 * an earlier record has too, or n: sorted, so that 100,000 steps take no time.
 */
static size_t first_repeat(const void *recs, size_t n, size_t size, size_t name_off)
{
	struct named *v = xcalloc(n + 1, sizeof(*v));
	size_t first = n;

	for (size_t i = 0; i < n; i++) {
		memcpy(&v[i].name, (const char *)recs + i * size + name_off, sizeof(v[i].name));
		v[i].name = v[i].name ? v[i].name : "";
		v[i].i = i;
	}
	qsort(v, n, sizeof(*v), cmp_named);
	for (size_t k = 1; k < n; k++)
		if (!strcmp(v[k].name, v[k - 1].name) && v[k].i < first)
			first = v[k].i;
	free(v);
	return first;
}

#define FIRST_REPEAT(arr, n, type) first_repeat(arr, n, sizeof(type), offsetof(type, name))

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* 1 when name is one of the n names of sorted (sorted with cmp_str). */
static int has_name(const char *const *sorted, size_t n, const char *name)
{
	return n && bsearch(&name, sorted, n, sizeof(*sorted), cmp_str) != NULL;
}

static int has_prop(const struct plan__origin *o, const char *name)
{
	return xmlHasProp(o->node, (const xmlChar *)name) != NULL;
}

/* A target bound to a bench names one of the plan's <host>s. */
static int check_host(struct plan__loader *ld, const struct plan__origin *o,
		      const struct plan_target *t)
{
	for (size_t k = 0; k < ld->p->nhosts; k++)
		if (!strcmp(ld->p->hosts[k].name, t->host))
			return 0;
	return plan__err_at(ld, o, "host", 1, "no <host> named '%s'", t->host);
}

/* A device's path is checked as written out: "/dev/../etc/passwd" is "/etc/passwd". */
static int check_device(struct plan__loader *ld, const struct plan__origin *o,
			struct plan_target *t)
{
	char *norm = plan_normal_path(t->path);
	int same = !strcmp(norm, t->path), rc;

	if (strncmp(norm, "/dev/", 5) || !norm[5]) {
		rc = plan__err_at(ld, o, "device", 1, "device '%s' is not under /dev/%s%s%s",
				  t->path, same ? "" : " (it is '", same ? "" : norm, same ? "" : "')");
		free(norm);
		return rc;
	}
	free(t->path);
	t->path = norm;
	return 0;
}

/* repeat: an earlier target has this one's name. */
static int check_target(struct plan__loader *ld, size_t i, int repeat)
{
	struct plan_target *t = &ld->p->targets[i];
	const struct plan__origin *o = &ld->target_org.v[i];
	int has_file = has_prop(o, "file"), has_dev = has_prop(o, "device");
	int rc;

	if (repeat)
		return plan__err_at(ld, o, "name", 1, "target '%s' is defined twice", t->name);
	if (has_file == has_dev)
		return plan__err_at(ld, o, NULL, 0, "<target> needs exactly one of 'file' "
				    "and 'device'");
	if (has_file && !t->size)
		return plan__err_at(ld, o, NULL, 0, "file target '%s' needs a 'size'", t->name);
	if (has_dev && t->size)
		return plan__err_at(ld, o, "size", 0, "device target '%s' takes its size "
				    "from the device", t->name);
	if (has_file && !plan_target_path_kept(t->path))
		return plan__err_at(ld, o, "file", 1, "file target '%s' must be a relative path "
				    "without '..' (it is kept inside the run's archive folder); "
				    "give any other path with --target %s=[HOST:]file:PATH,size=SIZE",
				    t->path, t->name);
	if (has_dev && (rc = check_device(ld, o, t)))
		return rc;
	return t->host ? check_host(ld, o, t) : 0;
}

/* Kind-specific rules of a workload. */
static int check_workload(struct plan__loader *ld, const struct plan__origin *o,
			  const struct plan_workload *w, const struct plan_target *t)
{
	int mixed = plan_rw_mixed(w->rw);
	uint64_t area = w->size ? w->size : t && t->size ? t->size : 0;

	const char *const text[][2] = {
		{ "bssplit", w->bssplit }, { "rate", w->rate },
		{ "random_distribution", w->random_distribution },
	};

	/* These go into the job file as written, where ';' and '#' start comments. */
	for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); i++)
		if (text[i][1] && strpbrk(text[i][1], ";#\r\n"))
			return plan__err_at(ld, o, text[i][0], 1, "%s '%s' holds ';', '#' or a "
					    "line break, which fio's job files cannot hold",
					    text[i][0], text[i][1]);
	if (w->rwmixread >= 0 && !mixed)
		return plan__err_at(ld, o, "rwmixread", 0, "rwmixread applies only to mixed "
				    "workloads (rw, readwrite, randrw), not '%s'", w->rw);
	if (w->time_based && (!w->runtime_ms || w->runtime_ms % 1000))
		return plan__err_at(ld, o, "runtime", 1, "runtime must be a whole number of "
				    "seconds, at least 1s");
	if (!w->time_based && !w->size && !w->size_amt.mult)
		return plan__err_at(ld, o, "time_based", 1, "with time_based=\"0\" the step "
				    "needs a 'size' to know when it is done");
	if (t && t->size && w->size > t->size)
		return plan__err_at(ld, o, "size", 1, "size is larger than target '%s'",
				    t->name);
	if (area && w->bs > area)
		return plan__err_at(ld, o, "bs", 1, "bs is larger than the area the step uses");
	return 0;
}

/*
 * A point (DIRTH's Max and Mid IOPS): with from, naming a <rounds> scope that ends
 * before step i and holds sweep cells; TC and QD are the cell's, so not given here.
 */
static int check_point(struct plan__loader *ld, const struct plan__origin *o,
		       const struct plan_workload *w, size_t i)
{
	const struct plan *p = ld->p;
	const struct plan_scope *s = NULL;
	int cells = 0;

	if (!w->point || !w->point_from)
		return plan__err_at(ld, o, w->point ? "point" : "from", 1, "'point' and 'from' "
				    "go together: the point, and the <rounds> scope it is chosen "
				    "in");
	for (const char *a = "iodepth"; a; a = strcmp(a, "iodepth") ? NULL : "numjobs")
		if (has_prop(o, a))
			return plan__err_at(ld, o, a, 0, "%s is the %s cell's, chosen at run "
					    "time: leave it out", a, w->point);
	for (size_t k = 0; k < p->nscopes && !s; k++)
		if (p->scopes[k].kind == PLAN_ROUNDS && !strcmp(p->scopes[k].name, w->point_from))
			s = &p->scopes[k];
	if (!s)
		return plan__err_at(ld, o, "from", 1, "from '%s' names no <rounds> scope",
				    w->point_from);
	if (s->first + s->count > i)
		return plan__err_at(ld, o, "from", 1, "<rounds> '%s' must end before this "
				    "step: its point is chosen from its last round", s->name);
	for (size_t k = s->first; k < s->first + s->count; k++)
		cells |= p->steps[k].cell && plan_step_is(&p->steps[k], PLAN_KIND_MEASURE);
	if (!cells)
		return plan__err_at(ld, o, "from", 1, "<rounds> '%s' has no <sweep> of "
				    "workloads to choose a point among", s->name);
	return 0;
}

/* repeat: an earlier step has this one's name. */
static int check_step(struct plan__loader *ld, size_t i, int repeat)
{
	const struct plan *p = ld->p;
	const struct plan_workload *w = &p->steps[i];
	const struct plan__origin *o = &ld->step_org.v[i];
	const struct plan_target *t;
	int in_raid = 0;

	if (repeat)
		return plan__err_at(ld, o, "name", 1, "step name '%s' is used twice%s", w->name,
				    w->cell ? " (inside a sweep, put the sweep's ${var} in "
				    "the name)" : "");
	for (int s = w->scope; s >= 0; s = p->scopes[s].parent)
		in_raid |= plan_scope_is(&p->scopes[s], PLAN_SCOPE_ARRAY);
	if (in_raid && w->target)
		return plan__err_at(ld, o, "target", 0, "steps inside <raid> run on the array: "
				    "leave out 'target'");
	if (plan_step_is(w, PLAN_KIND_TARGET) && !in_raid && !w->target && p->ntargets > 1)
		return plan__err_at(ld, o, NULL, 0, "<%s> needs 'target': the plan has %zu "
				    "targets", plan_kind_name(w->kind), p->ntargets);
	t = plan_step_target(p, w);
	if (plan_step_is(w, PLAN_KIND_TARGET) && !t)
		return w->target ? plan__err_at(ld, o, "target", 1, "no target named '%s'",
						w->target)
				 : plan__err_at(ld, o, NULL, 0, "<%s> has no target to run on",
						plan_kind_name(w->kind));
	if (w->bs && w->direct && w->bs % 512)
		return plan__err_at(ld, o, "bs", 1, "bs %llu is not a multiple of 512, which "
				    "direct I/O needs", (unsigned long long)w->bs);
	if (plan_step_is(w, PLAN_KIND_FIO) && !w->bs)
		return plan__err_at(ld, o, "bs", 1, "bs must be more than 0");
	if (w->data) {
		int zero, pct;

		if (plan_data_parse(w->data, &zero, &pct))
			return plan__err_at(ld, o, "data", 1, DATA_ERROR, w->data);
	}
	if (w->ioengine && !strcmp(w->ioengine, "null"))
		for (int k = w->scope; k >= 0; k = p->scopes[k].parent)
			if (p->scopes[k].kind == PLAN_ROUNDS)
				return plan__err_at(ld, o, "ioengine", 1, "fio's null engine "
						    "writes nothing: not in <rounds> '%s', whose "
						    "rounds count what is written",
						    p->scopes[k].name);
	if (w->point || w->point_from) {
		int rc = check_point(ld, o, w, i);

		if (rc)
			return rc;
	}
	if (plan_step_is(w, PLAN_KIND_MEASURE))
		return check_workload(ld, o, w, t);
	if (plan_kind_info(w->kind)->time == PLAN_TIME_DURATION && !w->duration_ms)
		return plan__err_at(ld, o, "duration", 1, "duration must be more than 0");
	return 0;
}

static int check_tracks(struct plan__loader *ld, const struct plan__origin *o,
			const struct plan_scope *s)
{
	const struct plan *p = ld->p;
	const char **names;
	size_t n = 0;
	int rc = 0;

	if (!strcmp(s->until, "steady") && !s->ntracks)
		return plan__err_at(ld, o, NULL, 0, "<rounds until=\"steady\"> needs at least "
				    "one <track> to test for steady state");
	names = xcalloc(s->count + 1, sizeof(*names));
	for (size_t i = s->first; i < s->first + s->count; i++)
		if (plan_step_is(&p->steps[i], PLAN_KIND_MEASURE))
			names[n++] = p->steps[i].name;
	qsort(names, n, sizeof(*names), cmp_str);
	for (size_t k = 0; k < s->ntracks && !rc; k++) {
		const struct plan_track *t = &s->tracks[k];

		if (!has_name(names, n, t->element))
			rc = plan__err_at(ld, o, NULL, 0, "<track element=\"%s\"> (line %d) "
					  "names no workload inside <rounds> '%s'", t->element,
					  t->line, s->name);
	}
	free(names);
	return rc;
}

static int check_rounds(struct plan__loader *ld, const struct plan__origin *o,
			const struct plan_scope *s)
{
	if (!strcmp(s->until, "steady") && s->window > s->max_rounds)
		return plan__err_at(ld, o, "window", 1, "window %lld is more than max %lld "
				    "rounds: steady state could never be tested", s->window,
				    s->max_rounds);
	if (!strcmp(s->until, "written") && !s->written.bytes && !s->written.mult)
		return plan__err_at(ld, o, "until", 1, "until=\"written\" needs 'written' "
				    "(e.g. written=\"2x\")");
	if (!strcmp(s->until, "time") && !s->time_ms)
		return plan__err_at(ld, o, "until", 1, "until=\"time\" needs 'time'");
	if (!strcmp(s->until, "passes") && s->max_rounds < 2)
		return plan__err_at(ld, o, "max", 1, "until=\"passes\" needs max=\"2\" or more "
				    "(one pass has no noise estimate)");
	for (size_t i = s->first; i < s->first + s->count; i++)
		if (plan_step_is(&ld->p->steps[i], PLAN_KIND_MEASURE) &&
		    !ld->p->steps[i].time_based)
			return plan__err_at(ld, &ld->step_org.v[i], "time_based", 1, "steps "
					    "inside <rounds> must be time-based");
	return check_tracks(ld, o, s);
}

/* targets: the plan's target names, sorted with cmp_str. */
static int check_raid(struct plan__loader *ld, const struct plan__origin *o,
		      const struct plan_scope *s, const char *const *targets)
{
	const struct plan *p = ld->p;
	size_t n = 0;

	if (s->level != 0)
		return plan__err_at(ld, o, "level", 1, "only RAID level 0 is supported");
	for (const char *m = s->members; *m; n++) {
		size_t len = strcspn(m, " ");
		char *name = xstrndup(m, len);
		int found = has_name(targets, p->ntargets, name);

		free(name);
		if (!found)
			return plan__err_at(ld, o, "members", 1, "no target named '%.*s'",
					    (int)len, m);
		m += len + (m[len] == ' ');
	}
	if (n < 2)
		return plan__err_at(ld, o, "members", 1, "a RAID 0 needs at least 2 members");
	return 0;
}

/* repeat: an earlier scope has this one's name; targets as for check_raid(). */
static int check_scope(struct plan__loader *ld, size_t i, int repeat,
		       const char *const *targets)
{
	const struct plan *p = ld->p;
	const struct plan_scope *s = &p->scopes[i];
	const struct plan__origin *o = &ld->scope_org.v[i];

	if (repeat)
		return plan__err_at(ld, o, "name", 1, "scope name '%s' is used twice", s->name);
	for (int up = s->parent; up >= 0; up = p->scopes[up].parent)
		if (p->scopes[up].kind == s->kind)
			return plan__err_at(ld, o, NULL, 0, "<%s> inside another <%s>",
					    plan_scope_name(s->kind), plan_scope_name(s->kind));
	if (!s->count)
		return plan__err_at(ld, o, NULL, 0, "<%s> '%s' holds no steps",
				    plan_scope_name(s->kind), s->name);
	if (plan_scope_is(s, PLAN_SCOPE_REPEAT))
		return check_rounds(ld, o, s);
	if (plan_scope_is(s, PLAN_SCOPE_CYCLE) &&
	    (s->count != 1 || !plan_step_is(&p->steps[s->first], PLAN_KIND_MEASURE)))
		return plan__err_at(ld, o, NULL, 0, "<duty-cycle> holds exactly one <workload>");
	if (plan_scope_is(s, PLAN_SCOPE_OVERPROVISION) && (s->op < 0 || s->op > 10))
		return plan__err_at(ld, o, "percent", 1, "over-provisioning must be from 0%% "
				    "(none) to 1000%%");
	if (plan_scope_is(s, PLAN_SCOPE_ARRAY))
		return check_raid(ld, o, s, targets);
	return 0;
}

int plan__check(struct plan__loader *ld)
{
	const struct plan *p = ld->p;
	size_t host = FIRST_REPEAT(p->hosts, p->nhosts, struct plan_host);
	size_t target = FIRST_REPEAT(p->targets, p->ntargets, struct plan_target);
	size_t scope = FIRST_REPEAT(p->scopes, p->nscopes, struct plan_scope);
	size_t step = FIRST_REPEAT(p->steps, p->nsteps, struct plan_workload);
	const char **targets = xcalloc(p->ntargets + 1, sizeof(*targets));
	int rc = 0;

	for (size_t i = 0; i < p->ntargets; i++)
		targets[i] = p->targets[i].name;
	qsort(targets, p->ntargets, sizeof(*targets), cmp_str);

	if (host < p->nhosts)
		rc = diag_set(ld->d, -SB_EPARSE, p->file, p->hosts[host].line, 0,
			      "host '%s' is defined twice", p->hosts[host].name);
	for (size_t i = 0; i < p->ntargets && !rc; i++)
		rc = check_target(ld, i, i == target);
	if (!rc && !p->ntargets)
		rc = diag_set(ld->d, -SB_EPARSE, p->file, 0, 0, "the plan has no <target>");
	if (!rc && !p->nsteps)
		rc = diag_set(ld->d, -SB_EPARSE, p->file, 0, 0, "the plan has no steps");
	for (size_t i = 0; i < p->nscopes && !rc; i++)
		rc = check_scope(ld, i, i == scope, targets);
	for (size_t i = 0; i < p->nsteps && !rc; i++)
		rc = check_step(ld, i, i == step);
	free(targets);
	return rc;
}

void plan_step_range(const struct plan_workload *w, uint64_t capacity, uint64_t *offset,
		     uint64_t *size)
{
	*offset = plan_amount_bytes(&w->offset_amt, capacity);
	if (w->offset_amt.mult > 0)   /* a share of capacity: block-aligned */
		*offset = *offset / 4096 * 4096;
	*size = w->size_amt.mult > 0 ? plan_amount_bytes(&w->size_amt, capacity) / 4096 * 4096
				     : w->size;
}

/*
 * The line and column of attribute attr in the element of file whose start tag
 * begins last on or before line (libxml2 gives an element's line); line and 0
 * when the file or attribute cannot be found.
 */
static void attr_where(const char *file, int line, const char *attr, int *l, int *c)
{
	struct xmlfile_src src;
	struct sbuf text;
	size_t tag = (size_t)-1, name_off, val_off;

	*l = line;
	*c = 0;
	sbuf_init(&text);
	if (!file || sbuf_read_file(&text, file)) {
		sbuf_release(&text);
		return;
	}
	xmlfile_src_scan(&src, text.buf, text.len);
	for (size_t t = 0; t < src.ntags; t++) {
		int tl, tc;

		xmlfile_src_linecol(&src, src.tags[t], &tl, &tc);
		if (tl <= line)
			tag = t;
	}
	if (tag != (size_t)-1 && !xmlfile_src_attr(&src, src.tags[tag], attr, &name_off,
						    &val_off))
		xmlfile_src_linecol(&src, val_off, l, c);
	xmlfile_src_release(&src);
	sbuf_release(&text);
}

/* Refuses step w's range past capacity bytes, at its offset (or size) attribute. */
static int check_range(const struct plan_workload *w, const char *tname, uint64_t capacity,
		       struct diag *d)
{
	uint64_t offset, size;
	char a[32], b[32], cap[32];
	int line, col;

	plan_step_range(w, capacity, &offset, &size);
	if (offset < capacity && size <= capacity - offset)
		return 0;
	attr_where(w->file, w->line, offset ? "offset" : "size", &line, &col);
	units_format_size(offset, a, sizeof(a));
	units_format_size(size, b, sizeof(b));
	units_format_size(capacity, cap, sizeof(cap));
	if (offset >= capacity)
		return diag_set(d, -SB_EUSAGE, w->file, line, col, "offset %s of step '%s' is "
				"not inside target '%s' (%s): fio would grow a file target to "
				"reach it", a, w->name, tname, cap);
	return diag_set(d, -SB_EUSAGE, w->file, line, col, "step '%s' reaches past the end "
			"of target '%s' (%s): offset %s + size %s; fio would grow a file "
			"target to reach it", w->name, tname, cap, a, b);
}

int plan_check_ranges(const struct plan *p, uint64_t capacity, struct diag *d)
{
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];
		const struct plan_target *t = plan_step_target(p, w);
		uint64_t cap = capacity ? capacity : t ? t->size : 0;
		int rc;

		if (!plan_step_is(w, PLAN_KIND_MEASURE) || !cap)
			continue;
		rc = check_range(w, t ? t->name : "?", cap, d);
		if (rc)
			return rc;
	}
	return 0;
}
