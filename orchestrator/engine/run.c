/* SPDX-License-Identifier: MIT */
/* run: the engine's first slice: targets, engine probe, steps, archive, report. */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <stdarg.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "archive.h"
#include "archlock.h"
#include "check.h"
#include "clock.h"
#include "err.h"
#include "fiorun.h"
#include "fsutil.h"
#include "manifest.h"
#include "plan.h"
#include "run_int.h"
#include "report.h"
#include "run_guard.h"
#include "safefile.h"
#include "sbuf.h"
#include "sha256.h"
#include "suggest.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

#define RUN_NSTOP 3

/* The one file-scope variable (run_int.h): a signal handler has nowhere else to write. */
volatile sig_atomic_t run__interrupted;

static void on_signal(int sig)
{
	run__interrupted = sig;
}

/* The signals that stop a run cleanly: Ctrl-C, kill, and the terminal going away. */
static const int stop_signals[RUN_NSTOP] = { SIGINT, SIGTERM, SIGHUP };

/* old[] gets the dispositions back; a SIGHUP ignored (nohup) stays ignored. */
static void catch_signals(struct sigaction old[RUN_NSTOP])
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < RUN_NSTOP; i++) {
		sigaction(stop_signals[i], NULL, &old[i]);
		if (stop_signals[i] != SIGHUP || old[i].sa_handler != SIG_IGN)
			sigaction(stop_signals[i], &sa, NULL);
	}
}

static void restore_signals(const struct sigaction old[RUN_NSTOP])
{
	for (size_t i = 0; i < RUN_NSTOP; i++)
		sigaction(stop_signals[i], &old[i], NULL);
}

char *run__iso_now(void)
{
	char buf[CLOCK_ISO_SIZE];

	return xstrdup(clock_iso8601((int64_t)time(NULL), buf, sizeof(buf)));
}

/* ------------------------------------------------------------------------- */
/* Targets                                                                   */

/*
 * A target on a bench: fio's server sees it; when the run needs the bench's device
 * layer, ssh to its ssdbench is checked and the target probed there (not by a dry
 * run, which runs nothing on the bench).
 */
static int resolve_bench_target(struct orch *x, const struct plan_target *t,
				struct diag *d)
{
	int rc = 0;

	x->tgt.host = plan_target_host(&x->plan, t);
	x->tgt.client = remote_client_arg(x->tgt.host);
	x->tgt.path = xstrdup(t->path);
	x->tgt.size = t->size;
	if (!run__bench_needs(x) || x->o->dry_run)
		return 0;
	x->g.dev = xcalloc(1, sizeof(*x->g.dev));
	rc = run__bench_check(x, d);
	if (!rc)
		rc = run__probe(x, x->g.dev, NULL, d);
	if (rc)
		return rc;
	if (!x->tgt.is_device) {
		x->tgt.created = x->replay.start.plan ? x->replay.start.target_created :
				 !x->g.dev->exists;
		return 0;
	}
	if (!x->g.dev->is_block)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s' on host '%s' is not a block "
				"device", x->tgt.path, x->tgt.host->name);
	x->tgt.size = x->g.dev->size;
	return 0;
}

/* Checks the target and fills x->tgt: a regular file (made absolute) or a block device. */
static int resolve_target(struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];
	struct stat st;
	int fd;

	x->tgt.name = xstrdup(t->name);
	x->tgt.is_device = t->kind == PLAN_TARGET_DEVICE;
	if (t->host)
		return resolve_bench_target(x, t, d);
	/* fio runs inside each step's folder: the target's path must be absolute. */
	if (t->path[0] == '/') {
		x->tgt.path = xstrdup(t->path);
	} else {
		char *rel = xasprintf("%s/%s", x->out, t->path);

		x->tgt.path = plan_absolute_path(rel);
		free(rel);
	}
	x->tgt.size = t->size;
	if (!x->tgt.is_device) {
		x->tgt.created = x->replay.start.plan ? x->replay.start.target_created :
				 stat(x->tgt.path, &st) && errno == ENOENT;
		if (!stat(x->tgt.path, &st) && !S_ISREG(st.st_mode))
			return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "file target '%s' "
					"exists and is not a regular file", x->tgt.path);
		return 0;
	}
	if (stat(x->tgt.path, &st) || !S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s' is not a block device",
				x->tgt.path);
	/* A dry run still examines a device it may not open (sysfs gives the size). */
	x->g.dev = xcalloc(1, sizeof(*x->g.dev));
	fd = open(x->tgt.path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 && !x->o->dry_run)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read the size of '%s': %s",
				x->tgt.path, strerror(errno));
	if (fd >= 0)
		close(fd);
	if (device_probe(x->tgt.path, x->g.dev, d))
		return d->code;
	x->tgt.size = x->g.dev->size;
	return 0;
}

struct fiorun_target run__fio_target(const struct orch *x, uint64_t usable)
{
	uint64_t limit = usable ? usable : x->g.usable;
	struct fiorun_target ft = { x->tgt.path, limit ? limit : x->tgt.is_device ? 0 :
				    x->tgt.size, x->tgt.is_device, limit ? limit : x->tgt.size,
				    0, 0, 0 };

	return ft;
}

