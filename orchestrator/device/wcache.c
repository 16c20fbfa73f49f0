/* SPDX-License-Identifier: MIT */
/* wcache: the volatile write cache's commands, NVMe Get/Set Features 06h and ATA SET FEATURES. */
#include "wcache.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "err.h"
#include "hwio.h"

void wcache_nvme_get(struct nvme_admin_cmd *c)
{
	memset(c, 0, sizeof(*c));
	c->opcode = WCACHE_NVME_GET_FEATURES;
	c->cdw10 = WCACHE_NVME_FID;   /* SEL 000b (current) in bits 10:8 */
	c->timeout_ms = 15000;
}

void wcache_nvme_set(struct nvme_admin_cmd *c, int enable)
{
	memset(c, 0, sizeof(*c));
	c->opcode = WCACHE_NVME_SET_FEATURES;
	c->cdw10 = WCACHE_NVME_FID;   /* SV (bit 31) clear: not saved */
	c->cdw11 = enable ? 1 : 0;
	c->timeout_ms = 15000;
}

int wcache_nvme_decode(uint32_t result)
{
	return (int)(result & 1);
}

void wcache_ata_identify(struct device_ata_cmd *c, uint8_t *buf)
{
	memset(c, 0, sizeof(*c));
	memset(buf, 0, 512);
	c->command = WCACHE_ATA_IDENTIFY;
	c->count = 1;
	c->protocol = DEVICE_ATA_PIO_IN;
	c->buf = buf;
	c->len = 512;
}

void wcache_ata_set(struct device_ata_cmd *c, int enable)
{
	memset(c, 0, sizeof(*c));
	c->command = WCACHE_ATA_SET_FEATURES;
	c->feature = enable ? WCACHE_ATA_ENABLE : WCACHE_ATA_DISABLE;
	c->protocol = DEVICE_ATA_NONDATA;
}

int wcache_ata_decode(const uint8_t *id, size_t n, int *supported, int *enabled)
{
	unsigned w82, w85;

	*supported = *enabled = 0;
	if (n < 512)
		return -SB_EINVAL;
	w82 = (unsigned)id[164] | (unsigned)id[165] << 8;
	w85 = (unsigned)id[170] | (unsigned)id[171] << 8;
	if (w82 == 0 || w82 == 0xffff || w85 == 0xffff)
		return -SB_EINVAL;
	*supported = !!(w82 & 1u << 5);
	*enabled = *supported && (w85 & 1u << 5);
	return 0;
}

enum wcache_method wcache_method_of(const struct device_info *di, const char **why)
{
	*why = NULL;
	if (di->has_nvme)
		return WCACHE_NVME;
	if (di->has_ata)
		return WCACHE_ATA;
	switch (di->kind) {
	case DEVICE_NVME:
	case DEVICE_SD:
		return di->kind == DEVICE_NVME ? WCACHE_NVME : WCACHE_ATA;  /* no answer yet */
	case DEVICE_FILE:
		*why = "a file";
		break;
	case DEVICE_LOOP:
		*why = "a loop device";
		break;
	case DEVICE_ZRAM:
		*why = "a zram device";
		break;
	case DEVICE_MD:
		*why = "an md array";
		break;
	default:
		*why = "a device without NVMe or ATA commands";
		break;
	}
	return WCACHE_NONE;
}

int wcache_settable(const struct device_info *di, struct diag *d)
{
	if (!di->has_nvme && !di->has_ata)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' (%s) does not answer %s: its "
				"write cache cannot be set (this version sets it on NVMe drives "
				"and on SATA drives over SG_IO ATA PASS-THROUGH)", di->path,
				device_kind_name(di->kind), di->kind == DEVICE_NVME ?
				"NVMe admin commands (root needed)" : "ATA PASS-THROUGH");
	if (di->has_nvme && !(di->nvme.vwc & 1))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' has no volatile write cache "
				"(Identify Controller VWC, byte 525 bit 0, is 0): there is no "
				"write cache to turn on or off; use write-cache=\"as-is\"", di->path);
	if (di->has_ata && !di->ata.wcache)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' has no volatile write cache "
				"(IDENTIFY DEVICE word 82 bit 5 is 0): there is no write cache to "
				"turn on or off; use write-cache=\"as-is\"", di->path);
	return 0;
}

