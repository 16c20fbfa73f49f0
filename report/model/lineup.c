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
	[LM_IOPS] = { "iops", "IOPS", 0, 1, 2 },
	[LM_MBPS] = { "MBps", "MB/s", 0, 1, 2 },
	[LM_READ_IOPS] = { "read_iops", "IOPS", 0, 0, 2 },
	[LM_READ_MBPS] = { "read_MBps", "MB/s", 0, 0, 2 },
	[LM_WRITE_IOPS] = { "write_iops", "IOPS", 0, 0, 2 },
	[LM_WRITE_MBPS] = { "write_MBps", "MB/s", 0, 0, 2 },
	[LM_CLAT_MEAN] = { "clat_mean_us", "µs", 1, 1, 2 },
	[LM_CLAT_P99] = { "clat_p99_us", "µs", 1, 0, 2 },
	[LM_CLAT_P999] = { "clat_p99.9_us", "µs", 1, 1, 2 },
	[LM_CLAT_P9999] = { "clat_p99.99_us", "µs", 1, 0, 2 },
	[LM_REPLAY_MBPS] = { "replay_MBps", "MB/s", 0, 0, 2 },
	[LM_CONS_P999] = { "iops_p99.9_slowest", "IOPS", 0, 0, 2 },
	[LM_CONS_SCORE] = { "drivemaster_score", "ratio", 0, 0, 4 },
	[LM_CONS_AVG_SD] = { "iops_avg_over_stddev", "ratio", 0, 0, 3 },
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
	v[LM_CONS_P999] = st->cons_total.n ? pos(st->cons_total.p999_slowest) : NAN;
	v[LM_CONS_SCORE] = st->cons_total.n ? pos(st->cons_total.drivemaster) : NAN;
	v[LM_CONS_AVG_SD] = st->cons_total.n ? pos(st->cons_total.avg_over_sd) : NAN;
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

/* Element k's test as a column sees it in pass p (by's value: value), into
 * p->tname[k] and p->tcell[k]. */
static void pass_tests(struct lineup_pass *p, const char *by, const char *value)
{
	const struct result_run *run = p->run;

	p->tname = xcalloc(run->nsteps + 1, sizeof(*p->tname));
	p->tcell = xcalloc(run->nsteps + 1, sizeof(*p->tcell));
	for (size_t k = 0; k < run->nsteps; k++) {
		const struct result_step *st = &run->steps[k];
		char *v = by && usable(st) ? cell_value(st->cell, by) : NULL;

		if (!usable(st) || (by && (!v || strcmp(v, value)))) {
			free(v);
			continue;
		}
		p->tname[k] = by ? name_with_key(st->name, v, by) : xstrdup(st->name);
		p->tcell[k] = by ? cell_without(st->cell, by) : st->cell ? xstrdup(st->cell)
									: NULL;
		free(v);
	}
}

/* Adds a pass (run, dir) to member m. */
static void add_pass(struct lineup_member *m, const struct result_run *run, const char *dir,
		     const char *by)
{
	struct lineup_pass *p;

	m->pass = xrealloc(m->pass, (m->npass + 1) * sizeof(*m->pass));
	p = &m->pass[m->npass++];
	p->run = run;
	p->dir = xstrdup(dir);
	pass_tests(p, by, m->value);
	m->run = m->pass[0].run;
	m->dir = m->pass[0].dir;
	m->tname = m->pass[0].tname;
	m->tcell = m->pass[0].tcell;
}

/* Appends one sample (LM_N values) to *pv, which holds *n of them. */
static double *add_sample(double **pv, size_t *n)
{
	*pv = xrealloc(*pv, (*n + 1) * LM_N * sizeof(**pv));
	return *pv + (*n)++ * LM_N;
}

/* Whether sc is a <rounds until="passes"> scope: its rounds are samples. */
static int passes_scope(const struct result_scope *sc)
{
	return sc && sc->until && !strcmp(sc->until, "passes");
}

/*
 * A column's samples of test (name, cell) in pass m, appended to *pv (*n of them):
 * outside rounds the element itself; in a rounds scope that reached steady state the
 * mean over the measurement window; in a <rounds until="passes"> scope every round,
 * each a sample; otherwise the last round. Returns the representative element (the
 * last round's), or NULL (nothing appended).
 */
