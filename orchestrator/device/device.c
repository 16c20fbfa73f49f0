/* SPDX-License-Identifier: MIT */
/* device: probes a block device or file: sysfs, block ioctls, NVMe and ATA passthrough, hwmon. */
#include "device.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <linux/fs.h>
#include <linux/nvme_ioctl.h>
#include <scsi/sg.h>

#include "err.h"
#include "sbuf.h"
#include "xalloc.h"

static const char *const kind_names[] = {
	[DEVICE_FILE] = "file", [DEVICE_LOOP] = "loop", [DEVICE_ZRAM] = "zram",
	[DEVICE_NULLB] = "nullb", [DEVICE_NVME] = "nvme", [DEVICE_SD] = "sd",
	[DEVICE_OTHER] = "block", [DEVICE_MD] = "md",
};

const char *device_kind_name(enum device_kind k)
{
	return kind_names[k];
}

/* Reads sysfs attribute dir/attr into buf, trimmed; returns 0 or -1 when absent. */
static int sysfs_read(const char *dir, const char *attr, char *buf, size_t n)
{
	char *p = xasprintf("%s/%s", dir, attr);
	FILE *f = fopen(p, "r");
	size_t len = 0;

	free(p);
	buf[0] = '\0';
	if (!f)
		return -1;
	if (fgets(buf, (int)n, f))
		len = strlen(buf);
	fclose(f);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		buf[--len] = '\0';
	return 0;
}

static uint64_t sysfs_u64(const char *dir, const char *attr)
{
	char buf[64];

	return sysfs_read(dir, attr, buf, sizeof(buf)) ? 0 : strtoull(buf, NULL, 10);
}

static enum device_kind kind_of(const char *kname)
{
	static const struct { const char *prefix; enum device_kind kind; } map[] = {
		{ "loop", DEVICE_LOOP }, { "zram", DEVICE_ZRAM }, { "nullb", DEVICE_NULLB },
		{ "nvme", DEVICE_NVME }, { "sd", DEVICE_SD }, { "md", DEVICE_MD },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strncmp(kname, map[i].prefix, strlen(map[i].prefix)))
			return map[i].kind;
	return DEVICE_OTHER;
}

/* The identity strings sysfs offers (absent on loop, zram and null_blk). */
/* The controller "nvmeN" a sysfs link resolves to; 0, or -1 when it names another thing. */
static int ctrl_of_link(const char *link, char *out, size_t n)
{
	char *real = realpath(link, NULL);
	const char *base = real ? strrchr(real, '/') : NULL;
	unsigned k;
	int len = 0, rc = -1;

	if (base && sscanf(base + 1, "nvme%u%n", &k, &len) == 1 && !base[1 + len]) {
		snprintf(out, n, "%s", base + 1);
		rc = 0;
	}
	free(real);
	return rc;
}

int device_nvme_ctrl(const char *sys, char *out, size_t n)
{
	char *link = xasprintf("%s/device", sys), *pat;
	glob_t g;
	int rc = ctrl_of_link(link, out, n);

	free(link);
	if (!rc)
		return 0;
	/* A multipath namespace: its paths, sorted by glob, each on one controller. */
	pat = xasprintf("%s/multipath/nvme*/device", sys);
	if (!glob(pat, 0, NULL, &g)) {
		for (size_t i = 0; rc && i < g.gl_pathc; i++)
			rc = ctrl_of_link(g.gl_pathv[i], out, n);
		globfree(&g);
	}
	free(pat);
	return rc;
}

static void probe_sysfs_identity(const char *sys, struct device_info *di)
{
	if (sysfs_read(sys, "device/model", di->model, sizeof(di->model)))
		di->model[0] = '\0';
	if (sysfs_read(sys, "device/serial", di->serial, sizeof(di->serial)))
		sysfs_read(sys, "serial", di->serial, sizeof(di->serial));
	if (sysfs_read(sys, "device/firmware_rev", di->firmware, sizeof(di->firmware)))
		sysfs_read(sys, "device/rev", di->firmware, sizeof(di->firmware));
	sysfs_read(sys, "loop/backing_file", di->backing_file, sizeof(di->backing_file));
	di->diskseq = sysfs_u64(sys, "diskseq");
	if (!strncmp(di->kname, "nvme", 4) &&
	    device_nvme_ctrl(sys, di->nvme_ctrl, sizeof(di->nvme_ctrl)))
		di->nvme_ctrl[0] = '\0';
}

