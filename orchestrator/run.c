/* SPDX-License-Identifier: MIT */
/* run: the engine's first slice: targets, engine probe, steps, archive, report. */
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
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
#include "err.h"
#include "fiorun.h"
#include "manifest.h"
#include "plan.h"
#include "report.h"
#include "run_guard.h"
#include "sbuf.h"
#include "sha256.h"
#include "suggest.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

/* The resolved target a run writes to. */
struct run_target {
	char *name;
	char *path;       /* absolute */
	uint64_t size;
	int is_device;
};

struct orch {
	const struct run_opts *o;
	struct plan plan;
	char *out;
	struct run_target tgt;
	char fio_version[64];
	char engine[32];
	struct result_run run;
	struct manifest_target mt;
	struct run_guard g;          /* interlocks, lock, purge and over-provisioning */
};

/*
 * Set by SIGINT/SIGTERM while a run is under way. fio, in the same process group,
 * gets the signal too, stops, and writes its report; the run then records the step
 * as interrupted and closes the archive instead of dying with it half-written. The
 * one file-scope variable: a signal handler has nowhere else to write.
 */
static volatile sig_atomic_t run_interrupted;

static void on_signal(int sig)
{
	run_interrupted = sig;
}

static void catch_signals(struct sigaction *old_int, struct sigaction *old_term)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, old_int);
	sigaction(SIGTERM, &sa, old_term);
}

static char *iso_now(void)
{
	char buf[32];
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return xstrdup(buf);
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = p + 1; *s && !rc; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			rc = -errno;
		*s = '/';
	}
	if (!rc && mkdir(p, 0755) && errno != EEXIST)
		rc = -errno;
	free(p);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Targets                                                                   */

/* Checks the target and fills x->tgt: a regular file (made absolute) or a block device. */
static int resolve_target(struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];
	struct stat st;
	int fd;

	x->tgt.name = xstrdup(t->name);
	x->tgt.is_device = t->kind == PLAN_TARGET_DEVICE;
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

/* The target fio is handed: the OP prefix, the file's size, or the whole device. */
static struct fiorun_target step_target(const struct orch *x)
{
	struct fiorun_target ft = { x->tgt.path, x->g.usable ? x->g.usable :
				    x->tgt.is_device ? 0 : x->tgt.size, x->tgt.is_device };

	return ft;
}

/* Prints step i's job file as fio would get it, through a scratch file. */
static void print_jobfile(const struct orch *x, size_t i)
{
	const struct plan_workload *w = &x->plan.steps[i];
	char tmp[] = "/tmp/ssdbench-dry-run.XXXXXX";
	struct fiorun_target ft = step_target(x);
	struct sbuf sb;
	struct diag jd;
	int fd = mkstemp(tmp);

	sbuf_init(&sb);
	diag_clear(&jd);
	if (fd >= 0)
		close(fd);
	if (fd < 0 || fiorun_write_jobfile(tmp, &x->plan, w, &ft, strcmp(w->ioengine, "auto") ?
					   w->ioengine : "io_uring", &jd) ||
	    sbuf_read_file(&sb, tmp))
		printf("step %zu '%s': no job file: %s\n", i + 1, w->name, jd.msg);
	else
		printf("step %zu '%s': job file%s:\n%s", i + 1, w->name, strcmp(w->ioengine,
		       "auto") ? "" : " (ioengine io_uring, or libaio where it is unavailable)",
		       sb.buf);
	if (fd >= 0)
		unlink(tmp);
	sbuf_release(&sb);
}

/* --dry-run: what the run would do and destroy; rc is the guard's verdict. */
static int dry_run(struct orch *x, int rc, struct diag *d)
{
	char size[32];

	units_format_size(x->tgt.size, size, sizeof(size));
	printf("dry run of plan '%s' on %s '%s' (%s): nothing is written and fio is not "
	       "started\n", x->plan.name, x->tgt.is_device ? "device" : "file", x->tgt.path,
	       size);
	run_guard_describe(&x->g, x->tgt.size, rc != 0, stdout);
	for (size_t i = 0; i < x->plan.nsteps; i++)
		print_jobfile(x, i);
	printf("result: %s%s\n", rc ? "REFUSED: " : "every check passed", rc ? d->msg : "");
	return rc;
}

