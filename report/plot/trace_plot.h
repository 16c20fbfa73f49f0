/* SPDX-License-Identifier: MIT */
/* trace_plot: `ssdbench trace plot`: a block trace's LBA over time, size mix and queue depth. */
#ifndef SB_TRACE_PLOT_H
#define SB_TRACE_PLOT_H

#include <stdio.h>

#include "diag.h"
#include "doc.h"

/*
 * Reads the blktrace file at path (parsers/blktrace.h) and draws, one under the
 * other on one page: each queued request's offset against time (reads, writes,
 * trims), the requests per block size, and the requests in flight (issued, not
 * completed) over time, written as o asks in each of its languages
 * (doc_out_each(), saying where on say unless NULL). Returns 0 or a negative
 * SB_E* code with d set.
 */
int trace_plot_draw(const struct doc_out *o, const char *path, FILE *say,
		    struct diag *d);

#endif
