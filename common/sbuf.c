/* SPDX-License-Identifier: MIT */
/* sbuf: growable, NUL-terminated text buffer with a size cap. */
#include "sbuf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "err.h"
#include "xalloc.h"

static char sbuf_empty[1];

void sbuf_init(struct sbuf *sb)
{
	sb->buf = sbuf_empty;
	sb->len = 0;
	sb->cap = 0;
}

void sbuf_release(struct sbuf *sb)
{
	if (sb->cap)
		free(sb->buf);
	sbuf_init(sb);
}

void sbuf_reset(struct sbuf *sb)
{
	sb->len = 0;
	if (sb->cap)
		sb->buf[0] = '\0';
}

static void sbuf_grow(struct sbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	size_t ncap;

	if (extra > SBUF_MAX || need > SBUF_MAX) {
		fprintf(stderr, "ssdbench: text buffer over %zu bytes\n", SBUF_MAX);
		abort();
	}
	if (need <= sb->cap)
		return;
	ncap = sb->cap ? sb->cap : 64;
	while (ncap < need)
		ncap *= 2;
	if (sb->cap) {
		sb->buf = xrealloc(sb->buf, ncap);
	} else {
		sb->buf = xmalloc(ncap);
		sb->buf[0] = '\0';
	}
	sb->cap = ncap;
}

void sbuf_add(struct sbuf *sb, const void *data, size_t n)
{
	sbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sbuf_adds(struct sbuf *sb, const char *s)
{
	sbuf_add(sb, s, strlen(s));
}

void sbuf_addc(struct sbuf *sb, char c)
{
	sbuf_add(sb, &c, 1);
}

void sbuf_vaddf(struct sbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	sbuf_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sbuf_addf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *sbuf_detach(struct sbuf *sb)
{
	char *s = sb->cap ? sb->buf : xstrdup("");

	sbuf_init(sb);
	return s;
}

int sbuf_read_file_max(struct sbuf *sb, const char *path, size_t max)
{
	char chunk[65536];
	FILE *f = fopen(path, "rb");
	size_t n;
	int rc = 0;

	if (!f)
		return -errno;
	while (!rc && (n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (sb->len > max || n > max - sb->len)
			rc = -EFBIG;
		else
			sbuf_add(sb, chunk, n);
	}
	if (!rc && ferror(f))
		rc = -EIO;
	fclose(f);
	return rc;
}

int sbuf_read_file(struct sbuf *sb, const char *path)
{
	return sbuf_read_file_max(sb, path, SBUF_MAX - 1);
}

int sbuf_load_file(struct sbuf *sb, const char *path, struct diag *d)
{
	int rc = sbuf_read_file(sb, path);

	if (!rc)
		return 0;
	return diag_set(d, rc == -ENOENT ? -SB_ENOENT : -SB_EIO, path, 0, 0,
			"cannot read '%s': %s", path, strerror(-rc));
}

char *xvasprintf(const char *fmt, va_list ap)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_vaddf(&sb, fmt, ap);
	return sbuf_detach(&sb);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

/* "-12", "+3.5", "-1e-3": a decimal number, which a spreadsheet reads as one. */
static int csv_number(const char *s)
{
	size_t n;

	s += *s == '+' || *s == '-';
	n = strspn(s, "0123456789");
	if (s[n] == '.')
		n += 1 + strspn(s + n + 1, "0123456789");
	if (!n || (n == 1 && *s == '.'))
		return 0;
	s += n;
	if (*s == 'e' || *s == 'E') {
		s += 1 + (s[1] == '+' || s[1] == '-');
		n = strspn(s, "0123456789");
		if (!n)
			return 0;
		s += n;
	}
	return !*s;
}

void sbuf_add_csv(struct sbuf *sb, const char *s)
{
	/* A formula to a spreadsheet ("=HYPERLINK(...)"): kept as text (OWASP CSV injection). */
	int formula = s[0] && strchr("=+-@\t\r", s[0]) && !csv_number(s);
	int quote = strpbrk(s, ",\"\r\n") != NULL;

	if (quote)
		sbuf_addc(sb, '"');
	if (formula)
		sbuf_addc(sb, '\'');
	for (; *s; s++) {
		if (*s == '"')
			sbuf_addc(sb, '"');
		sbuf_addc(sb, *s);
	}
	if (quote)
		sbuf_addc(sb, '"');
}
