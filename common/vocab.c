/* SPDX-License-Identifier: MIT */
/* vocab: the kinds, hints and stop conditions a plan and its archive share. */
#include "vocab.h"

#include <string.h>

#define VOCAB__NAME(e, name, flags) [e] = (name),
const char *const step_kind_names[STEP_N + 1] = { STEP_KINDS(VOCAB__NAME) };
const char *const scope_kind_names[SCOPE_N + 1] = { SCOPE_KINDS(VOCAB__NAME) };
const char *const chart_hint_names[HINT_N + 1] = { CHART_HINTS(VOCAB__NAME) };
const char *const scope_until_names[UNTIL_N + 1] = { SCOPE_UNTILS(VOCAB__NAME) };
#undef VOCAB__NAME

#define VOCAB__FLAGS(e, name, flags) [e] = (flags),
static const unsigned step_flags[STEP_N] = { STEP_KINDS(VOCAB__FLAGS) };
#undef VOCAB__FLAGS

int vocab_find(const char *const *names, const char *name)
{
	for (int i = 0; name && names[i]; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

unsigned step_kind_flags(int kind)
{
	return kind >= 0 && kind < STEP_N ? step_flags[kind] : 0;
}

enum chart_hint chart_hint_of(const char *name)
{
	int h = vocab_find(chart_hint_names, name);

	return h < 0 ? HINT_AUTO : (enum chart_hint)h;
}
