/* SPDX-License-Identifier: MIT */
/* testutil: helpers the unit tests share: a scratch folder, and approximate equality. */
#ifndef SB_TESTUTIL_H
#define SB_TESTUTIL_H

#include <math.h>
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

/* Asserts |a - b| <= eps, naming the expression (cmocka 1.1 has no doubles). */
#define assert_near(a, b, eps) testutil_near((a), (b), (eps), #a, __FILE__, __LINE__)
static inline void testutil_near(double a, double b, double eps, const char *expr,
				 const char *file, int line)
{
	if (!(fabs(a - b) <= eps)) {
		print_error("%s: %.9f != %.9f\n", expr, a, b);
		_fail(file, line);
	}
}

#endif
