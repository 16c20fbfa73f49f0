/* SPDX-License-Identifier: MIT */
/* fuzz_units: libFuzzer target for the size, time and integer parsers and the size formatters. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"
#include "units.h"
#include "xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = xstrndup((const char *)data, size);
	const char *why = NULL;
	char buf[64], small[4];
	uint64_t v = 0;
	long long ll;

	if (units_parse_size(s, &v, &why) == 0) {
		units_format_size(v, buf, sizeof(buf));
		units_format_size_fio(v, buf, sizeof(buf));
		units_format_size(v, small, sizeof(small));
		units_format_size_fio(v, small, sizeof(small));
	}
	(void)units_parse_time_ms(s, &v, &why);
	(void)units_parse_int(s, 1, 65536, &ll, &why);
	(void)units_parse_int(s, -9223372036854775807LL - 1, 9223372036854775807LL, &ll, &why);
	/* Every 8 bytes as a raw size: the formatters must handle any value. */
	for (size_t i = 0; i + 8 <= size; i += 8) {
		memcpy(&v, data + i, 8);
		units_format_size(v, buf, sizeof(buf));
		units_format_size_fio(v, buf, sizeof(buf));
	}
	free(s);
	return 0;
}
