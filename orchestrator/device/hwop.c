/* SPDX-License-Identifier: MIT */
/* hwop: HPA and NVMe namespace commands for hardware over-provisioning, and their restore record. */
#include "hwop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "hwio.h"
#include "op.h"
#include "xalloc.h"

/* A non-data 48-bit ATA command. */
static void ata_nondata(struct device_ata_cmd *c, unsigned command, unsigned feature,
			uint64_t lba, unsigned count)
{
	memset(c, 0, sizeof(*c));
	c->command = command;
	c->feature = feature;
	c->protocol = DEVICE_ATA_NONDATA;
	c->extend = 1;
	c->lba = lba & 0xffffffffffffULL;
	c->count = count;
}

void hwop_ata_read_native_max(struct device_ata_cmd *c)
{
	ata_nondata(c, HWOP_ATA_READ_NATIVE_MAX_EXT, 0, 0, 0);
}

void hwop_ata_set_max(struct device_ata_cmd *c, uint64_t max_lba)
{
	ata_nondata(c, HWOP_ATA_SET_MAX_ADDRESS_EXT, 0, max_lba, 1);   /* COUNT 1: VV, volatile */
}

void hwop_ata_get_native_max_amac(struct device_ata_cmd *c)
{
	ata_nondata(c, HWOP_ATA_AMAC, HWOP_AMAC_GET_NATIVE_MAX, 0, 0);
}

void hwop_ata_set_accessible_max(struct device_ata_cmd *c, uint64_t max_lba)
{
	ata_nondata(c, HWOP_ATA_AMAC, HWOP_AMAC_SET_ACCESSIBLE_MAX, max_lba, 0);
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
	json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:i, s:i, s:b, s:i}", "method",
			      method_names[r->method], "device", r->device, "identity",
			      r->identity, "native_max", (json_int_t)r->native_max, "nsid",
			      (json_int_t)r->nsid, "nsze", (json_int_t)r->nsze, "flbas",
			      (int)r->flbas, "cntlid", (int)r->cntlid, "amac", r->amac,
			      "lba_bytes", (int)r->lba_bytes);
	char *s = json_dumps(o, JSON_COMPACT);

	json_decref(o);
	return s;
}

