/* SPDX-License-Identifier: MIT */
/* lineup: matching tests across archives, values per drive, deltas, the lineup CSV. */
#include "lineup.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "err.h"
#include "lineup_params.h"
#include "safefile.h"
#include "sbuf.h"
#include "suggest.h"
#include "vocab.h"
#include "xalloc.h"

static const struct lineup_metric_def metrics[LM_N] = {
	[LM_IOPS] = { "iops", "IOPS", 0, 1 },
	[LM_MBPS] = { "MBps", "MB/s", 0, 1 },
	[LM_READ_IOPS] = { "read_iops", "IOPS", 0, 0 },
	[LM_READ_MBPS] = { "read_MBps", "MB/s", 0, 0 },
	[LM_WRITE_IOPS] = { "write_iops", "IOPS", 0, 0 },
	[LM_WRITE_MBPS] = { "write_MBps", "MB/s", 0, 0 },
	[LM_CLAT_MEAN] = { "clat_mean_us", "µs", 1, 1 },
	[LM_CLAT_P99] = { "clat_p99_us", "µs", 1, 0 },
	[LM_CLAT_P999] = { "clat_p99.9_us", "µs", 1, 1 },
	[LM_CLAT_P9999] = { "clat_p99.99_us", "µs", 1, 0 },
	[LM_REPLAY_MBPS] = { "replay_MBps", "MB/s", 0, 0 },
};

const struct lineup_metric_def *lineup_metric(enum lineup_metric m)
{
	return &metrics[(unsigned)m < LM_N ? m : 0];
}

/* A positive measurement, else NAN: a direction without I/O has no rate. */
static double pos(double v)
{
	return v > 0 ? v : NAN;
}

static void step_values(const struct result_step *st, double v[LM_N])
{
	const struct result_dirstat *ds = st->dir_stat;

	v[LM_IOPS] = pos(ds[RESULT_READ].iops + ds[RESULT_WRITE].iops + ds[RESULT_TRIM].iops);
	v[LM_MBPS] = pos((ds[RESULT_READ].bw_bytes + ds[RESULT_WRITE].bw_bytes +
			  ds[RESULT_TRIM].bw_bytes) / 1e6);
	v[LM_READ_IOPS] = pos(ds[RESULT_READ].iops);
	v[LM_READ_MBPS] = pos(ds[RESULT_READ].bw_bytes / 1e6);
	v[LM_WRITE_IOPS] = pos(ds[RESULT_WRITE].iops);
	v[LM_WRITE_MBPS] = pos(ds[RESULT_WRITE].bw_bytes / 1e6);
	v[LM_CLAT_MEAN] = pos(st->clat_mean_us);
	v[LM_CLAT_P99] = pos(st->clat_p99_us);
	v[LM_CLAT_P999] = pos(st->clat_p999_us);
	v[LM_CLAT_P9999] = pos(st->clat_p9999_us);
	v[LM_REPLAY_MBPS] = st->trace ? pos(result_replay_mbps(st)) : NAN;
}

static int same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static int usable(const struct result_step *st)
{
	return st->status && !strcmp(st->status, "ok") &&
	       (result_step_kind(st) == STEP_WORKLOAD || result_step_kind(st) == STEP_REPLAY);
}

/* ---- sweep keys: "op=0 phase=before" ------------------------------------------------ */

/* The value cell binds key to, or NULL. Returns a new string. */
static char *cell_value(const char *cell, const char *key)
{
	size_t kl = strlen(key);

	for (const char *p = cell; p && *p; p += strcspn(p, " "), p += *p == ' ') {
		if (!strncmp(p, key, kl) && p[kl] == '=')
			return xstrndup(p + kl + 1, strcspn(p + kl + 1, " "));
	}
	return NULL;
}

/* The cell without key's binding; NULL when nothing is left. Returns a new string. */
static char *cell_without(const char *cell, const char *key)
{
	size_t kl = strlen(key);
	struct sbuf sb;

	sbuf_init(&sb);
	for (const char *p = cell; p && *p; p += strcspn(p, " "), p += *p == ' ') {
		if (!strncmp(p, key, kl) && p[kl] == '=')
			continue;
		sbuf_addf(&sb, "%s%.*s", sb.len ? " " : "", (int)strcspn(p, " "), p);
	}
	if (!sb.len) {
		sbuf_release(&sb);
		return NULL;
	}
	return sbuf_detach(&sb);
}

