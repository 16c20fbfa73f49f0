/* SPDX-License-Identifier: MIT */
/*
 * check: the resolved plan, printed without running or touching anything: every
 * step after includes and sweeps, the fio parameters it runs with, how long it
 * takes (a range for rounds), how much it writes, and which steps destroy data.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "datadir.h"
#include "err.h"
#include "purgemethod.h"
#include "run_hwop.h"
#include "run_raid.h"
#include "run_replay.h"
#include "run_wcache.h"
#include "sbuf.h"
#include "tmpl.h"
#include "units.h"
#include "xalloc.h"

void check_format_ms(uint64_t ms, char *buf, size_t n)
{
	uint64_t s = ms / 1000, h = s / 3600, m = s % 3600 / 60;

	if (h && m)
		snprintf(buf, n, "%llu h %llu min", (unsigned long long)h, (unsigned long long)m);
	else if (h)
		snprintf(buf, n, "%llu h", (unsigned long long)h);
	else if (m && s % 60)
		snprintf(buf, n, "%llu min %llu s", (unsigned long long)m,
			 (unsigned long long)(s % 60));
	else if (m)
		snprintf(buf, n, "%llu min", (unsigned long long)m);
	else
		snprintf(buf, n, "%llu s", (unsigned long long)s);
}

/* The scope that starts at step i as a direct child of parent, or -1. */
static int child_scope_at(const struct plan *p, size_t i, int parent)
{
	for (size_t s = 0; s < p->nscopes; s++)
		if (p->scopes[s].parent == parent && p->scopes[s].first == i)
			return (int)s;
	return -1;
}

static void step_estimate(const struct plan_workload *w, uint64_t cap,
			  struct check_estimate *e)
{
	memset(e, 0, sizeof(*e));
	e->min_ms = e->max_ms = plan_step_time_ms(w, &e->open_time);
	/* A fill writes its amount; what a measurement writes is its drive's to say. */
	if (plan_step_is(w, PLAN_KIND_FILL))
		e->written_min = e->written_max = w->amount.mult ? w->amount.mult :
			cap ? (double)w->amount.bytes / (double)cap : 0;
	else if (plan_step_is(w, PLAN_KIND_MEASURE) || plan_step_is(w, PLAN_KIND_REPLAY))
		e->open_written = plan_step_writes(w);
}

static void add(struct check_estimate *to, const struct check_estimate *e,
		double min_k, double max_k)
{
	to->min_ms += (uint64_t)((double)e->min_ms * min_k);
	to->max_ms += (uint64_t)((double)e->max_ms * max_k);
	to->written_min += e->written_min * min_k;
	to->written_max += e->written_max * max_k;
	to->open_time |= e->open_time;
	to->open_written |= e->open_written;
}

/* Rounds: min..max rounds of one round's estimate, capped by time and written. */
static void rounds_estimate(const struct plan_scope *s, const struct check_estimate *one,
			    uint64_t cap, struct check_estimate *e)
{
	double lo = !strcmp(s->until, "steady") ? (double)s->window :
		    !strcmp(s->until, "max") || !strcmp(s->until, "passes") ? (double)s->max_rounds
									   : 1;
	double written = s->written.mult ? s->written.mult :
			 cap ? (double)s->written.bytes / (double)cap : 0;

	memset(e, 0, sizeof(*e));
	add(e, one, lo, (double)s->max_rounds);
	if (s->time_ms && e->max_ms > s->time_ms)
		e->max_ms = s->time_ms;
	if (s->time_ms && !strcmp(s->until, "time"))
		e->min_ms = e->max_ms;
	if (!strcmp(s->until, "written") && written > 0) {
		/* How long N x capacity takes is what the test measures: unknown here. */
		e->min_ms = 0;
		e->max_ms = s->time_ms;
		e->written_min = e->written_max = written;
		e->open_written = 0;
		e->open_time = 1;
	}
}

