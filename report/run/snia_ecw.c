/* SPDX-License-Identifier: MIT */
/*
 * snia_ecw: the SNIA enterprise composite workload's access pattern (template kind
 * "access"): the block sizes and their shares (fio's bssplit) and the LBA zones
 * (random_distribution=zoned) as two tables. The results model does not carry a
 * step's bssplit (a bssplit step's bs is fio's default), so they come from the
 * plan's copy in the archive (plan.xml): the first step with a bssplit, its
 * ${var}s replaced by the plan's <var> values (values given with --set are not
 * archived, so the subtitle says where the table comes from), beside the mean
 * I/O size the workload steps measured (bytes over I/Os). Above report_ctx.c.
 */
#include "snia_xsrdirth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "safefile.h"
#include "units.h"
#include "vocab.h"
#include "xalloc.h"
#include "xmlfile.h"

/* The plan's <var>s: name and value. */
struct ecw_vars {
	char **name, **value;
	size_t n;
};

static char *prop(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s = v ? xstrdup((const char *)v) : NULL;

	xmlFree(v);
	return s;
}

/* s with each ${name} of a known var replaced by its value; a new string. */
static char *resolve(const struct ecw_vars *v, const char *s)
{
	struct sbuf sb;

	sbuf_init(&sb);
	while (*s) {
		const char *e = s[0] == '$' && s[1] == '{' ? strchr(s, '}') : NULL;
		size_t i = 0;

		if (e)
			for (i = 0; i < v->n; i++)
				if (strlen(v->name[i]) == (size_t)(e - s - 2) &&
				    !strncmp(v->name[i], s + 2, (size_t)(e - s - 2)))
					break;
		if (e && i < v->n) {
			sbuf_adds(&sb, v->value[i]);
			s = e + 1;
		} else {
			sbuf_addf(&sb, "%c", *s++);
		}
	}
	return sbuf_detach(&sb);
}

/* Collects the vars and the first element with a bssplit under n (document order). */
static void walk(const xmlNode *n, struct ecw_vars *v, const xmlNode **step)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (xmlfile_is(n, "var")) {
			char *name = prop(n, "name"), *value = prop(n, "value");

			if (name && value) {
				v->name = xrealloc(v->name, (v->n + 1) * sizeof(*v->name));
				v->value = xrealloc(v->value, (v->n + 1) * sizeof(*v->value));
				v->name[v->n] = name;
				v->value[v->n++] = value;
			} else {
				free(name);
				free(value);
			}
		} else if (!*step && xmlHasProp(n, (const xmlChar *)"bssplit")) {
			*step = n;
		}
		walk(n->children, v, step);
	}
}

/* The resolved bssplit and random_distribution of the plan's copy; 0 or -1. */
static int plan_pattern(const struct report *r, char **bssplit, char **zones)
{
	struct ecw_vars v = { NULL, NULL, 0 };
	const xmlNode *step = NULL;
	struct diag d = { 0 };
	struct sbuf text;
	xmlDocPtr doc;
	char *path;

	*bssplit = *zones = NULL;
	if (!r->run->archive_dir || !r->run->plan_file)
		return -1;
	path = xasprintf("%s/%s", r->run->archive_dir, r->run->plan_file);
	sbuf_init(&text);
	doc = safefile_load(r->run->archive_dir, r->run->plan_file, SAFEFILE_MAX_LOAD, &text,
			    &d) ? NULL : xmlfile_parse(path, text.buf, text.len, &d);
	free(path);
	sbuf_release(&text);
	if (!doc)
		return -1;
	walk(xmlDocGetRootElement(doc), &v, &step);
	if (step) {
		char *b = prop(step, "bssplit"), *z = prop(step, "random_distribution");

		*bssplit = resolve(&v, b);
		*zones = z ? resolve(&v, z) : NULL;
		free(b);
		free(z);
	}
	for (size_t i = 0; i < v.n; i++) {
		free(v.name[i]);
		free(v.value[i]);
	}
	free(v.name);
	free(v.value);
	xmlFreeDoc(doc);
	return *bssplit ? 0 : -1;
}

