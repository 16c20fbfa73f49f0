/* SPDX-License-Identifier: MIT */
/*
 * plan: the test-plan language as one table of elements and their attributes. The
 * loader (plan_load.c), the checks (plan_check.c), `ssdbench check` and the
 * generated reference (plan_ref.c: `ssdbench plan-reference`) all read this table.
 */
#include "plan.h"

#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "plan_int.h"
#include "purgemethod.h"
#include "vocab.h"
#include "xalloc.h"

static const char *const rw_choices[] = {
	"read", "write", "randread", "randwrite", "rw", "readwrite", "randrw",
	"trim", "randtrim", "trimwrite", NULL,
};
/* The rw values that read; the mixes (read and write) are its tail. */
static const char *const rw_reading[] = { "read", "randread", "rw", "readwrite", "randrw", NULL };
static const char *const *const rw_mixed = rw_reading + 2;
/* fio's engines; a workload may also take fio's null engine (bench/run's IOPS
 * ceiling), a precondition or a replay not: they take engine_choices + 1. */
static const char *const engine_choices[] = {
	"null", "auto", "io_uring", "libaio", "psync", "pvsync2", "sync", "posixaio", NULL,
};
static const char *const pattern_choices[] = { "seq", "rand", NULL };
static const char *const log_choices[] = { "per-second", "none", NULL };
static const char *const point_choices[] = { "max-iops", "mid-iops", NULL };
static const char *const metric_choices[] = {
	"iops", "bw", "lat-mean", "lat-max", "clat-mean", "clat-max", NULL,
};
static const char *const dir_choices[] = { "read", "write", "total", NULL };
static const char *const op_choices[] = { "software", "hpa", "namespace", NULL };
static const char *const failure_choices[] = { "stop", "continue", NULL };
static const char *const wcache_choices[] = { "off", "on", "as-is", NULL };
#define CHART_HELP "report hint: the chart this wants (`auto` lets the report choose; " \
	"`dispersion` per-second scatter, `written` against % of capacity written, " \
	"`sweep` against the sweep's variable, `qos` latency percentiles)"

#define DATA_HELP "the data written: `random` (incompressible), `zero`, or " \
	"`compressible:50%` (that share of every 4 KiB is zeros); compressing and " \
	"deduplicating controllers score very differently on each"

#define WCACHE_HELP "the drive's volatile write cache for the steps: `off` (SNIA " \
	"PTS-E), `on` (PTS-C), or `as-is`: the drive's own state, nothing sent (inside a " \
	"scope: the state the run found, set back if it was changed); set by NVMe Set " \
	"Features or ATA SET FEATURES before the first step that needs it, read before and " \
	"after, and given back at the end, on failure, Ctrl-C and at `resume`; not " \
	"applicable on files, loop and zram devices; refused on a drive without one"

#define A(n, t, req, d, st, field, lo, hi, ch, h) \
	{ n, t, req, d, offsetof(struct st, field), lo, hi, ch, h }
/* A scope's write-cache: unset, it is the enclosing scope's (or the plan's). */
#define SCOPE_WCACHE \
	A("write-cache", T_ENUM, 0, NULL, plan_scope, write_cache, 0, 0, wcache_choices, \
	  "as the plan's `write-cache`, for the steps inside; the setting around the " \
	  "scope comes back after it; default the enclosing one")
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The <plan> attributes a --set NAME=VALUE gives, checked as if written there. */
const char *const plan__root_sets[] = { "seed", "write-cache", "sponsor", NULL };

static const struct plan__attr plan_attrs[] = {
	A("name", T_NAME, 1, NULL, plan, name, 0, 0, NULL,
	  "identifier of the plan; names the default output folder `out/<name>/`"),
	A("title", T_TEXT, 0, NULL, plan, title, 0, 0, NULL,
	  "title shown in reports (any language, e.g. `快速測試`); defaults to `name`"),
	A("failure", T_ENUM, 0, "stop", plan, failure, 0, 0, failure_choices,
	  "what a failed step does: stop the run, or continue with the next step"),
	A("seed", T_INT, 0, "1", plan, seed, 0, LLONG_MAX, NULL, "the seed of the random "
	  "offsets and data: each fio run gets its own (`randseed=`) from this one, its "
	  "step and its round, so rounds write fresh LBAs and a rerun repeats them; "
	  "`--set seed=N` overrides it"),
	A("data", T_TEXT, 0, "random", plan, data, 0, 0, NULL, DATA_HELP),
	A("write-cache", T_ENUM, 0, "as-is", plan, write_cache, 0, 0, wcache_choices,
	  WCACHE_HELP),
	A("sponsor", T_TEXT, 0, NULL, plan, sponsor, 0, 0, NULL, "who the test is run for "
	  "(SNIA's test sponsor), in the report header; `--set sponsor=TEXT` gives it"),
	A("passes", T_TEXT, 0, NULL, plan, passes, 0, 0, NULL, "run the plan this many "
	  "times, each pass an archive `DIR/pass-K` of a pass set with every test's mean, "
	  "σ and 95 % interval (docs/passes.md): `N` (1 to 100), or `auto[:MAX]`, until "
	  "every rate's and the mean latency's interval is within `noise` (at most MAX "
	  "passes, 10 by default); `run --passes` overrides it, and a rerun or a dry run is "
	  "one pass"),
	A("noise", T_TEXT, 0, NULL, plan, noise, 0, 0, NULL, "`passes=\"auto\"`'s target: "
	  "the 95 % interval's half-width in % of the mean (default `2%`); `run --passes "
	  "auto --noise` overrides both"),
	A("report", T_TEXT, 0, NULL, plan, report, 0, 0, NULL,
	  "the report template: `snia-iops` draws with `templates/report-snia-iops.xml` of "
	  "the data directory (a-z, 0-9, `-`; an unknown one is an error naming the shipped "
	  "ones); `run` and `ssdbench report` use it unless `--template` is given; default "
	  "`templates/report-default.xml`"),
};

