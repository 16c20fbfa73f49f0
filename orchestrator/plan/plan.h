/* SPDX-License-Identifier: MIT */
/*
 * plan: loads, checks and resolves an XML test plan. Every element and attribute
 * lives in one table (plan.c); loading expands includes and sweeps, so a loaded
 * plan is a flat list of steps in run order plus the scopes (rounds, OP, RAID,
 * duty cycles) that group them.
 */
#ifndef SB_PLAN_H
#define SB_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "vocab.h"

enum plan_target_kind { PLAN_TARGET_FILE, PLAN_TARGET_DEVICE };

/* a display label in one language; lang "*" (from label=): every one. */
struct plan_label {
	char *lang;
	char *text;        /* ${var}s substituted */
};

struct plan_labels {
	struct plan_label *v;
	size_t n, cap;
};

struct plan_target {
	char *name;
	enum plan_target_kind kind;
	char *path;        /* file: relative paths are relative to the output folder */
	uint64_t size;     /* bytes; 0 for a device (its size is read when it opens) */
	char *host;        /* <host> it is attached to, or NULL for this machine */
	int line;
	char *label;       /* label=: the display label in every language */
	struct plan_labels labels; /* label= as "*", then each <label lang=> */
};

/* An amount of data: absolute bytes, or a multiple of the target's capacity. */
struct plan_amount {
	uint64_t bytes;    /* when mult == 0 */
	double mult;       /* 2x -> 2.0, 75% -> 0.75; 0 when absolute */
};

/*
 * The kinds of step and of scope, one row each. The enums, the kinds' names (their
 * elements' names), their rows of the element table (plan.c) and every property
 * code asks of a kind come from these rows, so that a new kind is a row here (and
 * the fields of its attributes, in struct plan_workload or plan_scope), its
 * attributes in plan.c, and its executor in the engine.
 */

/* What a kind of step does; checks, job files and `ssdbench check` ask these. */
enum plan_kind_flag {
	PLAN_KIND_TARGET = 1 << 0,  /* runs on a target (`target`, or the plan's only one) */
	PLAN_KIND_FIO = 1 << 1,     /* a fio job: bs, iodepth, numjobs, ioengine, direct */
	PLAN_KIND_MEASURE = 1 << 2, /* a measurement: rw, runtime, a range of the target;
				     * tracked in rounds, run by duty cycles */
	PLAN_KIND_FILL = 1 << 3,    /* writes its `amount` over the target, not timed */
	PLAN_KIND_ERASE = 1 << 4,   /* erases the target by its `method` (a purge method) */
	PLAN_KIND_REPLAY = 1 << 5,  /* replays its `trace` (a blktrace file) onto the target */
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

enum plan_scope_kind { PLAN_SCOPE_KINDS(PLAN__KIND_ENUM) };

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
const struct plan_kind_info *plan_kind_info(enum step_kind k);
const struct plan_scope_info *plan_scope_info(enum plan_scope_kind k);

/* A pass-through fio option (<fio option= value=>), checked against fio's own list. */
struct plan_fio_opt {
	char *name;
	char *value;       /* NULL for a flag */
};

/*
 * One step, in run order. Named plan_workload for history: purge, precondition,
 * idle and probe steps use it too (kind says which; unused fields are zero).
 */
struct plan_workload {
	enum step_kind kind;
	char *name;        /* [A-Za-z0-9._-]+, unique within the plan */
	char *target;      /* target name; NULL means the plan's only target */
	char *file;        /* the plan or fragment file it came from */
	int line;
	int scope;         /* innermost scope (index into plan.scopes), or -1 */
	char *cell;        /* sweep bindings that made it, "qd=4 bs=4k", or NULL */
	char *label;       /* label=: the display label in every language */
	struct plan_labels labels; /* label= as "*", then each <label lang=> */

