/* SPDX-License-Identifier: MIT */
/* Tests of the write cache: its NVMe and ATA commands built and decoded, the plan's settings. */
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
#include "plan.h"
#include "run_wcache.h"
#include "sbuf.h"
#include "wcache.h"
#include "xalloc.h"

/* Get/Set Features, Volatile Write Cache: opcodes 0Ah/09h, FID 06h in CDW10, WCE in CDW11. */
static void test_nvme_commands(void **state)
{
	struct nvme_admin_cmd c;

	(void)state;
	wcache_nvme_get(&c);
	assert_int_equal(c.opcode, 0x0a);
	assert_int_equal(c.cdw10, 0x06);   /* SEL 0: the current value */
	assert_int_equal(c.cdw11, 0);
	assert_int_equal(c.nsid, 0);
	assert_int_equal(c.data_len, 0);
	wcache_nvme_set(&c, 0);
	assert_int_equal(c.opcode, 0x09);
	assert_int_equal(c.cdw10, 0x06);   /* SV clear: not saved across a power cycle */
	assert_int_equal(c.cdw11, 0);
	wcache_nvme_set(&c, 1);
	assert_int_equal(c.cdw11, 1);
	assert_int_equal(wcache_nvme_decode(0x00000001), 1);
	assert_int_equal(wcache_nvme_decode(0xfffffffe), 0);
}

static void cdb_text(const struct device_ata_cmd *c, char *out)
{
	unsigned char cdb[16];

	device_ata_cdb(c, cdb);
	for (int i = 0; i < 16; i++)
		snprintf(out + 3 * i, 4, "%02x ", cdb[i]);
	out[47] = '\0';
}

/* SET FEATURES (EFh), non-data: feature 02h enables, 82h disables; IDENTIFY is PIO in. */
static void test_ata_commands(void **state)
{
	struct device_ata_cmd c;
	uint8_t buf[512];
	char t[64];

	(void)state;
	wcache_ata_set(&c, 0);
	assert_int_equal(c.command, 0xef);
	assert_int_equal(c.feature, 0x82);
	assert_int_equal(c.protocol, DEVICE_ATA_NONDATA);
	cdb_text(&c, t);
	assert_string_equal(t, "85 06 20 00 82 00 00 00 00 00 00 00 00 00 ef 00");
	wcache_ata_set(&c, 1);
	cdb_text(&c, t);
	assert_string_equal(t, "85 06 20 00 02 00 00 00 00 00 00 00 00 00 ef 00");
	wcache_ata_identify(&c, buf);
	assert_int_equal(c.command, 0xec);
	assert_ptr_equal(c.buf, buf);
	assert_int_equal(c.len, 512);
	cdb_text(&c, t);
	assert_string_equal(t, "85 08 0e 00 00 00 01 00 00 00 00 00 00 00 ec 00");
}

/* IDENTIFY DEVICE word 82 bit 5 (supported) and word 85 bit 5 (enabled). */
static void test_ata_decode(void **state)
{
	uint8_t b[512];
	struct device_ata_id id;
	int sup, en;

	(void)state;
	memset(b, 0, sizeof(b));
	b[2 * 82] = 0x20 | 0x01;          /* write cache, SMART */
	b[2 * 82 + 1] = 0x40;
	b[2 * 85] = 0x20;
	b[2 * 85 + 1] = 0x40;
	assert_int_equal(wcache_ata_decode(b, sizeof(b), &sup, &en), 0);
	assert_int_equal(sup, 1);
	assert_int_equal(en, 1);
	assert_int_equal(device_ata_decode_identify(b, sizeof(b), &id), 0);
	assert_int_equal(id.wcache, 1);
	assert_int_equal(id.wcache_enabled, 1);
	b[2 * 85] = 0;                    /* disabled */
	assert_int_equal(wcache_ata_decode(b, sizeof(b), &sup, &en), 0);
	assert_int_equal(en, 0);
	b[2 * 82] = 0x01;                 /* no write cache: never "enabled" */
	b[2 * 85] = 0x20;
	assert_int_equal(wcache_ata_decode(b, sizeof(b), &sup, &en), 0);
	assert_int_equal(sup, 0);
	assert_int_equal(en, 0);
	b[2 * 82] = b[2 * 82 + 1] = 0xff; /* not valid */
	assert_int_equal(wcache_ata_decode(b, sizeof(b), &sup, &en), -SB_EINVAL);
	assert_int_equal(wcache_ata_decode(b, 100, &sup, &en), -SB_EINVAL);
}

