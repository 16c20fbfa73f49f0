/* SPDX-License-Identifier: MIT */
/* wcheck: the wording check (wcheck.h). */
#include "wcheck.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "result.h"
#include "sbuf.h"
#include "wording.h"
#include "xalloc.h"

static const char *const kind_what[WCHECK_NKINDS] = {
#define WCHECK_KIND_ROW(e, what) [e] = (what),
	WCHECK_KINDS(WCHECK_KIND_ROW)
#undef WCHECK_KIND_ROW
};

/*
 * fio's terms no report text holds in any language: its rw values and options as
 * a job file spells them (the reader's words are wording.c's).
 */
static const char *const fio_terms[] = {
	"randread", "randwrite", "randrw", "readwrite", "trimwrite", "randtrim",
	"iodepth", "numjobs", "rwmixread", "rwmixwrite", "bssplit", "ioengine",
	"ramp_time", "time_based", "norandommap", "randrepeat", "refill_buffers",
	"buffer_compress_percentage", "zero_buffers", "rate_iops", "blocksize",
	"write_iops_log", "write_lat_log", "log_avg_msec", "iodepth_batch",
};
/*
 * And the ones that are also short English words or a step's status: wrong in a
 * Chinese document only ("rw" is fio's, "us" the console's µs, "ok" a status).
 */
static const char *const zh_terms[] = {
	"ok", "us", "bs", "rw", "read", "write", "trim", "rnd", "seq", "random",
	"direct", "runtime", "size", "offset", "complete", "failed", "running",
	"skipped", "pending", "reached", "file", "steady", "phase", "before", "after",
};

struct finding {
	enum wcheck_kind kind;
	char *word, *where, *text;
};

struct wcheck {
	int zh;
	char **slugs, **data, **english; /* english: sorted, lower case */
	size_t nslugs, capslugs, ndata, capdata, nenglish, capenglish;
	struct finding *f;
	size_t nf, capf, more;   /* more: findings past the ones kept */
};

/* The most findings kept; the rest are counted. */
#define WCHECK_KEEP 2000

static int is_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* A slug's edge: a name goes on through letters, digits, '_', '-', '.' and '/'. */
static int is_name_char(unsigned char c)
{
	return is_word_char(c) || c == '-' || c == '.' || c == '/';
}

static int all_upper(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			return 0;
	return 1;
}

static int has_digit(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] >= '0' && s[i] <= '9')
			return 1;
	return 0;
}

