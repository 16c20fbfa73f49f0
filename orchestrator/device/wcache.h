/* SPDX-License-Identifier: MIT */
/*
 * wcache: a drive's volatile write cache: NVMe Get/Set Features, Volatile Write
 * Cache (FID 06h, admin opcodes 0Ah/09h, WCE in bit 0), and ATA IDENTIFY DEVICE
 * (word 82 bit 5 supported, word 85 bit 5 enabled) with SET FEATURES (EFh,
 * feature 02h enable, 82h disable) over SG_IO, sent through hwio. Files, loop and
 * zram devices have none to set: "not applicable", never an error.
 */
#ifndef SB_WCACHE_H
#define SB_WCACHE_H

#include <stddef.h>
#include <stdint.h>

#include <linux/nvme_ioctl.h>

#include "device.h"
#include "diag.h"
#include "hwop.h"
#include "sbuf.h"

enum wcache_method { WCACHE_NONE, WCACHE_NVME, WCACHE_ATA };

enum {
	WCACHE_NVME_FID = 0x06,          /* Volatile Write Cache */
	WCACHE_NVME_GET_FEATURES = 0x0a,
	WCACHE_NVME_SET_FEATURES = 0x09,
	WCACHE_ATA_IDENTIFY = 0xec,
	WCACHE_ATA_SET_FEATURES = 0xef,
	WCACHE_ATA_ENABLE = 0x02,        /* SET FEATURES subcommands */
	WCACHE_ATA_DISABLE = 0x82,
};

/* Get Features FID 06h, the current value (SEL 0): the state returns in c->result. */
void wcache_nvme_get(struct nvme_admin_cmd *c);
/* Set Features FID 06h, CDW11 bit 0 (WCE) = enable; not saved across a power cycle. */
void wcache_nvme_set(struct nvme_admin_cmd *c, int enable);
/* The state Get Features returned: 1 enabled, 0 disabled. */
int wcache_nvme_decode(uint32_t result);
/* IDENTIFY DEVICE into buf (512 bytes). */
void wcache_ata_identify(struct device_ata_cmd *c, uint8_t *buf);
/* SET FEATURES, enable (02h) or disable (82h) the volatile write cache: non-data. */
void wcache_ata_set(struct device_ata_cmd *c, int enable);
/*
 * IDENTIFY DEVICE's words 82 and 85: *supported (bit 5 of 82) and the state (bit 5
 * of 85): 1 enabled, 0 disabled. 0, or -SB_EINVAL when short or the words are
 * not valid (0000h, FFFFh).
 */
int wcache_ata_decode(const uint8_t *id, size_t n, int *supported, int *enabled);

/*
 * How di's write cache is reached: NVMe or ATA, or WCACHE_NONE with *why saying
 * what di is ("a file", "a loop device") for a target that has none to set.
 */
enum wcache_method wcache_method_of(const struct device_info *di, const char **why);
/*
 * Whether on or off can be set on di, whose method is not WCACHE_NONE: 0, or
 * -SB_EUSAGE with d saying why (no volatile write cache, no passthrough answer).
 */
int wcache_settable(const struct device_info *di, struct diag *d);
/* The drive's state: *enabled 1 or 0. Logged in log. 0 or -SB_EIO with d set. */
int wcache_get(struct hwio *h, enum wcache_method m, int *enabled, struct hwop_log *log,
	       struct diag *d);
/* Enables or disables it. Logged in log. 0 or -SB_EIO with d set. */
int wcache_set(struct hwio *h, enum wcache_method m, int enable, struct hwop_log *log,
	       struct diag *d);
/* The dry run's lines: every command that reads, sets (to enable) and reads back. */
void wcache_describe(enum wcache_method m, int enable, struct sbuf *sb);
/* "on", "off", or "unknown" for a state of -1. */
const char *wcache_state_name(int state);

#endif
