/* SPDX-License-Identifier: MIT */
/*
 * purgemethod: the one table of purge methods. The plan loader's choices, the plan
 * reference, the schema, `ssdbench purge --help`, `check`, the dry run and the run
 * all read it; orchestrator/device/purge.c keeps each method's commands, indexed by it.
 */
#ifndef SB_PURGEMETHOD_H
#define SB_PURGEMETHOD_H

#include <stdio.h>

#include "sbuf.h"

/*
 * X(ENUM, name, kind, family, on files, on block devices, what it does); a method
 * of a family names it, others themselves. Strongest first: "auto" and the
 * families take the first one the drive has.
 */
#define PURGE_METHODS(X) \
	X(AUTO, "auto", PURGEKIND_AUTO, AUTO, 1, 1, "the strongest method the target " \
	  "supports, in this table's order (secure-discard excepted); files punch holes") \
	X(NONE, "none", PURGEKIND_NONE, NONE, 1, 1, "no purge: the element is recorded " \
	  "and nothing is erased") \
	X(NVME_SANITIZE, "nvme-sanitize", PURGEKIND_FAMILY, NVME_SANITIZE, 0, 1, \
	  "NVMe Sanitize: block erase, else crypto erase") \
	X(NVME_SANITIZE_BLOCK, "nvme-sanitize-block", PURGEKIND_METHOD, NVME_SANITIZE, \
	  0, 1, "NVMe Sanitize (84h) SANACT=2 on the controller, polled with Get Log " \
	  "Page 81h") \
	X(NVME_SANITIZE_CRYPTO, "nvme-sanitize-crypto", PURGEKIND_METHOD, NVME_SANITIZE, \
	  0, 1, "NVMe Sanitize (84h) SANACT=4 (crypto erase), polled with Get Log Page " \
	  "81h") \
	X(NVME_FORMAT_CRYPTO, "nvme-format-crypto", PURGEKIND_METHOD, NVME_FORMAT_CRYPTO, \
	  0, 1, "NVMe Format NVM (80h) SES=2 (crypto erase), current LBA format") \
	X(NVME_FORMAT, "nvme-format", PURGEKIND_METHOD, NVME_FORMAT, 0, 1, "NVMe Format " \
	  "NVM (80h) SES=1 (user data erase), current LBA format") \
	X(ATA_SANITIZE, "ata-sanitize", PURGEKIND_FAMILY, ATA_SANITIZE, 0, 1, "ATA " \
	  "SANITIZE: block erase, else crypto scramble") \
	X(ATA_SANITIZE_BLOCK, "ata-sanitize-block", PURGEKIND_METHOD, ATA_SANITIZE, 0, 1, \
	  "ATA SANITIZE DEVICE (B4h) BLOCK ERASE EXT, polled with SANITIZE STATUS EXT") \
	X(ATA_SANITIZE_CRYPTO, "ata-sanitize-crypto", PURGEKIND_METHOD, ATA_SANITIZE, 0, 1, \
	  "ATA SANITIZE DEVICE (B4h) CRYPTO SCRAMBLE EXT, polled with SANITIZE STATUS EXT") \
	X(ATA_SECURE_ERASE, "ata-secure-erase", PURGEKIND_FAMILY, ATA_SECURE_ERASE, 0, 1, \
	  "ATA Security Erase: enhanced, else normal") \
	X(ATA_SECURITY_ERASE_ENHANCED, "ata-security-erase-enhanced", PURGEKIND_METHOD, \
	  ATA_SECURE_ERASE, 0, 1, "ATA SECURITY ERASE UNIT (F4h), enhanced, with a " \
	  "one-run password") \
	X(ATA_SECURITY_ERASE, "ata-security-erase", PURGEKIND_METHOD, ATA_SECURE_ERASE, \
	  0, 1, "ATA SECURITY ERASE UNIT (F4h), normal, with a one-run password") \
	X(SECURE_DISCARD, "secure-discard", PURGEKIND_METHOD, SECURE_DISCARD, 0, 1, \
	  "BLKSECDISCARD over the whole device (eMMC/SD only)") \
	X(DISCARD, "discard", PURGEKIND_METHOD, DISCARD, 0, 1, "BLKDISCARD over the " \
	  "whole device (TRIM/deallocate: a purge-lite)") \
	X(PUNCH_HOLES, "punch-holes", PURGEKIND_METHOD, PUNCH_HOLES, 1, 0, \
	  "fallocate(PUNCH_HOLE) over the whole file; it keeps its size")

enum purge_method {
#define PURGE_ENUM(e, name, kind, fam, files, blocks, help) PURGE_##e,
	PURGE_METHODS(PURGE_ENUM)
#undef PURGE_ENUM
	PURGE_NMETHODS
};

enum purgemethod_kind {
	PURGEKIND_AUTO,    /* the first concrete method the target has */
	PURGEKIND_NONE,    /* nothing is erased */
	PURGEKIND_FAMILY,  /* the first of the concrete methods that follow it */
	PURGEKIND_METHOD,  /* one command sequence */
};

struct purgemethod {
	const char *name;
	enum purgemethod_kind kind;
	enum purge_method family;   /* the family it belongs to, or itself */
	int on_files, on_blocks;
	const char *help;
};

extern const struct purgemethod purgemethod_table[PURGE_NMETHODS];
/* The names, NULL-terminated, in table order (the plan's enum choices). */
extern const char *const purgemethod_names[PURGE_NMETHODS + 1];

/* Parses a method name; 0 with *m set, or -SB_EINVAL. */
int purgemethod_parse(const char *name, enum purge_method *m);
const char *purgemethod_name(enum purge_method m);
/* Every name, comma-separated, into sb (for help and errors). */
void purgemethod_list(struct sbuf *sb);

/*
 * Why m cannot run on a target that is (is_block) a block device or a file, or NULL
 * when its kind of target allows it: what `check --target` can tell without opening
 * the target. The device's own abilities are the run's and the dry run's to check.
 */
const char *purgemethod_unfit(enum purge_method m, int is_block);

/* The table as Markdown, for the plan reference. */
void purgemethod_print_markdown(FILE *out);

#endif
