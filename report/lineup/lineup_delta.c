/* SPDX-License-Identifier: MIT */
/*
 * lineup_delta: what every lineup item is built with (adding an item, headings,
 * values as printed and marked), and the Δ tables, whose values know the noise of
 * their passes.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lineup_int.h"
#include "lineup_params.h"
#include "sbuf.h"
#include "xalloc.h"

#define CHART_H 500.0      /* SVG/PNG canvas when the template gives no height */
#define DELTA_FULL_SCALE 25.0  /* percent of change that gets the full colour */
#define NOISE_FILL CHART_COLOR_GRID   /* a Δ within the noise: grey, neither better nor worse */

void lineup__add_item(struct lineup_ctx *x, char *name, struct chart *c, struct table *t)
{
	doc_add(&x->doc, name, c, t, x->tc->width, x->tc->height > 0 ? x->tc->height : CHART_H);
}

/* The heading of the entry being built: the template's title, else the language's. */
const char *lineup__heading(const struct lineup_ctx *x, int id)
{
	return x->tc->title ? x->tc->title : x->s[id];
}

/* A metric's title: the language's for the headline ones and a replay's score,
 * else results.csv's column in the language's words (wording_column()). */
char *lineup__metric_title(const struct lineup_ctx *x, enum lineup_metric m)
{
	struct sbuf sb;

	for (size_t h = 0; h < lineup__nheadlines; h++)
		if (lineup__headlines[h].m == m)
			return xstrdup(x->s[lineup__headlines[h].title]);
	if (m == LM_REPLAY_MBPS)
		return msg_paren(x->s, x->s[M_RP_SCORE], lineup_metric(m)->unit);
	sbuf_init(&sb);
	wording_column(lineup_metric(m)->id, &x->w, &sb);
	return sbuf_detach(&sb);
}

/* "1,234", "56.7"; a ratio (a consistency score) to one decimal less than the CSV's,
 * "0.843"; a dash when not measured. */
void lineup__format_value(enum lineup_metric m, double v, char *buf, size_t n)
{
	int d = lineup_metric(m)->decimals;

	if (!isfinite(v))
		snprintf(buf, n, "–");
	else
		chart_format_grouped(v, d > 2 ? d - 1 : v < 100 ? 1 : 0, buf, n);
}

char *lineup__pass1_label(const struct lineup_ctx *x, size_t i)
{
	char *k, *out;

	if (x->l->m[i].npass < 2)   /* passes of a scope: its last round, as any rounds' */
		return xstrdup(x->label[i]);
	k = msg_subst(x->s[S_PASS_K], (const char *const[]){ "1" }, 1);
	out = msg_paren(x->s, x->label[i], k);
	free(k);
	return out;
}

/*
 * text of member i on test t, marked when the member ran it with other parameters
 * than the reference column ("6,000 QD16†"); *marked set then. free() it.
 */
char *lineup__mark(const struct lineup_ctx *x, size_t t, size_t i, const char *text,
		  int *marked)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_addf(&sb, "%s ", text);
	if (!lineup_mark(x->l, t, i, &x->w, &sb)) {
		sbuf_release(&sb);
		return xstrdup(text);
	}
	if (marked)
		*marked = 1;
	return sbuf_detach(&sb);
}

/* sub, with the note that explains the mark after it when marked. free() it. */
char *lineup__with_mark_note(const struct lineup_ctx *x, const char *sub, int marked)
{
	if (!marked)
		return xstrdup(sub ? sub : "");
	return sub && *sub ? xasprintf("%s%s%s", sub, x->s[W_SEP], x->s[S_MARK_NOTE])
			   : xstrdup(x->s[S_MARK_NOTE]);
}


void lineup__per_metric(struct lineup_ctx *x, void (*per)(struct lineup_ctx *, enum lineup_metric))
{
	const char *p = x->tc->metrics;

	if (!p)
		for (size_t h = 0; h < lineup__nheadlines; h++)
			per(x, lineup__headlines[h].m);
	while (p && *p) {
		size_t len = strcspn(p, " ");

		for (int m = 0; len && m < LM_N; m++)
			if (strlen(lineup_metric((enum lineup_metric)m)->id) == len &&
			    !strncmp(lineup_metric((enum lineup_metric)m)->id, p, len))
				per(x, (enum lineup_metric)m);
		p += len + (p[len] == ' ');
	}
}

