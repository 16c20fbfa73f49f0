/* SPDX-License-Identifier: MIT */
/* sha256: FIPS 180-4 SHA-256 for plan and archive checksums. */
#ifndef SB_SHA256_H
#define SB_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t nbytes;
	unsigned char block[64];
	size_t fill;
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
