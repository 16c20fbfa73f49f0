/* SPDX-License-Identifier: MIT */
/*
 * wording: reviewer wording of access patterns and sweep values: which words each
 * fio pattern, step kind and sweep key takes, one table each; the words are the
 * language's strings (WORDING_MSGS in msg.h, templates/i18n/<tag>.xml).
 */
#include "wording.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* fio's rw= values and their words; "{}" stands for the mix, "70/30" (reads/writes). */
static const struct {
	const char *rw;
	enum msg words;
} patterns[] = {
	{ "read", W_READ },
	{ "write", W_WRITE },
	{ "randread", W_RANDREAD },
	{ "randwrite", W_RANDWRITE },
	{ "rw", W_SEQMIX },
	{ "readwrite", W_SEQMIX },
	{ "randrw", W_RANDMIX },
	{ "trim", W_TRIM },
	{ "randtrim", W_RANDTRIM },
	{ "trimwrite", W_TRIMWRITE },
};

/* What a step's wording says after its kind's words: nothing, its access pattern,
 * or its trace's name ("{}" in the words). */
enum then { THEN_NOTHING, THEN_ACCESS, THEN_TRACE };

/*
 * The step kinds: their name (wording_kind()), and the words a step of the kind
 * says (M_N: none), then what follows them.
 */
static const struct {
	const char *kind;
	enum msg name;
	enum then then;
	enum msg words;
} kinds[] = {
	{ "workload", W_K_WORKLOAD, THEN_ACCESS, M_N },
	{ "precondition", W_K_PRECONDITION, THEN_ACCESS, W_FILL },
	{ "purge", W_K_PURGE, THEN_NOTHING, W_K_PURGE },
	{ "idle", W_K_IDLE, THEN_NOTHING, W_K_IDLE },
	{ "probe", W_K_PROBE, THEN_NOTHING, W_PROBE },
	{ "replay", W_K_REPLAY, THEN_TRACE, W_REPLAY },
};

/*
 * Sweep keys: "{}" in their words stands for the value. A row with a value
 * (phase=before) is that value's wording; in_pattern keys are what the pattern
 * already shows.
 */