int hwop_restore_parse(const char *json, struct hwop_restore *r, struct diag *d)
{
	json_t *o = json_loads(json, 0, NULL);
	const char *method = NULL, *device = NULL, *identity = NULL;
	json_int_t native = 0, nsid = 0, nsze = 0;
	int flbas = 0, cntlid = 0, amac = 0, lba = 512, rc = 0;

	memset(r, 0, sizeof(*r));
	if (!o || json_unpack(o, "{s:s, s:s, s:s, s:I, s:I, s:I, s:i, s:i, s?b, s?i}", "method",
			      &method, "device", &device, "identity", &identity, "native_max",
			      &native, "nsid", &nsid, "nsze", &nsze, "flbas", &flbas, "cntlid",
			      &cntlid, "amac", &amac, "lba_bytes", &lba) ||
	    lba < 512 || lba > 65536 ||
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
	r->amac = amac;
	r->lba_bytes = (unsigned)lba;
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
	if (method == HWOP_HPA && (!di->ata.lba48 || (!di->ata.hpa && !di->ata.amac)))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s': its IDENTIFY DEVICE says "
				"neither the HPA feature set (word 82 bit 10) nor Accessible "
				"Max Address Configuration (word 119 bit 8)%s", di->path,
				di->ata.lba48 ? "" : ", or no 48-bit addressing (word 83 bit 10)");
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

		int amac = !di->ata.hpa && di->ata.amac;

		if (amac)
			hwop_ata_get_native_max_amac(&a);
		else
			hwop_ata_read_native_max(&a);
		sbuf_adds(sb, "  read native max: ");
		cdb_text(&a, sb);
		sbuf_addf(sb, " (%s)\n", amac ? "GET NATIVE MAX ADDRESS EXT" :
			  "READ NATIVE MAX ADDRESS EXT");
		if (amac)
			hwop_ata_set_accessible_max(&a, max);
		else
			hwop_ata_set_max(&a, max);
		sbuf_adds(sb, "  journal the restore, then set max: ");
		cdb_text(&a, sb);
		sbuf_addf(sb, " (%s, last LBA %llu of %llu)\n", amac ? "SET ACCESSIBLE MAX "
			  "ADDRESS EXT, not volatile" : "SET MAX ADDRESS EXT, volatile",
			  (unsigned long long)max, (unsigned long long)native);
		if (amac)
			hwop_ata_set_accessible_max(&a, native);
		else
			hwop_ata_set_max(&a, native);
		sbuf_adds(sb, "  restore (end of scope, failure, resume): ");
		cdb_text(&a, sb);
		sbuf_addf(sb, " (the same to the native max LBA %llu)\n",
			  (unsigned long long)native);
	} else {
		uint64_t nsze = di->nvme_ns.nsze, blocks;
		unsigned flbas = di->nvme_ns.flbas_index, cntlid = di->nvme.cntlid;

		if (di->nvme_ns.lba_bytes)
			lba = di->nvme_ns.lba_bytes;
		blocks = hwop_ns_blocks(nsze, lba, centi);
		nsid = di->nsid;
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

/* ---- the live path ------------------------------------------------------------- */

uint64_t hwop_restore_bytes(const struct hwop_restore *r)
{
	unsigned lba = r->lba_bytes ? r->lba_bytes : 512;

	return r->method == HWOP_HPA ? (r->native_max + 1) * lba : r->nsze * lba;
}

/* One logged command: an ATA command (n == NULL) or an NVMe admin command. */
static int send(struct hwio *h, struct device_ata_cmd *a, struct nvme_admin_cmd *n,
		const char *what, const char *args, struct hwop_log *log, struct diag *d)
{
	double t0 = clock_mono_s();
	int rc = n ? hwio_nvme(h, n, what, d) : hwio_ata(h, a, what, d);

	if (log->n < HWOP_LOG_MAX) {
		snprintf(log->e[log->n].what, sizeof(log->e[0].what), "%s", what);
		snprintf(log->e[log->n].args, sizeof(log->e[0].args), "%s", args);
		log->e[log->n].seconds = clock_mono_s() - t0;
		log->e[log->n++].ok = !rc;
	}
	return rc;
}

/* The native max LBA, by the feature set IDENTIFY says the drive has. */
static int read_native(struct hwio *h, int amac, uint64_t *native, struct hwop_log *log,
		       struct diag *d)
{
	struct device_ata_cmd a;
	int rc;

	if (amac)
		hwop_ata_get_native_max_amac(&a);
	else
		hwop_ata_read_native_max(&a);
	rc = send(h, &a, NULL, amac ? "GET NATIVE MAX ADDRESS EXT" :
		  "READ NATIVE MAX ADDRESS EXT", "", log, d);
	*native = a.out_lba;
	return rc;
}

int hwop_read(struct hwio *h, const struct device_info *di, enum hwop_method method,
	      struct hwop_restore *r, struct hwop_log *log, struct diag *d)
{
	struct nvme_admin_cmd n = { .opcode = 0x06, .cdw10 = 1,
				    .data_len = HWOP_NVME_DATA_LEN, .timeout_ms = 15000 };
	struct device_nvme_ctrl ctrl;
	struct device_nvme_ns ns;
	uint8_t *buf;
	int rc;

	r->method = method;
	if (method == HWOP_HPA) {
		r->amac = !di->ata.hpa && di->ata.amac;
		r->lba_bytes = di->ata.logical_bytes ? di->ata.logical_bytes : 512;
		rc = read_native(h, r->amac, &r->native_max, log, d);
		if (!rc && !r->native_max)
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' says its native max LBA is 0",
				      di->path);
		return rc;
	}
	buf = xcalloc(1, HWOP_NVME_DATA_LEN);
	n.addr = (uint64_t)(uintptr_t)buf;
	rc = send(h, NULL, &n, "Identify Controller", "CNS 01h", log, d);
	if (!rc && device_nvme_decode_ctrl(buf, HWOP_NVME_DATA_LEN, &ctrl))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "short Identify Controller");
	memset(buf, 0, HWOP_NVME_DATA_LEN);
	n.cdw10 = 0;
	n.nsid = di->nsid;
	if (!rc)
		rc = send(h, NULL, &n, "Identify Namespace", "CNS 00h", log, d);
	if (!rc && (device_nvme_decode_ns(buf, HWOP_NVME_DATA_LEN, &ns) || !ns.nsze ||
		    !ns.lba_bytes))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "Identify Namespace %u of '%s' gives no "
			      "size or block size", di->nsid, di->path);
	if (!rc) {
		r->nsid = di->nsid;
		r->nsze = ns.nsze;
		r->flbas = ns.flbas_index;
		r->lba_bytes = ns.lba_bytes;
		r->cntlid = ctrl.cntlid;
	}
	free(buf);
	return rc;
}

