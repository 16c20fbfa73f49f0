/* SPDX-License-Identifier: MIT */
/* fiorun_text: what fio said after a step, read back for messages. */
#ifndef SB_FIORUN_TEXT_H
#define SB_FIORUN_TEXT_H

/*
 * Returns fio's own error text: dir's fio.stderr and the "fio:", "note:" and
 * "client" lines of fio.stdout and fio.json (a server's lines relayed as "<host>
 * fio: ..." count too), joined by "; ", at most a few lines; "" when fio said
 * nothing. free() it.
 */
char *fiorun_error_text(const char *dir);

/*
 * Returns "job 'NAME' on HOST: error 22 (Invalid argument)" for the first job of
 * dir's fio.json that reports an error (client/server reports carry them per job),
 * or NULL when none does or the report cannot be read. free() it.
 */
char *fiorun_job_error(const char *dir);

/* Free space below which a missing or cut-short report is put down to a full disk. */
#define FIORUN_FULL_BYTES (1024 * 1024)

/*
 * After a step whose report cannot be read: "cannot write 'DIR/fio.json': No space
 * left on device (...)" when dir's filesystem has less than FIORUN_FULL_BYTES left
 * (fio says nothing when it cannot write its report), else NULL. free() it.
 */
char *fiorun_nospace(const char *dir);

#endif