static const struct plan__attr var_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_var, name, 0, 0, NULL,
	  "variable name, used as `${name}` in any later attribute"),
	A("value", T_TEXT, 1, NULL, plan_var, value, 0, 0, NULL,
	  "default value; `--set name=value` on the command line overrides it"),
	A("smoke", T_TEXT, 0, NULL, plan_var, smoke, 0, 0, NULL,
	  "value under `--set smoke=1` (the built-in variable `smoke`, 0 by default): "
	  "seconds and MiB instead of hours and TB, so a test suite can run every plan"),
};

static const struct plan__attr include_attrs[] = {
	{ "href", T_TEXT, 1, NULL, 0, 0, 0, NULL, "a file whose root is `<fragment>`, "
	  "relative to the including file; its contents stand in place of the include" },
};

static const struct plan__attr host_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_host, name, 0, 0, NULL, "host name used by targets"),
	A("address", T_TEXT, 1, NULL, plan_host, address, 0, 0, NULL,
	  "where its `fio --server` listens (and ssh reaches it)"),
	A("port", T_INT, 0, "8765", plan_host, port, 1, 65535, NULL, "fio server port"),
	A("ssh", T_TEXT, 0, NULL, plan_host, ssh, 0, 0, NULL, "ssh destination for the "
	  "bench's device steps (`user@address`, or a `Host` of your ssh config); default "
	  "`address`"),
	A("ssh-port", T_INT, 0, NULL, plan_host, ssh_port, 1, 65535, NULL, "ssh port; "
	  "default your ssh config's (22)"),
	A("ssdbench", T_TEXT, 0, NULL, plan_host, ssdbench, 0, 0, NULL, "the `ssdbench` "
	  "program on the bench, run over ssh for device steps; default `ssdbench` on "
	  "the PATH of a non-interactive ssh session there"),
};

#define LABEL_HELP "display label in reports, every language (`<label lang=>` children " \
	"give one per language); may use `${var}`; default the reviewer wording of its " \
	"access pattern and sweep values"
#define LABEL_ATTR(st) A("label", T_TEXT, 0, NULL, st, label, 0, 0, NULL, LABEL_HELP)
static const struct plan__attr label_attrs[] = {
	A("lang", T_TEXT, 1, NULL, plan_label, lang, 0, 0, NULL,
	  "language tag: `en`, `zh-TW`, `zh-CN`; the text inside is the label, `${var}` "
	  "substituted"),
};
#define LABEL_PARENTS "workload precondition purge idle probe replay rounds target"

static const struct plan__attr target_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_target, name, 0, 0, NULL, "target name, used by "
	  "`--target NAME=SPEC` and by steps' `target`"),
	A("file", T_TEXT, 0, NULL, plan_target, path, 0, 0, NULL, "a regular file to "
	  "test on, relative to the output folder and kept inside it: no absolute path, no "
	  "`..` (another path only with `--target NAME=file:PATH,size=SIZE`)"),
	A("device", T_TEXT, 0, NULL, plan_target, path, 0, 0, NULL,
	  "a whole block device, e.g. `/dev/nvme0n1`, under `/dev/` once `.` and `..` are "
	  "written out"),
	A("size", T_SIZE, 0, NULL, plan_target, size, 0, 0, NULL,
	  "size of a file target (required for files)"),
	A("host", T_NAME, 0, NULL, plan_target, host, 0, 0, NULL,
	  "the `<host>` the target is attached to; default this machine"),
	LABEL_ATTR(plan_target),
};

static const struct plan__attr title_attrs[] = {
	A("lang", T_TEXT, 1, NULL, plan_title, lang, 0, 0, NULL,
	  "language tag: `en`, `zh-TW`, `zh-CN`"),
	A("text", T_TEXT, 1, NULL, plan_title, text, 0, 0, NULL,
	  "the plan's title in that language"),
};


#define STEP_COMMON(what) \
	A("name", T_NAME, 1, NULL, plan_workload, name, 0, 0, NULL, \
	  "step name, unique in the plan; names the step's folder"), \
	A("target", T_NAME, 0, NULL, plan_workload, target, 0, 0, NULL, \
	  "target " what "; may be left out when the plan has one target"), \
	LABEL_ATTR(plan_workload)