/* Whether a and b are both digits or both letters: "op28" splits, "q128" does not. */
static int joined(int a, int b)
{
	return (isdigit(a) && isdigit(b)) || (isalpha(a) && isalpha(b));
}

/*
 * name with each occurrence of value that stands apart (not inside a longer number
 * or word) written as ${key}: "op28-rnd4k" with op=28 is "op${op}-rnd4k". Returns a
 * new string.
 */
static char *name_with_key(const char *name, const char *value, const char *key)
{
	size_t vl = strlen(value);
	struct sbuf sb;
	const char *p = name;

	sbuf_init(&sb);
	while (*p) {
		const char *hit = vl ? strstr(p, value) : NULL;

		while (hit && ((hit > name && joined((unsigned char)hit[-1], (unsigned char)value[0])) ||
			       joined((unsigned char)hit[vl], (unsigned char)value[vl - 1])))
			hit = strstr(hit + 1, value);
		if (!hit) {
			sbuf_adds(&sb, p);
			break;
		}
		sbuf_addf(&sb, "%.*s${%s}", (int)(hit - p), p, key);
		p = hit + vl;
	}
	return sbuf_detach(&sb);
}

char *lineup_pick_key(const struct result_run *run)
{
	char *best = NULL;
	size_t best_n = 0;

	for (size_t i = 0; i < run->nsteps; i++) {
		const char *c = run->steps[i].cell;

		for (const char *p = c; usable(&run->steps[i]) && p && *p;
		     p += strcspn(p, " "), p += *p == ' ') {
			char *key = xstrndup(p, strcspn(p, "= "));
			char *first = NULL;
			size_t n = 0;
			int two = 0;

			for (size_t k = 0; k < run->nsteps; k++) {
				char *v = usable(&run->steps[k]) ? cell_value(run->steps[k].cell, key)
								 : NULL;

				if (v && first && strcmp(v, first))
					two = 1;
				if (v && !first)
					first = xstrdup(v);
				n += v != NULL;
				free(v);
			}
			free(first);
			if (two && n > best_n) {
				free(best);
				best = key;
				best_n = n;
			} else {
				free(key);
			}
		}
	}
	return best;
}

/* ---- columns ------------------------------------------------------------------------ */

/* Element k's test as member m sees it, into m->tname[k] and m->tcell[k]. */
static void member_tests(struct lineup_member *m, const char *by)
{
	const struct result_run *run = m->run;

	m->tname = xcalloc(run->nsteps + 1, sizeof(*m->tname));
	m->tcell = xcalloc(run->nsteps + 1, sizeof(*m->tcell));
	for (size_t k = 0; k < run->nsteps; k++) {
		const struct result_step *st = &run->steps[k];
		char *v = by && usable(st) ? cell_value(st->cell, by) : NULL;

		if (!usable(st) || (by && (!v || strcmp(v, m->value)))) {
			free(v);
			continue;
		}
		m->tname[k] = by ? name_with_key(st->name, v, by) : xstrdup(st->name);
		m->tcell[k] = by ? cell_without(st->cell, by) : st->cell ? xstrdup(st->cell)
									: NULL;
		free(v);
	}
}

/*
 * Member m's value of test (name, cell): outside rounds the element itself; in
 * a rounds scope that reached steady state the mean over the measurement window;
 * otherwise the last round. Returns the representative element, or NULL.
 */
static const struct result_step *select_value(const struct lineup_member *m,
					      const char *name, const char *cell,
					      double v[LM_N], char **how)
{
	const struct result_run *run = m->run;
	const struct result_step *last = NULL;
	const struct result_scope *sc;
	double sum[LM_N] = { 0 }, one[LM_N];
	int n[LM_N] = { 0 }, lo, hi, not_reached;

	for (size_t i = 0; i < run->nsteps; i++)
		if (m->tname[i] && same(m->tname[i], name) && same(m->tcell[i], cell) &&
		    (!last || run->steps[i].round >= last->round))
			last = &run->steps[i];
	if (!last)
		return NULL;
	step_values(last, v);
	*how = xstrdup("");
	sc = last->scope ? result_run_scope(run, last->scope) : NULL;
	if (!last->round || !sc)
		return last;
	free(*how);
	/* SNIA: a steady-state test that was not reached reports its last window. */
	not_reached = !sc->steady_round && sc->until && !strcmp(sc->until, "steady");
	if ((!sc->steady_round && !not_reached) || sc->window < 1) {
		*how = xasprintf("last round %d", last->round);
		return last;
	}
	hi = sc->steady_round ? sc->steady_round : last->round;
	lo = hi - sc->window + 1 > 1 ? hi - sc->window + 1 : 1;
	*how = xasprintf("%s window %d-%d", not_reached ? "last (not steady)" : "steady", lo,
			 hi);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (!m->tname[i] || !same(m->tname[i], name) || !same(m->tcell[i], cell) ||
		    st->round < lo || st->round > hi)
			continue;
		step_values(st, one);
		for (int k = 0; k < LM_N; k++)
			if (isfinite(one[k])) {
				sum[k] += one[k];
				n[k]++;
			}
		if (st->round == hi)
			last = st;
	}
	for (int k = 0; k < LM_N; k++)
		v[k] = n[k] ? sum[k] / n[k] : NAN;
	return last;
}

