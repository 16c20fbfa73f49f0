/* SPDX-License-Identifier: MIT */
/* plot: `ssdbench plot`'s charts from fio logs and JSON made outside any plan. */
#ifndef SB_PLOT_H
#define SB_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "doc.h"
#include "tmpl.h"

/* What `ssdbench plot` was asked for, its options checked by the command. */
struct plot_opts {
	enum tmpl_kind kind;   /* a kind marked for plot in TMPL_KINDS */
	int written;           /* x is GB written (bw logs), not seconds */
	struct doc_out out;    /* -o (DOC_ONE), the other formats, languages and sizes */
	FILE *say;             /* "plot: FILE ..." per language here, or NULL */
	const char *title;     /* NULL: the first file's name */
	int log_y;             /* logarithmic y axis */
	/* "FILE=TEXT": the legend name of FILE (as given), the last wins */
	const char *const *labels;
	size_t nlabels;
};

/*
 * Builds the chart of o->kind from files[0..nfiles) (fio logs, or fio JSON for
 * the kinds with TMPL_PLOT_JSON; delta: a table of each JSON against the first)
 * and draws it to o->out, in each of its languages (doc_out_each()). Arguments
 * are borrowed. Returns 0 or a negative SB_E*
 * code with d naming the file.
 */
int plot_draw(const struct plot_opts *o, const char *const *files, size_t nfiles,
	      struct diag *d);

#endif
