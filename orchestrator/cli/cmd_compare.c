/* SPDX-License-Identifier: MIT */
/* cmd_compare: `ssdbench compare`, a lineup report over several archives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "cli_int.h"
#include "err.h"
#include "lineup.h"
#include "lineup_draw.h"
#include "lineup_params.h"
#include "passset.h"
#include "xalloc.h"

const struct cli_opt cmd_compare_opts[] = {
	{ "baseline", 'b', "DIR", 0, "the archive the others are compared against "
	  "(default: the first)" },
	{ "by", 0, "KEY", 0, "one column per value of the sweep key KEY (\"op\"): OP "
	  "levels, phases; the default for a single archive" },
	{ "baseline-scope", 0, "VALUE", 0, "with --by: the value the other columns are "
	  "compared against (default: the first)" },
	{ "label", 0, "DIR=TEXT", 1, "the name DIR goes by (default: drive model and "
	  "firmware, or the drive 'import --target' named, else the folder's name)" },
	{ "output", 'o', "FILE.pdf", 0, "the lineup report (default lineup.pdf)" },
	{ "template", 't', "FILE", 0, "lineup template: which charts and tables, in which "
	  "order (default templates/lineup-default.xml)" },
	{ "csv", 0, "FILE", 0, "write the lineup CSV: one row per drive, test and metric" },
	{ "strict", 0, NULL, 0, "refuse (exit 1, nothing written) when tests matched by "
	  "name ran with different parameters (queue depth, block size...)" },
	{ "tests", 0, "shared|all", 0, "the tests every column ran (shared, the default), "
	  "or every test any column ran, blank where a column lacks it (all)" },
	{ "pool", 0, NULL, 0, "archives given the same --label are passes of one column "
	  "(as a pass set, run --passes, always is): each value their mean, each Δ tested "
	  "against their noise" },
	CLI_OPTS_DOC(LANG_DEFAULT_TAG, "the newest run's start, so re-renders are byte-identical"),
	{ "help", 'h', NULL, 0, "show this help" },
	{ NULL, 0, NULL, 0, NULL },
};

/* Two spellings of one folder: "out/a" and "out/a/". */
static int same_dir(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	while (na > 1 && a[na - 1] == '/')
		na--;
	while (nb > 1 && b[nb - 1] == '/')
		nb--;
	return na == nb && !strncmp(a, b, na);
}

/* --label DIR=TEXT into labels[] by archive; --baseline into *base; --tests checked. */
static int parse_names(const struct cli_cmd *c, const struct cli_parsed *p,
		       const char **labels, size_t *base)
{
	const char *b = cli__value(c, p, "baseline"), *tests = cli__value(c, p, "tests");
	const char *const *lab;
	size_t n, i;

	*base = 0;
	if (b) {
		for (i = 0; i < p->nargs && !same_dir(p->args[i], b); i++)
			;
		if (i == p->nargs)
			return cli__usage(c, "--baseline '%s' is not one of the archives", b);
		*base = i;
	}
	if (tests && strcmp(tests, "shared") && strcmp(tests, "all"))
		return cli__usage(c, "invalid --tests '%s' (shared or all)%s", tests,
				  cli__did_you_mean(tests, (const char *const[]){ "shared", "all" },
						    2));
	if (cli__value(c, p, "baseline-scope") && !cli__value(c, p, "by") && p->nargs > 1)
		return cli__usage(c, "--baseline-scope needs --by KEY when there are several "
				  "archives");
	lab = cli__list(c, p, "label", &n);
	for (size_t k = 0; k < n; k++) {
		const char *eq = strrchr(lab[k], '=');
		char *dir = eq ? xstrndup(lab[k], (size_t)(eq - lab[k])) : NULL;

		for (i = 0; dir && i < p->nargs && !same_dir(p->args[i], dir); i++)
			;
		free(dir);
		if (!eq || i == p->nargs)
			return cli__usage(c, "--label '%s': want DIR=TEXT with DIR one of the "
					  "archives", lab[k]);
		labels[i] = eq + 1;
	}
	return -1;
}

/* each test whose parameters differ between columns, on stderr; with
 * strict an error. */
static int say_diffs(const struct lineup *l, int strict, const char *dir, struct diag *d)
{
	struct lineup_diff *df;
	size_t n;

	lineup_diffs(l, &df, &n);
	for (size_t k = 0; k < n; k++)
		fprintf(stderr, "compare: %s%s\n", strict ? "" : "parameters differ: ", df[k].line);
	lineup_diffs_free(df, n, l->nm);
	if (strict && n)
		return diag_set(d, -SB_EINVAL, dir, 0, 0, "--strict: %zu parameter%s of matched "
				"tests differ between the archives (above); nothing written", n,
				n == 1 ? "" : "s");
	return 0;
}