static char *lower(const char *s, size_t n)
{
	char *l = xstrndup(s, n);

	for (char *p = l; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return l;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Calls fn(arg, word, n) for each word of s: a run of letters, digits and '_';
 * fn returns non-zero to stop. Returns what fn returned last.
 */
static int each_word(const char *s, int (*fn)(void *arg, const char *w, size_t n), void *arg)
{
	const char *p = s;

	while (*p) {
		const char *w;

		while (*p && !is_word_char((unsigned char)*p))
			p++;
		w = p;
		while (is_word_char((unsigned char)*p))
			p++;
		if (p > w) {
			int rc = fn(arg, w, (size_t)(p - w));

			if (rc)
				return rc;
		}
	}
	return 0;
}

struct has_arg {
	const char *word;
	size_t n;
};

static int has_cb(void *arg, const char *w, size_t n)
{
	const struct has_arg *h = arg;

	return n == h->n && !strncasecmp(w, h->word, n);
}

/* Whether one of the n strings holds word (any case) as a word of its own. */
static int strings_have(const char *const *s, size_t n, const char *word, size_t len)
{
	struct has_arg h = { word, len };

	for (size_t i = 0; i < n; i++)
		if (s[i] && each_word(s[i], has_cb, &h))
			return 1;
	return 0;
}

struct english_arg {
	struct wcheck *w;
	const char *const *own;
	size_t n;
};

/* A word of the English strings: kept when it is a word (3 letters or more, not an
 * acronym) the language's own strings do not use. */
static int english_cb(void *arg, const char *word, size_t n)
{
	struct english_arg *e = arg;
	struct wcheck *w = e->w;

	if (n < 3 || all_upper(word, n) || has_digit(word, n) || memchr(word, '_', n))
		return 0;
	if (strings_have(e->own, e->n, word, n))
		return 0;
	XGROW(w->english, w->capenglish, w->nenglish + 1);
	w->english[w->nenglish++] = lower(word, n);
	return 0;
}

struct wcheck *wcheck_new(const char *lang, const char *const *en, const char *const *own,
			  size_t n)
{
	struct wcheck *w = xcalloc(1, sizeof(*w));

	w->zh = lang && !strncmp(lang, "zh", 2);
	if (w->zh && en && own) {
		struct english_arg e = { w, own, n };
		size_t k = 0;

		for (size_t i = 0; i < n; i++)
			if (en[i])
				each_word(en[i], english_cb, &e);
		qsort(w->english, w->nenglish, sizeof(*w->english), cmp_str);
		for (size_t i = 0; i < w->nenglish; i++) {
			if (k && !strcmp(w->english[k - 1], w->english[i]))
				free(w->english[i]);
			else
				w->english[k++] = w->english[i];
		}
		w->nenglish = k;
	}
	return w;
}

static void free_all(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void wcheck_free(struct wcheck *w)
{
	if (!w)
		return;
	free_all(w->slugs, w->nslugs);
	free_all(w->data, w->ndata);
	free_all(w->english, w->nenglish);
	for (size_t i = 0; i < w->nf; i++) {
		free(w->f[i].word);
		free(w->f[i].where);
		free(w->f[i].text);
	}
	free(w->f);
	free(w);
}

static int listed(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return 1;
	return 0;
}

void wcheck_forbid(struct wcheck *w, const char *slug)
{
	size_t n = slug ? strlen(slug) : 0;

	if (!n || listed(w->slugs, w->nslugs, slug))
		return;
	/* "purge" is an English word in an English document, "seq1m-q8t1" never */
	if (!w->zh && !has_digit(slug, n) && !strpbrk(slug, "-_"))
		return;
	XGROW(w->slugs, w->capslugs, w->nslugs + 1);
	w->slugs[w->nslugs++] = xstrdup(slug);
}

void wcheck_allow(struct wcheck *w, const char *data)
{
	/* shorter data would blank out words of the text around it */
	if (!data || strlen(data) < 3 || listed(w->data, w->ndata, data))
		return;
	XGROW(w->data, w->capdata, w->ndata + 1);
	/* longest first: a short one ("3.0.0") must not blank part of a longer one
	 * ("kdm3.0.0-readme-block") before that is found whole */
	size_t at = w->ndata, n = strlen(data);

	while (at > 0 && strlen(w->data[at - 1]) < n) {
		w->data[at] = w->data[at - 1];
		at--;
	}
	w->data[at] = xstrdup(data);
	w->ndata++;
}

/*
 * A trace's file name and its name (wording_trace()) are data: the user's name of a
 * recorded workload, printed as it is in every language, as PCMark 8's are.
 */
static void allow_trace(struct wcheck *w, const char *path)
{
	const char *base = path ? strrchr(path, '/') : NULL;
	char *name;

	if (!path)
		return;
	name = wording_trace(path);
	wcheck_allow(w, base ? base + 1 : path);
	wcheck_allow(w, name);
	free(name);
}

void wcheck_run(struct wcheck *w, const struct result_run *r)
{
	const char *const data[] = {
		r->ssdbench_version, r->fio_version, r->ioengine, r->kernel, r->cpu,
		r->hostname, r->started, r->ended, r->drive_model, r->drive_firmware,
		r->drive_serial, r->sponsor, r->plan_file, r->plan_sha256, r->archive_dir,
		r->os, r->board, r->bios, r->interface,
		/* an import's file's own words (docs/import.md) */
		r->source.tool, r->source.version, r->source.profile, r->source.test,
		r->source.drive, r->source.date, r->source.comment,
	};
	const char *base;

	if (!w)
		return;
	for (size_t i = 0; i < sizeof(data) / sizeof(*data); i++)
		wcheck_allow(w, data[i]);
	base = r->archive_dir ? strrchr(r->archive_dir, '/') : NULL;
	wcheck_allow(w, base ? base + 1 : NULL);
	/* a file target's path, "file PATH (1 GiB)": the path is data, the words are not */
	if (r->target && !strncmp(r->target, "file ", 5)) {
		char *path = xstrndup(r->target + 5, strcspn(r->target + 5, " "));

		wcheck_allow(w, path);
		free(path);
	}
	for (size_t i = 0; i < r->target_labels.n; i++)
		wcheck_allow(w, r->target_labels.v[i].text);
	wcheck_forbid(w, r->plan_name);
	for (size_t i = 0; i < r->nsteps; i++) {
		wcheck_forbid(w, r->steps[i].name);
		wcheck_forbid(w, r->steps[i].scope);   /* also a duty cycle's */
		allow_trace(w, r->steps[i].trace);
	}
	for (size_t i = 0; i < r->nscopes; i++)
		wcheck_forbid(w, r->scopes[i].name);
}

static void add(struct wcheck *w, enum wcheck_kind kind, const char *word, size_t n,
		const char *where, const char *text)
{
	for (size_t i = 0; i < w->nf; i++) {
		const struct finding *f = &w->f[i];

		if (f->kind == kind && strlen(f->word) == n && !strncmp(f->word, word, n) &&
		    !strcmp(f->where, where) && !strcmp(f->text, text))
			return;
	}
	if (w->nf == WCHECK_KEEP) {
		w->more++;
		return;
	}
	XGROW(w->f, w->capf, w->nf + 1);
	w->f[w->nf++] = (struct finding){ kind, xstrndup(word, n), xstrdup(where),
					  xstrdup(text) };
}

static int in_terms(const char *const *t, size_t n, const char *word, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(t[i]) == len && !strncmp(t[i], word, len))
			return 1;
	return 0;
}

static int is_english(const struct wcheck *w, const char *word, size_t n)
{
	char *l = lower(word, n);
	int found = bsearch(&l, w->english, w->nenglish, sizeof(*w->english), cmp_str) != NULL;

	free(l);
	return found;
}

struct text_arg {
	struct wcheck *w;
	const char *where, *text;
};

static int word_cb(void *arg, const char *word, size_t n)
{
	struct text_arg *t = arg;
	struct wcheck *w = t->w;

	if (in_terms(fio_terms, sizeof(fio_terms) / sizeof(*fio_terms), word, n) ||
	    (w->zh && in_terms(zh_terms, sizeof(zh_terms) / sizeof(*zh_terms), word, n)))
		add(w, WCHECK_FIO, word, n, t->where, t->text);
	else if (w->zh && !all_upper(word, n) && is_english(w, word, n))
		add(w, WCHECK_ENGLISH, word, n, t->where, t->text);
	return 0;
}

/* A byte that starts a character from U+3000 on (CJK, full-width forms) in UTF-8. */
static int is_cjk_lead(unsigned char c)
{
	return c >= 0xe3 && c < 0xf0;
}

/*
 * Chinese text's half-width ": " (a colon then a space or the end: "12:30" and
 * "1:2" are not ones) and brackets in a text with Chinese words (data left out):
 * "：" and "（...）", as Chinese typesetting has them.
 */
static void punct(struct text_arg *t, const char *s)
{
	int cjk = 0;

	for (const char *p = s; *p && !cjk; p++)
		cjk = is_cjk_lead((unsigned char)*p);
	for (const char *p = s; *p; p++) {
		if (*p == ':' && (p[1] == ' ' || !p[1]) && p > s)
			add(t->w, WCHECK_PUNCT, ":", 1, t->where, t->text);
		if (cjk && (*p == '(' || *p == ')')) {
			const char *e = *p == '(' ? strchr(p, ')') : NULL;

			add(t->w, WCHECK_PUNCT, p, e ? (size_t)(e - p + 1) : 1, t->where, t->text);
			if (e)
				p = e;
		}
	}
}

void wcheck_text(struct wcheck *w, const char *where, const char *text)
{
	struct text_arg arg = { w, where ? where : "?", text };
	char *s;

	if (!w || !text || !*text)
		return;
	s = xstrdup(text);
	for (size_t i = 0; i < w->ndata; i++) {
		size_t n = strlen(w->data[i]);

		for (char *p = strstr(s, w->data[i]); p; p = strstr(p + n, w->data[i]))
			memset(p, ' ', n);
	}
	/* a name found is reported once, not its words again */
	for (size_t i = 0; i < w->nslugs; i++) {
		size_t n = strlen(w->slugs[i]);

		for (char *p = strstr(s, w->slugs[i]); p; p = strstr(p + 1, w->slugs[i])) {
			if ((p > s && is_name_char((unsigned char)p[-1])) ||
			    is_name_char((unsigned char)p[n]))
				continue;
			add(w, WCHECK_SLUG, p, n, arg.where, text);
			memset(p, ' ', n);
		}
	}
	each_word(s, word_cb, &arg);
	if (w->zh)
		punct(&arg, s);
	free(s);
}

size_t wcheck_count(const struct wcheck *w)
{
	return w ? w->nf + w->more : 0;
}

/* text on one line, at most about 100 bytes, cut at a character's start */
static void add_context(struct sbuf *sb, const char *text)
{
	size_t n = 0;

	for (const char *p = text; *p; p++, n++) {
		if (n >= 100 && ((unsigned char)*p & 0xC0) != 0x80) {
			sbuf_adds(sb, "…");
			return;
		}
		sbuf_addc(sb, (char)(*p == '\n' || *p == '\t' ? ' ' : *p));
	}
}

void wcheck_print(const struct wcheck *w, FILE *f, size_t max)
{
	struct sbuf sb;

	if (!w)
		return;
	sbuf_init(&sb);
	for (size_t i = 0; i < w->nf && i < max; i++) {
		sbuf_reset(&sb);
		add_context(&sb, w->f[i].text);
		fprintf(f, "  %s: '%s' (%s) in \"%s\"\n", w->f[i].where, w->f[i].word,
			kind_what[w->f[i].kind], sb.buf ? sb.buf : "");
	}
	if (wcheck_count(w) > max)
		fprintf(f, "  ... and %zu more\n", wcheck_count(w) - max);
	sbuf_release(&sb);
}
