/* SPDX-License-Identifier: MIT */
/*
 * report_header: the SNIA report header on the cover page: DUT identity, its
 * interface and the test platform, purge, write cache, active range, data pattern,
 * WIPC parameters, tracking variables and each steady <rounds>'s determination (window, least-squares line,
 * excursions against the limits, verdict). Every value comes from the model; a row
 * that does not apply to the run (no WIPC, no steady scope) is left out.
 */
#include "report_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rounds.h"
#include "units.h"
#include "wording.h"
#include "xalloc.h"

#define HDR_ROW_H 15.0    /* one header row */
#define HDR_LABEL_W 150.0 /* the labels' column */
#define HDR_MAX_ROWS 48
#define HDR_MAX_RANGES 3  /* distinct active ranges listed, then "..." */

struct hdr_row {
	const char *label; /* borrowed */
	char *value;
};

struct hdr {
	struct hdr_row rows[HDR_MAX_ROWS];
	size_t n;
	char *labels[HDR_MAX_ROWS]; /* labels made here, freed with the rows */
	size_t nlabels;
};

static void add(struct hdr *h, const char *label, char *value)
{
	if (h->n == HDR_MAX_ROWS) {
		free(value);
		return;
	}
	h->rows[h->n].label = label;
	h->rows[h->n++].value = value;
}

static const char *own_label(struct hdr *h, char *label)
{
	if (h->nlabels == HDR_MAX_ROWS) {
		free(label);
		return "";
	}
	h->labels[h->nlabels++] = label;
	return label;
}

static void hdr_free(struct hdr *h)
{
	for (size_t i = 0; i < h->n; i++)
		free(h->rows[i].value);
	for (size_t i = 0; i < h->nlabels; i++)
		free(h->labels[i]);
}

static int is_kind(const struct result_step *st, const char *kind)
{
	return st->kind && !strcmp(st->kind, kind);
}

