/* SPDX-License-Identifier: MIT */
/*
 * run_setup: everything before the first element on the target's side: the target
 * resolved (here or on its bench) and guarded (interlocks, a RAID's members, a
 * file that is the run's own), a dry run's account of what the run would do, the
 * I/O engine probed for "auto", the bench's fio server checked and the purge --purge asks for.
 */
#include "run_int.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "err.h"
#include "fsutil.h"
#include "units.h"
#include "xalloc.h"

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

	x->dev.tgt.host = plan_target_host(&x->plan, t);
	x->dev.tgt.client = remote_client_arg(x->dev.tgt.host);
	x->dev.tgt.path = xstrdup(t->path);
	x->dev.tgt.size = t->size;
	if (!run__bench_needs(x) || x->o->dry_run)
		return 0;
	x->dev.g.dev = xcalloc(1, sizeof(*x->dev.g.dev));
	rc = run__bench_check(x, d);
	if (!rc)
		rc = run__probe(x, x->dev.g.dev, NULL, d);
	if (rc)
		return rc;
	if (!x->dev.tgt.is_device) {
		x->dev.tgt.created = x->arc.replay.start.plan ? x->arc.replay.start.target_created :
				 !x->dev.g.dev->exists;
		return 0;
	}
	if (!x->dev.g.dev->is_block)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s' on host '%s' is not a block "
				"device", x->dev.tgt.path, x->dev.tgt.host->name);
	x->dev.tgt.size = x->dev.g.dev->size;
	return 0;
}

/*
 * The absolute path of a plan's file target, kept inside the archive folder out
 * (plan_target_path_kept()): what exists of it there is resolved, links followed,
 * and must stay below out, so a link left in an archive (resume, --force) cannot
 * lead fio elsewhere. Returns a new string, or NULL with d set.
 */
static char *kept_file_path(const char *out, const char *rel, struct diag *d)
{
	char *path = xasprintf("%s/%s", out, rel), *abs = plan_absolute_path(path);
	char *root = realpath(out, NULL), *real = realpath(abs, NULL);
	size_t n = root ? strlen(root) : 0;

	free(path);
	if (!real && root && strrchr(abs, '/')) {   /* a new file: its folder */
		char *dir = xstrndup(abs, (size_t)(strrchr(abs, '/') - abs));
		char *rdir = realpath(dir, NULL);

		real = rdir ? xasprintf("%s%s", rdir, strrchr(abs, '/')) : NULL;
		free(rdir);
		free(dir);
	}
	if (root && real && (strncmp(real, root, n) || real[n] != '/')) {
		diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "file target '%s' resolves to '%s', outside "
			 "the archive folder '%s': a plan's file target stays inside it",
			 rel, real, out);
		free(abs);
		abs = NULL;
	} else if (real) {
		free(abs);
		abs = xstrdup(real);
	}
	free(real);
	free(root);
	return abs;
}

/* Checks the target and fills x->dev.tgt: a regular file (made absolute) or a block
 * device; a file target that is a block device is a device target, every interlock
 * included. */
