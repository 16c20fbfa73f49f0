/* SPDX-License-Identifier: MIT */
/* Tests of the device layer: NVMe/ATA decoders on spec-layout buffers, OP, RAID, interlocks, purge. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "device.h"
#include "err.h"
#include "hwop.h"
#include "interlock.h"
#include "op.h"
#include "purge.h"
#include "purge_int.h"
#include "raid.h"
#include "sbuf.h"
#include "xalloc.h"

static void put16(uint8_t *b, size_t off, unsigned v)
{
	b[off] = (uint8_t)v;
	b[off + 1] = (uint8_t)(v >> 8);
}

static void put64(uint8_t *b, size_t off, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[off + (size_t)i] = (uint8_t)(v >> (8 * i));
}

/* An ASCII field padded with spaces, as NVMe stores SN/MN/FR. */
static void put_ascii(uint8_t *b, size_t off, size_t n, const char *s)
{
	size_t len = strlen(s);

	for (size_t i = 0; i < n; i++)
		b[off + i] = i < len ? (uint8_t)s[i] : (uint8_t)' ';
}

/* An ATA string: two characters per word, the first in the high byte. */
static void put_ata_string(uint8_t *b, unsigned word, unsigned nwords, const char *s)
{
	size_t len = strlen(s);

	for (unsigned i = 0; i < 2 * nwords; i++) {
		b[2 * word + (i ^ 1)] = i < len ? (uint8_t)s[i] : (uint8_t)' ';
	}
}

/* Identify Controller (NVMe base spec, Figure "Identify Controller Data Structure"). */
static void test_nvme_ctrl(void **state)
{
	uint8_t *b = xcalloc(1, 4096);
	struct device_nvme_ctrl c;
	char buf[48];

	(void)state;
	put_ascii(b, 4, 20, "S4EWNX0R123456");      /* SN, bytes 23:04 */
	put_ascii(b, 24, 40, "Samsung SSD 980 PRO 1TB"); /* MN, bytes 63:24 */
	put_ascii(b, 64, 8, "5B2QGXA7");             /* FR, bytes 71:64 */
	put16(b, 256, 0x0017);                       /* OACS: format (bit 1), ns mgmt (bit 3) */
	put16(b, 266, 355);                          /* WCTEMP, Kelvin */
	put16(b, 268, 358);                          /* CCTEMP, Kelvin */
	put64(b, 280, 1000204886016ull);             /* TNVMCAP low 64 bits, bytes 295:280 */
	put64(b, 288, 1);                            /* TNVMCAP high 64 bits */
	b[328] = 0x03;                               /* SANICAP: crypto (0), block (1) */
	put16(b, 520, 0x005f);                       /* ONCS: DSM (bit 2) */
	b[524] = 0x04;                               /* FNA: crypto erase (bit 2) */
	assert_int_equal(device_nvme_decode_ctrl(b, 4096, &c), 0);
	assert_string_equal(c.serial, "S4EWNX0R123456");
	assert_string_equal(c.model, "Samsung SSD 980 PRO 1TB");
	assert_string_equal(c.firmware, "5B2QGXA7");
	assert_int_equal(c.oacs, 0x17);
	assert_int_equal(c.wctemp_k, 355);
	assert_int_equal(c.cctemp_k, 358);
	assert_int_equal(c.sanicap, 3);
	assert_int_equal(c.oncs & 4, 4);
	assert_int_equal(c.fna, 4);
	device_u128_format(c.tnvmcap, buf, sizeof(buf));
	assert_string_equal(buf, "18446745073914437632");  /* 2^64 + 1000204886016 */
	assert_int_equal(device_nvme_decode_ctrl(b, 512, &c), -SB_EINVAL);
	free(b);
}

/* Identify Namespace: NSZE 7:0, NCAP 15:8, NUSE 23:16, FLBAS 26, DLFEAT 33, LBAF at 128. */
static void test_nvme_ns(void **state)
{
	uint8_t *b = xcalloc(1, 4096);
	struct device_nvme_ns ns;

	(void)state;
	put64(b, 0, 244190646);
	put64(b, 8, 244190646);
	put64(b, 16, 1000);
	b[25] = 1;                     /* NLBAF: two formats (0-based) */
	b[26] = 0x01;                  /* FLBAS: format 1 in use */
	b[33] = 0x01;                  /* DLFEAT: deallocated blocks read as zeros */
	b[128 + 2] = 9;                /* LBAF0: LBADS 9 = 512 bytes */
	b[128 + 4 + 2] = 12;           /* LBAF1: LBADS 12 = 4096 bytes */
	assert_int_equal(device_nvme_decode_ns(b, 4096, &ns), 0);
	assert_int_equal(ns.nsze, 244190646);
	assert_int_equal(ns.nuse, 1000);
	assert_int_equal(ns.flbas_index, 1);
	assert_int_equal(ns.lba_bytes, 4096);
	assert_int_equal(ns.dlfeat & 7, 1);
	free(b);
}

/* SMART / Health log (LID 02h): temperatures in Kelvin, 128-bit little-endian counters. */
static void test_nvme_smart(void **state)
{
	uint8_t b[512];
	struct device_nvme_smart s;
	char buf[48];

	(void)state;
	memset(b, 0, sizeof(b));
	b[0] = 0x02;                   /* critical warning: temperature */
	put16(b, 1, 318);              /* composite temperature, bytes 2:1, 318 K = 45 C */
	b[3] = 100;                    /* available spare % */
	b[4] = 10;                     /* spare threshold % */
	b[5] = 3;                      /* percentage used */
	put64(b, 32, 0x1234);          /* data units read, bytes 47:32 */
	put64(b, 48, UINT64_MAX);      /* data units written, bytes 63:48: 2^65 - 1 */
	put64(b, 56, 1);
	put64(b, 128, 8760);           /* power on hours, bytes 143:128 */
	put64(b, 160, 0);              /* media errors */
	put16(b, 200, 320);            /* temperature sensor 1, Kelvin */
	assert_int_equal(device_nvme_decode_smart(b, sizeof(b), &s), 0);
	assert_int_equal(s.critical_warning, 2);
	assert_int_equal(s.temp_k, 318);
	assert_int_equal((int)s.temp_k - 273, 45);
	assert_int_equal(s.avail_spare, 100);
	assert_int_equal(s.spare_thresh, 10);
	assert_int_equal(s.percent_used, 3);
	device_u128_format(s.data_units_read, buf, sizeof(buf));
	assert_string_equal(buf, "4660");
	device_u128_format(s.data_units_written, buf, sizeof(buf));
	assert_string_equal(buf, "36893488147419103231");
	assert_int_equal(s.power_on_hours.lo, 8760);
	assert_int_equal(s.sensor_k[0], 320);
	assert_int_equal(s.sensor_k[1], 0);
	assert_int_equal(device_nvme_decode_smart(b, 100, &s), -SB_EINVAL);
}

