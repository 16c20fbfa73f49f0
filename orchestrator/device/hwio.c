/* SPDX-License-Identifier: MIT */
/* hwio: SG_IO and NVMe admin commands and the rescan, or a test build's stand-in. */
#include "hwio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "err.h"
#include "xalloc.h"

struct hwio {
	const struct device_stand_in *sim;  /* a test build's stand-in, or NULL */
	void *fake;                  /* what sim->open returned */
	int fd;                      /* ATA: the drive; NVMe: its controller */
	int nvme;
	char node[4096];             /* what fd is open on */
	char kname[64];
};

struct hwio *hwio_open(const struct device_info *di, struct diag *d)
{
	struct hwio *h = xcalloc(1, sizeof(*h));

	h->fd = -1;
	h->nvme = di->has_nvme;
	snprintf(h->kname, sizeof(h->kname), "%s", di->kname);
	if ((h->sim = device_stand_in(di))) {
		h->fake = h->sim->open(di, d);
		snprintf(h->node, sizeof(h->node), "%s", di->path);
		if (!h->fake) {
			free(h);
			return NULL;
		}
		return h;
	}
	if (h->nvme && !di->nvme_ctrl[0]) {
		diag_set(d, -SB_EIO, NULL, 0, 0, "cannot tell the NVMe controller of '%s' "
			 "(no /sys/block/%s/device link)", di->path, di->kname);
		free(h);
		return NULL;
	}
	if (h->nvme)
		snprintf(h->node, sizeof(h->node), "/dev/%s", di->nvme_ctrl);
	else
		snprintf(h->node, sizeof(h->node), "%s", di->path);
	h->fd = open(h->node, O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (h->fd < 0) {
		diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s' for %s commands: %s",
			 h->node, h->nvme ? "NVMe admin" : "ATA", strerror(errno));
		free(h);
		return NULL;
	}
	return h;
}

void hwio_close(struct hwio *h)
{
	if (!h)
		return;
	if (h->fd >= 0)
		close(h->fd);
	if (h->fake)
		h->sim->close(h->fake);
	free(h);
}

int hwio_simulated(const struct hwio *h)
{
	return h->fake != NULL;
}

int hwio_ata(struct hwio *h, struct device_ata_cmd *c, const char *what, struct diag *d)
{
	int rc;

	c->status = c->error = 0;
	rc = h->fake ? h->sim->ata(h->fake, c) : device_ata_passthru(h->fd, c);
	if (!rc)
		return 0;
	if (rc == -EIO && (c->status & 0x01))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "%s (ATA command %02xh) on '%s' failed: "
				"status %02xh, error %02xh%s", what, c->command, h->node,
				c->status, c->error, (c->error & 0x04) ? " (ABRT: the drive "
				"refused it)" : (c->error & 0x10) ? " (IDNF: address out of "
				"range)" : "");
	return diag_set(d, -SB_EIO, NULL, 0, 0, "%s (ATA command %02xh) on '%s' failed: %s",
			what, c->command, h->node, strerror(-rc));
}

int hwio_nvme(struct hwio *h, struct nvme_admin_cmd *c, const char *what, struct diag *d)
{
	int rc;

	c->result = 0;
	if (h->fake) {
		rc = h->sim->nvme(h->fake, c);
	} else {
		rc = ioctl(h->fd, NVME_IOCTL_ADMIN_CMD, c);
		rc = rc < 0 ? -errno : rc;
	}
	if (!rc)
		return 0;
	if (rc > 0)   /* the completion's status field: SCT in bits 10:8, SC in 7:0 */
		return diag_set(d, -SB_EIO, NULL, 0, 0, "%s (NVMe admin opcode %02xh) on '%s' "
				"failed: status %#x (SCT %u, SC %02xh%s)", what, c->opcode, h->node,
				(unsigned)rc, ((unsigned)rc >> 8) & 0x7, (unsigned)rc & 0xff,
				(rc & 0x4000) ? ", do not retry" : "");
	return diag_set(d, -SB_EIO, NULL, 0, 0, "%s (NVMe admin opcode %02xh) on '%s' failed: "
			"%s", what, c->opcode, h->node, strerror(-rc));
}

/* Writes "1" to /sys/block/KNAME/device/rescan: sd re-reads READ CAPACITY. */
static int sd_rescan(const char *kname)
{
	char path[128];
	int fd, rc = 0;

	snprintf(path, sizeof(path), "/sys/block/%s/device/rescan", kname);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, "1", 1) != 1)
		rc = -errno;
	close(fd);
	return rc;
}

int hwio_rescan(struct hwio *h, struct diag *d)
{
	int rc;

	if (h->fake)
		rc = h->sim->rescan(h->fake);
	else if (h->nvme)
		rc = ioctl(h->fd, NVME_IOCTL_RESCAN) < 0 ? -errno : 0;
	else
		rc = sd_rescan(h->kname);
	if (rc)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "the rescan of '%s' failed: %s", h->node,
				strerror(-rc));
	return 0;
}
