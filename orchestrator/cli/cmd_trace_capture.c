/* SPDX-License-Identifier: MIT */
/*
 * cmd_trace_capture: `ssdbench trace capture`: its options, then a device's block I/O
 * recorded while a command runs or for N seconds (device/tracecap.c: the kernel's blk
 * tracer through tracefs), then the trace described in FILE.json. It only observes.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "blktrace.h"
#include "cli_int.h"
#include "clock.h"
#include "err.h"
#include "safefile.h"
#include "tracecap.h"
#include "units.h"
#include "xalloc.h"

json_t *cmd__trace_json(const struct blkt_info *in)
{
	json_t *o = json_object(), *bs = json_array(), *qd = json_array();
	uint64_t replay_flushes = in->flushes + in->preflushes, fio_ios = in->ios - in->preflushes;

	json_object_set_new(o, "ios", json_integer((json_int_t)in->ios));
	json_object_set_new(o, "reads", json_integer((json_int_t)in->reads));
	json_object_set_new(o, "writes", json_integer((json_int_t)in->writes));
	json_object_set_new(o, "trims", json_integer((json_int_t)in->trims));
	json_object_set_new(o, "flushes", json_integer((json_int_t)in->flushes));
	json_object_set_new(o, "preflushes", json_integer((json_int_t)in->preflushes));
	json_object_set_new(o, "preflush_bytes", json_integer((json_int_t)in->preflush_bytes));
	json_object_set_new(o, "replay_ios", json_integer((json_int_t)in->ios));
	json_object_set_new(o, "replay_flushes", json_integer((json_int_t)replay_flushes));
	json_object_set_new(o, "fio_capture_ios", json_integer((json_int_t)fio_ios));
	json_object_set_new(o, "bytes", json_integer((json_int_t)in->bytes));
	json_object_set_new(o, "read_bytes", json_integer((json_int_t)in->read_bytes));
	json_object_set_new(o, "write_bytes", json_integer((json_int_t)in->write_bytes));
	json_object_set_new(o, "trim_bytes", json_integer((json_int_t)in->trim_bytes));
	json_object_set_new(o, "lba_min_bytes", json_integer((json_int_t)in->lba_min_bytes));
	json_object_set_new(o, "lba_end_bytes", json_integer((json_int_t)in->lba_end_bytes));
	json_object_set_new(o, "span_bytes", json_integer((json_int_t)in->span_bytes));
	json_object_set_new(o, "seconds", json_real(in->seconds));
	json_object_set_new(o, "device", json_sprintf("%u:%u", in->device >> 20,
						      in->device & 0xfffffu));
	json_object_set_new(o, "devices", json_integer(in->devices));
	json_object_set_new(o, "records", json_integer((json_int_t)in->records));
	json_object_set_new(o, "issued", json_integer((json_int_t)in->issued));
	json_object_set_new(o, "completed", json_integer((json_int_t)in->completed));
	for (int i = 0; i < BLKT_BS_BUCKETS; i++) {
		json_t *b = json_object();
		uint64_t max = blkt_bs_bucket_max(i);

		json_object_set_new(b, "max_bytes", max ? json_integer((json_int_t)max)
							: json_null());
		json_object_set_new(b, "ios", json_integer((json_int_t)in->bs_hist[i]));
		json_array_append_new(bs, b);
	}
	for (int i = 0; i < BLKT_QD_BUCKETS; i++) {
		json_t *b = json_object();
		uint32_t max = blkt_qd_bucket_max(i);

		json_object_set_new(b, "max_depth", max ? json_integer(max) : json_null());
		json_object_set_new(b, "issues", json_integer((json_int_t)in->qd_hist[i]));
		json_array_append_new(qd, b);
	}
	json_object_set_new(o, "block_sizes", bs);
	json_object_set_new(o, "qd_max", json_integer(in->qd_max));
	json_object_set_new(o, "qd_mean", json_real(in->qd_mean));
	json_object_set_new(o, "queue_depths", qd);
	return o;
}

/* FILE.json: the trace's description, the command, the kernel, the date. */
static int write_json(const struct tracecap_req *rq, const struct tracecap_result *res,
		      const struct blkt_info *in, struct diag *d)
{
	json_t *o = cmd__trace_json(in), *cmd = json_array();
	struct utsname u;
	char date[CLOCK_ISO_SIZE], *text, *path = xasprintf("%s.json", rq->out);
	time_t t = time(NULL);
	int rc;

	for (size_t i = 0; i < rq->ncmd; i++)
		json_array_append_new(cmd, json_string(rq->cmd[i]));
	clock_iso8601((int64_t)t, date, sizeof(date));
	uname(&u);
	json_object_set_new(o, "device_path", json_string(rq->dev));
	json_object_set_new(o, "command", cmd);
	if (!rq->ncmd)
		json_object_set_new(o, "capture_seconds", json_integer(rq->seconds));
	else
		json_object_set_new(o, "command_status", json_integer(res->status));
	json_object_set_new(o, "kernel", json_string(u.release));
	json_object_set_new(o, "date", json_string(date));
	json_object_set_new(o, "lost_events", json_integer((json_int_t)res->lost));
	json_object_set_new(o, "tracer", json_string("tracefs blk (binary blk_io_trace v7)"));
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	rc = safefile_write(path, text, strlen(text), d);
	if (!rc)
		printf("trace: %s and %s\n", rq->out, path);
	free(text);
	free(path);
	json_decref(o);
	return rc;
}

