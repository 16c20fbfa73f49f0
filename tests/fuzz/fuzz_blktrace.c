/* SPDX-License-Identifier: MIT */
/*
 * fuzz_blktrace: libFuzzer target for the blktrace reader: the summary and the
 * event walk over one input must agree (every record seen once, in order, inside
 * the input), a refusal always carries a message and a byte offset inside it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "blktrace.h"
#include "diag.h"
#include "fuzz_util.h"

struct seen {
	uint64_t records, queued, last_pos;
	size_t size;
};

static int on_event(void *arg, const struct blkt_event *e)
{
	struct seen *s = arg;

	if ((s->records && e->pos <= s->last_pos) || e->pos + 48 > s->size)
		abort();
	if (e->kind != BLKT_EV_NOTIFY && e->offset + e->len > (UINT64_C(1) << 63))
		abort();
	s->last_pos = e->pos;
	s->records++;
	s->queued += e->kind == BLKT_EV_QUEUE;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct seen s = { 0, 0, 0, size };
	struct blkt_info in;
	struct diag d, d2;
	int rc, rc2;

	diag_clear(&d);
	diag_clear(&d2);
	rc = blkt_info_buf(data, size, "fuzz", &in, &d);
	rc2 = blkt_foreach_buf(data, size, "fuzz", on_event, &s, &d2);
	if (rc && (!d.msg[0] || strncmp(d.msg, "byte ", 5)))
		abort();
	if (rc2 && !rc)
		abort();
	if (!rc && (in.records != s.records || in.ios > s.queued ||
		    in.span_bytes != in.lba_end_bytes - in.lba_min_bytes ||
		    in.reads + in.writes + in.trims != in.ios ||
		    in.read_bytes + in.write_bytes + in.trim_bytes != in.bytes))
		abort();
	return 0;
}