static void log_add(struct hwop_log *log, const char *what, const char *args, double t0,
		    int ok)
{
	if (log->n >= HWOP_LOG_MAX)
		return;
	snprintf(log->e[log->n].what, sizeof(log->e[0].what), "%s", what);
	snprintf(log->e[log->n].args, sizeof(log->e[0].args), "%s", args);
	log->e[log->n].seconds = clock_mono_s() - t0;
	log->e[log->n++].ok = ok;
}

int wcache_get(struct hwio *h, enum wcache_method m, int *enabled, struct hwop_log *log,
	       struct diag *d)
{
	double t0 = clock_mono_s();
	int rc, supported = 0;

	*enabled = -1;
	if (m == WCACHE_NVME) {
		struct nvme_admin_cmd c;

		wcache_nvme_get(&c);
		rc = hwio_nvme(h, &c, "Get Features, Volatile Write Cache", d);
		if (!rc)
			*enabled = wcache_nvme_decode(c.result);
		log_add(log, "Get Features", "FID 06h", t0, !rc);
		return rc;
	}
	{
		uint8_t buf[512];
		struct device_ata_cmd c;

		wcache_ata_identify(&c, buf);
		rc = hwio_ata(h, &c, "IDENTIFY DEVICE", d);
		if (!rc && wcache_ata_decode(buf, sizeof(buf), &supported, enabled))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "IDENTIFY DEVICE gives no valid words "
				      "82 and 85 (the write cache's)");
		log_add(log, "IDENTIFY DEVICE", "words 82, 85", t0, !rc);
	}
	return rc;
}

int wcache_set(struct hwio *h, enum wcache_method m, int enable, struct hwop_log *log,
	       struct diag *d)
{
	double t0 = clock_mono_s();
	int rc;

	if (m == WCACHE_NVME) {
		struct nvme_admin_cmd c;

		wcache_nvme_set(&c, enable);
		rc = hwio_nvme(h, &c, "Set Features, Volatile Write Cache", d);
		log_add(log, "Set Features", enable ? "FID 06h, WCE 1" : "FID 06h, WCE 0", t0, !rc);
	} else {
		struct device_ata_cmd c;

		wcache_ata_set(&c, enable);
		rc = hwio_ata(h, &c, "SET FEATURES", d);
		log_add(log, "SET FEATURES", enable ? "02h, enable the write cache" :
			"82h, disable the write cache", t0, !rc);
	}
	return rc;
}

static void cdb_line(const char *what, const struct device_ata_cmd *c, struct sbuf *sb)
{
	unsigned char cdb[16];

	device_ata_cdb(c, cdb);
	sbuf_addf(sb, "  %s: SG_IO ATA PASS-THROUGH(16) CDB", what);
	for (int i = 0; i < 16; i++)
		sbuf_addf(sb, " %02x", cdb[i]);
	sbuf_adds(sb, "\n");
}

static void admin_line(const char *what, const struct nvme_admin_cmd *c, struct sbuf *sb)
{
	sbuf_addf(sb, "  %s: NVME_IOCTL_ADMIN_CMD opcode 0x%02x nsid %u cdw10 0x%08x cdw11 "
		  "0x%08x\n", what, c->opcode, c->nsid, c->cdw10, c->cdw11);
}

void wcache_describe(enum wcache_method m, int enable, struct sbuf *sb)
{
	if (m == WCACHE_NVME) {
		struct nvme_admin_cmd c;

		wcache_nvme_get(&c);
		admin_line("read (Get Features, Volatile Write Cache)", &c, sb);
		wcache_nvme_set(&c, enable);
		admin_line(enable ? "enable (Set Features, WCE 1)" :
			   "disable (Set Features, WCE 0)", &c, sb);
	} else {
		uint8_t buf[512];
		struct device_ata_cmd c;

		wcache_ata_identify(&c, buf);
		cdb_line("read (IDENTIFY DEVICE, words 82 and 85 bit 5)", &c, sb);
		wcache_ata_set(&c, enable);
		cdb_line(enable ? "enable (SET FEATURES 02h)" : "disable (SET FEATURES 82h)", &c,
			 sb);
	}
}

const char *wcache_state_name(int state)
{
	return state < 0 ? "unknown" : state ? "on" : "off";
}