static int is_file(const struct report *r)
{
	return r->run->target_kind && !strcmp(r->run->target_kind, "file");
}

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
static long days_from_civil(long y, long m, long d)
{
	long era, yoe, doy;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* Unix seconds of "2026-11-30T02:14:48Z", or -1. */
static long long iso_s(const char *iso)
{
	int y, mo, d, h, mi, se;

	if (!iso || sscanf(iso, "%4d-%2d-%2dT%2d:%2d:%2dZ", &y, &mo, &d, &h, &mi, &se) != 6)
		return -1;
	return (long long)days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
}

/* A purge element's method, and how long it took when it ran ("nvme-format, 12 s"). */
char *report__purge_text(const struct report *r, const struct result_step *st)
{
	const char *m = st ? st->rw : NULL;
	long long a = st ? iso_s(st->started) : -1, b = st ? iso_s(st->ended) : -1;
	char took[24];
	const char *v[2] = { m, took };

	if (is_file(r))
		return xstrdup(r->msg[M_HDR_PURGE_FILE]);
	if (!m || !*m || !strcmp(m, "none"))
		return xstrdup(r->msg[M_HDR_NONE]);
	if (a < 0 || b < a || !st->status || strcmp(st->status, "ok"))
		return xstrdup(m);
	snprintf(took, sizeof(took), "%lld", b - a);
	return msg_subst(r->msg[M_HDR_PURGE_TOOK], v, 2);
}

void report__capacity_text(const struct report *r, char *buf, size_t n)
{
	const struct result_run *run = r->run;
	const char *open = r->msg[W_OPEN], *close = r->msg[W_CLOSE];
	char size[32];

	if (!run->capacity) {   /* an import that does not say it */
		snprintf(buf, n, "%s", r->msg[M_WC_UNKNOWN]);
		return;
	}
	units_format_size(run->capacity, size, sizeof(size));
	snprintf(buf, n, "%s%s%llu B%s", size, open, (unsigned long long)run->capacity, close);
}

/* "model M / serial S / firmware F / capacity 256 MiB (268435456 B)" */
static void add_dut(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	char cap[64];
	const char *v[4];

	report__capacity_text(r, cap, sizeof(cap));
	if (is_file(r)) {   /* a file has no model, serial or firmware: say so */
		v[0] = cap;
		add(h, r->msg[M_HDR_DUT], msg_subst(r->msg[M_HDR_DUT_FILE], v, 1));
		return;
	}
	v[0] = msg_or(run->drive_model, "–");
	v[1] = msg_or(run->drive_serial, "–");
	v[2] = msg_or(run->drive_firmware, "–");
	v[3] = cap;
	add(h, r->msg[M_HDR_DUT], msg_subst(r->msg[M_HDR_DUT_VAL], v, 4));
}

static int known(const char *v)
{
	return v && v[0] && strcmp(v, "unknown");
}

/*
 * Adds "label value / label value ..." as row label: the known pairs, and the others
 * as "label unknown" when unknown is not NULL; none known: no row. Then tail, when
 * not NULL, after " / ".
 */
static void add_pairs(struct hdr *h, const char *label, const char *const kv[][2], size_t n,
		      const char *unknown, const char *tail)
{
	struct sbuf sb;
	int any = 0;

	sbuf_init(&sb);
	for (size_t i = 0; i < n; i++)
		any |= known(kv[i][1]);
	for (size_t i = 0; any && i < n; i++)
		if (known(kv[i][1]) || unknown)
			sbuf_addf(&sb, "%s%s %s", sb.len ? " / " : "", kv[i][0],
				  known(kv[i][1]) ? kv[i][1] : unknown);
	if (sb.len && tail)
		sbuf_addf(&sb, " / %s", tail);
	if (sb.len)
		add(h, label, sbuf_detach(&sb));
	sbuf_release(&sb);
}

/*
 * the drive's link, the test platform (CPU, RAM, OS, kernel: in full,
 * the cover's columns cut long values), board and BIOS (the plan's SHA-256 is at
 * the cover's top right); a fact not known is left out (a file has no link, a bench's
 * OS is not asked), a row with none of its facts too; but board and BIOS, which a
 * reviewer prints, are said unknown: on their row beside a known one, at the end of
 * the platform row when neither is (no row spent on them).
 */
static void add_platform(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	char ram[32] = "";
	const char *const plat[][2] = {
		{ r->msg[M_CPU], run->cpu }, { r->msg[M_HDR_RAM], ram },
		{ r->msg[M_HDR_OS], run->os }, { r->msg[M_KERNEL], run->kernel },
	};
	const char *const board[][2] = {
		{ r->msg[M_HDR_BOARD], run->board }, { r->msg[M_HDR_BIOS], run->bios },
	};

	if (run->interface && run->interface[0])
		add(h, r->msg[M_HDR_IFACE], xstrdup(run->interface));
	if (run->ram_bytes)
		units_format_size(run->ram_bytes, ram, sizeof(ram));
	add_pairs(h, r->msg[M_PLATFORM], plat, 4, NULL,
		  known(run->board) || known(run->bios) ? NULL : r->msg[M_HDR_BOARD_UNKNOWN]);
	add_pairs(h, r->msg[M_HDR_BOARD], board, 2, r->msg[M_WC_UNKNOWN], NULL);
}

/* Each purge step's method once (a file target has none to run). */
static void add_purge(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < run->nsteps; i++) {
		char *t;

		if (!is_kind(&run->steps[i], "purge"))
			continue;
		t = report__purge_text(r, &run->steps[i]);
		if (!strstr(sb.buf, t))
			sbuf_addf(&sb, "%s%s", sb.len ? ", " : "", t);
		free(t);
	}
	if (!sb.len && run->source.kind) {   /* an import: the tool's file does not say */
		sbuf_adds(&sb, r->msg[M_WC_UNKNOWN]);
	} else if (!sb.len) {
		char *t = report__purge_text(r, NULL);

		sbuf_adds(&sb, t);
		free(t);
	}
	add(h, r->msg[M_HDR_PURGE], sbuf_detach(&sb));
}

/* The write cache's states and the data patterns, each once. */
static void add_states(const struct report *r, struct hdr *h)
{
	static const char *const states[] = { "on", "off", "unknown", "not applicable" };
	static const enum msg names[] = { M_WC_ON, M_WC_OFF, M_WC_UNKNOWN, M_WC_NA };
	const struct result_run *run = r->run;
	const struct wording w = report__wording(r);
	struct sbuf wc, data;

	sbuf_init(&wc);
	sbuf_init(&data);
	/* SNIA's words after on and off: write cache enabled, disabled */
	static const char *const snia[] = { "WCE", "WCD", NULL, NULL };
	for (unsigned k = 0; k < 4; k++)
		for (size_t i = 0; i < run->nsteps; i++)
			if (run->steps[i].write_cache &&
			    !strcmp(run->steps[i].write_cache, states[k])) {
				sbuf_addf(&wc, "%s%s%s%s%s", wc.len ? wording_sep(&w) : "",
					  r->msg[names[k]], snia[k] ? r->msg[W_OPEN] : "",
					  msg_or(snia[k], ""), snia[k] ? r->msg[W_CLOSE] : "");
				break;
			}
	for (size_t i = 0; i < run->nsteps; i++) {
		const char *d = run->steps[i].data;
		int seen = 0;

		for (size_t k = 0; d && k < i && !seen; k++)
			seen = run->steps[k].data && !strcmp(run->steps[k].data, d);
		if (!d || seen)
			continue;
		if (data.len)
			sbuf_adds(&data, wording_sep(&w));
		wording_data(d, &w, &data);
	}
	if (wc.len)   /* rows that do not apply (no fio, no cache state) are left out */
		add(h, r->msg[M_HDR_WCACHE], sbuf_detach(&wc));
	if (data.len)
		add(h, r->msg[M_HDR_DATA], sbuf_detach(&data));
	sbuf_release(&wc);
	sbuf_release(&data);
}

