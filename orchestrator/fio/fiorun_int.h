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

/* fio keeps a gate's output (fiorun_target.gate) as JOB.prerun.txt in the folder it
 * runs in, dir (fiorun_text.c): an empty one, what a gate says, is removed. */
void fiorun__drop_empty_prerun(const char *dir);

#endif
