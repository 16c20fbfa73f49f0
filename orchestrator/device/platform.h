/* SPDX-License-Identifier: MIT */
/*
 * platform: the machine a run ran on and the drive's link, for the cover page:
 * the OS (/etc/os-release), RAM (/proc/meminfo), board and BIOS (DMI in
 * sysfs), and a block device's interface (an NVMe's PCIe link, a SATA link's speed).
 * Every path is read under root ("" for the machine itself), so tests can give a
 * tree of their own. A fact not found is "" (or 0).
 */
#ifndef SB_PLATFORM_H
#define SB_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

struct platform_info {
	char os[256];        /* PRETTY_NAME: "Debian GNU/Linux 12 (bookworm)" */
	uint64_t ram_bytes;  /* MemTotal */
	char board[256];     /* "ASUSTeK COMPUTER INC. PRIME X570-PRO" (board_vendor, board_name) */
	char bios[256];      /* "American Megatrends Inc. 4021 (08/09/2022)" */
};

void platform_probe(const char *root, struct platform_info *p);

/*
 * The interface of block device kname ("nvme0n1", "sda") into buf: "NVMe, PCIe 4.0
 * x4 (16.0 GT/s)" from its PCI device's current_link_speed and _width, "SATA,
 * 6.0 Gbps" from its ATA link's sata_spd, else "NVMe", "SATA", "virtio", "USB" or
 * "" when it cannot tell (a loop device says "loop", zram "zram").
 */
void platform_link(const char *root, const char *kname, char *buf, size_t n);

#endif