static const struct plan__attr workload_attrs[] = {
	STEP_COMMON("to run on"),
	A("rw", T_ENUM, 1, NULL, plan_workload, rw, 0, 0, rw_choices,
	  "I/O pattern (fio `rw=`)"),
	A("bs", T_SIZE, 0, "4k", plan_workload, bs, 0, 0, NULL, "block size (fio `bs=`)"),
	A("bssplit", T_TEXT, 0, NULL, plan_workload, bssplit, 0, 0, NULL,
	  "block-size mix as fio writes it, e.g. `4k/67:8k/10:64k/23`"),
	A("iodepth", T_INT, 0, "1", plan_workload, iodepth, 1, 65536, NULL,
	  "queue depth per job (fio `iodepth=`)"),
	A("numjobs", T_INT, 0, "1", plan_workload, numjobs, 1, 1024, NULL,
	  "number of jobs (threads of I/O), reported together"),
	A("rwmixread", T_INT, 0, NULL, plan_workload, rwmixread, 0, 100, NULL,
	  "percent of reads in a mixed workload (`rw`, `readwrite`, `randrw` only)"),
	A("runtime", T_TIME, 0, "60s", plan_workload, runtime_ms, 0, 0, NULL,
	  "measured time of the step (fio `runtime=`)"),
	A("time_based", T_BOOL, 0, "1", plan_workload, time_based, 0, 0, NULL,
	  "run for `runtime` (1) or until `size` is done once (0)"),
	A("size", T_AMOUNT, 0, NULL, plan_workload, size_amt, 0, 0, NULL,
	  "length of the LBA range used: bytes, `75%` or `1x` of capacity; default all"),
	A("offset", T_AMOUNT, 0, NULL, plan_workload, offset_amt, 0, 0, NULL,
	  "start of the LBA range: bytes or `%` of capacity"),
	A("rate", T_TEXT, 0, NULL, plan_workload, rate, 0, 0, NULL,
	  "bandwidth cap as fio writes it (`rate=`), e.g. `100m` or `50m,10m`"),
	A("rate_iops", T_INT, 0, NULL, plan_workload, rate_iops, 1, 100000000, NULL,
	  "IOPS cap (fio `rate_iops=`)"),
	A("ioengine", T_ENUM, 0, "auto", plan_workload, ioengine, 0, 0, engine_choices,
	  "fio engine; `auto` is io_uring, or libaio where io_uring is unavailable; `null` is "
	  "fio's null engine: no I/O reaches the target and nothing counts as written, what it "
	  "measures is fio and ssdbench themselves (bench/run's IOPS ceiling)"),
	A("direct", T_BOOL, 0, "1", plan_workload, direct, 0, 0, NULL,
	  "bypass the page cache (O_DIRECT); `0` measures the cache, not the drive"),
	A("norandommap", T_BOOL, 0, "0", plan_workload, norandommap, 0, 0, NULL,
	  "let random I/O repeat blocks (fio `norandommap`)"),
	A("random_distribution", T_TEXT, 0, NULL, plan_workload, random_distribution,
	  0, 0, NULL, "fio `random_distribution=`, e.g. `zipf:1.2`, `zoned:50/5:50/95`"),
	A("thinktime", T_TIME, 0, NULL, plan_workload, thinktime_us, 0, 0, NULL,
	  "idle time between I/Os (fio `thinktime=`)"),
	A("log", T_ENUM, 0, "per-second", plan_workload, log, 0, 0, log_choices,
	  "per-second IOPS, bandwidth and latency logs"),
	A("telemetry", T_TIME, 0, NULL, plan_workload, telemetry_ms, 0, 0, NULL,
	  "sample temperature and health this often during the step"),
	A("chart", T_ENUM, 0, "auto", plan_workload, chart, 0, 0, chart_hint_names, CHART_HELP),
	A("data", T_TEXT, 0, NULL, plan_workload, data, 0, 0, NULL,
	  "this step's data pattern, as the plan's `data`; default the plan's"),
	A("point", T_ENUM, 0, NULL, plan_workload, point, 0, 0, point_choices,
	  "run at a point SNIA's DIRTH and ECW choose at run time among the sweep cells of "
	  "the last round of the `<rounds>` scope `from`: `max-iops` the cell of most IOPS, "
	  "`mid-iops` the one nearest halfway between its most and fewest; that cell's "
	  "numjobs (TC) and iodepth (QD) are this step's (leave both out)"),
	A("from", T_NAME, 0, NULL, plan_workload, point_from, 0, 0, NULL,
	  "the `<rounds>` scope, ended before this step, whose cells `point` chooses from"),
};

static const struct plan__attr fio_attrs[] = {
	A("option", T_NAME, 1, NULL, plan_fio_opt, name, 0, 0, NULL, "a stimulus "
	  "option of the table below that the installed fio knows, checked before the run"),
	A("value", T_TEXT, 0, NULL, plan_fio_opt, value, 0, 0, NULL,
	  "its value, as fio reads it; leave out for a flag"),
};