void check_estimate(const struct plan *p, size_t first, size_t end, int parent,
		    uint64_t capacity, struct check_estimate *e)
{
	memset(e, 0, sizeof(*e));
	for (size_t i = first; i < end;) {
		int s = child_scope_at(p, i, parent);
		struct check_estimate one, sub;

		if (s < 0) {
			step_estimate(&p->steps[i], capacity, &one);
			add(e, &one, 1, 1);
			i++;
			continue;
		}
		const struct plan_scope *sc = &p->scopes[s];

		check_estimate(p, sc->first, sc->first + sc->count, s, capacity, &one);
		if (sc->kind == PLAN_ROUNDS) {
			rounds_estimate(sc, &one, capacity, &sub);
		} else if (sc->kind == PLAN_DUTY_CYCLE) {
			memset(&sub, 0, sizeof(sub));
			sub.min_ms = sub.max_ms = (uint64_t)sc->repeat * (sc->on_ms + sc->off_ms);
			sub.open_written = one.open_written;
		} else {
			sub = one;
		}
		add(e, &sub, 1, 1);
		i = sc->first + sc->count;
	}
}

/* ------------------------------------------------------------------------- */
/* Describing steps                                                          */

static void amount_text(const struct plan_amount *a, struct sbuf *sb)
{
	char buf[32];

	if (a->mult > 0) {
		sbuf_addf(sb, "%gx capacity", a->mult);
	} else {
		units_format_size(a->bytes, buf, sizeof(buf));
		sbuf_adds(sb, buf);
	}
}

/* The fio parameters a workload or fill runs with, as key=value words. */
static void fio_params(const struct plan_workload *w, struct sbuf *sb)
{
	char bs[32];

	units_format_size_fio(w->bs, bs, sizeof(bs));
	if (plan_step_is(w, PLAN_KIND_FILL)) {
		sbuf_addf(sb, "rw=%s bs=%s iodepth=%lld numjobs=%lld io_size=",
			  !strcmp(w->pattern, "seq") ? "write" : "randwrite", bs, w->iodepth,
			  w->numjobs);
		amount_text(&w->amount, sb);
	} else if (w->point) {   /* run__point, when the scope has run */
		sbuf_addf(sb, "rw=%s bs=%s iodepth=%s numjobs=%s (the %s cell of '%s', chosen at "
			  "run time)", w->rw, w->bssplit ? w->bssplit : bs, w->point, w->point,
			  w->point, w->point_from);
	} else {
		sbuf_addf(sb, "rw=%s bs=%s iodepth=%lld numjobs=%lld", w->rw,
			  w->bssplit ? w->bssplit : bs, w->iodepth, w->numjobs);
	}
	if (!plan_step_is(w, PLAN_KIND_FILL)) {
		if (w->rwmixread >= 0)
			sbuf_addf(sb, " rwmixread=%lld", w->rwmixread);
		if (w->time_based)
			sbuf_addf(sb, " runtime=%llu time_based=1",
				  (unsigned long long)(w->runtime_ms / 1000));
		if (w->size_amt.mult > 0 || w->size_amt.bytes) {
			sbuf_adds(sb, " size=");
			amount_text(&w->size_amt, sb);
		}
		if (w->offset_amt.mult > 0 || w->offset_amt.bytes) {
			sbuf_adds(sb, " offset=");
			amount_text(&w->offset_amt, sb);
		}
		if (w->rate)
			sbuf_addf(sb, " rate=%s", w->rate);
		if (w->rate_iops)
			sbuf_addf(sb, " rate_iops=%lld", w->rate_iops);
		if (w->norandommap)
			sbuf_adds(sb, " norandommap=1");
		if (w->random_distribution)
			sbuf_addf(sb, " random_distribution=%s", w->random_distribution);
		if (w->thinktime_us)
			sbuf_addf(sb, " thinktime=%llu", (unsigned long long)w->thinktime_us);
		for (size_t i = 0; i < w->nfio; i++)
			sbuf_addf(sb, " %s%s%s", w->fio[i].name, w->fio[i].value ? "=" : "",
				  w->fio[i].value ? w->fio[i].value : "");
	}
	sbuf_addf(sb, " ioengine=%s direct=%d", w->ioengine, w->direct);
}