static int save(struct orch *x, struct diag *d);

/* Purges the target before the first step, re-checking every interlock first. */
static int purge_target(struct orch *x, struct diag *d)
{
	struct purge_result pr;
	char *target;
	int rc;

	if (!x->g.purge)
		return 0;
	rc = purge_guarded(x->tgt.path, x->g.method, x->o->destroy, x->o->ndestroy, 0, stdout,
			   &pr, d);
	if (rc)
		return rc;
	/* The archive says what actually ran, and the OP the steps were confined to. */
	target = x->g.usable ? xasprintf("%s, purged with %s in %.2f s, OP %u.%02u %% "
					 "(first %llu bytes)", x->run.target,
					 purge_name(pr.method), pr.seconds,
					 x->g.op_centi / 100, x->g.op_centi % 100,
					 (unsigned long long)x->g.usable) :
		xasprintf("%s, purged with %s in %.2f s", x->run.target, purge_name(pr.method),
			  pr.seconds);
	free(x->run.target);
	x->run.target = target;
	return save(x, d);
}

/* Picks the engine for "auto": io_uring when it works here, else libaio. */
static int probe_engine(struct orch *x, struct diag *d)
{
	static const char *const engines[] = { "io_uring", "libaio" };
	int direct = 0, need_auto = 0, ok = -1;
	char *probe = NULL, *dir;

	for (size_t i = 0; i < x->plan.nsteps; i++) {
		direct |= x->plan.steps[i].direct;
		need_auto |= !strcmp(x->plan.steps[i].ioengine, "auto");
	}
	/* Without "auto" the plan chose: record its engine (or that steps differ). */
	snprintf(x->engine, sizeof(x->engine), "%s", x->plan.steps[0].ioengine);
	for (size_t i = 1; i < x->plan.nsteps; i++)
		if (strcmp(x->plan.steps[i].ioengine, x->engine))
			snprintf(x->engine, sizeof(x->engine), "per step");
	if (!need_auto)
		return 0;
	dir = xstrdup(x->tgt.path);
	*strrchr(dir, '/') = '\0';
	if (!x->tgt.is_device && mkdir_p(*dir ? dir : "/"))
		ok = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	probe = x->tgt.is_device ? xstrdup(x->tgt.path) :
		xasprintf("%s/.ssdbench-probe-%ld", *dir ? dir : "", (long)getpid());
	for (size_t i = 0; i < 2 && ok == -1; i++) {
		if (!fiorun_probe_engine(probe, x->tgt.is_device, engines[i], direct, x->out)) {
			snprintf(x->engine, sizeof(x->engine), "%s", engines[i]);
			ok = 0;
		}
	}
	if (!x->tgt.is_device)
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
	if (x->tgt.is_device && x->g.dev)   /* "(1 TB, MODEL, serial S, firmware F)" */
		r->target = xasprintf("device %s (%s%s%s%s%s%s%s)", x->tgt.path, size,
				      x->g.dev->model[0] ? ", " : "", x->g.dev->model,
				      x->g.dev->serial[0] ? ", serial " : ", ",
				      device_identity(x->g.dev), x->g.dev->firmware[0] ?
				      ", firmware " : "", x->g.dev->firmware);
	else
		r->target = xasprintf("file %s (%s)", base + 1, size);
	r->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	r->fio_version = xstrdup(x->fio_version);
	r->ioengine = xstrdup(x->engine);
	uname(&u);
	r->kernel = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
	r->cpu = cpu_model();
	gethostname(host, sizeof(host) - 1);
	r->hostname = xstrdup(host);
	r->started = iso_now();
	r->status = xstrdup("running");
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		const struct plan_workload *w = &x->plan.steps[i];
		struct result_step *st = result_run_add_step(r);

		st->index = (int)i + 1;
		st->name = xstrdup(w->name);
		st->dir = xasprintf("steps/%03zu-%s", i + 1, w->name);
		st->status = xstrdup("pending");
		st->rw = xstrdup(w->rw);
		st->bs = w->bs;
		st->iodepth = (int)w->iodepth;
		st->numjobs = (int)w->numjobs;
		st->rwmixread = (int)w->rwmixread;
		st->runtime_ms = w->runtime_ms;
	}
	x->mt.name = x->tgt.name;
	x->mt.kind = x->tgt.is_device ? "device" : "file";
	x->mt.path = x->tgt.path;
	x->mt.size = x->tgt.size;
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
		"manifest.json", "plan.xml", "results.csv", "report.pdf",
	};
	static const char *const dirs[] = { "steps", "charts" };
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
	if (!rc && (mkdir_p(x->out) || mkdir_p(steps)))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", steps,
			      strerror(errno));
	if (!rc)
		rc = copy_file(x->plan.file, plan_copy, d);
	free(manifest);
	free(steps);
	free(plan_copy);
	return rc;
}

