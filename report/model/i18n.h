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
 * The table for a BCP 47 tag under datadir: the i18n_lang_find() language's
 * (zh-CN, zh-SG and zh-Hans read zh-CN.xml; zh-TW, zh-Hant, zh-HK zh-TW.xml), en.xml
 * for a tag it does not know. Returns a new string; free() it.
 */
char *i18n_path(const char *datadir, const char *lang);
/* The i-th report language ("en", "zh-TW", "zh-CN"), NULL past the last. */
const char *i18n_lang(size_t i);

/* The most languages one command renders: every one i18n.c knows. */
#define I18N_MAX_LANGS 8

/*
 * The report language tag names: "en", "zh-TW" or "zh-CN" (the name of its
 * report folder and string files), also for another tag that means it ("zh-Hant",
 * "zh-hans", "zh-Hant-HK"; case does not matter); NULL for a language with no
 * strings.
 */
const char *i18n_lang_find(const char *tag);
/* The known languages for messages: "en, zh-TW, zh-CN". */
const char *i18n_lang_known(void);
/*
 * 0 when tag is a report language, else -SB_EUSAGE with d saying "unknown language
 * 'fr' (known: en, zh-TW, zh-CN)": what `--lang` of every command checks.
 */
int i18n_lang_check(const char *tag, struct diag *d);
/*
 * Splits a `--lang` value, "en,zh-CN", into out[] (at most max; *n of them), each
 * the i18n_lang_find() tag, in the order given. An unknown or repeated language is
 * -SB_EUSAGE with d naming it.
 */
int i18n_lang_split(const char *list, const char **out, size_t max, size_t *n,
		    struct diag *d);

#endif
