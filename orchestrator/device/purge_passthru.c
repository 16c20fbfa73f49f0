/* SPDX-License-Identifier: MIT */
/* purge_passthru: NVMe sanitize/format and ATA sanitize/security erase through passthrough. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <unistd.h>

#include <linux/fs.h>

#include "err.h"
#include "purge_int.h"
#include "sbuf.h"
#include "xalloc.h"

#define POLL_LIMIT_S (48 * 3600)

unsigned purge__nvme_format_cdw10(unsigned lbaf, unsigned ses)
{
	/* LBAF bits 3:0, MSET 4, PI 7:5, PIL 8, SES 11:9, LBAF upper bits 13:12. */
	return (lbaf & 0xf) | (ses & 7) << 9 | ((lbaf >> 4) & 3) << 12;
}

static int open_dev(const char *path, int flags, int *fd, struct diag *d)
{
	*fd = open(path, flags | O_CLOEXEC);
	if (*fd >= 0)
		return 0;
	return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", path, strerror(errno));
}

static int nvme_failed(struct diag *d, const char *what, const char *dev, int st)
{
	if (st < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "%s of '%s' failed: %s", what, dev,
				strerror(-st));
	return diag_set(d, -SB_EIO, NULL, 0, 0, "%s of '%s' failed: NVMe status 0x%x", what,
			dev, (unsigned)st);
}

/* Polls the Sanitize Status log until the operation is no longer in progress. */
static int nvme_sanitize_wait(int fd, const char *dev, struct purge_result *r,
			      struct diag *d)
{
	uint8_t buf[512];
	struct device_nvme_sanitize s;

	for (int waited = 0; waited < POLL_LIMIT_S; waited++) {
		int st;

		sleep(1);
		memset(buf, 0, sizeof(buf));
		st = device_nvme_admin(fd, 0x02, 0xffffffffu, (512 / 4 - 1) << 16 | 0x81, buf,
				       sizeof(buf), 15000);
		if (st)
			return nvme_failed(d, "reading the sanitize status", dev, st);
		device_nvme_decode_sanitize(buf, sizeof(buf), &s);
		if ((s.sstat & 7) == 2)
			continue;
		if ((s.sstat & 7) != 1)
			return diag_set(d, -SB_EIO, NULL, 0, 0, "sanitize of '%s' failed "
					"(SSTAT 0x%x)", dev, s.sstat);
		snprintf(r->detail, sizeof(r->detail), "SSTAT 0x%x", s.sstat);
		return 0;
	}
	return diag_set(d, -SB_EIO, NULL, 0, 0, "sanitize of '%s' still running after %d h",
			dev, POLL_LIMIT_S / 3600);
}

int purge__nvme_sanitize(const struct device_info *di, int crypto, struct purge_result *r,
			 struct diag *d)
{
	char *ctrl = xasprintf("/dev/%s", di->nvme_ctrl);
	int fd = -1, st, rc = open_dev(ctrl, O_RDWR, &fd, d);

	if (rc)
		goto out;
	/* CDW10: SANACT 2:0 (2 block erase, 4 crypto erase); no AUSE, no overwrite. */
	st = device_nvme_admin(fd, 0x84, 0, crypto ? 4 : 2, NULL, 0, 60000);
	rc = st ? nvme_failed(d, "sanitize", ctrl, st) : nvme_sanitize_wait(fd, ctrl, r, d);
out:
	if (fd >= 0)
		close(fd);
	free(ctrl);
	return rc;
}

int purge__nvme_format(const struct device_info *di, int ses, struct purge_result *r,
		       struct diag *d)
{
	unsigned cdw10 = purge__nvme_format_cdw10(di->nvme_ns.flbas_index, (unsigned)ses);
	int fd = -1, st, rc = open_dev(di->path, O_RDONLY | O_EXCL, &fd, d);

	if (rc)
		return rc;
	st = device_nvme_admin(fd, 0x80, di->nsid, cdw10, NULL, 0, 600000);
	if (st)
		rc = nvme_failed(d, "format", di->path, st);
	else
		snprintf(r->detail, sizeof(r->detail), "nsid %u, CDW10 0x%x", di->nsid, cdw10);
	ioctl(fd, BLKRRPART);  /* the namespace's size may read differently now */
	close(fd);
	return rc;
}

/* SANITIZE STATUS EXT until "in progress" (count bit 14) clears. */
static int ata_sanitize_wait(int fd, const char *dev, struct diag *d)
{
	struct device_ata_cmd c;

	for (int waited = 0; waited < POLL_LIMIT_S; waited++) {
		sleep(1);
		memset(&c, 0, sizeof(c));
		c.command = 0xb4;
		c.protocol = DEVICE_ATA_NONDATA;
		c.extend = 1;
		if (device_ata_passthru(fd, &c))
			return diag_set(d, -SB_EIO, NULL, 0, 0, "sanitize of '%s' failed "
					"(status 0x%x, error 0x%x)", dev, c.status, c.error);
		if (c.out_count & 0x4000)
			continue;
		if (c.out_count & 0x8000)
			return 0;
		return diag_set(d, -SB_EIO, NULL, 0, 0, "sanitize of '%s' did not complete "
				"(status count 0x%x)", dev, c.out_count);
	}
	return diag_set(d, -SB_EIO, NULL, 0, 0, "sanitize of '%s' still running after %d h",
			dev, POLL_LIMIT_S / 3600);
}

