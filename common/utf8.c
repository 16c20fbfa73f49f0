/* SPDX-License-Identifier: MIT */
/* utf8: decoding and display width of UTF-8 text. */
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

size_t utf8_next(const unsigned char *s, size_t n, unsigned *cp)
{
	size_t len = s[0] < 0x80 ? 1 : (s[0] >> 5) == 6 ? 2 : (s[0] >> 4) == 14 ? 3 :
		     (s[0] >> 3) == 30 ? 4 : 1;

	if (len > n)
		len = 1;
	*cp = len == 1 ? s[0] : s[0] & (0x7F >> len);
	for (size_t i = 1; i < len; i++)
		*cp = (*cp << 6) | (s[i] & 0x3F);
	return len;
}

int utf8_is_wide(unsigned cp)
{
	return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
	       (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
	       (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
	       (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
	       (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

size_t utf8_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, cells = 0;

	while (i < n) {
		unsigned cp;

		i += utf8_next(p + i, n - i, &cp);
		cells += utf8_is_wide(cp) ? 2 : 1;
	}
	return cells;
}

size_t utf8_fit(const char *s, size_t cells)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0, used = 0;

	while (i < n) {
		unsigned cp;
		size_t len = utf8_next(p + i, n - i, &cp), w = utf8_is_wide(cp) ? 2 : 1;

		if (used + w > cells)
			break;
		used += w;
		i += len;
	}
	return i;
}

void utf8_print_padded(FILE *out, const char *s, size_t cells)
{
	size_t w = utf8_width(s);

	fputs(s, out);
	for (; w < cells; w++)
		fputc(' ', out);
}

void utf8_print_columns(FILE *out, const char *const *cells, size_t rows, size_t cols)
{
	size_t *w = xcalloc(cols ? cols : 1, sizeof(*w));

	for (size_t k = 0; k < rows * cols; k++)
		if (k % cols + 1 < cols && utf8_width(cells[k]) > w[k % cols])
			w[k % cols] = utf8_width(cells[k]);
	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0; c < cols; c++) {
			if (c)
				fputs("  ", out);
			utf8_print_padded(out, cells[r * cols + c], w[c]);
		}
		fputc('\n', out);
	}
	free(w);
}