/* The measurement steps' active ranges: "100 % of capacity (256 MiB from offset 0 B)". */
static void add_range(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	uint64_t seen[HDR_MAX_RANGES][2];
	size_t ns = 0, more = 0;
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		char pct[32], size[32], off[32];
		const char *v[3] = { pct, size, off };
		size_t k = 0;
		char *t;

		if (!is_kind(st, "workload") || !st->range_size)
			continue;
		while (k < ns && (seen[k][0] != st->range_offset || seen[k][1] != st->range_size))
			k++;
		if (k < ns)
			continue;
		if (ns == HDR_MAX_RANGES) {
			more = 1;
			continue;
		}
		seen[ns][0] = st->range_offset;
		seen[ns++][1] = st->range_size;
		chart_format_fixed(st->capacity ? 100.0 * (double)st->range_size /
				   (double)st->capacity : 0, 1, pct, sizeof(pct));
		units_format_size(st->range_size, size, sizeof(size));
		units_format_size(st->range_offset, off, sizeof(off));
		/* without the capacity (an import), the range alone */
		t = st->capacity ? msg_subst(r->msg[M_HDR_RANGE_VAL], v, 3)
				 : msg_subst(r->msg[M_HDR_RANGE_NOCAP], v + 1, 2);
		sbuf_addf(&sb, "%s%s", sb.len ? r->msg[W_SEP] : "", t);
		free(t);
	}
	if (more)
		sbuf_adds(&sb, ", ...");
	if (sb.len)
		add(h, r->msg[M_HDR_RANGE], sbuf_detach(&sb));
	sbuf_release(&sb);
}

/*
 * The measurement's thread count and queue depth: each distinct pair of the <rounds>
 * elements fio measured ("TC 4 / QD 32"); past HDR_MAX_TCQD pairs, the ranges swept.
 * A run without rounds has no row: its step table gives each step's.
 */
#define HDR_MAX_TCQD 4
static void add_tcqd(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	int seen[HDR_MAX_TCQD][2], lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
	size_t n = 0, pairs = 0;
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		const int v[2] = { st->numjobs, st->iodepth };
		size_t k = 0, j;

		if (st->iodepth <= 0 || st->numjobs <= 0 || !st->scope)
			continue;
		for (j = 0; j < i; j++) {   /* a pair an earlier element had */
			const struct result_step *o = &run->steps[j];

			if (o->numjobs == v[0] && o->iodepth == v[1] && o->scope)
				break;
		}
		if (j < i)
			continue;
		for (k = 0; k < 2; k++) {
			lo[k] = pairs && lo[k] < v[k] ? lo[k] : v[k];
			hi[k] = pairs && hi[k] > v[k] ? hi[k] : v[k];
		}
		if (n < HDR_MAX_TCQD) {
			seen[n][0] = v[0];
			seen[n++][1] = v[1];
		}
		pairs++;
	}
	if (!pairs) {
		sbuf_release(&sb);
		return;
	}
	if (pairs <= HDR_MAX_TCQD)
		for (size_t k = 0; k < n; k++)
			sbuf_addf(&sb, "%sTC %d / QD %d", k ? ", " : "", seen[k][0], seen[k][1]);
	else
		sbuf_addf(&sb, "TC %d–%d, QD %d–%d%s%zu%s", lo[0], hi[0], lo[1], hi[1],
			  r->msg[W_OPEN], pairs, r->msg[W_CLOSE]);
	add(h, r->msg[M_HDR_TCQD], sbuf_detach(&sb));
	sbuf_release(&sb);
}

