/* SPDX-License-Identifier: MIT */
/* blktrace: blktrace's binary records read in either byte order, checked, summarised, and written out for fio's replay. */
#include "blktrace.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "safefile.h"
#include "sbuf.h"

/* The record layout (include/uapi/linux/blktrace_api.h): 48 bytes, then pdu_len. */
#define REC_SIZE 48
#define TRACE_MAGIC 0x65617400u
#define TRACE_VERSION 7u
/* Category bits, above the 16-bit action. */
#define TC_WRITE (1u << 1)
#define TC_FLUSH (1u << 2)
#define TC_NOTIFY (1u << 10)
#define TC_DISCARD (1u << 13)
#define TC_ACT(bits) ((bits) << 16)
/* Actions. */
#define TA_QUEUE 1u
#define TA_ISSUE 7u
#define TA_COMPLETE 8u
/* No request ends past this many bytes (an LBA beyond any device). */
#define MAX_END (UINT64_C(1) << 63)

/* A byte source: a file read in blocks, or a buffer. */
struct src {
	int fd;                 /* -1 for a buffer */
	const unsigned char *mem;
	size_t mem_len, mem_pos;
	unsigned char blk[65536];
	size_t blk_len, blk_pos;
	uint64_t pos;           /* bytes consumed so far */
	const char *name;
};

/* Copies up to n bytes into dst; returns how many (fewer only at the end) or < 0. */
static long src_read(struct src *s, unsigned char *dst, size_t n, struct diag *d)
{
	size_t got = 0;

	while (got < n) {
		size_t k;

		if (s->fd < 0) {
			k = s->mem_len - s->mem_pos;
			if (k == 0)
				break;
			if (k > n - got)
				k = n - got;
			if (dst)
				memcpy(dst + got, s->mem + s->mem_pos, k);
			s->mem_pos += k;
		} else {
			if (s->blk_pos == s->blk_len) {
				ssize_t r = read(s->fd, s->blk, sizeof(s->blk));

				if (r < 0 && errno == EINTR)
					continue;
				if (r < 0)
					return diag_set(d, -SB_EIO, s->name, 0, 0,
							"byte %" PRIu64 ": cannot read: %s",
							s->pos + got, strerror(errno));
				if (r == 0)
					break;
				s->blk_len = (size_t)r;
				s->blk_pos = 0;
			}
			k = s->blk_len - s->blk_pos;
			if (k > n - got)
				k = n - got;
			if (dst)
				memcpy(dst + got, s->blk + s->blk_pos, k);
			s->blk_pos += k;
		}
		got += k;
	}
	s->pos += got;
	return (long)got;
}

static uint32_t get32(const unsigned char *p, int swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

static uint64_t get64(const unsigned char *p, int swap)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return swap ? __builtin_bswap64(v) : v;
}

static uint16_t get16(const unsigned char *p, int swap)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return swap ? __builtin_bswap16(v) : v;
}

/*
 * A discard first, then a flush without data, then a write or read (fio's
 * blktrace.c order, except that fio takes a request with data and a flush for a
 * flush alone: here it is the request, with preflush set).
 */
static void classify(struct blkt_event *e)
{
	uint32_t a = e->action & 0xffff;

	if (e->action & TC_ACT(TC_NOTIFY))
		e->kind = BLKT_EV_NOTIFY;
	else if (a == TA_QUEUE)
		e->kind = BLKT_EV_QUEUE;
	else if (a == TA_ISSUE)
		e->kind = BLKT_EV_ISSUE;
	else if (a == TA_COMPLETE)
		e->kind = BLKT_EV_COMPLETE;
	else
		e->kind = BLKT_EV_OTHER;
	e->preflush = 0;
	if (e->action & TC_ACT(TC_DISCARD)) {
		e->ddir = BLKT_TRIM;
	} else if ((e->action & TC_ACT(TC_FLUSH)) && !e->len) {
		e->ddir = BLKT_FLUSH;
	} else {
		e->ddir = e->action & TC_ACT(TC_WRITE) ? BLKT_WRITE : BLKT_READ;
		e->preflush = (e->action & TC_ACT(TC_FLUSH)) != 0;
	}
}

