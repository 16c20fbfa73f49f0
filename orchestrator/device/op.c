/* SPDX-License-Identifier: MIT */
/* op: software over-provisioning arithmetic. */
#include "op.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"

#define OP_MAX_CENTI 100000u  /* 1000 %: an eleventh of the device */

int op_parse(const char *s, unsigned *centi, const char **why)
{
	unsigned whole = 0, frac = 0, digits = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9' && whole <= OP_MAX_CENTI; p++, digits++)
		whole = whole * 10 + (unsigned)(*p - '0');
	if (*p == '.') {
		unsigned scale = 10;

		for (p++; *p >= '0' && *p <= '9' && scale; p++, scale /= 10)
			frac += (unsigned)(*p - '0') * scale;
	}
	if (*p == '%')
		p++;
	*centi = whole * 100 + frac;
	if (!digits || *p || *centi > OP_MAX_CENTI) {
		*why = "want a percentage from 0 to 1000 with at most two decimals, e.g. 28%";
		return -SB_EINVAL;
	}
	return 0;
}

uint64_t op_usable_bytes(uint64_t raw, unsigned centi, unsigned align)
{
	uint64_t den = 10000 + (uint64_t)centi;
	/* raw * 10000 / den without overflowing 64 bits. */
	uint64_t user = raw / den * 10000 + raw % den * 10000 / den;

	if (!align)
		align = 1;
	return user / align * align;
}
