/* SPDX-License-Identifier: MIT */
/*
 * Tests for parsers/blktrace: traces made by hand, record by record, in both byte
 * orders; every count, byte total, span and depth worked out here from the records
 * written; and each refusal (empty, truncated, another magic or version, a request
 * past 2^63 bytes) with the byte offset it names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

#include "blktrace.h"
#include "err.h"

#define MAGIC7 0x65617407u
#define Q 1u
#define M 2u        /* back merge */
#define D 7u
#define C 8u
#define CAT(bits) ((uint32_t)(bits) << 16)
#define READ CAT(1u << 0)
#define WRITE CAT(1u << 1)
#define FLUSH CAT(1u << 2)
#define NOTIFY CAT(1u << 10)
#define DISCARD CAT(1u << 13)
#define DEV ((7u << 20) | 3u)   /* loop3 as the kernel records it */

struct trace {
	unsigned char b[4096];
	size_t n;
	int swap;
};

static void put(struct trace *t, const void *v, size_t n)
{
	const unsigned char *p = v;

	for (size_t i = 0; i < n; i++)   /* little-endian host; swap: reversed */
		t->b[t->n + i] = t->swap ? p[n - 1 - i] : p[i];
	t->n += n;
}

/* One record of 48 bytes (plus pdu_len bytes of payload). */
static void rec(struct trace *t, uint32_t magic, uint64_t time_ns, uint64_t sector,
		uint32_t bytes, uint32_t action, uint16_t pdu_len)
{
	uint32_t seq = 0, pid = 42, dev = DEV, cpu = 1;
	uint16_t err = 0;

	put(t, &magic, 4);
	put(t, &seq, 4);
	put(t, &time_ns, 8);
	put(t, &sector, 8);
	put(t, &bytes, 4);
	put(t, &action, 4);
	put(t, &pid, 4);
	put(t, &dev, 4);
	put(t, &cpu, 4);
	put(t, &err, 2);
	put(t, &pdu_len, 2);
	memset(t->b + t->n, 'x', pdu_len);
	t->n += pdu_len;
}

/*
 * A process note with a name as payload; a 4 KiB write at sector 100, merged into
 * by a 4 KiB write at 108, issued and completed; reads of 512 B at 0 and 64 KiB at
 * 2048 issued together (depth 2); a 1 MiB trim at 4096; a flush; a zero-byte read
 * (fio ignores it); from 1 s to 3.5 s.
 */
static void sample(struct trace *t, int swap)
{
	memset(t, 0, sizeof(*t));
	t->swap = swap;
	rec(t, MAGIC7, 1000000000, 0, 0, NOTIFY, 8);
	rec(t, MAGIC7, 1000000000, 100, 4096, Q | WRITE, 0);
	rec(t, MAGIC7, 1100000000, 108, 4096, Q | WRITE, 0);
	rec(t, MAGIC7, 1100000000, 108, 4096, M | WRITE, 0);
	rec(t, MAGIC7, 1200000000, 100, 8192, D | WRITE, 0);
	rec(t, MAGIC7, 1300000000, 100, 8192, C | WRITE, 0);
	rec(t, MAGIC7, 2000000000, 0, 512, Q | READ, 0);
	rec(t, MAGIC7, 2000000000, 2048, 65536, Q | READ, 0);
	rec(t, MAGIC7, 2000000000, 0, 512, D | READ, 0);
	rec(t, MAGIC7, 2000000000, 2048, 65536, D | READ, 0);
	rec(t, MAGIC7, 2500000000, 0, 512, C | READ, 0);
	rec(t, MAGIC7, 3000000000, 2048, 65536, C | READ, 0);
	rec(t, MAGIC7, 3100000000, 4096, 1048576, Q | WRITE | DISCARD, 0);
	rec(t, MAGIC7, 3200000000, 0, 0, Q | WRITE | FLUSH, 0);
	rec(t, MAGIC7, 3500000000, 9000, 0, Q | READ, 0);
}

