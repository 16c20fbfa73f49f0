/* SPDX-License-Identifier: MIT */
/*
 * html_report: a run's report as an HTML article bundle (html.c), from the
 * report being rendered (struct report, its charts already built): the cover's
 * facts, the step table, then every chart (a figure of its 700 px PNG, @2x and SVG)
 * and table (an HTML table) in the template's order, in the report's language.
 * Called by report.c; calls html.c and report_ctx.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "report_int.h"
#include "version.h"

int report__write_html(struct report *r, const char *dir, const struct table *steps,
		       struct diag *d)
{
	const struct result_run *run = r->run;
	const char *const *m = r->msg;
	const struct html_words w = { m[M_H_ALT], m[M_H_SVG] };
	char cap[32] = "";
	const char *facts[] = {
		m[M_PLAN], run->plan_name,
		"SHA-256", run->plan_sha256,
		m[M_X_TARGET], run->target,
		m[M_DRIVE], run->drive_model,
		m[M_X_FIRMWARE], run->drive_firmware,
		m[M_X_SERIAL], run->drive_serial,
		m[M_X_CAPACITY], cap,
		m[M_STARTED], run->started,
		m[M_ENDED], run->ended,
		m[M_STATUS], run->status,
		m[M_HOST], run->hostname,
		m[M_CPU], run->cpu,
		m[M_KERNEL], run->kernel,
		"fio", run->fio_version,
		"ioengine", run->ioengine,
		"ssdbench", msg_or(run->ssdbench_version, SSDBENCH_VERSION),
	};
	struct html h;
	int rc;

	if (run->capacity)
		snprintf(cap, sizeof(cap), "%.1f GB", (double)run->capacity / 1e9);
	rc = html_open(&h, dir, msg_or(r->o->lang, "zh-TW"), report__plan_title(r),
		       r->doc.fonts, &w, d);
	if (rc)
		return rc;
	html_heading(&h, 2, m[M_H_FACTS]);
	html_facts(&h, facts, sizeof(facts) / sizeof(facts[0]) / 2);
	if (steps)
		html_table(&h, steps);
	html_heading(&h, 2, m[M_H_CHARTS]);
	for (size_t i = 0; !rc && i < r->doc.n; i++) {
		const struct doc_item *c = &r->doc.items[i];

		if (c->c)
			rc = html_chart(&h, c->c, c->name, c->width, c->height, d);
		else if (c->t)
			html_table(&h, c->t);
	}
	if (rc) {
		html_discard(&h);
		return rc;
	}
	return html_close(&h, d);
}
