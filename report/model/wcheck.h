/* SPDX-License-Identifier: MIT */
/*
 * wcheck: the wording check (`--check-wording`): every text a document's writers
 * put in front of a reader (a drawn string of the PDF, SVG or PNG, the HTML's text
 * and alt texts, a workbook's cells, sheet names and chart titles) is looked at for
 * what a reviewer would have to edit out: a plan's own name for a step, scope,
 * group or trace (a slug: "rnd4k-q32t1-read", "steady-state"), a fio term
 * ("randread", "iodepth") and, in a Chinese document, an English word of the
 * report's own strings ("random", "complete") and half-width punctuation where
 * Chinese text takes full-width ("時間 (秒)", "離散度: 4K", "延遲 (µs)"). What the document shows as data
 * (the drive's model, the host, a file's name, a label the user gave) is left out
 * of the check. Without cairo (in report/model/).
 */
#ifndef SB_WCHECK_H
#define SB_WCHECK_H

#include <stddef.h>
#include <stdio.h>

/* What a finding is, one row each: its enum and how the report names it. */
#define WCHECK_KINDS(X)                                                    \
	X(WCHECK_SLUG, "a plan's own name (of a step, scope, group or trace)") \
	X(WCHECK_FIO, "a fio term")                                          \
	X(WCHECK_ENGLISH, "an English word of the report's strings")               \
	X(WCHECK_PUNCT, "half-width punctuation in Chinese text")

#define WCHECK_KIND_ENUM(e, what) e,
enum wcheck_kind { WCHECK_KINDS(WCHECK_KIND_ENUM) WCHECK_NKINDS };
#undef WCHECK_KIND_ENUM

struct wcheck;

/*
 * A check for a document in lang. en and own are the report's strings (msg_load())
 * in English and in lang, n each: an English word is one of en's that own does not
 * use (in a Chinese language only; own may be NULL for English).
 */
struct wcheck *wcheck_new(const char *lang, const char *const *en, const char *const *own,
			  size_t n);
void wcheck_free(struct wcheck *w);

/*
 * A plan's own name: a step, scope, group or trace name (copied; NULL or "" ignored).
 * In English only the names no English text could hold (with a digit, '-' or '_').
 */
void wcheck_forbid(struct wcheck *w, const char *slug);
/* Data the document shows as it is (a model, a host, a file's name): not checked. */
void wcheck_allow(struct wcheck *w, const char *data);

struct result_run;
/*
 * A run's part of the check: its plan's, steps', scopes' and traces' names forbidden,
 * what it says of the drive, the bench, the software and its files allowed.
 */
void wcheck_run(struct wcheck *w, const struct result_run *r);

/* Checks text, shown to a reader in where (a file, "FILE, sheet NAME"). NULL: nothing. */
void wcheck_text(struct wcheck *w, const char *where, const char *text);

/* The findings so far (each word once per place and text). */
size_t wcheck_count(const struct wcheck *w);
/* Prints the first max findings to f, one a line, and how many more there are. */
void wcheck_print(const struct wcheck *w, FILE *f, size_t max);

#endif