/* Sizes from the block ioctls; sysfs when the node cannot be opened (sandboxes). */
static void probe_block_sizes(int fd, const char *sys, struct device_info *di)
{
	uint64_t size = 0;
	int lbs = 0;
	unsigned pbs = 0;
	unsigned short rot = 0;
	char q[4352];

	snprintf(q, sizeof(q), "%s/%squeue", sys, di->is_partition ? "../" : "");
	if (fd >= 0 && !ioctl(fd, BLKGETSIZE64, &size))
		di->size = size;
	else
		di->size = sysfs_u64(sys, "size") * 512;
	if (fd >= 0 && !ioctl(fd, BLKSSZGET, &lbs))
		di->logical_block = (unsigned)lbs;
	else
		di->logical_block = (unsigned)sysfs_u64(q, "logical_block_size");
	if (fd >= 0 && !ioctl(fd, BLKPBSZGET, &pbs))
		di->physical_block = pbs;
	else
		di->physical_block = (unsigned)sysfs_u64(q, "physical_block_size");
	if (fd >= 0 && !ioctl(fd, BLKROTATIONAL, &rot))
		di->rotational = rot;
	else
		di->rotational = (int)sysfs_u64(q, "rotational");
	di->discard_max = sysfs_u64(q, "discard_max_bytes");
	di->discard_granularity = sysfs_u64(q, "discard_granularity");
	if (sysfs_read(q, "write_cache", di->wcache_sysfs, sizeof(di->wcache_sysfs)))
		di->wcache_sysfs[0] = '\0';
}

int device_nvme_admin(int fd, unsigned opcode, unsigned nsid, unsigned cdw10, void *buf,
		      unsigned len, unsigned timeout_ms)
{
	struct nvme_admin_cmd c;
	int rc;

	memset(&c, 0, sizeof(c));
	c.opcode = (uint8_t)opcode;
	c.nsid = nsid;
	c.addr = (uint64_t)(uintptr_t)buf;
	c.data_len = len;
	c.cdw10 = cdw10;
	c.timeout_ms = timeout_ms;
	rc = ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c);
	return rc < 0 ? -errno : rc;
}

/* Identify Controller, Identify Namespace and the SMART log; each optional. */
static void probe_nvme(int fd, struct device_info *di)
{
	uint8_t *buf = xcalloc(1, 4096);
	int nsid = ioctl(fd, NVME_IOCTL_ID);

	if (!device_nvme_admin(fd, 0x06, 0, 1, buf, 4096, 15000) &&
	    !device_nvme_decode_ctrl(buf, 4096, &di->nvme))
		di->has_nvme = 1;
	if (di->has_nvme && (di->nvme.vwc & 1)) {
		/* Get Features, Volatile Write Cache (FID 06h), current value: WCE in bit 0. */
		struct nvme_admin_cmd c = { .opcode = 0x0a, .cdw10 = 0x06, .timeout_ms = 15000 };

		if (ioctl(fd, NVME_IOCTL_ADMIN_CMD, &c) == 0)
			di->wcache_state = (int)(c.result & 1);
	}
	if (di->has_nvme && nsid > 0) {
		di->nsid = (unsigned)nsid;
		memset(buf, 0, 4096);
		if (!device_nvme_admin(fd, 0x06, (unsigned)nsid, 0, buf, 4096, 15000))
			device_nvme_decode_ns(buf, 4096, &di->nvme_ns);
	}
	memset(buf, 0, 4096);
	/* Get Log Page: NUMDL = dwords - 1 in bits 31:16, LID 02h in bits 7:0. */
	if (di->has_nvme && !device_nvme_admin(fd, 0x02, 0xffffffffu,
						(512 / 4 - 1) << 16 | 0x02, buf, 512, 15000) &&
	    !device_nvme_decode_smart(buf, 512, &di->nvme_smart)) {
		di->has_nvme_smart = 1;
		if (!di->temp_mc_valid && di->nvme_smart.temp_k) {
			/* 0 C is 273.15 K, as in the kernel's nvme hwmon sensor. */
			di->temp_mc = (long)di->nvme_smart.temp_k * 1000 - 273150;
			di->temp_mc_valid = 1;
		}
	}
	free(buf);
}

