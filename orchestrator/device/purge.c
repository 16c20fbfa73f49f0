/* SPDX-License-Identifier: MIT */
/* purge: the method table, choosing and describing a method, discard and hole punching. */
#define _GNU_SOURCE 1
#include "purge.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/falloc.h>
#include <linux/fs.h>

#include "clock.h"
#include "err.h"
#include "interlock.h"
#include "purge_int.h"
#include "units.h"
#include "xalloc.h"

struct method {
	/* Returns NULL when di offers the method, else why not. */
	const char *(*lacks)(const struct device_info *di);
	const char *how;    /* the command or ioctl, for --dry-run */
};

static const char *lacks_nvme(const struct device_info *di)
{
	return !di->has_nvme ? "it is not an NVMe device (or Identify failed)" : NULL;
}

static const char *lacks_sanitize_block(const struct device_info *di)
{
	return lacks_nvme(di) ? lacks_nvme(di) : !(di->nvme.sanicap & 2) ?
		"SANICAP bit 1 (block erase) is not set" : !di->nvme_ctrl[0] ?
		"its controller device is unknown" : NULL;
}

static const char *lacks_sanitize_crypto(const struct device_info *di)
{
	return lacks_nvme(di) ? lacks_nvme(di) : !(di->nvme.sanicap & 1) ?
		"SANICAP bit 0 (crypto erase) is not set" : !di->nvme_ctrl[0] ?
		"its controller device is unknown" : NULL;
}

static const char *lacks_format(const struct device_info *di)
{
	return lacks_nvme(di) ? lacks_nvme(di) : !(di->nvme.oacs & 2) ?
		"OACS bit 1 (Format NVM) is not set" : !di->nsid ?
		"its namespace id is unknown" : NULL;
}

static const char *lacks_format_crypto(const struct device_info *di)
{
	return lacks_format(di) ? lacks_format(di) : !(di->nvme.fna & 4) ?
		"FNA bit 2 (cryptographic erase) is not set" : NULL;
}

static const char *lacks_ata(const struct device_info *di)
{
	return !di->has_ata ? "it does not answer ATA IDENTIFY" : di->usb ?
		"it is behind a USB bridge, which may reset it mid-erase" : NULL;
}

static const char *lacks_ata_sanitize_block(const struct device_info *di)
{
	return lacks_ata(di) ? lacks_ata(di) : !di->ata.sanitize_block ?
		"IDENTIFY word 59 bit 15 (BLOCK ERASE) is not set" : NULL;
}

static const char *lacks_ata_sanitize_crypto(const struct device_info *di)
{
	return lacks_ata(di) ? lacks_ata(di) : !di->ata.sanitize_crypto ?
		"IDENTIFY word 59 bit 13 (CRYPTO SCRAMBLE) is not set" : NULL;
}

static const char *lacks_security(const struct device_info *di)
{
	if (lacks_ata(di))
		return lacks_ata(di);
	if (!di->ata.sec_supported)
		return "it has no ATA security feature set";
	if (di->ata.sec_frozen)
		return "its security is frozen (suspend to RAM and resume, or hot-plug the "
		       "drive, then probe again)";
	if (di->ata.sec_enabled || di->ata.sec_locked)
		return "a security password is already set on it";
	return NULL;
}

static const char *lacks_security_enhanced(const struct device_info *di)
{
	return lacks_security(di) ? lacks_security(di) : !di->ata.sec_enhanced ?
		"it does not offer the enhanced erase" : NULL;
}

static const char *lacks_secure_discard(const struct device_info *di)
{
	return strncmp(di->kname, "mmcblk", 6) ? "the kernel offers secure discard only "
		"on eMMC/SD, Xen and rnbd devices" : NULL;
}

static const char *lacks_discard(const struct device_info *di)
{
	return !di->is_block ? "it is not a block device" : !di->discard_max ?
		"its queue does not accept discards (discard_max_bytes is 0)" : NULL;
}

static const char *lacks_punch(const struct device_info *di)
{
	return di->kind != DEVICE_FILE ? "it is not a file" : !di->exists ?
		"the file does not exist yet" : NULL;
}

