/* SPDX-License-Identifier: MIT */
/*
 * wording: reviewer wording of access patterns and sweep values, one
 * table each, a column per language in common/lang.h's order (en, zh-TW, zh-CN).
 */
#include "wording.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "xalloc.h"

/* The tables' columns are LANGS' rows in order: a new language is a column in each. */
_Static_assert(LANG_EN == 0 && LANG_ZH_TW == 1 && LANG_ZH_CN == 2 && LANG_N == 3,
	       "a wording column per language of common/lang.h, in its order");

/* fio's rw= values; "{}" stands for the mix, "70/30" (reads/writes). */
static const struct {
	const char *rw;
	const char *text[LANG_N];
} patterns[] = {
	{ "read", { "sequential read", "循序讀取", "顺序读取" } },
	{ "write", { "sequential write", "循序寫入", "顺序写入" } },
	{ "randread", { "random read", "隨機讀取", "随机读取" } },
	{ "randwrite", { "random write", "隨機寫入", "随机写入" } },
	{ "rw", { "sequential {} mix", "循序 {} 混合讀寫", "顺序 {} 混合读写" } },
	{ "readwrite", { "sequential {} mix", "循序 {} 混合讀寫", "顺序 {} 混合读写" } },
	{ "randrw", { "random {} mix", "隨機 {} 混合讀寫", "随机 {} 混合读写" } },
	{ "trim", { "sequential trim", "循序 TRIM", "顺序 TRIM" } },
	{ "randtrim", { "random trim", "隨機 TRIM", "随机 TRIM" } },
	{ "trimwrite", { "trim + write", "TRIM + 寫入", "TRIM + 写入" } },
};

/* The step kinds: words before the pattern (with_pattern) or instead of it. */
static const struct {
	const char *kind;
	int with_pattern;
	const char *text[LANG_N];
} kinds[] = {
	{ "workload", 1, { "", "", "" } },
	{ "precondition", 1, { "fill: ", "填盤：", "填盘：" } },
	{ "purge", 0, { "purge", "抹除", "擦除" } },
	{ "idle", 0, { "idle", "閒置", "闲置" } },
	{ "probe", 0, { "drive snapshot", "磁碟資訊快照", "磁盘信息快照" } },
};

/*
 * Sweep keys: "{}" stands for the value. A row with a value (phase=before) is that
 * value's wording; in_pattern keys are what the pattern already shows.
 */