static int resolve_target(struct orch *x, struct diag *d)
{
	struct plan_target *t = &x->plan.targets[0];
	struct stat st;
	int fd;

	x->dev.tgt.name = xstrdup(t->name);
	x->dev.tgt.is_device = t->kind == PLAN_TARGET_DEVICE;
	if (t->host)
		return resolve_bench_target(x, t, d);
	/* fio runs inside each step's folder: the target's path must be absolute, and is
	 * the one checked here (a --target file:PATH as it resolves). */
	if (t->path[0] != '/')
		x->dev.tgt.path = kept_file_path(x->arc.out, t->path, d);
	else if (!x->dev.tgt.is_device)
		x->dev.tgt.path = realpath(t->path, NULL);
	if (!x->dev.tgt.path && t->path[0] != '/')
		return d->code;
	if (!x->dev.tgt.path)
		x->dev.tgt.path = xstrdup(t->path);
	if (strchr(x->dev.tgt.path, '$'))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target path '%s' holds '$', which "
				"fio would replace with its environment", x->dev.tgt.path);
	x->dev.tgt.size = t->size;
	if (!x->dev.tgt.is_device && !stat(x->dev.tgt.path, &st) && S_ISBLK(st.st_mode)) {
		run__say(x, "file target '%s' is the block device '%s': it is a device target\n",
			 t->path, x->dev.tgt.path);
		t->kind = PLAN_TARGET_DEVICE;
		t->size = 0;
		x->dev.tgt.is_device = 1;
	}
	if (!x->dev.tgt.is_device) {
		x->dev.tgt.created = x->arc.replay.start.plan ? x->arc.replay.start.target_created :
				 stat(x->dev.tgt.path, &st) && errno == ENOENT;
		if (!stat(x->dev.tgt.path, &st) && !S_ISREG(st.st_mode))
			return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "file target '%s' "
					"exists and is not a regular file", x->dev.tgt.path);
		return 0;
	}
	if (stat(x->dev.tgt.path, &st) || !S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s' is not a block device",
				x->dev.tgt.path);
	/* A dry run still examines a device it may not open (sysfs gives the size). */
	x->dev.g.dev = xcalloc(1, sizeof(*x->dev.g.dev));
	fd = open(x->dev.tgt.path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 && !x->o->dry_run)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read the size of '%s': %s",
				x->dev.tgt.path, strerror(errno));
	if (fd >= 0)
		close(fd);
	if (device_probe(x->dev.tgt.path, x->dev.g.dev, d))
		return d->code;
	x->dev.tgt.size = x->dev.g.dev->size;
	return 0;
}

/* The header of a dry run, before any check is printed. */
static void dry_run_head(const struct orch *x)
{
	char size[32];
	char *raid = x->dev.raid ? run_raid_describe(x->dev.raid) : NULL;

	units_format_size(x->dev.tgt.size, size, sizeof(size));
	if (!x->dev.tgt.size)   /* a device on a bench: not probed by a dry run */
		snprintf(size, sizeof(size), "size not probed");
	if (raid)
		printf("dry run of plan '%s' on %s%s%s: nothing is written, no array is created "
		       "and fio is not started\n", x->plan.name, raid, x->dev.tgt.host ?
		       ", fio --client=" : "", x->dev.tgt.host ? x->dev.tgt.client : "");
	else
		printf("dry run of plan '%s' on %s '%s' (%s)%s%s%s%s: nothing is written and "
		       "fio is not started\n", x->plan.name, x->dev.tgt.is_device ? "device" :
		       "file", x->dev.tgt.path, size, x->dev.tgt.host ? " on host " : "",
		       x->dev.tgt.host ? x->dev.tgt.host->name : "", x->dev.tgt.host ? ", fio --client=" :
		       "", x->dev.tgt.host ? x->dev.tgt.client : "");
	free(raid);
}

/* The estimate as a dry run says it: "estimated time: 1 min 10 s". */
static void print_estimate(const struct orch *x)
{
	struct check_estimate e;
	char a[32], b[32];

	check_estimate(&x->plan, 0, x->plan.nsteps, -1, x->dev.tgt.size, &e);
	check_format_ms(e.min_ms, a, sizeof(a));
	check_format_ms(e.max_ms, b, sizeof(b));
	printf("estimated time: %s%s%s%s\n", a, e.min_ms == e.max_ms ? "" : " – ",
	       e.min_ms == e.max_ms ? "" : b, e.open_time ? ", plus the steps whose time "
	       "depends on the device (purge, fills)" : "");
}