void device_ata_cdb(const struct device_ata_cmd *c, unsigned char cdb[16])
{
	memset(cdb, 0, 16);
	cdb[0] = 0x85;                      /* ATA PASS-THROUGH(16) */
	cdb[1] = (unsigned char)(c->protocol << 1 | (c->extend ? 1 : 0));
	/* Byte 2: CK_COND (bit 5) returns the registers; T_DIR (3), BYT_BLOK (2), T_LENGTH (1:0). */
	if (c->protocol == DEVICE_ATA_PIO_IN)
		cdb[2] = 0x0e;
	else if (c->protocol == DEVICE_ATA_PIO_OUT)
		cdb[2] = 0x06;
	else
		cdb[2] = 0x20;
	cdb[3] = (unsigned char)(c->feature >> 8);
	cdb[4] = (unsigned char)c->feature;
	cdb[5] = (unsigned char)(c->count >> 8);
	cdb[6] = (unsigned char)c->count;
	cdb[7] = (unsigned char)(c->lba >> 24);
	cdb[8] = (unsigned char)c->lba;
	cdb[9] = (unsigned char)(c->lba >> 32);
	cdb[10] = (unsigned char)(c->lba >> 8);
	cdb[11] = (unsigned char)(c->lba >> 40);
	cdb[12] = (unsigned char)(c->lba >> 16);
	cdb[13] = c->extend ? 0x40 : 0;     /* DEVICE: the LBA bit for 48-bit commands */
	cdb[14] = (unsigned char)c->command;
}

int device_ata_decode_sense(const uint8_t *s, size_t n, struct device_ata_cmd *c)
{
	const uint8_t *d = s + 8;

	/* Descriptor-format sense (72h) with the ATA Status Return descriptor (09h). */
	if (n < 22 || (s[0] & 0x7f) != 0x72 || d[0] != 0x09 || d[1] < 0x0c)
		return -SB_EINVAL;
	c->error = d[3];
	c->out_count = (unsigned)d[4] << 8 | d[5];
	c->out_lba = (uint64_t)d[7] | (uint64_t)d[9] << 8 | (uint64_t)d[11] << 16 |
		(uint64_t)d[6] << 24 | (uint64_t)d[8] << 32 | (uint64_t)d[10] << 40;
	c->status = d[13];
	return 0;
}

int device_ata_passthru(int fd, struct device_ata_cmd *c)
{
	unsigned char cdb[16], sense[32] = { 0 };
	struct sg_io_hdr h;

	device_ata_cdb(c, cdb);
	memset(&h, 0, sizeof(h));
	h.interface_id = 'S';
	h.dxfer_direction = c->protocol == DEVICE_ATA_PIO_IN ? SG_DXFER_FROM_DEV :
		c->protocol == DEVICE_ATA_PIO_OUT ? SG_DXFER_TO_DEV : SG_DXFER_NONE;
	h.cmd_len = 16;
	h.dxfer_len = c->len;
	h.dxferp = c->buf;
	h.cmdp = cdb;
	h.mx_sb_len = sizeof(sense);
	h.sbp = sense;
	h.timeout = c->timeout_ms ? c->timeout_ms : 15000;
	if (ioctl(fd, SG_IO, &h))
		return -errno;
	if (h.host_status || (h.driver_status & ~0x08u))
		return -EIO;
	/* CHECK CONDITION is expected with CK_COND; decode the registers it returns. */
	if (h.status == 2 && !device_ata_decode_sense(sense, h.sb_len_wr, c))
		return (c->status & 0x01) ? -EIO : 0;
	return h.status ? -EIO : 0;
}

static void probe_ata(int fd, struct device_info *di)
{
	uint8_t buf[512];

	struct device_ata_cmd c = { .command = 0xec, .count = 1, .protocol = DEVICE_ATA_PIO_IN,
				    .buf = buf, .len = sizeof(buf) };

	memset(buf, 0, sizeof(buf));
	if (device_ata_passthru(fd, &c) ||
	    device_ata_decode_identify(buf, sizeof(buf), &di->ata) || !di->ata.model[0])
		return;
	di->has_ata = 1;
	memset(buf, 0, sizeof(buf));
	/* SMART READ DATA: feature D0h, LBA mid/high 4Fh/C2h, command B0h. */
	c.command = 0xb0;
	c.feature = 0xd0;
	c.lba = 0xc24f00;
	if (!device_ata_passthru(fd, &c) &&
	    !device_ata_decode_smart(buf, sizeof(buf), &di->ata_smart)) {
		di->has_ata_smart = 1;
		if (!di->temp_mc_valid && di->ata_smart.temp_c >= 0) {
			di->temp_mc = di->ata_smart.temp_c * 1000L;
			di->temp_mc_valid = 1;
		}
	}
}

