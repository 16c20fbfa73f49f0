/* SPDX-License-Identifier: MIT */
/*
 * fioopt: the one table of fio options a plan may pass through `<fio option=>`, each
 * with its class. Only stimulus options pass; everything that names a file or device,
 * runs a command, or sets what ssdbench's own files and numbers depend on is refused.
 * See docs/security.md.
 */
#ifndef SB_FIOOPT_H
#define SB_FIOOPT_H

#include <stddef.h>
#include <stdio.h>

enum fioopt_class {
	FIOOPT_STIMULUS,  /* shapes the I/O on the target: passes */
	FIOOPT_OWNED,     /* ssdbench sets it: job layout, logs, reporting, typed attributes */
	FIOOPT_TOUCHES,   /* names or touches files, devices or system state beyond the target */
	FIOOPT_EXECUTES,  /* runs a command or loads code */
};

/* What a stimulus option's value may not hold (fio reads some values as paths). */
enum fioopt_value {
	FIOOPT_ANY,
	FIOOPT_NO_PATH,     /* mem=mmap:PATH, mmaphuge:PATH: no ':' */
	FIOOPT_NO_FILE,     /* buffer/verify patterns: 'PATH' reads a file: no quote */
};

struct fioopt {
	const char *name;
	enum fioopt_class cls;
	enum fioopt_value value;
	const char *note;     /* why it is refused, or what a stimulus option is for */
};

extern const struct fioopt fioopt_table[];
extern const size_t fioopt_count;

/* The table's row for name, or NULL: an option not in the table is refused. */
const struct fioopt *fioopt_find(const char *name);

/*
 * 0 when a plan may pass name=value (value NULL for a flag) to fio; otherwise -1 (the
 * option is refused) or -2 (this value of it is), with *why set to a static text that
 * completes "fio option 'NAME' ...".
 */
int fioopt_check(const char *name, const char *value, const char **why);

/* The class as the docs spell it: "stimulus", "owned", "touches", "executes". */
const char *fioopt_class_name(enum fioopt_class c);

/* The table as Markdown (plan-reference and docs/security.md). */
void fioopt_print_markdown(FILE *out);

#endif