/* The label: drive model and firmware when known, else the folder's last name. */
static char *default_label(const struct result_run *run, const char *dir)
{
	const char *end, *start;

	if (run->drive_model && *run->drive_model)
		return run->drive_firmware && *run->drive_firmware
			       ? xasprintf("%s %s", run->drive_model, run->drive_firmware)
			       : xstrdup(run->drive_model);
	end = dir + strlen(dir);
	while (end > dir + 1 && end[-1] == '/')
		end--;
	start = end;
	while (start > dir && start[-1] != '/')
		start--;
	return xstrndup(start, (size_t)(end - start));
}

static void add_member(struct lineup *l, const struct result_run *run, const char *dir,
		       char *label, const char *value)
{
	struct lineup_member *m;

	l->m = xrealloc(l->m, (l->nm + 1) * sizeof(*l->m));
	m = &l->m[l->nm++];
	memset(m, 0, sizeof(*m));
	m->run = run;
	m->dir = xstrdup(dir);
	m->value = value ? xstrdup(value) : NULL;
	for (size_t j = 0; j + 1 < l->nm; j++)
		if (!strcmp(l->m[j].label, label)) {
			char *u = xasprintf("%s (%zu)", label, l->nm);

			free(label);
			label = u;
			break;
		}
	m->label = label;
	member_tests(m, l->by);
}

/* Archive i's columns: itself, or one per value of l->by in order of appearance. */
static void add_columns(struct lineup *l, const struct result_run *run, const char *dir,
			const char *label, int alone)
{
	char **seen = xcalloc(run->nsteps + 1, sizeof(*seen));
	size_t ns = 0;

	if (!l->by)
		add_member(l, run, dir, xstrdup(label), NULL);
	for (size_t k = 0; l->by && k < run->nsteps; k++) {
		char *v = usable(&run->steps[k]) ? cell_value(run->steps[k].cell, l->by) : NULL;
		size_t j = 0;

		while (v && j < ns && strcmp(seen[j], v))
			j++;
		if (!v || j < ns) {
			free(v);
			continue;
		}
		seen[ns++] = v;
		add_member(l, run, dir, alone ? xasprintf("%s=%s", l->by, v) :
			   xasprintf("%s %s=%s", label, l->by, v), v);
		if (!alone)
			l->m[l->nm - 1].drive = xstrdup(label);
	}
	for (size_t j = 0; j < ns; j++)
		free(seen[j]);
	free(seen);
}

/* "name [cell]: " */
static char *test_key(const char *name, const char *cell)
{
	return xasprintf("%s%s%s%s: ", name, cell ? " [" : "", cell ? cell : "",
			 cell ? "]" : "");
}

/* Whether element k's test came before in member m. */
static int seen_before(const struct lineup_member *m, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (m->tname[i] && same(m->tname[i], m->tname[k]) &&
		    same(m->tcell[i], m->tcell[k]))
			return 1;
	return 0;
}

/* Whether the lineup already matched or reported (name, cell). */
static int known(const struct lineup *l, const char *name, const char *cell)
{
	char *key = test_key(name, cell);
	int hit = 0;

	for (size_t i = 0; !hit && i < l->nt; i++)
		hit = same(l->t[i].name, name) && same(l->t[i].cell, cell);
	for (size_t i = 0; !hit && i < l->nleft; i++)
		hit = !strncmp(l->left_out[i], key, strlen(key));
	free(key);
	return hit;
}

static void add_left_out(struct lineup *l, const char *name, const char *cell,
			 const char *why)
{
	char *key = test_key(name, cell);

	l->left_out = xrealloc(l->left_out, (l->nleft + 1) * sizeof(*l->left_out));
	l->left_out[l->nleft++] = xasprintf("%s%s", key, why);
	free(key);
}