/* Mean bytes per I/O of the run's finished workload steps; 0 when none. */
static double mean_io_size(const struct result_run *run)
{
	double bytes = 0, ios = 0;

	for (size_t i = 0; i < run->nsteps; i++) {
		const struct result_step *st = &run->steps[i];

		if (!report__is_ok(st) || !st->kind || result_step_kind(st) != STEP_WORKLOAD)
			continue;
		for (int d = 0; d < RESULT_NDIRS; d++) {
			bytes += (double)st->dir_stat[d].io_bytes;
			ios += (double)st->dir_stat[d].total_ios;
		}
	}
	return ios > 0 ? bytes / ios : 0;
}

/* bssplit "512/4:1k/1:..." as rows: fio's size, bytes, share. */
static void bs_table(struct report *r, const char *bssplit, const char *sub)
{
	const char *head[3] = { r->msg[M_ACC_BSSPLIT], r->msg[M_BS], r->msg[M_ACC_SHARE] };
	struct table *t = table_new(r->msg[M_ACC_BS], sub, 3, head);
	char *copy = xstrdup(bssplit), *save = NULL;

	for (char *tok = strtok_r(copy, ":,", &save); tok; tok = strtok_r(NULL, ":,", &save)) {
		char *slash = strchr(tok, '/'), size[32] = "?", *pct;
		const char *why = NULL, *row[3];
		uint64_t b = 0;

		if (slash)
			*slash = 0;
		if (!units_parse_size(tok, &b, &why))
			units_format_size(b, size, sizeof(size));
		pct = xasprintf("%s %%", slash && slash[1] ? slash + 1 : "–");
		row[0] = tok;
		row[1] = size;
		row[2] = pct;
		table_add_row(t, row, NULL);
		free(pct);
	}
	free(copy);
	report__add_chart(r, xstrdup("ecw-access-bs"), NULL, t);
}

/* zoned:50/5:30/15:20/80 as rows: share of I/Os, LBA range from–to %. */
static void zone_table(struct report *r, const char *zones)
{
	const char *head[2] = { r->msg[M_ACC_SHARE], r->msg[M_ACC_LBA] };
	const char *av[1] = { zones };
	char *sub = msg_subst(r->msg[M_ACC_ZONES_SUB], av, 1);
	struct table *t = table_new(r->msg[M_ACC_ZONES], sub, 2, head);
	const char *p = strchr(zones, ':');
	double from = 0;

	while (p && *p == ':') {
		double share = 0, range = 0;
		int used = 0;
		char *a, *b;
		const char *row[2];

		if (sscanf(p + 1, "%lf/%lf%n", &share, &range, &used) != 2)
			break;
		a = xasprintf("%g %%", share);
		b = xasprintf("%g – %g %%", from, from + range);
		row[0] = a;
		row[1] = b;
		table_add_row(t, row, NULL);
		free(a);
		free(b);
		from += range;
		p += 1 + used;
	}
	report__add_chart(r, xstrdup("ecw-access-zones"), NULL, t);
	free(sub);
}

void snia__build_access(struct report *r)
{
	char *bssplit, *zones, mean[48] = "–", num[40];
	double m = mean_io_size(r->run);
	const char *av[3];
	char *sub;

	if (plan_pattern(r, &bssplit, &zones))
		return;
	if (m > 0)
		snprintf(mean, sizeof(mean), "%s B", chart_format_fixed(m, 0, num, sizeof(num)));
	av[0] = msg_or(r->run->plan_file, "plan.xml");
	av[1] = bssplit;
	av[2] = mean;
	sub = msg_subst(r->msg[M_ACC_BS_SUB], av, 3);
	bs_table(r, bssplit, sub);
	if (zones && !strncmp(zones, "zoned:", 6))
		zone_table(r, zones);
	free(sub);
	free(bssplit);
	free(zones);
}
