/* SPDX-License-Identifier: MIT */
/*
 * run_progress: the live status line of a fio element on a terminal, redrawn at
 * each of fio's ETA lines and at each new second between them:
 *   [3/7 r2] 0:01:23  ETA 0:05:10  write 1234.5 MB/s 31.5k IOPS  45%  name
 * the element, the run's clock, the plan's time left (learnt from the write rate
 * measured so far for what the plan writes by amount: fills, written="2x" rounds),
 * fio's live bandwidth in MB/s (10^6 bytes, as every other ssdbench number) and
 * IOPS, the step's percentage, the step's name. One line, cut to the terminal's
 * width (the name, last, goes first).
 */
#include "run_int.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "check.h"
#include "clock.h"
#include "utf8.h"

/* "1:02:03" */
static void hms(double s, char *buf, size_t n)
{
	unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;

	snprintf(buf, n, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

/* The outermost scope holding step i, or -1. */
static int unit_of(const struct plan *p, size_t i)
{
	for (size_t s = 0; s < p->nscopes; s++)
		if (p->scopes[s].parent < 0 && p->scopes[s].first <= i &&
		    i < p->scopes[s].first + p->scopes[s].count)
			return (int)s;
	return -1;
}

/* Seconds steps [a, b) of the plan take: their time, their amounts at bps; -1 unknown. */
static double steps_s(const struct plan *p, size_t a, size_t b, uint64_t cap, double bps)
{
	struct check_estimate e;
	double t;

	if (a >= b)
		return 0;
	check_estimate(p, a, b, -1, cap, &e);
	t = (double)e.min_ms / 1000.0;
	if (e.written_min > 0) {
		if (!(bps > 0) || !cap)
			return -1;
		t += e.written_min * (double)cap / bps;
	}
	return t;
}

double run__progress_left(const struct run_progress *p, double now)
{
	const struct orch *x = p->x;
	const struct plan *pl = &x->plan;
	int s = unit_of(pl, p->step);
	size_t end = s < 0 ? p->step + 1 : pl->scopes[s].first + pl->scopes[s].count;
	uint64_t cap = x->arc.run.capacity;
	double bps = x->walk.eta.write_bps, after = steps_s(pl, end, pl->nsteps, cap, bps);
	double here = p->eta.eta_s;

	if (here < 0 && p->runtime_ms)
		here = (double)p->runtime_ms / 1000.0 - (now - p->started);
	if (s >= 0) {   /* the rest of the scope: its estimate less its time so far */
		double all = steps_s(pl, pl->scopes[s].first, end, cap, bps);

		if (all < 0)
			return -1;
		all -= now - x->walk.eta.unit_started;
		if (all > here)
			here = all;
	}
	if (here < 0 || after < 0)
		return -1;
	return here + after;
}

void run__progress_start(struct run_progress *p, struct orch *x, size_t step, int round,
			 uint64_t runtime_ms)
{
	int unit = unit_of(&x->plan, step);
	long id = unit < 0 ? -(long)step - 1 : unit;

	memset(p, 0, sizeof(*p));
	p->x = x;
	p->step = step;
	p->round = round;
	p->runtime_ms = runtime_ms;
	p->started = clock_mono_s();
	p->shown = -1;
	fiorun_eta_parse("", 0, &p->eta);
	if (!x->walk.eta.unit_set || x->walk.eta.unit != id) {
		x->walk.eta.unit = id;
		x->walk.eta.unit_set = 1;
		x->walk.eta.unit_started = p->started;
	}
}

/* " read 1234.5 MB/s 31.5k IOPS" for direction d when fio shows it moving. */
static void add_dir(struct sbuf *sb, const struct fiorun_eta *e, int d)
{
	static const char *const names[2] = { "read", "write" };
	double io = e->iops[d];

	if (!(e->bw[d] > 0) && !(io > 0))
		return;
	sbuf_addf(sb, "  %s %.1f MB/s", names[d], e->bw[d] > 0 ? e->bw[d] / 1e6 : 0);
	if (io >= 0)
		sbuf_addf(sb, io >= 1e4 ? " %.1fk IOPS" : " %.0f IOPS", io >= 1e4 ? io / 1e3 : io);
}

void run__progress_line(const struct run_progress *p, double now, size_t width,
			struct sbuf *out)
{
	const struct orch *x = p->x;
	char round[16] = "", clk[32], left[32];
	double rest = run__progress_left(p, now);
	struct sbuf sb;

	if (p->round)
		snprintf(round, sizeof(round), " r%d", p->round + (p->closed ? *p->closed : 0));
	hms(now - x->walk.started, clk, sizeof(clk));
	hms(rest, left, sizeof(left));
	sbuf_init(&sb);
	sbuf_addf(&sb, "[%zu/%zu%s] %s  ETA %s", p->step + 1, x->plan.nsteps, round, clk,
		  rest < 0 ? "?" : left);
	add_dir(&sb, &p->eta, 0);
	add_dir(&sb, &p->eta, 1);
	if (p->eta.pct >= 0)
		sbuf_addf(&sb, "  %.0f%%", p->eta.pct);
	sbuf_addf(&sb, "  %s", x->plan.steps[p->step].name);   /* last: the one cut */
	sbuf_add(out, sb.buf, width ? utf8_fit(sb.buf, width) : sb.len);
	sbuf_release(&sb);
}

/* The terminal's columns less one (a full line would leave the cursor past its
 * end); 0 when stderr is no terminal (a lineup member's pipe: its parent cuts). */
static size_t columns(void)
{
	struct winsize ws;

	if (ioctl(2, TIOCGWINSZ, &ws) || ws.ws_col < 2)
		return 0;
	return ws.ws_col - 1u;
}

void run__progress_status(void *arg, const char *line, size_t n)
{
	struct run_progress *p = arg;
	double now = clock_mono_s();
	long sec = (long)(now - p->x->walk.started);
	struct sbuf sb;

	if (line && fiorun_eta_parse(line, n, &p->eta) == 0 && p->eta.bw[1] > 0) {
		double *bps = &p->x->walk.eta.write_bps;   /* the rate a fill's time is learnt from */

		*bps = *bps > 0 ? 0.8 * *bps + 0.2 * p->eta.bw[1] : p->eta.bw[1];
	}
	if (!line && sec == p->shown)
		return;
	p->shown = sec;
	sbuf_init(&sb);
	sbuf_adds(&sb, "\r\033[K");   /* first: a lineup's parent reads what follows */
	run__progress_line(p, now, columns(), &sb);
	fputs(sb.buf, stderr);
	fflush(stderr);
	sbuf_release(&sb);
}
