/* SPDX-License-Identifier: MIT */
/*
 * doc_out: the output formats' table (DOC_FORMATS) and the one path every document
 * kind writes through: its languages, its preset and sizes, every format asked for.
 */
#include "doc.h"

#include <stdlib.h>
#include <string.h>

#include "datadir.h"
#include "err.h"
#include "fsutil.h"
#include "msg.h"
#include "safefile.h"
#include "wcheck.h"
#include "xalloc.h"

/* The findings the wording check lists; the count says how many more. */
#define WORDING_SHOWN 60

typedef int (*doc_writer)(struct doc *doc, const char *path, const struct doc_kind *k,
			  struct diag *d);

static const struct {
	const char *name, *arg;
	doc_writer write;
} formats[DOC_NFORMATS] = {
#define DOC_FORMAT_ROW(e, name, arg, fn, help) [e] = { name, arg, fn },
	DOC_FORMATS(DOC_FORMAT_ROW)
#undef DOC_FORMAT_ROW
};

const char *doc_format_name(enum doc_format f)
{
	return formats[f].name;
}

int doc_format_is_dir(enum doc_format f)
{
	return !strcmp(formats[f].arg, "DIR");
}

int doc_out_names_any(const struct doc_out *o)
{
	for (int f = 0; f < DOC_NFORMATS; f++)
		if (o->path[f])
			return 1;
	return 0;
}

int doc_write(struct doc *doc, const struct doc_out *o, const struct doc_kind *k,
	      struct diag *d)
{
	static const struct doc_kind none;
	int rc = 0;

	gfx_fonts_check(doc->fonts, doc->check);
	for (int f = 0; !rc && f < DOC_NFORMATS; f++) {
		if (!o->path[f])
			continue;
		if (doc_format_is_dir((enum doc_format)f))
			rc = safefile_mkdir(o->path[f], !o->in_archive, d);
		/* each writer starts in the preset's type scale (the PDF and HTML set theirs) */
		gfx_fonts_preset(doc->fonts, doc->preset);
		if (!rc)
			rc = formats[f].write(doc, o->path[f], k ? k : &none, d);
	}
	gfx_fonts_check(doc->fonts, NULL);
	if (!rc && wcheck_count(doc->check)) {
		fprintf(stderr, "ssdbench: the wording check (%s):\n", doc->lang);
		wcheck_print(doc->check, stderr, WORDING_SHOWN);
		rc = diag_set(d, -SB_EINVAL, NULL, 0, 0, "the wording check found %zu plan "
			      "name(s), fio term(s) or English word(s) in the %s document "
			      "(listed above)", wcheck_count(doc->check), doc->lang);
	}
	return rc;
}

/* The report's strings in English and in lang, for the wording check. */
static int new_check(struct doc *doc, const char *lang, struct diag *d)
{
	struct i18n *en = NULL, *own = NULL;
	int rc = msg_load(&en, "en", d);

	if (!rc)
		rc = msg_load(&own, lang, d);
	if (!rc)
		doc->check = wcheck_new(lang, i18n_strings(en), i18n_strings(own), M_N);
	i18n_free(en);
	i18n_free(own);
	return rc;
}

int doc_begin(struct doc *doc, const struct doc_out *o, const char *lang,
	      const char *tmpl_preset, const char *dflt_date, const char *fonts_conf,
	      struct diag *d)
{
	const char *name = o->preset ? o->preset : tmpl_preset;
	struct gfx_fonts *fonts = NULL;
	char *conf;
	int rc;

	doc->lang = lang;
	doc->preset = name ? chart_preset_find(name) : chart_preset(CHART_PRESET_ARCHIVE);
	if (!doc->preset)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "unknown preset '%s' (%s)", name,
				CHART_PRESET_NAMES);
	doc->png_width = o->png_width;
	doc->png_2x = o->png_2x;
	doc->svg_outlines = o->svg_outlines;
	doc->date = o->date ? o->date : dflt_date;
	conf = fonts_conf ? xstrdup(fonts_conf) : datadir_path("templates/fonts.conf");
	rc = gfx_fonts_new(&fonts, conf, lang, d);
	free(conf);
	if (!rc) {
		doc_set_fonts(doc, fonts);
		doc->own_fonts = 1;
	}
	if (!rc && o->check_wording)
		rc = new_check(doc, lang, d);
	return rc;
}

