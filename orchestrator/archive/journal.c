/* SPDX-License-Identifier: MIT */
/* journal: the run's append-only, fsync'd record, for resume. */
#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "xalloc.h"

void journal_init(struct journal *j)
{
	memset(j, 0, sizeof(*j));
}

static void free_strs(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void journal_release(struct journal *j)
{
	struct journal_start *s = &j->start;

	free(s->plan);
	free_strs(s->files, s->nfiles);
	free_strs(s->sha256, s->nfiles);
	free_strs(s->sets, s->nsets);
	free_strs(s->targets, s->ntargets);
	free_strs(s->hosts, s->nhosts);
	free(s->op);
	free(s->purge);
	free(s->target_path);
	free(s->target_identity);
	free(s->started);
	free(s->plan_copy);
	free(s->rerun_of);
	free(j->raid_open);
	free(j->restore_open);
	free(j->wcache_open);
	for (size_t i = 0; i < j->nelems; i++) {
		struct journal_elem *e = &j->elems[i];

		free(e->name);
		free(e->status);
		free(e->error);
		free(e->started);
		free(e->ended);
	}
	free(j->elems);
	journal_init(j);
}

/* Writes one line to DIR/journal.jsonl (truncating it first when create) and fsyncs. */
static int write_line(const char *dir, json_t *o, int create, struct diag *d)
{
	char *path = xasprintf("%s/%s", dir, JOURNAL_FILE);
	char *text = json_dumps(o, JSON_COMPACT);
	int fd = safefile_open_append(path, create, d); /* never through a link */
	int rc = 0;

	json_decref(o);
	if (fd >= 0 && text) {
		struct sbuf sb;

		sbuf_init(&sb);
		sbuf_adds(&sb, text);
		sbuf_addc(&sb, '\n');
		if (write(fd, sb.buf, sb.len) != (ssize_t)sb.len || fsync(fd))
			rc = -1;
		sbuf_release(&sb);
	}
	if (fd >= 0 && (!text || rc))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write the journal '%s': %s",
			      path, strerror(errno ? errno : EIO));
	if (fd < 0)
		rc = fd;
	if (fd >= 0 && close(fd) && !rc)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write the journal '%s': %s",
			      path, strerror(errno));
	free(text);
	free(path);
	return rc;
}

static json_t *str_array(char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	return a;
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

int journal_create(const char *dir, const struct journal_start *s, struct diag *d)
{
	json_t *o = json_object(), *files = json_array();

	for (size_t i = 0; i < s->nfiles; i++)
		json_array_append_new(files, json_pack("{s:s, s:s}", "path", s->files[i],
						       "sha256", s->sha256[i]));
	json_object_set_new(o, "event", json_string("start"));
	json_object_set_new(o, "format", json_string("ssdbench-journal-1"));
	json_object_set_new(o, "plan", str_or_null(s->plan));
	json_object_set_new(o, "files", files);
	json_object_set_new(o, "sets", str_array(s->sets, s->nsets));
	json_object_set_new(o, "targets", str_array(s->targets, s->ntargets));
	json_object_set_new(o, "hosts", str_array(s->hosts, s->nhosts));
	json_object_set_new(o, "op", str_or_null(s->op));
	json_object_set_new(o, "purge", str_or_null(s->purge));
	json_object_set_new(o, "target", json_pack("{s:o, s:o, s:I, s:b}", "path",
						   str_or_null(s->target_path), "identity",
						   str_or_null(s->target_identity), "size",
						   (json_int_t)s->target_size, "created",
						   s->target_created));
	json_object_set_new(o, "started", str_or_null(s->started));
	json_object_set_new(o, "plan_copy", str_or_null(s->plan_copy));
	json_object_set_new(o, "rerun_of", str_or_null(s->rerun_of));
	return write_line(dir, o, 1, d);
}

int journal_add_elem(const char *dir, const struct journal_elem *e, struct diag *d)
{
	json_t *o = json_object();

	json_object_set_new(o, "event", json_string("element"));
	json_object_set_new(o, "index", json_integer(e->index));
	json_object_set_new(o, "name", str_or_null(e->name));
	json_object_set_new(o, "round", json_integer(e->round));
	json_object_set_new(o, "status", str_or_null(e->status));
	json_object_set_new(o, "error", str_or_null(e->error));
	json_object_set_new(o, "started", str_or_null(e->started));
	json_object_set_new(o, "ended", str_or_null(e->ended));
	json_object_set_new(o, "written_after", json_integer((json_int_t)e->written_after));
	if (e->runtime_ms)
		json_object_set_new(o, "runtime_ms", json_integer((json_int_t)e->runtime_ms));
	if (e->seed)
		json_object_set_new(o, "seed", json_integer((json_int_t)e->seed));
	if (e->lost_before)
		json_object_set_new(o, "lost_before", json_integer((json_int_t)e->lost_before));
	if (e->new_pass)
		json_object_set_new(o, "new_pass", json_true());
	return write_line(dir, o, 0, d);
}

int journal_add_event(const char *dir, const char *event, const char *status,
		      struct diag *d)
{
	json_t *o = json_pack("{s:s}", "event", event);

	if (status)
		json_object_set_new(o, "status", json_string(status));
	return write_line(dir, o, 0, d);
}

int journal_add_restore(const char *dir, const char *event, const char *restore,
			struct diag *d)
{
	json_t *r = json_loads(restore, 0, NULL);

	if (!json_is_object(r)) {
		json_decref(r);
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "not a restore record: '%.200s'",
				restore);
	}
	return write_line(dir, json_pack("{s:s, s:o}", "event", event, "restore", r), 0, d);
}