int cli__refuse_pass_set(const char *dir, const char *cmd, struct diag *d)
{
	struct passset ps;
	int rc;

	if (passset_read(dir, &ps, d))
		return 0;   /* not a pass set, or a broken one: the archive reader says */
	rc = diag_set(d, -SB_EUSAGE, dir, 0, 0, "a pass set of %zu pass%s (run --passes): "
		      "'ssdbench compare %s' draws its means with their 95 %% intervals; "
		      "'ssdbench %s %s/%s' one pass", ps.npasses, ps.npasses == 1 ? "" : "es",
		      dir, cmd, dir, ps.passes[0]);
	passset_release(&ps);
	return rc;
}

struct set_copy;

/* The archives behind the arguments: a pass set's passes (one column), an archive. */
struct columns {
	char **dirs;
	size_t *pool;         /* the argument each came from, or with --pool its label's */
	const char **labels;
	const struct lineup_set **set;   /* the pass set each is a pass of, or NULL */
	size_t n, base, nsets;
	struct set_copy **sets;          /* the nsets sets read (owned), one per argument at most */
};

static void columns_add(struct columns *cs, char *dir, size_t pool, const char *label,
			const struct lineup_set *set)
{
	cs->dirs = xrealloc(cs->dirs, (cs->n + 1) * sizeof(*cs->dirs));
	cs->pool = xrealloc(cs->pool, (cs->n + 1) * sizeof(*cs->pool));
	cs->labels = xrealloc(cs->labels, (cs->n + 1) * sizeof(*cs->labels));
	cs->set = xrealloc(cs->set, (cs->n + 1) * sizeof(const struct lineup_set *));
	cs->dirs[cs->n] = dir;
	cs->pool[cs->n] = pool;
	cs->set[cs->n] = set;
	cs->labels[cs->n++] = label;
}

/* A pass set as a lineup column says it: a copy, as ps is released before the lineup. */
struct set_copy {
	struct lineup_set ls;    /* what the lineup reads: the strings below */
	char *dir, *requested, *between, *worst;
};

static struct set_copy *set_of(const char *dir, const struct passset *ps)
{
	struct set_copy *c = xcalloc(1, sizeof(*c));

	c->dir = xstrdup(dir);
	c->requested = ps->requested ? xstrdup(ps->requested) : NULL;
	c->between = ps->between ? xstrdup(ps->between) : NULL;
	c->worst = ps->worst ? xstrdup(ps->worst) : NULL;
	c->ls = (struct lineup_set){ c->dir, c->requested, c->between, ps->noise_pct,
				     ps->noise_met, c->worst, ps->stopped };
	return c;
}

static void set_free(struct set_copy *c)
{
	if (!c)
		return;
	free(c->dir);
	free(c->requested);
	free(c->between);
	free(c->worst);
	free(c);
}

/* The last name of a folder ("out/ssd-a/" is "ssd-a"); a new string. */
static char *last_name(const char *dir)
{
	size_t n = strlen(dir), b;

	while (n > 1 && dir[n - 1] == '/')
		n--;
	for (b = n; b > 0 && dir[b - 1] != '/'; b--)
		;
	return xstrndup(dir + b, n - b);
}

static int expand(const struct cli_parsed *p, const char **labels, size_t base, int pool,
		  struct columns *cs, char ***names, struct diag *d)
{
	int rc = 0;

	memset(cs, 0, sizeof(*cs));
	cs->sets = xcalloc(p->nargs + 1, sizeof(struct set_copy *));
	*names = xcalloc(p->nargs + 1, sizeof(**names));
	for (size_t i = 0; !rc && i < p->nargs; i++) {
		struct passset ps;
		size_t g = i;

		/* --pool: the first argument of the same label names the column */
		for (size_t j = 0; pool && labels[i] && j < i; j++)
			if (labels[j] && !strcmp(labels[j], labels[i])) {
				g = j;
				break;
			}
		if (i == base)
			cs->base = cs->n;
		rc = passset_read(p->args[i], &ps, d);
		if (rc == 1) {
			rc = 0;
			columns_add(cs, xstrdup(p->args[i]), g, labels[i], NULL);
			continue;
		}
		if (rc)
			break;
		cs->sets[cs->nsets] = set_of(p->args[i], &ps);
		if (!labels[i])
			labels[i] = (*names)[i] = last_name(p->args[i]);
		for (size_t k = 0; k < ps.npasses; k++)
			columns_add(cs, xasprintf("%s/%s", p->args[i], ps.passes[k]), g, labels[i],
				    &cs->sets[cs->nsets]->ls);
		cs->nsets++;
		passset_release(&ps);
	}
	return rc;
}

