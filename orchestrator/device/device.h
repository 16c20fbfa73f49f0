/* SPDX-License-Identifier: MIT */
/* device: identity and health of a block device or file, from sysfs, ioctls and passthrough. */
#ifndef SB_DEVICE_H
#define SB_DEVICE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

enum device_kind {
	DEVICE_FILE,    /* a regular file (or one not yet created) */
	DEVICE_LOOP,
	DEVICE_ZRAM,
	DEVICE_NULLB,
	DEVICE_NVME,
	DEVICE_SD,      /* sdX: SATA, SAS, USB */
	DEVICE_OTHER,   /* any other block device (virtio, dm, ...) */
	DEVICE_MD,      /* an md array (mdN): virtual, confirmed by kernel name */
};

/* An unsigned 128-bit counter as the NVMe SMART log stores it (little-endian). */
struct device_u128 {
	uint64_t lo, hi;
};

/* NVMe Identify Controller (CNS 01h), the fields ssdbench uses. */
struct device_nvme_ctrl {
	char serial[21], model[41], firmware[9];
	unsigned cntlid;        /* this controller's identifier (offset 78) */
	unsigned oacs;          /* bit 1 Format NVM, bit 3 namespace management */
	unsigned sanicap;       /* bit 0 crypto erase, 1 block erase, 2 overwrite */
	unsigned fna;           /* bit 0 format all namespaces, 1 SES all, 2 crypto erase */
	unsigned oncs;          /* bit 2 Dataset Management (deallocate) */
	unsigned vwc;           /* byte 525: bit 0, a volatile write cache is present */
	unsigned wctemp_k, cctemp_k;
	struct device_u128 tnvmcap;
};

/* NVMe Identify Namespace (CNS 00h). */
struct device_nvme_ns {
	uint64_t nsze, ncap, nuse;   /* in logical blocks */
	unsigned flbas_index;        /* current LBA format */
	unsigned lba_bytes;          /* 2^LBADS of the current format */
	unsigned dlfeat;             /* bits 2:0 = 001b: deallocated blocks read zeros */
};

/* NVMe SMART / Health Information log (LID 02h). Temperatures in Kelvin. */
struct device_nvme_smart {
	unsigned critical_warning, temp_k, avail_spare, spare_thresh, percent_used;
	struct device_u128 data_units_read, data_units_written; /* 1000 x 512 bytes */
	struct device_u128 host_reads, host_writes, power_cycles, power_on_hours;
	struct device_u128 unsafe_shutdowns, media_errors;
	unsigned sensor_k[8];        /* 0 = no such sensor */
};

/* NVMe Sanitize Status log (LID 81h). */
struct device_nvme_sanitize {
	unsigned sprog;              /* progress, numerator of /65536; 0xFFFF when idle */
	unsigned sstat;              /* bits 2:0: 0 never, 1 done, 2 running, 3 failed */
	uint32_t eto_s, etbe_s, etce_s; /* estimates in seconds; 0xFFFFFFFF = none */
};

/* ATA IDENTIFY DEVICE, the fields ssdbench uses. */
struct device_ata_id {
	char serial[21], firmware[9], model[41];
	uint64_t lba48_sectors;
	unsigned logical_bytes, physical_bytes;
	int trim, drat, rzat;            /* word 169 bit 0; word 69 bits 14, 5 */
	int sanitize, sanitize_crypto, sanitize_block; /* word 59 bits 12, 13, 15 */
	int sec_supported, sec_enabled, sec_locked, sec_frozen, sec_enhanced;
	unsigned erase_min, erase_enh_min;   /* words 89/90 in minutes, 0 = unknown */
	unsigned rotation;                   /* word 217: 1 = solid state */
	int hpa, hpa_enabled;    /* HPA feature set: word 82 bit 10 supported, 85 bit 10 on */
	int lba48;               /* 48-bit address feature set: word 83 bit 10 */
	int wcache, wcache_enabled; /* volatile write cache: word 82 bit 5 supported,
				       word 85 bit 5 enabled */
	int amac;                /* ACS-4 Accessible Max Address Configuration: word 119
				    bit 8 (GET NATIVE MAX / SET ACCESSIBLE MAX ADDRESS EXT) */
};

/* ATA SMART READ DATA: the temperature attribute (194, else 190), in Celsius. */
struct device_ata_smart {
	int nattrs;
	int temp_c;                 /* -1 when neither attribute is present */
	uint64_t power_on_hours;    /* attribute 9 raw, 0 when absent */
};

/* What a probe found. Strings are "" and flags 0 when not supported. */
struct device_info {
	char path[4096];            /* resolved (realpath) */
	char kname[64];             /* "loop3", "nvme0n1"; "" for a file */
	enum device_kind kind;
	int is_block, is_partition, exists;
	int usb;                    /* behind a USB bridge: no ATA security/sanitize */
	unsigned major, minor;
	uint64_t size;              /* bytes */
	unsigned logical_block, physical_block; /* a file: its filesystem's block */
	int rotational;             /* -1 not known */
	uint64_t discard_max, discard_granularity, diskseq;
	char model[64], serial[64], firmware[32], backing_file[4096];
	int temp_mc_valid;          /* hwmon or passthrough temperature found */
	long temp_mc;               /* milli-degrees Celsius */
	int has_nvme, has_nvme_smart, has_ata, has_ata_smart;
	struct device_nvme_ctrl nvme;
	struct device_nvme_ns nvme_ns;
	struct device_nvme_smart nvme_smart;
	struct device_ata_id ata;
	struct device_ata_smart ata_smart;
	char nvme_ctrl[64];         /* "nvme0" for nvme0n1 */
	unsigned nsid;
	/* The volatile write cache: 1 enabled, 0 disabled, -1 not known (no such cache,
	 * or no answer): ATA IDENTIFY word 85, NVMe Get Features 06h. */
	int wcache_state;
	char wcache_sysfs[16];      /* the kernel's queue/write_cache: "write back", "" */
};

