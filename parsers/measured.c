/* SPDX-License-Identifier: MIT */
/* measured: an imported element's numbers as the tool printed them. */
#include "measured.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "err.h"
#include "safefile.h"
#include "xalloc.h"

static const char *const dir_keys[2] = { "read", "write" };
static const char *const pct_keys[3] = { "p99_us", "p999_us", "p9999_us" };

void measured_format(const struct measured *m, struct sbuf *sb)
{
	json_t *o = json_object();
	char *text;

	json_object_set_new(o, "tool", json_string(m->tool));
	json_object_set_new(o, "file", json_string(m->file));
	json_object_set_new(o, "line", json_integer(m->line));
	for (int k = 0; k < 2; k++) {
		const struct measured_dir *md = &m->dir[k];
		json_t *v;

		if (!md->present) {
			json_object_set_new(o, dir_keys[k], json_null());
			continue;
		}
		v = json_object();
		if (md->seconds > 0) {   /* counts: the rates are theirs */
			json_object_set_new(v, "mbps", json_null());
			json_object_set_new(v, "ios", json_integer((json_int_t)md->ios));
			json_object_set_new(v, "bytes", json_integer((json_int_t)md->bytes));
			json_object_set_new(v, "seconds", json_real(md->seconds));
			json_object_set_new(v, "bw_bytes", json_real((double)md->bytes / md->seconds));
		} else {
			json_object_set_new(v, "mbps", json_real(md->mbps));
			json_object_set_new(v, "bw_bytes", json_integer((json_int_t)llround(
				md->bw_derived ? md->iops * (double)m->bs : md->mbps * 1e6)));
		}
		json_object_set_new(v, "bw_derived", json_boolean(md->bw_derived));
		json_object_set_new(v, "iops", json_real(md->seconds > 0 ? (double)md->ios / md->seconds
									 : md->iops));
		json_object_set_new(v, "iops_derived", json_boolean(md->iops_derived));
		json_object_set_new(v, "lat_mean_us",
				    isfinite(md->lat_mean_us) ? json_real(md->lat_mean_us) : json_null());
		if (md->seconds > 0) {
			const double p[3] = { md->p99_us, md->p999_us, md->p9999_us };
			json_t *a = json_array();

			for (int i = 0; i < 3; i++)
				json_object_set_new(v, pct_keys[i],
						    isfinite(p[i]) ? json_real(p[i]) : json_null());
			for (size_t i = 0; i < md->nper_s; i++)
				json_array_append_new(a, json_real(md->per_s[i]));
			json_object_set_new(v, "iops_per_s", a);
		}
		json_object_set_new(o, dir_keys[k], v);
	}
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	sbuf_adds(sb, text);
	sbuf_adds(sb, "\n");
	free(text);
	json_decref(o);
}

/* A number at key of o, or NAN for null when nullable. */
static int num(const json_t *o, const char *key, int nullable, double *v, const char *file,
	       const char *dir, struct diag *d)
{
	const json_t *j = json_object_get(o, key);

	if (nullable && (!j || json_is_null(j))) {
		*v = NAN;
		return 0;
	}
	if (!json_is_number(j) || !isfinite(json_number_value(j)) || json_number_value(j) < 0)
		return diag_set_path(d, -SB_EPARSE, file, dir, "'%s' is not a number of 0 or more",
				     key);
	*v = json_number_value(j);
	return 0;
}

