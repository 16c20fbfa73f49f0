/* SPDX-License-Identifier: MIT */
/* cli_sizes: the options every document command shares (CLI_OPTS_DOC: languages, formats, sizes, --date) and --template. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "chart.h"
#include "chartdraw.h"
#include "cli_int.h"
#include "clock.h"
#include "doc.h"
#include "i18n.h"
#include "suggest.h"

struct cli_sizes {
	const char *preset;  /* NULL: none named */
	int width;           /* 0: none given */
	int outlines;        /* --svg-text outlines */
};

const char *cli__did_you_mean(const char *word, const char *const *names, size_t n)
{
	static char buf[64];
	const char *near = suggest_pick(word, names, n);

	if (!near)
		return "";
	snprintf(buf, sizeof(buf), " (did you mean '%s'?)", near);
	return buf;
}

/* Reads CLI_OPTS_SIZES into s; -1 to go on, else the usage error's exit code. */
static int sizes(const struct cli_cmd *c, const struct cli_parsed *p, struct cli_sizes *s)
{
	const char *preset = cli__value(c, p, "preset"), *w = cli__value(c, p, "width");
	const char *text = cli__value(c, p, "svg-text");
	char *end = NULL;
	long v = 0;

	const char *names[CHART_PRESET_N - 1], *const texts[] = { "text", "outlines" };

	memset(s, 0, sizeof(*s));
	for (int i = CHART_PRESET_ARCHIVE + 1; i < CHART_PRESET_N; i++)
		names[i - 1] = chart_preset((enum chart_preset_id)i)->name;
	if (preset && (!chart_preset_find(preset) ||
		       !strcmp(preset, chart_preset(CHART_PRESET_ARCHIVE)->name)))
		return cli__usage(c, "unknown --preset '%s' (%s)%s", preset, CHART_PRESET_NAMES,
				  cli__did_you_mean(preset, names, CHART_PRESET_N - 1));
	if (w)
		v = strtol(w, &end, 10);
	if (w && (*w == '\0' || *end != '\0' || v < 200 || v > 20000))
		return cli__usage(c, "invalid --width '%s' (pixels, 200 to 20000)", w);
	if (text && strcmp(text, "text") && strcmp(text, "outlines"))
		return cli__usage(c, "invalid --svg-text '%s' (text or outlines)%s", text,
				  cli__did_you_mean(text, texts, 2));
	s->preset = preset ? preset
		    : w ? chart_preset(CHART_PRESET_WEB)->name : NULL;
	s->width = (int)v;
	s->outlines = text && !strcmp(text, "outlines");
	return -1;
}

/*
 * The document's date: --date checked, else $SOURCE_DATE_EPOCH as ISO 8601 into buf
 * (at least 32 bytes), else NULL (the command's default) into *date. Returns -1 to go
 * on, or the usage error's exit code.
 */
static int date_of(const struct cli_cmd *c, const struct cli_parsed *p, char *buf, size_t n,
		   const char **date)
{
	const char *s = cli__value(c, p, "date"), *env = getenv("SOURCE_DATE_EPOCH");
	int y, mo, dd, h, mi, se, k = 0;
	char *end;
	long long v;

	*date = NULL;
	if (s) {   /* ISO 8601 in UTC, as the PDF's dates are written */
		if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &dd, &h, &mi, &se, &k) != 6 ||
		    s[k] != '\0' || k != 20 || mo < 1 || mo > 12 || dd < 1 || dd > 31 || h > 23 ||
		    mi > 59 || se > 60)
			return cli__usage(c, "invalid --date '%s' (want YYYY-MM-DDTHH:MM:SSZ)", s);
		*date = s;
		return -1;
	}
	if (!env || !*env)
		return -1;
	v = strtoll(env, &end, 10);
	if (*end == '\0' && v >= 0)
		*date = clock_iso8601(v, buf, n);
	return -1;
}

/* Whether path ends in ext, in any case ("R.PDF"). */
static int ends_in(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);

	return n > k && !strcasecmp(path + n - k, ext);
}

int cli__doc_out(const struct cli_cmd *c, const struct cli_parsed *p, enum doc_format main,
		 const char *dflt, struct doc_out *o)
{
	static char buf[CLOCK_ISO_SIZE];   /* o->date's, for the command's life */
	const char *out = cli__value(c, p, "output");
	struct cli_sizes sz;
	int ex;

	memset(o, 0, sizeof(*o));
	ex = cli__langs(c, p, 1, o->langs, &o->nlangs);
	if (ex < 0)
		ex = sizes(c, p, &sz);
	if (ex < 0)
		ex = date_of(c, p, buf, sizeof(buf), &o->date);
	if (ex >= 0)
		return ex;
	o->path[main] = out ? out : dflt;
	if (main == DOC_ONE && chartdraw_format(o->path[main]) < 0)
		return cli__usage(c, "output '%s' must end in .svg, .pdf or .png", o->path[main]);
	if (main == DOC_PDF && out && !ends_in(out, ".pdf"))
		return cli__usage(c, "output '%s' must end in .pdf", out);
	for (int f = DOC_FIRST_OPTION; f < DOC_NFORMATS; f++)
		o->path[f] = cli__value(c, p, doc_format_name((enum doc_format)f));
	if (o->path[DOC_XLSX] && !ends_in(o->path[DOC_XLSX], ".xlsx"))
		return cli__usage(c, "--xlsx '%s' must end in .xlsx", o->path[DOC_XLSX]);
	o->png_width = sz.width;            /* 0 is the preset's */
	o->png_2x = sz.width > 0;
	o->preset = sz.preset;
	o->svg_outlines = sz.outlines;
	o->check_wording = cli__value(c, p, "check-wording") != NULL;
	return -1;
}

int cli__template(const struct cli_cmd *c, const struct cli_parsed *p, enum tmpl_use use)
{
	const char *path = cli__value(c, p, "template");
	struct tmpl *t = NULL;
	struct diag d;
	int rc;

	if (!path)
		return -1;
	diag_clear(&d);
	rc = tmpl_load_for(&t, path, use, &d);
	tmpl_free(t);
	return rc ? cli__finish(rc, &d) : -1;
}
