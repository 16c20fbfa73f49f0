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
	HWOP_ATA_AMAC = 0x78,        /* ACS-4 Accessible Max Address Configuration */
	HWOP_AMAC_GET_NATIVE_MAX = 0x0000,      /* ... its FEATURE values */
	HWOP_AMAC_SET_ACCESSIBLE_MAX = 0x0001,
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
/* ACS-4 AMAC, for drives without the HPA feature set: GET NATIVE MAX ADDRESS EXT. */
void hwop_ata_get_native_max_amac(struct device_ata_cmd *c);
/*
 * SET ACCESSIBLE MAX ADDRESS EXT to max_lba. Not volatile: the drive keeps the
 * smaller capacity across power cycles until the restore sets it back.
 */
void hwop_ata_set_accessible_max(struct device_ata_cmd *c, uint64_t max_lba);

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
	int amac;                    /* HPA by ACS-4 AMAC (SET ACCESSIBLE MAX ADDRESS) */
	unsigned lba_bytes;          /* the logical block the counts above are in */
};

/* The record as one JSON object; free() it. */
char *hwop_restore_json(const struct hwop_restore *r);
/* Parses hwop_restore_json()'s text; 0 or -SB_EPARSE with d set. */
int hwop_restore_parse(const char *json, struct hwop_restore *r, struct diag *d);

/* The drive's capacity in bytes that r gives back. */
uint64_t hwop_restore_bytes(const struct hwop_restore *r);

struct hwio;

/* The commands a live change or restore sent, each timed, for the manifest. */
#define HWOP_LOG_MAX 24
struct hwop_log {
	struct {
		char what[48];      /* "SET MAX ADDRESS EXT", "namespace create" */
		char args[64];      /* "last LBA 130815", "NSZE 102400" */
		double seconds;
		int ok;
	} e[HWOP_LOG_MAX];
	size_t n;
};

/*
 * Asks the drive what gives its capacity back: the native max (READ NATIVE MAX
 * ADDRESS EXT, or GET NATIVE MAX ADDRESS EXT when IDENTIFY says AMAC instead of
 * HPA), or the namespace (Identify Namespace: NSZE, FLBAS; Identify Controller:
 * CNTLID). r->device and r->identity are left to the caller. 0 or -SB_E* with d set.
 */
int hwop_read(struct hwio *h, const struct device_info *di, enum hwop_method method,
	      struct hwop_restore *r, struct hwop_log *log, struct diag *d);
/*
 * Resizes the drive r describes to count: the last LBA (HPA: READ NATIVE MAX then
 * SET MAX, or the AMAC pair) or NSZE blocks (detach, delete, create with NSZE =
 * NCAP, attach the NSID create returned, which lands in *nsid). count is
 * r->native_max or r->nsze for the restore. 0 or -SB_EIO with d set.
 */
int hwop_resize(struct hwio *h, const struct hwop_restore *r, uint64_t count, uint32_t *nsid,
		struct hwop_log *log, struct diag *d);

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