/* One line of description: what the step does. */
static void describe_step(const struct plan_workload *w, struct sbuf *sb)
{
	const struct plan_kind_info *k = plan_kind_info(w->kind);
	char t[32];

	if (k->flags & PLAN_KIND_FIO) {
		fio_params(w, sb);
	} else if (k->flags & PLAN_KIND_REPLAY) {
		const char *slash = strrchr(w->trace, '/');

		sbuf_addf(sb, "trace=%s mode=%s", slash ? slash + 1 : w->trace, w->mode);
		if (!strcmp(w->mode, "timed"))
			sbuf_addf(sb, " speed=%lld", w->speed);
		sbuf_addf(sb, " iodepth=%lld ioengine=%s direct=%d", w->iodepth, w->ioengine,
			  w->direct);
	} else if (k->flags & PLAN_KIND_ERASE) {
		sbuf_addf(sb, "method=%s", w->method);
	} else if (k->time == PLAN_TIME_DURATION) {
		check_format_ms(w->duration_ms, t, sizeof(t));
		sbuf_addf(sb, "%s %s", k->name, t);
	} else if (k->summary) {
		sbuf_adds(sb, k->summary);
	}
	if (w->cell)
		sbuf_addf(sb, " [%s]", w->cell);
}

static void describe_rounds(const struct plan_scope *s, struct sbuf *sb)
{
	char t[32];

	if (!strcmp(s->until, "passes"))   /* no steady-state test: window, range, slope unused */
		sbuf_addf(sb, "until passes: %lld passes, each its own fio process",
			  s->max_rounds);
	else
		sbuf_addf(sb, "until %s, window %lld, max %lld rounds, range %g%%, slope %g%%",
			  s->until, s->window, s->max_rounds, s->range * 100, s->slope * 100);
	if (s->written.mult > 0 || s->written.bytes) {
		sbuf_adds(sb, ", written ");
		amount_text(&s->written, sb);
	}
	if (s->time_ms) {
		check_format_ms(s->time_ms, t, sizeof(t));
		sbuf_addf(sb, ", time %s", t);
	}
	for (size_t i = 0; i < s->ntracks; i++)
		sbuf_addf(sb, "%s%s %s %s", i ? ", " : "; tracking ", s->tracks[i].element,
			  s->tracks[i].dir, s->tracks[i].metric);
}

static void describe_duty(const struct plan_scope *s, struct sbuf *sb)
{
	char t1[32], t2[32];

	check_format_ms(s->on_ms, t1, sizeof(t1));
	check_format_ms(s->off_ms, t2, sizeof(t2));
	sbuf_addf(sb, "%s on, %s off, %lld times", t1, t2, s->repeat);
}

static void describe_op(const struct plan_scope *s, struct sbuf *sb)
{
	sbuf_addf(sb, "over-provisioning %g%% (%s): the first %.1f%% of LBAs",
		  s->op * 100, s->op_method, 100 / (1 + s->op));
}

static void describe_raid(const struct plan_scope *s, struct sbuf *sb)
{
	sbuf_addf(sb, "RAID %lld of %s, chunk %llu KiB", s->level, s->members,
		  (unsigned long long)(s->chunk >> 10));
}

/* What `check` says of each kind of scope (plan.h's PLAN_SCOPE_KINDS). */
static void (*const scope_describers[PLAN_SCOPE_KIND_COUNT])(const struct plan_scope *s,
							      struct sbuf *sb) = {
	[PLAN_ROUNDS] = describe_rounds,
	[PLAN_DUTY_CYCLE] = describe_duty,
	[PLAN_OP] = describe_op,
	[PLAN_RAID] = describe_raid,
};

static void describe_scope(const struct plan_scope *s, struct sbuf *sb)
{
	scope_describers[s->kind](s, sb);
	if (s->write_cache)
		sbuf_addf(sb, "; write cache %s", s->write_cache);
}

/* ------------------------------------------------------------------------- */
/* Output                                                                    */

static int depth_of(const struct plan *p, int s)
{
	int d = 0;

	for (; s >= 0; s = p->scopes[s].parent)
		d++;
	return d;
}

static void range_text(const struct check_estimate *e, struct sbuf *sb)
{
	char a[32], b[32];

	check_format_ms(e->min_ms, a, sizeof(a));
	check_format_ms(e->max_ms, b, sizeof(b));
	if (e->min_ms == e->max_ms)
		sbuf_adds(sb, a);
	else
		sbuf_addf(sb, "%s – %s", a, b);
}

