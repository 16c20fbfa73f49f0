/* SPDX-License-Identifier: MIT */
/* hwop: HPA and NVMe namespace commands for hardware over-provisioning, and their restore record. */
#include "hwop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "op.h"
#include "xalloc.h"

void hwop_ata_read_native_max(struct device_ata_cmd *c)
{
	memset(c, 0, sizeof(*c));
	c->command = HWOP_ATA_READ_NATIVE_MAX_EXT;
	c->protocol = DEVICE_ATA_NONDATA;
	c->extend = 1;
}

void hwop_ata_set_max(struct device_ata_cmd *c, uint64_t max_lba)
{
	memset(c, 0, sizeof(*c));
	c->command = HWOP_ATA_SET_MAX_ADDRESS_EXT;
	c->protocol = DEVICE_ATA_NONDATA;
	c->extend = 1;
	c->lba = max_lba & 0xffffffffffffULL;
	c->count = 1;   /* VV: volatile */
}

void hwop_nvme_ns_delete(struct nvme_admin_cmd *c, uint32_t nsid)
{
	memset(c, 0, sizeof(*c));
	c->opcode = HWOP_NVME_NS_MGMT;
	c->nsid = nsid;
	c->cdw10 = 1;   /* SEL: delete */
	c->timeout_ms = 60000;
}

static void put_le(uint8_t *b, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

void hwop_nvme_ns_create(struct nvme_admin_cmd *c, uint8_t *buf, uint64_t nsze,
			 unsigned flbas)
{
	memset(c, 0, sizeof(*c));
	memset(buf, 0, HWOP_NVME_DATA_LEN);
	put_le(buf + 0, nsze, 8);    /* NSZE */
	put_le(buf + 8, nsze, 8);    /* NCAP: fully provisioned */
	buf[26] = (uint8_t)(flbas & 0x0f);   /* FLBAS: the format, no metadata */
	c->opcode = HWOP_NVME_NS_MGMT;
	c->nsid = 0;    /* create: no namespace yet */
	c->cdw10 = 0;   /* SEL: create */
	c->addr = (uint64_t)(uintptr_t)buf;
	c->data_len = HWOP_NVME_DATA_LEN;
	c->timeout_ms = 60000;
}

void hwop_nvme_ns_attach(struct nvme_admin_cmd *c, uint8_t *buf, uint32_t nsid,
			 unsigned cntlid, int detach)
{
	memset(c, 0, sizeof(*c));
	memset(buf, 0, HWOP_NVME_DATA_LEN);
	put_le(buf + 0, 1, 2);        /* number of identifiers */
	put_le(buf + 2, cntlid, 2);   /* identifier 0 */
	c->opcode = HWOP_NVME_NS_ATTACH;
	c->nsid = nsid;
	c->cdw10 = detach ? 1 : 0;    /* SEL */
	c->addr = (uint64_t)(uintptr_t)buf;
	c->data_len = HWOP_NVME_DATA_LEN;
	c->timeout_ms = 60000;
}

uint64_t hwop_hpa_max_lba(uint64_t native_max, unsigned lba_bytes, unsigned centi)
{
	uint64_t usable = op_usable_bytes((native_max + 1) * lba_bytes, centi, 4096);

	return usable / lba_bytes - 1;
}

uint64_t hwop_ns_blocks(uint64_t nsze, unsigned lba_bytes, unsigned centi)
{
	return op_usable_bytes(nsze * lba_bytes, centi, 4096) / lba_bytes;
}

static const char *const method_names[] = { [HWOP_HPA] = "hpa", [HWOP_NAMESPACE] = "namespace" };

char *hwop_restore_json(const struct hwop_restore *r)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:i, s:i}", "method",
			      method_names[r->method], "device", r->device, "identity",
			      r->identity, "native_max", (json_int_t)r->native_max, "nsid",
			      (json_int_t)r->nsid, "nsze", (json_int_t)r->nsze, "flbas",
			      (int)r->flbas, "cntlid", (int)r->cntlid);
	char *s = json_dumps(o, JSON_COMPACT);

	json_decref(o);
	return s;
}

int hwop_restore_parse(const char *json, struct hwop_restore *r, struct diag *d)
{
	json_t *o = json_loads(json, 0, NULL);
	const char *method = NULL, *device = NULL, *identity = NULL;
	json_int_t native = 0, nsid = 0, nsze = 0;
	int flbas = 0, cntlid = 0, rc = 0;

	memset(r, 0, sizeof(*r));
	if (!o || json_unpack(o, "{s:s, s:s, s:s, s:I, s:I, s:I, s:i, s:i}", "method", &method,
			      "device", &device, "identity", &identity, "native_max", &native,
			      "nsid", &nsid, "nsze", &nsze, "flbas", &flbas, "cntlid", &cntlid) ||
	    native < 0 || nsid < 0 || nsid > 0xffffffffLL || nsze < 0 || flbas < 0 ||
	    cntlid < 0 || (strcmp(method, "hpa") && strcmp(method, "namespace"))) {
		rc = diag_set(d, -SB_EPARSE, NULL, 0, 0, "the journal's capacity restore record "
			      "is damaged: '%.200s'", json);
		goto out;
	}
	r->method = strcmp(method, "hpa") ? HWOP_NAMESPACE : HWOP_HPA;
	snprintf(r->device, sizeof(r->device), "%s", device);
	snprintf(r->identity, sizeof(r->identity), "%s", identity);
	r->native_max = (uint64_t)native;
	r->nsid = (uint32_t)nsid;
	r->nsze = (uint64_t)nsze;
	r->flbas = (unsigned)flbas;
	r->cntlid = (unsigned)cntlid;
out:
	json_decref(o);
	return rc;
}