static const struct {
	const char *key, *value;
	int in_pattern;
	enum msg words, noun;   /* noun: the key itself ("by over-provisioning") */
} cells[] = {
	{ "op", NULL, 0, W_OP, W_K_OP },
	{ "trace", NULL, 1, W_TRACE, W_K_TRACE },
	{ "wait", NULL, 0, W_WAIT, W_K_WAIT },
	{ "phase", "before", 0, W_BEFORE, W_K_PHASE },
	{ "phase", "after", 0, W_AFTER, W_K_PHASE },
	{ "phase", "steady", 0, W_STEADY, W_K_PHASE },
	{ "phase", NULL, 0, W_PHASE, W_K_PHASE },
	{ "qd", NULL, 1, W_QD, W_K_QD },
	{ "iodepth", NULL, 1, W_QD, W_K_QD },
	{ "tc", NULL, 1, W_THREADS, W_K_THREADS },
	{ "jobs", NULL, 1, W_THREADS, W_K_THREADS },
	{ "numjobs", NULL, 1, W_THREADS, W_K_THREADS },
	{ "bs", NULL, 1, W_BS, W_K_BS },
	{ "mix", NULL, 1, W_MIXREAD, W_K_MIX },
	{ "rwmixread", NULL, 1, W_MIXREAD, W_K_MIX },
	{ "rw", NULL, 1, W_RW, W_K_RW },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

const char *wording_sep(const struct wording *w)
{
	return w->s[W_SEP];
}

void wording_bs(uint64_t bs, char *buf, size_t n)
{
	if (bs && bs % (1u << 20) == 0)
		snprintf(buf, n, "%lluM", (unsigned long long)(bs >> 20));
	else if (bs && bs % 1024 == 0)
		snprintf(buf, n, "%lluK", (unsigned long long)(bs >> 10));
	else
		snprintf(buf, n, "%lluB", (unsigned long long)bs);
}

void wording_rw(const char *rw, int rwmixread, const struct wording *w, struct sbuf *sb)
{
	char mix[32];
	size_t i = 0;

	while (i < N(patterns) && (!rw || strcmp(patterns[i].rw, rw)))
		i++;
	snprintf(mix, sizeof(mix), "%d/%d", rwmixread >= 0 ? rwmixread : 50,
		 100 - (rwmixread >= 0 ? rwmixread : 50));
	if (i < N(patterns))
		msg_add(sb, w->s[patterns[i].words], (const char *const[]){ mix }, 1);
	else
		sbuf_adds(sb, rw ? rw : "?");
}

void wording_qd(int qd, const struct wording *w, struct sbuf *sb)
{
	char n[32];

	snprintf(n, sizeof(n), "%d", qd);
	msg_add(sb, w->s[W_QD], (const char *const[]){ n }, 1);
}

void wording_threads(int jobs, const struct wording *w, struct sbuf *sb)
{
	char n[32];

	snprintf(n, sizeof(n), "%d", jobs);
	msg_add(sb, w->s[W_THREADS], (const char *const[]){ n }, 1);
}

/* "4K random write QD32 T1" of st in w's words. */
static void add_access(const struct result_step *st, const struct wording *w,
		       struct sbuf *sb)
{
	char bs[32];

	if (st->bs) {
		wording_bs(st->bs, bs, sizeof(bs));
		sbuf_addf(sb, "%s ", bs);
	}
	wording_rw(st->rw, st->rwmixread, w, sb);
	if (st->iodepth > 0) {
		sbuf_addc(sb, ' ');
		wording_qd(st->iodepth, w, sb);
	}
	if (st->numjobs > 0) {
		sbuf_addc(sb, ' ');
		wording_threads(st->numjobs, w, sb);
	}
}

char *wording_trace(const char *path)
{
	const char *base = path ? strrchr(path, '/') : NULL;

	base = base ? base + 1 : path ? path : "";
	return xstrndup(base, strcspn(base, "."));
}

const char *wording_kind(const char *kind, const struct wording *w)
{
	for (size_t i = 0; kind && i < N(kinds); i++)
		if (!strcmp(kinds[i].kind, kind))
			return w->s[kinds[i].name];
	return kind ? kind : "";
}

void wording_pattern(const struct result_step *st, const struct wording *w, struct sbuf *sb)
{
	size_t k = 0;

	while (k < N(kinds) && (!st->kind || strcmp(kinds[k].kind, st->kind)))
		k++;
	if (k < N(kinds) && kinds[k].then == THEN_TRACE && !st->trace)
		k = N(kinds);   /* a hand-made model's replay: as a kind the table lacks */
	if (k == N(kinds) && st->kind && !st->rw) {   /* a kind the table lacks: its name */
		sbuf_adds(sb, st->name ? st->name : st->kind);
		return;
	}
	if (k == N(kinds)) {   /* no kind (a hand-made model), or one with a pattern */
		add_access(st, w, sb);
		return;
	}
	if (kinds[k].then == THEN_TRACE) {
		char *name = wording_trace(st->trace);

		msg_add(sb, w->s[kinds[k].words], (const char *const[]){ name }, 1);
		free(name);
		return;
	}
	if (kinds[k].words != M_N)
		sbuf_adds(sb, w->s[kinds[k].words]);
	if (kinds[k].then == THEN_ACCESS)
		add_access(st, w, sb);
}

/* Appends the wording of one key=value[0..vlen) of a cell; 0 when left out. */
static int add_coord(const char *key, size_t klen, const char *value, size_t vlen,
		     const struct wording *w, int skip_pattern, struct sbuf *sb)
{
	char *v = xstrndup(value, vlen);
	size_t i = 0;

	for (; i < N(cells); i++)
		if (strlen(cells[i].key) == klen && !memcmp(cells[i].key, key, klen) &&
		    (!cells[i].value || !strcmp(cells[i].value, v)))
			break;
	if (i < N(cells) && cells[i].in_pattern && skip_pattern) {
		free(v);
		return 0;
	}
	if (i < N(cells))
		msg_add(sb, w->s[cells[i].words], (const char *const[]){ v }, 1);
	else
		sbuf_addf(sb, "%.*s %s", (int)klen, key, v);
	free(v);
	return 1;
}

const char *wording_key(const char *key, const struct wording *w)
{
	for (size_t i = 0; key && i < N(cells); i++)
		if (!strcmp(cells[i].key, key))
			return w->s[cells[i].noun];
	return key;
}

void wording_cell(const char *cell, const struct wording *w, int skip_pattern,
		  struct sbuf *sb)
{
	const char *s = cell;
	int any = 0;

	while (s && *s) {
		size_t len = strcspn(s, " ");
		const char *eq = memchr(s, '=', len);
		size_t at = sb->len;

		if (any)
			sbuf_adds(sb, wording_sep(w));
		if (!eq)
			sbuf_add(sb, s, len);
		if (!eq || add_coord(s, (size_t)(eq - s), eq + 1, len - (size_t)(eq - s) - 1, w,
				     skip_pattern, sb))
			any = 1;
		else
			sb->buf[sb->len = at] = '\0';
		s += len;
		while (*s == ' ')
			s++;
	}
}

char *wording_generated(const struct result_step *st, const char *cell,
			const struct wording *w)
{
	struct sbuf sb;
	size_t at;

	sbuf_init(&sb);
	wording_pattern(st, w, &sb);
	at = sb.len;
	sbuf_adds(&sb, wording_sep(w));
	wording_cell(cell, w, 1, &sb);
	if (sb.len == at + strlen(wording_sep(w)))
		sb.buf[sb.len = at] = '\0';
	return sbuf_detach(&sb);
}

char *wording_step(const struct result_step *st, const struct wording *w)
{
	const char *label = result_labels_get(&st->labels, w->lang);

	return label ? xstrdup(label) : wording_generated(st, st->cell, w);
}

char *wording_scope(const struct result_scope *s, const struct wording *w)
{
	const char *label = result_labels_get(&s->labels, w->lang);

	return xstrdup(label ? label : s->name ? s->name : "?");
}

/* The statuses of runs, elements and scopes, and their words. */
static const struct {
	const char *status;
	enum msg words;
} statuses[] = {
	{ "ok", W_ST_OK },
	{ "complete", W_ST_COMPLETE },
	{ "failed", W_ST_FAILED },
	{ "running", W_ST_RUNNING },
	{ "skipped", W_ST_SKIPPED },
	{ "pending", W_ST_PENDING },
	{ "interrupted", W_ST_INTERRUPTED },
	{ "steady", W_ST_STEADY },
	{ "not reached", W_ST_NOT_REACHED },
	{ "written", W_ST_WRITTEN },
	{ "time", W_ST_TIME },
	{ "max", W_ST_MAX },
};

const char *wording_status(const char *status, const struct wording *w)
{
	if (!status)
		return "–";
	for (size_t i = 0; i < sizeof(statuses) / sizeof(*statuses); i++)
		if (!strcmp(statuses[i].status, status))
			return w->s[statuses[i].words];
	return status;
}

void wording_data(const char *data, const struct wording *w, struct sbuf *sb)
{
	if (!data)
		sbuf_adds(sb, "–");
	else if (!strcmp(data, "random"))
		sbuf_adds(sb, w->s[W_DATA_RANDOM]);
	else if (!strcmp(data, "zero"))
		sbuf_adds(sb, w->s[W_DATA_ZERO]);
	else if (!strncmp(data, "compressible:", 13)) {
		char *pct = xstrndup(data + 13, strcspn(data + 13, "%"));

		msg_add(sb, w->s[W_DATA_COMPRESSIBLE], (const char *const[]){ pct }, 1);
		free(pct);
	} else {
		sbuf_adds(sb, data);
	}
}

/*
 * The English of the archive's target descriptions (orchestrator/engine/run_archive.c,
 * run_raid.c) and the words each stands for: a kind at the start ("{}" its rest), or
 * a fragment anywhere. " on host H" at the end is W_ON_HOST's.
 */
static const struct {
	const char *english;
	int kind;
	enum msg words;
} target_words[] = {
	{ "file ", 1, W_TARGET_FILE },
	{ "device ", 1, W_TARGET_DEVICE },
	{ "imported: ", 1, W_TARGET_IMPORTED },   /* orchestrator/archive/import.c */
	{ " fio reports", 0, W_T_FIO_REPORTS },
	{ " fio report", 0, W_T_FIO_REPORT },
	{ ", serial ", 0, W_T_SERIAL },
	{ ", firmware ", 0, W_T_FIRMWARE },
	{ " over ", 0, W_T_OVER },
	{ " members, sizes not probed", 0, W_T_NOPROBE },
	{ " together", 0, W_T_TOGETHER },
	{ ", chunk ", 0, W_T_CHUNK },
	{ " (", 0, W_OPEN },
	{ ")", 0, W_CLOSE },
};
#define NTARGET_WORDS (sizeof(target_words) / sizeof(*target_words))

/* s[0, n) with target_words' fragments in w's words */
static void add_fragments(struct sbuf *sb, const char *s, size_t n, const struct wording *w)
{
	for (size_t i = 0; i < n;) {
		size_t k = 0, len = 0;

		for (; k < NTARGET_WORDS; k++) {
			len = strlen(target_words[k].english);
			if (!target_words[k].kind && len <= n - i &&
			    !strncmp(s + i, target_words[k].english, len))
				break;
		}
		if (k < NTARGET_WORDS) {
			sbuf_adds(sb, w->s[target_words[k].words]);
			i += len;
		} else {
			sbuf_addc(sb, s[i++]);
		}
	}
}

void wording_target(const char *target, const struct wording *w, struct sbuf *sb)
{
	const char *host, *body;
	size_t n, kind = NTARGET_WORDS;
	struct sbuf frag, all;

	if (!target) {
		sbuf_adds(sb, "–");
		return;
	}
	host = strstr(target, " on host ");
	n = host ? (size_t)(host - target) : strlen(target);
	body = target;
	for (size_t k = 0; k < NTARGET_WORDS; k++) {
		size_t len = strlen(target_words[k].english);

		if (target_words[k].kind && len <= n && !strncmp(target, target_words[k].english, len)) {
			kind = k;
			body += len;
			n -= len;
			break;
		}
	}
	sbuf_init(&frag);
	sbuf_init(&all);
	add_fragments(&frag, body, n, w);
	if (kind < NTARGET_WORDS)
		msg_add(&all, w->s[target_words[kind].words],
			(const char *const[]){ frag.buf ? frag.buf : "" }, 1);
	else
		sbuf_adds(&all, frag.buf ? frag.buf : "");
	if (host) {
		const char *v[2] = { all.buf ? all.buf : "", host + strlen(" on host ") };

		msg_add(sb, w->s[W_ON_HOST], v, 2);
	} else {
		sbuf_adds(sb, all.buf ? all.buf : "");
	}
	sbuf_release(&frag);
	sbuf_release(&all);
}

const char *wording_title(const struct result_run *run, const struct wording *w)
{
	const char *t = result_run_title(run, w->lang);

	/* an import the user gave no title: import.c names it "import" */
	if (run->plan_name && !strcmp(run->plan_name, "import") && t && !strcmp(t, "import"))
		return w->s[W_IMPORTED_TITLE];
	return t;
}