void run__say(const struct orch *x, const char *fmt, ...)
{
	va_list ap;

	if (x->quiet)
		return;
	if (!x->o->tty) {
		char stamp[16];

		fputs(clock_local_stamp(stamp, sizeof(stamp)), stdout);
	}
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

/* Prints what step i does: a fio step's job file as fio would get it, through a scratch file. */
static void print_jobfile(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];
	char tmp[] = "/tmp/ssdbench-dry-run.XXXXXX";
	struct fiorun_target ft = run__fio_target(x, 0);
	/* In rounds (or a duty cycle) its first run is round 1. */
	int rounds = plan_in_scope(&x->plan, w, PLAN_ROUNDS) ||
		     plan_in_scope(&x->plan, w, PLAN_DUTY_CYCLE);
	int cont = run__continuous_scope(x, i), planned = 0;
	struct sbuf sb;
	struct diag jd;
	int fd;

	if (!w->ioengine) {   /* purge, idle, probe: no fio */
		char t[32];

		check_format_ms(w->duration_ms, t, sizeof(t));
		if (w->kind == PLAN_PURGE)
			printf("step %zu '%s': purge with method %s on '%s', every check again "
			       "right before it\n", i + 1, w->name, w->method, x->tgt.path);
		else
			printf("step %zu '%s': %s%s%s\n", i + 1, w->name, plan_kind_name(w->kind),
			       w->kind == PLAN_IDLE ? " " : " of ", w->kind == PLAN_IDLE ? t :
			       x->tgt.path);
		return;
	}
	ft.seed = fiorun_seed((uint64_t)x->plan.seed, i, rounds);
	if (cont >= 0) {   /* the scope's one fio process, as its round 1 starts it */
		run__segment_shape(x, cont, 1, 0, ft.capacity, &planned, &ft.io_size);
		ft.runtime_ms = (uint64_t)planned * w->runtime_ms;
	}
	sbuf_init(&sb);
	diag_clear(&jd);
	fd = mkstemp(tmp);
	if (fd >= 0)
		close(fd);
	if (fd < 0 || fiorun_write_jobfile(tmp, &x->plan, w, &ft, strcmp(w->ioengine, "auto") ?
					   w->ioengine : "io_uring", &jd) ||
	    sbuf_read_file(&sb, tmp))
		printf("step %zu '%s': no job file: %s\n", i + 1, w->name, jd.msg);
	else
		printf("step %zu '%s': job file%s%s:\n%s", i + 1, w->name, strcmp(w->ioengine,
		       "auto") ? "" : " (ioengine io_uring, or libaio where it is unavailable)",
		       cont >= 0 ? " (one fio process for all the rounds of its scope, cut into "
		       "rounds from its status reports, a report a second)" :
		       rounds ? " (round 1; every round has its own randseed)" : "", sb.buf);
	if (fd >= 0)
		unlink(tmp);
	sbuf_release(&sb);
}

/* The header of a dry run, before any check is printed. */
static void dry_run_head(const struct orch *x)
{
	char size[32];
	char *raid = x->raid ? run_raid_describe(x->raid) : NULL;

	units_format_size(x->tgt.size, size, sizeof(size));
	if (!x->tgt.size)   /* a device on a bench: not probed by a dry run */
		snprintf(size, sizeof(size), "size not probed");
	if (raid)
		printf("dry run of plan '%s' on %s%s%s: nothing is written, no array is created "
		       "and fio is not started\n", x->plan.name, raid, x->tgt.host ?
		       ", fio --client=" : "", x->tgt.host ? x->tgt.client : "");
	else
		printf("dry run of plan '%s' on %s '%s' (%s)%s%s%s%s: nothing is written and "
		       "fio is not started\n", x->plan.name, x->tgt.is_device ? "device" :
		       "file", x->tgt.path, size, x->tgt.host ? " on host " : "",
		       x->tgt.host ? x->tgt.host->name : "", x->tgt.host ? ", fio --client=" :
		       "", x->tgt.host ? x->tgt.client : "");
	free(raid);
}

/* The estimate as a dry run says it: "estimated time: 1 min 10 s". */
static void print_estimate(const struct orch *x)
{
	struct check_estimate e;
	char a[32], b[32];

	check_estimate(&x->plan, 0, x->plan.nsteps, -1, x->tgt.size, &e);
	check_format_ms(e.min_ms, a, sizeof(a));
	check_format_ms(e.max_ms, b, sizeof(b));
	printf("estimated time: %s%s%s%s\n", a, e.min_ms == e.max_ms ? "" : " – ",
	       e.min_ms == e.max_ms ? "" : b, e.open_time ? ", plus the steps whose time "
	       "depends on the device (purge, fills)" : "");
}

/* --dry-run: what the run would do and destroy; rc is the guard's verdict. */
static int dry_run(struct orch *x, int rc, struct diag *d)
{
	const struct run_raid *r = x->raid;
	const struct plan_scope *s = r ? &x->plan.scopes[r->scope] : NULL;
	int wc = -2;

	if (!r)
		dry_run_head(x);
	run_guard_describe(&x->g, x->tgt.size, rc != 0, stdout);
	if (x->tgt.host)
		run__bench_describe(x, stdout);
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		for (size_t k = 0; k < x->plan.nscopes; k++) {
			const struct plan_scope *op = &x->plan.scopes[k];

			if (op->kind == PLAN_OP && op->first == i && op->count &&
			    strcmp(op->op_method, "software"))
				run_guard_describe_hwop(&x->g, op, stdout);
		}
		if (s && i == s->first)
			run_raid_print_part(r, x->o, 0, stdout);
		run__wcache_dry_run(x, i, &wc, stdout);
		print_jobfile(x, i);
		if (s && i + 1 == s->first + s->count)
			run_raid_print_part(r, x->o, 1, stdout);
	}
	run__wcache_dry_run(x, x->plan.nsteps, &wc, stdout);
	if (s && r->why[0])
		printf("RAID '%s' would be SKIPPED here: %s; none of its %zu steps would run and "
		       "nothing would be created or written\n", s->name, r->why, s->count);
	print_estimate(x);
	printf("result: %s%s\n", rc ? "REFUSED: " : r && r->host ? "nothing checked on the "
	       "bench by a dry run: its checks run with the run" : "every check passed",
	       rc ? d->msg : "");
	return rc;
}

/* Purges the target before the first step, re-checking every interlock first. */
static int purge_target(struct orch *x, struct diag *d)
{
	struct purge_result pr;
	char *target;
	int rc;

	if (!x->g.purge)
		return 0;
	rc = run__purge(x, x->g.method, &pr, d);
	if (rc)
		return rc;
	/* The archive says what actually ran, and the OP the steps were confined to. */
	target = x->g.usable ? xasprintf("%s, purged with %s in %.2f s, OP %u.%02u %% "
					 "(first %llu bytes)", x->run.target,
					 purgemethod_name(pr.method), pr.seconds,
					 x->g.op_centi / 100, x->g.op_centi % 100,
					 (unsigned long long)x->g.usable) :
		xasprintf("%s, purged with %s in %.2f s", x->run.target, purgemethod_name(pr.method),
			  pr.seconds);
	free(x->run.target);
	x->run.target = target;
	return run__save(x, d);
}