static void check_sample(const struct blkt_info *in)
{
	assert_int_equal(in->records, 15);
	assert_int_equal(in->ios, 5);           /* 2 writes, 2 reads, 1 trim */
	assert_int_equal(in->writes, 2);
	assert_int_equal(in->reads, 2);
	assert_int_equal(in->trims, 1);
	assert_int_equal(in->flushes, 1);
	assert_int_equal(in->write_bytes, 8192);
	assert_int_equal(in->read_bytes, 512 + 65536);
	assert_int_equal(in->trim_bytes, 1048576);
	assert_int_equal(in->bytes, 8192 + 512 + 65536 + 1048576);
	assert_int_equal(in->lba_min_bytes, 0);
	assert_int_equal(in->lba_end_bytes, 4096 * 512 + 1048576);
	assert_int_equal(in->span_bytes, 4096 * 512 + 1048576);
	assert_near(in->seconds, 2.5, 1e-9);
	assert_int_equal(in->t_first_ns, 1000000000);
	assert_int_equal(in->device, DEV);
	assert_int_equal(in->devices, 1);
	assert_int_equal(in->issued, 3);
	assert_int_equal(in->completed, 3);
	assert_int_equal(in->qd_max, 2);
	assert_int_equal(in->qd_hist[0], 2);    /* the write, then the first read */
	assert_int_equal(in->qd_hist[1], 1);    /* the second read: depth 2 */
	/* in flight from 1.2 to 3.0 s: 1 for 0.1 s, 2 for 0.5 s, 1 for 0.5 s */
	assert_near(in->qd_mean, (0.1 * 1 + 0.7 * 0 + 0.5 * 2 + 0.5 * 1) / 1.8, 1e-9);
	assert_int_equal(in->bs_hist[0], 1);    /* 512 B */
	assert_int_equal(in->bs_hist[3], 2);    /* 4 KiB */
	assert_int_equal(in->bs_hist[7], 1);    /* 64 KiB */
	assert_int_equal(in->bs_hist[11], 1);   /* 1 MiB */
}

static void test_sample(void **state)
{
	struct trace t;
	struct blkt_info in;
	struct diag d;

	(void)state;
	for (int swap = 0; swap < 2; swap++) {
		sample(&t, swap);
		diag_clear(&d);
		assert_int_equal(blkt_info_buf(t.b, t.n, "t", &in, &d), 0);
		check_sample(&in);
	}
}

/* The trace t as the file at path. */
static void write_trace(const char *path, const struct trace *t)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(t->b, 1, t->n, f), t->n);
	fclose(f);
}

static void test_file(void **state)
{
	char path[sizeof(testutil_dir) + 16];
	struct trace t;
	struct blkt_info in;
	struct diag d;

	(void)state;
	sample(&t, 0);
	snprintf(path, sizeof(path), "%s/t.bin", testutil_dir);
	write_trace(path, &t);
	diag_clear(&d);
	assert_int_equal(blkt_read_info(path, &in, &d), 0);
	check_sample(&in);
	snprintf(path, sizeof(path), "%s/none.bin", testutil_dir);
	assert_int_not_equal(blkt_read_info(path, &in, &d), 0);
	assert_string_equal(d.file, path);
}

struct kinds {
	int n[5];
	uint64_t last_pos;
};

static int count_kinds(void *arg, const struct blkt_event *e)
{
	struct kinds *k = arg;

	k->n[e->kind]++;
	k->last_pos = e->pos;
	return 0;
}

static void test_events(void **state)
{
	struct trace t;
	struct kinds k;
	struct diag d;

	(void)state;
	memset(&k, 0, sizeof(k));
	sample(&t, 0);
	diag_clear(&d);
	assert_int_equal(blkt_foreach_buf(t.b, t.n, "t", count_kinds, &k, &d), 0);
	assert_int_equal(k.n[BLKT_EV_QUEUE], 7);
	assert_int_equal(k.n[BLKT_EV_ISSUE], 3);
	assert_int_equal(k.n[BLKT_EV_COMPLETE], 3);
	assert_int_equal(k.n[BLKT_EV_OTHER], 1);
	assert_int_equal(k.n[BLKT_EV_NOTIFY], 1);
	assert_int_equal(k.last_pos, 48 + 8 + 13 * 48);   /* the payload counts */
}

/* The refusal of t as name, its message containing want. */
static void refused(const struct trace *t, const char *want)
{
	struct blkt_info in;
	struct diag d;

	diag_clear(&d);
	assert_int_equal(blkt_info_buf(t->b, t->n, "bad.bin", &in, &d), -SB_EPARSE);
	assert_string_equal(d.file, "bad.bin");
	if (!strstr(d.msg, want)) {
		print_error("'%s' lacks '%s'\n", d.msg, want);
		fail();
	}
}

