/* SPDX-License-Identifier: MIT */
/* device_print: a probe as text for people or as JSON for scripts ("not supported" spelt out). */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "device.h"
#include "units.h"
#include "sbuf.h"
#include "xalloc.h"

#define NOT_SUPPORTED "not supported"

static json_t *str_or_null(const char *s)
{
	return s[0] ? json_string(s) : json_null();
}

static json_t *u128_json(struct device_u128 v)
{
	char buf[48];

	device_u128_format(v, buf, sizeof(buf));
	return json_string(buf);  /* may exceed 2^53: a string, as nvme-cli does */
}

static json_t *nvme_json(const struct device_info *di)
{
	const struct device_nvme_smart *s = &di->nvme_smart;
	json_t *o = json_object(), *h;

	json_object_set_new(o, "oacs", json_integer(di->nvme.oacs));
	json_object_set_new(o, "sanicap", json_integer(di->nvme.sanicap));
	json_object_set_new(o, "fna", json_integer(di->nvme.fna));
	json_object_set_new(o, "lba_bytes", json_integer(di->nvme_ns.lba_bytes));
	json_object_set_new(o, "flbas_index", json_integer(di->nvme_ns.flbas_index));
	if (!di->has_nvme_smart) {
		json_object_set_new(o, "smart", json_string(NOT_SUPPORTED));
		return o;
	}
	h = json_object();
	json_object_set_new(h, "critical_warning", json_integer(s->critical_warning));
	json_object_set_new(h, "temperature_kelvin", json_integer(s->temp_k));
	json_object_set_new(h, "available_spare_percent", json_integer(s->avail_spare));
	json_object_set_new(h, "percentage_used", json_integer(s->percent_used));
	json_object_set_new(h, "data_units_read", u128_json(s->data_units_read));
	json_object_set_new(h, "data_units_written", u128_json(s->data_units_written));
	json_object_set_new(h, "power_on_hours", u128_json(s->power_on_hours));
	json_object_set_new(h, "media_errors", u128_json(s->media_errors));
	json_object_set_new(o, "smart", h);
	return o;
}

static json_t *ata_json(const struct device_info *di)
{
	const struct device_ata_id *a = &di->ata;
	json_t *o = json_object();

	json_object_set_new(o, "trim", json_boolean(a->trim));
	json_object_set_new(o, "sanitize_block", json_boolean(a->sanitize_block));
	json_object_set_new(o, "sanitize_crypto", json_boolean(a->sanitize_crypto));
	json_object_set_new(o, "security_supported", json_boolean(a->sec_supported));
	json_object_set_new(o, "security_frozen", json_boolean(a->sec_frozen));
	json_object_set_new(o, "security_enabled", json_boolean(a->sec_enabled));
	json_object_set_new(o, "erase_minutes", json_integer(a->erase_min));
	json_object_set_new(o, "smart", di->has_ata_smart ?
			    json_integer(di->ata_smart.nattrs) : json_string(NOT_SUPPORTED));
	return o;
}

/* Whether the drive has a volatile write cache, and its state ("enabled" or not). */
static int wcache_present(const struct device_info *di)
{
	return di->has_nvme ? (di->nvme.vwc & 1) != 0 : di->has_ata && di->ata.wcache;
}

static json_t *wcache_json(const struct device_info *di)
{
	if (!di->has_nvme && !di->has_ata)
		return json_pack("{s:s, s:o}", "present", NOT_SUPPORTED, "kernel",
				 str_or_null(di->wcache_sysfs));
	return json_pack("{s:b, s:o, s:o}", "present", wcache_present(di), "enabled",
			 di->wcache_state < 0 ? json_null() : json_boolean(di->wcache_state),
			 "kernel", str_or_null(di->wcache_sysfs));
}

