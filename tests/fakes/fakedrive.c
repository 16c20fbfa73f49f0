/* SPDX-License-Identifier: MIT */
/* fakedrive: TEST-ONLY, a loop device answering as an HPA-capable SATA drive or an NVMe namespace. */
#include "fakedrive.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/fs.h>
#include <linux/loop.h>

#include "err.h"
#include "hwop.h"
#include "xalloc.h"

enum fake_type { FAKE_ATA, FAKE_ATA_AMAC, FAKE_NVME };

struct fakedrive {
	enum fake_type type;
	char serial[21], model[41], firmware[9];
	char fail[32], fail_restore[32];   /* the command that fails shrinking / giving back */
	unsigned lba, nsid, cntlid;
	int vwc;                       /* a volatile write cache (its state: the loop's) */
	char dev[4096], backing[4096], kname[64];
	int ns_deleted, ns_detached;   /* the namespace's state inside one sequence */
	int ns_full;                   /* the namespace created last has the full size */
};

static const char *const type_names[] = { [FAKE_ATA] = "ata", [FAKE_ATA_AMAC] = "ata-amac",
					  [FAKE_NVME] = "nvme" };

int fakedrive_active(const struct device_info *di)
{
	const char *v = getenv(FAKEDRIVE_ENV);

	return v && *v && di->kind == DEVICE_LOOP;
}

/* One "key=value" line into f; 0, or -1 for an unknown key or value. */
static int set_field(struct fakedrive *f, const char *key, const char *val)
{
	static const struct { const char *key; size_t off, size; } strs[] = {
		{ "serial", offsetof(struct fakedrive, serial), sizeof(((struct fakedrive *)0)->serial) },
		{ "model", offsetof(struct fakedrive, model), sizeof(((struct fakedrive *)0)->model) },
		{ "firmware", offsetof(struct fakedrive, firmware),
		  sizeof(((struct fakedrive *)0)->firmware) },
		{ "fail", offsetof(struct fakedrive, fail), sizeof(((struct fakedrive *)0)->fail) },
		{ "fail-restore", offsetof(struct fakedrive, fail_restore),
		  sizeof(((struct fakedrive *)0)->fail_restore) },
	};

	for (size_t i = 0; i < sizeof(strs) / sizeof(strs[0]); i++)
		if (!strcmp(key, strs[i].key)) {
			snprintf((char *)f + strs[i].off, strs[i].size, "%s", val);
			return 0;
		}
	if (!strcmp(key, "type")) {
		for (size_t t = 0; t < sizeof(type_names) / sizeof(type_names[0]); t++)
			if (!strcmp(val, type_names[t])) {
				f->type = (enum fake_type)t;
				return 0;
			}
		return -1;
	}
	if (!strcmp(key, "lba"))
		f->lba = (unsigned)strtoul(val, NULL, 10);
	else if (!strcmp(key, "nsid"))
		f->nsid = (unsigned)strtoul(val, NULL, 10);
	else if (!strcmp(key, "cntlid"))
		f->cntlid = (unsigned)strtoul(val, NULL, 10);
	else if (!strcmp(key, "vwc"))
		f->vwc = !!strtoul(val, NULL, 10);
	else
		return -1;
	return 0;
}

static int read_state(struct fakedrive *f, const char *file, struct diag *d)
{
	FILE *in = fopen(file, "r");
	char line[256];
	int n = 0;

	if (!in)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read the fake drive's state "
				"'%s' (%s): %s", file, FAKEDRIVE_ENV, strerror(errno));
	while (fgets(line, sizeof(line), in)) {
		char *eq = strchr(line, '=');

		n++;
		line[strcspn(line, "#\r\n")] = '\0';
		if (!line[0])
			continue;
		if (eq)
			*eq = '\0';
		if (!eq || set_field(f, line, eq + 1)) {
			fclose(in);
			return diag_set(d, -SB_EPARSE, file, n, 0, "not a fake drive setting: "
					"'%s'", line);
		}
	}
	fclose(in);
	if (f->lba != 512 && f->lba != 4096)
		return diag_set(d, -SB_EPARSE, file, 0, 0, "lba must be 512 or 4096");
	return 0;
}