int purge__ata_sanitize(const struct device_info *di, int crypto, struct purge_result *r,
			struct diag *d)
{
	/* Feature 0012h BLOCK ERASE EXT with LBA "BkEr", 0011h CRYPTO SCRAMBLE with "Cryp". */
	struct device_ata_cmd c = { .command = 0xb4, .protocol = DEVICE_ATA_NONDATA,
				    .extend = 1, .feature = crypto ? 0x0011 : 0x0012,
				    .lba = crypto ? 0x43727970u : 0x426b4572u };
	int fd = -1, rc = open_dev(di->path, O_RDWR | O_EXCL, &fd, d);

	if (rc)
		return rc;
	if (device_ata_passthru(fd, &c))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' rejected SANITIZE DEVICE (status "
			      "0x%x, error 0x%x)", di->path, c.status, c.error);
	else
		rc = ata_sanitize_wait(fd, di->path, d);
	if (!rc)
		snprintf(r->detail, sizeof(r->detail), "feature 0x%04x", c.feature);
	close(fd);
	return rc;
}

void purge__ata_password_block(uint8_t *blk, const char *pw, int enhanced)
{
	size_t n = strlen(pw);

	memset(blk, 0, 512);
	/* Word 0: bit 0 identifier (0 = user password), bit 1 enhanced erase. */
	blk[0] = (uint8_t)(enhanced ? 2 : 0);
	memcpy(blk + 2, pw, n < 32 ? n : 32);   /* words 1-16 */
}

static int ata_security(int fd, unsigned cmd, uint8_t *blk, unsigned timeout_ms)
{
	struct device_ata_cmd c = { .command = cmd, .count = 1, .buf = blk, .len = 512,
				    .timeout_ms = timeout_ms };

	c.protocol = blk ? DEVICE_ATA_PIO_OUT : DEVICE_ATA_NONDATA;
	return device_ata_passthru(fd, &c);
}

/* Whether the drive still has a password set (IDENTIFY word 128 bit 1). */
static int ata_password_set(int fd)
{
	uint8_t buf[512];
	struct device_ata_id id;
	struct device_ata_cmd c = { .command = 0xec, .count = 1, .protocol = DEVICE_ATA_PIO_IN,
				    .buf = buf, .len = sizeof(buf) };

	if (device_ata_passthru(fd, &c) || device_ata_decode_identify(buf, sizeof(buf), &id))
		return 1;
	return id.sec_enabled;
}

/* The erase itself, with the password already set; signals held off meanwhile. */
static int ata_erase(int fd, const struct device_info *di, const char *pw, int enhanced)
{
	unsigned min = enhanced ? di->ata.erase_enh_min : di->ata.erase_min;
	unsigned timeout = min ? (min + 60) * 60000u : 12 * 3600000u;
	uint8_t blk[512];

	purge__ata_password_block(blk, pw, enhanced);
	if (ata_security(fd, 0xf3, NULL, 15000))
		return -1;
	return ata_security(fd, 0xf4, blk, timeout);
}

int purge__ata_security_erase(const struct device_info *di, int enhanced,
			      struct purge_result *r, struct diag *d)
{
	char pw[33];
	uint8_t blk[512];
	unsigned char rnd[8] = { 0 };
	sigset_t block, old;
	int fd = -1, rc = open_dev(di->path, O_RDWR | O_EXCL, &fd, d), failed;

	if (rc)
		return rc;
	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd))
		rnd[0] = (unsigned char)getpid();
	snprintf(pw, sizeof(pw), "ssdbench-%02x%02x%02x%02x%02x%02x%02x%02x", rnd[0], rnd[1],
		 rnd[2], rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
	/* Said before it is set: if this process dies, the user can still unlock the drive. */
	fprintf(stderr, "ssdbench: temporary ATA user password for '%s': '%s' (if the erase "
		"is interrupted: hdparm --security-disable %s %s)\n", di->path, pw, pw, di->path);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &old);
	purge__ata_password_block(blk, pw, 0);
	failed = ata_security(fd, 0xf1, blk, 15000) ? -1 : ata_erase(fd, di, pw, enhanced);
	/* Never leave a password behind, whether the erase worked or not. */
	if (ata_password_set(fd))
		ata_security(fd, 0xf6, blk, 15000);
	if (ata_password_set(fd))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' still has the password '%s' set; "
			      "remove it with: hdparm --security-disable %s %s", di->path, pw,
			      pw, di->path);
	else if (failed)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "ATA security erase of '%s' failed; no "
			      "password is left set", di->path);
	else
		snprintf(r->detail, sizeof(r->detail), "%s erase", enhanced ? "enhanced" :
			 "normal");
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fd);
	return rc;
}