/* Picks the engine for "auto": io_uring when it works here, else libaio. */
static int probe_engine(struct orch *x, struct diag *d)
{
	static const char *const engines[] = { "io_uring", "libaio" };
	int direct = 0, need_auto = 0, ok = -1;
	char *probe = NULL, *dir;

	/* Without "auto" the plan chose: record its engine (or that steps differ). */
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		const char *e = x->plan.steps[i].ioengine;

		if (!e)  /* purge, idle, probe: no fio */
			continue;
		direct |= x->plan.steps[i].direct;
		need_auto |= !strcmp(e, "auto");
		if (!x->engine[0])
			snprintf(x->engine, sizeof(x->engine), "%s", e);
		else if (strcmp(e, x->engine))
			snprintf(x->engine, sizeof(x->engine), "per step");
	}
	if (!need_auto)
		return 0;
	dir = xstrdup(x->tgt.path);
	*strrchr(dir, '/') = '\0';
	if (!x->tgt.is_device && !x->tgt.host && fsutil_mkdir_p(*dir ? dir : "/"))
		ok = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	/* A RAID's array does not exist yet: its first member answers for the kernel. */
	probe = x->raid ? xstrdup(x->raid->m[0].path) : x->tgt.is_device ? xstrdup(x->tgt.path) :
		xasprintf("%s/.ssdbench-probe-%ld", *dir ? dir : "", (long)getpid());
	for (size_t i = 0; i < 2 && ok == -1; i++) {
		if (!fiorun_probe_engine(probe, x->tgt.is_device, engines[i], direct, x->out,
					 x->tgt.client)) {
			snprintf(x->engine, sizeof(x->engine), "%s", engines[i]);
			ok = 0;
		}
	}
	if (!x->tgt.is_device && !x->tgt.host)
		unlink(probe);
	if (ok == -1)
		ok = diag_set(d, -SB_EFIO, NULL, 0, 0, "fio cannot do %sI/O on '%s' with "
			      "io_uring or libaio%s", direct ? "direct " : "", x->tgt.path,
			      direct ? " (does its filesystem support O_DIRECT? tmpfs "
			      "does not; use another folder or direct=\"0\")" : "");
	free(probe);
	free(dir);
	return ok;
}

static char *cpu_model(void)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	char *model = NULL;

	while (f && !model && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", 10) || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		model = xstrdup(colon);
	}
	if (f)
		fclose(f);
	return model ? model : xstrdup("unknown");
}

/*
 * The target's probe as 'ssdbench probe --json' prints it (on its bench, with the
 * host added), or NULL when it fails or the run does not reach the bench by ssh.
 * NULL for a <raid> scope too: its array exists only between set-up and teardown,
 * and opening the node mdadm leaves behind when no udev removes it makes the
 * kernel create an empty md device of that number again.
 */
static char *probe_json(const struct orch *x)
{
	struct device_info *di;
	char *buf = NULL;
	struct diag d;

	if (x->raid)
		return NULL;
	di = xcalloc(1, sizeof(*di));
	diag_clear(&d);
	if ((!x->tgt.host || run__bench_needs(x)) && run__probe(x, di, &buf, &d)) {
		free(buf);
		buf = NULL;
	}
	free(di);
	return buf;
}

/* Fills the run's description: versions, platform, plan, target, pending steps. */
static int describe_run(struct orch *x, struct diag *d)
{
	struct result_run *r = &x->run;
	struct utsname u;
	char host[256] = "unknown", size[32], sha[65];
	const char *base = strrchr(x->tgt.path, '/');

	if (sha256_file(x->plan.file, sha))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'", x->plan.file);
	r->plan_name = xstrdup(x->plan.name);
	r->plan_title = xstrdup(x->plan.title);
	r->plan_file = xstrdup("plan.xml");
	r->plan_sha256 = xstrdup(sha);
	units_format_size(x->tgt.size, size, sizeof(size));
	if (x->raid)
		r->target = run_raid_describe(x->raid);
	else if (x->tgt.is_device && x->g.dev)   /* "(1 TB, MODEL, serial S, firmware F)" */
		r->target = xasprintf("device %s (%s%s%s%s%s%s%s)%s%s", x->tgt.path, size,
				      x->g.dev->model[0] ? ", " : "", x->g.dev->model,
				      x->g.dev->serial[0] ? ", serial " : ", ",
				      device_identity(x->g.dev), x->g.dev->firmware[0] ?
				      ", firmware " : "", x->g.dev->firmware,
				      x->tgt.host ? " on host " : "",
				      x->tgt.host ? x->tgt.host->name : "");
	else if (x->tgt.host)
		r->target = xasprintf("file %s (%s) on host %s", base + 1, size,
				      x->tgt.host->name);
	else
		r->target = xasprintf("file %s (%s)", base + 1, size);
	r->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	r->ioengine = xstrdup(x->engine);
	if (x->tgt.host) {  /* the bench's: what its fio server tells */
		r->fio_version = xstrdup(x->tgt.bench.fio_version);
		r->kernel = xasprintf("%s %s", x->tgt.bench.os, x->tgt.bench.arch);
		r->cpu = xstrdup("unknown");
		r->hostname = xstrdup(x->tgt.bench.hostname);
	} else {
		r->fio_version = xstrdup(x->fio_version);
		uname(&u);
		r->kernel = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
		r->cpu = cpu_model();
		gethostname(host, sizeof(host) - 1);
		r->hostname = xstrdup(host);
	}
	r->started = x->replay.start.started ? xstrdup(x->replay.start.started) :
		     run__iso_now();
	r->status = xstrdup("running");
	r->capacity = x->g.usable ? x->g.usable : x->tgt.size;
	r->failure = xstrdup(x->plan.failure ? x->plan.failure : "stop");
	for (size_t i = 0; i < x->plan.ntitles; i++)
		result_run_add_title(r, x->plan.titles[i].lang, x->plan.titles[i].text);
	if (x->g.dev && x->g.dev->model[0])
		r->drive_model = xstrdup(x->g.dev->model);
	if (x->g.dev && x->g.dev->firmware[0])
		r->drive_firmware = xstrdup(x->g.dev->firmware);
	/* On resume the first snapshot is the one from the start (in the manifest). */
	if (!x->probe_before)
		x->probe_before = probe_json(x);
	x->mt.probe_before = x->probe_before;
	x->mt.rerun_of = x->o->rerun_of;
	x->mt.raid = x->raid ? run_raid_json(x->raid) : NULL;
	x->mt.name = x->tgt.name;
	x->mt.kind = x->tgt.is_device ? "device" : "file";
	x->mt.path = x->tgt.path;
	x->mt.size = x->tgt.size;
	if (x->tgt.host) {
		x->mt.host = x->tgt.host->name;
		x->mt.host_server = x->tgt.client;
		x->mt.host_hostname = x->tgt.bench.hostname;
	}
	return 0;
}