/* --dry-run: what the run would do and destroy; rc is the guard's verdict. */
static int dry_run(struct orch *x, int rc, struct diag *d)
{
	const struct run_raid *r = x->dev.raid;
	const struct plan_scope *s = r ? &x->plan.scopes[r->scope] : NULL;
	int wc = -2, fails = 0;

	if (!x->dev.tgt.path) {   /* refused before the target was resolved: only why */
		printf("dry run of plan '%s': nothing is written and fio is not started\n"
		       "result: REFUSED: %s\n", x->plan.name, d->msg);
		return rc;
	}
	if (!r)
		dry_run_head(x);
	run_guard_describe(&x->dev.g, x->dev.tgt.size, rc != 0, stdout);
	if (x->dev.tgt.host)
		run__bench_describe(x, stdout);
	for (size_t i = 0; i < x->plan.nsteps; i++) {
		for (size_t k = 0; k < x->plan.nscopes; k++) {
			const struct plan_scope *op = &x->plan.scopes[k];

			if (op->kind == PLAN_OP && op->first == i && op->count &&
			    strcmp(op->op_method, "software"))
				run_guard_describe_hwop(&x->dev.g, op, stdout);
		}
		if (s && i == s->first)
			run_raid_print_part(r, x->o, 0, stdout);
		run__wcache_dry_run(x, i, &wc, stdout);
		run__describe_step(x, i);
		if (s && i + 1 == s->first + s->count)
			run_raid_print_part(r, x->o, 1, stdout);
	}
	run__wcache_dry_run(x, x->plan.nsteps, &wc, stdout);
	if (s && r->why[0]) {
		printf("RAID '%s' would be SKIPPED here: %s; none of its %zu steps would run and "
		       "nothing would be created or written\n", s->name, r->why, s->count);
		/* as the run decides: every element skipped is a run that measured nothing */
		if (!rc)
			fails = rc = diag_set(d, -SB_EIO, NULL, 0, 0, "the run would measure "
					      "nothing: RAID '%s' would skip all its %zu steps "
					      "(%s)", s->name, s->count, r->why);
	}
	print_estimate(x);
	printf("result: %s%s\n", fails ? "would fail: " : rc ? "REFUSED: " : r && r->host ?
	       "nothing checked on the bench by a dry run: its checks run with the run" :
	       "every check passed", rc ? d->msg : "");
	return rc;
}

/* Purges the target before the first step, re-checking every interlock first. */
int run__purge_target(struct orch *x, struct diag *d)
{
	struct purge_result pr;
	char *target;
	int rc;

	if (!x->dev.g.purge)
		return 0;
	rc = run__purge(x, x->dev.g.method, &pr, d);
	if (rc)
		return rc;
	/* The archive says what actually ran, and the OP the steps were confined to. */
	target = x->dev.g.usable ? xasprintf("%s, purged with %s in %.2f s, OP %u.%02u %% "
					 "(first %llu bytes)", x->arc.run.target,
					 purgemethod_name(pr.method), pr.seconds,
					 x->dev.g.op_centi / 100, x->dev.g.op_centi % 100,
					 (unsigned long long)x->dev.g.usable) :
		xasprintf("%s, purged with %s in %.2f s", x->arc.run.target, purgemethod_name(pr.method),
			  pr.seconds);
	free(x->arc.run.target);
	x->arc.run.target = target;
	return run__save(x, d);
}