static void columns_release(struct columns *cs, char **names, size_t nargs)
{
	for (size_t i = 0; i < cs->n; i++)
		free(cs->dirs[i]);
	for (size_t i = 0; i < nargs; i++)
		free(names[i]);
	for (size_t i = 0; i < cs->nsets; i++)
		set_free(cs->sets[i]);
	free(names);
	free(cs->dirs);
	free(cs->pool);
	free(cs->labels);
	free(cs->set);
	free(cs->sets);
}

static int run_compare(const struct cli_cmd *c, const struct cli_parsed *p,
		       const char **labels, size_t base, const struct doc_out *out,
		       struct diag *d)
{
	struct columns cs;
	char **names;
	int rc = expand(p, labels, base, cli__value(c, p, "pool") != NULL, &cs, &names, d);
	struct result_run *runs = xcalloc(cs.n + 1, sizeof(*runs));
	/* An array of pointers: sizeof(*p) is the pointer size, as meant. */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	const struct result_run **rp = xcalloc(cs.n + 1, sizeof(*rp));
	struct lineup_render_opts ro = { 0 };
	const char *tests = cli__value(c, p, "tests");
	struct lineup_opts lo = { .labels = cs.labels, .base = cs.base,
				  .by = cli__value(c, p, "by"),
				  .base_value = cli__value(c, p, "baseline-scope"),
				  .all_tests = tests && !strcmp(tests, "all"), .pool = cs.pool,
				  .one_column = p->nargs == 1 && cs.nsets == 1,
				  .sets = (const struct lineup_set *const *)cs.set };
	struct lineup l = { 0 };
	const char *csv = cli__value(c, p, "csv");
	char *key = NULL;

	for (size_t i = 0; i < cs.n; i++)
		result_run_init(&runs[i]);
	for (size_t i = 0; !rc && i < cs.n; i++) {
		rc = archive_load(cs.dirs[i], &runs[i], d);
		rp[i] = &runs[i];
	}
	if (!rc && !lo.by && p->nargs == 1 && !cs.nsets) {
		lo.by = key = lineup_pick_key(rp[0]);
		if (!key)
			rc = diag_set(d, -SB_EINVAL, p->args[0], 0, 0, "one archive and no sweep "
				      "key with two values or more in it: nothing to compare");
	}
	if (!rc)
		rc = lineup_build(&l, rp, (const char *const *)cs.dirs, cs.n, &lo, d);
	if (!rc) {
		if (l.by)
			fprintf(stderr, "compare: one column per value of '%s'\n", l.by);
		if (lineup_plans_differ(&l))
			fprintf(stderr, "compare: the archives come from different plans; "
				"tests not in every column are %s\n",
				l.all_tests ? "blank where a column lacks them" : "left out");
		for (size_t i = 0; i < l.nleft; i++)
			fprintf(stderr, "compare: left out %s\n", l.left_out[i]);
		rc = say_diffs(&l, cli__value(c, p, "strict") != NULL, p->args[0], d);
	}
	if (!rc) {
		ro.out = *out;
		ro.template_path = cli__value(c, p, "template");
		ro.say = stdout;
		rc = lineup_render(&l, &ro, d);
	}
	if (!rc && csv)
		rc = lineup_write_csv(&l, csv, d);
	if (!rc) {
		size_t shared = lineup_nshared(&l);

		printf("lineup: %zu archive%s, ", p->nargs, p->nargs == 1 ? "" : "s");
		if (l.by)
			printf("%zu columns by %s, ", l.nm, l.by);
		printf("%zu shared tests, ", shared);
		if (l.all_tests)
			printf("%zu with blanks, ", l.nt - shared);
		printf("%zu left out: %s%s%s\n", l.nleft, ro.out.path[DOC_PDF], csv ? ", " : "",
		       csv ? csv : "");
	}
	lineup_release(&l);
	free(key);
	for (size_t i = 0; i < cs.n; i++)
		result_run_release(&runs[i]);
	free(runs);
	free(rp);
	columns_release(&cs, names, p->nargs);
	return rc;
}

int cmd_compare(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	const char **labels;
	struct diag d;
	struct doc_out out;  /* checked here, before any archive is read */
	size_t base;
	int ex = cli__parse(c, argc, argv, &p), rc;

	if (ex >= 0 || (ex = cli__doc_out(c, &p, DOC_PDF, "lineup.pdf", &out)) >= 0 ||
	    (ex = cli__template(c, &p, TMPL_FOR_LINEUP)) >= 0)
		return ex;
	labels = xcalloc(p.nargs, sizeof(*labels));
	ex = parse_names(c, &p, labels, &base);
	if (ex >= 0) {
		free(labels);
		return ex;
	}
	diag_clear(&d);
	rc = run_compare(c, &p, labels, base, &out, &d);
	free(labels);
	return cli__finish_data(rc, &d);
}