/* ------------------------------------------------------------------------- */
/* The archive                                                               */

static int remove_entry(const char *path, const struct stat *sb, int flag,
			struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* Removes what an earlier run wrote into out (never anything else there). */
static int clear_archive(const char *out)
{
	static const char *const files[] = {
		"manifest.json", "plan.xml", "results.csv", "report.pdf", JOURNAL_FILE,
	};
	static const char *const dirs[] = { "steps", "charts", "plan" };
	int rc = 0;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *p = xasprintf("%s/%s", out, files[i]);

		if (unlink(p) && errno != ENOENT)
			rc = -errno;
		free(p);
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *p = xasprintf("%s/%s", out, dirs[i]);

		if (nftw(p, remove_entry, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
			rc = -errno;
		free(p);
	}
	return rc;
}

static int copy_file(const char *from, const char *to, struct diag *d)
{
	struct sbuf sb;
	FILE *f;
	int rc = 0;

	sbuf_init(&sb);
	if (sbuf_read_file(&sb, from)) {
		sbuf_release(&sb);
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'", from);
	}
	f = fopen(to, "wb");
	if (!f || fwrite(sb.buf, 1, sb.len, f) != sb.len)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", to,
			      strerror(errno));
	if (f && fclose(f) && !rc)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", to,
			      strerror(errno));
	sbuf_release(&sb);
	return rc;
}

/*
 * Copies every file the plan read into out/plan/, in their layout relative to the
 * folder that holds them all, so the archive alone can run the plan again
 * (rerun). x->plan_copy is the main plan's copy, relative to out.
 */
static int copy_plan_files(struct orch *x, struct diag *d)
{
	size_t n = x->plan.nincludes, len;
	char **abs = xcalloc(n + 1, sizeof(*abs)), *root;
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		abs[i] = plan_absolute_path(x->plan.includes[i]);
	root = xstrdup(abs[0]);
	*strrchr(root, '/') = '\0';
	for (size_t i = 1; i < n; i++)  /* shrink root until it holds every file */
		while (strncmp(abs[i], root, strlen(root)) || abs[i][strlen(root)] != '/')
			*strrchr(root, '/') = '\0';
	len = strlen(root);
	for (size_t i = 0; i < n && !rc; i++) {
		char *dst = xasprintf("%s/plan/%s", x->out, abs[i] + len + 1);

		*strrchr(dst, '/') = '\0';
		if (fsutil_mkdir_p(dst))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dst,
				      strerror(errno));
		*strchr(dst, '\0') = '/';
		if (!rc)
			rc = copy_file(x->plan.includes[i], dst, d);
		free(dst);
	}
	x->plan_copy = xasprintf("plan/%s", abs[0] + len + 1);
	for (size_t i = 0; i < n; i++)
		free(abs[i]);
	free(abs);
	free(root);
	return rc;
}

/* Creates out/ and out/steps/, refusing to overwrite an archive unless --force. */
static int prepare_archive(struct orch *x, struct diag *d)
{
	char *manifest = xasprintf("%s/manifest.json", x->out);
	char *steps = xasprintf("%s/steps", x->out);
	char *plan_copy = xasprintf("%s/plan.xml", x->out);
	int rc = 0;

	if (!access(manifest, F_OK)) {
		if (!x->o->force)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' already holds an "
				      "archive (use --force to replace it, or --out for "
				      "another folder)", x->out);
		else if (clear_archive(x->out))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot clear '%s': %s",
				      x->out, strerror(errno));
	}
	if (!rc && (fsutil_mkdir_p(x->out) || fsutil_mkdir_p(steps)))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", steps,
			      strerror(errno));
	if (!rc)
		rc = copy_file(x->plan.file, plan_copy, d);
	if (!rc)
		rc = copy_plan_files(x, d);
	free(manifest);
	free(steps);
	free(plan_copy);
	return rc;
}

/* results.csv first: the manifest lists it with its SHA-256. */
int run__save(struct orch *x, struct diag *d)
{
	int rc = manifest_write_results(x->out, &x->run, d);

	if (!rc)
		rc = manifest_write(x->out, &x->run, &x->mt, d);
	x->saved |= !rc;
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Entry points                                                              */

/*
 * A target on a bench runs its fio steps through the bench's fio server and its
 * device steps through the bench's ssdbench over ssh (run_bench.c); a file there
 * needs a path of the bench.
 */
static int check_remote(const struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];

	if (!t->host || t->kind == PLAN_TARGET_DEVICE || t->path[0] == '/')
		return 0;
	return diag_set(d, -SB_EUSAGE, x->plan.file, t->line, 0, "file target '%s' on host "
			"'%s' needs an absolute path (a path on that bench)", t->path, t->host);
}

/*
 * dir/plan resolved, where a rerun's includes must stay (a path nothing resolves
 * into when the archive has no plan/). The plan copy itself journal_read() checked.
 */
static char *rerun_confine(const char *dir)
{
	char *plan = xasprintf("%s/plan", dir), *real = realpath(plan, NULL);

	free(plan);
	return real ? real : xstrdup("/nonexistent/");
}

/* 1 when one of the "NAME=..." words of v names name. */
static int names(const char *const *v, size_t n, const char *name)
{
	size_t len = strlen(name);

	for (size_t i = 0; i < n; i++)
		if (!strncmp(v[i], name, len) && v[i][len] == '=')
			return 1;
	return 0;
}

/*
 * rerun takes an archive from anyone: it runs on the targets and contacts the benches
 * named on its own command line, and on no other path than a file the plan keeps
 * inside the new archive (a relative path without '..').
 */