/* Picks the engine for "auto": io_uring when it works here, else libaio. */
int run__probe_engine(struct orch *x, struct diag *d)
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
		if (!x->fio.engine[0])
			snprintf(x->fio.engine, sizeof(x->fio.engine), "%s", e);
		else if (strcmp(e, x->fio.engine))
			snprintf(x->fio.engine, sizeof(x->fio.engine), "per step");
	}
	if (!need_auto)
		return 0;
	dir = xstrdup(x->dev.tgt.path);
	*strrchr(dir, '/') = '\0';
	if (!x->dev.tgt.is_device && !x->dev.tgt.host && fsutil_mkdir_p(*dir ? dir : "/"))
		ok = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dir,
			      strerror(errno));
	/* A RAID's array does not exist yet: its first member answers for the kernel. */
	probe = x->dev.raid ? xstrdup(x->dev.raid->m[0].path) : x->dev.tgt.is_device ? xstrdup(x->dev.tgt.path) :
		xasprintf("%s/.ssdbench-probe-%ld", *dir ? dir : "", (long)getpid());
	for (size_t i = 0; i < 2 && ok == -1; i++) {
		if (!x->fio.ops->probe_engine(probe, x->dev.tgt.is_device, engines[i], direct, x->arc.out,
					 x->dev.tgt.client)) {
			snprintf(x->fio.engine, sizeof(x->fio.engine), "%s", engines[i]);
			ok = 0;
		}
	}
	if (!x->dev.tgt.is_device && !x->dev.tgt.host)
		unlink(probe);
	if (ok == -1)
		ok = diag_set(d, -SB_EFIO, NULL, 0, 0, "fio cannot do %sI/O on '%s' with "
			      "io_uring or libaio%s", direct ? "direct " : "", x->dev.tgt.path,
			      direct ? " (does its filesystem support O_DIRECT? tmpfs "
			      "does not; use another folder or direct=\"0\")" : "");
	free(probe);
	free(dir);
	return ok;
}

/* The target, its interlocks and lock; a dry run ends here, having said what it would do. */
/*
 * A file target is written only when it is the run's own: it does not exist yet,
 * it lives in the archive folder this run replaces (--force) or resumes, the first
 * pass of the run's pass set created it, or --destroy names its path. Anything else
 * is someone's data.
 */
static int file_is_ours(const struct orch *x, struct diag *d)
{
	char *out = realpath(x->arc.out, NULL), *manifest = xasprintf("%s/manifest.json", x->arc.out);
	size_t n = out ? strlen(out) : 0;
	int ours = run__file_is_ours(x) || (out && !strncmp(x->dev.tgt.path, out, n) &&
					     x->dev.tgt.path[n] == '/' && !access(manifest, F_OK));

	for (size_t i = 0; i < x->o->ndestroy && !ours; i++) {
		char *abs = plan_absolute_path(x->o->destroy[i]);

		ours = !strcmp(abs, x->dev.tgt.path);
		free(abs);
	}
	free(out);
	free(manifest);
	if (ours || !x->dev.g.writes)
		return 0;
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "the file target '%s' already exists and "
			"this run did not create it: writing to it destroys its data; name it "
			"with --destroy %s to allow that", x->dev.tgt.path, x->dev.tgt.path);
}

/*
 * Resume after a run that died with its array up: the members must be the ones it
 * started with, then the array goes before anything else (its members' interlocks
 * would refuse them while md holds them).
 */
static int recover_raid(struct orch *x, struct diag *d)
{
	const char *was = x->arc.replay.start.target_identity;

	if (strcmp(x->dev.raid->identity, was ? was : ""))
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot resume: the RAID members "
				"changed since the run started (%s, was %s); the array '%s' it "
				"created may still be up: stop it by hand", x->dev.raid->identity, was,
				x->arc.replay.raid_open);
	run__say(x, "the interrupted run left the array '%s' up: tearing it down first\n",
		 x->arc.replay.raid_open);
	return run_raid_down(x->dev.raid, x->arc.out, x->talk, d);
}

/* A plan with <raid>: every member's interlocks; the run's target is the array. */
static int guard_raid(struct orch *x, struct diag *d)
{
	const struct plan_target *t = &x->plan.targets[0];
	int si = -1, rc = run_raid_shape(&x->plan, &si, d);

	if (rc)
		return rc;
	if (t->host) {   /* the members' bench: ssh to its ssdbench, fio --client to its fio */
		x->dev.tgt.host = plan_target_host(&x->plan, t);
		x->dev.tgt.client = remote_client_arg(x->dev.tgt.host);
		if (!x->o->dry_run && (rc = run__bench_check(x, d)))
			return rc;
	}
	x->dev.raid = run_raid_new(&x->plan, si, x->o->dry_run, d);
	if (!x->dev.raid)
		return d->code ? d->code : -SB_EINVAL;
	x->dev.tgt.name = xstrdup(x->plan.scopes[si].name);
	x->dev.tgt.path = xstrdup(x->dev.raid->array);
	x->dev.tgt.is_device = 1;
	x->dev.tgt.size = x->dev.raid->size;
	if (x->o->dry_run)
		dry_run_head(x);
	rc = run_guard_options(&x->dev.g, x->o, &x->plan, 1, x->dev.tgt.size, d);
	if (!rc && x->arc.replay.raid_open)
		rc = recover_raid(x, d);
	/* a dry run runs nothing on a bench: it prints the commands (run__bench_describe) */
	if (!rc && !(x->dev.raid->host && x->o->dry_run))
		rc = run_raid_guard(x->dev.raid, x->o, x->o->dry_run, x->o->dry_run ? stdout :
				    x->talk, d);
	if (!rc && x->dev.raid->host && !x->o->dry_run)
		rc = run__bench_lock_raid(x, d);
	return rc;
}

