/* SPDX-License-Identifier: MIT */
/*
 * datadir: the one folder ssdbench reads its data from: templates/ (fonts.conf,
 * report and lineup templates, i18n/) and testplans/ (plans, the schema). In order:
 *   1. $SSDBENCH_HOME, when set and not empty (the override);
 *   2. $SSDBENCH_DATADIR (its older name, kept for scripts and the tests);
 *   3. the source tree the program was built from, when the program runs from
 *      inside its build tree (build/ssdbench, build/tests/...);
 *   4. <prefix>/share/ssdbench, <prefix> being the folder above the program's own
 *      (/proc/self/exe): /usr/bin/ssdbench reads /usr/share/ssdbench, and a .deb
 *      unpacked under ROOT reads ROOT/usr/share/ssdbench.
 */
#ifndef SB_DATADIR_H
#define SB_DATADIR_H

/* The data folder, worked out once per process; borrowed, never NULL. */
const char *datadir_get(void);
/* datadir_get()/name as a new string ("templates/fonts.conf"); free() it. */
char *datadir_path(const char *name);

#endif