static void test_u128_format(void **state)
{
	struct device_u128 zero = { 0, 0 }, max = { UINT64_MAX, UINT64_MAX };
	char buf[48];

	(void)state;
	device_u128_format(zero, buf, sizeof(buf));
	assert_string_equal(buf, "0");
	device_u128_format(max, buf, sizeof(buf));
	assert_string_equal(buf, "340282366920938463463374607431768211455");
}

/* Sanitize Status log (LID 81h): SPROG 1:0, SSTAT 3:2, estimates at 8, 12, 16 (seconds). */
static void test_nvme_sanitize_log(void **state)
{
	uint8_t b[512];
	struct device_nvme_sanitize s;

	(void)state;
	memset(b, 0, sizeof(b));
	put16(b, 0, 0x8000);           /* half done: 32768/65536 */
	put16(b, 2, 0x0002);           /* in progress */
	put16(b, 12, 120);             /* ETBE: 120 s */
	b[8] = b[9] = b[10] = b[11] = 0xff;  /* ETO: no estimate */
	assert_int_equal(device_nvme_decode_sanitize(b, sizeof(b), &s), 0);
	assert_int_equal(s.sprog, 0x8000);
	assert_int_equal(s.sstat & 7, 2);
	assert_int_equal(s.etbe_s, 120);
	assert_true(s.eto_s == 0xffffffffu);
}

/* ATA IDENTIFY DEVICE (ACS): word offsets as named in the standard. */
static void test_ata_identify(void **state)
{
	uint8_t b[512];
	struct device_ata_id id;

	(void)state;
	memset(b, 0, sizeof(b));
	put_ata_string(b, 10, 10, "S3Z9NB0K123456A");   /* words 10-19 serial */
	put_ata_string(b, 23, 4, "RVT02B6Q");           /* words 23-26 firmware */
	put_ata_string(b, 27, 20, "Samsung SSD 860 EVO 500GB"); /* words 27-46 model */
	put16(b, 2 * 59, 1u << 12 | 1u << 13 | 1u << 15); /* sanitize, crypto, block */
	put16(b, 2 * 69, 1u << 14 | 1u << 5);            /* DRAT, RZAT */
	put16(b, 2 * 89, 0x0002);                        /* erase: 2 x 2 min */
	put16(b, 2 * 90, 0x8005);                        /* enhanced: extended, 5 x 2 min */
	put64(b, 2 * 100, 976773168);                    /* words 100-103 LBA48 */
	put16(b, 2 * 106, 0x4000 | 0x2000 | 3);          /* 2^3 logical per physical */
	put16(b, 2 * 128, 0x0001 | 0x0008 | 0x0020);     /* supported, frozen, enhanced */
	put16(b, 2 * 169, 1);                            /* TRIM */
	put16(b, 2 * 217, 1);                            /* non-rotating */
	assert_int_equal(device_ata_decode_identify(b, sizeof(b), &id), 0);
	assert_string_equal(id.serial, "S3Z9NB0K123456A");
	assert_string_equal(id.firmware, "RVT02B6Q");
	assert_string_equal(id.model, "Samsung SSD 860 EVO 500GB");
	assert_true(id.sanitize && id.sanitize_crypto && id.sanitize_block);
	assert_true(id.drat && id.rzat && id.trim);
	assert_int_equal(id.erase_min, 4);
	assert_int_equal(id.erase_enh_min, 10);
	assert_int_equal(id.lba48_sectors, 976773168);
	assert_int_equal(id.logical_bytes, 512);
	assert_int_equal(id.physical_bytes, 4096);
	assert_true(id.sec_supported && id.sec_frozen && id.sec_enhanced);
	assert_false(id.sec_enabled || id.sec_locked);
	assert_int_equal(id.rotation, 1);
}

/* Decodes an IDENTIFY DEVICE page of zeros but for words[] = { word, value, ... }. */
static void identify_words(const unsigned *words, size_t n, struct device_ata_id *id)
{
	uint8_t b[512];

	memset(b, 0, sizeof(b));
	for (size_t i = 0; i + 1 < n; i += 2)
		put16(b, 2 * words[i], words[i + 1]);
	assert_int_equal(device_ata_decode_identify(b, sizeof(b), id), 0);
}

/*
 * Words 106 and 117-118: a 4 KiB logical sector is read; a size of 0 or one that
 * wrapped (found by fuzz_probe) keeps 512, and a physical size past 16 MiB the logical.
 */
static void test_ata_sector_sizes(void **state)
{
	static const struct {
		unsigned w106;
		uint32_t words;   /* words 117-118: logical sector size in words */
		unsigned logical, physical;
	} cases[] = {
		{ 0x4000 | 0x1000, 2048, 4096, 4096 },
		{ 0x4000 | 0x1000 | 0x2000 | 1, 2048, 4096, 8192 },
		{ 0x4000 | 0x1000, 0, 512, 512 },
		{ 0x4000 | 0x1000, 0x80000000u, 512, 512 },
		{ 0x4000 | 0x1000 | 0x2000 | 15, 32768, 65536, 65536 },
		{ 0x1000, 2048, 512, 512 },       /* word 106 not valid (bits 15:14 != 01b) */
	};
	struct device_ata_id id;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const unsigned words[] = { 106, cases[i].w106, 117, cases[i].words & 0xffff,
					   118, cases[i].words >> 16 };

		identify_words(words, sizeof(words) / sizeof(words[0]), &id);
		assert_int_equal(id.logical_bytes, cases[i].logical);
		assert_int_equal(id.physical_bytes, cases[i].physical);
	}
}

/*
 * IDENTIFY DEVICE words 82 bit 10 (HPA feature set supported), 85 bit 10 (enabled),
 * 83 bit 10 (48-bit Address feature set) and 119 bit 8 (ACS-4 Accessible Max
 * Address Configuration); 83 and 119 count only with bits 15:14 = 01b, 82 not as
 * 0000h or FFFFh (ACS-4 7.12.7).
 */
