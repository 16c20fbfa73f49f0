/* SPDX-License-Identifier: MIT */
/* testutil: a scratch folder per test program, made in setup and removed in teardown. */
#ifndef SB_TESTUTIL_H
#define SB_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>

/* The scratch folder's path once testutil_setup() ran. */
static char testutil_dir[] = "/tmp/ssdbench-test.XXXXXX";

/* cmocka group setup: creates testutil_dir. */
static inline int testutil_setup(void **state)
{
	(void)state;
	return mkdtemp(testutil_dir) ? 0 : -1;
}

/* cmocka group teardown: removes testutil_dir and everything in it. */
static inline int testutil_teardown(void **state)
{
	char cmd[sizeof(testutil_dir) + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", testutil_dir);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
