/* SPDX-License-Identifier: MIT */
/*
 * hwop: hardware over-provisioning, the commands that shrink a drive and give its
 * capacity back: an ATA drive's max address (HPA: READ NATIVE MAX ADDRESS EXT,
 * SET MAX ADDRESS EXT over SG_IO ATA PASS-THROUGH(16)) and an NVMe namespace's size
 * (Namespace Management and Attachment over NVME_IOCTL_ADMIN_CMD), and the restore
 * record the journal keeps before any change.
 */
#ifndef SB_HWOP_H
#define SB_HWOP_H

#include <stddef.h>
#include <stdint.h>

#include <linux/nvme_ioctl.h>

#include "device.h"
#include "diag.h"
#include "sbuf.h"

enum hwop_method { HWOP_HPA, HWOP_NAMESPACE };

/* ATA command codes (ACS-3, 48-bit HPA feature set) and NVMe admin opcodes. */
enum {
	HWOP_ATA_READ_NATIVE_MAX_EXT = 0x27,
	HWOP_ATA_SET_MAX_ADDRESS_EXT = 0x37,
	HWOP_NVME_NS_MGMT = 0x0d,    /* CDW10 SEL 3:0: 0 create, 1 delete */
	HWOP_NVME_NS_ATTACH = 0x15,  /* CDW10 SEL 3:0: 0 attach, 1 detach */
	HWOP_NVME_DATA_LEN = 4096,   /* the data structures both take */
};

/* READ NATIVE MAX ADDRESS EXT: non-data, 48-bit; the native max LBA returns in c->out_lba. */
void hwop_ata_read_native_max(struct device_ata_cmd *c);
/*
 * SET MAX ADDRESS EXT to max_lba (the last LBA the host may address). Volatile
 * (COUNT bit 0, VV = 1): a power cycle gives the native capacity back even if the
 * restore never runs.
 */
void hwop_ata_set_max(struct device_ata_cmd *c, uint64_t max_lba);

/* Namespace Management, delete namespace nsid. */
void hwop_nvme_ns_delete(struct nvme_admin_cmd *c, uint32_t nsid);
/*
 * Namespace Management, create: NSZE and NCAP nsze blocks in LBA format flbas, in
 * buf (HWOP_NVME_DATA_LEN bytes, the Identify Namespace layout: NSZE at 0, NCAP at
 * 8, FLBAS at 26). The controller returns the new NSID in c->result.
 */
void hwop_nvme_ns_create(struct nvme_admin_cmd *c, uint8_t *buf, uint64_t nsze,
			 unsigned flbas);
/*
 * Namespace Attachment of nsid to controller cntlid (detach when detach is set);
 * buf (HWOP_NVME_DATA_LEN bytes) holds the Controller List: a count, then IDs.
 */
void hwop_nvme_ns_attach(struct nvme_admin_cmd *c, uint8_t *buf, uint32_t nsid,
			 unsigned cntlid, int detach);

/* The last LBA an HPA leaves for OP centi/100 % of a drive whose native max is native_max. */
uint64_t hwop_hpa_max_lba(uint64_t native_max, unsigned lba_bytes, unsigned centi);
/* The namespace size in blocks for OP centi/100 % of a namespace of nsze blocks. */
uint64_t hwop_ns_blocks(uint64_t nsze, unsigned lba_bytes, unsigned centi);

/*
 * What gives the capacity back, journaled before the change ("capacity-change") so
 * the end of the scope, a failure and resume all run it.
 */
struct hwop_restore {
	enum hwop_method method;
	char device[256];            /* the drive's node */
	char identity[128];          /* its serial: the restore refuses another drive */
	uint64_t native_max;         /* HPA: the native max LBA to set back */
	uint32_t nsid;               /* namespace: the namespace to re-create */
	uint64_t nsze;               /* ... its original size in blocks */
	unsigned flbas, cntlid;
};

/* The record as one JSON object; free() it. */
char *hwop_restore_json(const struct hwop_restore *r);
/* Parses hwop_restore_json()'s text; 0 or -SB_EPARSE with d set. */
int hwop_restore_parse(const char *json, struct hwop_restore *r, struct diag *d);

/*
 * Whether di can change its capacity with method: 0, or -SB_EUSAGE with d saying
 * why not (a loop or zram device, a file, an NVMe controller without namespace
 * management).
 */
int hwop_supported(const struct device_info *di, enum hwop_method method, struct diag *d);
/*
 * The dry run's account: every command or ioctl with its bytes, the change for OP
 * centi on di, and the restore.
 */
void hwop_describe(const struct device_info *di, enum hwop_method method, unsigned centi,
		   struct sbuf *sb);

#endif
