/* SPDX-License-Identifier: MIT */
/*
 * the platform facts and a drive's link read from a tree made here in
 * the layout of /etc, /proc and sysfs (an NVMe behind a PCIe 4.0 x4 link, a SATA
 * disk on ata3 at 6.0 Gbps, DMI with a placeholder field).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "fsutil.h"
#include "platform.h"

static char root[64];

static void put(const char *path, const char *text)
{
	char full[512], *slash;
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", root, path);
	slash = strrchr(full, '/');
	*slash = '\0';
	assert_int_equal(fsutil_mkdir_p(full), 0);
	*slash = '/';
	f = fopen(full, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void link_to(const char *path, const char *target)
{
	char full[512];

	snprintf(full, sizeof(full), "%s/%s", root, path);
	assert_int_equal(symlink(target, full), 0);
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/sb-platform.XXXXXX");
	assert_non_null(mkdtemp(root));
	put("etc/os-release", "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 "
	    "(bookworm)\"\nID=debian\n");
	put("proc/meminfo", "MemTotal:       32768000 kB\nMemFree:         1000 kB\n");
	put("sys/class/dmi/id/board_vendor", "ASUSTeK COMPUTER INC.\n");
	put("sys/class/dmi/id/board_name", "PRIME X570-PRO\n");
	put("sys/class/dmi/id/board_version", "Rev X.0x\n");
	put("sys/class/dmi/id/bios_vendor", "American Megatrends Inc.\n");
	put("sys/class/dmi/id/bios_version", "4021\n");
	put("sys/class/dmi/id/bios_date", "08/09/2022\n");
	put("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/current_link_speed",
	    "16.0 GT/s PCIe\n");
	put("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/current_link_width", "4\n");
	put("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0/nvme0n1/size", "8\n");
	link_to("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0/device",
		"../../../0000:01:00.0");
	link_to("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0/nvme0n1/device",
		"../../nvme0");
	put("sys/devices/pci0000:00/0000:00:17.0/ata3/host2/target2:0:0/2:0:0:0/block/sda/size",
	    "8\n");
	put("sys/class/ata_link/link3/sata_spd", "6.0 Gbps\n");
	put("sys/block/.keep", "");
	link_to("sys/block/nvme0n1",
		"../devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0/nvme0n1");
	link_to("sys/block/sda",
		"../devices/pci0000:00/0000:00:17.0/ata3/host2/target2:0:0/2:0:0:0/block/sda");
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) != 0;
}

static void test_probe(void **state)
{
	struct platform_info p;

	(void)state;
	platform_probe(root, &p);
	assert_string_equal(p.os, "Debian GNU/Linux 12 (bookworm)");
	assert_int_equal(p.ram_bytes, 32768000ull * 1024);
	assert_string_equal(p.board, "ASUSTeK COMPUTER INC. PRIME X570-PRO (Rev X.0x)");
	assert_string_equal(p.bios, "American Megatrends Inc. 4021 (08/09/2022)");
	put("sys/class/dmi/id/board_version", "To be filled by O.E.M.\n");
	platform_probe(root, &p);
	assert_string_equal(p.board, "ASUSTeK COMPUTER INC. PRIME X570-PRO");
}

static void test_nothing_there(void **state)
{
	struct platform_info p;
	char buf[128];

	(void)state;
	platform_probe("/nonexistent-root", &p);
	assert_string_equal(p.os, "");
	assert_int_equal(p.ram_bytes, 0);
	assert_string_equal(p.board, "");
	platform_link("/nonexistent-root", "nvme0n1", buf, sizeof(buf));
	assert_string_equal(buf, "");
}

static void test_links(void **state)
{
	char buf[128];

	(void)state;
	platform_link(root, "nvme0n1", buf, sizeof(buf));
	assert_string_equal(buf, "NVMe, PCIe 4.0 x4 (16.0 GT/s)");
	platform_link(root, "sda", buf, sizeof(buf));
	assert_string_equal(buf, "SATA, 6.0 Gbps");
	platform_link(root, "loop3", buf, sizeof(buf));
	assert_string_equal(buf, "loop");
	put("sys/class/ata_link/link3/sata_spd", "<unknown>\n");
	platform_link(root, "sda", buf, sizeof(buf));
	assert_string_equal(buf, "SATA");
	put("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/current_link_speed", "8.0 GT/s\n");
	put("sys/devices/pci0000:00/0000:00:01.1/0000:01:00.0/current_link_width", "2\n");
	platform_link(root, "nvme0n1", buf, sizeof(buf));
	assert_string_equal(buf, "NVMe, PCIe 3.0 x2 (8.0 GT/s)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe),
		cmocka_unit_test(test_nothing_there),
		cmocka_unit_test(test_links),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
