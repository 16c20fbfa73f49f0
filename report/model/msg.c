/* SPDX-License-Identifier: MIT */
/* msg: the UI strings' ids and their loading for a language; texts made of them. */
#include "msg.h"

#include <stdlib.h>

#include "datadir.h"
#include "sbuf.h"
#include "xalloc.h"

/* The ids of the UI strings in templates/i18n/<lang>.xml, in enum msg order. */
static const char *const msg_ids[M_N] = {
#define REPORT_MSG_ID(id, name) [id] = (name),
	REPORT_MSGS(REPORT_MSG_ID)
	LINEUP_MSGS(REPORT_MSG_ID)
	WORDING_MSGS(REPORT_MSG_ID)
#undef REPORT_MSG_ID
};

int msg_load(struct i18n **out, const char *lang, struct diag *d)
{
	char *path = i18n_path(datadir_get(), lang);
	int rc = i18n_load(out, path, msg_ids, M_N, d);

	free(path);
	return rc;
}

const char *msg_or(const char *s, const char *dflt)
{
	return s && *s ? s : dflt;
}

void msg_add(struct sbuf *sb, const char *tmpl, const char *const *values, size_t n)
{
	size_t k = 0;

	for (const char *p = tmpl; *p; p++) {
		if (p[0] == '{' && p[1] == '}' && k < n) {
			sbuf_adds(sb, values[k++]);
			p++;
			continue;
		}
		sbuf_addf(sb, "%c", *p);
	}
}

char *msg_subst(const char *tmpl, const char *const *values, size_t n)
{
	struct sbuf sb;

	sbuf_init(&sb);
	msg_add(&sb, tmpl, values, n);
	return sbuf_detach(&sb);
}

char *msg_paren(const char *const *s, const char *a, const char *b)
{
	return xasprintf("%s%s%s%s", a, s[W_OPEN], b, s[W_CLOSE]);
}

char *msg_colon(const char *const *s, const char *a, const char *b)
{
	return xasprintf("%s%s%s", a, s[W_COLON], b);
}