/* Identify Controller byte 525, VWC: bit 0, a volatile write cache is present. */
static void test_nvme_vwc(void **state)
{
	uint8_t *b = xcalloc(1, 4096);
	struct device_info di;
	struct diag d;

	(void)state;
	b[525] = 0x07;
	memset(&di, 0, sizeof(di));
	snprintf(di.path, sizeof(di.path), "/dev/nvme0n1");
	di.kind = DEVICE_NVME;
	assert_int_equal(device_nvme_decode_ctrl(b, 4096, &di.nvme), 0);
	assert_int_equal(di.nvme.vwc, 7);
	di.has_nvme = 1;
	diag_clear(&d);
	assert_int_equal(wcache_settable(&di, &d), 0);
	di.nvme.vwc = 0;
	assert_int_equal(wcache_settable(&di, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "'/dev/nvme0n1' has no volatile write cache (Identify "
				      "Controller VWC, byte 525 bit 0, is 0)"));
	free(b);
}

/* Files, loop, zram and md have none to set; NVMe and SATA are reached by their commands. */
static void test_methods(void **state)
{
	struct device_info di;
	const char *why;
	struct diag d;

	(void)state;
	memset(&di, 0, sizeof(di));
	di.kind = DEVICE_FILE;
	assert_int_equal(wcache_method_of(&di, &why), WCACHE_NONE);
	assert_string_equal(why, "a file");
	di.kind = DEVICE_LOOP;
	assert_int_equal(wcache_method_of(&di, &why), WCACHE_NONE);
	assert_string_equal(why, "a loop device");
	di.kind = DEVICE_ZRAM;
	assert_int_equal(wcache_method_of(&di, &why), WCACHE_NONE);
	assert_string_equal(why, "a zram device");
	di.has_ata = 1;   /* a loop device the fake drive plays */
	assert_int_equal(wcache_method_of(&di, &why), WCACHE_ATA);
	di.has_ata = 0;
	di.kind = DEVICE_SD;   /* a disk that does not answer ATA PASS-THROUGH */
	assert_int_equal(wcache_method_of(&di, &why), WCACHE_ATA);
	diag_clear(&d);
	assert_int_equal(wcache_settable(&di, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "does not answer ATA PASS-THROUGH"));
}

/* The dry run's account names every command with its bytes. */
static void test_describe(void **state)
{
	struct sbuf sb;

	(void)state;
	sbuf_init(&sb);
	wcache_describe(WCACHE_NVME, 0, &sb);
	assert_non_null(strstr(sb.buf, "opcode 0x0a nsid 0 cdw10 0x00000006 cdw11 0x00000000"));
	assert_non_null(strstr(sb.buf, "opcode 0x09 nsid 0 cdw10 0x00000006 cdw11 0x00000000"));
	sbuf_reset(&sb);
	wcache_describe(WCACHE_ATA, 1, &sb);
	assert_non_null(strstr(sb.buf, "SET FEATURES 02h): SG_IO ATA PASS-THROUGH(16) CDB 85 06 "
				       "20 00 02"));
	sbuf_release(&sb);
	assert_string_equal(wcache_state_name(1), "on");
	assert_string_equal(wcache_state_name(0), "off");
	assert_string_equal(wcache_state_name(-1), "unknown");
}

static int load_text(struct plan *p, const char *text)
{
	char path[] = "/tmp/ssdbench-test-wcache.XXXXXX";
	int fd = mkstemp(path), rc;
	struct diag d;
	FILE *f = fdopen(fd, "w");

	fputs(text, f);
	fclose(f);
	plan_init(p);
	diag_clear(&d);
	rc = plan_load(p, path, NULL, 0, &d);
	unlink(path);
	return rc;
}

