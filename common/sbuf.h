/* SPDX-License-Identifier: MIT */
/* sbuf: the one growable text buffer, always NUL-terminated, with a size cap. */
#ifndef SB_SBUF_H
#define SB_SBUF_H

#include <stdarg.h>
#include <stddef.h>

/* Text larger than this is a bug or hostile input; sbuf aborts past it. */
#define SBUF_MAX ((size_t)1 << 30)

struct sbuf {
	char *buf; /* never NULL after sbuf_init; "" when empty */
	size_t len;
	size_t cap;
};

void sbuf_init(struct sbuf *sb);
void sbuf_release(struct sbuf *sb);
void sbuf_reset(struct sbuf *sb);
void sbuf_add(struct sbuf *sb, const void *data, size_t n);
void sbuf_adds(struct sbuf *sb, const char *s);
void sbuf_addc(struct sbuf *sb, char c);
void sbuf_addf(struct sbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void sbuf_vaddf(struct sbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/*
 * Appends s as one CSV field, quoted (RFC 4180) when it holds a comma, quote or line
 * break. A field a spreadsheet would run as a formula -- '=', '+', '-', '@', TAB or CR
 * first, and not a number -- gets a leading "'" inside quotes (OWASP CSV injection).
 */
void sbuf_add_csv(struct sbuf *sb, const char *s);
/* Returns the text and leaves sb empty; free() the result. */
char *sbuf_detach(struct sbuf *sb);
/* Reads a whole file into sb; returns 0 or -errno (-EFBIG when it passes SBUF_MAX). */
int sbuf_read_file(struct sbuf *sb, const char *path);
/* The same, -EFBIG (sb holding what fitted) once sb would pass max bytes. */
int sbuf_read_file_max(struct sbuf *sb, const char *path, size_t max);
struct diag;
/* The same, saying "cannot read 'PATH': why" in d; 0, -SB_ENOENT or -SB_EIO. */
int sbuf_load_file(struct sbuf *sb, const char *path, struct diag *d);

/* Return a new formatted string; free() it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
