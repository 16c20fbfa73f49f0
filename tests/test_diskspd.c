/* SPDX-License-Identifier: MIT */
/*
 * Tests of parsers/diskspd.c and diskspd_text.c on results made here: two threads on two
 * targets summed, the profile's test, -L's percentiles, -D's buckets; what is refused
 * (a DTD, targets of two tests, a cut file, text results without their parameters). The
 * real files are it_import_tools' (tests/data/import/).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diskspd.h"

#define TARGET(bs, wr) \
	"<Target><Path>f</Path><BlockSize>" #bs "</BlockSize><Random>" #bs "</Random>" \
	"<FileSize>1073741824</FileSize><RequestCount>8</RequestCount><WriteRatio>" #wr \
	"</WriteRatio><ThreadsPerFile>2</ThreadsPerFile></Target>"
#define DONE(rb, rc, wb, wc) \
	"<Target><ReadBytes>" #rb "</ReadBytes><ReadCount>" #rc "</ReadCount><WriteBytes>" #wb \
	"</WriteBytes><WriteCount>" #wc "</WriteCount></Target>"

static const char xml[] =
	"<Results><System><ComputerName>bench</ComputerName><Tool><Version>2.2.0</Version></Tool>"
	"<RunTime>2026/12/07 10:00:00 UTC</RunTime></System>"
	"<Profile><TimeSpans><TimeSpan><ThreadCount>0</ThreadCount>"
	"<IoBucketDuration>500</IoBucketDuration><Targets>" TARGET(4096, 30) TARGET(4096, 30)
	"</Targets></TimeSpan></TimeSpans></Profile>\n"
	"<TimeSpan><TestTimeSeconds>10.00</TestTimeSeconds>\n"
	"<Thread><Id>0</Id>" DONE(4096, 1, 8192, 2) DONE(40960, 10, 0, 0) "</Thread>\n"
	"<Thread><Id>1</Id>" DONE(0, 0, 4096, 1) DONE(409600, 100, 4096, 1) "</Thread>\n"
	"<Latency><AverageReadMilliseconds>0.5</AverageReadMilliseconds>"
	"<Bucket><Percentile>99</Percentile><ReadMilliseconds>1.5</ReadMilliseconds>"
	"<WriteMilliseconds>2.5</WriteMilliseconds></Bucket>"
	"<Bucket><Percentile>99.9</Percentile><ReadMilliseconds>3</ReadMilliseconds></Bucket>"
	"</Latency><Iops><Bucket SampleMillisecond=\"500\" Read=\"50\" Write=\"2\"/>"
	"<Bucket SampleMillisecond=\"1000\" Read=\"61\" Write=\"2\"/></Iops></TimeSpan></Results>\n";

static void test_xml(void **state)
{
	struct diskspd_result r;
	struct diag d;
	const struct diskspd_span *s;
	(void)state;

	diag_clear(&d);
	assert_int_equal(diskspd_parse(xml, strlen(xml), "x.xml", &r, &d), 0);
	assert_true(diskspd_sniff(xml, strlen(xml)));
	assert_string_equal(r.version, "2.2.0");
	assert_string_equal(r.computer, "bench");
	assert_string_equal(r.run_time, "2026-12-07T10:00:00Z");
	assert_int_equal(r.n, 1);
	s = &r.s[0];
	assert_string_equal(s->name, "rnd4k-q8t4-mix70");   /* 2 threads per file, 2 files */
	assert_int_equal(s->ios[0], 111);
	assert_int_equal(s->bytes[0], 4096 + 40960 + 409600);
	assert_int_equal(s->ios[1], 4);
	assert_true(s->seconds == 10.0 && s->lat_ms[0] == 0.5 && isnan(s->lat_ms[1]));
	assert_true(s->p99_ms[0] == 1.5 && s->p99_ms[1] == 2.5 && s->p999_ms[0] == 3);
	assert_true(isnan(s->p999_ms[1]) && isnan(s->p9999_ms[0]));
	assert_int_equal(s->nper_s, 2);   /* per 500 ms: twice the count per second */
	assert_true(s->per_s[0][0] == 100 && s->per_s[0][1] == 122 && s->per_s[1][1] == 4);
	diskspd_release(&r);
}

static void refused(const char *text, const char *path, int line, const char *what, int is_xml)
{
	struct diskspd_result r;
	struct diag d;

	diag_clear(&d);
	assert_int_not_equal(is_xml ? diskspd_parse(text, strlen(text), path, &r, &d)
				    : diskspd_text_parse(text, strlen(text), path, &r, &d), 0);
	if (!strstr(d.msg, what) || d.line != line)
		fail_msg("'%s' at line %d, want '%s' at %d", d.msg, d.line, what, line);
	assert_null(r.s);
}

static void test_refusals(void **state)
{
	char *two = strdup(xml), *cut = strndup(xml, strlen(xml) - 40);
	(void)state;

	/* the second target runs 8 KiB blocks: two tests in one time span */
	char *at = strstr(strstr(two, "</Target>"), "<BlockSize>4096") + 11;

	at[0] = '8', at[1] = '1', at[2] = '9', at[3] = '2';
	refused(two, "two.xml", 1, "targets running different tests", 1);
	refused(cut, "cut.xml", 5, "", 1);
	refused("<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY e \"x\">]><Results/>", "dtd.xml",
		0, "DOCTYPE or ENTITY declaration is not allowed", 1);
	refused("<Results><System><Tool/></System></Results>", "nov.xml", 1, "not DiskSpd", 1);
	refused("Results for timespan 1:\n\nactual test time: 5.00s\n", "t.txt", 1,
		"the input parameters do not describe", 0);
	refused("Input parameters:\n\n\ttimespan:   1\n\tblock size: 4KiB\n\tperforming write "
		"test\n\nResults for timespan 1:\nthread count: 1\n", "u.txt", 7,
		"without \"actual test time\"", 0);
	refused("hello\n", "h.txt", 1, "not DiskSpd's output", 0);
	free(two);
	free(cut);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xml),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