static void print_json(const struct device_info *di, FILE *out)
{
	json_t *o = json_object();
	char *text;

	json_object_set_new(o, "path", json_string(di->path));
	json_object_set_new(o, "kind", json_string(device_kind_name(di->kind)));
	json_object_set_new(o, "kernel_name", str_or_null(di->kname));
	json_object_set_new(o, "exists", json_boolean(di->exists));
	json_object_set_new(o, "partition", json_boolean(di->is_partition));
	json_object_set_new(o, "size_bytes", json_integer((json_int_t)di->size));
	json_object_set_new(o, "logical_block_bytes", json_integer(di->logical_block));
	json_object_set_new(o, "physical_block_bytes", json_integer(di->physical_block));
	json_object_set_new(o, "rotational", di->rotational < 0 ? json_null() :
			    json_boolean(di->rotational));
	json_object_set_new(o, "discard_max_bytes", json_integer((json_int_t)di->discard_max));
	json_object_set_new(o, "diskseq", json_integer((json_int_t)di->diskseq));
	json_object_set_new(o, "model", str_or_null(di->model));
	json_object_set_new(o, "serial", str_or_null(di->serial));
	json_object_set_new(o, "firmware", str_or_null(di->firmware));
	json_object_set_new(o, "identity", str_or_null(device_identity(di)));
	json_object_set_new(o, "backing_file", str_or_null(di->backing_file));
	json_object_set_new(o, "temperature_celsius", di->temp_mc_valid ?
			    json_real((double)di->temp_mc / 1000) : json_null());
	json_object_set_new(o, "nvme", di->has_nvme ? nvme_json(di) :
			    json_string(NOT_SUPPORTED));
	json_object_set_new(o, "ata", di->has_ata ? ata_json(di) : json_string(NOT_SUPPORTED));
	json_object_set_new(o, "write_cache", wcache_json(di));
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(12));
	fprintf(out, "%s\n", text);
	free(text);
	json_decref(o);
}

static const char *or_ns(const char *s)
{
	return s[0] ? s : NOT_SUPPORTED;
}

static void print_text(const struct device_info *di, FILE *out)
{
	char size[32], dw[48];

	units_format_size(di->size, size, sizeof(size));
	fprintf(out, "path:            %s\nkind:            %s%s%s\n", di->path,
		device_kind_name(di->kind), di->kname[0] ? " " : "", di->kname);
	fprintf(out, "size:            %llu bytes (%s)\n", (unsigned long long)di->size, size);
	fprintf(out, "logical block:   %u\nphysical block:  %u\n", di->logical_block,
		di->physical_block);
	fprintf(out, "rotational:      %s\n", di->rotational < 0 ? NOT_SUPPORTED :
		di->rotational ? "yes" : "no");
	fprintf(out, "discard:         %s\n", di->kind == DEVICE_FILE ? "punch holes" :
		di->discard_max ? "yes" : NOT_SUPPORTED);
	fprintf(out, "model:           %s\nserial:          %s\nfirmware:        %s\n",
		or_ns(di->model), or_ns(di->serial), or_ns(di->firmware));
	fprintf(out, "identity:        %s\n", or_ns(device_identity(di)));
	if (di->backing_file[0])
		fprintf(out, "backing file:    %s\n", di->backing_file);
	if (di->temp_mc_valid)
		fprintf(out, "temperature:     %.1f C\n", (double)di->temp_mc / 1000);
	else
		fprintf(out, "temperature:     %s\n", NOT_SUPPORTED);
	fprintf(out, "write cache:     %s%s%s%s\n", !di->has_nvme && !di->has_ata ? NOT_SUPPORTED :
		!wcache_present(di) ? "none" : di->wcache_state < 0 ? "present, state unknown" :
		di->wcache_state ? "enabled" : "disabled", di->wcache_sysfs[0] ? " (kernel: " : "",
		di->wcache_sysfs, di->wcache_sysfs[0] ? ")" : "");
	fprintf(out, "nvme:            %s\n", di->has_nvme ? "yes" : NOT_SUPPORTED);
	if (di->has_nvme_smart) {
		device_u128_format(di->nvme_smart.data_units_written, dw, sizeof(dw));
		fprintf(out, "  data units written: %s (x 512000 bytes)\n", dw);
		fprintf(out, "  percentage used:    %u %%\n", di->nvme_smart.percent_used);
	}
	fprintf(out, "ata:             %s\n", di->has_ata ? "yes" : NOT_SUPPORTED);
	if (di->has_ata)
		fprintf(out, "  security:           %s\n", !di->ata.sec_supported ?
			NOT_SUPPORTED : di->ata.sec_frozen ? "frozen" : "not frozen");
}

void device_print(const struct device_info *di, int json, FILE *out)
{
	if (json)
		print_json(di, out);
	else
		print_text(di, out);
}
