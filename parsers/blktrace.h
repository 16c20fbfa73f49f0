/* SPDX-License-Identifier: MIT */
/*
 * blktrace: reads blktrace's binary traces (records of struct blk_io_trace, as the
 * kernel's include/uapi/linux/blktrace_api.h lays them out) into events and into a
 * summary of the I/O they capture, and writes the trace fio replays faithfully.
 *
 * fio's blktrace.c takes a queue event that carries a flush for a flush only: a
 * write with a preflush (an fsync's commit, a journal's) loses its data. A capture
 * counts such a write as a write (blkt_event.preflush), and blkt_write_replay()
 * writes it as a flush followed by the write, which fio replays both of.
 */
#ifndef SB_BLKTRACE_H
#define SB_BLKTRACE_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* What a request does: a trim (discard), a flush without data, a write, a read. */
enum blkt_ddir { BLKT_READ, BLKT_WRITE, BLKT_TRIM, BLKT_FLUSH, BLKT_NDDIR };

/* The event kinds the summary uses; everything else is BLKT_EV_OTHER. */
enum blkt_kind {
	BLKT_EV_QUEUE,    /* Q: a request entered the block layer (what fio replays) */
	BLKT_EV_ISSUE,    /* D: issued to the driver */
	BLKT_EV_COMPLETE, /* C: completed */
	BLKT_EV_OTHER,    /* merges, plugs, splits, remaps, ... */
	BLKT_EV_NOTIFY    /* process names, timestamps, messages: no I/O */
};

/* One record of the trace. */
struct blkt_event {
	uint64_t pos;           /* byte offset of the record in the file */
	uint64_t time_ns;       /* as recorded (ns since the trace started) */
	uint64_t offset;        /* bytes (sector × 512) */
	uint32_t len;           /* bytes */
	uint32_t action;        /* raw: category bits << 16 | action */
	uint32_t device;        /* dev_t as the kernel records it (major << 20 | minor) */
	uint32_t pid;
	enum blkt_kind kind;
	enum blkt_ddir ddir;
	int preflush;           /* a write (or read) with data that carries a flush */
};

/*
 * Block sizes in power-of-two buckets: bucket i holds sizes in (512 << (i-1),
 * 512 << i], bucket 0 sizes up to 512 B, the last one everything above 1 MiB.
 */
#define BLKT_BS_BUCKETS 13
/* Queue depths: bucket 0 is depth 1, bucket i holds (2^(i-1), 2^i], the last > 128. */
#define BLKT_QD_BUCKETS 9

/* What a trace holds, over its queue (Q) events: the requests captured. */
struct blkt_info {
	uint64_t ios, reads, writes, trims;     /* requests with data (a trim counts always) */
	uint64_t flushes;                       /* flush requests without data */
	/* Requests with data that carry a flush (counted in ios, writes, bytes too):
	 * the replay issues a flush before each, so it replays flushes + preflushes
	 * flushes; fio reading the capture itself would drop their data. */
	uint64_t preflushes, preflush_bytes;
	uint64_t bytes, read_bytes, write_bytes, trim_bytes;
	uint64_t lba_min_bytes, lba_end_bytes;  /* lowest offset, highest offset+len */
	uint64_t span_bytes;                    /* lba_end - lba_min */
	double seconds;                         /* first to last event with I/O */
	uint64_t t_first_ns;                    /* that first event's time, as recorded */
	uint32_t device;                        /* dev_t of the first queue event */
	uint32_t devices;                       /* distinct devices among queue events (1, 2, 3+ as 3) */
	uint64_t records;                       /* all records, any kind */
	uint64_t issued, completed;             /* D and C events */
	uint64_t bs_hist[BLKT_BS_BUCKETS];      /* queue events with data, by size */
	/* In flight: D events less C events (one file's view: in a per-CPU file,
	 * completions on other CPUs are missing, so read a merged trace). Each D
	 * event counts into the bucket of the depth it makes. */
	uint64_t qd_hist[BLKT_QD_BUCKETS];
	uint32_t qd_max;
	double qd_mean;                         /* time-weighted, first to last D/C event */
};

/* Called for each record in file order; a non-zero return stops the read with it. */
typedef int (*blkt_event_fn)(void *arg, const struct blkt_event *e);

/*
 * Reads a blktrace binary file (a per-CPU file such as NAME.blktrace.0, or one
 * merged with blkparse -d), either byte order. Errors name the file and the byte
 * offset: "FILE: byte 96: bad magic 0x12345678 (not a blktrace file)", a truncated
 * record or payload, another version than 7, an empty file, a request ending past
 * 2^63 bytes.
 */
int blkt_foreach(const char *path, blkt_event_fn fn, void *arg, struct diag *d);
/* The same over len bytes in memory; name is the file named in errors. */
int blkt_foreach_buf(const void *buf, size_t len, const char *name, blkt_event_fn fn,
		     void *arg, struct diag *d);

/*
 * Summarises the trace at path into out; a trace without one queue event with
 * I/O is an error too (nothing to replay).
 */
int blkt_read_info(const char *path, struct blkt_info *out, struct diag *d);
/* The same over len bytes in memory. */
int blkt_info_buf(const void *buf, size_t len, const char *name, struct blkt_info *out,
		  struct diag *d);

/*
 * Writes to out the trace fio replays (read_iolog): the queue events of the
 * trace at in, every request with data as captured, a request carrying a flush as
 * a flush then the request, the other records (issues, completions, merges,
 * notes) left out since fio replays queue events only. scale > 1 divides every
 * offset by it, aligned down to 4 KiB (a trace fitted onto a smaller target),
 * lengths kept. Native byte order, the records' times kept. *wrote, when not NULL,
 * gets the summary of what was written (read back from out). 0 or < 0 with d set.
 */
int blkt_write_replay(const char *in, const char *out, uint64_t scale,
		      struct blkt_info *wrote, struct diag *d);

/* The upper bound in bytes of block-size bucket i; 0 for the last (open) one. */
uint64_t blkt_bs_bucket_max(int i);
/* The bucket of a request of len bytes. */
int blkt_bs_bucket(uint64_t len);
/* The highest depth of queue-depth bucket i; 0 for the last (open) one. */
uint32_t blkt_qd_bucket_max(int i);
/* The bucket of depth qd (>= 1). */
int blkt_qd_bucket(uint32_t qd);
/* "read", "write", "trim", "flush". */
const char *blkt_ddir_name(enum blkt_ddir dd);

#endif