/* ---- reading ------------------------------------------------------------ */

static char *dup_str(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

static char **dup_strs(const json_t *a, size_t *n)
{
	char **v = xcalloc(json_array_size(a) + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < json_array_size(a); i++)
		if (json_is_string(json_array_get(a, i)))
			v[(*n)++] = xstrdup(json_string_value(json_array_get(a, i)));
	return v;
}

static int read_start(const json_t *o, struct journal_start *s, const char *file,
		      struct diag *d)
{
	const json_t *files = json_object_get(o, "files");
	const json_t *tgt = json_object_get(o, "target");

	s->plan = dup_str(o, "plan");
	if (!s->plan || !json_is_array(files) || !json_is_object(tgt))
		return diag_set(d, -SB_EPARSE, file, 1, 1, "the start line lacks the plan, "
				"its files or the target");
	s->files = xcalloc(json_array_size(files) + 1, sizeof(*s->files));
	s->sha256 = xcalloc(json_array_size(files) + 1, sizeof(*s->sha256));
	for (size_t i = 0; i < json_array_size(files); i++) {
		const json_t *f = json_array_get(files, i);
		char *path = dup_str(f, "path"), *sha = dup_str(f, "sha256");

		if (!path || !sha) {
			free(path);
			free(sha);
			return diag_set(d, -SB_EPARSE, file, 1, 1, "files[%zu] lacks path "
					"or sha256", i);
		}
		s->files[s->nfiles] = path;
		s->sha256[s->nfiles++] = sha;
	}
	s->sets = dup_strs(json_object_get(o, "sets"), &s->nsets);
	s->targets = dup_strs(json_object_get(o, "targets"), &s->ntargets);
	s->hosts = dup_strs(json_object_get(o, "hosts"), &s->nhosts);
	s->op = dup_str(o, "op");
	s->purge = dup_str(o, "purge");
	s->target_path = dup_str(tgt, "path");
	s->target_identity = dup_str(tgt, "identity");
	s->target_size = (uint64_t)json_integer_value(json_object_get(tgt, "size"));
	s->target_created = json_is_true(json_object_get(tgt, "created"));
	s->started = dup_str(o, "started");
	s->plan_copy = dup_str(o, "plan_copy");
	s->rerun_of = dup_str(o, "rerun_of");
	return 0;
}

static int read_elem(const json_t *o, struct journal *j, const char *file, int line,
		     struct diag *d)
{
	struct journal_elem *e;
	const json_t *index = json_object_get(o, "index");

	if (!json_is_integer(index) || json_integer_value(index) != (json_int_t)j->nelems + 1)
		return diag_set(d, -SB_EPARSE, file, line, 1, "element %zu expected here",
				j->nelems + 1);
	XGROW(j->elems, j->cap, j->nelems + 1);
	e = &j->elems[j->nelems++];
	memset(e, 0, sizeof(*e));
	e->index = (int)json_integer_value(index);
	e->name = dup_str(o, "name");
	e->round = (int)json_integer_value(json_object_get(o, "round"));
	e->status = dup_str(o, "status");
	e->error = dup_str(o, "error");
	e->started = dup_str(o, "started");
	e->ended = dup_str(o, "ended");
	e->written_after = (uint64_t)json_integer_value(json_object_get(o, "written_after"));
	e->runtime_ms = (uint64_t)json_integer_value(json_object_get(o, "runtime_ms"));
	e->seed = (uint64_t)json_integer_value(json_object_get(o, "seed"));
	e->lost_before = (uint64_t)json_integer_value(json_object_get(o, "lost_before"));
	e->new_pass = json_is_true(json_object_get(o, "new_pass"));
	if (!e->name || !e->status)
		return diag_set(d, -SB_EPARSE, file, line, 1, "element %d lacks its name or "
				"status", e->index);
	return 0;
}

/*
 * The records a run opens before it changes something outside the archive and
 * closes once that is undone: what resume must undo first.
 */
static const struct {
	const char *open, *close;
	const char *key;          /* the open line's member kept: a string or an object */
	size_t off;               /* the char * of struct journal it goes to */
} records[] = {
	{ "raid-up", "raid-down", "status", offsetof(struct journal, raid_open) },
	{ "capacity-change", "capacity-restored", "restore",
	  offsetof(struct journal, restore_open) },
	{ "write-cache-change", "write-cache-restored", "restore",
	  offsetof(struct journal, wcache_open) },
};

static void read_record(const json_t *o, const char *ev, struct journal *j)
{
	for (size_t i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
		char **slot = (char **)((char *)j + records[i].off);
		const json_t *v = json_object_get(o, records[i].key);

		if (strcmp(ev, records[i].open) && strcmp(ev, records[i].close))
			continue;
		free(*slot);
		*slot = strcmp(ev, records[i].open) ? NULL : json_is_string(v) ?
			xstrdup(json_string_value(v)) : json_dumps(v, JSON_COMPACT);
	}
}

/* The plan copy a rerun reads stays in the archive: no "..", no link, no FIFO. */
static int check_plan_copy(const char *dir, const char *rel, struct diag *d)
{
	int fd = safefile_open_present(dir, rel, d);

	if (fd >= 0)
		close(fd);
	return fd >= 0 || fd == -SB_ENOENT ? 0 : fd;
}

int journal_read(const char *dir, struct journal *j, struct diag *d)
{
	char *file = xasprintf("%s/%s", dir, JOURNAL_FILE);
	struct sbuf sb;
	char *p, *nl;
	int rc, line = 0;

	sbuf_init(&sb);
	rc = safefile_load(dir, JOURNAL_FILE, SAFEFILE_MAX_LOAD, &sb, d);
	if (rc)
		goto out;
	for (p = sb.buf; !rc && p < sb.buf + sb.len; p = nl + 1) {
		json_error_t je;
		json_t *o;
		const char *ev;

		nl = memchr(p, '\n', (size_t)(sb.buf + sb.len - p));
		line++;
		if (!nl)
			break;   /* the last line was cut short by a crash: not written */
		o = json_loadb(p, (size_t)(nl - p), 0, &je);
		if (!o) {
			rc = diag_set(d, -SB_EPARSE, file, line, je.column, "%s", je.text);
			break;
		}
		ev = json_string_value(json_object_get(o, "event"));
		if (line == 1 && (!ev || strcmp(ev, "start")))
			rc = diag_set(d, -SB_EPARSE, file, 1, 1, "not an ssdbench journal: "
				      "the first line is not its start");
		else if (line == 1)
			rc = read_start(o, &j->start, file, d);
		else if (ev && !strcmp(ev, "element"))
			rc = read_elem(o, j, file, line, d);
		else if (ev && !strcmp(ev, "purged"))
			j->purged = 1;
		else if (ev && !strcmp(ev, "end"))
			j->ended = 1;
		else if (ev)
			read_record(o, ev, j);
		json_decref(o);
	}
	if (!rc && !line)
		rc = diag_set(d, -SB_EPARSE, file, 1, 1, "the journal is empty");
	if (!rc && j->start.plan_copy)
		rc = check_plan_copy(dir, j->start.plan_copy, d);
out:
	sbuf_release(&sb);
	free(file);
	return rc;
}