/* dir/name (name NULL: dir itself) */
static char *join(const char *dir, const char *sub, const char *name)
{
	return name ? xasprintf("%s/%s/%s", dir, sub, name) : xasprintf("%s/%s", dir, sub);
}

/*
 * o's paths for lang: FILE as FILE's folder/LANG/FILE's name, DIR as DIR/LANG, the
 * folders above them made (DIR/LANG itself is doc_write()'s).
 */
static int for_lang(const struct doc_out *o, const char *lang, struct doc_out *lo,
		    struct diag *d)
{
	int rc = 0;

	*lo = *o;
	memset(lo->own, 0, sizeof(lo->own));
	for (int f = 0; !rc && f < DOC_NFORMATS; f++) {
		const char *p = o->path[f], *slash = p ? strrchr(p, '/') : NULL;
		char *dir;

		if (!p)
			continue;
		if (doc_format_is_dir((enum doc_format)f)) {
			rc = safefile_mkdir(p, !o->in_archive, d);
			lo->path[f] = lo->own[f] = join(p, lang, NULL);
			continue;
		}
		dir = slash ? xstrndup(p, slash > p ? (size_t)(slash - p) : 1) : xstrdup(".");
		lo->path[f] = lo->own[f] = slash ? join(dir, lang, slash + 1) : join(lang, p, NULL);
		rc = safefile_mkdir(dir, !o->in_archive, d);
		free(dir);
		dir = xstrndup(lo->own[f], (size_t)(strrchr(lo->own[f], '/') - lo->own[f]));
		if (!rc)
			rc = safefile_mkdir(dir, !o->in_archive, d);
		free(dir);
	}
	return rc;
}

/*
 * The folders above each path of o that are missing, made as mkdir -p would (a user's
 * -o out/2026/r.pdf or --svg web/charts); inside an archive its own code makes them.
 */
static int make_parents(const struct doc_out *o, struct diag *d)
{
	for (int f = 0; !o->in_archive && f < DOC_NFORMATS; f++) {
		const char *p = o->path[f], *slash = p ? strrchr(p, '/') : NULL;
		char *dir;
		int rc;

		if (!slash || slash == p)
			continue;
		dir = xstrndup(p, (size_t)(slash - p));
		rc = fsutil_mkdir_p(dir);
		if (rc)
			rc = diag_set(d, -SB_EIO, p, 0, 0, "cannot create the folder '%s': %s",
				      dir, strerror(-rc));
		free(dir);
		if (rc)
			return rc;
	}
	return 0;
}

static void say_paths(FILE *say, const char *what, const char *lang,
		      const struct doc_out *lo)
{
	fprintf(say, "%s%s%s%s:", what, lang ? " (" : "", lang ? lang : "", lang ? ")" : "");
	for (int f = 0; f < DOC_NFORMATS; f++) {
		if (!lo->path[f])
			continue;
		if (f < DOC_FIRST_OPTION)
			fprintf(say, " %s", lo->path[f]);
		else
			fprintf(say, " --%s %s%s", formats[f].name, lo->path[f],
				doc_format_is_dir((enum doc_format)f) ? "/" : "");
	}
	fputc('\n', say);
}

int doc_out_each(const struct doc_out *o, const char *dflt, const char *what, FILE *say,
		 int (*one)(void *arg, const char *lang, const struct doc_out *lo,
			    struct diag *d),
		 void *arg, struct diag *d)
{
	size_t n = o->nlangs ? o->nlangs : 1;
	int rc = make_parents(o, d);    /* the paths given; for_lang() makes the rest */

	for (size_t i = 0; !rc && i < n; i++) {
		const char *lang = o->nlangs ? o->langs[i] : dflt;
		struct doc_out lo;

		if (n > 1)
			rc = for_lang(o, lang, &lo, d);
		else
			lo = *o;
		if (!rc)
			rc = one(arg, lang, &lo, d);
		if (!rc && say)
			say_paths(say, what, n > 1 ? lang : NULL, &lo);
		if (n > 1)
			for (int f = 0; f < DOC_NFORMATS; f++)
				free(lo.own[f]);
	}
	return rc;
}