int hwop_supported(const struct device_info *di, enum hwop_method method, struct diag *d)
{
	const char *kind = device_kind_name(di->kind);

	if (method == HWOP_HPA && !di->has_ata)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' (%s) does not answer ATA "
				"commands: an HPA (method=\"hpa\") needs a SATA drive reached "
				"through SG_IO ATA PASS-THROUGH", di->path, kind);
	if (method == HWOP_NAMESPACE && !di->has_nvme)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' (%s) is not an NVMe namespace: "
				"method=\"namespace\" needs an NVMe drive", di->path, kind);
	if (method == HWOP_NAMESPACE && !(di->nvme.oacs & 0x08))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s': its controller does not "
				"support namespace management (Identify Controller OACS bit 3 "
				"is 0; most client SSDs lack it)", di->path);
	return 0;
}

/* "85 07 20 00 ..." */
static void cdb_text(const struct device_ata_cmd *c, struct sbuf *sb)
{
	unsigned char cdb[16];

	device_ata_cdb(c, cdb);
	sbuf_adds(sb, "SG_IO ATA PASS-THROUGH(16) CDB");
	for (int i = 0; i < 16; i++)
		sbuf_addf(sb, " %02x", cdb[i]);
}

static void admin_text(const struct nvme_admin_cmd *c, const char *what, struct sbuf *sb)
{
	sbuf_addf(sb, "  NVME_IOCTL_ADMIN_CMD opcode 0x%02x nsid %u cdw10 0x%08x data %u bytes: "
		  "%s\n", c->opcode, c->nsid, c->cdw10, c->data_len, what);
}

void hwop_describe(const struct device_info *di, enum hwop_method method, unsigned centi,
		   struct sbuf *sb)
{
	struct device_ata_cmd a;
	struct nvme_admin_cmd n;
	uint8_t *buf = xcalloc(1, HWOP_NVME_DATA_LEN);
	unsigned nsid = 0, lba = di->logical_block ? di->logical_block : 512;

	if (method == HWOP_HPA) {
		uint64_t native = di->size / lba - 1;   /* READ NATIVE MAX tells at run time */
		uint64_t max = hwop_hpa_max_lba(native, lba, centi);

		hwop_ata_read_native_max(&a);
		sbuf_adds(sb, "  read native max: ");
		cdb_text(&a, sb);
		sbuf_adds(sb, " (READ NATIVE MAX ADDRESS EXT)\n");
		hwop_ata_set_max(&a, max);
		sbuf_adds(sb, "  journal the restore, then set max: ");
		cdb_text(&a, sb);
		sbuf_addf(sb, " (SET MAX ADDRESS EXT, volatile, last LBA %llu of %llu)\n",
			  (unsigned long long)max, (unsigned long long)native);
		hwop_ata_set_max(&a, native);
		sbuf_adds(sb, "  restore (end of scope, failure, resume): ");
		cdb_text(&a, sb);
		sbuf_addf(sb, " (SET MAX ADDRESS EXT to the native max LBA %llu)\n",
			  (unsigned long long)native);
	} else {
		uint64_t nsze = di->nvme_ns.nsze, blocks;
		unsigned flbas = di->nvme_ns.flbas_index, cntlid = di->nvme.cntlid;

		if (di->nvme_ns.lba_bytes)
			lba = di->nvme_ns.lba_bytes;
		blocks = hwop_ns_blocks(nsze, lba, centi);
		sscanf(di->kname, "nvme%*un%u", &nsid);
		hwop_nvme_ns_attach(&n, buf, nsid, cntlid, 1);
		sbuf_adds(sb, "journal the restore, then:\n");
		admin_text(&n, "Namespace Attachment, detach from controller", sb);
		hwop_nvme_ns_delete(&n, nsid);
		admin_text(&n, "Namespace Management, delete", sb);
		hwop_nvme_ns_create(&n, buf, blocks, flbas);
		admin_text(&n, "Namespace Management, create (NSZE = NCAP)", sb);
		sbuf_addf(sb, "    NSZE %llu of %llu blocks of %u bytes, FLBAS %u\n",
			  (unsigned long long)blocks, (unsigned long long)nsze, lba, flbas);
		hwop_nvme_ns_attach(&n, buf, nsid, cntlid, 0);
		admin_text(&n, "Namespace Attachment, attach (the NSID create returned)", sb);
		sbuf_addf(sb, "  restore (end of scope, failure, resume): the same with NSZE %llu\n",
			  (unsigned long long)nsze);
	}
	free(buf);
}