/* A step's setting is its innermost scope's, else the plan's; as-is by default. */
static void test_plan_settings(void **state)
{
	struct run_wcache *w = NULL;
	struct device_info di;
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, "<plan name=\"p\" write-cache=\"off\">"
				   "<target name=\"t\" file=\"x\" size=\"1MiB\"/>"
				   "<workload name=\"a\" rw=\"read\" runtime=\"1s\"/>"
				   "<rounds name=\"r\" until=\"max\" max=\"2\" write-cache=\"on\">"
				   "<workload name=\"b\" rw=\"read\" runtime=\"1s\"/></rounds>"
				   "<duty-cycle name=\"c\" on=\"1s\" off=\"1s\" write-cache=\"as-is\">"
				   "<workload name=\"e\" rw=\"read\" runtime=\"1s\"/></duty-cycle>"
				   "</plan>"), 0);
	assert_string_equal(plan_step_write_cache(&p, &p.steps[0]), "off");
	assert_string_equal(plan_step_write_cache(&p, &p.steps[1]), "on");
	assert_string_equal(plan_step_write_cache(&p, &p.steps[2]), "as-is");
	assert_int_equal(run_wcache_want(&p, &p.steps[0]), 0);
	assert_int_equal(run_wcache_want(&p, &p.steps[1]), 1);
	assert_int_equal(run_wcache_want(&p, &p.steps[2]), -1);
	diag_clear(&d);
	assert_int_equal(run_wcache_new(&p, &w, &d), 0);
	assert_int_equal(w->any, 1);
	/* A file: not applicable, never an error, whatever the plan asks. */
	memset(&di, 0, sizeof(di));
	di.kind = DEVICE_FILE;
	di.wcache_state = -1;
	assert_int_equal(run_wcache_guard(w, &di, NULL, 0, &d), 0);
	assert_string_equal(run_wcache_element(w, &p, &p.steps[0]), "not applicable");
	assert_non_null(strstr(run_wcache_json(w), "\"method\":\"not applicable\",\"reason\":"
				  "\"a file\",\"asked\":\"off\""));
	/* Nothing is sent to a target that has none. */
	assert_int_equal(run_wcache_apply(w, 0, "/nonexistent", stdout, &d), 0);
	assert_int_equal(w->log.n, 0);
	/* A device on a bench: refused, its commands would go to this machine. */
	assert_int_equal(run_wcache_guard(w, NULL, "bench2", 1, &d), -SB_EUSAGE);
	assert_non_null(strstr(d.msg, "the target is on host 'bench2'"));
	run_wcache_free(w);
	plan_release(&p);

	assert_int_equal(load_text(&p, "<plan name=\"p\"><target name=\"t\" file=\"x\" "
				   "size=\"1MiB\"/><workload name=\"a\" rw=\"read\"/></plan>"), 0);
	assert_string_equal(plan_step_write_cache(&p, &p.steps[0]), "as-is");
	plan_release(&p);
}

/* On or off in a plan with <raid>: refused at the scope that asks. */
static void test_raid_refused(void **state)
{
	struct run_wcache *w = NULL;
	struct plan p;
	struct diag d;

	(void)state;
	assert_int_equal(load_text(&p, "<plan name=\"p\"><target name=\"a\" device=\"/dev/x\"/>"
				   "<target name=\"b\" device=\"/dev/y\"/>"
				   "<raid name=\"md\" members=\"a b\">"
				   "<op name=\"o\" percent=\"7%\" write-cache=\"off\">"
				   "<workload name=\"w\" rw=\"write\"/></op></raid></plan>"), 0);
	diag_clear(&d);
	assert_int_equal(run_wcache_new(&p, &w, &d), -SB_EUSAGE);
	assert_null(w);
	assert_non_null(strstr(d.msg, "write-cache=\"off\" in a plan with <raid>"));
	plan_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nvme_commands),
		cmocka_unit_test(test_ata_commands),
		cmocka_unit_test(test_ata_decode),
		cmocka_unit_test(test_nvme_vwc),
		cmocka_unit_test(test_methods),
		cmocka_unit_test(test_describe),
		cmocka_unit_test(test_plan_settings),
		cmocka_unit_test(test_raid_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