/* Test (name, cell) across the members: a shared test, or a left-out one. */
static void match(struct lineup *l, const char *name, const char *cell)
{
	struct lineup_test t = { xstrdup(name), cell ? xstrdup(cell) : NULL,
				 /* An array of pointers: sizeof(*p) is the pointer size, as meant. */
				 /* NOLINTNEXTLINE(bugprone-sizeof-expression) */
				 xcalloc(l->nm, sizeof(*t.step)), xcalloc(l->nm, sizeof(*t.v)),
				 xcalloc(l->nm, sizeof(*t.how)) };
	struct sbuf only;
	size_t have = 0;

	sbuf_init(&only);
	for (size_t i = 0; i < l->nm; i++) {
		t.step[i] = select_value(&l->m[i], name, cell, t.v[i], &t.how[i]);
		if (t.step[i])
			sbuf_addf(&only, "%s%s", have++ ? ", " : "", l->m[i].label);
		else
			for (int k = 0; k < LM_N; k++)
				t.v[i][k] = NAN;   /* blank in every output */
	}
	if (have == l->nm || l->all_tests) {
		l->t = xrealloc(l->t, (l->nt + 1) * sizeof(*l->t));
		l->t[l->nt++] = t;
	} else {
		char *why = xasprintf("only in %s", only.buf);

		add_left_out(l, name, cell, why);
		free(why);
		for (size_t i = 0; i < l->nm; i++)
			free(t.how[i]);
		free(t.how);
		free(t.v);
		free(t.step);
		free(t.name);
		free(t.cell);
	}
	sbuf_release(&only);
}

/* With l->by: the finished workloads no column holds, because their cell lacks by. */
static void left_unkeyed(struct lineup *l, const struct result_run *run)
{
	char *why = xasprintf("not swept over %s", l->by);

	for (size_t k = 0; k < run->nsteps; k++) {
		const struct result_step *st = &run->steps[k];
		char *v = usable(st) ? cell_value(st->cell, l->by) : NULL;

		if (usable(st) && !v && !known(l, st->name, st->cell))
			add_left_out(l, st->name, st->cell, why);
		free(v);
	}
	free(why);
}

/*
 * "no finished workload has 'opp' in its sweep cell (did you mean 'op'?)"; when no
 * key is close, the keys run's finished workloads' cells have, or that they have none.
 */
static int no_key(const struct result_run *run, const char *by, const char *dir,
		  struct diag *d)
{
	char **keys = NULL;
	size_t n = 0;
	const char *near;
	struct sbuf sb;
	int rc;

	for (size_t k = 0; k < run->nsteps; k++) {
		const char *c = usable(&run->steps[k]) ? run->steps[k].cell : NULL;

		for (const char *p = c; p && *p; p += strcspn(p, " "), p += *p == ' ') {
			char *key = xstrndup(p, strcspn(p, "= "));
			size_t i = 0;

			while (i < n && strcmp(keys[i], key))
				i++;
			if (i < n) {
				free(key);
				continue;
			}
			keys = xrealloc(keys, (n + 1) * sizeof(*keys));
			keys[n++] = key;
		}
	}
	near = suggest_pick(by, (const char *const *)keys, n);
	sbuf_init(&sb);
	for (size_t i = 0; i < n; i++)
		sbuf_addf(&sb, "%s'%s'", i ? ", " : "", keys[i]);
	if (near)
		rc = diag_set(d, -SB_EINVAL, dir, 0, 0, "no finished workload has '%s' in its "
			      "sweep cell (did you mean '%s'?)", by, near);
	else if (n)
		rc = diag_set(d, -SB_EINVAL, dir, 0, 0, "no finished workload has '%s' in its "
			      "sweep cell (their keys: %s)", by, sb.buf);
	else
		rc = diag_set(d, -SB_EINVAL, dir, 0, 0, "no finished workload has '%s' in its "
			      "sweep cell: none has a sweep cell", by);
	sbuf_release(&sb);
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	return rc;
}

/* Which column is the baseline: archive o->base's column with o->base_value. */
static int find_base(struct lineup *l, const struct result_run *base_run,
		     const struct lineup_opts *o, const char *dir, struct diag *d)
{
	const char *want = o->base_value;

	if (want && l->by && !strncmp(want, l->by, strlen(l->by)) && want[strlen(l->by)] == '=')
		want += strlen(l->by) + 1;
	for (size_t i = 0; i < l->nm; i++)
		if (l->m[i].run == base_run && (!want || !l->by || !strcmp(l->m[i].value, want))) {
			l->base = i;
			return 0;
		}
	if (!l->by)
		return 0;
	if (!want)
		return no_key(base_run, l->by, dir, d);
	return diag_set(d, -SB_EINVAL, dir, 0, 0, "no finished workload has %s=%s", l->by,
			want);
}