/* Decodes one record at byte pos (its magic already decides the byte order). */
static int decode(const unsigned char *r, int swap, uint64_t pos, const char *name,
		  struct blkt_event *e, uint16_t *pdu_len, struct diag *d)
{
	uint32_t magic = get32(r, swap);
	uint64_t sector;

	memset(e, 0, sizeof(*e));
	*pdu_len = 0;
	/* The bytes found are not quoted: the file may be anyone's (a trace named
	 * /etc/shadow must not print its first bytes). */
	if ((magic & 0xffffff00u) != TRACE_MAGIC)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"byte %" PRIu64 ": no blktrace record there (not a blktrace file)",
				pos);
	if ((magic & 0xffu) != TRACE_VERSION)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"byte %" PRIu64 ": blktrace version %" PRIu32 ", expected %u",
				pos, magic & 0xffu, TRACE_VERSION);
	e->pos = pos;
	e->time_ns = get64(r + 8, swap);
	sector = get64(r + 16, swap);
	e->len = get32(r + 24, swap);
	e->action = get32(r + 28, swap);
	e->pid = get32(r + 32, swap);
	e->device = get32(r + 36, swap);
	*pdu_len = get16(r + 46, swap);
	classify(e);
	if (e->kind == BLKT_EV_NOTIFY)
		return 0;
	if (sector >= MAX_END / 512 || sector * 512 + e->len > MAX_END)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"byte %" PRIu64 ": request at sector %" PRIu64 " of %" PRIu32
				" bytes ends past 2^63 bytes", pos, sector, e->len);
	e->offset = sector * 512;
	return 0;
}

static int run(struct src *s, blkt_event_fn fn, void *arg, struct diag *d)
{
	unsigned char rec[REC_SIZE];
	int swap = 0;

	for (;;) {
		struct blkt_event e;
		uint64_t pos = s->pos;
		uint16_t pdu_len = 0;
		long got = src_read(s, rec, REC_SIZE, d);
		int rc;

		if (got < 0)
			return (int)got;
		if (got == 0 && pos == 0)
			return diag_set(d, -SB_EPARSE, s->name, 0, 0,
					"byte 0: empty file (no blktrace records)");
		if (got == 0)
			return 0;
		if (got < REC_SIZE)
			return diag_set(d, -SB_EPARSE, s->name, 0, 0,
					"byte %" PRIu64 ": truncated record (%ld of %d bytes)",
					pos, got, REC_SIZE);
		if (pos == 0)
			swap = (get32(rec, 0) & 0xffffff00u) != TRACE_MAGIC &&
			       (get32(rec, 1) & 0xffffff00u) == TRACE_MAGIC;
		rc = decode(rec, swap, pos, s->name, &e, &pdu_len, d);
		if (rc)
			return rc;
		got = src_read(s, NULL, pdu_len, d);
		if (got < 0)
			return (int)got;
		if (got < pdu_len)
			return diag_set(d, -SB_EPARSE, s->name, 0, 0,
					"byte %" PRIu64 ": truncated record payload (%ld of %u bytes)",
					pos + REC_SIZE, got, (unsigned)pdu_len);
		if (fn && (rc = fn(arg, &e)) != 0)
			return rc;
	}
}

int blkt_foreach_buf(const void *buf, size_t len, const char *name, blkt_event_fn fn,
		     void *arg, struct diag *d)
{
	struct src *s = &(struct src){ .fd = -1 };

	s->mem = buf;
	s->mem_len = len;
	s->name = name;
	return run(s, fn, arg, d);
}

int blkt_foreach(const char *path, blkt_event_fn fn, void *arg, struct diag *d)
{
	struct src *s;
	int fd = safefile_open_path(path, 1, d);
	int rc;

	if (fd < 0)
		return fd;
	s = &(struct src){ .fd = fd };
	s->name = path;
	rc = run(s, fn, arg, d);
	close(fd);
	return rc;
}

/* The running state of a summary. */
struct acc {
	struct blkt_info *out;
	int have_io, have_dc;
	uint64_t t_first, t_last;      /* events with I/O */
	uint64_t dc_first, dc_last;    /* D and C events, for the depth's time weight */
	uint32_t devs[2];
	uint32_t depth;
	double depth_area;             /* depth × ns */
};