static void test_ata_max_address(void **state)
{
	static const struct {
		unsigned w82, w83, w85, w119;
		int hpa, hpa_enabled, lba48, amac;
	} cases[] = {
		{ 0x0400, 0x4400, 0x0400, 0x0000, 1, 1, 1, 0 },   /* HPA, on, 48-bit */
		{ 0x0400, 0x4000, 0x0000, 0x0000, 1, 0, 0, 0 },   /* HPA off, 28-bit only */
		{ 0x0000, 0x4400, 0x0000, 0x4100, 0, 0, 1, 1 },   /* no HPA, AMAC (ACS-4) */
		{ 0x4000, 0x4400, 0x0000, 0x4100, 0, 0, 1, 1 },   /* word 82 valid, bit 10 0 */
		{ 0xffff, 0x0400, 0xffff, 0x0100, 0, 0, 0, 0 },   /* words not valid */
	};
	struct device_ata_id id;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const unsigned words[] = { 82, cases[i].w82, 83, cases[i].w83, 85, cases[i].w85,
					   119, cases[i].w119 };

		identify_words(words, sizeof(words) / sizeof(words[0]), &id);
		assert_int_equal(id.hpa, cases[i].hpa);
		assert_int_equal(id.hpa_enabled, cases[i].hpa_enabled);
		assert_int_equal(id.lba48, cases[i].lba48);
		assert_int_equal(id.amac, cases[i].amac);
	}
}

/* SMART READ DATA: 30 attributes of 12 bytes from offset 2; 194 temperature raw byte 0. */
static void test_ata_smart(void **state)
{
	uint8_t b[512];
	struct device_ata_smart s;

	(void)state;
	memset(b, 0, sizeof(b));
	b[2] = 9;                             /* attribute 9: power-on hours */
	put16(b, 2 + 5, 12345);               /* raw bytes 5-10 */
	b[2 + 12] = 194;                      /* attribute 194: temperature */
	b[2 + 12 + 5] = 38;
	b[2 + 24] = 190;                      /* 190 is the fallback, not used here */
	b[2 + 24 + 5] = 40;
	assert_int_equal(device_ata_decode_smart(b, sizeof(b), &s), 0);
	assert_int_equal(s.nattrs, 3);
	assert_int_equal(s.temp_c, 38);
	assert_int_equal(s.power_on_hours, 12345);
	b[2 + 12] = 0;                        /* without 194: 190 */
	assert_int_equal(device_ata_decode_smart(b, sizeof(b), &s), 0);
	assert_int_equal(s.temp_c, 40);
}

/* ATA PASS-THROUGH(16) CDBs as SAT lays them out (and smartmontools/hdparm send). */
static void test_ata_cdb(void **state)
{
	struct device_ata_cmd id = { .command = 0xec, .count = 1, .protocol = DEVICE_ATA_PIO_IN };
	struct device_ata_cmd smart = { .command = 0xb0, .feature = 0xd0, .count = 1,
					.lba = 0xc24f00, .protocol = DEVICE_ATA_PIO_IN };
	struct device_ata_cmd san = { .command = 0xb4, .feature = 0x0012, .extend = 1,
				      .lba = 0x426b4572, .protocol = DEVICE_ATA_NONDATA };
	const unsigned char want_id[16] = { 0x85, 0x08, 0x0e, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
					    0, 0xec, 0 };
	unsigned char cdb[16];

	(void)state;
	device_ata_cdb(&id, cdb);
	assert_memory_equal(cdb, want_id, 16);
	device_ata_cdb(&smart, cdb);
	assert_int_equal(cdb[4], 0xd0);
	assert_int_equal(cdb[10], 0x4f);      /* LBA mid */
	assert_int_equal(cdb[12], 0xc2);      /* LBA high */
	assert_int_equal(cdb[14], 0xb0);
	device_ata_cdb(&san, cdb);
	assert_int_equal(cdb[1], 3 << 1 | 1); /* non-data, 48-bit */
	assert_int_equal(cdb[2], 0x20);       /* CK_COND: return the registers */
	assert_int_equal(cdb[4], 0x12);
	assert_int_equal(cdb[8], 0x72);       /* LBA 7:0 */
	assert_int_equal(cdb[10], 0x45);      /* LBA 15:8 */
	assert_int_equal(cdb[12], 0x6b);      /* LBA 23:16 */
	assert_int_equal(cdb[7], 0x42);       /* LBA 31:24: "BkEr" */
	assert_int_equal(cdb[13], 0x40);
}

/* The ATA Status Return descriptor (09h) of descriptor-format sense data. */
static void test_ata_sense(void **state)
{
	uint8_t s[32];
	struct device_ata_cmd c;

	(void)state;
	memset(s, 0, sizeof(s));
	memset(&c, 0, sizeof(c));
	s[0] = 0x72;
	s[8] = 0x09;
	s[9] = 0x0c;
	s[12] = 0x80;                 /* count 15:8: sanitize completed without error */
	s[13] = 0x00;
	s[15] = 0x34;                 /* LBA 7:0 */
	s[21] = 0x50;                 /* status: DRDY | DSC */
	assert_int_equal(device_ata_decode_sense(s, sizeof(s), &c), 0);
	assert_int_equal(c.out_count, 0x8000);
	assert_int_equal(c.out_lba, 0x34);
	assert_int_equal(c.status, 0x50);
	s[0] = 0x70;
	assert_int_equal(device_ata_decode_sense(s, sizeof(s), &c), -SB_EINVAL);
}

static void test_op(void **state)
{
	const char *why = NULL;
	unsigned c = 0;

	(void)state;
	/* OP = (raw - user) / user: 28 % leaves raw / 1.28 = 78.125 % of the LBAs. */
	assert_int_equal(op_usable_bytes(1073741824ull, 2800, 4096), 838860800ull);
	assert_int_equal(op_usable_bytes(1073741824ull, 10000, 4096), 536870912ull);
	assert_int_equal(op_usable_bytes(1073741824ull, 0, 4096), 1073741824ull);
	/* 7 % of a 1 TB (decimal) drive, rounded down to 4 KiB. */
	assert_int_equal(op_usable_bytes(1000204886016ull, 700, 4096) % 4096, 0);
	assert_int_equal(op_usable_bytes(1000204886016ull, 700, 4096),
			 1000204886016ull * 100 / 107 / 4096 * 4096);
	/* No overflow near 2^64. */
	assert_true(op_usable_bytes(UINT64_MAX, 2800, 1) > UINT64_MAX / 100 * 78);
	assert_int_equal(op_parse("28%", &c, &why), 0);
	assert_int_equal(c, 2800);
	assert_int_equal(op_parse("7.5", &c, &why), 0);
	assert_int_equal(c, 750);
	assert_int_equal(op_parse("0", &c, &why), 0);
	assert_int_equal(c, 0);
	assert_int_equal(op_parse("abc", &c, &why), -SB_EINVAL);
	assert_non_null(strstr(why, "percentage"));
	assert_int_equal(op_parse("1001", &c, &why), -SB_EINVAL);
	assert_int_equal(op_parse("28%x", &c, &why), -SB_EINVAL);
}

