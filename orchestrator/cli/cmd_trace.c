/* SPDX-License-Identifier: MIT */
/* cmd_trace: `ssdbench trace capture|info|plot`: block traces recorded, described and charted. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blktrace.h"
#include "cli_int.h"
#include "err.h"
#include "trace_plot.h"
#include "units.h"

const struct cli_opt cmd_trace_opts[] = {
	{ "output", 'o', "FILE", 0, "capture: the binary trace to write (FILE.json beside "
	  "it); plot: FILE.svg, FILE.pdf or FILE.png" },
	{ "seconds", 's', "N", 0, "capture: record for N seconds instead of running a "
	  "command (after --)" },
	{ "json", 'j', NULL, 0, "info: print the description as JSON" },
	CLI_OPTS_DOC(LANG_DEFAULT_TAG, "1970, so re-renders are byte-identical"),
	CLI_OPTS_END,
};

static void print_info(const char *path, const struct blkt_info *in)
{
	char b[32], span[32], lo[32], hi[32];
	uint64_t replay_flushes = in->flushes + in->preflushes, fio_ios = in->ios - in->preflushes;

	units_format_size(in->bytes, b, sizeof(b));
	units_format_size(in->span_bytes, span, sizeof(span));
	units_format_size(in->lba_min_bytes, lo, sizeof(lo));
	units_format_size(in->lba_end_bytes, hi, sizeof(hi));
	printf("trace:    %s (device %u:%u%s)\n", path, in->device >> 20,
	       in->device & 0xfffffu, in->devices > 1 ? ", and others" : "");
	printf("ios:      %llu captured (reads %llu, writes %llu, trims %llu; flushes %llu)\n",
	       (unsigned long long)in->ios, (unsigned long long)in->reads,
	       (unsigned long long)in->writes, (unsigned long long)in->trims,
	       (unsigned long long)in->flushes);
	printf("preflush: %llu requests carry a flush (%llu bytes)\n",
	       (unsigned long long)in->preflushes, (unsigned long long)in->preflush_bytes);
	printf("replayed: %llu requests, %llu flushes (each request carrying a flush replayed "
	       "as a flush, then the request; fio reading the capture itself would replay "
	       "%llu requests: it drops the data of those)\n", (unsigned long long)in->ios,
	       (unsigned long long)replay_flushes, (unsigned long long)fio_ios);
	printf("bytes:    %llu (%s)\n", (unsigned long long)in->bytes, b);
	printf("span:     %llu bytes (%s, from %s to %s)\n",
	       (unsigned long long)in->span_bytes, span, lo, hi);
	printf("seconds:  %.3f\n", in->seconds);
	printf("qd:       max %u, mean %.2f (%llu issued)\n", in->qd_max, in->qd_mean,
	       (unsigned long long)in->issued);
	printf("sizes:   ");
	for (int i = 0; i < BLKT_BS_BUCKETS; i++) {
		if (!in->bs_hist[i])
			continue;
		if (blkt_bs_bucket_max(i))
			units_format_size(blkt_bs_bucket_max(i), b, sizeof(b));
		printf(" %s%s %llu", blkt_bs_bucket_max(i) ? "<=" : ">", blkt_bs_bucket_max(i) ?
		       b : "1MiB", (unsigned long long)in->bs_hist[i]);
	}
	printf("\n");
}

static int trace_info(const struct cli_cmd *c, const struct cli_parsed *p)
{
	struct blkt_info in;
	struct diag d;
	int rc;

	if (p->nargs != 2)
		return cli__usage(c, "'trace info' takes one FILE");
	diag_clear(&d);
	rc = blkt_read_info(p->args[1], &in, &d);
	if (!rc && cli__value(c, p, "json")) {
		json_t *o = cmd__trace_json(&in);

		json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		printf("\n");
		json_decref(o);
	} else if (!rc) {
		print_info(p->args[1], &in);
	}
	return cli__finish(rc, &d);
}

static int trace_plot(const struct cli_cmd *c, const struct cli_parsed *p)
{
	struct doc_out o;
	struct diag d;
	int ex, rc;

	if (p->nargs != 2)
		return cli__usage(c, "'trace plot' takes one FILE");
	if ((ex = cli__doc_out(c, p, DOC_ONE, "trace.svg", &o)) >= 0)
		return ex;
	diag_clear(&d);
	rc = trace_plot_draw(&o, p->args[1], stdout, &d);
	return cli__finish(rc, &d);
}

/* Which sub-command each option belongs to; the rest (CLI_OPTS_DOC) are plot's. */
static const struct {
	const char *opt, *sub;
} opt_subs[] = {
	{ "output", "capture plot" }, { "seconds", "capture" }, { "json", "info" },
};

/* The sub-command the option at opts[i] belongs to. */
static const char *opt_sub(const struct cli_cmd *c, size_t i)
{
	for (size_t k = 0; k < sizeof(opt_subs) / sizeof(opt_subs[0]); k++)
		if (!strcmp(opt_subs[k].opt, c->opts[i].name))
			return opt_subs[k].sub;
	return "plot";
}

int cmd_trace(const struct cli_cmd *c, int argc, char **argv)
{
	struct cli_parsed p;
	int ex = cli__parse(c, argc, argv, &p);

	if (ex >= 0)
		return ex;
	for (size_t i = 0; c->opts[i].name; i++)
		if (p.value[i] && strcmp(c->opts[i].name, "help") &&
		    !strstr(opt_sub(c, i), p.args[0]))
			return cli__usage(c, "--%s is for 'trace %s', not 'trace %s'",
					  c->opts[i].name, opt_sub(c, i), p.args[0]);
	if (!strcmp(p.args[0], "capture"))
		return cmd__trace_capture(c, &p);
	if (!strcmp(p.args[0], "info"))
		return trace_info(c, &p);
	if (!strcmp(p.args[0], "plot"))
		return trace_plot(c, &p);
	return cli__usage(c, "unknown 'trace %s' (capture, info or plot)", p.args[0]);
}
