/* SPDX-License-Identifier: MIT */
/* op: software over-provisioning, OP = (raw - user) / user, as the LBA prefix workloads may use. */
#ifndef SB_OP_H
#define SB_OP_H

#include <stdint.h>

/* Parses "28", "28%" or "7.5%" into hundredths of a percent (2800); 0 or -SB_EINVAL. */
int op_parse(const char *s, unsigned *centi, const char **why);
/*
 * The bytes a workload may use on a device of raw bytes with OP centi/100 %:
 * raw / (1 + OP), rounded down to a multiple of align (the logical block; 0 = 1).
 * 28 % of 1 GiB is 838860800 bytes, the first 78.125 %; 100 % is the first half.
 */
uint64_t op_usable_bytes(uint64_t raw, unsigned centi, unsigned align);

#endif