/* The mdadm sequence for a three-member RAID 0, exactly as --dry-run prints it. */
static void test_raid_golden(void **state)
{
	static const char golden[] =
		"create: mdadm --create /dev/md/ssdbench0 --level=0 --raid-devices=3 "
		"--chunk=128K --metadata=1.2 --run --force /dev/loop1 /dev/loop2 /dev/loop3\n"
		"wait: mdadm --wait /dev/md/ssdbench0  (a non-zero exit is expected)\n"
		"check: mdadm --detail --export /dev/md/ssdbench0\n"
		"stop: mdadm --stop /dev/md/ssdbench0\n"
		"zero: mdadm --zero-superblock /dev/loop1 /dev/loop2 /dev/loop3\n"
		"verify: /proc/mdstat no longer lists the array\n";
	const char *members[] = { "/dev/loop1", "/dev/loop2", "/dev/loop3" };
	struct raid_plan p;
	struct sbuf sb;
	struct diag d;

	(void)state;
	diag_clear(&d);
	sbuf_init(&sb);
	assert_int_equal(raid_build("/dev/md/ssdbench0", members, 3, 128 * 1024, &p, &d), 0);
	assert_int_equal(p.ncmds, 5);
	assert_string_equal(p.cmds[0].argv[0], "mdadm");
	assert_null(p.cmds[0].argv[12]);
	assert_true(p.cmds[1].may_fail);
	raid_format(&p, &sb);
	assert_string_equal(sb.buf, golden);
	raid_release(&p);
	assert_int_equal(raid_build("/dev/md/x", members, 1, 128 * 1024, &p, &d), -SB_EINVAL);
	assert_non_null(strstr(d.msg, "2 to 32 members"));
	raid_release(&p);
	diag_clear(&d);
	assert_int_equal(raid_build("/dev/md/x", members, 2, 1000, &p, &d), -SB_EINVAL);
	assert_non_null(strstr(d.msg, "not a multiple of 4 KiB"));
	raid_release(&p);
	sbuf_release(&sb);
}

static void test_raid_unavailable(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(raid_available("/nonexistent/mdstat", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "md driver not available"));
	assert_int_equal(raid_available("/proc/self/status", why, sizeof(why)), 0);
}

/* A runner that records each command and fails the one whose argv[1] is fail_at. */
struct fake_mdadm {
	struct sbuf calls;
	const char *fail_at;
	int ran;
};