struct fakedrive *fakedrive_open(const struct device_info *di, struct diag *d)
{
	struct fakedrive *f = xcalloc(1, sizeof(*f));
	char sys[128];
	FILE *in;

	f->lba = 512;
	f->nsid = f->cntlid = 1;
	f->vwc = 1;
	snprintf(f->dev, sizeof(f->dev), "%s", di->path);
	snprintf(f->kname, sizeof(f->kname), "%s", di->kname);
	snprintf(sys, sizeof(sys), "/sys/block/%s/loop/backing_file", di->kname);
	in = fopen(sys, "r");
	if (!in || !fgets(f->backing, sizeof(f->backing), in)) {
		diag_set(d, -SB_EIO, NULL, 0, 0, "fake drive '%s': cannot read '%s'", di->path,
			 sys);
		if (in)
			fclose(in);
		free(f);
		return NULL;
	}
	fclose(in);
	f->backing[strcspn(f->backing, "\n")] = '\0';
	if (read_state(f, getenv(FAKEDRIVE_ENV), d)) {
		free(f);
		return NULL;
	}
	return f;
}

void fakedrive_free(struct fakedrive *f)
{
	free(f);
}

/* The native capacity (the backing file) and the current one, in bytes. */
static int sizes(const struct fakedrive *f, uint64_t *native, uint64_t *cur)
{
	struct stat st;
	int fd = open(f->dev, O_RDONLY | O_CLOEXEC), rc = 0;

	*native = *cur = 0;
	if (fd < 0)
		return -errno;
	if (ioctl(fd, BLKGETSIZE64, cur) || stat(f->backing, &st))
		rc = -errno;
	else
		*native = (uint64_t)st.st_size;
	close(fd);
	return rc;
}

/* Whether command name fails now: fail= while shrinking, fail-restore= while giving back. */
static int failing(const struct fakedrive *f, const char *name, int restoring)
{
	return !strcmp(name, restoring ? f->fail_restore : f->fail);
}

/* The loop device's new size limit (bytes; native = none); the size changes at rescan. */
static int set_limit(const struct fakedrive *f, uint64_t bytes)
{
	struct loop_info64 li;
	uint64_t native, cur;
	int fd, rc = sizes(f, &native, &cur);

	if (rc)
		return rc;
	fd = open(f->dev, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, LOOP_GET_STATUS64, &li) < 0) {
		rc = -errno;
	} else {
		li.lo_sizelimit = bytes >= native ? 0 : bytes;
		rc = ioctl(fd, LOOP_SET_STATUS64, &li) < 0 ? -errno : 0;
	}
	close(fd);
	return rc;
}