static int save(struct orch *x, struct diag *d)
{
	int rc = manifest_write(x->out, &x->run, &x->mt, d);

	return rc ? rc : manifest_write_results(x->out, &x->run, d);
}

/* ------------------------------------------------------------------------- */
/* Steps                                                                     */

/* Writes a latency given in µs with a unit that keeps 3 significant digits. */
static void format_us(double us, char *buf, size_t n)
{
	if (us >= 1e6)
		snprintf(buf, n, "%.2f s", us / 1e6);
	else if (us >= 1000)
		snprintf(buf, n, "%.3g ms", us / 1000);
	else
		snprintf(buf, n, "%.3g us", us);
}

/* Prints "read 3185 MB/s 3037 IOPS, ... clat mean 1.2 ms p99.9 4.5 ms" for a step. */
static void print_result(const struct result_step *st)
{
	char mean[32], p999[32];
	int first = 1;

	for (int dd = 0; dd < RESULT_NDIRS; dd++) {
		const struct result_dirstat *s = &st->dir_stat[dd];

		if (!s->io_bytes)
			continue;
		printf("%s%s %.1f MB/s %.0f IOPS", first ? "" : ", ",
		       result_dir_name((enum result_dir)dd), s->bw_bytes / 1e6, s->iops);
		first = 0;
	}
	format_us(st->clat_mean_us, mean, sizeof(mean));
	format_us(st->clat_p999_us, p999, sizeof(p999));
	printf(", latency mean %s p99.9 %s\n", mean, p999);
}

/* Checks what fio left in the step folder; returns 0 or sets st->error. */
static int judge_step(struct orch *x, struct result_step *st, int status)
{
	char *dir = xasprintf("%s/%s", x->out, st->dir);
	char *fio_text = fiorun_error_text(dir);
	uint64_t io = 0;
	struct diag sd;
	int rc;

	diag_clear(&sd);
	rc = archive_load_step(x->out, st, &sd);
	for (int dd = 0; dd < RESULT_NDIRS; dd++)
		io += st->dir_stat[dd].io_bytes;
	if (status != 0)
		st->error = xasprintf("fio exited with status %d%s%s", status,
				      rc ? ": " : "", rc ? sd.msg : "");
	else if (rc)
		st->error = xstrdup(sd.msg);
	else if (!io)
		st->error = xstrdup("fio reported success but did no I/O");
	if (st->error && fio_text[0]) {
		char *full = xasprintf("%s; fio said: %s", st->error, fio_text);

		free(st->error);
		st->error = full;
	}
	free(fio_text);
	free(dir);
	return st->error ? -SB_EFIO : 0;
}