/*
 * Each precondition outside rounds: "循序寫入 / 128 KiB / QD32 / TC4 / 512 MiB (2.00x)";
 * its label says which one ("WIPC 預處理 (2)") when there are several.
 */
static void add_wipc(const struct report *r, struct hdr *h)
{
	const struct result_run *run = r->run;
	const struct wording w = report__wording(r);
	size_t n = 0, k = 0;

	for (size_t i = 0; i < run->nsteps; i++)
		n += is_kind(&run->steps[i], "precondition") && !run->steps[i].scope;
	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];
		char bs[32], qd[16], tc[16], amt[32], mult[32];
		struct sbuf rw;
		const char *v[6] = { NULL, bs, qd, tc, amt, mult };

		if (!is_kind(st, "precondition") || st->scope)
			continue;
		sbuf_init(&rw);
		wording_rw(st->rw, st->rwmixread, &w, &rw);
		v[0] = rw.buf;
		units_format_size(st->bs, bs, sizeof(bs));
		snprintf(qd, sizeof(qd), "%d", st->iodepth);
		snprintf(tc, sizeof(tc), "%d", st->numjobs);
		units_format_size(st->amount, amt, sizeof(amt));
		chart_format_fixed(st->capacity ? (double)st->amount / (double)st->capacity : 0,
				   2, mult, sizeof(mult));
		k++;
		add(h, n > 1 ? own_label(h, xasprintf("%s%s%zu%s", r->msg[M_HDR_WIPC],
							       r->msg[W_OPEN], k, r->msg[W_CLOSE]))
			     : r->msg[M_HDR_WIPC],
		    msg_subst(r->msg[M_HDR_WIPC_VAL], v, 6));
		sbuf_release(&rw);
	}
}


/* A number for the header: 6 significant digits, no exponent below 1e15. */
static void num(double v, char *buf, size_t n)
{
	if (fabs(v) >= 1e6 && fabs(v) < 1e15)
		chart_format_fixed(v, 0, buf, n);
	else
		snprintf(buf, n, "%.6g", v);
}

/* One steady <rounds>: its tracking variables, then each one's window and verdict. */
static void add_steady(const struct report *r, struct hdr *h, const struct result_scope *s)
{
	const struct wording wd = report__wording(r);
	struct sbuf tr;
	char *label, *sname;

	sbuf_init(&tr);
	for (size_t k = 0; k < s->ntracks; k++) {
		char *t = report__track_label(r, &s->tracks[k]);

		sbuf_addf(&tr, "%s%s", tr.len ? wording_sep(&wd) : "", t);
		free(t);
	}
	sname = report__scope_name(r, s);
	add(h, own_label(h, msg_paren(r->msg, r->msg[M_HDR_TRACK], sname)),
	    tr.len ? sbuf_detach(&tr) : xstrdup("–"));
	sbuf_release(&tr);
	label = msg_paren(r->msg, r->msg[M_HDR_STEADY], sname);
	free(sname);
	for (size_t k = 0; k < s->ntracks; k++) {
		struct rounds_window w;
		char first[16], last[16], a[40], b[40], rg[16], rl[16], sl[16], ll[16];
		const char *v[10] = { NULL, first, last, a, b, rg, rl, sl, ll, NULL };
		char *name = report__track_label(r, &s->tracks[k]);

		v[0] = name;
		if (rounds_window(s, &s->tracks[k], &w) || !(w.w.avg != 0)) {
			free(name);
			continue;
		}
		snprintf(first, sizeof(first), "%zu", w.first);
		snprintf(last, sizeof(last), "%zu", w.last);
		num(w.w.slope, a, sizeof(a));
		num(fabs(w.w.intercept), b + 2, sizeof(b) - 2);
		b[0] = w.w.intercept < 0 ? '-' : '+';
		b[1] = ' ';
		chart_format_fixed(100 * w.w.data_excursion / fabs(w.w.avg), 1, rg, sizeof(rg));
		chart_format_fixed(100 * s->range, 0, rl, sizeof(rl));
		chart_format_fixed(100 * w.w.slope_excursion / fabs(w.w.avg), 1, sl, sizeof(sl));
		chart_format_fixed(100 * s->slope, 0, ll, sizeof(ll));
		v[9] = r->msg[w.w.range_ok && w.w.slope_ok ? M_HDR_PASS : M_HDR_FAIL];
		add(h, k ? "" : own_label(h, xstrdup(label)),
		    msg_subst(r->msg[M_HDR_STEADY_VAL], v, 5));
		add(h, "", msg_subst(r->msg[M_HDR_STEADY_EXC], v + 5, 5));
		free(name);
	}
	{
		char nb[16];
		const char *v[1] = { nb };

		snprintf(nb, sizeof(nb), "%d", s->steady_round ? s->steady_round : s->rounds);
		add(h, s->ntracks ? "" : own_label(h, xstrdup(label)),
		    msg_subst(r->msg[s->steady_round ? M_STEADY_AT : M_NOT_REACHED], v, 1));
	}
	free(label);
}

