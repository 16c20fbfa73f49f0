/* SPDX-License-Identifier: MIT */
/*
 * html_report: a run's report as an HTML article bundle (html.c), from the
 * report being rendered (struct report, its charts already built): the cover's
 * facts, the step table, then every chart (a figure of its 700 px PNG, @2x and SVG)
 * and table (an HTML table) in the template's order, in the report's language.
 * Called by report.c; calls doc_html.c (its facts and step table as the head),
 * html.c and report_ctx.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "report_int.h"
#include "version.h"
#include "wording.h"

void report__html_head(void *arg, struct html *h)
{
	struct report *r = arg;
	const struct result_run *run = r->run;
	const char *const *m = r->msg;
	char cap[64] = "";
	char *target = report__target_text(r);
	struct wording w = report__wording(r);
	const char *facts[] = {
		m[M_PLAN], report__plan_title(r),
		"SHA-256", run->plan_sha256,
		m[M_X_TARGET], target,
		m[M_DRIVE], run->drive_model,
		m[M_X_FIRMWARE], run->drive_firmware,
		m[M_X_SERIAL], run->drive_serial,
		m[M_X_CAPACITY], cap,
		m[M_STARTED], run->started,
		m[M_ENDED], run->ended,
		m[M_STATUS], wording_status(run->status, &w),
		m[M_HOST], run->hostname,
		m[M_CPU], run->cpu,
		m[M_KERNEL], run->kernel,
		"fio", run->fio_version,
		m[W_IOENGINE], run->ioengine,
		"ssdbench", msg_or(run->ssdbench_version, SSDBENCH_VERSION),
	};

	if (run->capacity)
		report__capacity_text(r, cap, sizeof(cap));
	html_heading(h, 2, m[M_H_FACTS]);
	html_facts(h, facts, sizeof(facts) / sizeof(facts[0]) / 2);
	free(target);
	{   /* the cover's header, as the PDF has it */
		char **kv;
		size_t n = report__header_rows(r, &kv);

		html_heading(h, 2, m[M_HDR_TITLE]);
		html_facts(h, (const char *const *)kv, n);
		report__header_free(kv, n);
	}
	if (r->steps)
		html_table(h, r->steps);
	html_heading(h, 2, m[M_H_CHARTS]);
}