char *lineup__value_text(const struct lineup_ctx *x, size_t t, size_t i, enum lineup_metric m)
{
	const struct stats *s = &x->l->t[t].st[i][m];
	char val[64], ci[64];

	lineup__format_value(m, x->l->t[t].v[i][m], val, sizeof(val));
	if (s->n < 2 || !isfinite(s->ci95))
		return xstrdup(val);
	lineup__format_value(m, s->ci95, ci, sizeof(ci));
	return xasprintf("%s ± %s", val, ci);
}

char *lineup__with_noise_note(const struct lineup_ctx *x, const char *sub, const int noise[3])
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_adds(&sb, sub ? sub : "");
	if (noise[LINEUP_NOISE_WITHIN] || noise[LINEUP_NOISE_SIGNIFICANT])
		sbuf_addf(&sb, "%s%s", sb.len ? x->s[W_SEP] : "", x->s[S_NOISE_NOTE]);
	if (noise[LINEUP_NOISE_UNKNOWN])
		sbuf_addf(&sb, "%s%s", sb.len ? x->s[W_SEP] : "", x->s[S_NOISE_NONE]);
	return sbuf_detach(&sb);
}

/*
 * The delta table of metric m: the baseline's column, then every other drive's value
 * (Δ % vs the baseline), shaded by how much better or worse; a Δ within the noise
 * (lineup.noise) grey and "≈", a value of several passes their mean ± its 95 %
 * interval. The test and baseline columns are kept in each part when an output is
 * too narrow for all (pagesplit).
 */
void lineup__build_delta_table(struct lineup_ctx *x, enum lineup_metric m)
{
	const struct lineup *l = x->l;
	size_t nc = l->nm + 1, c;
	const char **head = xcalloc(nc, sizeof(*head)), **cells = xcalloc(nc, sizeof(*cells));
	char **texts = xcalloc(nc, sizeof(*texts));
	uint32_t *fills = xcalloc(nc, sizeof(*fills));
	char *mt = lineup__metric_title(x, m);
	char *title = msg_colon(x->s, lineup__heading(x, S_DELTA), mt);
	/* marked in every table, as in the drives table: the column the Δ % are against */
	char *base = msg_paren(x->s, x->label[l->base], x->s[S_BASELINE]);
	struct table *t;
	int marked = 0, noise[3] = { 0 };

	free(mt);
	head[0] = x->s[S_TEST];
	head[1] = base;
	c = 2;
	for (size_t i = 0; i < l->nm; i++)
		if (i != l->base)
			head[c++] = x->label[i];
	t = table_new(title, x->s[S_DELTA_SUB], nc, head);
	table_set_keep(t, 2);
	for (size_t k = 0; k < l->nt; k++) {
		texts[0] = lineup__test_title(x, &l->t[k]);
		fills[0] = fills[1] = TABLE_NO_FILL;
		texts[1] = lineup__value_text(x, k, l->base, m);
		c = 2;
		for (size_t i = 0; i < l->nm; i++) {
			double dp = lineup_delta(l, k, i, m);
			int differs = 0, nz;
			char *v;

			if (i == l->base)
				continue;
			nz = l->t[k].noise[i][m];
			v = lineup__value_text(x, k, i, m);
			if (isfinite(dp)) {
				char *val = v;

				v = xasprintf("%s (%s%+.1f%%)", val,
					      nz == LINEUP_NOISE_WITHIN ? "≈ " : "", dp);
				free(val);
			}
			texts[c] = lineup__mark(x, k, i, v, &differs);
			free(v);
			if (isfinite(dp))
				noise[nz]++;
			/* no better or worse between two different stimuli: unshaded; none
			 * within the noise: grey */
			fills[c++] = differs ? TABLE_NO_FILL :
				     isfinite(dp) && nz == LINEUP_NOISE_WITHIN ? NOISE_FILL :
				     table_delta_color(dp, lineup_metric(m)->lower_better
						       ? TABLE_LOWER_BETTER : TABLE_HIGHER_BETTER,
						       DELTA_FULL_SCALE);
			marked |= differs;
		}
		for (c = 0; c < nc; c++)
			cells[c] = texts[c];
		table_add_row(t, cells, fills);
		for (c = 0; c < nc; c++)
			free(texts[c]);
	}
	{
		char *sub = lineup__with_mark_note(x, t->subtitle, marked);
		char *nsub = lineup__with_noise_note(x, sub, noise);

		table_set_subtitle(t, nsub);
		free(nsub);
		free(sub);
	}
	lineup__add_item(x, xasprintf("lineup-delta-%s", lineup_metric(m)->id), NULL, t);
	free(base);
	free(title);
	free(head);
	free(cells);
	free(texts);
	free(fills);
}

