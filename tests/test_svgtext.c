/* SPDX-License-Identifier: MIT */
/*
 * gfx_svgtext, SVG strings as <text>: escaping, anchors, the font
 * family with its CJK fallbacks and the language, spliced before </svg>.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gfx_svgtext.h"

/* st spliced into svg; returns the file's text (free it), NULL when splicing failed. */
static char *splice(const struct gfx_svgtext *st, const char *svg)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	int rc;

	assert_non_null(f);
	rc = gfx_svgtext_splice(st, svg, strlen(svg), f);
	fclose(f);
	if (rc) {
		free(buf);
		return NULL;
	}
	return buf;
}

static void test_splice(void **state)
{
	struct gfx_svgtext *st = gfx_svgtext_new("zh-TW", "Noto Sans CJK TC");
	const char *svg = "<svg width=\"700px\"><g id=\"surface1\"><path d=\"M 0 0\"/></g>\n"
			  "</svg>\n";
	char *out, *g, *t;

	(void)state;
	gfx_svgtext_add(st, 36, 50.5, 17, 1, 0x1f2328u, GFX_SVGTEXT_START, "IOPS 離散分佈");
	gfx_svgtext_add(st, 664, 80, 11, 0, 0x656d76u, GFX_SVGTEXT_END, "a < b & \"c\"\tx");
	gfx_svgtext_add(st, 350, 90, 12, 0, 0, GFX_SVGTEXT_MIDDLE, "中");
	out = splice(st, svg);
	assert_non_null(out);
	/* cairo's drawing first, then the text group, then cairo's closing tag */
	g = strstr(out, "<g id=\"text\"");
	assert_non_null(g);
	assert_true(g > strstr(out, "<path"));
	assert_string_equal(out + strlen(out) - 7, "</svg>\n");
	assert_non_null(strstr(g, "xml:lang=\"zh-TW\""));
	assert_non_null(strstr(g, "font-family=\"'Noto Sans CJK TC', 'Noto Sans TC', "
				  "'Source Han Sans TC', 'PingFang TC', 'Microsoft JhengHei', "
				  "sans-serif\""));
	t = strstr(g, "<text x=\"36.00\" y=\"50.50\" font-size=\"17.00\" font-weight=\"bold\" "
		      "fill=\"#1f2328\">IOPS 離散分佈</text>");
	assert_non_null(t);
	assert_non_null(strstr(g, "<text x=\"664.00\" y=\"80.00\" font-size=\"11.00\" "
				  "fill=\"#656d76\" text-anchor=\"end\">a &lt; b &amp; "
				  "&quot;c&quot; x</text>"));
	assert_non_null(strstr(g, "text-anchor=\"middle\">中</text>"));
	free(out);
	/* no closing tag: an error, nothing claimed written */
	errno = 0;
	assert_null(splice(st, "<svg>"));
	assert_int_equal(errno, EINVAL);
	gfx_svgtext_free(st);
	/* a family without a fallback row: itself, then sans-serif */
	st = gfx_svgtext_new("en", "DejaVu Sans");
	out = splice(st, "<svg></svg>");
	assert_non_null(strstr(out, "font-family=\"'DejaVu Sans', sans-serif\""));
	free(out);
	gfx_svgtext_free(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
