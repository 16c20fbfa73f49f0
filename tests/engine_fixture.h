/* SPDX-License-Identifier: MIT */
/*
 * engine_fixture: what the tests of the engine's modules share (test_engine,
 * test_run_cont, test_run_setup): a run's context (struct orch) for a plan the test
 * writes into the scratch folder, fio called through the test's fake ops, loaded
 * as run.c's load() does, before or after the target is resolved.
 */
#ifndef SB_ENGINE_FIXTURE_H
#define SB_ENGINE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "journal.h"
#include "run_int.h"
#include "run_replay.h"
#include "testutil.h"
#include "xalloc.h"

/* fio's ops a test fakes the same way: fio 3.33, every engine works, nothing left over. */
static inline int engine_fake_version(char *buf, size_t n)
{
	snprintf(buf, n, "fio-3.33");
	return 0;
}

static inline int engine_fake_probe_engine(const char *filename, int is_device,
					   const char *engine, int direct,
					   const char *workdir, const char *client)
{
	(void)filename;
	(void)is_device;
	(void)engine;
	(void)direct;
	(void)workdir;
	(void)client;
	return 0;
}

static inline int engine_fake_kill_leftovers(const char *dir)
{
	(void)dir;
	return 0;
}

/* A run of plan text written as NAME.xml; its archive folder NAME/. */
struct engine_run {
	struct run_opts o;
	struct orch x;
	char *plan_path;
	const char *target;          /* the --target spec, or NULL */
};

/* Writes text as the scratch folder's name; returns its path (free() it). */
static inline char *engine_put(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", testutil_dir, name);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f))
		fail_msg("cannot write '%s'", path);
	return path;
}

/*
 * The run's context for plan text as NAME.xml, fio through ops, quiet, loaded with
 * its checks as run.c's load() does them (the command line's --target `target`
 * when not NULL, replays, RAID shape, capacity change, write cache), the archive
 * folder NAME/ named but not made, the target not resolved (run__guard does that).
 * Asserts the plan loads.
 */
static inline void engine_load(struct engine_run *r, const char *name, const char *plan,
			       const char *target, const struct run_fio_ops *ops)
{
	char *file = xasprintf("%s.xml", name);
	struct diag d;
	int raid = -1;

	memset(r, 0, sizeof(*r));
	r->plan_path = engine_put(file, plan);
	free(file);
	r->target = target;
	r->o.targets = target ? &r->target : NULL;
	r->o.ntargets = target ? 1 : 0;
	r->o.plan_path = r->plan_path;
	r->o.quiet = 1;
	r->x.o = &r->o;
	r->x.fio.ops = ops;
	r->x.kinds = run__kinds;
	r->x.quiet = 1;
	r->x.talk = stdout;
	archlock_init(&r->x.arc.lock);
	run_guard_init(&r->x.dev.g);
	plan_init(&r->x.plan);
	result_run_init(&r->x.arc.run);
	journal_init(&r->x.arc.replay);
	diag_clear(&d);
	if (plan_load(&r->x.plan, r->plan_path, NULL, 0, &d) ||
	    (target && plan_apply_target(&r->x.plan, target, &d)) ||
	    run_replay_check(&r->x.plan, &d) || run_raid_shape(&r->x.plan, &raid, &d) ||
	    run_hwop_new(&r->x.plan, &r->x.dev.hw, &d) ||
	    run_wcache_new(&r->x.plan, &r->x.dev.wc, &d))
		fail_msg("%s: %s (line %d)", r->plan_path, d.msg, d.line);
	r->x.arc.out = xasprintf("%s/%s", testutil_dir, name);
}

/*
 * engine_load, then what the walk needs of set-up: the archive folder made, the
 * target a 64 MiB file NAME.bin, the run "running", the engine psync.
 */
static inline void engine_open(struct engine_run *r, const char *name, const char *plan,
			       const struct run_fio_ops *ops)
{
	engine_load(r, name, plan, NULL, ops);
	if (fsutil_mkdir_p(r->x.arc.out))
		fail_msg("cannot make '%s'", r->x.arc.out);
	r->x.dev.tgt.name = xstrdup("dut");
	r->x.dev.tgt.path = xasprintf("%s/%s.bin", testutil_dir, name);
	r->x.dev.tgt.size = 64ULL << 20;
	r->x.arc.run.started = run__iso_now();
	r->x.arc.run.status = xstrdup("running");
	r->x.arc.mt.name = r->x.dev.tgt.name;
	r->x.arc.mt.kind = "file";
	r->x.arc.mt.path = r->x.dev.tgt.path;
	r->x.arc.mt.size = r->x.dev.tgt.size;
	snprintf(r->x.fio.engine, sizeof(r->x.fio.engine), "psync");
}

static inline void engine_close(struct engine_run *r)
{
	archlock_release(&r->x.arc.lock);
	run_raid_free(r->x.dev.raid);
	run_hwop_free(r->x.dev.hw);
	run_wcache_free(r->x.dev.wc);
	run_guard_release(&r->x.dev.g);
	result_run_release(&r->x.arc.run);
	journal_release(&r->x.arc.replay);
	free(r->x.dev.tgt.name);
	free(r->x.dev.tgt.path);
	free(r->x.dev.tgt.client);
	free(r->x.arc.out);
	plan_release(&r->x.plan);
	free(r->plan_path);
}

#endif