static int fake_exec(void *arg, char *const *argv, int *status, struct sbuf *out)
{
	struct fake_mdadm *f = arg;

	for (char *const *a = argv; *a; a++)
		sbuf_addf(&f->calls, "%s%s", a == argv ? "" : " ", *a);
	sbuf_addc(&f->calls, '\n');
	f->ran++;
	*status = argv[1] && ((f->fail_at && !strcmp(argv[1], f->fail_at)) ||
			      !strcmp(argv[1], "--wait"));
	if (*status)
		sbuf_addf(out, "mdadm: %s went wrong\n", argv[1]);
	return 0;
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* raid_up stops at the first failing command; raid_down runs all and judges by mdstat. */
static void test_raid_run(void **state)
{
	const char *members[] = { "/dev/loop1", "/dev/loop2" };
	const char *knames[] = { "loop1", "loop2" };
	char mdstat[] = "/tmp/ssdbench-test-mdstat.XXXXXX", array[64];
	struct fake_mdadm f = { .fail_at = "--detail" };
	struct raid_plan p;
	struct raid_log log;
	struct diag d;
	char *json;
	int fd = mkstemp(mdstat);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	memset(&log, 0, sizeof(log));
	sbuf_init(&f.calls);
	diag_clear(&d);
	assert_int_equal(raid_build("/dev/md/t", members, 2, 65536, &p, &d), 0);
	/* --wait fails too (RAID 0 has no resync) but may; --detail may not. */
	f.fail_at = "--detail";
	assert_int_equal(raid_up(&p, fake_exec, &f, &log, &d), -SB_EIO);
	assert_string_equal(d.msg, "RAID check failed (mdadm exit status 1): mdadm: --detail "
			    "went wrong");
	assert_int_equal(log.n, 3);
	assert_string_equal(log.ran[0].purpose, "create");
	assert_string_equal(log.ran[2].cmdline, "mdadm --detail --export /dev/md/t");
	assert_int_equal(log.ran[2].status, 1);
	/* mdstat still lists a member: the teardown is not finished, --stop retried. */
	write_text(mdstat, "Personalities : [raid0]\nmd127 : active raid0 loop2[1] loop1[0]\n"
		   "      131072 blocks super 1.2 64k chunks\n\nunused devices: <none>\n");
	assert_int_equal(raid_mdstat_holds(mdstat, knames, 2, array, sizeof(array)), 1);
	assert_string_equal(array, "md127");
	f.fail_at = "--stop";
	diag_clear(&d);
	assert_int_equal(raid_down(&p, fake_exec, &f, mdstat, knames, 2, &log, &d), -SB_EIO);
	assert_non_null(strstr(d.msg, "still lists md127"));
	assert_int_equal(log.n, 3 + 3 + 1);   /* --stop three times, then --zero-superblock */
	assert_string_equal(log.ran[6].cmdline, "mdadm --zero-superblock /dev/loop1 /dev/loop2");
	/* Another array (loop10 is not loop1) does not count; a clean mdstat passes. */
	write_text(mdstat, "md3 : active raid0 loop10[1] sda[0]\n");
	assert_int_equal(raid_mdstat_holds(mdstat, knames, 2, array, sizeof(array)), 0);
	f.fail_at = NULL;
	diag_clear(&d);
	assert_int_equal(raid_down(&p, fake_exec, &f, mdstat, knames, 2, &log, &d), 0);
	assert_string_equal(f.calls.buf + f.calls.len - strlen("mdadm --stop /dev/md/t\n"
		"mdadm --zero-superblock /dev/loop1 /dev/loop2\n"), "mdadm --stop /dev/md/t\n"
		"mdadm --zero-superblock /dev/loop1 /dev/loop2\n");
	json = raid_log_json(&log);
	assert_non_null(strstr(json, "{\"purpose\":\"create\",\"command\":\"mdadm --create"));
	free(json);
	unlink(mdstat);
	raid_log_release(&log);
	raid_release(&p);
	sbuf_release(&f.calls);
}

/* The real runner: no shell, exit status and output captured. */
static void test_raid_exec(void **state)
{
	char sh[] = "sh", c[] = "-c", script[] = "echo out; echo err >&2; exit 3";
	char nothing[] = "ssdbench-no-such-program";
	char *const ok[] = { sh, c, script, NULL };
	char *const missing[] = { nothing, NULL };
	struct sbuf out;
	int status = -1;

	(void)state;
	sbuf_init(&out);
	assert_int_equal(raid_exec(NULL, ok, &status, &out), 0);
	assert_int_equal(status, 3);
	assert_string_equal(out.buf, "out\nerr\n");
	sbuf_reset(&out);
	assert_int_equal(raid_exec(NULL, missing, &status, &out), 0);
	assert_int_equal(status, 127);
	assert_non_null(strstr(out.buf, "cannot run 'ssdbench-no-such-program'"));
	sbuf_release(&out);
}

/* SAT ATA PASS-THROUGH(16) byte offsets and ACS HPA commands. */
enum { PT_OP = 0, PT_PROTO = 1, PT_FLAGS = 2, PT_FEATURE_HI = 3, PT_FEATURE = 4,
       PT_COUNT_HI = 5, PT_COUNT = 6,
       PT_LBA_31_24 = 7, PT_LBA_7_0 = 8, PT_LBA_39_32 = 9, PT_LBA_15_8 = 10,
       PT_LBA_47_40 = 11, PT_LBA_23_16 = 12, PT_DEVICE = 13, PT_COMMAND = 14 };

static void test_hwop_ata(void **state)
{
	struct device_ata_cmd c;
	unsigned char cdb[16];
	uint8_t sense[32] = { 0 };

	(void)state;
	hwop_ata_read_native_max(&c);
	device_ata_cdb(&c, cdb);
	assert_int_equal(cdb[PT_OP], 0x85);
	assert_int_equal(cdb[PT_PROTO], 3 << 1 | 1);   /* non-data, EXTEND */
	assert_int_equal(cdb[PT_FLAGS], 0x20);         /* CK_COND: the registers come back */
	assert_int_equal(cdb[PT_DEVICE], 0x40);        /* LBA mode */
	assert_int_equal(cdb[PT_COMMAND], 0x27);
	hwop_ata_set_max(&c, 0x123456789abcULL);
	device_ata_cdb(&c, cdb);
	assert_int_equal(cdb[PT_COMMAND], 0x37);
	assert_int_equal(cdb[PT_COUNT], 1);            /* VV: volatile */
	assert_int_equal(cdb[PT_COUNT_HI], 0);
	assert_int_equal(cdb[PT_LBA_7_0], 0xbc);
	assert_int_equal(cdb[PT_LBA_15_8], 0x9a);
	assert_int_equal(cdb[PT_LBA_23_16], 0x78);
	assert_int_equal(cdb[PT_LBA_31_24], 0x56);
	assert_int_equal(cdb[PT_LBA_39_32], 0x34);
	assert_int_equal(cdb[PT_LBA_47_40], 0x12);
	/* The native max in the ATA Status Return descriptor (SAT: 72h sense, 09h). */
	sense[0] = 0x72;
	sense[7] = 14;
	sense[8] = 0x09;
	sense[9] = 0x0c;
	sense[10] = 1;
	sense[8 + 7] = 0xaf;   /* LBA 7:0 */
	sense[8 + 9] = 0x8e;   /* LBA 15:8 */
	sense[8 + 11] = 0x6d;  /* LBA 23:16 */
	sense[8 + 6] = 0x3b;   /* LBA 31:24 */
	sense[8 + 8] = 0x01;   /* LBA 39:32 */
	sense[8 + 10] = 0x00;  /* LBA 47:40 */
	sense[8 + 13] = 0x50;  /* status: ready */
	assert_int_equal(device_ata_decode_sense(sense, sizeof(sense), &c), 0);
	assert_true(c.out_lba == 0x13b6d8eafULL);
	/* 28 % of a 1 GiB drive (native max LBA 2097151): the first 838860800 bytes. */
	assert_true(hwop_hpa_max_lba(2097151, 512, 2800) == 838860800 / 512 - 1);
	assert_true(hwop_hpa_max_lba(2097151, 512, 0) == 2097151);
}

/*
 * ACS-4 7.4 Accessible Max Address Configuration (command 78h): GET NATIVE MAX
 * ADDRESS EXT is FEATURE 0000h, SET ACCESSIBLE MAX ADDRESS EXT FEATURE 0001h with
 * the max LBA in LBA 47:0; both non-data 48-bit. Not volatile: no VV bit in COUNT.
 */
static void test_hwop_amac(void **state)
{
	/* SAT ATA PASS-THROUGH(16): protocol 3 + EXTEND, CK_COND, FEATURE 15:8 and 7:0 in
	 * bytes 3-4, LBA 31:24, 7:0, 39:32, 15:8, 47:40, 23:16 in bytes 7-12, DEVICE 40h. */
	static const unsigned char get[16] = { 0x85, 0x07, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00,
					       0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x78, 0x00 };
	static const unsigned char set[16] = { 0x85, 0x07, 0x20, 0x00, 0x01, 0x00, 0x00, 0xc3,
					       0xf6, 0xb2, 0xe5, 0xa1, 0xd4, 0x40, 0x78, 0x00 };
	struct device_ata_cmd c;
	unsigned char cdb[16];

	(void)state;
	hwop_ata_get_native_max_amac(&c);
	device_ata_cdb(&c, cdb);
	assert_memory_equal(cdb, get, 16);
	hwop_ata_set_accessible_max(&c, 0xa1b2c3d4e5f6ULL);
	device_ata_cdb(&c, cdb);
	assert_memory_equal(cdb, set, 16);   /* COUNT 0: no VV bit, not volatile */
}

static uint64_t get_le(const uint8_t *b, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

/* NVMe Namespace Management (0Dh) and Attachment (15h), NVMe base spec layouts. */
static void test_hwop_nvme(void **state)
{
	uint8_t *buf = xcalloc(1, HWOP_NVME_DATA_LEN);
	struct nvme_admin_cmd c;

	(void)state;
	hwop_nvme_ns_delete(&c, 1);
	assert_int_equal(c.opcode, 0x0d);
	assert_int_equal(c.nsid, 1);
	assert_int_equal(c.cdw10 & 0xf, 1);   /* SEL delete */
	assert_int_equal(c.data_len, 0);
	memset(buf, 0xee, HWOP_NVME_DATA_LEN);
	hwop_nvme_ns_create(&c, buf, 204800, 2);
	assert_int_equal(c.opcode, 0x0d);
	assert_int_equal(c.nsid, 0);
	assert_int_equal(c.cdw10 & 0xf, 0);   /* SEL create */
	assert_int_equal(c.data_len, 4096);
	assert_true(c.addr == (uint64_t)(uintptr_t)buf);
	assert_true(get_le(buf + 0, 8) == 204800);   /* NSZE */
	assert_true(get_le(buf + 8, 8) == 204800);   /* NCAP */
	assert_int_equal(buf[26], 2);                /* FLBAS */
	assert_int_equal(buf[29], 0);                /* DPS: cleared, as the rest */
	assert_int_equal(buf[4095], 0);
	hwop_nvme_ns_attach(&c, buf, 7, 0x41, 0);
	assert_int_equal(c.opcode, 0x15);
	assert_int_equal(c.nsid, 7);
	assert_int_equal(c.cdw10 & 0xf, 0);   /* SEL attach */
	assert_true(get_le(buf + 0, 2) == 1);        /* number of identifiers */
	assert_true(get_le(buf + 2, 2) == 0x41);     /* controller 0x41 */
	hwop_nvme_ns_attach(&c, buf, 7, 0x41, 1);
	assert_int_equal(c.cdw10 & 0xf, 1);   /* SEL detach */
	/* 28 % of a 1 GiB namespace of 4 KiB blocks. */
	assert_true(hwop_ns_blocks(262144, 4096, 2800) == 204800);
	free(buf);
}

/* The restore record survives the journal's JSON; a damaged one is refused. */
static void test_hwop_restore(void **state)
{
	struct hwop_restore r = { HWOP_NAMESPACE, "/dev/nvme0n1", "S123", 0, 1, 262144, 2, 0x41, 0, 4096 };
	struct hwop_restore back;
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct diag d;
	char *json = hwop_restore_json(&r);

	(void)state;
	diag_clear(&d);
	assert_int_equal(hwop_restore_parse(json, &back, &d), 0);
	assert_int_equal(back.method, HWOP_NAMESPACE);
	assert_string_equal(back.device, "/dev/nvme0n1");
	assert_string_equal(back.identity, "S123");
	assert_int_equal(back.nsid, 1);
	assert_true(back.nsze == 262144);
	assert_int_equal(back.flbas, 2);
	assert_int_equal(back.cntlid, 0x41);
	assert_int_equal(back.lba_bytes, 4096);
	assert_false(back.amac);
	assert_true(hwop_restore_bytes(&back) == 262144ULL * 4096);
	free(json);
	/* A record without amac and lba_bytes (written before them): 512-byte LBAs. */
	assert_int_equal(hwop_restore_parse("{\"method\":\"hpa\",\"device\":\"/dev/sdb\","
					    "\"identity\":\"S1\",\"native_max\":2097151,"
					    "\"nsid\":0,\"nsze\":0,\"flbas\":0,\"cntlid\":0}",
					    &back, &d), 0);
	assert_int_equal(back.lba_bytes, 512);
	assert_true(hwop_restore_bytes(&back) == 1073741824ULL);
	assert_int_equal(hwop_restore_parse("{\"method\": \"dco\"}", &back, &d), -SB_EPARSE);
	/* A loop device has neither ATA nor NVMe; an NVMe drive may lack OACS bit 3. */
	di->kind = DEVICE_LOOP;
	snprintf(di->path, sizeof(di->path), "/dev/loop3");
	diag_clear(&d);
	assert_int_equal(hwop_supported(di, HWOP_HPA, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "'/dev/loop3' (loop) does not answer ATA commands"));
	di->kind = DEVICE_NVME;
	di->has_nvme = 1;
	di->nvme.oacs = 0x02;
	diag_clear(&d);
	assert_int_equal(hwop_supported(di, HWOP_NAMESPACE, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "OACS bit 3"));
	di->nvme.oacs = 0x0a;
	assert_int_equal(hwop_supported(di, HWOP_NAMESPACE, &d), 0);
	free(di);
}

/* A free loop device, confirmed by its kernel name. */
static void clean_loop(struct interlock_facts *f)
{
	memset(f, 0, sizeof(*f));
	f->is_block = 1;
	snprintf(f->kname, sizeof(f->kname), "loop7");
	snprintf(f->identity, sizeof(f->identity), "loop7");
	snprintf(f->root_disk, sizeof(f->root_disk), "vda");
	snprintf(f->what, sizeof(f->what), "/dev/loop7 (64 MiB)");
}

/* Decides f with one --destroy id (NULL: none); returns the first failure or "". */
static const char *decide(const struct interlock_facts *f, const char *id,
			  struct interlock_report *r)
{
	const char *ids[1] = { id };

	interlock_decide(f, ids, id ? 1 : 0, r);
	return r->first_failure;
}

static void test_interlock_pass(void **state)
{
	struct interlock_facts f;
	struct interlock_report r;

	(void)state;
	clean_loop(&f);
	assert_string_equal(decide(&f, "loop7", &r), "");
	assert_false(r.refused);
	assert_int_equal(r.nrows, 11);
	for (size_t i = 0; i < r.nrows; i++)
		assert_true(r.rows[i].pass);
	snprintf(f.signatures, sizeof(f.signatures), "ext4 signature");
	decide(&f, "loop7", &r);
	assert_false(r.refused);
	assert_non_null(strstr(r.rows[r.nrows - 1].detail, "ext4 signature, which will be "
				"destroyed"));
}

static void test_interlock_root_disk(void **state)
{
	struct interlock_facts f;
	struct interlock_report r;

	(void)state;
	clean_loop(&f);
	snprintf(f.kname, sizeof(f.kname), "vda");
	snprintf(f.identity, sizeof(f.identity), "17766347129631048");
	snprintf(f.mounted_at, sizeof(f.mounted_at), "/");
	assert_string_equal(decide(&f, "17766347129631048", &r),
			    "it holds the root filesystem '/'");
	assert_true(r.refused);
	f.root_disk[0] = '\0';     /* unknown root: refused rather than guessed */
	assert_string_equal(decide(&f, "17766347129631048", &r),
			    "cannot tell which disk holds '/'");
}

static void test_interlock_in_use(void **state)
{
	struct interlock_facts f;
	struct interlock_report r;

	(void)state;
	clean_loop(&f);
	snprintf(f.mounted_at, sizeof(f.mounted_at), "/mnt/x");
	assert_string_equal(decide(&f, "loop7", &r), "a filesystem on it is mounted at "
			    "'/mnt/x'");
	clean_loop(&f);
	snprintf(f.swap, sizeof(f.swap), "/dev/loop7");
	assert_string_equal(decide(&f, "loop7", &r), "swap is active on '/dev/loop7'");
	clean_loop(&f);
	snprintf(f.holder, sizeof(f.holder), "md0");
	assert_string_equal(decide(&f, "loop7", &r), "'md0' is stacked on it (holders)");
	clean_loop(&f);
	f.opener_pid = 4242;
	assert_string_equal(decide(&f, "loop7", &r), "process 4242 has it open");
	/* Another run's lock is named before its open descriptor; the run's own passes. */
	clean_loop(&f);
	f.opener_pid = 4242;
	f.lock_pid = 4242;
	snprintf(f.lock_who, sizeof(f.lock_who), "ssdbench lock (pid 4242, since "
		 "2026-11-30T10:40:03Z, for 'ctl:/out/x', ssh from 10.0.0.1)");
	assert_string_equal(decide(&f, "loop7", &r), "another ssdbench run holds its lock: "
			    "ssdbench lock (pid 4242, since 2026-11-30T10:40:03Z, for "
			    "'ctl:/out/x', ssh from 10.0.0.1)");
	f.lock_ours = 1;
	f.opener_pid = 0;
	assert_string_equal(decide(&f, "loop7", &r), "");
	assert_string_equal(r.rows[6].name, "not locked");
	assert_string_equal(r.rows[6].detail, "this run holds its lock");
	/* A run's token whose lock is gone: refused, the lock no longer protects it. */
	clean_loop(&f);
	f.token_given = 1;
	assert_string_equal(decide(&f, "loop7", &r), "the run's lock on it (--lock-token) is "
			    "no longer held: its 'ssdbench lock' ended");
	clean_loop(&f);
	f.excl_errno = EBUSY;
	assert_string_equal(decide(&f, "loop7", &r), "the kernel refuses an exclusive open: "
			    "Device or resource busy");
	clean_loop(&f);
	f.is_partition = 1;
	assert_string_equal(decide(&f, "loop7", &r), "'loop7' is a partition; destructive "
			    "steps take whole disks");
}

static void test_interlock_identity(void **state)
{
	struct interlock_facts f;
	struct interlock_report r;

	(void)state;
	clean_loop(&f);
	assert_string_equal(decide(&f, NULL, &r), "destroying its data needs --destroy "
			    "loop7 (its kernel name)");
	assert_string_equal(decide(&f, "loop6", &r), "--destroy 'loop6' does not match its "
			    "identity 'loop7'");
	/* A partition table without --destroy: refused, and the table is named. */
	snprintf(f.signatures, sizeof(f.signatures), "dos partition table");
	decide(&f, NULL, &r);
	assert_true(r.refused);
	assert_false(r.rows[r.nrows - 1].pass);
	assert_non_null(strstr(r.rows[r.nrows - 1].detail, "dos partition table"));
	/* A real disk is confirmed by its serial; one without a serial cannot be. */
	clean_loop(&f);
	snprintf(f.kname, sizeof(f.kname), "nvme0n1");
	snprintf(f.identity, sizeof(f.identity), "S4EWNX0R123456");
	assert_string_equal(decide(&f, "nvme0n1", &r), "--destroy 'nvme0n1' does not match "
			    "its identity 'S4EWNX0R123456'");
	assert_string_equal(decide(&f, "S4EWNX0R123456", &r), "");
	f.identity[0] = '\0';
	assert_string_equal(decide(&f, "", &r), "it has no serial number, so --destroy "
			    "cannot confirm it");
}

static void loop_info(struct device_info *di, uint64_t discard_max)
{
	memset(di, 0, sizeof(*di));
	snprintf(di->path, sizeof(di->path), "/dev/loop7");
	snprintf(di->kname, sizeof(di->kname), "loop7");
	di->kind = DEVICE_LOOP;
	di->is_block = di->exists = 1;
	di->size = 64 << 20;
	di->discard_max = discard_max;
}

static void test_purge_choose(void **state)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	enum purge_method m = PURGE_AUTO;
	struct diag d;

	(void)state;
	diag_clear(&d);
	loop_info(di, 4294966784ull);
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), 0);
	assert_int_equal(m, PURGE_DISCARD);
	assert_int_equal(purge_choose(di, PURGE_NVME_FORMAT, &m, &d), -SB_EUNSAFE);
	assert_string_equal(d.msg, "cannot purge '/dev/loop7' with 'nvme-format': it is not "
			    "an NVMe device (or Identify failed)");
	diag_clear(&d);
	assert_int_equal(purge_choose(di, PURGE_SECURE_DISCARD, &m, &d), -SB_EUNSAFE);
	loop_info(di, 0);
	diag_clear(&d);
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), -SB_EUNSAFE);
	assert_non_null(strstr(d.msg, "discard_max_bytes is 0"));
	/* NVMe with block-erase sanitize: auto picks it over format and discard. */
	loop_info(di, 1 << 30);
	di->kind = DEVICE_NVME;
	di->has_nvme = 1;
	di->nvme.sanicap = 2;
	di->nvme.oacs = 2;
	di->nsid = 1;
	snprintf(di->nvme_ctrl, sizeof(di->nvme_ctrl), "nvme0");
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), 0);
	assert_int_equal(m, PURGE_NVME_SANITIZE_BLOCK);
	di->nvme.sanicap = 0;
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), 0);
	assert_int_equal(m, PURGE_NVME_FORMAT);
	/* ATA security frozen: an error that says how to unfreeze, before anything runs. */
	loop_info(di, 1 << 30);
	di->kind = DEVICE_SD;
	di->has_ata = 1;
	di->ata.sec_supported = di->ata.sec_frozen = 1;
	diag_clear(&d);
	assert_int_equal(purge_choose(di, PURGE_ATA_SECURITY_ERASE, &m, &d), -SB_EUNSAFE);
	assert_non_null(strstr(d.msg, "frozen"));
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), 0);
	assert_int_equal(m, PURGE_DISCARD);
	free(di);
}

