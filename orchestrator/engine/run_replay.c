/* SPDX-License-Identifier: MIT */
/*
 * run_replay: the engine's side of a <replay> step: the trace read and
 * judged before the run, and fitted onto the target as the element starts. The
 * job file itself is fiorun_job.c's; the element runs like any fio element
 * (run_step.c), with fio's json+ and per-second logs.
 */
#include "run_replay.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blktrace.h"
#include "err.h"
#include "fiorun.h"
#include "run_int.h"
#include "xalloc.h"

int run_replay_check(struct plan *p, struct diag *d)
{
	for (size_t i = 0; i < p->nsteps; i++) {
		struct plan_workload *w = &p->steps[i];
		const struct plan_target *t = plan_step_target(p, w);
		struct blkt_info info;
		struct diag bd;

		if (!plan_step_is(w, PLAN_KIND_REPLAY))
			continue;
		if (t && t->host)
			return diag_set(d, -SB_EUSAGE, w->file, w->line, 0, "<replay> '%s' runs "
					"on target '%s' of host '%s': a replay runs on this "
					"machine's targets only (fio would read the trace there)",
					w->name, t->name, t->host);
		diag_clear(&bd);
		if (blkt_read_info(w->trace, &info, &bd))
			return diag_set(d, -SB_EUSAGE, w->file, w->line, 0, "<replay> '%s': "
					"%s: %s", w->name, bd.file[0] ? bd.file : w->trace, bd.msg);
		w->trace_writes = info.writes + info.trims > 0;
	}
	return 0;
}

/* The fit of a trace onto cap bytes: the smallest whole divisor of its offsets
 * that keeps every request inside (fio aligns each divided offset down to 4 KiB). */
struct fit {
	uint64_t cap, factor;
	uint32_t longest;
};

static int fit_one(void *arg, const struct blkt_event *e)
{
	struct fit *f = arg;

	if (e->kind != BLKT_EV_QUEUE || e->ddir == BLKT_FLUSH || !e->len)
		return 0;
	if (e->len > f->longest)
		f->longest = e->len;
	if (e->len > f->cap)
		return 1;   /* stops the read: no divisor fits it */
	/* floor(offset / k) + len <= cap for every k above offset / (cap - len + 1) */
	if (e->offset + e->len > f->cap && e->offset / (f->cap - e->len + 1) + 1 > f->factor)
		f->factor = e->offset / (f->cap - e->len + 1) + 1;
	return 0;
}

int run__replay_make_file(const struct orch *x, struct diag *d)
{
	enum { CHUNK = 1 << 20 };
	char *zeros;
	struct stat sb;
	uint64_t done = 0;
	int fd, e = 0;

	if (x->dev.tgt.is_device || !stat(x->dev.tgt.path, &sb))
		return 0;
	/* Written out, as fio lays out a file: a sparse file's first writes would
	 * allocate, and a replay would time the filesystem, not the target. */
	fd = open(x->dev.tgt.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create the target file '%s': %s",
				x->dev.tgt.path, strerror(errno));
	zeros = xcalloc(1, CHUNK);
	while (done < x->dev.tgt.size && !e) {
		uint64_t n = x->dev.tgt.size - done < CHUNK ? x->dev.tgt.size - done : CHUNK;
		ssize_t w = write(fd, zeros, (size_t)n);

		if (w <= 0)
			e = w < 0 ? errno : ENOSPC;
		else
			done += (uint64_t)w;
	}
	free(zeros);
	if (!e && fsync(fd))
		e = errno;
	if (close(fd) && !e)
		e = errno;
	if (e)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write the target file '%s': %s",
				x->dev.tgt.path, strerror(e));
	return 0;
}

int run__replay_fit(const struct plan_workload *w, struct result_step *st,
		    struct fiorun_target *ft, uint64_t *limit_ms, uint64_t *layout,
		    struct diag *d)
{
	struct fit f = { ft->size ? ft->size : ft->capacity, 1, 0 };
	struct blkt_info info;
	struct diag bd;
	int rc;

	diag_clear(&bd);
	st->trace = plan_absolute_path(w->trace);
	st->replay_mode = xstrdup(w->mode);
	rc = blkt_read_info(st->trace, &info, &bd);
	if (!rc)
		rc = blkt_foreach(st->trace, fit_one, &f, &bd);
	if (rc == 1)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "the target's %llu bytes hold not "
				"even one request of trace '%s' (%u bytes)",
				(unsigned long long)f.cap, st->trace, f.longest);
	if (rc)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "%s: %s", bd.file[0] ? bd.file :
				st->trace, bd.msg);
	/* fio keeps replay_scale in 32 bits: a larger factor would be cut, and the
	 * offsets land far past the target. */
	if (f.factor > UINT32_MAX)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "trace '%s' reaches %llu bytes: "
				"fitting it onto the target's %llu bytes needs replay_scale=%llu, "
				"more than fio can hold (%lu)", st->trace,
				(unsigned long long)info.lba_end_bytes, (unsigned long long)f.cap,
				(unsigned long long)f.factor, (unsigned long)UINT32_MAX);
	st->trace_ios = info.ios;
	st->trace_end = info.lba_end_bytes;
	st->replay_scale = f.factor;
	st->replay_fit = xstrdup(st->replay_scale > 1 ? "scale" : "none");
	ft->trace = st->trace;
	ft->replay_scale = st->replay_scale;
	/* The watchdog: a timed replay takes the trace's time; either moves its bytes. */
	if (!strcmp(w->mode, "timed"))
		*limit_ms = (uint64_t)ceil(info.seconds * 1000.0 / (double)w->speed);
	*layout += info.bytes;
	return 0;
}