/* HPA or AMAC: the native max again (ATA-7 wants it right before SET MAX), then the set. */
static int resize_ata(struct hwio *h, const struct hwop_restore *r, uint64_t max_lba,
		      struct hwop_log *log, struct diag *d)
{
	struct device_ata_cmd a;
	uint64_t native;
	char args[64];
	int rc = read_native(h, r->amac, &native, log, d);

	if (!rc && native != r->native_max)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "the native max LBA of '%s' is %llu, "
				"the restore record says %llu", r->device,
				(unsigned long long)native, (unsigned long long)r->native_max);
	if (rc)
		return rc;
	if (r->amac)
		hwop_ata_set_accessible_max(&a, max_lba);
	else
		hwop_ata_set_max(&a, max_lba);
	snprintf(args, sizeof(args), "last LBA %llu", (unsigned long long)max_lba);
	return send(h, &a, NULL, r->amac ? "SET ACCESSIBLE MAX ADDRESS EXT" :
		    "SET MAX ADDRESS EXT", args, log, d);
}

/* Detach, delete, create (NSZE = NCAP = nsze), attach the NSID the create returned. */
static int resize_ns(struct hwio *h, const struct hwop_restore *r, uint64_t nsze,
		     uint32_t *nsid, struct hwop_log *log, struct diag *d)
{
	uint8_t *buf = xcalloc(1, HWOP_NVME_DATA_LEN);
	struct nvme_admin_cmd n;
	char args[64];
	int rc;

	snprintf(args, sizeof(args), "NSID %u, controller %u", r->nsid, r->cntlid);
	hwop_nvme_ns_attach(&n, buf, r->nsid, r->cntlid, 1);
	rc = send(h, NULL, &n, "namespace detach", args, log, d);
	hwop_nvme_ns_delete(&n, r->nsid);
	if (!rc)
		rc = send(h, NULL, &n, "namespace delete", args, log, d);
	hwop_nvme_ns_create(&n, buf, nsze, r->flbas);
	snprintf(args, sizeof(args), "NSZE %llu, FLBAS %u", (unsigned long long)nsze, r->flbas);
	if (!rc)
		rc = send(h, NULL, &n, "namespace create", args, log, d);
	if (!rc && !n.result)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "namespace create on '%s' returned NSID 0",
			      r->device);
	if (!rc) {
		*nsid = n.result;
		hwop_nvme_ns_attach(&n, buf, *nsid, r->cntlid, 0);
		snprintf(args, sizeof(args), "NSID %u, controller %u", *nsid, r->cntlid);
		rc = send(h, NULL, &n, "namespace attach", args, log, d);
	}
	free(buf);
	return rc;
}

int hwop_resize(struct hwio *h, const struct hwop_restore *r, uint64_t count, uint32_t *nsid,
		struct hwop_log *log, struct diag *d)
{
	*nsid = r->nsid;
	if (r->method == HWOP_HPA)
		return resize_ata(h, r, count, log, d);
	return resize_ns(h, r, count, nsid, log, d);
}
