/* SPDX-License-Identifier: MIT */
/* plan_int: helpers shared by the plan loader's files (source locations). */
#ifndef SB_PLAN_INT_H
#define SB_PLAN_INT_H

#include <stddef.h>

/* The plan's source text and the byte offset of every start tag, in document order. */
struct plan__src {
	const char *text;
	size_t len;
	size_t *tags;
	size_t ntags, cap;
};

/* Finds every element start tag, skipping comments, CDATA, PIs and DOCTYPE. */
void plan__src_scan(struct plan__src *s, const char *text, size_t len);
void plan__src_release(struct plan__src *s);
/*
 * Finds attribute attr in the start tag at byte offset tag. Sets *name_off to its
 * name and *val_off to the first byte of its value (after the quote). Returns 0,
 * or -1 when the tag has no such attribute.
 */
int plan__attr_pos(const struct plan__src *s, size_t tag, const char *attr,
		   size_t *name_off, size_t *val_off);
/* Converts a byte offset to a 1-based line and a 1-based column in characters. */
void plan__linecol(const struct plan__src *s, size_t off, int *line, int *col);

#endif