static const struct plan__attr precondition_attrs[] = {
	STEP_COMMON("to fill"),
	A("pattern", T_ENUM, 0, "seq", plan_workload, pattern, 0, 0, pattern_choices,
	  "sequential or random writes"),
	A("bs", T_SIZE, 0, "128k", plan_workload, bs, 0, 0, NULL, "block size"),
	A("amount", T_AMOUNT, 0, "2x", plan_workload, amount, 0, 0, NULL,
	  "how much to write: `2x` capacity (SNIA WIPC), `75%`, or bytes"),
	A("iodepth", T_INT, 0, "32", plan_workload, iodepth, 1, 65536, NULL, "queue depth"),
	A("numjobs", T_INT, 0, "1", plan_workload, numjobs, 1, 1024, NULL, "jobs"),
	A("ioengine", T_ENUM, 0, "auto", plan_workload, ioengine, 0, 0, engine_choices + 1,
	  "fio engine"),
	A("direct", T_BOOL, 0, "1", plan_workload, direct, 0, 0, NULL, "O_DIRECT"),
	A("data", T_TEXT, 0, NULL, plan_workload, data, 0, 0, NULL,
	  "the fill's data pattern, as the plan's `data`; default the plan's"),
};

static const struct plan__attr purge_attrs[] = {
	STEP_COMMON("to erase"),
	A("method", T_ENUM, 0, "auto", plan_workload, method, 0, 0, purgemethod_names,
	  "how: a method of the purge table below; `auto` picks the strongest the device "
	  "supports, files punch holes"),
};

static const struct plan__attr idle_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_workload, name, 0, 0, NULL,
	  "step name, unique in the plan"),
	LABEL_ATTR(plan_workload),
	A("duration", T_TIME, 1, NULL, plan_workload, duration_ms, 0, 0, NULL,
	  "how long to leave the drive idle"),
};

static const struct plan__attr probe_attrs[] = {
	STEP_COMMON("to describe"),
};

static const char *const replay_mode_choices[] = { "fast", "timed", NULL };
static const char *const replay_fit_choices[] = { "scale", NULL };
static const struct plan__attr replay_attrs[] = {
	STEP_COMMON("to replay onto"),
	A("trace", T_TEXT, 1, NULL, plan_workload, trace, 0, 0, NULL, "the block trace "
	  "(a blktrace file, as `ssdbench trace capture` writes), relative to the plan "
	  "file; a regular file of at most 256 MiB, copied into the archive's `plan/`"),
	A("mode", T_ENUM, 0, "fast", plan_workload, mode, 0, 0, replay_mode_choices,
	  "`fast`: every I/O as soon as the one before completes, as fast as the drive "
	  "can (PCMark 8 storage; fio `replay_no_stall`); `timed`: the trace's own timing "
	  "(divided by `speed`)"),
	A("speed", T_INT, 0, "1", plan_workload, speed, 1, 1000, NULL, "with "
	  "mode=timed: play N times as fast as recorded (fio `replay_time_scale`)"),
	A("fit", T_ENUM, 0, "scale", plan_workload, fit, 0, 0, replay_fit_choices,
	  "a trace reaching past the target's end has its offsets divided by the "
	  "smallest whole factor that fits (aligned down to 4 KiB; docs/replay.md); the "
	  "factor is in the manifest"),
	A("iodepth", T_INT, 0, "1", plan_workload, iodepth, 1, 65536, NULL,
	  "most I/Os in flight (fio `iodepth=`)"),
	A("ioengine", T_ENUM, 0, "auto", plan_workload, ioengine, 0, 0, engine_choices + 1,
	  "fio engine"),
	A("direct", T_BOOL, 0, "1", plan_workload, direct, 0, 0, NULL, "O_DIRECT"),
	A("log", T_ENUM, 0, "per-second", plan_workload, log, 0, 0, log_choices,
	  "per-second IOPS, bandwidth and latency logs"),
	A("data", T_TEXT, 0, NULL, plan_workload, data, 0, 0, NULL,
	  "the data pattern its writes carry, as the plan's `data`; default the plan's"),
};

static const struct plan__attr sweep_attrs[] = {
	{ "var", T_NAME, 1, NULL, 0, 0, 0, NULL, "the variable each value is bound to, "
	  "used as `${var}` by the steps inside" },
	{ "values", T_TEXT, 1, NULL, 0, 0, 0, NULL,
	  "the values, separated by spaces or commas, in run order" },
};