static void print_scope_head(const struct plan *p, int s, uint64_t cap, FILE *out)
{
	const struct plan_scope *sc = &p->scopes[s];
	struct check_estimate one, all;
	struct sbuf sb;

	sbuf_init(&sb);
	describe_scope(sc, &sb);
	check_estimate(p, sc->first, sc->first + sc->count, s, cap, &one);
	check_estimate(p, sc->first, sc->first + sc->count, sc->parent, cap, &all);
	sbuf_adds(&sb, " — ");
	if (sc->kind == PLAN_ROUNDS) {
		sbuf_adds(&sb, "per round ");
		range_text(&one, &sb);
		sbuf_adds(&sb, ", in all ");
	}
	range_text(&all, &sb);
	fprintf(out, "       %*s<%s> '%s': %s\n", 2 * (depth_of(p, s) - 1), "",
		plan_scope_name(sc->kind), sc->name, sb.buf);
	sbuf_release(&sb);
}

static void print_totals(const struct plan *p, uint64_t cap, FILE *out)
{
	struct check_estimate e;
	struct sbuf sb;
	size_t ndestroy = 0;

	sbuf_init(&sb);
	check_estimate(p, 0, p->nsteps, -1, cap, &e);
	range_text(&e, &sb);
	fprintf(out, "\ntime: %s of measurement and idle%s\n", sb.buf, e.open_time ?
		", plus fills, purges and size-bound steps, whose time depends on the "
		"drive" : "");
	if (e.written_max > 0) {
		fprintf(out, "writes: %g", e.written_min);
		if (e.written_max != e.written_min)
			fprintf(out, " – %g", e.written_max);
		fprintf(out, "x capacity%s\n", e.open_written ? ", plus what time-based "
			"writes manage, which depends on the drive" : "");
	} else {
		fputs(e.open_written ? "writes: time-based only; how much depends on the "
		      "drive\n" : "writes: nothing\n", out);
	}
	sbuf_reset(&sb);
	for (size_t i = 0; i < p->nsteps; i++) {
		if (!plan_step_writes(&p->steps[i]))
			continue;
		if (ndestroy++ < 8)
			sbuf_addf(&sb, "%s'%s'", ndestroy > 1 ? ", " : "", p->steps[i].name);
	}
	if (ndestroy > 8)
		sbuf_addf(&sb, " and %zu more", ndestroy - 8);
	if (ndestroy == 1)
		fprintf(out, "destroys data: 1 step writes to or erases its target: %s\n", sb.buf);
	else if (ndestroy)
		fprintf(out, "destroys data: %zu steps write to or erase their target: %s\n",
			ndestroy, sb.buf);
	else
		fputs("destroys data: no step writes (read-only plan)\n", out);
	if (p->write_cache && strcmp(p->write_cache, "as-is"))
		fprintf(out, "write cache: %s (the plan's; a scope may say otherwise): set before "
			"the steps, given back after the run; not applicable on files, loop and "
			"zram\n", p->write_cache);
	sbuf_release(&sb);
}

static void print_text(const struct plan *p, const char *path, uint64_t cap,
		       int assumed, FILE *out)
{
	char size[32];
	struct sbuf sb;

	sbuf_init(&sb);
	fprintf(out, "%s: ok: plan '%s' (%s), %zu steps\n", path, p->name, p->title,
		p->nsteps);
	for (size_t i = 0; i < p->ntargets; i++) {
		const struct plan_target *t = &p->targets[i];
		const struct plan_host *h = plan_target_host(p, t);

		units_format_size(t->size ? t->size : cap, size, sizeof(size));
		fprintf(out, "target '%s': %s %s, %s%s\n", t->name,
			t->kind == PLAN_TARGET_DEVICE ? "device" : "file", t->path,
			t->size || cap ? size : "capacity unknown",
			!t->size && assumed ? " (assumed)" : "");
		/* A run contacts this machine: say so before anyone runs a plan from elsewhere. */
		if (h)
			fprintf(out, "  on host '%s': contacts fio --server at %s:%lld and ssh "
				"%s (runs '%s' there)\n", h->name, h->address, h->port,
				h->ssh ? h->ssh : h->address, h->ssdbench ? h->ssdbench :
				"ssdbench");
	}
	fputc('\n', out);
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];

		int starts[32];
		size_t n = 0;

		for (int s = w->scope; s >= 0 && n < 32; s = p->scopes[s].parent)
			if (p->scopes[s].first == i)
				starts[n++] = s;
		while (n)  /* outermost first */
			print_scope_head(p, starts[--n], cap, out);
		sbuf_reset(&sb);
		describe_step(w, &sb);
		fprintf(out, "  %4zu %*s%-24s %-12s %s%s\n", i + 1, 2 * depth_of(p, w->scope), "",
			w->name, plan_kind_name(w->kind), sb.buf,
			plan_step_writes(w) ? "  [writes]" : "");
	}
	print_totals(p, cap, out);
	sbuf_release(&sb);
}