/*
 * Resume after a run that died with a drive resized: the capacity goes back first,
 * before the target is probed and compared with the one the run started on.
 */
static int recover_capacity(struct orch *x, struct diag *d)
{
	int rc = run_hwop_recover(x->dev.hw, x->arc.replay.restore_open, x->arc.out, x->talk, d);

	if (!rc) {
		free(x->arc.replay.restore_open);
		x->arc.replay.restore_open = NULL;
	}
	if (x->dev.hw)   /* the manifest says the capacity came back at resume */
		x->arc.mt.capacity = run_hwop_json(x->dev.hw);
	return rc;
}

int run__guard(struct orch *x, struct diag *d)
{
	int raid = 0, rc = x->arc.replay.restore_open ? recover_capacity(x, d) : 0;

	if (!rc && x->arc.replay.wcache_open)
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
			rc = run_guard_options(&x->dev.g, x->o, &x->plan, x->dev.tgt.is_device,
					       x->dev.tgt.size, d);
		if (!rc && !x->dev.tgt.is_device &&
		    (!x->dev.tgt.host || (x->dev.g.dev && !x->o->dry_run)))
			rc = file_is_ours(x, d);
		if (!rc && !x->dev.tgt.host)
			rc = run_guard_check(&x->dev.g, x->o, x->dev.tgt.path, x->dev.tgt.is_device,
					     x->talk, d);
		else if (!rc && x->dev.g.dev && !x->o->dry_run)
			rc = run__bench_guard(x, d);
	}
	if (!rc && x->dev.hw && x->dev.tgt.host)   /* the commands go to a drive on this machine */
		rc = diag_set(d, -SB_EUSAGE, x->plan.file, x->plan.scopes[x->dev.hw->scope].line, 0,
			      "<op> '%s' with method=\"%s\" resizes a drive on this machine; "
			      "the target is on host '%s'", x->dev.hw->name,
			      x->plan.scopes[x->dev.hw->scope].op_method, x->dev.tgt.host->name);
	if (!rc)
		rc = run_guard_hwop(&x->dev.g, x->o, &x->plan, x->dev.tgt.is_device && !x->dev.raid, d);
	if (!rc)
		rc = run__wcache_guard(x, d);
	if (!rc)   /* fio grows a file target to reach past its end */
		rc = plan_check_ranges(&x->plan, x->dev.g.usable ? x->dev.g.usable : x->dev.tgt.size, d);
	return x->o->dry_run ? dry_run(x, rc, d) : rc;
}

/* The bench's fio server answers, with the controller's fio major.minor. */
int run__check_bench(struct orch *x, struct diag *d)
{
	struct remote_probe *b = &x->dev.tgt.bench;
	int rc = remote_fio_probe(x->dev.tgt.host, remote_timeout_s(), b, d);

	if (!rc && !remote_same_minor(x->fio.version, b->fio_version))
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "host '%s' (%s) runs %s but this "
			      "machine runs %s: fio's client and server must share major.minor",
			      x->dev.tgt.host->name, x->dev.tgt.client, b->fio_version, x->fio.version);
	return rc;
}