static void test_purge_names(void **state)
{
	enum purge_method m;
	struct sbuf sb;

	(void)state;
	for (int i = 0; i < PURGE_NMETHODS; i++) {
		assert_int_equal(purgemethod_parse(purgemethod_name((enum purge_method)i), &m), 0);
		assert_int_equal(m, i);
	}
	assert_int_equal(purgemethod_parse("erase-all", &m), -SB_EINVAL);
	sbuf_init(&sb);
	purgemethod_list(&sb);
	assert_non_null(strstr(sb.buf, "auto, none, nvme-sanitize, nvme-sanitize-block"));
	sbuf_release(&sb);
	/* The plan's choices are the same table. */
	for (int i = 0; i < PURGE_NMETHODS; i++)
		assert_string_equal(purgemethod_names[i], purgemethod_name((enum purge_method)i));
	assert_null(purgemethod_names[PURGE_NMETHODS]);
}

/* Families take their strongest member the drive has; none is none; kinds of target. */
static void test_purge_families(void **state)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	enum purge_method m = PURGE_AUTO;
	struct diag d;

	(void)state;
	diag_clear(&d);
	loop_info(di, 1 << 30);
	di->kind = DEVICE_NVME;
	di->has_nvme = 1;
	di->nvme.sanicap = 1;   /* crypto erase only */
	snprintf(di->nvme_ctrl, sizeof(di->nvme_ctrl), "nvme0");
	assert_int_equal(purge_choose(di, PURGE_NVME_SANITIZE, &m, &d), 0);
	assert_int_equal(m, PURGE_NVME_SANITIZE_CRYPTO);
	di->nvme.sanicap = 3;
	assert_int_equal(purge_choose(di, PURGE_NVME_SANITIZE, &m, &d), 0);
	assert_int_equal(m, PURGE_NVME_SANITIZE_BLOCK);
	di->nvme.sanicap = 0;
	assert_int_equal(purge_choose(di, PURGE_NVME_SANITIZE, &m, &d), -SB_EUNSAFE);
	assert_string_equal(d.msg, "cannot purge '/dev/loop7' with 'nvme-sanitize': SANICAP "
			    "bit 1 (block erase) is not set");
	diag_clear(&d);
	assert_int_equal(purge_choose(di, PURGE_ATA_SECURE_ERASE, &m, &d), -SB_EUNSAFE);
	assert_non_null(strstr(d.msg, "with 'ata-secure-erase': it does not answer ATA"));
	assert_int_equal(purge_choose(di, PURGE_NONE, &m, &d), 0);
	assert_int_equal(m, PURGE_NONE);
	/* A file: only auto, none and punch-holes; the reasons name the kind of target. */
	memset(di, 0, sizeof(*di));
	di->kind = DEVICE_FILE;
	di->exists = 1;
	snprintf(di->path, sizeof(di->path), "/srv/t.bin");
	diag_clear(&d);
	assert_int_equal(purge_choose(di, PURGE_DISCARD, &m, &d), -SB_EUNSAFE);
	assert_string_equal(d.msg, "cannot purge '/srv/t.bin' with 'discard': it is not a "
			    "block device");
	assert_string_equal(purgemethod_unfit(PURGE_DISCARD, 0), "it is not a block device");
	assert_null(purgemethod_unfit(PURGE_PUNCH_HOLES, 0));
	assert_string_equal(purgemethod_unfit(PURGE_PUNCH_HOLES, 1),
			    "it is a block device, not a file");
	assert_int_equal(purge_choose(di, PURGE_AUTO, &m, &d), 0);
	assert_int_equal(m, PURGE_PUNCH_HOLES);
	free(di);
}