static int rerun_guard(const struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;

	for (size_t i = 0; i < x->plan.ntargets; i++) {
		const struct plan_target *t = &x->plan.targets[i];
		int given = names(o->targets, o->ntargets, t->name);

		if (t->host && !names(o->hosts, o->nhosts, t->host))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s' is on host '%s': "
					"rerun contacts only the hosts named on its command line "
					"(--host %s=ADDRESS)", t->name, t->host, t->host);
		if (given || (t->kind == PLAN_TARGET_FILE && !t->host && t->path[0] != '/' &&
			      !strstr(t->path, "..")))
			continue;
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s' of the archive's plan "
				"is '%s': rerun runs only on the targets named on its command "
				"line (--target %s=SPEC)", t->name, t->path, t->name);
	}
	return 0;
}

/* Loads the plan and applies the command line's overrides. */
static int load(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	int rc, raid = -1;

	if (o->rerun_of)
		x->plan.confine = rerun_confine(o->rerun_of);
	rc = plan_load(&x->plan, o->plan_path, o->sets, o->nsets, d);
	for (size_t i = 0; i < o->nhosts && !rc; i++)
		rc = plan_apply_host(&x->plan, o->hosts[i], d);
	for (size_t i = 0; i < o->ntargets && !rc; i++)
		rc = plan_apply_target(&x->plan, o->targets[i], d);
	if (!rc && o->rerun_of)
		rc = rerun_guard(x, d);
	if (!rc)
		rc = run_raid_shape(&x->plan, &raid, d);
	if (!rc)
		rc = run_hwop_new(&x->plan, &x->hw, d);
	if (!rc)
		rc = run_wcache_new(&x->plan, &x->wc, d);
	if (!rc && x->hw && o->op)
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, x->plan.scopes[x->hw->scope].line, 0,
			      "--op confines the whole run to a share of the drive; <op> '%s' "
			      "resizes it: use one or the other", x->hw->name);
	if (!rc && raid < 0 && x->plan.ntargets != 1)
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, x->plan.targets[1].line, 0,
			      "this version runs plans with one target; the plan has %zu",
			      x->plan.ntargets);
	if (!rc && raid >= 0 && (o->purge || o->op))
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, 0, 0, "%s applies to one target: "
			      "in a plan with <raid>, put a <purge> step inside the <raid>",
			      o->purge ? "--purge" : "--op");
	return rc ? rc : check_remote(x, d);
}

static int render(struct orch *x, struct diag *d)
{
	char *pdf = xasprintf("%s/report.pdf", x->out);
	char *charts = xasprintf("%s/charts", x->out);
	struct report_opts ro = { pdf, charts, 1400, "zh-TW", NULL };
	int rc = fsutil_mkdir_p(charts) ? diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create "
					    "'%s': %s", charts, strerror(errno)) : 0;

	if (!rc)
		rc = report_render(&x->run, &ro, d);
	if (!rc)
		printf("report: %s (charts in %s/)\n", pdf, charts);
	free(pdf);
	free(charts);
	return rc;
}

/* The target, its interlocks and lock; a dry run ends here, having said what it would do. */
/*
 * A file target is written only when it is the run's own: it does not exist yet,
 * it lives in the archive folder this run replaces (--force) or resumes, or
 * --destroy names its path. Anything else is someone's data.
 */
static int file_is_ours(const struct orch *x, struct diag *d)
{
	char *out = realpath(x->out, NULL), *manifest = xasprintf("%s/manifest.json", x->out);
	size_t n = out ? strlen(out) : 0;
	int ours = x->tgt.created || (out && !strncmp(x->tgt.path, out, n) &&
				      x->tgt.path[n] == '/' && !access(manifest, F_OK));

	for (size_t i = 0; i < x->o->ndestroy && !ours; i++) {
		char *abs = plan_absolute_path(x->o->destroy[i]);

		ours = !strcmp(abs, x->tgt.path);
		free(abs);
	}
	free(out);
	free(manifest);
	if (ours || !x->g.writes)
		return 0;
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "the file target '%s' already exists and "
			"this run did not create it: writing to it destroys its data; name it "
			"with --destroy %s to allow that", x->tgt.path, x->tgt.path);
}

/*
 * Resume after a run that died with its array up: the members must be the ones it
 * started with, then the array goes before anything else (its members' interlocks
 * would refuse them while md holds them).
 */
static int recover_raid(struct orch *x, struct diag *d)
{
	const char *was = x->replay.start.target_identity;

	if (strcmp(x->raid->identity, was ? was : ""))
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot resume: the RAID members "
				"changed since the run started (%s, was %s); the array '%s' it "
				"created may still be up: stop it by hand", x->raid->identity, was,
				x->replay.raid_open);
	run__say(x, "the interrupted run left the array '%s' up: tearing it down first\n",
		 x->replay.raid_open);
	return run_raid_down(x->raid, x->out, x->talk, d);
}

/* A plan with <raid>: every member's interlocks; the run's target is the array. */
static int guard_raid(struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];
	int si = -1, rc = run_raid_shape(&x->plan, &si, d);

	if (rc)
		return rc;
	if (t->host) {   /* the members' bench: ssh to its ssdbench, fio --client to its fio */
		x->tgt.host = plan_target_host(&x->plan, t);
		x->tgt.client = remote_client_arg(x->tgt.host);
		if (!x->o->dry_run && (rc = run__bench_check(x, d)))
			return rc;
	}
	x->raid = run_raid_new(&x->plan, si, x->o->dry_run, d);
	if (!x->raid)
		return d->code ? d->code : -SB_EINVAL;
	x->tgt.name = xstrdup(x->plan.scopes[si].name);
	x->tgt.path = xstrdup(x->raid->array);
	x->tgt.is_device = 1;
	x->tgt.size = x->raid->size;
	if (x->o->dry_run)
		dry_run_head(x);
	rc = run_guard_options(&x->g, x->o, &x->plan, 1, x->tgt.size, d);
	if (!rc && x->replay.raid_open)
		rc = recover_raid(x, d);
	/* a dry run runs nothing on a bench: it prints the commands (run__bench_describe) */
	if (!rc && !(x->raid->host && x->o->dry_run))
		rc = run_raid_guard(x->raid, x->o, x->o->dry_run, x->o->dry_run ? stdout :
				    x->talk, d);
	if (!rc && x->raid->host && !x->o->dry_run)
		rc = run__bench_lock_raid(x, d);
	return rc;
}

