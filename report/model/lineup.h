/* SPDX-License-Identifier: MIT */
/*
 * lineup: several archives side by side (cairo-free): which tests they share,
 * each drive's value per test and metric, the change against a baseline, and the
 * lineup CSV. lineup_draw renders it (docs/lineups.md).
 */
#ifndef SB_LINEUP_H
#define SB_LINEUP_H

#include <stddef.h>

#include "diag.h"
#include "result.h"
#include "stats.h"

enum lineup_metric {
	LM_IOPS, LM_MBPS, LM_READ_IOPS, LM_READ_MBPS, LM_WRITE_IOPS, LM_WRITE_MBPS,
	LM_CLAT_MEAN, LM_CLAT_P99, LM_CLAT_P999, LM_CLAT_P9999,
	LM_REPLAY_MBPS,   /* a replay's score (result_replay_mbps) */
	/* consistency of the per-second total IOPS (result_step.cons_total), as
	 * results.csv has it: the 99.9 %-slowest second, DriveMaster's score, avg / σ */
	LM_CONS_P999, LM_CONS_SCORE, LM_CONS_AVG_SD,
	LM_N
};

struct lineup_metric_def {
	const char *id;       /* CSV name, as in results.csv: "read_iops", "clat_p99.9_us" */
	const char *unit;     /* "IOPS", "MB/s", "µs" */
	int lower_better;     /* latency: a drop is an improvement */
	int headline;         /* gets a bar chart and a delta table */
	int decimals;         /* of a value in the lineup CSV: results.csv's */
};

/* The metric's definition (a constant table). */
const struct lineup_metric_def *lineup_metric(enum lineup_metric m);

/* What a column made of a pass set (run --passes) says of the set: its passes.json
 * (docs/passes.md). Borrowed: the caller's, outliving the lineup. */
struct lineup_set {
	const char *dir;          /* the set's folder */
	const char *requested;    /* "5", "auto:8" */
	const char *between;      /* what ran between the passes: "purge" or "none" */
	double noise_pct;         /* auto's target, % of the mean; 0 without auto */
	int noise_met;            /* auto: 1 met, 0 not; -1 without auto */
	const char *worst;        /* the widest interval ("rr iops ±1.98 %"), or NULL */
	int stopped;              /* a pass failed or was interrupted: the set is short */
};

/* One pass of a column: an archive (run borrowed) and its elements' tests. */
struct lineup_pass {
	const struct result_run *run;
	char *dir;
	char **tname, **tcell;
};

/*
 * One column of the lineup: an archive, or with lineup.by one value of that sweep
 * key in an archive ("op=28"); with passes (lineup_opts.pool) several archives of
 * one drive and plan, each a pass. run, dir, tname and tcell are the first pass's.
 * tname[k] and tcell[k] are element k's test as this column sees it (NULL: not a
 * finished workload of this column).
 */
struct lineup_member {
	const struct result_run *run;
	char *dir;
	char *label;
	char *value;          /* lineup.by's value; NULL without by */
	char *drive;          /* with by and several archives, the archive's label */
	char **tname, **tcell;
	struct lineup_pass *pass;   /* pass[0] is run, dir, tname, tcell */
	size_t npass;
	const struct lineup_set *set;   /* the pass set the column is, or NULL */
};

/* Whether a column's value differs from the baseline's beyond the noise. */
enum lineup_noise {
	LINEUP_NOISE_UNKNOWN,     /* a side has one pass (or a blank): no noise estimate */
	LINEUP_NOISE_WITHIN,      /* not significant at 95 % (Welch, Holm over the metric) */
	LINEUP_NOISE_SIGNIFICANT,
};

/*
 * One test every member ran (with all_tests, one some member ran: step[i] NULL and
 * v[i] NAN for the others): a step name plus its sweep cell. step[i] is member
 * i's representative element (the last round's, or the window's last round when
 * the scope reached steady state); v[i][m] its value, NAN when not measured.
 */
struct lineup_test {
	char *name, *cell;
	const struct result_step **step;
	double (*v)[LM_N];    /* with passes, the mean over them */
	char **how;           /* per member: "", "last round 7", "steady window 3-7" */
	/* Per member and metric: the statistics over its samples; the samples
	 * (pv[i][p * LM_N + m] for p < np[i], NAN where pass p lacks it): a value per
	 * pass, or in a <rounds until="passes"> scope one per round of each pass; Welch's
	 * test against the baseline and its verdict (enum lineup_noise). */
	struct stats (*st)[LM_N];
	double **pv;
	size_t *np;
	struct stats_welch (*w)[LM_N];
	int (*noise)[LM_N];
};

