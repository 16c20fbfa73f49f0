/* SPDX-License-Identifier: MIT */
/*
 * wording: what a reader is shown for a step or a scope: the plan's
 * display label in the report's language, else reviewer wording generated from one
 * table of access patterns ("4K 隨機寫入 QD32 T1", "4K 随机写入 QD32 T1", "4K random
 * write QD32 T1") and one of sweep values ("OP 28 %", "填盤前"), whose words are the
 * language's strings (WORDING_MSGS, templates/i18n/<tag>.xml: a language is data).
 * Without cairo (in report/model/). Step names stay in file names and CSVs.
 */
#ifndef SB_WORDING_H
#define SB_WORDING_H

#include "msg.h"
#include "result.h"
#include "sbuf.h"

/*
 * A language's wording: its tag, for the plan's labels (result_labels_get()), and
 * its strings (msg_load(), in enum msg order), which hold the words. Borrowed.
 */
struct wording {
	const char *lang;
	const char *const *s;
};

/* A block size as reviewers write it: "4K", "128K", "1M", "512B". */
void wording_bs(uint64_t bs, char *buf, size_t n);

/*
 * Appends fio's rw value rw in w's words: "隨機寫入", "隨機 70/30 混合讀寫" (rwmixread
 * the mix's reads in %, -1: 50); rw itself when the table lacks it, "?" for NULL.
 */
void wording_rw(const char *rw, int rwmixread, const struct wording *w, struct sbuf *sb);
/* Appends a queue depth, "QD32", and a thread count, "T4", in w's words. */
void wording_qd(int qd, const struct wording *w, struct sbuf *sb);
void wording_threads(int jobs, const struct wording *w, struct sbuf *sb);

/*
 * Appends element st's access pattern in w's words to sb: "4K 隨機寫入 QD32 T1" for a
 * workload, "4K 隨機 70/30 混合讀寫 QD32 T1" for a mix, the fill, erase, idle or
 * snapshot wording for the other kinds.
 */
void wording_pattern(const struct result_step *st, const struct wording *w, struct sbuf *sb);

/*
 * Appends sweep coordinates ("op=28 phase=before") in w's words to sb, each as reviewers
 * write it ("OP 28 %", "填盤前"), separated as the language separates a list; keys
 * the pattern already shows (qd, bs, mix, rw, jobs, tc) are left out when skip_pattern.
 * Appends nothing for NULL or empty cell.
 */
void wording_cell(const char *cell, const struct wording *w, int skip_pattern,
		  struct sbuf *sb);

/* The separator of a list in w's language: ", " or "，". */
const char *wording_sep(const struct wording *w);

/*
 * The generated wording of element st with sweep coordinates cell (st->cell, or what
 * is left of it when a lineup makes columns of one key): the pattern and the values,
 * "4K 隨機寫入 QD32 T1，OP 28 %，填盤前". free() it.
 */
char *wording_generated(const struct result_step *st, const char *cell,
			const struct wording *w);

/*
 * The display name of element st in w's language: its label, else its pattern and sweep
 * values ("4K 隨機寫入 QD32 T1，OP 28 %，填盤前"). free() it.
 */
char *wording_step(const struct result_step *st, const struct wording *w);

/*
 * A status or verdict in w's words: a run's ("complete", "failed", "interrupted"), an
 * element's ("ok", "skipped", "pending") or a scope's ("steady", "not reached",
 * "written", "time", "max"); status itself when the table lacks it, "–" for NULL.
 */
const char *wording_status(const char *status, const struct wording *w);
/* Appends a data pattern ("random", "zero", "compressible:50%") in w's words. */
void wording_data(const char *data, const struct wording *w, struct sbuf *sb);
/*
 * Appends a run's target as the archive describes it ("file target.bin (64 MiB) on
 * host bench2", "device /dev/nvme0n1 (1 TB, MODEL, serial S, firmware F)", "RAID 0
 * ...") in w's words: "檔案 target.bin (64 MiB)（主機 bench2）". "–" for NULL.
 */
void wording_target(const char *target, const struct wording *w, struct sbuf *sb);
/* A sweep key ("op", "phase", "qd") as a noun in w's words ("over-provisioning"); key
 * itself when the table lacks it. */
const char *wording_key(const char *key, const struct wording *w);
/*
 * A run's title in w's language (result_run_title()); an import the user gave no
 * title ("import") is W_IMPORTED_TITLE, "Imported fio results".
 */
const char *wording_title(const struct result_run *run, const struct wording *w);

/* A step kind ("precondition") in w's words; kind itself when unknown. */
const char *wording_kind(const char *kind, const struct wording *w);
/*
 * A trace's name: its file's name without the folder and extension ("build" of
 * "../traces/build.blktrace"), as the user named it in every language (a recorded
 * workload's name, as PCMark 8's are). free() it.
 */
char *wording_trace(const char *path);

/* wording_cols.c */
/*
 * Appends a results.csv column's name in w's words ("read_clat_p99.9_us" is
 * "讀取完成延遲 p99.9（µs）"); a column it does not know as its name.
 */
void wording_column(const char *col, const struct wording *w, struct sbuf *sb);
/* Appends a tracking variable as results.csv names it ("iops:write") in w's words. */
void wording_track(const char *metric_dir, const struct wording *w, struct sbuf *sb);

/* The display name of scope s in w's language: its label, else its name. free() it. */
char *wording_scope(const struct result_scope *s, const struct wording *w);

#endif
