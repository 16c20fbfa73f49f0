/* SPDX-License-Identifier: MIT */
/* suggest: "did you mean" by edit distance over a list of known names. */
#ifndef SB_SUGGEST_H
#define SB_SUGGEST_H

#include <stddef.h>

/* Optimal string alignment distance (insert, delete, substitute, transpose). */
size_t suggest_distance(const char *a, const char *b);
/*
 * Returns the closest of names[0..n) to word when it is close enough to be a
 * plausible typo, else NULL. names are borrowed; so is the result.
 */
const char *suggest_pick(const char *word, const char *const *names, size_t n);

#endif
