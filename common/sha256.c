/* SPDX-License-Identifier: MIT */
/* sha256: this module's SHA-256 over nettle's (sha256_init, _update, _digest). */
#include <nettle/sha2.h>
/* nettle's names are macros for nettle_sha256_*: this module's own come below. */
#undef sha256_init
#undef sha256_update
#undef sha256_digest

#include "sha256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

_Static_assert(sizeof(struct sha256_ctx) <= sizeof(((struct sha256 *)0)->ctx.bytes),
	       "struct sha256 has no room for nettle's sha256_ctx");

/* nettle's context lives in s's bytes; copied in and out, so no pointer of another
 * type reads them. */
static void load(struct sha256_ctx *c, const struct sha256 *s)
{
	memcpy(c, s->ctx.bytes, sizeof(*c));
}

static void store(struct sha256 *s, const struct sha256_ctx *c)
{
	memcpy(s->ctx.bytes, c, sizeof(*c));
}

void sha256_init(struct sha256 *s)
{
	struct sha256_ctx c;

	nettle_sha256_init(&c);
	store(s, &c);
}

void sha256_update(struct sha256 *s, const void *data, size_t n)
{
	struct sha256_ctx c;

	load(&c, s);
	nettle_sha256_update(&c, n, data);
	store(s, &c);
}

void sha256_final_hex(struct sha256 *s, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	struct sha256_ctx c;
	uint8_t d[SHA256_DIGEST_SIZE];

	load(&c, s);
	nettle_sha256_digest(&c, sizeof(d), d);
	store(s, &c);
	for (size_t i = 0; i < sizeof(d); i++) {
		hex[2 * i] = digits[d[i] >> 4];
		hex[2 * i + 1] = digits[d[i] & 15];
	}
	hex[64] = '\0';
}

int sha256_fd(int fd, char hex[65])
{
	unsigned char buf[65536];
	struct sha256 s;
	ssize_t n;

	sha256_init(&s);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		sha256_update(&s, buf, (size_t)n);
	}
	sha256_final_hex(&s, hex);
	return 0;
}

int sha256_file(const char *path, char hex[65])
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	rc = sha256_fd(fd, hex);
	close(fd);
	return rc;
}
