/* SPDX-License-Identifier: MIT */
/* purge: returning a device (or file) to a fresh, as-if-never-written state before a test. */
#ifndef SB_PURGE_H
#define SB_PURGE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "device.h"
#include "diag.h"
#include "purgemethod.h"
#include "sbuf.h"

/* What a purge did, for the archive. */
struct purge_result {
	enum purge_method method;
	double seconds;
	char detail[256];
};

/*
 * Resolves "auto" and a family ("nvme-sanitize": block, else crypto) to the first
 * method of the table (common/purgemethod.h) the device has, and checks it offers
 * a method named outright, before anything runs; "none" stays none.
 * Returns 0 with *out set, or -SB_EUNSAFE with d saying what the device lacks.
 */
int purge_choose(const struct device_info *di, enum purge_method want,
		 enum purge_method *out, struct diag *d);
/* Appends what the method would do to di: the ioctl, its parameters, the time it may take. */
void purge_describe(const struct device_info *di, enum purge_method m, struct sbuf *sb);
/* Runs it. The caller has passed the interlocks. 0, or a negative SB_E* code with d set. */
int purge_run(const struct device_info *di, enum purge_method m, struct purge_result *r,
	      struct diag *d);

/*
 * The guarded purge of target: every interlock (ids are the --destroy values), the
 * method's availability, what would happen, then -- unless dry_run -- the purge,
 * each said on out. The caller holds the run's lock, or token (not NULL) names the
 * run whose `ssdbench lock` holds it. 0, or a negative SB_E* code.
 */
int purge_guarded(const char *target, enum purge_method want, const char *const *ids,
		  size_t n, const char *token, int dry_run, FILE *out, struct purge_result *r,
		  struct diag *d);

#endif