static int run_step(struct orch *x, size_t i, struct diag *d)
{
	const struct plan_workload *w = &x->plan.steps[i];
	struct result_step *st = &x->run.steps[i];
	char *dir = xasprintf("%s/%s", x->out, st->dir), *job = xasprintf("%s/job.fio", dir);
	char *label = xasprintf("[%zu/%zu] %s", i + 1, x->plan.nsteps, w->name), bs[32];
	char *desc;
	struct fiorun_target ft = step_target(x);
	struct fiorun_exec_opts eo = { dir, "job.fio", label, x->o->tty, &run_interrupted,
				       fiorun_step_timeout_s(w->runtime_ms, ft.size) };
	const char *engine = strcmp(w->ioengine, "auto") ? w->ioengine : x->engine;
	int status = 0, rc;

	units_format_size(w->bs, bs, sizeof(bs));
	desc = xasprintf("%s: %s %s QD%lld x%lld, %llu s ... ", label, w->rw, bs,
			 w->iodepth, w->numjobs, (unsigned long long)(w->runtime_ms / 1000));
	/* On a terminal fio's live progress takes the line; the step is named after. */
	if (!x->o->tty) {
		fputs(desc, stdout);
		fflush(stdout);
	}
	rc = mkdir_p(dir) ? diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s",
				     dir, strerror(errno)) : 0;
	if (!rc)
		rc = fiorun_write_jobfile(job, &x->plan, w, &ft, engine, d);
	free(st->started);
	st->started = iso_now();
	if (!rc)
		rc = fiorun_exec(&eo, &status, d);
	st->ended = iso_now();
	free(st->status);
	if (x->o->tty)
		fputs(desc, stdout);
	if (!rc && !judge_step(x, st, status)) {
		st->status = xstrdup("ok");
		print_result(st);
	} else {
		st->status = xstrdup("failed");
		if (!st->error)
			st->error = xstrdup(d->msg[0] ? d->msg : "the step could not run");
		printf("failed\n");
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "step '%s' failed: %s", w->name,
			      st->error);
	}
	free(desc);
	free(label);
	free(job);
	free(dir);
	return rc;
}

/* ------------------------------------------------------------------------- */
/* Entry points                                                              */

/* Loads the plan and applies the command line's overrides. */
static int load(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	int rc = plan_load(&x->plan, o->plan_path, o->sets, o->nsets, d);

	for (size_t i = 0; i < o->ntargets && !rc; i++)
		rc = plan_apply_target(&x->plan, o->targets[i], d);
	if (!rc && x->plan.ntargets != 1)
		rc = diag_set(d, -SB_EUSAGE, o->plan_path, x->plan.targets[1].line, 0,
			      "this version runs plans with one target; the plan has %zu",
			      x->plan.ntargets);
	if (!rc) {
		char what[256];

		if (plan_engine_unsupported(&x->plan, what, sizeof(what)))
			rc = diag_set(d, -SB_EUSAGE, o->plan_path, 0, 0, "this version's "
				      "engine cannot run %s yet ('ssdbench check' shows the "
				      "whole plan)", what);
	}
	return rc;
}

static int render(struct orch *x, struct diag *d)
{
	char *pdf = xasprintf("%s/report.pdf", x->out);
	char *charts = xasprintf("%s/charts", x->out);
	struct report_opts ro = { pdf, charts, 1400, "zh-TW", NULL };
	int rc = mkdir_p(charts) ? diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create "
					    "'%s': %s", charts, strerror(errno)) : 0;

	if (!rc)
		rc = report_render(&x->run, &ro, d);
	if (!rc)
		printf("report: %s (charts in %s/)\n", pdf, charts);
	free(pdf);
	free(charts);
	return rc;
}

/*
 * Right before a step writes to a guarded device: every interlock again, and the
 * same medium (diskseq changes when the node is reused). Marks the step failed.
 */
static int recheck(struct orch *x, size_t i, struct diag *d)
{
	struct result_step *st = &x->run.steps[i];
	int rc;

	if (!x->g.checks || !plan_step_writes(&x->plan.steps[i]))
		return 0;
	rc = run_guard_recheck(&x->g, x->o, x->tgt.path, stdout, d);
	if (rc) {
		free(st->status);
		st->status = xstrdup("failed");
		free(st->error);
		st->error = xstrdup(d->msg);
	}
	return rc;
}

