/* SPDX-License-Identifier: MIT */
/* i18n: the report's UI strings for one language, loaded from templates/i18n/<lang>.xml. */
#ifndef SB_I18N_H
#define SB_I18N_H

#include <stddef.h>

#include "diag.h"

/* One language's strings, indexed like the ids given to i18n_load(). */
struct i18n;

/*
 * Loads path, a <strings lang="..."> document of <string id="ID">text</string>
 * elements, and keeps the text of each of the n ids. Every id must be there once
 * and no other; a DTD or entity is refused. Returns 0 or -SB_ENOENT/-SB_EPARSE
 * with d at FILE:LINE:COL; free *out with i18n_free().
 */
int i18n_load(struct i18n **out, const char *path, const char *const *ids, size_t n,
	      struct diag *d);
void i18n_free(struct i18n *t);
/* The strings, in the order of the ids; borrowed from t. */
const char *const *i18n_strings(const struct i18n *t);

/*
 * The table for a BCP 47 tag under datadir: zh-CN, zh-SG and zh-Hans read
 * zh-CN.xml, other zh tags zh-TW.xml, anything else en.xml. Returns a new
 * string; free() it.
 */
char *i18n_path(const char *datadir, const char *lang);
/* The i-th language there is a table for ("zh-CN", "zh-TW", "en"), NULL past the last. */
const char *i18n_lang(size_t i);

#endif
