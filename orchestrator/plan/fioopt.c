/* SPDX-License-Identifier: MIT */
/*
 * fioopt: which fio options a plan may pass through, as one table. ssdbench runs fio as
 * root on a drive it erases, and labs trade plans: an option passes only when it shapes
 * the I/O on the target. The loader refuses the rest at the <fio> element's location.
 */
#include "fioopt.h"

#include <string.h>

#define S(n, note) { n, FIOOPT_STIMULUS, FIOOPT_ANY, note }
#define SV(n, v, note) { n, FIOOPT_STIMULUS, v, note }
#define O(n, note) { n, FIOOPT_OWNED, FIOOPT_ANY, note }
#define T(n, note) { n, FIOOPT_TOUCHES, FIOOPT_ANY, note }
#define X(n, note) { n, FIOOPT_EXECUTES, FIOOPT_ANY, note }

#define TYPED "a typed attribute of <workload>"
#define LAYOUT "ssdbench lays out the job: one target, one job"
#define LOGS "ssdbench owns the logs and reports it reads back"
#define NUMBERS "ssdbench's numbers depend on it"
#define FILES "names or creates files other than the target"
#define IOLOG "replays or records an I/O log naming its own files or devices"
#define SYSTEM "changes the machine's state beyond the target"
#define DATA "the data pattern: `data=` on the plan or the step"

