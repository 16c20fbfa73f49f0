/* SPDX-License-Identifier: MIT */
/* gfx_svgtext: <text> elements spliced into cairo's SVG. */
#include "gfx_svgtext.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sbuf.h"
#include "xalloc.h"

/*
 * The fallbacks after the measuring font, per Noto CJK family: the same design
 * under its other names, then each system's own CJK font of that script.
 */
static const struct {
	const char *family;
	const char *fallbacks;
} fallbacks[] = {
	{ "Noto Sans CJK TC", "'Noto Sans TC', 'Source Han Sans TC', 'PingFang TC', "
	  "'Microsoft JhengHei'" },
	{ "Noto Sans CJK SC", "'Noto Sans SC', 'Source Han Sans SC', 'PingFang SC', "
	  "'Microsoft YaHei'" },
	{ "Noto Sans CJK HK", "'Noto Sans HK', 'Source Han Sans HC', 'PingFang HK', "
	  "'Microsoft JhengHei'" },
	{ "Noto Sans CJK JP", "'Noto Sans JP', 'Source Han Sans', 'Hiragino Sans', "
	  "'Yu Gothic'" },
	{ "Noto Sans CJK KR", "'Noto Sans KR', 'Source Han Sans K', 'Apple SD Gothic Neo', "
	  "'Malgun Gothic'" },
};

struct gfx_svgtext {
	struct sbuf body;   /* the <text> elements */
	char *lang, *family;
};

struct gfx_svgtext *gfx_svgtext_new(const char *lang, const char *family)
{
	struct gfx_svgtext *st = xcalloc(1, sizeof(*st));
	struct sbuf f;

	sbuf_init(&st->body);
	sbuf_init(&f);
	sbuf_addf(&f, "'%s'", family);
	for (size_t i = 0; i < sizeof(fallbacks) / sizeof(fallbacks[0]); i++)
		if (!strcmp(fallbacks[i].family, family))
			sbuf_addf(&f, ", %s", fallbacks[i].fallbacks);
	sbuf_adds(&f, ", sans-serif");
	st->family = sbuf_detach(&f);
	st->lang = xstrdup(lang);
	return st;
}

void gfx_svgtext_free(struct gfx_svgtext *st)
{
	if (!st)
		return;
	sbuf_release(&st->body);
	free(st->lang);
	free(st->family);
	free(st);
}

/* XML character data and attribute values: &, <, >, " escaped. */
static void add_escaped(struct sbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': sbuf_adds(sb, "&amp;"); break;
		case '<': sbuf_adds(sb, "&lt;"); break;
		case '>': sbuf_adds(sb, "&gt;"); break;
		case '"': sbuf_adds(sb, "&quot;"); break;
		default:
			/* Control characters are not XML 1.0; a tab or newline reads as a space. */
			if ((unsigned char)*s < 0x20)
				sbuf_addc(sb, ' ');
			else
				sbuf_addc(sb, *s);
		}
	}
}

void gfx_svgtext_add(struct gfx_svgtext *st, double x, double y, double size, int bold,
		     uint32_t color, enum gfx_svgtext_anchor anchor, const char *text)
{
	static const char *const anchors[] = { "", " text-anchor=\"middle\"",
					       " text-anchor=\"end\"" };

	sbuf_addf(&st->body, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"%s "
		  "fill=\"#%06x\"%s>", x, y, size, bold ? " font-weight=\"bold\"" : "",
		  (unsigned)(color & 0xffffffu), anchors[anchor]);
	add_escaped(&st->body, text);
	sbuf_adds(&st->body, "</text>\n");
}

int gfx_svgtext_splice(const struct gfx_svgtext *st, const char *svg, size_t n, FILE *out)
{
	const char *end = NULL;
	struct sbuf head;
	int rc = 0;

	for (const char *p = svg; p && (size_t)(p - svg) + 6 <= n;
	     p = memchr(p + 1, '<', n - (size_t)(p + 1 - svg)))
		if (!memcmp(p, "</svg>", 6))
			end = p;
	if (!end) {
		errno = EINVAL;
		return -1;
	}
	sbuf_init(&head);
	sbuf_addf(&head, "<g id=\"text\" xml:lang=\"%s\" font-family=\"", st->lang);
	add_escaped(&head, st->family);
	sbuf_adds(&head, "\" xml:space=\"preserve\">\n");
	if (fwrite(svg, 1, (size_t)(end - svg), out) != (size_t)(end - svg) ||
	    fwrite(head.buf, 1, head.len, out) != head.len ||
	    (st->body.len && fwrite(st->body.buf, 1, st->body.len, out) != st->body.len) ||
	    fputs("</g>\n", out) == EOF ||
	    fwrite(end, 1, n - (size_t)(end - svg), out) != n - (size_t)(end - svg))
		rc = -1;
	sbuf_release(&head);
	return rc;
}
