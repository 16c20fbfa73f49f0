/* SPDX-License-Identifier: MIT */
/*
 * lang: the report languages, the one table of them, and the default one. Every
 * command's --lang, the string files (templates/i18n/<tag>.xml), a report's folder
 * per language (report/<tag>/), the reviewer wording and the labels a plan gives per
 * language read it.
 */
#ifndef SB_LANG_H
#define SB_LANG_H

/*
 * X(ENUM, TAG, ALIASES): the tag a report, its folder and its string files are named
 * by, then the BCP 47 tags that mean it, space-separated: each one alone or followed
 * by more subtags ("zh-Hant-HK"), without regard to case. A new language is a row
 * here, its string files and its wording (report/model/wording.c).
 */
#define LANGS(X) \
	X(LANG_EN, "en", "en") \
	X(LANG_ZH_TW, "zh-TW", "zh-TW zh-Hant zh-HK zh-MO") \
	X(LANG_ZH_CN, "zh-CN", "zh-CN zh-Hans zh-SG")

enum lang {
#define LANG__ENUM(e, tag, aliases) e,
	LANGS(LANG__ENUM)
#undef LANG__ENUM
	LANG_N
};

/* The language of a report when none is asked for: Traditional Chinese. */
#define LANG_DEFAULT LANG_ZH_TW
/* Its tag, for help texts (test_common holds it to lang_default()). */
#define LANG_DEFAULT_TAG "zh-TW"

/* l's tag ("zh-TW"); NULL past the last. */
const char *lang_tag(enum lang l);
/* LANG_DEFAULT's tag. */
const char *lang_default(void);
/* The language tag names (its own tag or an alias, with any more subtags), or -1. */
int lang_find(const char *tag);
/*
 * The language a tag reads as when it has no row of its own: its row's when it has
 * one, zh-CN for zh-CN/zh-SG/zh-Hans, zh-TW for any other zh, else en; NULL reads as
 * LANG_DEFAULT.
 */
enum lang lang_base(const char *tag);

#endif