static json_t *estimate_json(const struct check_estimate *e)
{
	return json_pack("{s:I, s:I, s:f, s:f, s:b, s:b}", "min_ms", (json_int_t)e->min_ms,
			 "max_ms", (json_int_t)e->max_ms, "written_min_x", e->written_min,
			 "written_max_x", e->written_max, "time_depends_on_drive", e->open_time,
			 "written_depends_on_drive", e->open_written);
}

static json_t *steps_json(const struct plan *p)
{
	json_t *a = json_array();
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];
		const struct plan_target *t = plan_step_target(p, w);

		sbuf_reset(&sb);
		describe_step(w, &sb);
		json_array_append_new(a, json_pack("{s:I, s:s, s:s, s:o, s:o, s:s, s:b, s:s, s:I}",
			"index", (json_int_t)i + 1, "name", w->name, "kind",
			plan_kind_name(w->kind), "scope", w->scope >= 0 ?
			json_string(p->scopes[w->scope].name) : json_null(), "target",
			t ? json_string(t->name) : json_null(), "parameters", sb.buf,
			"writes", plan_step_writes(w), "write_cache",
			plan_step_write_cache(p, w), "line", (json_int_t)w->line));
	}
	sbuf_release(&sb);
	return a;
}

static json_t *scopes_json(const struct plan *p, uint64_t cap)
{
	json_t *a = json_array();
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < p->nscopes; i++) {
		const struct plan_scope *s = &p->scopes[i];
		struct check_estimate e;

		sbuf_reset(&sb);
		describe_scope(s, &sb);
		check_estimate(p, s->first, s->first + s->count, s->parent, cap, &e);
		json_array_append_new(a, json_pack("{s:s, s:s, s:I, s:I, s:s, s:o}", "name",
			s->name, "kind", plan_scope_name(s->kind), "first", (json_int_t)s->first + 1,
			"count", (json_int_t)s->count, "description", sb.buf, "estimate",
			estimate_json(&e)));
	}
	sbuf_release(&sb);
	return a;
}

/* The benches a run of p contacts: the hosts its targets are bound to. */
static json_t *hosts_json(const struct plan *p)
{
	json_t *a = json_array();

	for (size_t i = 0; i < p->ntargets; i++) {
		const struct plan_host *h = plan_target_host(p, &p->targets[i]);

		if (h)
			json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:I, s:s, s:s}",
				"target", p->targets[i].name, "host", h->name, "address",
				h->address, "port", (json_int_t)h->port, "ssh", h->ssh ? h->ssh :
				h->address, "ssdbench", h->ssdbench ? h->ssdbench : "ssdbench"));
	}
	return a;
}

static void print_json(const struct plan *p, const char *path, uint64_t cap, FILE *out)
{
	struct check_estimate e;
	json_t *o;
	char *text;

	check_estimate(p, 0, p->nsteps, -1, cap, &e);
	o = json_pack("{s:s, s:b, s:s, s:s, s:I, s:o, s:o, s:o, s:o}", "file", path,
		      "valid", 1, "name", p->name, "title", p->title, "capacity",
		      (json_int_t)cap, "steps", steps_json(p), "scopes", scopes_json(p, cap),
		      "hosts", hosts_json(p), "estimate", estimate_json(&e));
	text = json_dumps(o, JSON_INDENT(2));
	fprintf(out, "%s\n", text);
	free(text);
	json_decref(o);
}