static void note_device(struct acc *a, uint32_t dev)
{
	struct blkt_info *o = a->out;

	if (o->devices == 0) {
		o->device = dev;
		a->devs[0] = dev;
		o->devices = 1;
	} else if (o->devices == 1 && dev != a->devs[0]) {
		a->devs[1] = dev;
		o->devices = 2;
	} else if (o->devices == 2 && dev != a->devs[0] && dev != a->devs[1]) {
		o->devices = 3;
	}
}

/* A queue event with or without data. */
static void count_queue(struct acc *a, const struct blkt_event *e)
{
	struct blkt_info *o = a->out;
	uint64_t end = e->offset + e->len;

	if (e->ddir == BLKT_FLUSH) {
		o->flushes++;
		note_device(a, e->device);
		return;
	}
	if (e->len == 0)        /* fio ignores a zero-byte read or write */
		if (e->ddir != BLKT_TRIM)
			return;
	note_device(a, e->device);
	o->ios++;
	o->bytes += e->len;
	if (e->preflush) {
		o->preflushes++;
		o->preflush_bytes += e->len;
	}
	if (e->ddir == BLKT_TRIM) {
		o->trims++;
		o->trim_bytes += e->len;
	} else if (e->ddir == BLKT_WRITE) {
		o->writes++;
		o->write_bytes += e->len;
	} else {
		o->reads++;
		o->read_bytes += e->len;
	}
	if (o->ios == 1 || e->offset < o->lba_min_bytes)
		o->lba_min_bytes = e->offset;
	if (end > o->lba_end_bytes)
		o->lba_end_bytes = end;
	o->bs_hist[blkt_bs_bucket(e->len)]++;
}

static void count_depth(struct acc *a, const struct blkt_event *e)
{
	struct blkt_info *o = a->out;

	if (!a->have_dc) {
		a->have_dc = 1;
		a->dc_first = a->dc_last = e->time_ns;
	}
	if (e->time_ns > a->dc_last) {
		a->depth_area += (double)a->depth * (double)(e->time_ns - a->dc_last);
		a->dc_last = e->time_ns;
	}
	if (e->kind == BLKT_EV_ISSUE) {
		o->issued++;
		a->depth++;
		if (a->depth > o->qd_max)
			o->qd_max = a->depth;
		o->qd_hist[blkt_qd_bucket(a->depth)]++;
	} else {
		o->completed++;
		if (a->depth > 0) /* a request issued before the trace began */
			a->depth--;
	}
}

static int on_event(void *arg, const struct blkt_event *e)
{
	struct acc *a = arg;

	a->out->records++;
	if (e->kind == BLKT_EV_NOTIFY)
		return 0;
	if (!a->have_io || e->time_ns < a->t_first)
		a->t_first = e->time_ns;
	if (!a->have_io || e->time_ns > a->t_last)
		a->t_last = e->time_ns;
	a->have_io = 1;
	if (e->kind == BLKT_EV_QUEUE)
		count_queue(a, e);
	else if (e->kind == BLKT_EV_ISSUE || e->kind == BLKT_EV_COMPLETE)
		count_depth(a, e);
	return 0;
}

static int finish(struct acc *a, int rc, const char *name, uint64_t size, struct diag *d)
{
	struct blkt_info *o = a->out;

	if (rc)
		return rc;
	if (o->ios == 0 && o->flushes == 0)
		return diag_set(d, -SB_EPARSE, name, 0, 0,
				"byte %" PRIu64 ": no queued I/O in %" PRIu64
				" records (nothing to replay)", size, o->records);
	o->span_bytes = o->lba_end_bytes - o->lba_min_bytes;
	o->seconds = (double)(a->t_last - a->t_first) / 1e9;
	o->t_first_ns = a->t_first;
	if (a->have_dc && a->dc_last > a->dc_first)
		o->qd_mean = a->depth_area / (double)(a->dc_last - a->dc_first);
	return 0;
}

int blkt_info_buf(const void *buf, size_t len, const char *name, struct blkt_info *out,
		  struct diag *d)
{
	struct acc a = { .out = out };

