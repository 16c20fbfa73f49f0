/* SPDX-License-Identifier: MIT */
/*
 * snia_xsrdirth: the SNIA XSR, DIRTH and ECW report pages, the
 * template kinds "xsr" (snia_xsr.c), "dirth" (snia_dirth.c) and "access"
 * (snia_ecw.c), called by report_charts.c.
 */
#ifndef SB_SNIA_XSRDIRTH_H
#define SB_SNIA_XSRDIRTH_H

#include "report_int.h"

/* XSR: TP over time across the access groups, TP with ART/MRT, the groups' table. */
void snia__build_xsr(struct report *r);
/*
 * DIRTH / ECW: demand variation and intensity of the tc x qd scope's last round,
 * their tables, then each step outside rounds (qos-hinted: the histogram with
 * its MRT; others as report_steps draws them, log_y for a dispersion hint).
 */
void snia__build_dirth(struct report *r, int log_y);
/* ECW: the access pattern's block sizes and LBA zones, from the plan's copy. */
void snia__build_access(struct report *r);

#endif