static const struct plan__attr rounds_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_scope, name, 0, 0, NULL, "name of the loop"),
	A("until", T_ENUM, 0, "steady", plan_scope, until, 0, 0, scope_until_names,
	  "stop at steady state (SNIA), when `written` is reached, after `time`, or at "
	  "`max` rounds; max rounds always stops it. `passes`: `max` rounds, each a pass of "
	  "the steps inside, one fio process each: every test's value is the mean of its "
	  "passes with its 95 % interval (docs/passes.md)"),
	A("max", T_INT, 0, "25", plan_scope, max_rounds, 1, 100000, NULL,
	  "most rounds; with until=passes the passes"),
	A("window", T_INT, 0, "5", plan_scope, window, 2, 1000, NULL,
	  "measurement window in rounds (SNIA: 5)"),
	A("range", T_PERCENT, 0, "20%", plan_scope, range, 0, 0, NULL,
	  "largest data excursion, max−min, as a share of the window average (SNIA 20 %)"),
	A("slope", T_PERCENT, 0, "10%", plan_scope, slope, 0, 0, NULL,
	  "largest excursion of the least-squares line over the window (SNIA 10 %)"),
	A("written", T_AMOUNT, 0, NULL, plan_scope, written, 0, 0, NULL,
	  "with until=written: stop once this much was written (`2x`, `4x` capacity)"),
	A("time", T_TIME, 0, NULL, plan_scope, time_ms, 0, 0, NULL,
	  "stop after this long (with until=time, or as a limit for the others)"),
	A("chart", T_ENUM, 0, "auto", plan_scope, chart, 0, 0, chart_hint_names, CHART_HELP),
	A("continuous", T_BOOL, 0, "1", plan_scope, continuous, 0, 0, NULL,
	  "run the rounds as one fio process, cut into rounds from its status reports, "
	  "when they can be: one time-based workload of whole seconds, until `written` "
	  "(writes only), `time` or `max` (no test between rounds): no idle gap between "
	  "rounds; 0: one fio process per round"),
	SCOPE_WCACHE,
	LABEL_ATTR(plan_scope),
};

static const struct plan__attr track_attrs[] = {
	A("element", T_NAME, 1, NULL, plan_track, element, 0, 0, NULL,
	  "a step inside the rounds"),
	A("metric", T_ENUM, 0, "iops", plan_track, metric, 0, 0, metric_choices,
	  "the tracking variable: IOPS, bandwidth, the mean or maximum response time "
	  "(`lat-`: submission + completion, as SNIA's latency test) or completion "
	  "latency (`clat-`), in µs"),
	A("dir", T_ENUM, 0, "total", plan_track, dir, 0, 0, dir_choices,
	  "which direction's value"),
};

static const struct plan__attr duty_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_scope, name, 0, 0, NULL, "name of the cycle"),
	A("on", T_TIME, 1, NULL, plan_scope, on_ms, 0, 0, NULL, "time the step runs"),
	A("off", T_TIME, 1, NULL, plan_scope, off_ms, 0, 0, NULL, "the wait state after it: "
	  "from its last I/O to the next step's first, by fio's reports (the next fio sets "
	  "up during the wait and its jobs wait at a gate ssdbench opens at its end)"),
	A("repeat", T_INT, 0, "1", plan_scope, repeat, 1, 1000000, NULL, "repetitions"),
	SCOPE_WCACHE,
};

static const struct plan__attr op_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_scope, name, 0, 0, NULL, "name of the scope"),
	A("percent", T_PERCENT, 1, NULL, plan_scope, op, 0, 0, NULL, "over-provisioning "
	  "as (raw − user) ÷ user: `28%` uses the first 78.1 % of LBAs, `100%` half"),
	A("method", T_ENUM, 0, "software", plan_scope, op_method, 0, 0, op_choices,
	  "`software` confines I/O to the LBA range after a discard; `hpa` (ATA SET MAX "
	  "ADDRESS) and `namespace` (NVMe namespace re-created smaller) resize the drive "
	  "and give the capacity back after the scope (also after a failure, Ctrl-C, and "
	  "first thing at `resume` after a crash): they need `--allow-capacity-change` and "
	  "`--destroy` with the drive's serial; `--dry-run` shows every command"),
	SCOPE_WCACHE,
};

static const struct plan__attr raid_attrs[] = {
	A("name", T_NAME, 1, NULL, plan_scope, name, 0, 0, NULL,
	  "name of the array; the steps inside run on it"),
	A("level", T_INT, 0, "0", plan_scope, level, 0, 0, NULL, "RAID level (0)"),
	A("chunk", T_SIZE, 0, "128k", plan_scope, chunk, 0, 0, NULL, "stripe chunk size"),
	A("members", T_NAMES, 1, NULL, plan_scope, members, 0, 0, NULL,
	  "the member targets, separated by spaces"),
};

/*
 * The step kinds' plan columns, a row per common/vocab.h STEP_KINDS entry (its enum
 * names the row): X(ENUM, NAME, TIME, FLAGS, SUMMARY, ATTRS, PARENTS, HELP). SUMMARY is what `ssdbench check` says of a step with no parameters to show
 * (or NULL); ATTRS (an array in plan.c), PARENTS and HELP make the element's row.
 */