/*
 * Resume after a run that died with a drive resized: the capacity goes back first,
 * before the target is probed and compared with the one the run started on.
 */
static int recover_capacity(struct orch *x, struct diag *d)
{
	int rc = run_hwop_recover(x->hw, x->replay.restore_open, x->out, x->talk, d);

	if (!rc) {
		free(x->replay.restore_open);
		x->replay.restore_open = NULL;
	}
	if (x->hw)   /* the manifest says the capacity came back at resume */
		x->mt.capacity = run_hwop_json(x->hw);
	return rc;
}

static int guard(struct orch *x, struct diag *d)
{
	int raid = 0, rc = x->replay.restore_open ? recover_capacity(x, d) : 0;

	if (!rc && x->replay.wcache_open)
		rc = run__wcache_recover(x, d);
	if (rc)
		return rc;
	for (size_t i = 0; i < x->plan.nscopes; i++)
		raid |= x->plan.scopes[i].kind == PLAN_RAID;
	if (raid) {
		rc = guard_raid(x, d);
	} else {
		rc = resolve_target(x, d);
		if (!rc)
			rc = run_guard_options(&x->g, x->o, &x->plan, x->tgt.is_device,
					       x->tgt.size, d);
		if (!rc && !x->tgt.is_device &&
		    (!x->tgt.host || (x->g.dev && !x->o->dry_run)))
			rc = file_is_ours(x, d);
		if (!rc && !x->tgt.host)
			rc = run_guard_check(&x->g, x->o, x->tgt.path, x->tgt.is_device,
					     x->talk, d);
		else if (!rc && x->g.dev && !x->o->dry_run)
			rc = run__bench_guard(x, d);
	}
	if (!rc && x->hw && x->tgt.host)   /* the commands go to a drive on this machine */
		rc = diag_set(d, -SB_EUSAGE, x->plan.file, x->plan.scopes[x->hw->scope].line, 0,
			      "<op> '%s' with method=\"%s\" resizes a drive on this machine; "
			      "the target is on host '%s'", x->hw->name,
			      x->plan.scopes[x->hw->scope].op_method, x->tgt.host->name);
	if (!rc)
		rc = run_guard_hwop(&x->g, x->o, &x->plan, x->tgt.is_device && !x->raid, d);
	if (!rc)
		rc = run__wcache_guard(x, d);
	if (!rc)   /* fio grows a file target to reach past its end */
		rc = plan_check_ranges(&x->plan, x->g.usable ? x->g.usable : x->tgt.size, d);
	return x->o->dry_run ? dry_run(x, rc, d) : rc;
}

/* "NAME=file:PATH,..." with PATH made absolute, so resume works from any folder. */
static char *absolute_target(const char *spec)
{
	const char *file = strstr(spec, "=file:");
	char *path, *abs, *out;
	size_t n;

	if (!file || file[6] == '/')
		return xstrdup(spec);
	n = strcspn(file + 6, ",");
	path = xasprintf("%.*s", (int)n, file + 6);
	abs = plan_absolute_path(path);
	out = xasprintf("%.*s=file:%s%s", (int)(file - spec), spec, abs, file + 6 + n);
	free(path);
	free(abs);
	return out;
}

static char **copy_strs(const char *const *v, size_t n, char *(*f)(const char *))
{
	char **c = xcalloc(n + 1, sizeof(*c));

	for (size_t i = 0; i < n; i++)
		c[i] = f(v[i]);
	return c;
}

static char *dup_str(const char *s)
{
	return xstrdup(s);
}

static const char *target_identity(const struct orch *x)
{
	if (x->raid)
		return x->raid->identity;
	return x->tgt.is_device && x->g.dev ? device_identity(x->g.dev) : "file";
}

/* The journal's first line: everything resume needs to start the run again. */
static int start_journal(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	struct journal_start s = { 0 };
	int rc = 0;

	s.plan = plan_absolute_path(o->plan_path);
	s.nfiles = x->plan.nincludes;
	s.files = xcalloc(s.nfiles + 1, sizeof(*s.files));
	s.sha256 = xcalloc(s.nfiles + 1, sizeof(*s.sha256));
	for (size_t i = 0; i < s.nfiles && !rc; i++) {
		char sha[65];

		s.files[i] = plan_absolute_path(x->plan.includes[i]);
		if (sha256_file(x->plan.includes[i], sha))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'",
				      x->plan.includes[i]);
		s.sha256[i] = xstrdup(rc ? "" : sha);
	}
	s.sets = copy_strs(o->sets, o->nsets, dup_str);
	s.nsets = o->nsets;
	s.targets = copy_strs(o->targets, o->ntargets, absolute_target);
	s.ntargets = o->ntargets;
	s.hosts = copy_strs(o->hosts, o->nhosts, dup_str);
	s.nhosts = o->nhosts;
	s.op = o->op ? xstrdup(o->op) : NULL;
	s.purge = o->purge ? xstrdup(o->purge) : NULL;
	s.target_path = xstrdup(x->tgt.path);
	s.target_identity = xstrdup(target_identity(x));
	s.target_size = x->tgt.size;
	s.target_created = x->tgt.created;
	s.started = xstrdup(x->run.started);
	s.plan_copy = x->plan_copy ? xstrdup(x->plan_copy) : NULL;
	s.rerun_of = x->o->rerun_of ? realpath(x->o->rerun_of, NULL) : NULL;
	if (!rc)
		rc = journal_create(x->out, &s, d);
	{
		struct journal j;

		journal_init(&j);
		j.start = s;
		journal_release(&j);
	}
	return rc;
}

