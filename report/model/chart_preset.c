/* SPDX-License-Identifier: MIT */
/* chart_preset: the size presets (print, web, slide, 85mm, 175mm), one table. */
#include "chart.h"

#include <math.h>
#include <string.h>

/* The print type scale (the report PDF's, and archive's and print's charts). */
static const struct chart_font_spec font_specs[CHART_FONT_N] = {
	[CHART_FONT_TITLE] = { 19.0, 1 },
	[CHART_FONT_SUBTITLE] = { 11.5, 0 },
	[CHART_FONT_AXIS] = { 10.5, 1 },
	[CHART_FONT_TICK] = { 10.0, 0 },
	[CHART_FONT_LEGEND] = { 10.5, 0 },
	[CHART_FONT_BAR_LABEL] = { 11.0, 1 },
	[CHART_FONT_BAR_NOTE] = { 9.0, 0 },
	[CHART_FONT_VALUE] = { 10.5, 1 },
	[CHART_FONT_HEADING] = { 28.0, 1 },
	[CHART_FONT_BODY] = { 9.5, 0 },
	[CHART_FONT_SMALL] = { 9.0, 0 },
};

/*
 * The presets. Type scale columns: title, subtitle, axis, tick, legend, bar label,
 * bar note, value, heading, body, small; none: the print scale above.
 */
static const struct chart_preset presets[CHART_PRESET_N] = {
	[CHART_PRESET_ARCHIVE] = { "archive", 0, 0, 1400, 0, 0, 0, 9.0, { 0 } },
	[CHART_PRESET_PRINT] = { "print", 0, 0, 1400, 0, 1, 0, 9.0, { 0 } },
	[CHART_PRESET_WEB] = { "web", 700, 0, 700, 1, 0, 1, 11.0,
			       { 17.0, 12.0, 12.0, 11.0, 12.0, 12.0, 11.0, 12.0, 24.0, 11.0,
				 11.0 } },
	[CHART_PRESET_SLIDE] = { "slide", 960, 540, 1920, 0, 0, 1, 14.0,
				 { 26.0, 16.0, 15.0, 14.0, 15.0, 16.0, 14.0, 15.0, 32.0, 14.0,
				   14.0 } },
	/*
	 * A magazine's column (85 mm, 241 pt) and its two-column width (175 mm, 496 pt),
	 * 80 and 105 mm tall: the canvas is the printed size, so 9 pt is 9 pt on paper;
	 * PDFs per chart to place (and SVG in pt, a 300 dpi PNG).
	 */
	[CHART_PRESET_MM85] = { "85mm", 240.94, 226.77, 1004, 0, 1, 0, 9.0,
				{ 11.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 14.0, 9.0, 9.0 } },
	[CHART_PRESET_MM175] = { "175mm", 496.06, 297.64, 2067, 0, 1, 0, 9.0,
				 { 14.0, 10.0, 9.5, 9.0, 9.5, 9.5, 9.0, 9.5, 20.0, 9.0, 9.0 } },
};

const struct chart_font_spec *chart_font_spec(enum chart_font f)
{
	if ((int)f < 0 || f >= CHART_FONT_N)
		f = CHART_FONT_BODY;
	return &font_specs[f];
}

double chart_preset_size(const struct chart_preset *p, enum chart_font f)
{
	const struct chart_font_spec *s = chart_font_spec(f);

	return p && p->size[s - font_specs] > 0 ? p->size[s - font_specs] : s->size;
}

const struct chart_preset *chart_preset(enum chart_preset_id id)
{
	return &presets[(int)id >= 0 && id < CHART_PRESET_N ? id : CHART_PRESET_ARCHIVE];
}

const struct chart_preset *chart_preset_find(const char *name)
{
	for (int i = 0; name && i < CHART_PRESET_N; i++)
		if (!strcmp(presets[i].name, name))
			return &presets[i];
	return NULL;
}

void chart_preset_canvas(const struct chart_preset *p, double tw, double th, int width_px,
			 double *w, double *h)
{
	/* A canvas as wide as its PNG (1 pt = 1 px) follows --width: laid out for it. */
	double pw = p->width > 0 && p->width == p->png_width && width_px > 0 ? width_px
									      : p->width;

	*w = pw > 0 ? pw : tw;
	if (!(th > 0))
		*h = 0;
	else if (p->height > 0)
		*h = p->height;
	else
		*h = th * *w / tw;
}

void chart_spacing_scale(double *const *v, size_t n, double width)
{
	double k = width > 0 && width < CHART_SPACING_FULL_WIDTH
			   ? fmax(0.4, width / CHART_SPACING_FULL_WIDTH)
			   : 1.0;

	for (size_t i = 0; i < n; i++)
		*v[i] *= k;
}
