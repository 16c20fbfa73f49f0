/* SPDX-License-Identifier: MIT */
/* diag: the first error about user input, with its location, printed compiler-style. */
#ifndef SB_DIAG_H
#define SB_DIAG_H

#include <stdio.h>

/*
 * A location is either FILE:LINE:COL (plans, templates, CSV rows) or FILE plus a
 * data path such as "jobs[3].read.iops" (JSON). line and col are 1-based; 0 means
 * unknown. The first diag_set() wins: later calls are ignored until diag_clear().
 */
struct diag {
	int code;        /* negative SB_E* code; 0 while nothing was set */
	char file[512];
	int line;
	int col;
	char path[256];  /* data path inside the file, or "" */
	char msg[1024];
	int noquote;     /* 1: the file is named, its line never printed (a file that is
			    not a plan's, named by a plan from elsewhere: /etc/shadow) */
};

void diag_clear(struct diag *d);
/* Records an error; returns code so callers can write "return diag_set(...)". */
int diag_set(struct diag *d, int code, const char *file, int line, int col,
	     const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Records an error located by a data path inside file. */
int diag_set_path(struct diag *d, int code, const char *file, const char *path,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/*
 * Prints "FILE:LINE:COL: error: MSG", then the source line and a caret when the
 * file can be read; or "FILE: error: at PATH: MSG"; or "error: MSG".
 */
void diag_print(const struct diag *d, FILE *out);

#endif