/* Resume: the same plan files, the same target, or a clear refusal. */
static int check_resume(struct orch *x, struct diag *d)
{
	const struct journal_start *s = &x->replay.start;
	char sha[65];

	for (size_t i = 0; i < s->nfiles; i++) {
		if (sha256_file(s->files[i], sha))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: the plan "
					"file '%s' is gone", s->files[i]);
		if (strcmp(sha, s->sha256[i]))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: the plan "
					"file '%s' changed since the run started (SHA-256 %.12s..., "
					"was %.12s...); restore it, or start a new run", s->files[i],
					sha, s->sha256[i]);
	}
	if (x->plan.nincludes != s->nfiles)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: the plan now reads "
				"%zu files, it read %zu when the run started", x->plan.nincludes,
				s->nfiles);
	if (strcmp(x->tgt.path, s->target_path ? s->target_path : "") ||
	    strcmp(target_identity(x), s->target_identity ? s->target_identity : "") ||
	    x->tgt.size != s->target_size)
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot resume: the target changed "
				"since the run started: it was %s (%s, %llu bytes), it is now %s "
				"(%s, %llu bytes)", s->target_path ? s->target_path : "?",
				s->target_identity ? s->target_identity : "?",
				(unsigned long long)s->target_size, x->tgt.path,
				target_identity(x), (unsigned long long)x->tgt.size);
	return 0;
}

/*
 * Resume: forgets trailing failed elements (they are run again) and removes the
 * folders of elements the journal does not hold (the one in flight when the run
 * stopped), so they start clean. An archive is not trusted: a "steps" that is a
 * link is refused, and each removal stays under steps/ (links removed, not followed).
 */
static int prepare_resume(struct orch *x, struct diag *d)
{
	struct journal *j = &x->replay;
	char *steps = xasprintf("%s/steps", x->out);
	struct stat st;
	DIR *dir = NULL;
	struct dirent *e;
	int rc = 0, left = fiorun_kill_leftovers(x->out), fd = -1;

	if (left)
		run__say(x, "stopped %d fio process%s the interrupted run left running\n", left,
			 left == 1 ? "" : "es");
	while (j->nelems && strcmp(j->elems[j->nelems - 1].status, "ok")) {
		struct journal_elem *el = &j->elems[--j->nelems];

		free(el->name);
		free(el->status);
		free(el->error);
		free(el->started);
		free(el->ended);
	}
	if (lstat(steps, &st) == 0 || errno != ENOENT) { /* none yet: nothing to clean */
		fd = safefile_opendir(x->out, "steps", d);
		rc = fd < 0 ? fd : 0;
	}
	if (fd >= 0 && !(dir = fdopendir(fd)))
		close(fd);
	while (dir && !rc && (e = readdir(dir))) {
		char *end;
		unsigned long n = strtoul(e->d_name, &end, 10);
		int err;

		if (end == e->d_name || *end != '-' || n <= j->nelems)
			continue;
		if ((err = safefile_remove_tree(dirfd(dir), e->d_name)))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot remove '%s/%s': %s", steps,
				      e->d_name, strerror(-err));
	}
	if (dir)
		closedir(dir);
	free(steps);
	return rc;
}

/* The bench's fio server answers, with the controller's fio major.minor. */
static int check_bench(struct orch *x, struct diag *d)
{
	struct remote_probe *b = &x->tgt.bench;
	int rc = remote_fio_probe(x->tgt.host, remote_timeout_s(), b, d);

	if (!rc && !remote_same_minor(x->fio_version, b->fio_version))
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "host '%s' (%s) runs %s but this "
			      "machine runs %s: fio's client and server must share major.minor",
			      x->tgt.host->name, x->tgt.client, b->fio_version, x->fio_version);
	return rc;
}

/*
 * Takes the archive's lock (archlock.h) unless this process holds it. Before the
 * guard (create = 0) only a folder that exists is locked: a resume's, or one a
 * --force run replaces, before anything there (or a device an interrupted run
 * left changed) is touched; a new folder is made and locked once fio passed.
 */
static int lock_archive(struct orch *x, int create, struct diag *d)
{
	struct stat st;

	if (x->lock.fd >= 0 || (!create && stat(x->out, &st)))
		return 0;
	if (create && fsutil_mkdir_p(x->out))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", x->out,
				strerror(errno));
	return archlock_take(&x->lock, x->out, d);
}

/* Everything before the first element: fio, the archive, the journal, the purge. */
static int set_up(struct orch *x, struct diag *d)
{
	int resume = x->replay.start.plan != NULL;
	int rc = 0;

	if (fiorun_version(x->fio_version, sizeof(x->fio_version)))
		rc = diag_set(d, -SB_ENOFIO, NULL, 0, 0, "fio is not installed or not "
			      "on PATH (on Debian: apt-get install fio)");
	if (!rc)  /* refuse an old fio before anything is created */
		rc = fiorun_check_version(x->fio_version, d);
	if (!rc && x->tgt.host)
		rc = check_bench(x, d);
	if (!rc)
		rc = lock_archive(x, 1, d);
	if (!rc && resume)
		rc = check_resume(x, d);
	if (!rc)
		rc = resume ? prepare_resume(x, d) : prepare_archive(x, d);
	if (!rc)
		rc = probe_engine(x, d);
	if (!rc)
		rc = describe_run(x, d);
	if (!rc)
		rc = resume ? journal_add_event(x->out, "resume", NULL, d) : start_journal(x, d);
	if (!rc)
		rc = run__save(x, d);
	if (!rc && !x->replay.purged) {
		rc = purge_target(x, d);
		if (!rc && x->g.purge)
			rc = journal_add_event(x->out, "purged", NULL, d);
	}
	return rc;
}

/*
 * Ends a run that has written its manifest, however it went (rc): the steps left
 * pending, the status ("failed" on any error), the journal's end, the manifest and
 * the report. On a full disk the lock's reserve makes room for the last manifest:
 * given back first when the run failed, else when the save fails.
 */
static int close_run(struct orch *x, int rc, struct diag *d)
{
	struct diag rd;

	if (rc)
		run__add_pending(x);
	x->probe_after = probe_json(x);
	x->mt.probe_after = x->probe_after;
	x->run.ended = run__iso_now();
	free(x->run.status);
	x->run.status = xstrdup(rc ? "failed" : "complete");
	if (rc && !x->run.error)
		x->run.error = xstrdup(d->msg);
	if (rc)
		archlock_unreserve(&x->lock);
	diag_clear(&rd);
	if (!run__interrupted && !x->fatal &&
	    journal_add_event(x->out, "end", x->run.status, &rd) && !rc)
		rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	diag_clear(&rd);
	if (run__save(x, &rd)) {
		archlock_unreserve(&x->lock);
		diag_clear(&rd);
		if (run__save(x, &rd) && !rc)
			rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	}
	diag_clear(&rd);
	if (render(x, &rd) && !rc)
		rc = diag_set(d, rd.code, rd.file, rd.line, rd.col, "%s", rd.msg);
	else if (rd.code)
		diag_print(&rd, stderr);
	return rc;
}