int lineup_build(struct lineup *l, const struct result_run *const *runs,
		 const char *const *dirs, size_t n, const struct lineup_opts *o,
		 struct diag *d)
{
	size_t base = o->base < n ? o->base : 0;
	int rc;

	memset(l, 0, sizeof(*l));
	l->by = o->by ? xstrdup(o->by) : NULL;
	l->all_tests = o->all_tests;
	for (size_t i = 0; i < n; i++) {
		char *label = o->labels && o->labels[i] ? xstrdup(o->labels[i])
							: default_label(runs[i], dirs[i]);

		add_columns(l, runs[i], dirs[i], label, n == 1);
		free(label);
	}
	rc = find_base(l, runs[base], o, dirs[base], d);
	if (rc)
		return rc;
	if (l->nm < 2)
		return diag_set(d, -SB_EINVAL, dirs[base], 0, 0, "nothing to compare: one "
				"column only%s%s", l->by ? ", no other value of " : "",
				l->by ? l->by : "");
	/* The baseline's order first, then what only the others ran. */
	for (size_t k = 0; k <= l->nm; k++) {
		const struct lineup_member *m = &l->m[k == 0 ? l->base : k - 1];

		if (k && k - 1 == l->base)
			continue;
		for (size_t i = 0; i < m->run->nsteps; i++)
			if (m->tname[i] && !seen_before(m, i) &&
			    !known(l, m->tname[i], m->tcell[i]))
				match(l, m->tname[i], m->tcell[i]);
	}
	for (size_t i = 0; l->by && i < n; i++)
		left_unkeyed(l, runs[i]);
	if (!l->nt)
		return diag_set(d, -SB_EINVAL, dirs[base], 0, 0,
				"the archives share no finished test (step name and cell)");
	return 0;
}

void lineup_release(struct lineup *l)
{
	for (size_t i = 0; i < l->nt; i++) {
		for (size_t k = 0; k < l->nm; k++)
			free(l->t[i].how[k]);
		free(l->t[i].how);
		free(l->t[i].v);
		free(l->t[i].step);
		free(l->t[i].name);
		free(l->t[i].cell);
	}
	for (size_t i = 0; i < l->nm; i++) {
		for (size_t k = 0; k < l->m[i].run->nsteps; k++) {
			free(l->m[i].tname[k]);
			free(l->m[i].tcell[k]);
		}
		free(l->m[i].tname);
		free(l->m[i].tcell);
		free(l->m[i].label);
		free(l->m[i].drive);
		free(l->m[i].dir);
		free(l->m[i].value);
	}
	for (size_t i = 0; i < l->nleft; i++)
		free(l->left_out[i]);
	free(l->left_out);
	free(l->t);
	free(l->m);
	free(l->by);
	memset(l, 0, sizeof(*l));
}

size_t lineup_nshared(const struct lineup *l)
{
	size_t n = 0;

	for (size_t t = 0; t < l->nt; t++) {
		size_t i = 0;

		while (i < l->nm && l->t[t].step[i])
			i++;
		n += i == l->nm;
	}
	return n;
}

int lineup_plans_differ(const struct lineup *l)
{
	for (size_t i = 1; i < l->nm; i++)
		if (!same(l->m[i].run->plan_name, l->m[0].run->plan_name) ||
		    !same(l->m[i].run->plan_sha256, l->m[0].run->plan_sha256))
			return 1;
	return 0;
}

double lineup_delta(const struct lineup *l, size_t t, size_t i, enum lineup_metric m)
{
	double b = l->t[t].v[l->base][m], v = l->t[t].v[i][m];

	if (!isfinite(b) || !isfinite(v) || b == 0)
		return NAN;
	return (v - b) / fabs(b) * 100.0;
}

