/* SPDX-License-Identifier: MIT */
/*
 * hwio: the transport under hardware over-provisioning: one ATA command (SG_IO ATA
 * PASS-THROUGH(16), the sense data decoded), one NVMe admin command
 * (NVME_IOCTL_ADMIN_CMD on the controller node, its status), and the rescan that
 * makes the kernel see a new capacity (sysfs device/rescan; NVME_IOCTL_RESCAN). When a
 * test build's stand-in answers for the drive (device_stand_in) the same calls go
 * to it instead; nothing above this layer knows which one answers.
 */
#ifndef SB_HWIO_H
#define SB_HWIO_H

#include <linux/nvme_ioctl.h>

#include "device.h"
#include "diag.h"

struct hwio;

/*
 * Opens the drive di for commands: an ATA drive's node, or an NVMe namespace's
 * controller (/dev/nvmeX). Returns a new hwio (hwio_close() it), or NULL with d set.
 */
struct hwio *hwio_open(const struct device_info *di, struct diag *d);
void hwio_close(struct hwio *h);
/* Whether h is the simulation (for the manifest's account). */
int hwio_simulated(const struct hwio *h);
/* Sends c; 0, or -SB_EIO with d naming the command (what) and the drive's status and error. */
int hwio_ata(struct hwio *h, struct device_ata_cmd *c, const char *what, struct diag *d);
/* Sends c; 0 (c->result set), or -SB_EIO with d naming the command and its NVMe status. */
int hwio_nvme(struct hwio *h, struct nvme_admin_cmd *c, const char *what, struct diag *d);
/* The kernel re-reads the drive's capacity; 0 or -SB_EIO with d set. */
int hwio_rescan(struct hwio *h, struct diag *d);

#endif
