/* SPDX-License-Identifier: MIT */
/*
 * vocab: the words a plan and its archive share, one table each: the kinds of step
 * and of scope, the chart hints a step or scope gives the report, and what stops a
 * <rounds> scope. The plan loader takes its choices from here (or is held to these
 * tables by test_plan); the results model and the report compare enums, not strings.
 */
#ifndef SB_VOCAB_H
#define SB_VOCAB_H

/* X(ENUM, NAME, FLAGS): a step kind; plan.c's PLAN_STEP_KINDS has its plan row. */
#define STEP_KINDS(X) \
	X(STEP_WORKLOAD, "workload", STEP_MEASURED) \
	X(STEP_PRECONDITION, "precondition", STEP_MEASURED) \
	X(STEP_PURGE, "purge", 0) \
	X(STEP_IDLE, "idle", 0) \
	X(STEP_PROBE, "probe", 0) \
	X(STEP_REPLAY, "replay", STEP_MEASURED)

/* A step kind's flags: fio measured it (its numbers are results). */
#define STEP_MEASURED 1u

/* X(ENUM, NAME, 0): a scope kind, in the plan's order (PLAN_SCOPE_KINDS). */
#define SCOPE_KINDS(X) \
	X(SCOPE_ROUNDS, "rounds", 0) \
	X(SCOPE_DUTY_CYCLE, "duty-cycle", 0) \
	X(SCOPE_OP, "op", 0) \
	X(SCOPE_RAID, "raid", 0)

/* X(ENUM, NAME, 0): what a step or scope asks the report to draw (chart="..."). */
#define CHART_HINTS(X) \
	X(HINT_AUTO, "auto", 0) \
	X(HINT_TIME, "time", 0) \
	X(HINT_DISPERSION, "dispersion", 0) \
	X(HINT_WRITTEN, "written", 0) \
	X(HINT_SWEEP, "sweep", 0) \
	X(HINT_QOS, "qos", 0) \
	X(HINT_NONE, "none", 0)

/* X(ENUM, NAME, 0): what ends a <rounds> scope (until="..."). */
#define SCOPE_UNTILS(X) \
	X(UNTIL_STEADY, "steady", 0) \
	X(UNTIL_WRITTEN, "written", 0) \
	X(UNTIL_TIME, "time", 0) \
	X(UNTIL_MAX, "max", 0) \
	X(UNTIL_PASSES, "passes", 0)

#define VOCAB__ENUM(e, name, flags) e, /* NOLINT(bugprone-macro-parentheses) */
enum step_kind { STEP_KINDS(VOCAB__ENUM) STEP_N };
enum scope_kind { SCOPE_KINDS(VOCAB__ENUM) SCOPE_N };
enum chart_hint { CHART_HINTS(VOCAB__ENUM) HINT_N };
enum scope_until { SCOPE_UNTILS(VOCAB__ENUM) UNTIL_N };

/* The names of each table in its order, NULL-terminated: the plan's choices. */
extern const char *const step_kind_names[STEP_N + 1];
extern const char *const scope_kind_names[SCOPE_N + 1];
extern const char *const chart_hint_names[HINT_N + 1];
extern const char *const scope_until_names[UNTIL_N + 1];

/* The row named name in names (one of the tables above), or -1 (also for NULL). */
int vocab_find(const char *const *names, const char *name);
/* A step kind's flags (STEP_MEASURED); 0 for a kind not in the table. */
unsigned step_kind_flags(int kind);
/* The hint named name; HINT_AUTO for NULL or a name not in the table. */
enum chart_hint chart_hint_of(const char *name);

#endif