	memset(out, 0, sizeof(*out));
	return finish(&a, blkt_foreach_buf(buf, len, name, on_event, &a, d), name, len, d);
}

int blkt_read_info(const char *path, struct blkt_info *out, struct diag *d)
{
	struct acc a = { .out = out };
	int fd = safefile_open_path(path, 1, d);
	struct src *s;
	int rc;

	memset(out, 0, sizeof(*out));
	if (fd < 0)
		return fd;
	s = &(struct src){ .fd = fd };
	s->name = path;
	rc = run(s, on_event, &a, d);
	close(fd);
	return finish(&a, rc, path, s->pos, d);
}

uint64_t blkt_bs_bucket_max(int i)
{
	return i >= BLKT_BS_BUCKETS - 1 ? 0 : UINT64_C(512) << i;
}

int blkt_bs_bucket(uint64_t len)
{
	int i = 0;

	while (i < BLKT_BS_BUCKETS - 1 && len > (UINT64_C(512) << i))
		i++;
	return i;
}

uint32_t blkt_qd_bucket_max(int i)
{
	return i >= BLKT_QD_BUCKETS - 1 ? 0 : 1u << i;
}

int blkt_qd_bucket(uint32_t qd)
{
	int i = 0;

	while (i < BLKT_QD_BUCKETS - 1 && qd > (1u << i))
		i++;
	return i;
}

const char *blkt_ddir_name(enum blkt_ddir dd)
{
	static const char *const names[BLKT_NDDIR] = { "read", "write", "trim", "flush" };

	return (unsigned)dd < BLKT_NDDIR ? names[dd] : "?";
}

/* The replay trace being written: its records in memory, the offsets' divisor. */
struct replay_out {
	struct sbuf sb;
	uint64_t scale;
	uint32_t seq;
};

/* One queue record: action, bytes at offset (a multiple of 512), the event's time. */
static void put_record(struct replay_out *r, const struct blkt_event *e, uint32_t action,
		       uint64_t offset, uint32_t len)
{
	unsigned char rec[REC_SIZE] = { 0 };
	uint32_t magic = TRACE_MAGIC | TRACE_VERSION, seq = ++r->seq;
	uint64_t sector = offset / 512;

	memcpy(rec, &magic, 4);
	memcpy(rec + 4, &seq, 4);
	memcpy(rec + 8, &e->time_ns, 8);
	memcpy(rec + 16, &sector, 8);
	memcpy(rec + 24, &len, 4);
	memcpy(rec + 28, &action, 4);
	memcpy(rec + 32, &e->pid, 4);
	memcpy(rec + 36, &e->device, 4);
	sbuf_add(&r->sb, rec, sizeof(rec));     /* cpu, error and pdu_len 0 */
}

static int replay_event(void *arg, const struct blkt_event *e)
{
	struct replay_out *r = arg;
	uint64_t off = e->offset;

	if (e->kind != BLKT_EV_QUEUE)
		return 0;
	if (e->ddir == BLKT_FLUSH) {
		put_record(r, e, e->action, 0, 0);
		return 0;
	}
	if (!e->len && e->ddir != BLKT_TRIM)    /* no data: fio skips it */
		return 0;
	if (r->scale > 1)
		off = off / r->scale / 4096 * 4096;
	if (e->preflush)                        /* the flush the request carried, first */
		put_record(r, e, TA_QUEUE | TC_ACT(TC_FLUSH | TC_WRITE), 0, 0);
	put_record(r, e, e->action & ~TC_ACT(TC_FLUSH), off, e->len);
	return 0;
}

int blkt_write_replay(const char *in, const char *out, uint64_t scale,
		      struct blkt_info *wrote, struct diag *d)
{
	struct replay_out r = { .scale = scale };
	int rc;

	sbuf_init(&r.sb);
	rc = blkt_foreach(in, replay_event, &r, d);
	if (!rc)
		rc = safefile_write(out, r.sb.buf, r.sb.len, d);
	if (!rc && wrote)
		rc = blkt_info_buf(r.sb.buf, r.sb.len, out, wrote, d);
	sbuf_release(&r.sb);
	return rc;
}
