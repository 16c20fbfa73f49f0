/* SPDX-License-Identifier: MIT */
/* lang: the report languages' table, lookups by BCP 47 tag. */
#include "lang.h"

#include <string.h>
#include <strings.h>

static const struct {
	const char *tag, *aliases;
} langs[LANG_N] = {
#define LANG__ROW(e, tag, aliases) [e] = { tag, aliases },
	LANGS(LANG__ROW)
#undef LANG__ROW
};

const char *lang_tag(enum lang l)
{
	return (unsigned)l < LANG_N ? langs[l].tag : NULL;
}

const char *lang_default(void)
{
	return langs[LANG_DEFAULT].tag;
}

/* Whether tag is prefix (any case) alone or followed by more subtags. */
static int is_tag(const char *tag, const char *prefix, size_t n)
{
	return !strncasecmp(tag, prefix, n) && (tag[n] == '\0' || tag[n] == '-');
}

int lang_find(const char *tag)
{
	for (int i = 0; tag && i < LANG_N; i++)
		for (const char *a = langs[i].aliases; *a;) {
			size_t n = strcspn(a, " ");

			if (is_tag(tag, a, n))
				return i;
			a += n + (a[n] == ' ');
		}
	return -1;
}

enum lang lang_base(const char *tag)
{
	int l = lang_find(tag);

	if (!tag)
		return LANG_DEFAULT;
	if (l >= 0)
		return (enum lang)l;
	return is_tag(tag, "zh", 2) ? LANG_ZH_TW : LANG_EN;
}