	/* workload and precondition */
	char *rw;          /* fio's rw= value */
	uint64_t bs;
	char *bssplit;     /* fio bssplit= text, or NULL */
	long long iodepth;
	long long numjobs;
	long long rwmixread; /* -1 when unset */
	uint64_t runtime_ms;
	int time_based;
	uint64_t size;     /* bytes of the target to use; 0 = all of it (or size_amt) */
	struct plan_amount size_amt;   /* size as given, may be relative */
	struct plan_amount offset_amt; /* start of the LBA range */
	char *ioengine;    /* "auto" = io_uring, falling back to libaio */
	int direct;
	char *rate;        /* fio rate= text, or NULL */
	long long rate_iops; /* 0 = unlimited */
	int norandommap;
	char *random_distribution;
	uint64_t thinktime_us;
	char *log;         /* "per-second" or "none" */
	uint64_t telemetry_ms; /* sample temperature/health every so often; 0 = off */
	char *chart;       /* report hint: "auto", "time", "dispersion", "written", ... */
	char *data;        /* data pattern (plan_data_parse), NULL = the plan's */
	char *point;       /* "max-iops" or "mid-iops": its TC (numjobs) and QD (iodepth)
			    * chosen at run time among point_from's cells; NULL = none */
	char *point_from;  /* that <rounds> scope: the sweep cells of its last round */
	struct plan_fio_opt *fio;
	size_t nfio, capfio;

	/* precondition */
	char *pattern;     /* "seq" or "rand" */
	struct plan_amount amount;

	/* purge */
	char *method;

	/* idle */
	uint64_t duration_ms;

	char *trace;       /* the blktrace file, resolved against the plan file's folder */
	char *mode;        /* "fast" (no stall) or "timed" (the trace's own timing) */
	long long speed;   /* timed: the trace's time divided by this (1 = as recorded) */
	char *fit;         /* how offsets past the target's end are fitted: "scale" */
	int trace_writes;  /* 1 until the trace is read and holds no writes (the engine) */
};

/* A tracking variable of a rounds scope: a metric of one element per round. */
struct plan_track {
	char *element;     /* step name */
	char *metric;      /* "iops", "bw", "lat-mean" */
	char *dir;         /* "read", "write", "total" */
	int line;
};

/* A group of consecutive steps [first, first + count) with a behaviour. */
struct plan_scope {
	enum plan_scope_kind kind;
	char *name;
	char *file;
	int line;
	int parent;        /* enclosing scope, or -1 */
	size_t first, count;
	char *label;       /* label= of a <rounds>: its display label */
	struct plan_labels labels; /* label= as "*", then each <label lang=> */

	/* rounds: repeat the steps until a stop condition */
	long long max_rounds, window;
	double range, slope; /* fractions: 0.20, 0.10 */
	char *until;       /* "steady", "written", "time", "max" */
	struct plan_amount written;
	uint64_t time_ms;
	char *chart;       /* report hint, as for steps */
	int continuous;    /* 1: one fio process when it can be (plan_scope_discontinuous) */
	char *write_cache; /* "off", "on", "as-is" for the steps inside; NULL: the enclosing */
	struct plan_track *tracks;
	size_t ntracks, captracks;

	/* duty cycle: the step on for `on`, idle for `off`, `repeat` times */
	uint64_t on_ms, off_ms;
	long long repeat;

	/* over-provisioning */
	double op;         /* (raw - user) / user: 0.28 for 28 % */
	char *op_method;   /* "software", "hpa", "namespace" */