/* Runs (or resumes) the loaded plan; x->replay holds the finished elements on resume. */
static int execute(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	struct sigaction old[RUN_NSTOP];
	int rc = 0;

	x->out = o->out_dir ? xstrdup(o->out_dir) : xasprintf("out/%s", x->plan.name);
	if (!o->dry_run)
		rc = lock_archive(x, 0, d);
	if (!rc)
		rc = guard(x, d);
	if (o->dry_run || rc)
		return rc;
	catch_signals(old);
	rc = set_up(x, d);
	if (!rc) {
		struct check_estimate e;

		check_estimate(&x->plan, 0, x->plan.nsteps, -1, x->tgt.size, &e);
		x->estimate_min_ms = e.min_ms;
		x->estimate_max_ms = e.max_ms;
		x->started = clock_mono_s();
		run__say(x, "ssdbench %s: plan '%s' (%s), %zu steps, on %s with %s, %s; "
			 "archive %s/\n", SSDBENCH_VERSION, x->plan.name, x->plan.title,
			 x->plan.nsteps, x->run.target, x->fio_version, x->engine, x->out);
		if (x->replay.nelems)
			run__say(x, "resuming after element %zu (%s), the last one finished\n",
				 x->replay.nelems, x->replay.elems[x->replay.nelems - 1].name);
		rc = run__walk(x, d);
	}
	rc = run__wcache_end(x, rc, d);
	if (x->saved)   /* a manifest describes the run: it says how the run ended */
		rc = close_run(x, rc, d);
	restore_signals(old);
	return rc;
}

static void orch_release(struct orch *x)
{
	archlock_release(&x->lock);
	run_raid_free(x->raid);
	run_hwop_free(x->hw);
	run_wcache_free(x->wc);
	run_guard_release(&x->g);
	result_run_release(&x->run);
	journal_release(&x->replay);
	free(x->probe_before);
	free(x->probe_after);
	free(x->plan_copy);
	if (x->talk && x->talk != stdout)
		fclose(x->talk);
	free(x->tgt.name);
	free(x->tgt.path);
	free(x->tgt.client);
	free(x->out);
	plan_release(&x->plan);
}

static void orch_init(struct orch *x, const struct run_opts *o)
{
	memset(x, 0, sizeof(*x));
	x->o = o;
	archlock_init(&x->lock);
	x->quiet = o->quiet;
	x->talk = o->quiet ? fopen("/dev/null", "w") : stdout;
	if (!x->talk)
		x->talk = stdout;
	run__interrupted = 0;
	run_guard_init(&x->g);
	plan_init(&x->plan);
	result_run_init(&x->run);
	journal_init(&x->replay);
}

int run_plan(const struct run_opts *o, struct diag *d)
{
	struct orch x;
	int rc;

	orch_init(&x, o);
	rc = load(&x, d);
	if (!rc)
		rc = execute(&x, d);
	orch_release(&x);
	return rc;
}

int run_resume(const char *dir, const struct run_opts *extra, struct diag *d)
{
	struct orch x;
	struct run_opts o = *extra;
	int rc;

	orch_init(&x, &o);
	rc = journal_read(dir, &x.replay, d);
	if (rc == -SB_ENOENT) {
		diag_clear(d);
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' has no journal: not an archive "
			      "of a run (or one made before journals)", dir);
	}
	if (!rc && x.replay.ended) {
		int complete = 1;

		for (size_t i = 0; i < x.replay.nelems; i++)
			complete &= !strcmp(x.replay.elems[i].status, "ok") ||
				    !strcmp(x.replay.elems[i].status, "skipped");
		if (complete && !archive_report_current(dir))
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "nothing to resume: the run in "
				      "'%s' finished, but its report was not written to the end: "
				      "run 'ssdbench report %s' to render it", dir, dir);
		else if (complete)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "nothing to resume: the run in "
				      "'%s' finished", dir);
	}
	if (!rc) {
		const struct journal_start *s = &x.replay.start;

		o.plan_path = s->plan;
		o.sets = (const char *const *)s->sets;
		o.nsets = s->nsets;
		o.targets = (const char *const *)s->targets;
		o.ntargets = s->ntargets;
		o.hosts = (const char *const *)s->hosts;
		o.nhosts = s->nhosts;
		o.op = s->op;
		o.purge = s->purge;
		o.out_dir = dir;
		o.force = 0;
		o.dry_run = 0;
		x.probe_before = manifest_probe_before(dir);
		rc = load(&x, d);
	}
	if (!rc)
		rc = execute(&x, d);
	orch_release(&x);
	return rc;
}

int run_rerun(const char *dir, const struct run_opts *extra, struct diag *d)
{
	struct journal j;
	struct run_opts o = *extra;
	char *plan = NULL, *out = NULL;
	int rc;

	journal_init(&j);
	rc = journal_read(dir, &j, d);
	if (rc == -SB_ENOENT || (!rc && !j.start.plan_copy)) {
		diag_clear(d);
		rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' holds no copy of its plan files "
			      "(an archive made before reruns, or not one of a run)", dir);
	}
	if (!rc) {
		/* Targets and hosts only from the command line (rerun_guard). */
		plan = xasprintf("%s/%s", dir, j.start.plan_copy);
		out = extra->out_dir ? NULL : xasprintf("%s-rerun", dir);
		o.plan_path = plan;
		o.sets = (const char *const *)j.start.sets;
		o.nsets = j.start.nsets;
		o.op = j.start.op;
		o.purge = j.start.purge;
		o.out_dir = extra->out_dir ? extra->out_dir : out;
		o.rerun_of = dir;
		rc = run_plan(&o, d);
	}
	free(plan);
	free(out);
	journal_release(&j);
	return rc;
}