static void test_bad(void **state)
{
	struct trace t;

	(void)state;
	memset(&t, 0, sizeof(t));
	refused(&t, "byte 0: empty file");
	rec(&t, MAGIC7, 1, 8, 4096, Q | WRITE, 0);
	t.n -= 20;
	refused(&t, "byte 0: truncated record (28 of 48 bytes)");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 1, 8, 4096, Q | WRITE, 0);
	rec(&t, 0x12345678u, 2, 8, 4096, Q | WRITE, 0);
	refused(&t, "byte 48: no blktrace record there (not a blktrace file)");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 1, 8, 4096, Q | WRITE, 0);
	rec(&t, 0x65617406u, 2, 8, 4096, Q | WRITE, 0);
	refused(&t, "byte 48: blktrace version 6, expected 7");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 1, 8, 4096, Q | WRITE, 0);
	rec(&t, MAGIC7, 2, 8, 4096, Q | WRITE, 30);
	t.n -= 10;
	refused(&t, "byte 96: truncated record payload (20 of 30 bytes)");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 1, 8, 4096, Q | WRITE, 0);
	rec(&t, MAGIC7, 2, UINT64_C(1) << 54, 4096, Q | WRITE, 0);
	refused(&t, "byte 48: request at sector 18014398509481984 of 4096 bytes ends past 2^63");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 2, (UINT64_C(1) << 54) - 1, 4096, Q | WRITE, 0);
	refused(&t, "byte 0: request at sector 18014398509481983 of 4096 bytes ends past 2^63");
	memset(&t, 0, sizeof(t));
	rec(&t, MAGIC7, 1, 0, 0, NOTIFY, 4);
	refused(&t, "byte 52: no queued I/O in 1 records");
}

static void test_buckets(void **state)
{
	(void)state;
	assert_int_equal(blkt_bs_bucket(0), 0);
	assert_int_equal(blkt_bs_bucket(512), 0);
	assert_int_equal(blkt_bs_bucket(513), 1);
	assert_int_equal(blkt_bs_bucket(4096), 3);
	assert_int_equal(blkt_bs_bucket(1048576), 11);
	assert_int_equal(blkt_bs_bucket(1048577), 12);
	assert_int_equal(blkt_bs_bucket_max(3), 4096);
	assert_int_equal(blkt_bs_bucket_max(12), 0);
	assert_int_equal(blkt_qd_bucket(1), 0);
	assert_int_equal(blkt_qd_bucket(3), 2);
	assert_int_equal(blkt_qd_bucket(128), 7);
	assert_int_equal(blkt_qd_bucket(129), 8);
	assert_int_equal(blkt_qd_bucket_max(7), 128);
	assert_int_equal(blkt_qd_bucket_max(8), 0);
	assert_string_equal(blkt_ddir_name(BLKT_TRIM), "trim");
}

/*
 * The replay trace: a capture (the other byte order) with a write that carries a
 * flush, a flush, a read, a trim, a zero-byte read, issues, completions and a note;
 * what blkt_write_replay() writes, record by record, worked out here: queue events
 * only, the flush a write carried first and the write without it, the zero-byte
 * read left out, offsets divided by the scale and aligned down to 4 KiB.
 */
static void replay_capture(struct trace *t)
{
	memset(t, 0, sizeof(*t));
	t->swap = 1;
	rec(t, MAGIC7, 1000000000, 0, 0, NOTIFY, 8);
	rec(t, MAGIC7, 1000000000, 100, 4096, Q | WRITE, 0);
	rec(t, MAGIC7, 1000000001, 100, 4096, D | WRITE, 0);
	rec(t, MAGIC7, 1100000000, 2000, 8192, Q | WRITE | FLUSH, 0);   /* an fsync's commit */
	rec(t, MAGIC7, 1150000000, 2000, 8192, C | WRITE | FLUSH, 0);
	rec(t, MAGIC7, 1200000000, 0, 0, Q | WRITE | FLUSH, 0);
	rec(t, MAGIC7, 1300000000, 9, 512, Q | READ, 0);
	rec(t, MAGIC7, 1400000000, 4096, 1048576, Q | WRITE | DISCARD, 0);
	rec(t, MAGIC7, 1500000000, 77, 0, Q | READ, 0);
}

