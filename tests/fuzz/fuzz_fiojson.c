/* SPDX-License-Identifier: MIT */
/* fuzz_fiojson: libFuzzer target for fio's JSON/json+ reader and its percentile and merge helpers. */
#include <stdint.h>

#include "diag.h"
#include "fiojson.h"
#include "fuzz_util.h"

/* Exercises what the archive reader does with a parsed report. */
static void use_report(const struct fiojson_report *r)
{
	struct fiojson_lat all;
	uint64_t ns;

	fiojson_lat_init(&all);
	for (size_t i = 0; i < r->njobs; i++) {
		for (int dir = 0; dir < FIOJSON_NDIRS; dir++) {
			const struct fiojson_lat *l = &r->jobs[i].dir[dir].clat;

			(void)fiojson_lat_percentile(l, 99.9, &ns);
			fiojson_lat_merge(&all, l);
		}
	}
	(void)fiojson_lat_percentile(&all, 50.0, &ns);
	(void)fiojson_lat_percentile(&all, 99.99, &ns);
	fiojson_lat_release(&all);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fiojson_report r;
	struct diag d;

	fiojson_report_init(&r);
	diag_clear(&d);
	if (fiojson_parse_buf((const char *)data, size, "fuzz.json", &r, &d) == 0)
		use_report(&r);
	fiojson_report_release(&r);
	return 0;
}