static const struct result_step *select_value(const struct lineup_pass *m,
					      const char *name, const char *cell,
					      double **pv, size_t *npv, char **how)
{
	const struct result_run *run = m->run;
	const struct result_step *last = NULL;
	const struct result_scope *sc;
	double sum[LM_N] = { 0 }, one[LM_N], *v;
	int n[LM_N] = { 0 }, lo, hi, not_reached;

	for (size_t i = 0; i < run->nsteps; i++)
		if (m->tname[i] && same(m->tname[i], name) && same(m->tcell[i], cell) &&
		    (!last || run->steps[i].round >= last->round))
			last = &run->steps[i];
	if (!last)
		return NULL;
	sc = last->scope ? result_run_scope(run, last->scope) : NULL;
	if (last->round && passes_scope(sc)) {
		size_t first = *npv;

		for (size_t i = 0; i < run->nsteps; i++)
			if (m->tname[i] && same(m->tname[i], name) && same(m->tcell[i], cell) &&
			    run->steps[i].round >= 1)
				step_values(&run->steps[i], add_sample(pv, npv));
		*how = xasprintf("passes 1-%zu", *npv - first);
		return last;
	}
	v = add_sample(pv, npv);
	step_values(last, v);
	*how = xstrdup("");
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
	m->value = value ? xstrdup(value) : NULL;
	add_pass(m, run, dir, l->by);
	for (size_t j = 0; j + 1 < l->nm; j++)
		if (!strcmp(l->m[j].label, label)) {
			char *u = xasprintf("%s (%zu)", label, l->nm);

			free(label);
			label = u;
			break;
		}
	m->label = label;
}

/* Archive run (pool group g, whose first archive is first) as one more pass of the
 * columns first made: each of them whose by-value run has. */