/* Format NVM CDW10: LBAF 3:0, SES 11:9, LBAF upper bits 13:12. */
static void test_purge_commands(void **state)
{
	uint8_t blk[512];

	(void)state;
	assert_int_equal(purge__nvme_format_cdw10(1, 1), 0x201);
	assert_int_equal(purge__nvme_format_cdw10(17, 2), 0x1401);
	purge__ata_password_block(blk, "ssdbench-0123", 1);
	assert_int_equal(blk[0], 2);          /* word 0 bit 1: enhanced; bit 0: user */
	assert_memory_equal(blk + 2, "ssdbench-0123", 13);
	assert_int_equal(blk[15], 0);
}

/*
 * A namespace's controller from sysfs: the device link names it, or (multipath,
 * seen live: nvme0n1/device -> nvme-subsys0) the first path's controller does.
 */
static void test_nvme_ctrl_of_sysfs(void **state)
{
	char root[] = "/tmp/ssdbench-test-sys.XXXXXX", out[64], *sys, *cmd;

	(void)state;
	assert_non_null(mkdtemp(root));
	cmd = xasprintf("cd '%s' && mkdir -p class/nvme1 class/nvme2 class/nvme3 "
			"class/nvme-subsys0 plain mp/multipath/nvme0c1n1 paths/nvme0c0n1 lone && "
			"ln -s ../class/nvme1 plain/device && "
			"ln -s ../class/nvme-subsys0 mp/device && "
			"ln -s ../../../class/nvme3 mp/multipath/nvme0c1n1/device && "
			"ln -s ../../class/nvme2 paths/nvme0c0n1/device && "
			"ln -s ../../paths/nvme0c0n1 mp/multipath/nvme0c0n1 && "
			"ln -s ../class/nvme-subsys0 lone/device", root);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	sys = xasprintf("%s/plain", root);
	assert_int_equal(device_nvme_ctrl(sys, out, sizeof(out)), 0);
	assert_string_equal(out, "nvme1");
	free(sys);
	/* nvme0c0n1 sorts first: its controller, nvme2, not nvme0c1n1's nvme3 */
	sys = xasprintf("%s/mp", root);
	assert_int_equal(device_nvme_ctrl(sys, out, sizeof(out)), 0);
	assert_string_equal(out, "nvme2");
	free(sys);
	/* A subsystem without paths, and no directory at all: no controller. */
	sys = xasprintf("%s/lone", root);
	assert_int_equal(device_nvme_ctrl(sys, out, sizeof(out)), -1);
	free(sys);
	sys = xasprintf("%s/none", root);
	assert_int_equal(device_nvme_ctrl(sys, out, sizeof(out)), -1);
	free(sys);
	cmd = xasprintf("rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
	free(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nvme_ctrl_of_sysfs),
		cmocka_unit_test(test_nvme_ns),
		cmocka_unit_test(test_nvme_smart),
		cmocka_unit_test(test_u128_format),
		cmocka_unit_test(test_nvme_sanitize_log),
		cmocka_unit_test(test_ata_identify),
		cmocka_unit_test(test_ata_sector_sizes),
		cmocka_unit_test(test_ata_max_address),
		cmocka_unit_test(test_hwop_amac),
		cmocka_unit_test(test_ata_smart),
		cmocka_unit_test(test_ata_cdb),
		cmocka_unit_test(test_ata_sense),
		cmocka_unit_test(test_op),
		cmocka_unit_test(test_raid_golden),
		cmocka_unit_test(test_raid_unavailable),
		cmocka_unit_test(test_raid_run),
		cmocka_unit_test(test_raid_exec),
		cmocka_unit_test(test_hwop_ata),
		cmocka_unit_test(test_hwop_nvme),
		cmocka_unit_test(test_hwop_restore),
		cmocka_unit_test(test_interlock_pass),
		cmocka_unit_test(test_interlock_root_disk),
		cmocka_unit_test(test_interlock_in_use),
		cmocka_unit_test(test_interlock_identity),
		cmocka_unit_test(test_purge_choose),
		cmocka_unit_test(test_purge_names),
		cmocka_unit_test(test_purge_families),
		cmocka_unit_test(test_purge_commands),
		cmocka_unit_test(test_nvme_ctrl),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
