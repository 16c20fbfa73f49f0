/* SPDX-License-Identifier: MIT */
/* sha256: SHA-256 (FIPS 180-4) for plan and archive checksums, over nettle's. */
#ifndef SB_SHA256_H
#define SB_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* Room for nettle's struct sha256_ctx, kept out of this header: nettle's names
 * (sha256_init, sha256_update) are macros that would rename this module's. */
struct sha256 {
	union {
		uint64_t align;
		unsigned char bytes[128];
	} ctx;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
/* Writes 64 lowercase hex digits and a NUL into hex. */
void sha256_final_hex(struct sha256 *s, char hex[65]);
/* Hashes a whole file into hex; returns 0 or -errno. */
int sha256_file(const char *path, char hex[65]);
/* The same over what is left to read from fd (not closed). */
int sha256_fd(int fd, char hex[65]);

#endif