/* Record i of the replay trace at path (native order): its fields against want. */
static void expect_rec(const unsigned char *b, size_t i, uint64_t ns, uint64_t sector,
		       uint32_t bytes, uint32_t action)
{
	uint32_t magic, seq, len, act, pid, dev;
	uint64_t t, sec;
	uint16_t pdu;

	b += i * 48;
	memcpy(&magic, b, 4);
	memcpy(&seq, b + 4, 4);
	memcpy(&t, b + 8, 8);
	memcpy(&sec, b + 16, 8);
	memcpy(&len, b + 24, 4);
	memcpy(&act, b + 28, 4);
	memcpy(&pid, b + 32, 4);
	memcpy(&dev, b + 36, 4);
	memcpy(&pdu, b + 46, 2);
	assert_int_equal(magic, MAGIC7);
	assert_int_equal(seq, i + 1);
	assert_int_equal(t, ns);
	assert_int_equal(sec, sector);
	assert_int_equal(len, bytes);
	assert_int_equal(act, action);
	assert_int_equal(pid, 42);
	assert_int_equal(dev, DEV);
	assert_int_equal(pdu, 0);
}

static void test_write_replay(void **state)
{
	char in_path[sizeof(testutil_dir) + 16], out_path[sizeof(testutil_dir) + 16];
	unsigned char out[1024];
	struct blkt_info cap, wrote;
	struct trace t;
	struct diag d;
	size_t n;
	FILE *f;

	(void)state;
	replay_capture(&t);
	snprintf(in_path, sizeof(in_path), "%s/cap.bin", testutil_dir);
	snprintf(out_path, sizeof(out_path), "%s/rep.bin", testutil_dir);
	write_trace(in_path, &t);
	diag_clear(&d);
	/* The capture: the write that carries a flush is a write with data. */
	assert_int_equal(blkt_read_info(in_path, &cap, &d), 0);
	assert_int_equal(cap.writes, 2);
	assert_int_equal(cap.write_bytes, 4096 + 8192);
	assert_int_equal(cap.reads, 1);
	assert_int_equal(cap.trims, 1);
	assert_int_equal(cap.ios, 4);
	assert_int_equal(cap.flushes, 1);
	assert_int_equal(cap.preflushes, 1);
	assert_int_equal(cap.preflush_bytes, 8192);
	for (int scale = 1; scale <= 3; scale += 2) {
		assert_int_equal(blkt_write_replay(in_path, out_path, (uint64_t)scale, &wrote, &d), 0);
		f = fopen(out_path, "rb");
		assert_non_null(f);
		n = fread(out, 1, sizeof(out), f);
		fclose(f);
		assert_int_equal(n, 6 * 48);
		/* sectors: 100, 2000, 9, 4096 as bytes / scale, down to 4 KiB (8 sectors) */
		expect_rec(out, 0, 1000000000, scale == 1 ? 100 : 51200 / 3 / 4096 * 8, 4096,
			   Q | WRITE);
		expect_rec(out, 1, 1100000000, 0, 0, Q | WRITE | FLUSH);
		expect_rec(out, 2, 1100000000, scale == 1 ? 2000 : 1024000 / 3 / 4096 * 8, 8192,
			   Q | WRITE);
		expect_rec(out, 3, 1200000000, 0, 0, Q | WRITE | FLUSH);
		expect_rec(out, 4, 1300000000, scale == 1 ? 9 : 0, 512, Q | READ);
		expect_rec(out, 5, 1400000000, scale == 1 ? 4096 : 2097152 / 3 / 4096 * 8,
			   1048576, Q | WRITE | DISCARD);
		/* read back: the capture's data I/O, its flushes and preflushes as flushes */
		assert_int_equal(wrote.writes, cap.writes);
		assert_int_equal(wrote.write_bytes, cap.write_bytes);
		assert_int_equal(wrote.reads, 1);
		assert_int_equal(wrote.trims, 1);
		assert_int_equal(wrote.flushes, 2);
		assert_int_equal(wrote.preflushes, 0);
	}
	assert_int_not_equal(blkt_write_replay(out_path, "/nonexistent/dir/r.bin", 1, NULL, &d), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample),
		cmocka_unit_test(test_file),
		cmocka_unit_test(test_events),
		cmocka_unit_test(test_bad),
		cmocka_unit_test(test_buckets),
		cmocka_unit_test(test_write_replay),
	};

	return cmocka_run_group_tests(tests, testutil_setup, testutil_teardown);
}
