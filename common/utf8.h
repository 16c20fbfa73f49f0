/* SPDX-License-Identifier: MIT */
/* utf8: decoding and terminal display width, for carets and aligned columns. */
#ifndef SB_UTF8_H
#define SB_UTF8_H

#include <stddef.h>
#include <stdio.h>

/* Decodes one sequence at s (n bytes left) into *cp; returns its length (1 for a bad byte). */
size_t utf8_next(const unsigned char *s, size_t n, unsigned *cp);
/* 1 for East Asian wide characters, which take two terminal cells. */
int utf8_is_wide(unsigned cp);
/* The number of terminal cells s takes. */
size_t utf8_width(const char *s);
/* The bytes of s's longest start, whole characters, that takes at most `cells` cells. */
size_t utf8_fit(const char *s, size_t cells);
/* Prints s to out padded with spaces to `cells` cells (longer text is not cut). */
void utf8_print_padded(FILE *out, const char *s, size_t cells);

/*
 * Prints rows x cols cells (row by row) as aligned columns: each column as wide as
 * its widest cell in terminal cells (a CJK character takes two), two spaces apart,
 * the last column unpadded; one line per row.
 */
void utf8_print_columns(FILE *out, const char *const *cells, size_t rows, size_t cols);

#endif