static const struct {
	const char *key, *value;
	int in_pattern;
	const char *text[LANG_N];
} cells[] = {
	{ "op", NULL, 0, { "OP {} %", "OP {} %", "OP {} %" } },
	{ "phase", "before", 0, { "before fill", "填盤前", "填盘前" } },
	{ "phase", "after", 0, { "after fill", "填盤後", "填盘后" } },
	{ "phase", "steady", 0, { "steady state", "穩態", "稳态" } },
	{ "phase", NULL, 0, { "{}", "{}", "{}" } },
	{ "qd", NULL, 1, { "QD{}", "QD{}", "QD{}" } },
	{ "iodepth", NULL, 1, { "QD{}", "QD{}", "QD{}" } },
	{ "tc", NULL, 1, { "T{}", "T{}", "T{}" } },
	{ "jobs", NULL, 1, { "T{}", "T{}", "T{}" } },
	{ "numjobs", NULL, 1, { "T{}", "T{}", "T{}" } },
	{ "bs", NULL, 1, { "{}", "{}", "{}" } },
	{ "mix", NULL, 1, { "{}% read", "讀取 {}%", "读取 {}%" } },
	{ "rwmixread", NULL, 1, { "{}% read", "讀取 {}%", "读取 {}%" } },
	{ "rw", NULL, 1, { "{}", "{}", "{}" } },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

const char *wording_sep(const char *lang)
{
	return lang_base(lang) == LANG_EN ? ", " : "，";
}

/* Appends text with each "{}" replaced by value. */
static void add_subst(struct sbuf *sb, const char *text, const char *value)
{
	for (const char *p = text; *p; p++) {
		if (p[0] == '{' && p[1] == '}') {
			sbuf_adds(sb, value);
			p++;
		} else {
			sbuf_addc(sb, *p);
		}
	}
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

/* "4K random write QD32 T1" of st, in language column l. */
static void add_access(const struct result_step *st, enum lang l, struct sbuf *sb)
{
	char bs[32], mix[32];
	size_t i = 0;

	while (i < N(patterns) && (!st->rw || strcmp(patterns[i].rw, st->rw)))
		i++;
	if (st->bs) {
		wording_bs(st->bs, bs, sizeof(bs));
		sbuf_addf(sb, "%s ", bs);
	}
	snprintf(mix, sizeof(mix), "%d/%d", st->rwmixread >= 0 ? st->rwmixread : 50,
		 100 - (st->rwmixread >= 0 ? st->rwmixread : 50));
	if (i < N(patterns))
		add_subst(sb, patterns[i].text[l], mix);
	else
		sbuf_adds(sb, st->rw ? st->rw : "?");
	if (st->iodepth > 0)
		sbuf_addf(sb, " QD%d", st->iodepth);
	if (st->numjobs > 0)
		sbuf_addf(sb, " T%d", st->numjobs);
}

void wording_pattern(const struct result_step *st, const char *lang, struct sbuf *sb)
{
	enum lang l = lang_base(lang);
	size_t k = 0;

	while (k < N(kinds) && (!st->kind || strcmp(kinds[k].kind, st->kind)))
		k++;
	if (k == N(kinds) && st->kind && !st->rw) {   /* a kind the table lacks: its name */
		sbuf_adds(sb, st->name ? st->name : st->kind);
		return;
	}
	if (k == N(kinds)) {   /* no kind (a hand-made model), or one with a pattern */
		add_access(st, l, sb);
		return;
	}
	sbuf_adds(sb, kinds[k].text[l]);
	if (kinds[k].with_pattern)
		add_access(st, l, sb);
}

/* Appends the wording of one key=value[0..vlen) of a cell; 0 when left out. */
static int add_coord(const char *key, size_t klen, const char *value, size_t vlen,
		     enum lang l, int skip_pattern, struct sbuf *sb)
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
		add_subst(sb, cells[i].text[l], v);
	else
		sbuf_addf(sb, "%.*s %s", (int)klen, key, v);
	free(v);
	return 1;
}

void wording_cell(const char *cell, const char *lang, int skip_pattern, struct sbuf *sb)
{
	enum lang l = lang_base(lang);
	const char *s = cell;
	int any = 0;

	while (s && *s) {
		size_t len = strcspn(s, " ");
		const char *eq = memchr(s, '=', len);
		size_t at = sb->len;

		if (any)
			sbuf_adds(sb, wording_sep(lang));
		if (!eq)
			sbuf_add(sb, s, len);
		if (!eq || add_coord(s, (size_t)(eq - s), eq + 1, len - (size_t)(eq - s) - 1, l,
				     skip_pattern, sb))
			any = 1;
		else
			sb->buf[sb->len = at] = '\0';
		s += len;
		while (*s == ' ')
			s++;
	}
}

char *wording_generated(const struct result_step *st, const char *cell, const char *lang)
{
	struct sbuf sb;
	size_t at;

	sbuf_init(&sb);
	wording_pattern(st, lang, &sb);
	at = sb.len;
	sbuf_adds(&sb, wording_sep(lang));
	wording_cell(cell, lang, 1, &sb);
	if (sb.len == at + strlen(wording_sep(lang)))
		sb.buf[sb.len = at] = '\0';
	return sbuf_detach(&sb);
}

char *wording_step(const struct result_step *st, const char *lang)
{
	const char *label = result_labels_get(&st->labels, lang);

	return label ? xstrdup(label) : wording_generated(st, st->cell, lang);
}

char *wording_scope(const struct result_scope *s, const char *lang)
{
	const char *label = result_labels_get(&s->labels, lang);

	return xstrdup(label ? label : s->name ? s->name : "?");
}