#define PLAN_STEP_KINDS(X) \
	X(STEP_WORKLOAD, "workload", PLAN_TIME_RUNTIME, \
	  PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_MEASURE, NULL, workload_attrs, \
	  PLAN__STEPS_IN " rounds duty-cycle", "one fio measurement") \
	X(STEP_PRECONDITION, "precondition", PLAN_TIME_OPEN, \
	  PLAN_KIND_TARGET | PLAN_KIND_FIO | PLAN_KIND_FILL, NULL, precondition_attrs, \
	  PLAN__STEPS_IN, "fill the target: write an amount of data, not timed") \
	X(STEP_PURGE, "purge", PLAN_TIME_OPEN, PLAN_KIND_TARGET | PLAN_KIND_ERASE, NULL, \
	  purge_attrs, PLAN__STEPS_IN, "erase the target (secure erase, sanitize, discard)") \
	X(STEP_IDLE, "idle", PLAN_TIME_DURATION, 0, NULL, idle_attrs, \
	  PLAN__STEPS_IN " rounds", "leave the drive idle") \
	X(STEP_PROBE, "probe", PLAN_TIME_NONE, PLAN_KIND_TARGET, \
	  "identity and health snapshot", probe_attrs, PLAN__STEPS_IN, \
	  "record the target's identity and health") \
 \
	X(STEP_REPLAY, "replay", PLAN_TIME_OPEN, PLAN_KIND_TARGET | PLAN_KIND_REPLAY, \
	  NULL, replay_attrs, PLAN__STEPS_IN, \
	  "replay a block trace (blktrace) onto the target with fio, scored in MB/s and " \
	  "average access time (docs/replay.md)")

/* The steps' rows come from their kinds' (above), the scopes' from plan.h's. */
#define STEP_ELEM(e, name, time, flags, summary, attrs, parents, help) \
	{ name, parents, ROLE_STEP, e, attrs, N(attrs), help },
#define SCOPE_ELEM(e, name, flags, attrs, parents, help) \
	{ name, parents, ROLE_SCOPE, e, attrs, N(attrs), help },
const struct plan__elem plan__elems[] = {
	{ "plan", "", ROLE_ROOT, 0, plan_attrs, N(plan_attrs), "the root: one test plan" },
	{ "fragment", "", ROLE_FRAGMENT, 0, NULL, 0,
	  "the root of a file included by `<include>`; holds what a plan holds" },
	{ "var", "plan fragment", ROLE_VAR, 0, var_attrs, N(var_attrs),
	  "a variable, substituted as `${name}` in any later attribute" },
	{ "include", "plan fragment sweep op raid rounds", ROLE_INCLUDE, 0, include_attrs,
	  N(include_attrs), "includes a `<fragment>` file here (an include cycle is an error)" },
	{ "title", "plan", ROLE_TITLE, 0, title_attrs, N(title_attrs),
	  "the title in another language, for reports in that language" },
	{ "host", "plan fragment", ROLE_HOST, 0, host_attrs, N(host_attrs),
	  "a bench machine running `fio --server`" },
	{ "target", "plan fragment", ROLE_TARGET, 0, target_attrs, N(target_attrs),
	  "a device or file under test; `--target NAME=SPEC` replaces it at run time" },
	PLAN_STEP_KINDS(STEP_ELEM)
	{ "fio", "workload", ROLE_FIO, 0, fio_attrs, N(fio_attrs),
	  "a fio option passed through as written" },
	{ "sweep", PLAN__STEPS_IN " rounds", ROLE_SWEEP, 0, sweep_attrs, N(sweep_attrs),
	  "repeat the steps inside once per value; sweeps nest into matrices" },
	PLAN_SCOPE_KINDS(SCOPE_ELEM)
	{ "track", "rounds", ROLE_TRACK, 0, track_attrs, N(track_attrs),
	  "a tracking variable of the rounds' steady-state test" },
	{ "label", LABEL_PARENTS, ROLE_LABEL, 0, label_attrs, N(label_attrs),
	  "the display label in one language, as text: `<label lang=\"zh-TW\">4K 隨機寫入 "
	  "${op}</label>`; reports in that language print it instead of the step's name" },
};
const size_t plan__nelems = N(plan__elems);

int plan__in_list(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *s = list; (s = strstr(s, word)); s += n)
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' || !s[n]))
			return 1;
	return 0;
}

/* ------------------------------------------------------------------------- */
/* Lifecycle and queries                                                     */

void plan_init(struct plan *p)
{
	memset(p, 0, sizeof(*p));
}

static void release_step(struct plan_workload *w)
{
	char *strs[] = {
		w->name, w->target, w->file, w->cell, w->rw, w->bssplit, w->ioengine,
		w->rate, w->random_distribution, w->log, w->pattern, w->method, w->chart,
		w->data, w->trace, w->mode, w->fit, w->label, w->point, w->point_from,
	};

	for (size_t i = 0; i < N(strs); i++)
		free(strs[i]);
	for (size_t i = 0; i < w->nfio; i++) {
		free(w->fio[i].name);
		free(w->fio[i].value);
	}
	free(w->fio);
	plan_labels_release(&w->labels);
}

static void release_scope(struct plan_scope *s)
{
	free(s->name);
	free(s->file);
	free(s->until);
	free(s->op_method);
	free(s->members);
	free(s->chart);
	free(s->write_cache);
	free(s->label);
	plan_labels_release(&s->labels);
	for (size_t i = 0; i < s->ntracks; i++) {
		free(s->tracks[i].element);
		free(s->tracks[i].metric);
		free(s->tracks[i].dir);
	}
	free(s->tracks);
}

