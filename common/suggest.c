/* SPDX-License-Identifier: MIT */
/* suggest: "did you mean" by optimal string alignment distance. */
#include "suggest.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

size_t suggest_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *d = xmalloc((la + 1) * (lb + 1) * sizeof(*d));
	size_t r;

#define D(i, j) d[(i) * (lb + 1) + (j)]
	for (size_t i = 0; i <= la; i++)
		D(i, 0) = i;
	for (size_t j = 0; j <= lb; j++)
		D(0, j) = j;
	for (size_t i = 1; i <= la; i++) {
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) !=
				      tolower((unsigned char)b[j - 1]);
			size_t best = D(i - 1, j) + 1;

			if (D(i, j - 1) + 1 < best)
				best = D(i, j - 1) + 1;
			if (D(i - 1, j - 1) + cost < best)
				best = D(i - 1, j - 1) + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && D(i - 2, j - 2) + 1 < best)
				best = D(i - 2, j - 2) + 1;
			D(i, j) = best;
		}
	}
	r = D(la, lb);
#undef D
	free(d);
	return r;
}

const char *suggest_pick(const char *word, const char *const *names, size_t n)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1;
	size_t limit = strlen(word) <= 4 ? 1 : strlen(word) <= 8 ? 2 : 3;

	for (size_t i = 0; i < n; i++) {
		size_t dist = suggest_distance(word, names[i]);

		if (dist < best_d) {
			best_d = dist;
			best = names[i];
		}
	}
	return best_d <= limit ? best : NULL;
}
