/* SPDX-License-Identifier: MIT */
/* fiorun_int: what fiorun's files share. */
#ifndef SB_FIORUN_INT_H
#define SB_FIORUN_INT_H

#include "diag.h"
#include "sbuf.h"

/*
 * Appends "filename=PATH" for a job file (fiorun_job.c), ':' escaped (fio separates
 * files with it). Refuses a path with ';', '#' or a line break: -SB_EINVAL, d set.
 */
int fiorun__add_filename(struct sbuf *sb, const char *path, struct diag *d);

#endif