void plan_release(struct plan *p)
{
	for (size_t i = 0; i < p->nvars; i++) {
		free(p->vars[i].name);
		free(p->vars[i].value);
		free(p->vars[i].smoke);
	}
	for (size_t i = 0; i < p->nhosts; i++) {
		free(p->hosts[i].name);
		free(p->hosts[i].address);
		free(p->hosts[i].ssh);
		free(p->hosts[i].ssdbench);
	}
	for (size_t i = 0; i < p->ntargets; i++) {
		free(p->targets[i].name);
		free(p->targets[i].path);
		free(p->targets[i].host);
		free(p->targets[i].label);
		plan_labels_release(&p->targets[i].labels);
	}
	for (size_t i = 0; i < p->nsteps; i++)
		release_step(&p->steps[i]);
	for (size_t i = 0; i < p->nscopes; i++)
		release_scope(&p->scopes[i]);
	for (size_t i = 0; i < p->ntitles; i++) {
		free(p->titles[i].lang);
		free(p->titles[i].text);
	}
	for (size_t i = 0; i < p->nincludes; i++)
		free(p->includes[i]);
	free(p->vars);
	free(p->hosts);
	free(p->targets);
	free(p->steps);
	free(p->scopes);
	free(p->titles);
	free(p->includes);
	free(p->file);
	free(p->confine);
	free(p->name);
	free(p->title);
	free(p->failure);
	free(p->report);
	free(p->data);
	free(p->passes);
	free(p->noise);
	free(p->write_cache);
	free(p->sponsor);
	plan_init(p);
}

/* The array scope (a <raid>) a step runs inside, or NULL. */
static const struct plan_scope *raid_of(const struct plan *p, const struct plan_workload *w)
{
	for (int s = w->scope; s >= 0; s = p->scopes[s].parent)
		if (plan_scope_is(&p->scopes[s], PLAN_SCOPE_ARRAY))
			return &p->scopes[s];
	return NULL;
}

static const struct plan_target *find_target(const struct plan *p, const char *name,
					     size_t len)
{
	for (size_t i = 0; i < p->ntargets; i++)
		if (strlen(p->targets[i].name) == len && !strncmp(p->targets[i].name, name, len))
			return &p->targets[i];
	return NULL;
}

const struct plan_target *plan_step_target(const struct plan *p,
					   const struct plan_workload *w)
{
	const struct plan_scope *raid = raid_of(p, w);

	/* Inside a RAID scope the array stands in for its first member. */
	if (raid)
		return find_target(p, raid->members, strcspn(raid->members, " "));
	if (!w->target)
		return p->ntargets == 1 ? &p->targets[0] : NULL;
	return find_target(p, w->target, strlen(w->target));
}

int plan_data_parse(const char *s, int *zero, int *compress_pct)
{
	char *end;
	long n;

	*zero = 0;
	*compress_pct = 0;
	if (!strcmp(s, "random"))
		return 0;
	if (!strcmp(s, "zero")) {
		*zero = 1;
		return 0;
	}
	if (strncmp(s, "compressible:", 13) || !isdigit((unsigned char)s[13]))
		return -1;
	n = strtol(s + 13, &end, 10);
	if (strcmp(end, "%") || n < 1 || n > 99)
		return -1;
	*compress_pct = (int)n;
	return 0;
}

int plan_passes_parse(const char *s, unsigned *n, int *autostop)
{
	const char *num = s;
	char *end;
	unsigned long v;

	*autostop = !strncmp(s, "auto", 4) && (!s[4] || s[4] == ':');
	if (*autostop)
		num = s[4] ? s + 5 : NULL;
	if (num && !isdigit((unsigned char)*num))
		return -1;
	v = num ? strtoul(num, &end, 10) : PLAN_PASSES_AUTO_MAX;
	if ((num && *end) || v < (*autostop ? 2u : 1u) || v > PLAN_PASSES_MAX)
		return -1;
	*n = (unsigned)v;
	return 0;
}

int plan_noise_parse(const char *s, double *pct)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !isdigit((unsigned char)*s) || (*end && strcmp(end, "%")) ||
	    !(v > 0) || !(v < 100))
		return -1;
	*pct = v;
	return 0;
}

const char *plan_step_data(const struct plan *p, const struct plan_workload *w)
{
	return w->data ? w->data : p->data ? p->data : "random";
}

const char *plan_step_write_cache(const struct plan *p, const struct plan_workload *w)
{
	for (int s = w->scope; s >= 0; s = p->scopes[s].parent)
		if (p->scopes[s].write_cache)
			return p->scopes[s].write_cache;
	return p->write_cache ? p->write_cache : "as-is";
}

int plan_in_scope(const struct plan *p, const struct plan_workload *w,
		  enum plan_scope_kind k)
{
	for (int s = w->scope; s >= 0; s = p->scopes[s].parent)
		if (p->scopes[s].kind == k)
			return 1;
	return 0;
}

static int in_list(const char *const *list, const char *s)
{
	for (; s && *list; list++)
		if (!strcmp(*list, s))
			return 1;
	return 0;
}

int plan_rw_reads(const char *rw)
{
	return in_list(rw_reading, rw);
}

