/* SPDX-License-Identifier: MIT */
/* fuzz_probe: libFuzzer target for the NVMe and ATA page decoders and the probe's printers. */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device.h"
#include "fuzz_util.h"

/* The first input byte picks the page; the rest are the bytes the device returned. */
enum page { P_NVME_CTRL, P_NVME_NS, P_NVME_SMART, P_NVME_SANITIZE, P_ATA_ID, P_ATA_SMART,
	    P_ATA_SENSE, P_N };

/* A decoded string must be terminated inside its field and printable ASCII. */
static void check_str(const char *s, size_t n)
{
	size_t len = strnlen(s, n);

	if (len == n)
		abort();
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			abort();
}
#define CHECK_STR(field) check_str(field, sizeof(field))

static int pow2_in(unsigned v, unsigned lo, unsigned hi)
{
	return v >= lo && v <= hi && !(v & (v - 1));
}

static void decode(enum page p, const uint8_t *b, size_t n, struct device_info *di)
{
	struct device_nvme_sanitize san;
	struct device_ata_cmd cmd = { 0 };

	switch (p) {
	case P_NVME_CTRL:
		di->has_nvme = !device_nvme_decode_ctrl(b, n, &di->nvme);
		CHECK_STR(di->nvme.serial);
		CHECK_STR(di->nvme.model);
		CHECK_STR(di->nvme.firmware);
		break;
	case P_NVME_NS:
		di->has_nvme = !device_nvme_decode_ns(b, n, &di->nvme_ns);
		if (di->nvme_ns.lba_bytes && !pow2_in(di->nvme_ns.lba_bytes, 512, 1u << 31))
			abort();
		break;
	case P_NVME_SMART:
		di->has_nvme = di->has_nvme_smart = !device_nvme_decode_smart(b, n, &di->nvme_smart);
		break;
	case P_NVME_SANITIZE:
		(void)device_nvme_decode_sanitize(b, n, &san);
		break;
	case P_ATA_ID:
		di->has_ata = !device_ata_decode_identify(b, n, &di->ata);
		CHECK_STR(di->ata.serial);
		CHECK_STR(di->ata.model);
		CHECK_STR(di->ata.firmware);
		/* Sector sizes: 512 by default, never 0, physical a multiple of logical. */
		if (di->has_ata && (di->ata.logical_bytes < 512 ||
				    di->ata.physical_bytes < di->ata.logical_bytes ||
				    di->ata.physical_bytes % di->ata.logical_bytes))
			abort();
		break;
	case P_ATA_SMART:
		di->has_ata = di->has_ata_smart = !device_ata_decode_smart(b, n, &di->ata_smart);
		if (di->ata_smart.temp_c < -1 || di->ata_smart.temp_c > 255)
			abort();
		break;
	default:
		(void)device_ata_decode_sense(b, n, &cmd);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct device_info *di;
	char *text = NULL;
	size_t len = 0;
	json_t *back;
	FILE *out;

	if (size < 1)
		return 0;
	di = calloc(1, sizeof(*di));
	if (!di)
		return 0;
	di->rotational = -1;
	decode((enum page)(data[0] % P_N), data + 1, size - 1, di);
	/* The JSON printer's output must read back as one JSON object. */
	out = open_memstream(&text, &len);
	if (out) {
		device_print(di, 1, out);
		fclose(out);
		back = json_loads(text, 0, NULL);
		if (!json_is_object(back))
			abort();
		json_decref(back);
		free(text);
	}
	out = fopen("/dev/null", "w");
	if (out) {
		device_print(di, 0, out);
		fclose(out);
	}
	free(di);
	return 0;
}
