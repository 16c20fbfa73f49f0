/* SPDX-License-Identifier: MIT */
/*
 * fakedrive: TEST-ONLY simulation of a drive that can change its capacity. With
 * SSDBENCH_FAKE_DRIVE=<state file> in the environment, and only on a loop device,
 * the loop device answers as a SATA drive with an HPA (or with ACS-4 Accessible
 * Max Address Configuration instead), or as an NVMe namespace whose controller
 * supports namespace management. Identity comes from the state file; the native
 * capacity is the backing file's size; SET MAX and namespace create really shrink
 * the loop device (LOOP_SET_STATUS64 lo_sizelimit, LOOP_SET_CAPACITY at rescan).
 * It exists so the hardware-OP orchestration runs for real in CI: hwio uses it in
 * place of SG_IO / NVME_IOCTL_ADMIN_CMD, everything above hwio is shared. It is
 * built into ssdbench-fakes only (tests/CMakeLists.txt), never into ssdbench.
 *
 * The state file holds key=value lines ('#' starts a comment):
 *   type=ata | ata-amac | nvme   (ata-amac: no HPA feature set, AMAC supported)
 *   serial=..., model=..., firmware=...
 *   lba=512                      logical block size in bytes (nvme: 512 or 4096)
 *   nsid=1, cntlid=1             nvme: the namespace and controller identifiers
 *   vwc=1                        a volatile write cache (0: none); its state is
 *                                the loop device's queue/write_cache
 *   fail=COMMAND                 the command that fails: native-max, set-max,
 *                                ns-detach, ns-delete, ns-create, ns-attach, rescan,
 *                                write-cache-on, write-cache-off
 * It is read again at every open, so a test can change the serial between runs.
 */
#ifndef SB_FAKEDRIVE_H
#define SB_FAKEDRIVE_H

#include <linux/nvme_ioctl.h>

#include "device.h"
#include "diag.h"

#define FAKEDRIVE_ENV "SSDBENCH_FAKE_DRIVE"

/*
 * The device layer's stand-in made of the functions below: ssdbench-fakes (the
 * test build of the command line, fakes_main.c) installs it with
 * device_set_stand_in() before anything runs. The shipped ssdbench has none.
 */
extern const struct device_stand_in fakedrive_stand_in;
/* What the manifest and the output say of a simulated drive. */
#define FAKEDRIVE_NOTE "SSDBENCH_FAKE_DRIVE, a loop device playing a drive, tests only"

struct fakedrive;

/* Whether di is simulated: the variable is set and di is a loop device. */
int fakedrive_active(const struct device_info *di);
/*
 * Reads the state file for the loop device di. Returns a new fakedrive
 * (fakedrive_free() it), or NULL with d set when the state file is unreadable.
 */
struct fakedrive *fakedrive_open(const struct device_info *di, struct diag *d);
void fakedrive_free(struct fakedrive *f);
/*
 * The probe's view when active: IDENTIFY DEVICE, or Identify Controller and
 * Namespace, built from the state file and decoded by device_decode like a real
 * drive's answers. Does nothing when not active.
 */
void fakedrive_probe(struct device_info *di);
/* An ATA command; 0, or -EIO with c->status and c->error set as a drive would. */
int fakedrive_ata(struct fakedrive *f, struct device_ata_cmd *c);
/* An NVMe admin command; 0 (c->result set), an NVMe status (> 0), or -errno. */
int fakedrive_nvme(struct fakedrive *f, struct nvme_admin_cmd *c);
/* The kernel re-reads the size: LOOP_SET_CAPACITY. 0 or -errno. */
int fakedrive_rescan(struct fakedrive *f);

#endif