struct lineup {
	char *by;             /* the sweep key columns are made of, or NULL */
	struct lineup_member *m;
	size_t nm, base;      /* base: the baseline member */
	struct lineup_test *t;
	size_t nt;
	char **left_out;      /* "name [cell]: only in A, B" (tests some members lack) */
	size_t nleft;
	int all_tests;        /* lineup_opts.all_tests */
};

/* How lineup_build() makes columns; zero means one column per archive. */
struct lineup_opts {
	const char *const *labels; /* labels[i] names archive i; NULL entries: default */
	size_t base;               /* the baseline archive */
	const char *by;            /* a sweep key ("op"): one column per value of it */
	const char *base_value;    /* by's value of the baseline column; NULL: first */
	int all_tests;             /* every test some column ran (compare --tests all),
				    * blank (step NULL, values NAN) where a column lacks
				    * it; 0: the tests every column ran, the rest left out */
	const size_t *pool;        /* pool[i]: archive i's column; archives with the same
				    * number are passes of one column (NULL: each its own) */
	int one_column;            /* a lineup of one column is no error (a pass set's
				    * statistics, passes_*) */
	const struct lineup_set *const *sets;  /* sets[i]: the pass set archive i is the
				    * first pass of, or NULL (NULL: none is) */
};

/*
 * Builds the lineup of n runs (dirs name them). A label is o->labels[i], else drive
 * model and firmware, else the folder's name. Without o->by a column is an
 * archive and a test is a step name plus its cell. With o->by a column is an
 * archive's elements whose cell binds by to one value, labelled "by=value" (after
 * the archive's label when there are several archives), and a test is the step
 * name with that value written as ${by}, plus the cell without by. Tests are in
 * the baseline's order. The runs must outlive l. Returns 0, or -SB_EINVAL when no
 * test is shared or the base value is not there (d says which).
 */
int lineup_build(struct lineup *l, const struct result_run *const *runs,
		 const char *const *dirs, size_t n, const struct lineup_opts *o,
		 struct diag *d);

/*
 * The sweep key to compare one archive's elements by: the key in the cells of the
 * most finished workload elements among those with two values or more (the
 * outermost on a tie). Returns a new string (free() it), or NULL when none.
 */
char *lineup_pick_key(const struct result_run *run);
void lineup_release(struct lineup *l);

/* How many of l's tests every column ran (all of them without all_tests). */
size_t lineup_nshared(const struct lineup *l);

/* 1 when the columns come from different plans (by name or SHA-256). */
int lineup_plans_differ(const struct lineup *l);

/* Member i's change against the baseline in percent for test t; NAN if none. */
double lineup_delta(const struct lineup *l, size_t t, size_t i, enum lineup_metric m);

/* Member i's value of metric m in the test element st stands for (step[i] == st),
 * or NAN when none does. */
double lineup_value_of(const struct lineup *l, size_t i, const struct result_step *st,
		       enum lineup_metric m);

/* Column i's most samples of a test: its passes, or the passes of a <rounds
 * until="passes"> scope in them (1: no noise estimate). */
size_t lineup_samples(const struct lineup *l, size_t i);

/* The most samples any column has (1: no column has a noise estimate). */
size_t lineup_max_passes(const struct lineup *l);

/*
 * Writes the statistics of every column, test and measured metric as CSV (UTF-8
 * with BOM, CRLF): drive,test,cell,metric,unit,passes,mean,sd,cv_pct,ci95,
 * ci95_pct,min,max,values (each pass's value, ';'-separated, in pass order).
 * Returns 0 or -SB_EIO.
 */
int lineup_write_stats_csv(const struct lineup *l, const char *path, struct diag *d);

/*
 * Writes the lineup CSV (UTF-8 with BOM, CRLF): one row per member, test and
 * measured metric: drive,archive,test,cell,metric,unit,value,delta_pct,
 * better,selection,params_differ (what lineup_mark() says without a language: empty
 * when the member ran the test as its reference column did), then the noise:
 * passes,sd,ci95 (of value, a mean with passes), delta_ci95_pct (the Δ's 95 %
 * half-width), p (Welch's), noise ("significant", "within", or "1 pass" when a side
 * has no noise estimate; empty for the baseline). Returns 0 or -SB_EIO.
 */
int lineup_write_csv(const struct lineup *l, const char *path, struct diag *d);

/*
 * The points of member i in test k's write-saturation overlay: its element, or when
 * that is in a <rounds> scope every finished element of the scope (of the column's
 * value with a by-lineup), laid end to end in run order; % of the capacity written
 * from 0 where the column began (its first element binding the lineup's key to its
 * value: each OP level from 0) or, for a column that is an archive, where the curve's
 * first element began, per second of each write log, into *pct, against the write
 * IOPS of the same seconds into *iops (malloc'd; free() both). Returns how many (0,
 * both NULL, without capacity or written series).
 */
size_t lineup_saturation(const struct lineup *l, size_t k, size_t i, double **pct,
			 double **iops);

#endif