static void csv_row(struct sbuf *sb, const struct lineup *l, size_t t, size_t i, int m)
{
	const struct lineup_test *tt = &l->t[t];
	const char *fields[] = { l->m[i].label, l->m[i].dir, tt->name, tt->cell ? tt->cell : "",
				 metrics[m].id, metrics[m].unit };
	double dp = lineup_delta(l, t, i, (enum lineup_metric)m);
	struct sbuf differs;
	char num[64];

	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		sbuf_add_csv(sb, fields[f]);
		sbuf_addc(sb, ',');
	}
	if (isfinite(tt->v[i][m]))                  /* a test the drive lacks: empty */
		sbuf_adds(sb, chart_format_fixed(tt->v[i][m], 2, num, sizeof(num)));
	sbuf_addc(sb, ',');
	if (isfinite(dp))
		sbuf_adds(sb, chart_format_fixed(dp, 2, num, sizeof(num)));
	sbuf_addf(sb, ",%s,", metrics[m].lower_better ? "lower" : "higher");
	sbuf_add_csv(sb, tt->how[i]);
	sbuf_addc(sb, ',');
	sbuf_init(&differs);
	if (lineup_mark(l, t, i, NULL, &differs))
		sbuf_add_csv(sb, differs.buf);
	sbuf_release(&differs);
	sbuf_adds(sb, "\r\n");
}

int lineup_write_csv(const struct lineup *l, const char *path, struct diag *d)
{
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	sbuf_adds(&sb, "\xEF\xBB\xBF" "drive,archive,test,cell,metric,unit,value,delta_pct,"
		  "better,selection,params_differ\r\n");
	for (size_t t = 0; t < l->nt; t++)
		for (size_t i = 0; i < l->nm; i++)
			for (int m = 0; m < LM_N; m++)
				if (isfinite(l->t[t].v[i][m]))
					csv_row(&sb, l, t, i, m);
	rc = safefile_write(path, sb.buf, sb.len, d);
	sbuf_release(&sb);
	return rc;
}

/* 1 when cell ("op=28 phase=before") binds key to value. */
static int cell_binds(const char *cell, const char *key, const char *value)
{
	size_t kl = strlen(key), vl = strlen(value);

	for (const char *p = cell; p && *p; p += strcspn(p, " "), p += *p == ' ')
		if (!strncmp(p, key, kl) && p[kl] == '=' && !strncmp(p + kl + 1, value, vl) &&
		    (p[kl + 1 + vl] == ' ' || !p[kl + 1 + vl]))
			return 1;
	return 0;
}

/*
 * bytes written before column i began: its first element whose cell
 * binds the lineup's key to the column's value (an OP level's first step); 0 for
 * a column that is a whole archive.
 */
static double column_written0(const struct lineup *l, size_t i)
{
	const struct lineup_member *m = &l->m[i];

	if (!l->by || !m->value)
		return 0;
	for (size_t k = 0; k < m->run->nsteps; k++)
		if (cell_binds(m->run->steps[k].cell, l->by, m->value))
			return (double)m->run->steps[k].written_before;
	return 0;
}

/* Whether element e of column i is part of st's curve: st, or an element of its scope. */
static int in_curve(const struct lineup *l, size_t i, const struct result_step *st,
		    const struct result_step *e)
{
	if (!st->scope)
		return e == st;
	return e->scope && !strcmp(e->scope, st->scope) && e->status && !strcmp(e->status, "ok") &&
	       (!l->by || !l->m[i].value || cell_binds(e->cell, l->by, l->m[i].value));
}

size_t lineup_saturation(const struct lineup *l, size_t k, size_t i, double **pct,
			 double **iops)
{
	const struct result_step *st = l->t[k].step[i];
	const struct result_run *run = l->m[i].run;
	int first = 1;
	double base = 0;
	size_t n = 0;

	*pct = *iops = NULL;
	if (!st)
		return 0;   /* --tests all: a column without the test */
	for (size_t s = 0; s < run->nsteps; s++) {
		const struct result_step *e = &run->steps[s];
		size_t m = e->iops[RESULT_WRITE].n < e->written.n ? e->iops[RESULT_WRITE].n
								  : e->written.n;

		if (!in_curve(l, i, st, e) || !e->capacity || !m)
			continue;
		if (first) {   /* from 0: where the column began, else where the curve does */
			first = 0;
			base = l->by && l->m[i].value ? column_written0(l, i)
						     : (double)e->written_before;
		}
		*pct = xrealloc(*pct, (n + m) * sizeof(**pct));
		*iops = xrealloc(*iops, (n + m) * sizeof(**iops));
		for (size_t j = 0; j < m; j++, n++) {
			(*pct)[n] = 100.0 * (e->written.v[j] - base) / (double)e->capacity;
			(*iops)[n] = e->iops[RESULT_WRITE].v[j];
		}
	}
	return n;
}
