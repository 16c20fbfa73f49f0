/* SPDX-License-Identifier: MIT */
/* platform: OS, RAM, board, BIOS and a drive's link, read from /etc, /proc and sysfs. */
#include "platform.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first line of root/path into buf, its end of line and edge spaces gone. */
static int read_line(const char *root, const char *path, char *buf, size_t n)
{
	char full[PATH_MAX];
	FILE *f;
	size_t len;
	char *s;

	buf[0] = '\0';
	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "r");
	if (!f)
		return -1;
	s = fgets(buf, (int)n, f);
	fclose(f);
	if (!s)
		return buf[0] = '\0', -1;
	len = strcspn(buf, "\r\n");
	while (len && buf[len - 1] == ' ')
		len--;
	buf[len] = '\0';
	s = buf + strspn(buf, " ");
	memmove(buf, s, strlen(s) + 1);
	for (char *c = buf; *c; c++)   /* it lands in the manifest and the report */
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = ' ';
	return buf[0] ? 0 : -1;
}

/* DMI's placeholders for a field the maker left unset. */
static int dmi_unset(const char *s)
{
	static const char *const junk[] = { "", "To be filled by O.E.M.", "Default string",
					    "Not Applicable", "Not Specified", "None",
					    "System Product Name", "0123456789" };

	for (size_t i = 0; i < sizeof(junk) / sizeof(junk[0]); i++)
		if (!strcmp(s, junk[i]))
			return 1;
	return 0;
}

/* "A B (C)" from DMI fields a, b and c of /sys/class/dmi/id, each left out when unset. */
static void dmi_join(const char *root, const char *a, const char *b, const char *c,
		     char *out, size_t n)
{
	const char *names[3] = { a, b, c };
	size_t len = 0;

	out[0] = '\0';
	for (int i = 0; i < 3; i++) {
		char path[128], v[128];

		snprintf(path, sizeof(path), "/sys/class/dmi/id/%s", names[i]);
		if (read_line(root, path, v, sizeof(v)) || dmi_unset(v))
			continue;
		snprintf(out + len, n - len, i == 2 ? "%s(%s)" : "%s%s", len ? " " : "", v);
		len = strlen(out);
	}
}

static void os_name(const char *root, char *out, size_t n)
{
	char full[PATH_MAX], line[512];
	FILE *f;

	out[0] = '\0';
	snprintf(full, sizeof(full), "%s/etc/os-release", root);
	f = fopen(full, "r");
	if (!f) {
		snprintf(full, sizeof(full), "%s/usr/lib/os-release", root);
		f = fopen(full, "r");
	}
	while (f && fgets(line, sizeof(line), f)) {
		char *v = line + 12;
		size_t len;

		if (strncmp(line, "PRETTY_NAME=", 12))
			continue;
		v[strcspn(v, "\r\n")] = '\0';
		len = strlen(v);
		if (len >= 2 && (v[0] == '"' || v[0] == '\'') && v[len - 1] == v[0]) {
			v[len - 1] = '\0';
			v++;
		}
		len = strlen(v) < n ? strlen(v) : n - 1;
		memcpy(out, v, len);
		out[len] = '\0';
		break;
	}
	if (f)
		fclose(f);
}

static uint64_t mem_total(const char *root)
{
	char full[PATH_MAX], line[256];
	unsigned long long kib = 0;
	FILE *f;

	snprintf(full, sizeof(full), "%s/proc/meminfo", root);
	f = fopen(full, "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return (uint64_t)kib * 1024;
}

void platform_probe(const char *root, struct platform_info *p)
{
	memset(p, 0, sizeof(*p));
	os_name(root, p->os, sizeof(p->os));
	p->ram_bytes = mem_total(root);
	dmi_join(root, "board_vendor", "board_name", "board_version", p->board,
		 sizeof(p->board));
	dmi_join(root, "bios_vendor", "bios_version", "bios_date", p->bios, sizeof(p->bios));
}

/* PCIe's generation from its transfer rate ("16.0 GT/s PCIe"), 0 unknown. */
static int pcie_gen(double gts)
{
	static const double rates[] = { 2.5, 5, 8, 16, 32, 64, 128 };

	for (int i = 0; i < 7; i++)
		if (gts > rates[i] * 0.9 && gts < rates[i] * 1.1)
			return i + 1;
	return 0;
}

/* The resolved sysfs folder of block device kname under root, or "" */
static void block_dir(const char *root, const char *kname, char *out, size_t n)
{
	char link[PATH_MAX], *real;

	snprintf(link, sizeof(link), "%s/sys/block/%s", root, kname);
	real = realpath(link, NULL);
	snprintf(out, n, "%s", real ? real : "");
	free(real);
}

/* NVMe: the controller's PCI device (device/device), its current link. */
static void nvme_link(const char *dir, char *buf, size_t n)
{
	char path[PATH_MAX + 64], speed[64], width[16];
	double gts;
	int gen;

	snprintf(buf, n, "NVMe");
	snprintf(path, sizeof(path), "%s/device/device/current_link_speed", dir);
	if (read_line("", path, speed, sizeof(speed)))
		return;
	snprintf(path, sizeof(path), "%s/device/device/current_link_width", dir);
	if (read_line("", path, width, sizeof(width)))
		return;
	gts = strtod(speed, NULL);
	gen = pcie_gen(gts);
	if (gen)
		snprintf(buf, n, "NVMe, PCIe %d.0 x%s (%.1f GT/s)", gen, width, gts);
	else
		snprintf(buf, n, "NVMe, PCIe x%s (%s)", width, speed);
}

/* SATA: the "ataN" in the device's path, its link's negotiated speed. */
static void ata_link(const char *root, const char *dir, char *buf, size_t n)
{
	const char *at = strstr(dir, "/ata");
	char path[PATH_MAX], spd[64];
	long port;

	snprintf(buf, n, "SATA");
	if (!at)
		return;
	port = strtol(at + 4, NULL, 10);
	snprintf(path, sizeof(path), "/sys/class/ata_link/link%ld/sata_spd", port);
	if (!read_line(root, path, spd, sizeof(spd)) && strcmp(spd, "<unknown>"))
		snprintf(buf, n, "SATA, %s", spd);
}

void platform_link(const char *root, const char *kname, char *buf, size_t n)
{
	char dir[PATH_MAX];

	buf[0] = '\0';
	if (!strncmp(kname, "loop", 4) || !strncmp(kname, "zram", 4) ||
	    !strncmp(kname, "nullb", 5) || !strncmp(kname, "md", 2)) {
		snprintf(buf, n, "%.*s", (int)strcspn(kname, "0123456789"), kname);
		return;
	}
	block_dir(root, kname, dir, sizeof(dir));
	if (!dir[0])
		return;
	if (!strncmp(kname, "nvme", 4))
		nvme_link(dir, buf, n);
	else if (strstr(dir, "/ata"))
		ata_link(root, dir, buf, n);
	else if (strstr(dir, "/usb"))
		snprintf(buf, n, "USB");
	else if (strstr(dir, "/virtio"))
		snprintf(buf, n, "virtio");
}