/* Temperature from an hwmon device of the disk (nvme hwmon, drivetemp). */
static void probe_hwmon(const char *sys, struct device_info *di)
{
	static const char *const pats[] = {
		"device/hwmon/hwmon*/temp1_input", "device/hwmon*/temp1_input",
		"device/device/hwmon/hwmon*/temp1_input",
	};

	for (size_t i = 0; i < sizeof(pats) / sizeof(pats[0]) && !di->temp_mc_valid; i++) {
		char *pat = xasprintf("%s/%s", sys, pats[i]);
		glob_t g;

		if (!glob(pat, 0, NULL, &g) && g.gl_pathc) {
			char *dir = xstrdup(g.gl_pathv[0]);
			char val[32];

			*strrchr(dir, '/') = '\0';
			if (!sysfs_read(dir, "temp1_input", val, sizeof(val)) && val[0]) {
				di->temp_mc = strtol(val, NULL, 10);
				di->temp_mc_valid = 1;
			}
			free(dir);
		}
		globfree(&g);
		free(pat);
	}
}

static int probe_file(const struct stat *st, struct device_info *di)
{
	di->kind = DEVICE_FILE;
	di->rotational = -1;
	if (!st)
		return 0;
	di->exists = 1;
	di->size = (uint64_t)st->st_size;
	di->logical_block = di->physical_block = (unsigned)st->st_blksize;
	return 0;
}

static void probe_block(const struct stat *st, struct device_info *di)
{
	char sys[64], real[PATH_MAX], part[PATH_MAX + 16];
	const char *slash;
	int fd;

	di->is_block = di->exists = 1;
	di->major = major(st->st_rdev);
	di->minor = minor(st->st_rdev);
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", di->major, di->minor);
	if (!realpath(sys, real))
		real[0] = '\0';
	slash = strrchr(real, '/');
	snprintf(di->kname, sizeof(di->kname), "%s", slash ? slash + 1 : "");
	di->kind = kind_of(di->kname);
	di->usb = strstr(real, "/usb") != NULL;
	snprintf(part, sizeof(part), "%s/partition", sys);
	di->is_partition = !access(part, F_OK);
	probe_sysfs_identity(sys, di);
	fd = open(di->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	probe_block_sizes(fd, sys, di);
	probe_hwmon(sys, di);
	if (fd >= 0 && di->kind == DEVICE_NVME)
		probe_nvme(fd, di);
	if (fd >= 0 && di->kind == DEVICE_SD)
		probe_ata(fd, di);
	if (device_stand_in(di))
		device_stand_in(di)->probe(di);   /* test builds only */
	if (di->has_nvme && !di->serial[0])
		snprintf(di->serial, sizeof(di->serial), "%s", di->nvme.serial);
	if (di->has_ata && di->ata.wcache)
		di->wcache_state = di->ata.wcache_enabled;
	if (di->has_ata) {
		snprintf(di->serial, sizeof(di->serial), "%s", di->ata.serial);
		snprintf(di->model, sizeof(di->model), "%s", di->ata.model);
		snprintf(di->firmware, sizeof(di->firmware), "%s", di->ata.firmware);
	}
	if (fd >= 0)
		close(fd);
}

int device_probe(const char *path, struct device_info *di, struct diag *d)
{
	struct stat st;
	char *real;

	memset(di, 0, sizeof(*di));
	di->rotational = -1;
	di->wcache_state = -1;
	real = realpath(path, NULL);
	snprintf(di->path, sizeof(di->path), "%s", real ? real : path);
	free(real);
	if (stat(di->path, &st)) {
		if (errno == ENOENT && strncmp(di->path, "/dev/", 5))
			return probe_file(NULL, di);
		return diag_set(d, -SB_ENOENT, NULL, 0, 0, "cannot examine '%s': %s", path,
				strerror(errno));
	}
	if (S_ISREG(st.st_mode))
		return probe_file(&st, di);
	if (!S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s' is neither a block device "
				"nor a regular file", path);
	probe_block(&st, di);
	return 0;
}

const char *device_identity(const struct device_info *di)
{
	if (di->kind == DEVICE_FILE)
		return di->path;
	if (di->serial[0])
		return di->serial;
	/* Virtual devices have no serial; a real disk without one cannot be confirmed. */
	if (di->kind == DEVICE_LOOP || di->kind == DEVICE_ZRAM || di->kind == DEVICE_NULLB ||
	    di->kind == DEVICE_MD)
		return di->kname;
	return "";
}

static const struct device_stand_in *stand_in;

void device_set_stand_in(const struct device_stand_in *s)
{
	stand_in = s;
}

const struct device_stand_in *device_stand_in(const struct device_info *di)
{
	return stand_in && stand_in->active(di) ? stand_in : NULL;
}

const char *device_stand_in_note(void)
{
	return stand_in ? stand_in->note : "";
}