	/* RAID */
	long long level;
	uint64_t chunk;
	char *members;     /* target names, space-separated */
};

struct plan_var {
	char *name;
	char *value;
	char *smoke;       /* value when the built-in variable smoke is 1, or NULL */
	int line, col;
	int used_by_set;   /* overridden on the command line */
};

struct plan_host {
	char *name;
	char *address;
	long long port;
	char *ssh;          /* ssh destination, NULL: address */
	long long ssh_port; /* 0: ssh's own choice (its config, or 22) */
	char *ssdbench;     /* the program on the bench, NULL: "ssdbench" on its PATH */
	int line;
};

struct plan_title {
	char *lang;
	char *text;
};

struct plan {
	char *file;        /* as given */
	char *name;        /* identifier: names the default output folder */
	char *title;       /* display title (may be CJK); defaults to name */
	char *failure;     /* "stop" (default) or "continue" */
	long long seed;    /* the random seed every fio run's own seed comes from */
	char *data;        /* the data pattern written: "random", "zero", "compressible:N%" */
	char *write_cache; /* the drive's volatile write cache: "off", "on", "as-is" */
	char *report;      /* report template name (templates/report-NAME.xml), or NULL */
	char *sponsor;     /* who the test is run for (SNIA's test sponsor), or NULL */
	char *passes;      /* "5", "auto", "auto:8" (plan_passes_parse): run it that many
			      times, a pass set (docs/passes.md); NULL: once */
	char *noise;       /* passes auto's target, "2%" (plan_noise_parse), or NULL */
	struct plan_var *vars;
	size_t nvars, capvars;
	struct plan_host *hosts;
	size_t nhosts, caphosts;
	struct plan_target *targets;
	size_t ntargets, captargets;
	struct plan_workload *steps;
	size_t nsteps, capsteps;
	struct plan_scope *scopes;
	size_t nscopes, capscopes;
	struct plan_title *titles;
	size_t ntitles, captitles;
	char **includes;   /* every file read, the plan first */
	size_t nincludes, capincludes;
	char *confine;     /* set before plan_load: every include must resolve inside
			    * this folder (a rerun reads only its archive's plan/) */
};

void plan_init(struct plan *p);
void plan_release(struct plan *p);

/*
 * Loads path into p, with its includes, and expands sweeps. sets[0..nsets) are
 * "NAME=VALUE" overrides of <var> values (--set). Every error is reported once,
 * in d, with FILE:LINE:COL; the first one wins. Returns 0 or a negative SB_E* code.
 */
int plan_load(struct plan *p, const char *path, const char *const *sets,
	      size_t nsets, struct diag *d);
/*
 * plan_load(), going on past a step's or an unknown element's error (the first
 * error of each such element; the rest of the plan is read as if it were not there)
 * so that `ssdbench check` lists every one: the first in d, the others after it in
 * *more[0..*nmore) (at most 100; free() it), in the order found. A plan with an
 * error gets none of the checks that follow loading.
 */
int plan_load_all(struct plan *p, const char *path, const char *const *sets, size_t nsets,
		  struct diag *d, struct diag **more, size_t *nmore);

/*
 * Replaces the target named in SPEC "NAME=[HOST:]/dev/DEVICE" or
 * "NAME=[HOST:]file:PATH[,size=S]" (PATH relative to the working folder; absolute
 * on a HOST, a <host> of the plan or one --host added). Without HOST the target is
 * on this machine. Returns 0 or -SB_EUSAGE with d set.
 */
int plan_apply_target(struct plan *p, const char *spec, struct diag *d);
/*
 * Adds host SPEC "NAME=ADDRESS[:PORT][,ssh=DEST][,ssh-port=N][,ssdbench=PATH]"
 * ("[IPV6]:PORT"; port 8765 by default), or replaces the address of the plan's
 * host of that name (and the ssh settings the spec gives). 0 or -SB_EUSAGE.
 */
int plan_apply_host(struct plan *p, const char *spec, struct diag *d);
/* Drops how the plan says to reach host h (ssh destination and port, the program
 * run there): a rerun takes them only from its --host. */
void plan_host_forget_access(struct plan_host *h);
/* The host target t is attached to, or NULL for this machine. Borrowed. */
const struct plan_host *plan_target_host(const struct plan *p, const struct plan_target *t);
/* Returns path made absolute against the working folder; free() it. */
char *plan_absolute_path(const char *path);
/*
 * 1 when a plan's file target path stays inside the run's archive folder: relative,
 * not empty, no '..' component. Anything else comes only from --target.
 */
int plan_target_path_kept(const char *path);
/*
 * Returns path with '.', '..' and repeated '/' taken out as written, without
 * following links ("/dev/../etc/passwd" is "/etc/passwd"); free() it.
 */
char *plan_normal_path(const char *path);

/* Returns the target a step runs on (never NULL for a loaded plan). */
const struct plan_target *plan_step_target(const struct plan *p,
					   const struct plan_workload *w);
/* 1 when fio's rw value rw reads (read, randread and the mixes); 0 for NULL. */
int plan_rw_reads(const char *rw);
/* 1 when rw is a mix of reads and writes (rw, readwrite, randrw); 0 for NULL. */
int plan_rw_mixed(const char *rw);
/* 1 when the step writes to (or erases) its target. */
int plan_step_writes(const struct plan_workload *w);
/* 1 when step w's kind has every one of flags (PLAN_KIND_*). */
int plan_step_is(const struct plan_workload *w, unsigned flags);
/* 1 when scope s's kind has every one of flags (PLAN_SCOPE_*). */
int plan_scope_is(const struct plan_scope *s, unsigned flags);
/*
 * The time step w takes, in ms, as the plan gives it: its runtime or duration; 0
 * for a step that takes none to speak of, or with *open set to 1 (open may be
 * NULL) for one that takes what the drive needs (a fill, a purge, a size-bound
 * workload).
 */
uint64_t plan_step_time_ms(const struct plan_workload *w, int *open);
/*
 * What a data= value asks fio to write: "random" (incompressible: fio's random
 * buffers), "zero", or "compressible:N%" (N from 1 to 99: each 4 KiB is N % zeros).
 * Returns 0 with *zero or *compress_pct set, or -1 for anything else.
 */
int plan_data_parse(const char *s, int *zero, int *compress_pct);
/*
 * A passes= value (and run --passes): "N" (1 to PLAN_PASSES_MAX), "auto" or
 * "auto:MAX" (MAX from 2; auto alone PLAN_PASSES_AUTO_MAX). Returns 0 with *n and
 * *autostop set, or -1. A noise= value: a percentage above 0 and below 100, "2%" or
 * "2"; 0 with *pct, or -1.
 */
#define PLAN_PASSES_MAX 100
#define PLAN_PASSES_AUTO_MAX 10
int plan_passes_parse(const char *s, unsigned *n, int *autostop);
int plan_noise_parse(const char *s, double *pct);
/* The data pattern step w writes with: its own data=, else the plan's. */
const char *plan_step_data(const struct plan *p, const struct plan_workload *w);

/*
 * The write cache step w runs with: "off", "on" or "as-is", from the innermost
 * scope around it that sets write-cache, else the plan's. Borrowed.
 */
const char *plan_step_write_cache(const struct plan *p, const struct plan_workload *w);

/* 1 when step w runs inside a scope of kind k (at any depth). */
int plan_in_scope(const struct plan *p, const struct plan_workload *w,
		  enum plan_scope_kind k);
/*
 * NULL when rounds scope si runs as one fio process cut into rounds (one
 * time-based workload of whole seconds, no steady-state test between rounds,
 * until="written" only for writes, continuous="1"); else why not, in words. The
 * engine adds what only a run knows (a duty cycle around it, a remote bench).
 */
const char *plan_scope_discontinuous(const struct plan *p, size_t si);
/* The time of every step, each once (plan_step_time_ms), in ms. */
uint64_t plan_runtime_ms(const struct plan *p);
/* Resolves an amount against a capacity, in bytes. */
uint64_t plan_amount_bytes(const struct plan_amount *a, uint64_t capacity);
/*
 * The range a workload step uses of capacity bytes: *offset (a share of capacity
 * is block-aligned) and *size, 0 when the step gives none (the rest of the target).
 */
void plan_step_range(const struct plan_workload *w, uint64_t capacity, uint64_t *offset,
		     uint64_t *size);
/*
 * Refuses a workload step whose offset (plus size) reaches past its target's end,
 * FILE:LINE:COL at the attribute: capacity bytes, or with 0 each step's target's
 * size where the plan or --target gives one. 0 or -SB_EUSAGE.
 */
int plan_check_ranges(const struct plan *p, uint64_t capacity, struct diag *d);
/* releases l's labels. */
void plan_labels_release(struct plan_labels *l);

/* Names of the kinds, as in the plan: "workload", "rounds", ... */
const char *plan_kind_name(enum step_kind k);
const char *plan_scope_name(enum plan_scope_kind k);

/* Prints the generated reference of every element and attribute (Markdown). */
void plan_print_reference(FILE *out);
/* Prints the XML Schema of plans, generated from the same table. */
void plan_print_xsd(FILE *out);

#endif