/* DiskSpd's counts, percentiles and per-second I/Os where o has them. */
static int counts(const json_t *o, struct result_dirstat *ds, struct result_series *per_s,
		  const char *file, const char *dir, struct diag *d)
{
	const json_t *a = json_object_get(o, "iops_per_s");
	double *p[3] = { &ds->clat_p99_us, &ds->clat_p999_us, &ds->clat_p9999_us };
	double ios = 0, bytes = 0;
	int rc = 0;

	if (!json_object_get(o, "seconds"))
		return 0;
	rc = num(o, "ios", 0, &ios, file, dir, d);
	if (!rc)
		rc = num(o, "bytes", 0, &bytes, file, dir, d);
	for (int i = 0; !rc && i < 3; i++)
		rc = num(o, pct_keys[i], 1, p[i], file, dir, d);
	if (rc)
		return rc;
	ds->total_ios = (uint64_t)ios;
	ds->io_bytes = (uint64_t)bytes;
	if (a && !json_is_array(a))
		return diag_set_path(d, -SB_EPARSE, file, dir, "'iops_per_s' is not an array");
	for (size_t i = 0; a && i < json_array_size(a); i++) {
		const json_t *v = json_array_get(a, i);

		if (!json_is_number(v) || !isfinite(json_number_value(v)) || json_number_value(v) < 0)
			return diag_set_path(d, -SB_EPARSE, file, dir,
					     "'iops_per_s'[%zu] is not a number of 0 or more", i);
		result_series_push(per_s, (double)(i + 1), json_number_value(v));
	}
	return 0;
}

int measured_load(const char *archive_dir, struct result_step *st, struct diag *d)
{
	char *rel = xasprintf("%s/%s", st->dir, MEASURED_FILE);
	char *file = xasprintf("%s/%s", archive_dir, rel);
	json_t *root = NULL;
	json_error_t je;
	struct sbuf sb;
	int rc;

	sbuf_init(&sb);
	rc = safefile_load(archive_dir, rel, 1 << 20, &sb, d);
	if (!rc && !(root = json_loadb(sb.buf, sb.len, JSON_REJECT_DUPLICATES, &je)))
		rc = diag_set(d, -SB_EPARSE, file, je.line, je.column, "%s", je.text);
	if (!rc && !json_is_object(root))
		rc = diag_set_path(d, -SB_EPARSE, file, "", "not a JSON object");
	for (int k = 0; !rc && k < 2; k++) {
		const json_t *o = json_object_get(root, dir_keys[k]);
		struct result_dirstat *ds = &st->dir_stat[k];
		double mbps = 0, bw = 0, iops = 0, lat = NAN;

		memset(ds, 0, sizeof(*ds));
		ds->clat_p99_us = ds->clat_p999_us = ds->clat_p9999_us = ds->clat_p99999_us = NAN;
		ds->clat_max_us = NAN;
		if (!o || json_is_null(o))
			continue;
		if (!json_is_object(o)) {
			rc = diag_set_path(d, -SB_EPARSE, file, dir_keys[k], "not an object or null");
			break;
		}
		rc = num(o, "mbps", 1, &mbps, file, dir_keys[k], d);
		if (!rc)
			rc = num(o, "bw_bytes", 0, &bw, file, dir_keys[k], d);
		if (!rc)
			rc = num(o, "iops", 0, &iops, file, dir_keys[k], d);
		if (!rc)
			rc = num(o, "lat_mean_us", 1, &lat, file, dir_keys[k], d);
		if (rc)
			break;
		ds->bw_bytes = bw;
		ds->iops = iops;
		ds->clat_mean_us = lat;   /* NAN: the file printed none */
		rc = counts(o, ds, &st->iops[k], file, dir_keys[k], d);
	}
	if (!rc) {
		double n = 0, sum = 0;

		for (int k = 0; k < 2; k++)
			if (st->dir_stat[k].iops > 0 && isfinite(st->dir_stat[k].clat_mean_us)) {
				n += st->dir_stat[k].iops;
				sum += st->dir_stat[k].iops * st->dir_stat[k].clat_mean_us;
			}
		st->clat_mean_us = n > 0 ? sum / n : NAN;
		st->clat_p99_us = st->clat_p999_us = st->clat_p9999_us = st->clat_p99999_us = NAN;
		st->clat_max_us = NAN;
		result_step_consistency(st, 1);
	}
	json_decref(root);
	sbuf_release(&sb);
	free(file);
	free(rel);
	return rc;
}
