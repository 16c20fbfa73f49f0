/* SPDX-License-Identifier: MIT */
/* purge_int: the passthrough purges (NVMe, ATA) that purge.c dispatches to. */
#ifndef SB_PURGE_INT_H
#define SB_PURGE_INT_H

#include "purge.h"

/* NVMe Sanitize (84h) on the controller, then polls the Sanitize Status log (81h). */
int purge__nvme_sanitize(const struct device_info *di, int crypto, struct purge_result *r,
			 struct diag *d);
/* NVMe Format NVM (80h) keeping the current LBA format, SES 1 (user data) or 2 (crypto). */
int purge__nvme_format(const struct device_info *di, int ses, struct purge_result *r,
		       struct diag *d);
/* ATA SANITIZE DEVICE (B4h) block erase or crypto scramble, polled to completion. */
int purge__ata_sanitize(const struct device_info *di, int crypto, struct purge_result *r,
			struct diag *d);
/* ATA SECURITY ERASE UNIT with a one-run password that is never left set. */
int purge__ata_security_erase(const struct device_info *di, int enhanced,
			      struct purge_result *r, struct diag *d);
/* The NVMe Format CDW10 for LBA format index lbaf and secure erase setting ses. */
unsigned purge__nvme_format_cdw10(unsigned lbaf, unsigned ses);
/* The ATA security password block (512 bytes): word 0 control, words 1-16 password. */
void purge__ata_password_block(uint8_t *blk, const char *pw, int enhanced);

#endif