/* What each concrete method needs and runs; auto, none and the families have none. */
static const struct method methods[PURGE_NMETHODS] = {
	[PURGE_NVME_SANITIZE_BLOCK] = { lacks_sanitize_block,
		"NVME_IOCTL_ADMIN_CMD Sanitize (84h) SANACT=2 on the controller, then Get Log "
		"Page 81h every second until SSTAT is no longer 'in progress'" },
	[PURGE_NVME_SANITIZE_CRYPTO] = { lacks_sanitize_crypto,
		"NVME_IOCTL_ADMIN_CMD Sanitize (84h) SANACT=4 on the controller, then Get Log "
		"Page 81h every second until SSTAT is no longer 'in progress'" },
	[PURGE_NVME_FORMAT_CRYPTO] = { lacks_format_crypto,
		"NVME_IOCTL_ADMIN_CMD Format NVM (80h) SES=2, current LBA format, timeout 600 s" },
	[PURGE_NVME_FORMAT] = { lacks_format,
		"NVME_IOCTL_ADMIN_CMD Format NVM (80h) SES=1, current LBA format, timeout 600 s" },
	[PURGE_ATA_SANITIZE_BLOCK] = { lacks_ata_sanitize_block,
		"SG_IO ATA PASS-THROUGH(16) SANITIZE DEVICE (B4h) BLOCK ERASE EXT, then "
		"SANITIZE STATUS EXT every second" },
	[PURGE_ATA_SANITIZE_CRYPTO] = { lacks_ata_sanitize_crypto,
		"SG_IO ATA PASS-THROUGH(16) SANITIZE DEVICE (B4h) CRYPTO SCRAMBLE EXT, then "
		"SANITIZE STATUS EXT every second" },
	[PURGE_ATA_SECURITY_ERASE_ENHANCED] = { lacks_security_enhanced,
		"SG_IO ATA SECURITY SET PASSWORD (F1h), ERASE PREPARE (F3h), ERASE UNIT (F4h, "
		"enhanced); on failure SECURITY DISABLE PASSWORD (F6h)" },
	[PURGE_ATA_SECURITY_ERASE] = { lacks_security,
		"SG_IO ATA SECURITY SET PASSWORD (F1h), ERASE PREPARE (F3h), ERASE UNIT (F4h, "
		"normal); on failure SECURITY DISABLE PASSWORD (F6h)" },
	[PURGE_SECURE_DISCARD] = { lacks_secure_discard,
		"ioctl BLKSECDISCARD over the whole device" },
	[PURGE_DISCARD] = { lacks_discard,
		"ioctl BLKDISCARD over the whole device, 1 GiB at a time (TRIM/deallocate: a "
		"'purge-lite', not a sanitisation)" },
	[PURGE_PUNCH_HOLES] = { lacks_punch,
		"fallocate(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE) over the whole file" },
};

/* Why the device cannot run method m (a concrete one), or NULL. */
static const char *lacks(const struct device_info *di, enum purge_method m)
{
	const char *kind = purgemethod_unfit(m, di->is_block);

	return kind ? kind : methods[m].lacks(di);
}

int purge_choose(const struct device_info *di, enum purge_method want,
		 enum purge_method *out, struct diag *d)
{
	const struct purgemethod *p = &purgemethod_table[want];
	const char *why = NULL;

	switch (p->kind) {
	case PURGEKIND_NONE:
		*out = want;
		return 0;
	case PURGEKIND_METHOD:
		why = lacks(di, want);
		if (!why) {
			*out = want;
			return 0;
		}
		break;
	case PURGEKIND_FAMILY:  /* its methods, strongest first */
		for (int i = 0; i < PURGE_NMETHODS; i++) {
			const char *w;

			if (purgemethod_table[i].family != want || i == (int)want)
				continue;
			w = lacks(di, (enum purge_method)i);
			if (!w) {
				*out = (enum purge_method)i;
				return 0;
			}
			why = why ? why : w;
		}
		break;
	case PURGEKIND_AUTO:
		/* Secure discard is never picked by auto: it only exists on eMMC-like devices. */
		for (int i = 0; i < PURGE_NMETHODS; i++)
			if (purgemethod_table[i].kind == PURGEKIND_METHOD &&
			    i != PURGE_SECURE_DISCARD && !lacks(di, (enum purge_method)i)) {
				*out = (enum purge_method)i;
				return 0;
			}
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot purge '%s': it supports "
				"none of the purge methods (%s)", di->path, lacks_discard(di));
	}
	return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot purge '%s' with '%s': %s",
			di->path, p->name, why);
}

/* The device's own estimate of the erase time, when it gives one. */
static void describe_time(const struct device_info *di, enum purge_method m, struct sbuf *sb)
{
	unsigned min = m == PURGE_ATA_SECURITY_ERASE ? di->ata.erase_min :
		m == PURGE_ATA_SECURITY_ERASE_ENHANCED ? di->ata.erase_enh_min : 0;

	if (min)
		sbuf_addf(sb, "estimated time: %u min (IDENTIFY words 89/90)\n", min);
	else if (m == PURGE_DISCARD || m == PURGE_PUNCH_HOLES)
		sbuf_adds(sb, "estimated time: seconds (minutes on some large SSDs)\n");
	else
		sbuf_adds(sb, "estimated time: unknown before it starts (seconds to hours)\n");
}