const struct fioopt fioopt_table[] = {
	/* What fio runs or loads. */
	X("exec_prerun", "runs a shell command before the job"),
	X("exec_postrun", "runs a shell command after the job"),
	X("profile", "a built-in profile defines jobs and files of its own"),

	/* Files, devices and machine state beyond the target. */
	O("filename", LAYOUT), O("directory", LAYOUT),
	T("filename_format", FILES), T("unique_filename", FILES), T("opendir", FILES),
	T("nrfiles", FILES), T("openfiles", FILES), T("file_service_type", FILES),
	T("filesize", "grows a file target past its size"),
	T("file_append", "grows a file target past its size"),
	T("fill_device", "fills the filesystem that holds a file target"),
	T("unlink", "deletes the target file"), T("unlink_each_loop", "deletes the target file"),
	T("allow_file_create", FILES), T("allow_mounted_write", "writes to a mounted device"),
	T("read_iolog", IOLOG), T("read_iolog_chunked", IOLOG), T("write_iolog", IOLOG),
	T("replay_redirect", IOLOG), T("replay_no_stall", IOLOG), T("replay_scale", IOLOG),
	T("replay_align", IOLOG), T("replay_time_scale", IOLOG), T("replay_skip", IOLOG),
	T("merge_blktrace_file", IOLOG), T("merge_blktrace_scalars", IOLOG),
	T("merge_blktrace_iters", IOLOG),
	T("verify_state_load", FILES), T("verify_state_save", FILES),
	T("verify_dump", FILES),
	T("ioscheduler", SYSTEM), T("cgroup", SYSTEM), T("cgroup_nodelete", SYSTEM),
	T("cgroup_weight", SYSTEM), T("uid", SYSTEM), T("gid", SYSTEM),

	/* What ssdbench sets itself, or reads back. */
	O("name", LAYOUT), O("randseed", "`<plan seed=>` and each run's own seed"),
	O("randrepeat", "`randrepeat=1` would replay one offset sequence every run"),
	O("allrandrepeat", "would replay one offset sequence every run"),
	O("zero_buffers", DATA), O("refill_buffers", DATA), O("scramble_buffers", DATA),
	O("buffer_compress_percentage", DATA), O("buffer_compress_chunk", DATA),
	O("numjobs", TYPED), O("ioengine", TYPED), O("rw", TYPED),
	O("readwrite", TYPED), O("bs", TYPED), O("blocksize", TYPED), O("bssplit", TYPED),
	O("iodepth", TYPED), O("size", TYPED), O("offset", TYPED), O("runtime", TYPED),
	O("time_based", TYPED), O("rate", TYPED), O("rate_iops", TYPED), O("direct", TYPED),
	O("norandommap", TYPED), O("random_distribution", TYPED), O("thinktime", TYPED),
	O("rwmixread", TYPED), O("offset_increment", LAYOUT), O("wait_for", LAYOUT),
	O("stonewall", LAYOUT), O("new_group", LAYOUT), O("exitall", LAYOUT),
	O("exit_what", LAYOUT), O("exitall_on_error", LAYOUT), O("create_only", NUMBERS),
	O("output", LOGS), O("output-format", LOGS), O("group_reporting", LOGS),
	O("per_job_logs", LOGS), O("write_bw_log", LOGS), O("write_lat_log", LOGS),
	O("write_iops_log", LOGS), O("write_hist_log", LOGS), O("bwavgtime", LOGS),
	O("iopsavgtime", LOGS), O("log_entries", LOGS), O("log_avg_msec", LOGS),
	O("log_hist_msec", LOGS), O("log_hist_coarseness", LOGS), O("log_max_value", LOGS),
	O("log_offset", LOGS), O("log_prio", LOGS), O("log_compression", LOGS),
	O("log_compression_cpus", LOGS), O("log_store_compressed", LOGS),
	O("log_unix_epoch", LOGS), O("log_alternate_epoch", LOGS),
	O("log_alternate_epoch_clock_id", LOGS), O("stats", NUMBERS),
	O("unified_rw_reporting", NUMBERS), O("gtod_reduce", NUMBERS),
	O("disable_lat", NUMBERS), O("disable_clat", NUMBERS), O("disable_slat", NUMBERS),
	O("disable_bw_measurement", NUMBERS), O("clat_percentiles", NUMBERS),
	O("lat_percentiles", NUMBERS), O("slat_percentiles", NUMBERS),
	O("percentile_list", NUMBERS), O("significant_figures", NUMBERS),
	O("kb_base", NUMBERS), O("unit_base", NUMBERS), O("disk_util", NUMBERS),
	O("block_error_percentiles", NUMBERS),

	/* The stimulus: how the I/O on the target is shaped. */
	S("description", "a label for the job"),
	S("ba", "block alignment"), S("bsrange", "block size range"),
	S("bs_unaligned", "block sizes that are not powers of 2"),


	S("random_generator", "the random generator"),
	S("percentage_random", "share of random I/O in a mixed pattern"),
	S("rw_sequencer", "how offsets are generated"),
	S("rwmixwrite", "percent of writes in a mixed workload"),
	S("io_size", "how much I/O a job does"), S("number_ios", "how many I/Os"),
	S("offset_align", "alignment of offset"), S("loops", "repeat the job"),
	S("startdelay", "wait before the job starts"), S("ramp_time", "unmeasured warm-up"),
	S("iodepth_batch", "submission batch"), S("iodepth_batch_complete_min", "reaping"),
	S("iodepth_batch_complete_max", "reaping"), S("iodepth_low", "refill threshold"),
	S("serialize_overlap", "no overlapping in-flight I/O"),
	S("io_submit_mode", "inline or offload submission"),
	S("fallocate", "file layout"), S("fadvise_hint", "page cache hints"),
	S("invalidate", "drop the page cache first"), S("pre_read", "read before the job"),
	S("create_on_open", "file layout"), S("create_serialize", "file layout"),
	S("create_fsync", "file layout"), S("lockfile", "file locking mode"),
	S("fsync", "fsync every N writes"), S("fdatasync", "fdatasync every N writes"),
	S("write_barrier", "barrier writes"), S("sync_file_range", "sync_file_range"),
	S("end_fsync", "fsync at the end"), S("fsync_on_close", "fsync on close"),
	S("sync", "synchronous I/O (O_SYNC, O_DSYNC)"), S("atomic", "atomic direct I/O"),
	S("buffered", "through the page cache"), S("overwrite", "overwrite a file target"),
	S("write_hint", "write lifetime hint"),
	SV("mem", FIOOPT_NO_PATH, "I/O buffer memory"),
	SV("iomem", FIOOPT_NO_PATH, "I/O buffer memory"),
	S("iomem_align", "buffer alignment"), S("mem_align", "buffer alignment"),
	S("hugepage-size", "huge page size"), S("lockmem", "lock memory"),
	 
	
	SV("buffer_pattern", FIOOPT_NO_FILE, "data pattern"),
	
	 S("dedupe_percentage", "data pattern"),
	S("dedupe_mode", "data pattern"), S("dedupe_working_set_percentage", "data pattern"),
	S("dedupe_global", "data pattern"),
	S("verify", "verify what was written"), S("do_verify", "verify"),
	S("verify_only", "verify"), S("verify_interval", "verify"),
	S("verify_offset", "verify"), SV("verify_pattern", FIOOPT_NO_FILE, "verify"),
	S("verify_fatal", "verify"), S("verify_async", "verify"),
	S("verify_backlog", "verify"), S("verify_backlog_batch", "verify"),
	S("experimental_verify", "verify"), S("trim_percentage", "verify"),
	S("trim_verify_zero", "verify"), S("trim_backlog", "verify"),
	S("trim_backlog_batch", "verify"),
	S("rate_min", "rate"), S("rate_process", "rate"), S("rate_cycle", "rate"),
	S("rate_ignore_thinktime", "rate"), S("rate_iops_min", "rate"),
	S("thinktime_spin", "think time"), S("thinktime_blocks", "think time"),
	S("thinktime_blocks_type", "think time"), S("thinktime_iotime", "think time"),
	S("max_latency", "latency target"), S("latency_target", "latency target"),
	S("latency_window", "latency target"), S("latency_percentile", "latency target"),
	S("latency_run", "latency target"),
	S("flow_id", "flow control"), S("flow", "flow control"),
	S("flow_sleep", "flow control"),
	S("steadystate", "fio's own steady state"),
	S("steadystate_duration", "fio's own steady state"),
	S("steadystate_ramp_time", "fio's own steady state"),
	S("zonemode", "zoned devices"), S("zonesize", "zoned devices"),
	S("zonecapacity", "zoned devices"), S("zonerange", "zoned devices"),
	S("zoneskip", "zoned devices"), S("read_beyond_wp", "zoned devices"),
	S("max_open_zones", "zoned devices"), S("job_max_open_zones", "zoned devices"),
	S("ignore_zone_limits", "zoned devices"),
	S("zone_reset_threshold", "zoned devices"),
	S("zone_reset_frequency", "zoned devices"),
	S("ignore_error", "errors"), S("continue_on_error", "errors"),
	S("error_dump", "errors"),
	S("thread", "threads instead of processes"), S("nice", "CPU priority"),
	S("prio", "I/O priority"), S("prioclass", "I/O priority"),
	S("cpumask", "CPU affinity"), S("cpus_allowed", "CPU affinity"),
	S("cpus_allowed_policy", "CPU affinity"), S("numa_cpu_nodes", "NUMA"),
	S("numa_mem_policy", "NUMA"), S("gtod_cpu", "clock"), S("clocksource", "clock"),
	/* io_uring and libaio engine options. */
	S("hipri", "polled I/O"), S("cmdprio_percentage", "I/O priority"),
	S("cmdprio_class", "I/O priority"), S("cmdprio", "I/O priority"),
	S("cmdprio_bssplit", "I/O priority"), S("fixedbufs", "io_uring"),
	S("registerfiles", "io_uring"), S("sqthread_poll", "io_uring"),
	S("sqthread_poll_cpu", "io_uring"), S("nonvectored", "io_uring"),
	S("uncached", "io_uring"), S("nowait", "io_uring, libaio"),
	S("force_async", "io_uring"), S("cmd_type", "io_uring"),
	S("userspace_reap", "libaio"),
};
const size_t fioopt_count = sizeof(fioopt_table) / sizeof(fioopt_table[0]);