int plan_rw_mixed(const char *rw)
{
	return in_list(rw_mixed, rw);
}

int plan_step_writes(const struct plan_workload *w)
{
	if (plan_step_is(w, PLAN_KIND_ERASE))
		return strcmp(w->method, "none") != 0;
	if (plan_step_is(w, PLAN_KIND_MEASURE))
		return strcmp(w->rw, "read") && strcmp(w->rw, "randread");
	if (plan_step_is(w, PLAN_KIND_REPLAY))
		return w->trace_writes;
	return plan_step_is(w, PLAN_KIND_FILL);
}

const char *plan_scope_discontinuous(const struct plan *p, size_t si)
{
	const struct plan_scope *s = &p->scopes[si];
	const struct plan_workload *w = &p->steps[s->first];

	if (!plan_scope_is(s, PLAN_SCOPE_REPEAT))
		return "not a <rounds> scope";
	if (!s->continuous)
		return "continuous=\"0\"";
	if (!strcmp(s->until, "passes"))
		return "until=\"passes\": each pass its own fio process";
	if (!strcmp(s->until, "steady"))
		return "the steady-state test runs between rounds";
	if (s->count != 1 || !plan_step_is(w, PLAN_KIND_MEASURE))
		return "its rounds are not one workload";
	for (size_t k = si + 1; k < p->nscopes; k++)
		if (p->scopes[k].parent == (int)si)
			return "a scope inside it";
	if (!w->time_based || w->runtime_ms < 1000 || w->runtime_ms % 1000)
		return "its workload is not time-based in whole seconds";
	if (w->telemetry_ms)
		return "its workload samples telemetry (per fio run, not yet per round)";
	if (!strcmp(s->until, "written") && strcmp(w->rw, "write") && strcmp(w->rw, "randwrite"))
		return "until=\"written\" with reads in the mix (fio's io_size counts both)";
	return NULL;
}

uint64_t plan_runtime_ms(const struct plan *p)
{
	uint64_t ms = 0;

	for (size_t i = 0; i < p->nsteps; i++)
		ms += plan_step_time_ms(&p->steps[i], NULL);
	return ms;
}

uint64_t plan_amount_bytes(const struct plan_amount *a, uint64_t capacity)
{
	return a->mult > 0 ? (uint64_t)(a->mult * (double)capacity) : a->bytes;
}

#define KIND_ROW(e, name, time, flags, summary, ...) [e] = { name, time, flags, summary },
/* A plan row per common/vocab.h step kind (test_plan holds the names to it). */
_Static_assert((0 PLAN_STEP_KINDS(PLAN__KIND_ONE)) == STEP_N,
	       "PLAN_STEP_KINDS has a row per common/vocab.h STEP_KINDS entry");
_Static_assert(PLAN_SCOPE_KIND_COUNT == SCOPE_N && (int)PLAN_ROUNDS == (int)SCOPE_ROUNDS &&
	       (int)PLAN_DUTY_CYCLE == (int)SCOPE_DUTY_CYCLE && (int)PLAN_OP == (int)SCOPE_OP &&
	       (int)PLAN_RAID == (int)SCOPE_RAID,
	       "plan.h's scope kinds are common/vocab.h's SCOPE_KINDS, in order");
static const struct plan_kind_info kinds[STEP_N] = { PLAN_STEP_KINDS(KIND_ROW) };
#define SCOPE_ROW(e, name, flags, ...) [e] = { name, flags },
static const struct plan_scope_info scope_kinds[PLAN_SCOPE_KIND_COUNT] = {
	PLAN_SCOPE_KINDS(SCOPE_ROW)
};

const struct plan_kind_info *plan_kind_info(enum step_kind k)
{
	static const struct plan_kind_info unknown = { "?", PLAN_TIME_NONE, 0, NULL };

	return (unsigned)k < STEP_N ? &kinds[k] : &unknown;
}

const struct plan_scope_info *plan_scope_info(enum plan_scope_kind k)
{
	static const struct plan_scope_info unknown = { "?", 0 };

	return (unsigned)k < PLAN_SCOPE_KIND_COUNT ? &scope_kinds[k] : &unknown;
}

const char *plan_kind_name(enum step_kind k)
{
	return plan_kind_info(k)->name;
}

const char *plan_scope_name(enum plan_scope_kind k)
{
	return plan_scope_info(k)->name;
}

int plan_step_is(const struct plan_workload *w, unsigned flags)
{
	return (plan_kind_info(w->kind)->flags & flags) == flags;
}

int plan_scope_is(const struct plan_scope *s, unsigned flags)
{
	return (plan_scope_info(s->kind)->flags & flags) == flags;
}

uint64_t plan_step_time_ms(const struct plan_workload *w, int *open)
{
	enum plan_kind_time t = plan_kind_info(w->kind)->time;
	int dummy;

	open = open ? open : &dummy;
	*open = t == PLAN_TIME_OPEN || (t == PLAN_TIME_RUNTIME && !w->time_based);
	return t == PLAN_TIME_DURATION ? w->duration_ms :
	       t == PLAN_TIME_RUNTIME && w->time_based ? w->runtime_ms : 0;
}
