/* SPDX-License-Identifier: MIT */
/* device_decode: NVMe and ATA identify/log pages decoded from the bytes the device returns. */
#include <stdio.h>
#include <string.h>

#include "device.h"
#include "err.h"
#include "xalloc.h"

static unsigned le16(const uint8_t *b)
{
	return (unsigned)b[0] | (unsigned)b[1] << 8;
}

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)le16(b) | (uint32_t)le16(b + 2) << 16;
}

static uint64_t le64(const uint8_t *b)
{
	return (uint64_t)le32(b) | (uint64_t)le32(b + 4) << 32;
}

static struct device_u128 le128(const uint8_t *b)
{
	struct device_u128 v = { le64(b), le64(b + 8) };

	return v;
}

/* Copies a space-padded ASCII field, trimming padding on both ends. */
static void ascii_field(char *dst, size_t dstn, const uint8_t *src, size_t n)
{
	size_t start = 0, end = n;

	while (start < end && (src[start] == ' ' || src[start] == '\0'))
		start++;
	while (end > start && (src[end - 1] == ' ' || src[end - 1] == '\0'))
		end--;
	if (end - start >= dstn)
		end = start + dstn - 1;
	for (size_t i = start; i < end; i++)
		*dst++ = (char)(src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?');
	*dst = '\0';
}

/* ATA strings: two characters per 16-bit word, the first in the word's high byte. */
static void ata_string(char *dst, size_t dstn, const uint8_t *b, unsigned word,
		       unsigned nwords)
{
	uint8_t tmp[64];

	for (unsigned i = 0; i < nwords && 2 * i + 1 < sizeof(tmp); i++) {
		tmp[2 * i] = b[2 * (word + i) + 1];
		tmp[2 * i + 1] = b[2 * (word + i)];
	}
	ascii_field(dst, dstn, tmp, 2 * (size_t)nwords);
}

int device_nvme_decode_ctrl(const uint8_t *b, size_t n, struct device_nvme_ctrl *c)
{
	memset(c, 0, sizeof(*c));
	if (n < 4096)
		return -SB_EINVAL;
	ascii_field(c->serial, sizeof(c->serial), b + 4, 20);
	ascii_field(c->model, sizeof(c->model), b + 24, 40);
	ascii_field(c->firmware, sizeof(c->firmware), b + 64, 8);
	c->cntlid = le16(b + 78);
	c->oacs = le16(b + 256);
	c->wctemp_k = le16(b + 266);
	c->cctemp_k = le16(b + 268);
	c->tnvmcap = le128(b + 280);
	c->sanicap = le32(b + 328);
	c->oncs = le16(b + 520);
	c->fna = b[524];
	c->vwc = b[525];
	return 0;
}

int device_nvme_decode_ns(const uint8_t *b, size_t n, struct device_nvme_ns *ns)
{
	unsigned lbads;

	memset(ns, 0, sizeof(*ns));
	if (n < 4096)
		return -SB_EINVAL;
	ns->nsze = le64(b + 0);
	ns->ncap = le64(b + 8);
	ns->nuse = le64(b + 16);
	/* FLBAS bits 3:0 plus, when NLBAF > 16, bits 6:5 as the upper two bits. */
	ns->flbas_index = (b[26] & 0x0f) | ((b[26] >> 5) & 0x3) << 4;
	ns->dlfeat = b[33];
	lbads = b[128 + 4 * ns->flbas_index + 2];
	ns->lba_bytes = lbads >= 9 && lbads < 32 ? 1u << lbads : 0;
	return 0;
}

int device_nvme_decode_smart(const uint8_t *b, size_t n, struct device_nvme_smart *s)
{
	memset(s, 0, sizeof(*s));
	if (n < 512)
		return -SB_EINVAL;
	s->critical_warning = b[0];
	s->temp_k = le16(b + 1);
	s->avail_spare = b[3];
	s->spare_thresh = b[4];
	s->percent_used = b[5];
	s->data_units_read = le128(b + 32);
	s->data_units_written = le128(b + 48);
	s->host_reads = le128(b + 64);
	s->host_writes = le128(b + 80);
	s->power_cycles = le128(b + 112);
	s->power_on_hours = le128(b + 128);
	s->unsafe_shutdowns = le128(b + 144);
	s->media_errors = le128(b + 160);
	for (int i = 0; i < 8; i++)
		s->sensor_k[i] = le16(b + 200 + 2 * i);
	return 0;
}

int device_nvme_decode_sanitize(const uint8_t *b, size_t n, struct device_nvme_sanitize *s)
{
	memset(s, 0, sizeof(*s));
	if (n < 32)
		return -SB_EINVAL;
	s->sprog = le16(b + 0);
	s->sstat = le16(b + 2);
	s->eto_s = le32(b + 8);
	s->etbe_s = le32(b + 12);
	s->etce_s = le32(b + 16);
	return 0;
}

/*
 * Words 106 and 117-118: logical and physical sector sizes (default 512). A
 * logical size outside 512 B..64 KiB, or a physical one past 16 MiB, is a broken
 * IDENTIFY page: the default (or the logical size) is kept rather than 0 or a wrap.
 */
static void ata_sector_sizes(const uint8_t *b, struct device_ata_id *id)
{
	unsigned w106 = le16(b + 2 * 106);
	uint64_t logical = 2 * (uint64_t)le32(b + 2 * 117), physical;

	id->logical_bytes = id->physical_bytes = 512;
	if ((w106 & 0xc000) != 0x4000)
		return;
	if ((w106 & 0x1000) && logical >= 512 && logical <= 1u << 16)
		id->logical_bytes = id->physical_bytes = (unsigned)logical;
	physical = (uint64_t)id->logical_bytes << (w106 & 0xf);
	if ((w106 & 0x2000) && physical <= 1u << 24)
		id->physical_bytes = (unsigned)physical;
}

/*
 * Words 82-86 and 119: the HPA and 48-bit feature sets, the volatile write cache
 * (bit 5 of words 82 and 85) and ACS-4's Accessible Max Address Configuration. Words 83 and 119 count only with bits 15:14 = 01b (valid);
 * words 82 and 85 are not valid when 0000h or FFFFh.
 */
static void ata_max_address(const uint8_t *b, struct device_ata_id *id)
{
	unsigned w82 = le16(b + 2 * 82), w83 = le16(b + 2 * 83), w85 = le16(b + 2 * 85);
	unsigned w119 = le16(b + 2 * 119);

	if (w82 != 0 && w82 != 0xffff) {
		id->hpa = !!(w82 & 1u << 10);
		id->hpa_enabled = id->hpa && w85 != 0xffff && (w85 & 1u << 10);
		id->wcache = !!(w82 & 1u << 5);
		id->wcache_enabled = id->wcache && w85 != 0xffff && (w85 & 1u << 5);
	}
	id->lba48 = (w83 & 0xc000) == 0x4000 && (w83 & 1u << 10);
	id->amac = (w119 & 0xc000) == 0x4000 && (w119 & 1u << 8);
}

int device_ata_decode_identify(const uint8_t *b, size_t n, struct device_ata_id *id)
{
	unsigned w59, w69, w128, w89, w90;

	memset(id, 0, sizeof(*id));
	if (n < 512)
		return -SB_EINVAL;
	ata_string(id->serial, sizeof(id->serial), b, 10, 10);
	ata_string(id->firmware, sizeof(id->firmware), b, 23, 4);
	ata_string(id->model, sizeof(id->model), b, 27, 20);
	id->lba48_sectors = le64(b + 2 * 100);
	ata_sector_sizes(b, id);
	ata_max_address(b, id);
	w59 = le16(b + 2 * 59);
	id->sanitize = !!(w59 & 1u << 12);
	id->sanitize_crypto = id->sanitize && (w59 & 1u << 13);
	id->sanitize_block = id->sanitize && (w59 & 1u << 15);
	w69 = le16(b + 2 * 69);
	id->drat = !!(w69 & 1u << 14);
	id->rzat = !!(w69 & 1u << 5);
	id->trim = !!(le16(b + 2 * 169) & 1);
	w128 = le16(b + 2 * 128);
	id->sec_supported = !!(w128 & 1);
	id->sec_enabled = !!(w128 & 2);
	id->sec_locked = !!(w128 & 4);
	id->sec_frozen = !!(w128 & 8);
	id->sec_enhanced = !!(w128 & 32);
	/* Words 89/90: bit 15 set = extended format (bits 14:0), else bits 7:0; 2-min units. */
	w89 = le16(b + 2 * 89);
	w90 = le16(b + 2 * 90);
	id->erase_min = 2 * ((w89 & 0x8000) ? (w89 & 0x7fff) : (w89 & 0xff));
	id->erase_enh_min = 2 * ((w90 & 0x8000) ? (w90 & 0x7fff) : (w90 & 0xff));
	id->rotation = le16(b + 2 * 217);
	return 0;
}

int device_ata_decode_smart(const uint8_t *b, size_t n, struct device_ata_smart *s)
{
	int t190 = -1, t194 = -1;

	memset(s, 0, sizeof(*s));
	s->temp_c = -1;
	if (n < 362)
		return -SB_EINVAL;
	/* 30 entries of 12 bytes from offset 2: id, flags[2], value, worst, raw[6], reserved. */
	for (int i = 0; i < 30; i++) {
		const uint8_t *a = b + 2 + 12 * i;
		uint64_t raw = le32(a + 5) | (uint64_t)le16(a + 9) << 32;

		if (!a[0])
			continue;
		s->nattrs++;
		if (a[0] == 9)
			s->power_on_hours = raw & 0xffffffffu;
		else if (a[0] == 194)
			t194 = a[5];
		else if (a[0] == 190)
			t190 = a[5];
	}
	s->temp_c = t194 >= 0 ? t194 : t190;
	return 0;
}

void device_u128_format(struct device_u128 v, char *buf, size_t n)
{
	char tmp[48];
	size_t i = sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		/* Long division of (hi:lo) by 10 in 32-bit halves. */
		uint64_t parts[4] = { v.hi >> 32, v.hi & 0xffffffffu, v.lo >> 32,
				      v.lo & 0xffffffffu };
		uint64_t rem = 0;

		for (int k = 0; k < 4; k++) {
			uint64_t cur = rem << 32 | parts[k];

			parts[k] = cur / 10;
			rem = cur % 10;
		}
		v.hi = parts[0] << 32 | parts[1];
		v.lo = parts[2] << 32 | parts[3];
		tmp[--i] = (char)('0' + rem);
	} while (v.hi || v.lo);
	snprintf(buf, n, "%s", tmp + i);
}
