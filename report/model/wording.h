/* SPDX-License-Identifier: MIT */
/*
 * wording: what a reader is shown for a step or a scope: the plan's
 * display label in the report's language, else reviewer wording generated from one
 * table of access patterns per language ("4K 隨機寫入 QD32 T1", "4K 随机写入 QD32
 * T1", "4K random write QD32 T1") and one of sweep values ("OP 28 %", "填盤前").
 * Without cairo (in report/model/). Step names stay in file names and CSVs.
 */
#ifndef SB_WORDING_H
#define SB_WORDING_H

#include "result.h"
#include "sbuf.h"

/* A block size as reviewers write it: "4K", "128K", "1M", "512B". */
void wording_bs(uint64_t bs, char *buf, size_t n);

/*
 * Appends element st's access pattern in lang to sb: "4K 隨機寫入 QD32 T1" for a
 * workload, "4K 隨機 70/30 混合讀寫 QD32 T1" for a mix, the fill, erase, idle or
 * snapshot wording for the other kinds.
 */
void wording_pattern(const struct result_step *st, const char *lang, struct sbuf *sb);

/*
 * Appends sweep coordinates ("op=28 phase=before") in lang to sb, each as reviewers
 * write it ("OP 28 %", "填盤前"), separated as the language separates a list; keys
 * the pattern already shows (qd, bs, mix, rw, jobs, tc) are left out when skip_pattern.
 * Appends nothing for NULL or empty cell.
 */
void wording_cell(const char *cell, const char *lang, int skip_pattern, struct sbuf *sb);

/* The separator of a list in lang: ", " or "，". */
const char *wording_sep(const char *lang);

/*
 * The generated wording of element st with sweep coordinates cell (st->cell, or what
 * is left of it when a lineup makes columns of one key): the pattern and the values,
 * "4K 隨機寫入 QD32 T1，OP 28 %，填盤前". free() it.
 */
char *wording_generated(const struct result_step *st, const char *cell, const char *lang);

/*
 * The display name of element st in lang: its label, else its pattern and sweep
 * values ("4K 隨機寫入 QD32 T1，OP 28 %，填盤前"). free() it.
 */
char *wording_step(const struct result_step *st, const char *lang);

/* The display name of scope s in lang: its label, else its name. free() it. */
char *wording_scope(const struct result_scope *s, const char *lang);

#endif
