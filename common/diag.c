/* SPDX-License-Identifier: MIT */
/* diag: error locations and compiler-style printing with the offending line. */
#include "diag.h"

#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "fsutil.h"
#include "utf8.h"
#include "xalloc.h"

void diag_clear(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

static void copy_str(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src ? src : "");
}

int diag_set(struct diag *d, int code, const char *file, int line, int col,
	     const char *fmt, ...)
{
	va_list ap;

	if (!d || d->code)
		return code;
	d->code = code ? code : -SB_EINTERNAL;
	copy_str(d->file, sizeof(d->file), file);
	d->line = line;
	d->col = col;
	d->path[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	return code;
}

int diag_set_path(struct diag *d, int code, const char *file, const char *path,
		  const char *fmt, ...)
{
	va_list ap;

	if (!d || d->code)
		return code;
	d->code = code ? code : -SB_EINTERNAL;
	copy_str(d->file, sizeof(d->file), file);
	d->line = 0;
	d->col = 0;
	copy_str(d->path, sizeof(d->path), path);
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	return code;
}

/*
 * Prints line `line` of the file and a caret under column `col`. Columns count
 * characters; the caret lines up in a terminal (tabs kept, wide CJK as two cells).
 */
static void print_source_line(const struct diag *d, FILE *out)
{
	char buf[4096];
	/* Never through a link or from a FIFO: the file may be an archive's. */
	mode_t m;
	int fd = fsutil_open(AT_FDCWD, d->file, 0, 0, &m);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	int ln = 1;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while (fgets(buf, sizeof(buf), f)) {
		size_t len = strlen(buf);
		int full = len && buf[len - 1] == '\n';

		if (ln == d->line) {
			const unsigned char *p = (const unsigned char *)buf;
			size_t i = 0;

			while (len && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
				buf[--len] = '\0';
			fprintf(out, "  %s\n  ", buf);
			for (int c = 1; c < d->col && i < len; c++) {
				unsigned cp;

				i += utf8_next(p + i, len - i, &cp);
				fputs(cp == '\t' ? "\t" : utf8_is_wide(cp) ? "  " : " ", out);
			}
			fputs("^\n", out);
			break;
		}
		if (full)
			ln++;
	}
	fclose(f);
}

void diag_print(const struct diag *d, FILE *out)
{
	const char *msg = d->msg[0] ? d->msg : sb_strerror(d->code);

	if (d->file[0] && d->line > 0) {
		if (d->col > 0)
			fprintf(out, "%s:%d:%d: error: %s\n", d->file, d->line, d->col, msg);
		else
			fprintf(out, "%s:%d: error: %s\n", d->file, d->line, msg);
		if (!d->noquote)
			print_source_line(d, out);
	} else if (d->file[0] && d->path[0]) {
		fprintf(out, "%s: error: at %s: %s\n", d->file, d->path, msg);
	} else if (d->file[0]) {
		fprintf(out, "%s: error: %s\n", d->file, msg);
	} else {
		fprintf(out, "error: %s\n", msg);
	}
}