/*
 * The NVMe controller ("nvme0", its character device's name) of the namespace whose
 * sysfs directory is sys: the one its device link names, or, for a multipath
 * namespace (the link names its subsystem, nvme-subsysN), the controller of its
 * first path in name order (sys/multipath/nvmeXcYnZ/device). 0, or -1 when none.
 */
int device_nvme_ctrl(const char *sys, char *out, size_t n);

/* Byte-level decoders (buffers as the device returns them). 0 or -SB_EINVAL if short. */
int device_nvme_decode_ctrl(const uint8_t *b, size_t n, struct device_nvme_ctrl *c);
int device_nvme_decode_ns(const uint8_t *b, size_t n, struct device_nvme_ns *ns);
int device_nvme_decode_smart(const uint8_t *b, size_t n, struct device_nvme_smart *s);
int device_nvme_decode_sanitize(const uint8_t *b, size_t n, struct device_nvme_sanitize *s);
int device_ata_decode_identify(const uint8_t *b, size_t n, struct device_ata_id *id);
int device_ata_decode_smart(const uint8_t *b, size_t n, struct device_ata_smart *s);
/* Writes a 128-bit counter in decimal into buf. */
void device_u128_format(struct device_u128 v, char *buf, size_t n);

/* An ATA command for SG_IO ATA PASS-THROUGH(16); outputs filled from the returned registers. */
enum { DEVICE_ATA_NONDATA = 3, DEVICE_ATA_PIO_IN = 4, DEVICE_ATA_PIO_OUT = 5 };
struct device_ata_cmd {
	unsigned command, feature, count;
	uint64_t lba;
	int protocol;               /* DEVICE_ATA_* */
	int extend;                 /* 48-bit command */
	void *buf;                  /* 512 bytes per sector moved */
	unsigned len, timeout_ms;   /* 0 = 15 s */
	unsigned status, error, out_count;
	uint64_t out_lba;
};
/* Builds the 16-byte CDB (SAT layout: LBA bytes interleaved low/high). */
void device_ata_cdb(const struct device_ata_cmd *c, unsigned char cdb[16]);
/* Decodes the ATA Status Return sense descriptor into c's outputs; 0 or -SB_EINVAL. */
int device_ata_decode_sense(const uint8_t *sense, size_t n, struct device_ata_cmd *c);
/* Sends c; returns 0, or -errno (-EIO when the device reported an error). */
int device_ata_passthru(int fd, struct device_ata_cmd *c);
/* One NVMe admin command; returns 0, the NVMe status (> 0), or -errno. */
int device_nvme_admin(int fd, unsigned opcode, unsigned nsid, unsigned cdw10, void *buf,
		      unsigned len, unsigned timeout_ms);

/*
 * Probes path (a block device or a file). What the device lacks (no serial on
 * loop, no passthrough on zram) is left "not supported", never an error. Returns
 * 0, or a negative SB_E* code with d set when path cannot be examined at all.
 */
int device_probe(const char *path, struct device_info *di, struct diag *d);
/* The identity --destroy must name: the serial, else the kernel name, else the path. */
const char *device_identity(const struct device_info *di);
/* "loop", "nvme", "file" ... */
const char *device_kind_name(enum device_kind k);
/* Prints the probe as text, or as one JSON object when json is set. */
void device_print(const struct device_info *di, int json, FILE *out);

/*
 * A stand-in for drives: the test builds install one (tests/fakes/fakedrive.c)
 * before the command line runs, so the hardware-OP and write-cache paths run for
 * real on loop devices in CI. The shipped binary installs none: every probe and
 * command goes to the kernel. s is opaque to this layer (what open returned).
 */
struct nvme_admin_cmd;
struct device_stand_in {
	const char *note;            /* what the manifest and output say of one */
	int (*active)(const struct device_info *di);   /* it answers for di */
	void (*probe)(struct device_info *di);         /* the probe's view of di */
	void *(*open)(const struct device_info *di, struct diag *d);  /* NULL: d set */
	void (*close)(void *s);
	int (*ata)(void *s, struct device_ata_cmd *c);     /* 0 or -EIO/-errno */
	int (*nvme)(void *s, struct nvme_admin_cmd *c);    /* 0, NVMe status, -errno */
	int (*rescan)(void *s);                            /* 0 or -errno */
};
/* Installs s (NULL: none) for every later probe and command. */
void device_set_stand_in(const struct device_stand_in *s);
/* The stand-in answering for di, or NULL: the drive itself answers. */
const struct device_stand_in *device_stand_in(const struct device_info *di);
/* The installed stand-in's note, or "". */
const char *device_stand_in_note(void);

#endif
