/* SPDX-License-Identifier: MIT */
/*
 * plan_kinds: the kinds of step and of scope of the plan language, one row each.
 * The enums, the kinds' names (their elements' names), their rows of the element
 * table (plan.c) and every property code asks of a kind come from these rows, so
 * that a new kind is a row here, its attributes in plan.c, and its executor.
 */
#ifndef SB_PLAN_KINDS_H
#define SB_PLAN_KINDS_H

/* What a kind of step does; checks, job files and `ssdbench check` ask these. */
enum plan_kind_flag {
	PLAN_KIND_TARGET = 1 << 0,  /* runs on a target (`target`, or the plan's only one) */
	PLAN_KIND_FIO = 1 << 1,     /* a fio job: bs, iodepth, numjobs, ioengine, direct */
	PLAN_KIND_MEASURE = 1 << 2, /* a measurement: rw, runtime, a range of the target;
				     * tracked in rounds, run by duty cycles */
	PLAN_KIND_FILL = 1 << 3,    /* writes its `amount` over the target, not timed */
	PLAN_KIND_ERASE = 1 << 4,   /* erases the target by its `method` (a purge method) */
};

/* How long a kind of step takes (plan_step_time_ms). */
enum plan_kind_time {
	PLAN_TIME_NONE,     /* no time to speak of */
	PLAN_TIME_RUNTIME,  /* its runtime when time-based, else what the drive takes */
	PLAN_TIME_DURATION, /* its duration */
	PLAN_TIME_OPEN,     /* what the drive takes */
};

/* Where steps may stand: the roots, sweeps, and the scopes that hold any step. */
#define PLAN__STEPS_IN "plan fragment sweep op raid"

/*
 * The step kinds, in enum order: X(ENUM, NAME, TIME, FLAGS, SUMMARY, ATTRS, PARENTS,
 * HELP). SUMMARY is what `ssdbench check` says of a step with no parameters to show
 * (or NULL); ATTRS (an array in plan.c), PARENTS and HELP make the element's row.
 */
#define PLAN_STEP_KINDS(X) \
	X(PLAN_WORKLOAD, "workload", PLAN_TIME_RUNTIME, \
	  PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_MEASURE, NULL, workload_attrs, \
	  PLAN__STEPS_IN " rounds duty-cycle", "one fio measurement") \
	X(PLAN_PRECONDITION, "precondition", PLAN_TIME_OPEN, \
	  PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_FILL, NULL, precondition_attrs, \
	  PLAN__STEPS_IN, "fill the target: write an amount of data, not timed") \
	X(PLAN_PURGE, "purge", PLAN_TIME_OPEN, PLAN_KIND_TARGET | PLAN_KIND_ERASE, NULL, \
	  purge_attrs, PLAN__STEPS_IN, "erase the target (secure erase, sanitize, discard)") \
	X(PLAN_IDLE, "idle", PLAN_TIME_DURATION, 0, NULL, idle_attrs, \
	  PLAN__STEPS_IN " rounds", "leave the drive idle") \
	X(PLAN_PROBE, "probe", PLAN_TIME_NONE, PLAN_KIND_TARGET, \
	  "identity and health snapshot", probe_attrs, PLAN__STEPS_IN, \
	  "record the target's identity and health")

/* What a kind of scope does. */
enum plan_scope_flag {
	PLAN_SCOPE_REPEAT = 1 << 0, /* runs its steps in rounds until a stop condition */
	PLAN_SCOPE_CYCLE = 1 << 1,  /* runs its one workload on and off, `repeat` times */
	PLAN_SCOPE_ARRAY = 1 << 2,  /* its steps run on an array of its `members` */
	PLAN_SCOPE_OVERPROVISION = 1 << 3, /* its steps use a share of the target (`percent`) */
};

/* The scope kinds, in enum order: X(ENUM, NAME, FLAGS, ATTRS, PARENTS, HELP). */
#define PLAN_SCOPE_KINDS(X) \
	X(PLAN_ROUNDS, "rounds", PLAN_SCOPE_REPEAT, rounds_attrs, PLAN__STEPS_IN, \
	  "run the steps inside in rounds until a stop condition (SNIA steady state)") \
	X(PLAN_DUTY_CYCLE, "duty-cycle", PLAN_SCOPE_CYCLE, duty_attrs, PLAN__STEPS_IN, \
	  "run one workload `on`, idle `off`, `repeat` times (host idle recovery)") \
	X(PLAN_OP, "op", PLAN_SCOPE_OVERPROVISION, op_attrs, PLAN__STEPS_IN, \
	  "over-provision the target for the steps inside") \
	X(PLAN_RAID, "raid", PLAN_SCOPE_ARRAY, raid_attrs, PLAN__STEPS_IN, \
	  "stripe member targets into a RAID 0 for the steps inside")

/* An enumerator of the list, and a term of the sum: parentheses would break both. */
#define PLAN__KIND_ENUM(e, ...) e, /* NOLINT(bugprone-macro-parentheses) */
#define PLAN__KIND_ONE(...) + 1    /* NOLINT(bugprone-macro-parentheses) */

enum plan_kind { PLAN_STEP_KINDS(PLAN__KIND_ENUM) };
enum plan_scope_kind { PLAN_SCOPE_KINDS(PLAN__KIND_ENUM) };

#define PLAN_KIND_COUNT (0 PLAN_STEP_KINDS(PLAN__KIND_ONE))
#define PLAN_SCOPE_KIND_COUNT (0 PLAN_SCOPE_KINDS(PLAN__KIND_ONE))

/* A step kind's row. */
struct plan_kind_info {
	const char *name;          /* as in the plan: its element's name */
	enum plan_kind_time time;
	unsigned flags;            /* PLAN_KIND_* */
	const char *summary;       /* what `ssdbench check` says when nothing else, or NULL */
};

/* A scope kind's row. */
struct plan_scope_info {
	const char *name;          /* its element's name */
	unsigned flags;            /* PLAN_SCOPE_* */
};

/* The row of kind k; an unknown k gets a row named "?" with no properties. */
const struct plan_kind_info *plan_kind_info(enum plan_kind k);
const struct plan_scope_info *plan_scope_info(enum plan_scope_kind k);

#endif
