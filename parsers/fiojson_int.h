/* SPDX-License-Identifier: MIT */
/* fiojson_int: what fiojson.c and fiojson_doc.c share: documents, and jobs one at a time. */
#ifndef SB_FIOJSON_INT_H
#define SB_FIOJSON_INT_H

#include <stddef.h>

#include <jansson.h>

#include "diag.h"
#include "fiojson.h"
#include "sbuf.h"

/*
 * One JSON document cut out of fio's output and repaired. Repairs keep every byte
 * at its offset except "nan"/"inf" -> "null", which inserts one byte; ins[] holds
 * the offsets in text of those inserted bytes so errors map back to the original.
 * A document that needs no repair is not copied: t points into the original.
 */
struct doc {
	size_t start, end;  /* [start, end) in the original buffer */
	struct sbuf text;   /* the repaired copy, once a repair was needed */
	int copying;
	const char *t;      /* the text to decode: text.buf, or the original's bytes */
	size_t tlen;
	size_t *ins;
	size_t nins, inscap;
	size_t nfixed;
};

/*
 * A report's last document, decoded without its jobs so that they can be decoded
 * one at a time: 20,000 jobs are 230 MB of text, and GBs as one jansson tree. root
 * holds the document with an empty jobs array and [a, b) is the array's inside in
 * doc.t (split), or root holds the whole document (not split: a document that
 * the quick scan of fiojson_doc.c does not follow, decoded as it always was).
 */
struct last_doc {
	struct doc doc;
	json_t *root;
	size_t a, b;
	int split;
};

/* The jobs of a document one at a time: from its text when split, else its array. */
struct job_iter {
	const char *buf;
	const struct last_doc *ld;
	const json_t *arr;
	size_t i, pos;
};

/*
 * Finds every document in buf, repairs each, checks that it decodes, and keeps the
 * last one in *last (fiojson__last_doc_release() it, also on failure); text around
 * the documents goes to r->warnings. Errors are located FILE:LINE:COL in buf.
 */
int fiojson__decode_last(const char *buf, size_t len, const char *name,
			 struct last_doc *last, struct fiojson_report *r, struct diag *d);
void fiojson__last_doc_release(struct last_doc *ld);

/* Iterates the jobs of ld: arr is its root's jobs array, used when ld is not split. */
void fiojson__job_iter_init(struct job_iter *it, const char *buf, const struct last_doc *ld,
			    const json_t *arr);
/*
 * The next job into *job (a new reference; json_decref() it) and, when split, its
 * text [*from, *to) in ld->doc.t. Returns 1, 0 past the last job, or a negative
 * code with d located in the original text.
 */
int fiojson__job_next(struct job_iter *it, json_t **job, size_t *from, size_t *to,
		      const char *name, struct diag *d);

#endif