/* An import's origin: the tool and version, its profile, test line, passes, date and
 * comment, as its file gives them (the file's own words are data, not wording). */
static void add_source(const struct report *r, struct hdr *h)
{
	const struct result_source *s = &r->run->source;
	const char *sep = r->msg[W_SEP];
	struct sbuf sb;

	if (!s->kind)
		return;
	sbuf_init(&sb);
	sbuf_addf(&sb, "%s%s%s", msg_or(s->tool, "?"), s->version ? " " : "", msg_or(s->version, ""));
	if (s->profile)
		sbuf_addf(&sb, "%s%s", sep, s->profile);
	if (s->test)
		sbuf_addf(&sb, "%s%s", sep, s->test);
	if (s->passes > 1) {
		char n[16];
		char *t;

		snprintf(n, sizeof(n), "%d", s->passes);
		t = msg_subst(r->msg[M_HDR_PASSES], (const char *const[]){ n }, 1);
		sbuf_addf(&sb, "%s%s", sep, t);
		free(t);
	}
	if (s->date)
		sbuf_addf(&sb, "%s%s", sep, s->date);
	if (s->comment)
		sbuf_addf(&sb, "%s%s", sep, s->comment);
	add(h, r->msg[M_HDR_SOURCE], sbuf_detach(&sb));
}

static void build(const struct report *r, struct hdr *h)
{
	memset(h, 0, sizeof(*h));
	if (r->run->sponsor && *r->run->sponsor)
		add(h, r->msg[M_HDR_SPONSOR], xstrdup(r->run->sponsor));
	add_source(r, h);
	add_dut(r, h);
	add_platform(r, h);
	add_purge(r, h);
	add_states(r, h);
	add_range(r, h);
	add_tcqd(r, h);
	add_wipc(r, h);
	for (size_t i = 0; i < r->run->nscopes; i++)
		if (r->run->scopes[i].until && !strcmp(r->run->scopes[i].until, "steady"))
			add_steady(r, h, &r->run->scopes[i]);
}

static double font_h(const struct report *r, enum chart_font f)
{
	double w, h;

	r->doc.m.text(r->doc.m.ctx, f, "Ag", &w, &h);
	return h;
}

size_t report__header_rows(const struct report *r, char ***kv)
{
	struct hdr h;
	size_t n;

	build(r, &h);
	n = h.n;
	*kv = xcalloc(2 * n + 1, sizeof(**kv));
	for (size_t i = 0; i < n; i++) {
		(*kv)[2 * i] = xstrdup(h.rows[i].label);
		(*kv)[2 * i + 1] = xstrdup(h.rows[i].value);
	}
	hdr_free(&h);
	return n;
}

void report__header_free(char **kv, size_t n)
{
	for (size_t i = 0; i < 2 * n; i++)
		free(kv[i]);
	free(kv);
}

double report__header_height(const struct report *r)
{
	struct hdr h;
	double y;

	build(r, &h);
	y = font_h(r, CHART_FONT_AXIS) + 6 + (double)h.n * HDR_ROW_H + 14;
	hdr_free(&h);
	return y;
}

void report__header_draw(const struct report *r, struct gfx *g, double x, double y,
			 double w)
{
	struct hdr h;

	build(r, &h);
	gfx_text(g, x, y, CHART_FONT_AXIS, CHART_COLOR_TEXT, GFX_LEFT, w, r->msg[M_HDR_TITLE]);
	y += font_h(r, CHART_FONT_AXIS) + 6;
	for (size_t i = 0; i < h.n; i++, y += HDR_ROW_H) {
		gfx_text(g, x, y, CHART_FONT_SMALL, CHART_COLOR_MUTED, GFX_LEFT,
			 HDR_LABEL_W - 8, h.rows[i].label);
		gfx_text(g, x + HDR_LABEL_W, y, CHART_FONT_SMALL, CHART_COLOR_TEXT, GFX_LEFT,
			 w - HDR_LABEL_W, h.rows[i].value);
	}
	hdr_free(&h);
}
