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
		return 0;   /* (a request carrying a flush is a request: replayed, fitted) */
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
		    struct fiorun_target *ft, const char *replay, uint64_t *limit_ms,
		    uint64_t *layout, struct diag *d)
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
	st->trace_ios = info.ios;
	st->trace_end = info.lba_end_bytes;
	st->replay_scale = f.factor;
	st->replay_fit = xstrdup(st->replay_scale > 1 ? "scale" : "none");
	ft->trace = replay;   /* the trace as fio replays it: run__replay_write() */
	/* The watchdog: a timed replay takes the trace's time; either moves its bytes. */
	if (!strcmp(w->mode, "timed"))
		*limit_ms = (uint64_t)ceil(info.seconds * 1000.0 / (double)w->speed);
	*layout += info.bytes;
	return 0;
}

/* "reads 49 (200704 B), writes 8232 (...), trims 0 (0 B)": a summary's data I/O. */
static void dirs_text(char *buf, size_t n, const uint64_t ios[3], const uint64_t bytes[3])
{
	snprintf(buf, n, "reads %llu (%llu B), writes %llu (%llu B), trims %llu (%llu B)",
		 (unsigned long long)ios[0], (unsigned long long)bytes[0],
		 (unsigned long long)ios[1], (unsigned long long)bytes[1],
		 (unsigned long long)ios[2], (unsigned long long)bytes[2]);
}

int run__replay_write(const struct result_step *st, const struct fiorun_target *ft,
		      struct diag *d)
{
	struct blkt_info in, out;
	struct diag bd;
	char a[192], b[192];

	diag_clear(&bd);
	if (blkt_read_info(st->trace, &in, &bd) ||
	    blkt_write_replay(st->trace, ft->trace, st->replay_scale, &out, &bd))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "trace '%s': %s: %s", st->trace,
				bd.file[0] ? bd.file : ft->trace, bd.msg);
	dirs_text(a, sizeof(a), (uint64_t[]){ in.reads, in.writes, in.trims },
		  (uint64_t[]){ in.read_bytes, in.write_bytes, in.trim_bytes });
	dirs_text(b, sizeof(b), (uint64_t[]){ out.reads, out.writes, out.trims },
		  (uint64_t[]){ out.read_bytes, out.write_bytes, out.trim_bytes });
	if (strcmp(a, b) || out.flushes != in.flushes + in.preflushes || out.preflushes)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "the replay of trace '%s' (%s) "
				"would not be the capture: captured %s, %llu flushes and %llu "
				"preflushes; written %s, %llu flushes", st->trace, ft->trace, a,
				(unsigned long long)in.flushes, (unsigned long long)in.preflushes,
				b, (unsigned long long)out.flushes);
	return 0;
}

int run__replay_judge(struct result_step *st, const char *replay)
{
	struct blkt_info in;
	struct diag bd;
	char want[192], got[192];

	diag_clear(&bd);
	if (blkt_read_info(replay, &in, &bd)) {
		st->error = xasprintf("cannot read the replayed trace back: %s: %s",
				      bd.file[0] ? bd.file : replay, bd.msg);
		return -SB_EIO;
	}
	dirs_text(want, sizeof(want), (uint64_t[]){ in.reads, in.writes, in.trims },
		  (uint64_t[]){ in.read_bytes, in.write_bytes, in.trim_bytes });
	dirs_text(got, sizeof(got), (uint64_t[]){ st->dir_stat[RESULT_READ].total_ios,
		  st->dir_stat[RESULT_WRITE].total_ios, st->dir_stat[RESULT_TRIM].total_ios },
		  (uint64_t[]){ st->dir_stat[RESULT_READ].io_bytes,
		  st->dir_stat[RESULT_WRITE].io_bytes, st->dir_stat[RESULT_TRIM].io_bytes });
	if (!strcmp(want, got))
		return 0;
	st->error = xasprintf("fio's replay is not the trace's: fio did %s; the trace "
			      "holds %s (its scores would measure another workload)", got, want);
	return -SB_EFIO;
}