void purge_describe(const struct device_info *di, enum purge_method m, struct sbuf *sb)
{
	char size[32];

	units_format_size(di->size, size, sizeof(size));
	if (m == PURGE_NONE) {
		sbuf_adds(sb, "purge method: none (nothing is erased)\n");
		return;
	}
	sbuf_addf(sb, "purge method: %s\n  %s\n  range: 0 .. %llu bytes (%s)\n  ",
		  purgemethod_name(m), methods[m].how, (unsigned long long)di->size, size);
	describe_time(di, m, sb);
}

/* BLKDISCARD (or BLKSECDISCARD) over [0, size), in pieces of at most 1 GiB. */
static int run_discard(const struct device_info *di, unsigned long req, struct diag *d)
{
	const uint64_t step = (uint64_t)1 << 30;
	int fd = open(di->path, O_WRONLY | O_EXCL | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s' exclusively: %s",
				di->path, strerror(errno));
	for (uint64_t off = 0; off < di->size && !rc; off += step) {
		uint64_t range[2] = { off, di->size - off < step ? di->size - off : step };

		if (ioctl(fd, req, range))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot discard '%s' at byte "
				      "%llu: %s", di->path, (unsigned long long)off,
				      strerror(errno));
	}
	close(fd);
	return rc;
}

static int run_punch(const struct device_info *di, struct diag *d)
{
	int fd = open(di->path, O_WRONLY | O_CLOEXEC), rc = 0;

	if (fd < 0)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot open '%s': %s", di->path,
				strerror(errno));
	if (di->size && fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0,
				  (off_t)di->size))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot punch holes in '%s': %s",
			      di->path, strerror(errno));
	close(fd);
	return rc;
}

int purge_run(const struct device_info *di, enum purge_method m, struct purge_result *r,
	      struct diag *d)
{
	double t0 = clock_mono_s();
	int rc;

	memset(r, 0, sizeof(*r));
	r->method = m;
	switch (m) {
	case PURGE_NVME_SANITIZE_BLOCK:
	case PURGE_NVME_SANITIZE_CRYPTO:
		rc = purge__nvme_sanitize(di, m == PURGE_NVME_SANITIZE_CRYPTO, r, d);
		break;
	case PURGE_NVME_FORMAT_CRYPTO:
	case PURGE_NVME_FORMAT:
		rc = purge__nvme_format(di, m == PURGE_NVME_FORMAT_CRYPTO ? 2 : 1, r, d);
		break;
	case PURGE_ATA_SANITIZE_BLOCK:
	case PURGE_ATA_SANITIZE_CRYPTO:
		rc = purge__ata_sanitize(di, m == PURGE_ATA_SANITIZE_CRYPTO, r, d);
		break;
	case PURGE_ATA_SECURITY_ERASE_ENHANCED:
	case PURGE_ATA_SECURITY_ERASE:
		rc = purge__ata_security_erase(di, m == PURGE_ATA_SECURITY_ERASE_ENHANCED, r, d);
		break;
	case PURGE_SECURE_DISCARD:
	case PURGE_DISCARD:
		rc = run_discard(di, m == PURGE_DISCARD ? BLKDISCARD : BLKSECDISCARD, d);
		break;
	case PURGE_PUNCH_HOLES:
		rc = run_punch(di, d);
		break;
	case PURGE_NONE:
		rc = 0;
		break;
	default:
		rc = diag_set(d, -SB_EINTERNAL, NULL, 0, 0, "purge method not resolved");
	}
	r->seconds = clock_mono_s() - t0;
	return rc;
}

int purge_guarded(const char *target, enum purge_method want, const char *const *ids,
		  size_t n, const char *token, int dry_run, FILE *out, struct purge_result *r,
		  struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct interlock_report *ir = xcalloc(1, sizeof(*ir));
	enum purge_method m = PURGE_AUTO;
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = interlock_check_token(target, ids, n, token, ir, d);
	fprintf(out, "checks for '%s':\n", target);
	interlock_print(ir, out);
	if (rc && rc != -SB_EUNSAFE)
		goto out;
	if (device_probe(target, di, d) || purge_choose(di, want, &m, d)) {
		rc = rc ? rc : d->code;
		goto out;
	}
	purge_describe(di, m, &sb);
	fprintf(out, "%s%s %s\n", sb.buf, rc ? "refused: not destroying" : dry_run ?
		"would destroy" : "destroying", ir->what);
	if (rc || dry_run)
		goto out;
	rc = purge_run(di, m, r, d);
	if (!rc)
		fprintf(out, "purged '%s' with %s in %.2f s%s%s\n", target, purgemethod_name(m),
			r->seconds, r->detail[0] ? ": " : "", r->detail);
out:
	sbuf_release(&sb);
	free(ir);
	free(di);
	return rc;
}