static void add_passes(struct lineup *l, const struct result_run *run, const char *dir,
		       const struct result_run *first)
{
	for (size_t i = 0; i < l->nm; i++) {
		struct lineup_member *m = &l->m[i];
		int has = !l->by;

		if (m->run != first)
			continue;
		for (size_t k = 0; !has && k < run->nsteps; k++) {
			char *v = usable(&run->steps[k]) ? cell_value(run->steps[k].cell, l->by)
							 : NULL;

			has = v && !strcmp(v, m->value);
			free(v);
		}
		if (has)
			add_pass(m, run, dir, l->by);
	}
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

/* The test's per-member arrays, or their release (t->name and t->cell too). */
static void test_alloc(struct lineup_test *t, size_t nm)
{
	/* Arrays of pointers: sizeof(*p) is the pointer size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	t->step = xcalloc(nm, sizeof(*t->step));
	t->v = xcalloc(nm, sizeof(*t->v));
	t->how = xcalloc(nm, sizeof(*t->how));
	t->st = xcalloc(nm, sizeof(*t->st));
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	t->pv = xcalloc(nm, sizeof(*t->pv));
	t->np = xcalloc(nm, sizeof(*t->np));
	t->w = xcalloc(nm, sizeof(*t->w));
	t->noise = xcalloc(nm, sizeof(*t->noise));
}

static void test_release(struct lineup_test *t, size_t nm)
{
	for (size_t i = 0; i < nm; i++) {
		free(t->how[i]);
		free(t->pv[i]);
	}
	free(t->how);
	free(t->pv);
	free(t->np);
	free(t->v);
	free(t->step);
	free(t->st);
	free(t->w);
	free(t->noise);
	free(t->name);
	free(t->cell);
}

/*
 * Member i's samples of the test, into t->pv[i] (t->np[i] of them): a value per
 * pass, or per round of each pass in a <rounds until="passes"> scope; and what they
 * make: the first pass's element that has it, its selection, the statistics and,
 * with more than one sample, their mean as the value. Returns the element or NULL.
 */
static const struct result_step *member_value(const struct lineup_member *m,
					      struct lineup_test *t, size_t i)
{
	double *pv = NULL, *vals;
	size_t n = 0;
	const struct result_step *st = NULL;

	for (size_t p = 0; p < m->npass; p++) {
		char *how = NULL;
		const struct result_step *e = select_value(&m->pass[p], t->name, t->cell,
							   &pv, &n, &how);

		if (!e) {
			double *v = add_sample(&pv, &n);

			for (int k = 0; k < LM_N; k++)
				v[k] = NAN;
		}
		if (e && !st) {
			st = e;
			t->how[i] = how;
			how = NULL;
		}
		free(how);
	}
	t->pv[i] = pv;
	t->np[i] = n;
	vals = xcalloc(n + 1, sizeof(*vals));   /* one metric's samples */
	for (int k = 0; k < LM_N; k++) {
		for (size_t p = 0; p < n; p++)
			vals[p] = pv[p * LM_N + k];
		stats_of(vals, n, &t->st[i][k]);
		/* one sample: its value exactly as it was (no mean of one rounded) */
		t->v[i][k] = n == 1 ? pv[k] : t->st[i][k].mean;
	}
	free(vals);
	return st;
}

/* Test (name, cell) across the members: a shared test, or a left-out one. */
static void match(struct lineup *l, const char *name, const char *cell)
{
	struct lineup_test t;
	struct sbuf only;
	size_t have = 0;

	memset(&t, 0, sizeof(t));
	t.name = xstrdup(name);
	t.cell = cell ? xstrdup(cell) : NULL;
	test_alloc(&t, l->nm);
	sbuf_init(&only);
	for (size_t i = 0; i < l->nm; i++) {
		t.step[i] = member_value(&l->m[i], &t, i);
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
		test_release(&t, l->nm);
	}
	sbuf_release(&only);
}

/*
 * Every column's Δ against the baseline tested against the noise: Welch's t-test of
 * the two means, and Holm's step-down over each metric's Δs (all tests, all
 * columns), so a table of many Δs shows no difference by chance more often than
 * one in twenty (docs/passes.md).
 */
static void noise_verdicts(struct lineup *l)
{
	size_t n = l->nt * l->nm;
	double *p = xcalloc(n + 1, sizeof(*p));
	int *sig = xcalloc(n + 1, sizeof(*sig));

	for (int m = 0; m < LM_N; m++) {
		for (size_t t = 0; t < l->nt; t++)
			for (size_t i = 0; i < l->nm; i++) {
				struct lineup_test *tt = &l->t[t];

				p[t * l->nm + i] = NAN;
				if (i == l->base || !isfinite(tt->v[i][m]) ||
				    !isfinite(tt->v[l->base][m]))
					continue;
				stats_welch(&tt->st[l->base][m], &tt->st[i][m], &tt->w[i][m]);
				p[t * l->nm + i] = tt->w[i][m].p;
			}
		stats_holm(p, n, 0.05, sig);
		for (size_t k = 0; k < n; k++)
			l->t[k / l->nm].noise[k % l->nm][m] =
				sig[k] < 0 ? LINEUP_NOISE_UNKNOWN : sig[k] ? LINEUP_NOISE_SIGNIFICANT
									    : LINEUP_NOISE_WITHIN;
	}
	free(p);
	free(sig);
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

/* The first archive of archive i's column (o->pool), i itself without pooling. */
static size_t first_of(const struct lineup_opts *o, size_t i)
{
	for (size_t j = 0; o->pool && j < i; j++)
		if (o->pool[j] == o->pool[i])
			return j;
	return i;
}

int lineup_build(struct lineup *l, const struct result_run *const *runs,
		 const char *const *dirs, size_t n, const struct lineup_opts *o,
		 struct diag *d)
{
	size_t base = o->base < n ? o->base : 0, groups = 0;
	int rc;

	memset(l, 0, sizeof(*l));
	l->by = o->by ? xstrdup(o->by) : NULL;
	l->all_tests = o->all_tests;
	for (size_t i = 0; i < n; i++)
		groups += first_of(o, i) == i;
	for (size_t i = 0; i < n; i++) {
		size_t f = first_of(o, i);
		char *label;

		if (f != i) {   /* one more pass of an earlier archive's column(s) */
			if (!same(runs[i]->plan_sha256, runs[f]->plan_sha256))
				return diag_set(d, -SB_EINVAL, dirs[i], 0, 0, "not a pass of the "
						"same column as %s: another plan (passes of one "
						"column must run one plan)", dirs[f]);
			add_passes(l, runs[i], dirs[i], runs[f]);
			continue;
		}
		label = o->labels && o->labels[i] ? xstrdup(o->labels[i])
						  : default_label(runs[i], dirs[i]);
		add_columns(l, runs[i], dirs[i], label, groups == 1);
		free(label);
		for (size_t k = 0; o->sets && k < l->nm; k++)
			if (l->m[k].run == runs[i])
				l->m[k].set = o->sets[i];
	}
	rc = find_base(l, runs[first_of(o, base)], o, dirs[base], d);
	if (rc)
		return rc;
	if (l->nm < 2 && !o->one_column)
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
		if (first_of(o, i) == i)
			left_unkeyed(l, runs[i]);
	if (!l->nt)
		return diag_set(d, -SB_EINVAL, dirs[base], 0, 0,
				"the archives share no finished test (step name and cell)");
	noise_verdicts(l);
	return 0;
}

void lineup_release(struct lineup *l)
{
	for (size_t i = 0; i < l->nt; i++)
		test_release(&l->t[i], l->nm);
	for (size_t i = 0; i < l->nm; i++) {
		for (size_t p = 0; p < l->m[i].npass; p++) {
			struct lineup_pass *ps = &l->m[i].pass[p];

			for (size_t k = 0; k < ps->run->nsteps; k++) {
				free(ps->tname[k]);
				free(ps->tcell[k]);
			}
			free(ps->tname);
			free(ps->tcell);
			free(ps->dir);
		}
		free(l->m[i].pass);
		free(l->m[i].label);
		free(l->m[i].drive);
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

double lineup_value_of(const struct lineup *l, size_t i, const struct result_step *st,
		       enum lineup_metric m)
{
	for (size_t t = 0; t < l->nt; t++)
		if (l->t[t].step[i] == st)
			return l->t[t].v[i][m];
	return NAN;
}

size_t lineup_samples(const struct lineup *l, size_t i)
{
	size_t n = l->m[i].npass;

	for (size_t t = 0; t < l->nt; t++)
		n = l->t[t].np[i] > n ? l->t[t].np[i] : n;
	return n;
}

size_t lineup_max_passes(const struct lineup *l)
{
	size_t n = 1;

	for (size_t i = 0; i < l->nm; i++)
		n = lineup_samples(l, i) > n ? lineup_samples(l, i) : n;
	return n;
}