/* Describes the trace capture wrote (FILE.json and a summary); an empty one is removed. */
static int describe(const struct tracecap_req *rq, const struct tracecap_result *res,
		    struct diag *d)
{
	struct blkt_info in;
	int rc;

	if (blkt_read_info(rq->out, &in, d)) {
		fprintf(stderr, "trace: nothing to keep, %s removed: did the I/O reach %s? (drop "
			"the page cache before, sync inside the command)\n", rq->out, rq->dev);
		unlink(rq->out);
		return -SB_EIO;   /* the capture failed, not its arguments */
	}
	rc = write_json(rq, res, &in, d);
	if (!rc)
		printf("trace: %llu I/Os (%llu reads, %llu writes), %.3f s\n",
		       (unsigned long long)in.ios, (unsigned long long)in.reads,
		       (unsigned long long)in.writes, in.seconds);
	return rc;
}

int cmd__trace_capture(const struct cli_cmd *cmd, const struct cli_parsed *p)
{
	struct tracecap_req rq = { 0 };
	struct tracecap_result res = { .status = -1 };
	const char *secs = cli__value(cmd, p, "seconds");
	const char *why = NULL;
	struct diag d;
	int rc;

	if (p->nargs < 2)
		return cli__usage(cmd, "'trace capture' takes DEVICE -o FILE and --seconds N "
				  "or -- COMMAND");
	rq.dev = p->args[1];
	rq.out = cli__value(cmd, p, "output");
	rq.cmd = p->args + 2;
	rq.ncmd = p->nargs - 2;
	if (!rq.out)
		return cli__usage(cmd, "'trace capture' needs -o FILE");
	if (!secs == !rq.ncmd)
		return cli__usage(cmd, "'trace capture' takes either --seconds N or -- COMMAND");
	if (secs && units_parse_int(secs, 1, 86400, &rq.seconds, &why))
		return cli__usage(cmd, "invalid --seconds '%s' (%s)", secs, why ? why : "1 to 86400");
	if (geteuid() != 0) {
		fprintf(stderr, "error: trace capture needs root (the kernel's block tracer)\n");
		return 1;
	}
	diag_clear(&d);
	rc = tracecap_device(rq.dev, &rq.rdev, &d);
	if (!rc)
		rc = tracecap_run(&rq, &res, &d);
	if (!rc)
		rc = describe(&rq, &res, &d);
	if (!rc && rq.ncmd && res.status != 0) {
		fprintf(stderr, "trace: warning: '%s' exited with status %d (the trace is kept)\n",
			rq.cmd[0], res.status);
		return 1;
	}
	return cli__finish(rc, &d);
}