int fakedrive_rescan(struct fakedrive *f)
{
	struct loop_info64 li;
	int fd, rc;

	fd = open(f->dev, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* A size limit is set while the drive is shrunk, none once it is given back. */
	rc = ioctl(fd, LOOP_GET_STATUS64, &li) < 0 ? -errno :
	     failing(f, "rescan", !li.lo_sizelimit) ? -EIO :
	     ioctl(fd, LOOP_SET_CAPACITY, 0) < 0 ? -errno : 0;
	close(fd);
	return rc;
}

/*
 * The write cache's state lives in the loop device's own queue/write_cache, so it
 * outlasts the process (a resume after kill -9 finds it) and the kernel's view,
 * which ssdbench cross-checks, follows the drive's as it does for a real disk.
 */
static int wce_path(const struct fakedrive *f, char *path, size_t n)
{
	return snprintf(path, n, "/sys/block/%s/queue/write_cache", f->kname) >= (int)n;
}

/* 1 enabled, 0 disabled, -errno. */
static int wce_get(const struct fakedrive *f)
{
	char path[128], buf[32] = "";
	FILE *in;

	if (wce_path(f, path, sizeof(path)) || !(in = fopen(path, "r")))
		return -EIO;
	if (!fgets(buf, sizeof(buf), in))
		buf[0] = '\0';
	fclose(in);
	return !strncmp(buf, "write back", 10) ? 1 : !strncmp(buf, "write through", 13) ? 0 :
	       -EIO;
}

static int wce_set(const struct fakedrive *f, int on)
{
	char path[128];
	const char *v = on ? "write back" : "write through";
	int fd, rc = 0;

	if (wce_path(f, path, sizeof(path)) || (fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
		return -EIO;
	if (write(fd, v, strlen(v)) != (ssize_t)strlen(v))
		rc = -errno;
	close(fd);
	return rc;
}

/* ---- ATA ------------------------------------------------------------------------ */

static void put16(uint8_t *b, unsigned word, unsigned v)
{
	b[2 * word] = (uint8_t)v;
	b[2 * word + 1] = (uint8_t)(v >> 8);
}

/* An ATA string: two characters a word, the first in the high byte, space-padded. */
static void put_str(uint8_t *b, unsigned word, unsigned nwords, const char *s)
{
	size_t n = strlen(s);

	for (unsigned i = 0; i < 2 * nwords; i++)
		b[2 * word + (i ^ 1)] = (uint8_t)(i < n ? s[i] : ' ');
}

/* IDENTIFY DEVICE as ACS-4 lays it out, for the words device_decode reads. */
static void identify(const struct fakedrive *f, uint64_t native, uint64_t cur, uint8_t *b)
{
	uint64_t sectors = cur / 512;
	unsigned wc = f->vwc ? 1u << 5 : 0, wce = f->vwc && wce_get(f) == 1 ? 1u << 5 : 0;

	memset(b, 0, 512);
	put_str(b, 10, 10, f->serial);
	put_str(b, 23, 4, f->firmware);
	put_str(b, 27, 20, f->model);
	put16(b, 82, (f->type == FAKE_ATA ? 1u << 10 | 1u << 14 : 1u << 14) | wc);
	put16(b, 83, 0x4000 | 1u << 10);      /* valid; 48-bit */
	put16(b, 85, (f->type == FAKE_ATA && cur < native ? 1u << 10 | 1u << 14 : 1u << 14) | wce);
	put16(b, 86, 1u << 10);
	put16(b, 119, 0x4000 | (f->type == FAKE_ATA_AMAC ? 1u << 8 : 0));
	for (unsigned i = 0; i < 4; i++)
		put16(b, 100 + i, (unsigned)(sectors >> (16 * i)) & 0xffff);
	put16(b, 169, 1);                     /* TRIM */
	put16(b, 217, 1);                     /* solid state */
}

/* The command's name in fail=, or NULL for one the simulation does not know. */
static const char *ata_name(const struct fakedrive *f, const struct device_ata_cmd *c)
{
	if (c->command == 0xec)
		return "identify";
	if (f->vwc && c->command == 0xef && (c->feature == 0x02 || c->feature == 0x82))
		return c->feature == 0x02 ? "write-cache-on" : "write-cache-off";
	if (f->type == FAKE_ATA && c->command == HWOP_ATA_READ_NATIVE_MAX_EXT)
		return "native-max";
	if (f->type == FAKE_ATA && c->command == HWOP_ATA_SET_MAX_ADDRESS_EXT)
		return "set-max";
	if (f->type == FAKE_ATA_AMAC && c->command == HWOP_ATA_AMAC &&
	    c->feature == HWOP_AMAC_GET_NATIVE_MAX)
		return "native-max";
	if (f->type == FAKE_ATA_AMAC && c->command == HWOP_ATA_AMAC &&
	    c->feature == HWOP_AMAC_SET_ACCESSIBLE_MAX)
		return "set-max";
	return NULL;
}

int fakedrive_ata(struct fakedrive *f, struct device_ata_cmd *c)
{
	const char *name = f->type == FAKE_NVME ? NULL : ata_name(f, c);
	uint64_t native, cur;
	int rc = sizes(f, &native, &cur);

	if (rc)
		return rc;
	c->status = 0x50;   /* DRDY, DSC */
	c->error = 0;
	if (name && !strncmp(name, "write-cache-", 12)) {   /* SET FEATURES 02h / 82h */
		if (failing(f, name, 0) || wce_set(f, c->feature == 0x02))
			goto abort;
		return 0;
	}
	if (!name || (!strcmp(name, "set-max") && c->lba >= native / 512) ||
	    failing(f, name, !strcmp(name, "set-max") ? c->lba + 1 >= native / 512 :
		    cur < native))
		goto abort;
	if (!strcmp(name, "identify")) {
		if (c->len < 512)
			goto abort;
		identify(f, native, cur, c->buf);
	} else if (!strcmp(name, "native-max")) {
		c->out_lba = native / 512 - 1;
	} else if (set_limit(f, (c->lba + 1) * 512)) {
		goto abort;
	}
	return 0;
abort:
	c->status = 0x51;   /* ERR */
	c->error = 0x04;    /* ABRT */
	return -EIO;
}

/* ---- NVMe ----------------------------------------------------------------------- */

static void put_le(uint8_t *b, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *b, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static void ascii(uint8_t *b, size_t n, const char *s)
{
	size_t len = strlen(s);

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(i < len ? s[i] : ' ');
}

/* Identify (06h): controller (CNS 1) or namespace (CNS 0). NVMe status or 0. */
static int nvme_identify(struct fakedrive *f, struct nvme_admin_cmd *c, uint64_t cur)
{
	uint8_t *b = (uint8_t *)(uintptr_t)c->addr;

	if (c->data_len < HWOP_NVME_DATA_LEN)
		return 0x02;   /* Invalid Field in Command */
	memset(b, 0, c->data_len);
	if ((c->cdw10 & 0xff) == 1) {
		ascii(b + 4, 20, f->serial);
		ascii(b + 24, 40, f->model);
		ascii(b + 64, 8, f->firmware);
		put_le(b + 78, f->cntlid, 2);
		put_le(b + 256, 0x08, 2);    /* OACS: namespace management */
		put_le(b + 520, 0x04, 2);    /* ONCS: Dataset Management */
		b[525] = f->vwc ? 1 : 0;     /* VWC: a volatile write cache */
		return 0;
	}
	if ((c->cdw10 & 0xff) != 0 || c->nsid != f->nsid || f->ns_deleted)
		return 0x0b;   /* Invalid Namespace or Format */
	put_le(b + 0, cur / f->lba, 8);    /* NSZE */
	put_le(b + 8, cur / f->lba, 8);    /* NCAP */
	b[26] = 0;                          /* FLBAS: format 0 */
	b[128 + 2] = f->lba == 4096 ? 12 : 9;   /* LBAF0 LBADS */
	return 0;
}

/* Get or Set Features, Volatile Write Cache (FID 06h) only. NVMe status or 0. */
static int nvme_features(struct fakedrive *f, struct nvme_admin_cmd *c, const char *name)
{
	int wce;

	if ((c->cdw10 & 0xff) != 0x06 || !f->vwc)
		return 0x02;   /* Invalid Field in Command: no such feature here */
	if (strcmp(name, "get-features"))
		return failing(f, name, 0) ? 0x06 : wce_set(f, (c->cdw11 & 1) != 0) ? 0x06 : 0;
	if ((wce = wce_get(f)) < 0)
		return 0x06;   /* Internal Error */
	c->result = (uint32_t)wce;
	return 0;
}

static const char *nvme_name(const struct nvme_admin_cmd *c)
{
	if (c->opcode == 0x06)
		return "identify";
	if (c->opcode == 0x0a || c->opcode == 0x09)
		return c->opcode == 0x0a ? "get-features" : (c->cdw11 & 1) ? "write-cache-on" :
		       "write-cache-off";
	if (c->opcode == HWOP_NVME_NS_MGMT)
		return (c->cdw10 & 0xf) ? "ns-delete" : "ns-create";
	if (c->opcode == HWOP_NVME_NS_ATTACH)
		return (c->cdw10 & 0xf) ? "ns-detach" : "ns-attach";
	return NULL;
}

int fakedrive_nvme(struct fakedrive *f, struct nvme_admin_cmd *c)
{
	const char *name = f->type == FAKE_NVME ? nvme_name(c) : NULL;
	const uint8_t *b = (const uint8_t *)(uintptr_t)c->addr;
	uint64_t native, cur, nsze;
	int rc = sizes(f, &native, &cur);

	if (rc)
		return rc;
	c->result = 0;
	if (!name)
		return 0x01;    /* Invalid Command Opcode */
	if (!strcmp(name, "identify"))
		return nvme_identify(f, c, cur);
	if (!strcmp(name, "get-features") || !strncmp(name, "write-cache-", 12))
		return nvme_features(f, c, name);
	if (strcmp(name, "ns-delete") && (!b || c->data_len < HWOP_NVME_DATA_LEN))
		return 0x02;    /* Invalid Field in Command: no data structure */
	if (failing(f, name, !strcmp(name, "ns-create") ? get_le(b, 8) * f->lba >= native :
			     !strcmp(name, "ns-attach") ? f->ns_full : cur < native))
		return 0x06;    /* Internal Error */
	if (!strcmp(name, "ns-detach") || !strcmp(name, "ns-attach")) {
		if (c->nsid != f->nsid || f->ns_deleted || get_le(b + 2, 2) != f->cntlid)
			return 0x0b;
		f->ns_detached = !strcmp(name, "ns-detach");
		return 0;
	}
	if (!strcmp(name, "ns-delete")) {
		if (c->nsid != f->nsid || !f->ns_detached)
			return 0x0b;
		f->ns_deleted = 1;
		return 0;
	}
	nsze = get_le(b, 8);    /* create: the new namespace takes the freed NSID */
	if (!f->ns_deleted)
		return 0x116;   /* Namespace Identifier Unavailable */
	if (!nsze || nsze != get_le(b + 8, 8) || nsze * f->lba > native)
		return 0x115;   /* Namespace Insufficient Capacity */
	if ((rc = set_limit(f, nsze * f->lba)))
		return rc;
	f->ns_deleted = 0;
	f->ns_full = nsze * f->lba >= native;
	c->result = f->nsid;
	return 0;
}

/* ---- the probe ------------------------------------------------------------------- */

void fakedrive_probe(struct device_info *di)
{
	struct fakedrive *f;
	struct diag d;

	diag_clear(&d);
	if (!fakedrive_active(di) || !(f = fakedrive_open(di, &d)))
		return;
	if (f->type == FAKE_NVME) {
		uint8_t *buf = xcalloc(1, HWOP_NVME_DATA_LEN);
		struct nvme_admin_cmd c = { .opcode = 0x06, .cdw10 = 1,
					    .addr = (uint64_t)(uintptr_t)buf,
					    .data_len = HWOP_NVME_DATA_LEN };

		if (!fakedrive_nvme(f, &c) &&
		    !device_nvme_decode_ctrl(buf, HWOP_NVME_DATA_LEN, &di->nvme)) {
			di->has_nvme = 1;
			snprintf(di->model, sizeof(di->model), "%s", di->nvme.model);
			snprintf(di->firmware, sizeof(di->firmware), "%s", di->nvme.firmware);
		}
		c.cdw10 = 0;
		c.nsid = f->nsid;
		if (di->has_nvme && !fakedrive_nvme(f, &c) &&
		    !device_nvme_decode_ns(buf, HWOP_NVME_DATA_LEN, &di->nvme_ns))
			di->nsid = f->nsid;
		memset(&c, 0, sizeof(c));
		c.opcode = 0x0a;     /* Get Features, Volatile Write Cache */
		c.cdw10 = 0x06;
		if (di->has_nvme && f->vwc && !fakedrive_nvme(f, &c))
			di->wcache_state = (int)(c.result & 1);
		free(buf);
	} else {
		uint8_t buf[512];
		struct device_ata_cmd c = { .command = 0xec, .count = 1,
					    .protocol = DEVICE_ATA_PIO_IN, .buf = buf,
					    .len = sizeof(buf) };

		if (!fakedrive_ata(f, &c) &&
		    !device_ata_decode_identify(buf, sizeof(buf), &di->ata))
			di->has_ata = 1;
	}
	fakedrive_free(f);
}

static void *stand_open(const struct device_info *di, struct diag *d)
{
	return fakedrive_open(di, d);
}

static void stand_close(void *s)
{
	fakedrive_free(s);
}

static int stand_ata(void *s, struct device_ata_cmd *c)
{
	return fakedrive_ata(s, c);
}

static int stand_nvme(void *s, struct nvme_admin_cmd *c)
{
	return fakedrive_nvme(s, c);
}

static int stand_rescan(void *s)
{
	return fakedrive_rescan(s);
}

const struct device_stand_in fakedrive_stand_in = {
	FAKEDRIVE_NOTE, fakedrive_active, fakedrive_probe, stand_open, stand_close,
	stand_ata, stand_nvme, stand_rescan,
};