/* Runs every step in order, stopping at the first failure; saves after each. */
static int run_steps(struct orch *x, struct diag *d)
{
	int rc = 0;

	for (size_t i = 0; i < x->plan.nsteps && !rc; i++) {
		struct diag sd;
		int src;

		rc = recheck(x, i, d);
		if (!rc)
			rc = run_step(x, i, d);
		if (run_interrupted) {
			struct result_step *st = &x->run.steps[i];

			free(st->status);
			free(st->error);
			st->status = xstrdup("failed");
			st->error = xasprintf("interrupted by signal %d", (int)run_interrupted);
			diag_clear(d); /* the interruption, not fio's reaction to it, is the cause */
			rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "interrupted during step '%s'; "
				      "the steps before it are kept", st->name);
		}
		diag_clear(&sd);
		src = save(x, &sd);
		if (src && !rc)
			rc = diag_set(d, src, NULL, 0, 0, "%s", sd.msg);
	}
	return rc;
}

/* The target, its interlocks and lock; a dry run ends here, having said what it would do. */
static int guard(struct orch *x, struct diag *d)
{
	int rc = resolve_target(x, d);

	if (!rc)
		rc = run_guard_options(&x->g, x->o, &x->plan, x->tgt.is_device, x->tgt.size, d);
	if (!rc)
		rc = run_guard_check(&x->g, x->o, x->tgt.path, x->tgt.is_device, stdout, d);
	return x->o->dry_run ? dry_run(x, rc, d) : rc;
}

int run_plan(const struct run_opts *o, struct diag *d)
{
	struct orch x = { .o = o };
	struct sigaction old_int, old_term;
	struct diag rd;
	int rc;

	run_interrupted = 0;
	run_guard_init(&x.g);
	plan_init(&x.plan);
	result_run_init(&x.run);
	rc = load(&x, d);
	if (rc)
		goto out;
	x.out = o->out_dir ? xstrdup(o->out_dir) : xasprintf("out/%s", x.plan.name);
	rc = guard(&x, d);
	if (o->dry_run)
		goto out;
	if (!rc && fiorun_version(x.fio_version, sizeof(x.fio_version)))
		rc = diag_set(d, -SB_ENOFIO, NULL, 0, 0, "fio is not installed or not "
			      "on PATH (on Debian: apt-get install fio)");
	if (!rc)  /* refuse an old fio before anything is created */
		rc = fiorun_check_version(x.fio_version, d);
	if (!rc)
		rc = prepare_archive(&x, d);
	if (!rc)
		rc = probe_engine(&x, d);
	if (!rc)
		rc = describe_run(&x, d);
	if (!rc)
		rc = save(&x, d);
	if (!rc)
		rc = purge_target(&x, d);
	if (rc)
		goto out;
	catch_signals(&old_int, &old_term);
	printf("ssdbench %s: plan '%s' (%s), %zu steps, %llu s of measurement, on %s "
	       "with %s, %s; archive %s/\n", SSDBENCH_VERSION, x.plan.name, x.plan.title,
	       x.plan.nsteps, (unsigned long long)(plan_runtime_ms(&x.plan) / 1000),
	       x.run.target, x.fio_version, x.engine, x.out);
	rc = run_steps(&x, d);
	x.run.ended = iso_now();
	free(x.run.status);
	x.run.status = xstrdup(rc ? "failed" : "complete");
	if (rc)
		x.run.error = xstrdup(d->msg);
	diag_clear(&rd);
	if (save(&x, &rd) && !rc)
		rc = diag_set(d, rd.code, NULL, 0, 0, "%s", rd.msg);
	diag_clear(&rd);
	if (render(&x, &rd) && !rc)
		rc = diag_set(d, rd.code, rd.file, rd.line, rd.col, "%s", rd.msg);
	else if (rd.code)
		diag_print(&rd, stderr);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
out:
	run_guard_release(&x.g);
	result_run_release(&x.run);
	free(x.tgt.name);
	free(x.tgt.path);
	free(x.out);
	plan_release(&x.plan);
	return rc;
}