/*
 * A <purge> whose method cannot run on its kind of target (discard on a file,
 * punch-holes on a device): refused here as the dry run and the run refuse it.
 * What a device itself supports is the dry run's to ask: check opens nothing.
 */
static int check_purges(const struct plan *p, struct diag *d)
{
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct plan_workload *w = &p->steps[i];
		const struct plan_target *t = plan_step_target(p, w);
		enum purge_method m;
		const char *why;

		if (!plan_step_is(w, PLAN_KIND_ERASE) || !t || purgemethod_parse(w->method, &m))
			continue;
		/* Inside a <raid> it runs on the md array: a block device. */
		why = purgemethod_unfit(m, plan_in_scope(p, w, PLAN_RAID) ||
					t->kind == PLAN_TARGET_DEVICE);
		if (why)
			return diag_set(d, -SB_EUSAGE, w->file, w->line, 0, "step '%s': cannot "
					"purge '%s' with '%s': %s", w->name, t->path, w->method,
					why);
	}
	return 0;
}

/*
 * write-cache on or off, refused where the run refuses it: in a plan with <raid>,
 * on a device on a bench, on a drive without a volatile write cache (asked of the
 * drive, read only, when it is attached here). Files, loop and zram devices have
 * none to set: not applicable, not an error.
 */
static int check_wcache(const struct plan *p, struct diag *d)
{
	const struct plan_target *t = p->ntargets ? &p->targets[0] : NULL;
	struct device_info *di = NULL;
	struct run_wcache *w = NULL;
	struct stat st;
	int rc = run_wcache_new(p, &w, d);

	if (!rc && w->any && t && t->kind == PLAN_TARGET_DEVICE) {
		if (!t->host && !stat(t->path, &st) && S_ISBLK(st.st_mode)) {
			di = xcalloc(1, sizeof(*di));
			rc = device_probe(t->path, di, d);
		}
		if (!rc && (t->host || di))
			rc = run_wcache_guard(w, di, t->host, 1, d);
	}
	free(di);
	run_wcache_free(w);
	return rc;
}

int check_report_template(const struct plan *p, struct diag *d)
{
	char *name, *path;
	struct tmpl *t = NULL;
	int rc;

	if (!p->report)
		return 0;
	name = xasprintf("templates/report-%s.xml", p->report);
	path = datadir_path(name);
	rc = tmpl_load(&t, path, d);
	tmpl_free(t);
	free(path);
	free(name);
	return rc;
}

/*
 * What the run refuses of a plan's shape before it touches anything: its targets
 * (one, or the members of one <raid> holding every step) and more than one <op>
 * that changes the drive's capacity.
 */
static int check_shape(const struct plan *p, struct diag *d)
{
	struct run_hwop *hw = NULL;
	int raid = -1, rc = run_raid_shape(p, &raid, d);

	if (!rc)
		rc = run_hwop_new(p, &hw, d);
	run_hwop_free(hw);
	return rc;
}

int check_plan(const struct check_opts *o, FILE *out, struct diag *d)
{
	struct plan pl;
	uint64_t cap;
	int rc;

	plan_init(&pl);
	rc = plan_load_all(&pl, o->plan_path, o->sets, o->nsets, d,
			   o->errors ? &o->errors->more : NULL, o->errors ? &o->errors->nmore : NULL);
	if (!rc)
		rc = check_report_template(&pl, d);
	for (size_t i = 0; i < o->ntargets && !rc; i++)
		rc = plan_apply_target(&pl, o->targets[i], d);
	if (!rc)   /* in the run's order */
		rc = run_replay_check(&pl, d);
	if (!rc)
		rc = check_shape(&pl, d);
	if (!rc)
		rc = check_purges(&pl, d);
	if (!rc)
		rc = check_wcache(&pl, d);
	if (!rc)
		rc = plan_check_ranges(&pl, 0, d);
	if (!rc) {
		cap = pl.targets[0].size ? pl.targets[0].size : o->assume_capacity;
		if (o->json)
			print_json(&pl, o->plan_path, cap, out);
		else
			print_text(&pl, o->plan_path, cap, o->assume_capacity != 0, out);
	}
	plan_release(&pl);
	return rc;
}