const struct fioopt *fioopt_find(const char *name)
{
	for (size_t i = 0; i < fioopt_count; i++)
		if (!strcmp(fioopt_table[i].name, name))
			return &fioopt_table[i];
	return NULL;
}

int fioopt_check(const char *name, const char *value, const char **why)
{
	const struct fioopt *o = fioopt_find(name);

	if (!o) {
		*why = "is not on ssdbench's list of stimulus options (docs/security.md)";
		return -1;
	}
	switch (o->cls) {
	case FIOOPT_OWNED:
		*why = "is set by ssdbench itself";
		return -1;
	case FIOOPT_TOUCHES:
		*why = "names or touches files, devices or system state beyond the target: "
		       "ssdbench sets such options itself";
		return -1;
	case FIOOPT_EXECUTES:
		*why = "runs a command or loads code";
		return -1;
	case FIOOPT_STIMULUS:
		break;
	}
	if (value && o->value == FIOOPT_NO_PATH && strchr(value, ':')) {
		*why = "names a file with ':PATH' (mmap of a file): only the memory types "
		       "without a path may pass";
		return -2;
	}
	if (value && o->value == FIOOPT_NO_FILE && strchr(value, '\'')) {
		*why = "reads a file named in quotes: give the pattern as a number or a "
		       "\"string\"";
		return -2;
	}
	return 0;
}

const char *fioopt_class_name(enum fioopt_class c)
{
	static const char *const names[] = {
		[FIOOPT_STIMULUS] = "stimulus", [FIOOPT_OWNED] = "owned",
		[FIOOPT_TOUCHES] = "touches", [FIOOPT_EXECUTES] = "executes",
	};

	return names[c];
}

void fioopt_print_markdown(FILE *out)
{
	static const char *const value_notes[] = {
		[FIOOPT_ANY] = "", [FIOOPT_NO_PATH] = "; no `:PATH`",
		[FIOOPT_NO_FILE] = "; no `'FILE'`",
	};

	fputs("| option | class | note |\n|---|---|---|\n", out);
	for (size_t i = 0; i < fioopt_count; i++) {
		const struct fioopt *o = &fioopt_table[i];

		fprintf(out, "| `%s` | %s | %s%s |\n", o->name, fioopt_class_name(o->cls),
			o->note, value_notes[o->value]);
	}
}
