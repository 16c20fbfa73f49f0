/* SPDX-License-Identifier: MIT */
/*
 * fuzz_fiostatus: libFuzzer target for the status-report stream a continuous
 * <rounds> scope is cut from: fiostatus fed in chunks (the first byte picks the
 * chunk size and the round length), every round's reports subtracted as the
 * archive reader does, and invariants checked: rounds in order and contiguous on
 * fio's clock, each with an end report.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fiojson.h"
#include "fiostatus.h"
#include "fuzz_util.h"

struct seen {
	int n;
	uint64_t clock;
};

static int on_round(void *arg, const struct fiostatus_round *r)
{
	struct seen *s = arg;
	struct fiojson_report end, start;
	struct diag d;

	if (r->round != s->n + 1 || r->clock_start_ms != s->clock || !r->end ||
	    r->clock_end_ms < r->clock_start_ms || (r->round > 1) != (r->start != NULL))
		abort();
	s->n++;
	s->clock = r->clock_end_ms;
	for (int k = 0; k < FIOSTATUS_NLOGS; k++)
		if (!r->log[k])
			abort();
	fiojson_report_init(&end);
	fiojson_report_init(&start);
	diag_clear(&d);
	if (!fiojson_parse_buf(r->end, r->end_len, "end", &end, &d) &&
	    (!r->start || !fiojson_parse_buf(r->start, r->start_len, "start", &start, &d)))
		(void)fiojson_report_since(&end, &start, "end", &d);
	fiojson_report_release(&end);
	fiojson_report_release(&start);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct seen s = { 0, 0 };
	struct fiostatus *fs;
	struct diag d;
	size_t chunk;
	int rc = 0;

	if (size < 1)
		return 0;
	chunk = (size_t)(data[0] & 0x3f) + 1;
	fs = fiostatus_new((uint64_t)((data[0] >> 6) + 1) * 1000, 1 + data[0] % 5, "fuzz",
			   on_round, &s);
	data++;
	size--;
	diag_clear(&d);
	for (size_t i = 0; i < size && !rc; i += chunk)
		rc = fiostatus_feed(fs, (const char *)data + i, size - i < chunk ? size - i : chunk,
				    &d);
	if (!rc)
		rc = fiostatus_end(fs, &d);
	if (rc < 0 && !d.msg[0])
		abort();   /* a refusal says why */
	fiostatus_free(fs);
	return 0;
}
