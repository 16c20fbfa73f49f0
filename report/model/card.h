/* SPDX-License-Identifier: MIT */
/*
 * card: the result card every review opens with, CrystalDiskMark's panel: a row per
 * test ("SEQ1M Q8T1": a read and a write element alike but for the direction),
 * read and write MB/s, then IOPS and mean completion latency. For one run
 * (card_table()) and, a row per drive, for a lineup (card_grid()).
 */
#ifndef SB_CARD_H
#define SB_CARD_H

#include <stddef.h>

#include "result.h"
#include "table.h"

/* One test of the card: its name and its read and write elements (either NULL). */
struct card_test {
	char name[48];
	const struct result_step *rd, *wr;
};

/* The card's words, in the report's language. */
struct card_words {
	const char *title, *sub, *test, *drive;
	const char *read, *write;           /* the directions' words */
	const char *mbps, *iops, *us;       /* "{} MB/s", "{} IOPS", "{} µs": {} a direction */
};

/*
 * The run's tests, in run order: its finished workloads outside <rounds> that read
 * or write only (read, randread, write, randwrite), paired by sequential or random,
 * block size, queue depth and threads. Fills out[0, max); returns how many, 0 when
 * no test has both a read and a write (a fill, a run of random writes: no card).
 */
size_t card_tests(const struct result_run *run, struct card_test *out, size_t max);
/* The run's card, or NULL when it has no test. */
struct table *card_table(const struct result_run *run, const struct card_words *w);
/*
 * A lineup's grid: a row per run (labels[i]; base's shaded), a column per test and
 * direction, MB/s; the tests in the order the runs first ran them. mbps, when not
 * NULL, gives row m's MB/s of element st in direction dir (a column of several
 * passes: their mean), NAN for the element's own. NULL when no test.
 */
struct table *card_grid(const struct result_run *const *runs, const char *const *labels,
			size_t n, size_t base, const struct card_words *w,
			double (*mbps)(const void *ctx, size_t m, const struct result_step *st,
				       int dir),
			const void *ctx);

#endif
