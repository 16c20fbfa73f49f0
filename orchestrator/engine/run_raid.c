/* SPDX-License-Identifier: MIT */
/* run_raid: a run's <raid> scope: members' interlocks, the array's life, its dry-run account. */
#include "run_raid.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "err.h"
#include "journal.h"
#include "remote.h"
#include "sbuf.h"
#include "sshcmd.h"
#include "units.h"
#include "xalloc.h"

#define RAID_NODE_WAIT_S 10

static char *identity_of(const struct run_raid *r);
static char *bench_line(const struct run_raid *r, const struct run_opts *o, int down,
			const char *token);

/* What a test build put in place of md's folder and status; NULL: the kernel's. */
static const struct run_raid_paths *md_paths;

void run_raid_set_paths(const struct run_raid_paths *p)
{
	md_paths = p;
}

/* p if set and not "", else def. */
static const char *path_or(const char *p, const char *def)
{
	return p && *p ? p : def;
}

/* "host 'bench1'" or "this machine": where target t is. */
static const char *machine_of(const struct plan_target *t, char *buf, size_t n)
{
	if (!t->host)
		return "this machine";
	snprintf(buf, n, "host '%s'", t->host);
	return buf;
}

/* Every member on one machine (this one, or one bench): an array is one kernel's disks. */
static int members_machine(const struct plan *p, struct diag *d)
{
	const struct plan_target *first = &p->targets[0];
	char a[160], b[160];

	for (size_t i = 1; i < p->ntargets; i++) {
		const struct plan_target *t = &p->targets[i];

		if (!first->host != !t->host || (t->host && strcmp(first->host, t->host)))
			return diag_set(d, -SB_EUSAGE, p->file, t->line, 0, "RAID members must "
					"all be on one machine: '%s' is on %s, '%s' on %s",
					first->name, machine_of(first, a, sizeof(a)), t->name,
					machine_of(t, b, sizeof(b)));
	}
	return 0;
}

int run_raid_shape(const struct plan *p, int *scope, struct diag *d)
{
	const struct plan_scope *s = NULL;

	*scope = -1;
	for (size_t i = 0; i < p->nscopes; i++) {
		if (p->scopes[i].kind != PLAN_RAID)
			continue;
		if (s)
			return diag_set(d, -SB_EUSAGE, p->file, p->scopes[i].line, 0, "this "
					"version runs one <raid> per plan; '%s' is the second",
					p->scopes[i].name);
		s = &p->scopes[i];
		*scope = (int)i;
	}
	if (!s && p->ntargets > 1)
		return diag_set(d, -SB_EUSAGE, p->file, p->targets[1].line, 0, "this version "
				"runs plans with one target; the plan has %zu", p->ntargets);
	if (!s)
		return 0;
	if (s->first != 0 || s->count != p->nsteps)
		return diag_set(d, -SB_EUSAGE, p->file, s->line, 0, "this version runs a "
				"<raid> only when it holds every step of the plan; '%s' holds "
				"%zu of %zu", s->name, s->count, p->nsteps);
	for (size_t i = 0; i < p->ntargets; i++) {
		const char *name = p->targets[i].name, *m = s->members;
		size_t len = strlen(name);
		int found = 0;

		while (*m && !found) {
			size_t k = strcspn(m, " ");

			found = k == len && !strncmp(m, name, len);
			m += k + strspn(m + k, " ");
		}
		if (!found)
			return diag_set(d, -SB_EUSAGE, p->file, p->targets[i].line, 0, "target "
					"'%s' is not a member of <raid> '%s': this version runs "
					"plans with one target, or a RAID of all of them", name,
					s->name);
		if (p->targets[i].kind != PLAN_TARGET_DEVICE)
			return diag_set(d, -SB_EUSAGE, p->file, p->targets[i].line, 0, "RAID "
					"member '%s' must be a block device, not a file", name);
	}
	return members_machine(p, d);
}

static const struct plan_target *target_named(const struct plan *p, const char *name,
					      size_t len)
{
	for (size_t i = 0; i < p->ntargets; i++)
		if (strlen(p->targets[i].name) == len && !strncmp(p->targets[i].name, name, len))
			return &p->targets[i];
	return NULL;
}

/* A member on r's bench, probed there over ssh (by a dry run: not, named by its path). */
static int add_bench_member(struct run_raid *r, struct run_member *mb, int dry_run,
			    struct diag *d)
{
	const char *base = strrchr(mb->path, '/');

	mb->dev = xcalloc(1, sizeof(*mb->dev));
	if (dry_run) {
		snprintf(mb->dev->path, sizeof(mb->dev->path), "%s", mb->path);
		snprintf(mb->dev->kname, sizeof(mb->dev->kname), "%s", base ? base + 1 : mb->path);
		return 0;
	}
	if (sshcmd_probe(r->host, mb->path, remote_timeout_s(), mb->dev, NULL, d))
		return d->code;
	if (!mb->dev->is_block)
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "RAID member '%s': '%s' on host '%s' "
				"is not a block device", mb->name, mb->path, r->host->name);
	if (!mb->dev->size)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read the size of '%s' on host "
				"'%s'", mb->path, r->host->name);
	r->size += mb->dev->size;
	return 0;
}

/* Adds member name (borrowed) at path to r: a block device, probed. */
static int add_member(struct run_raid *r, const char *name, const char *path, int dry_run,
		      struct diag *d)
{
	struct run_member *mb = &r->m[r->n++];
	struct stat st;

	mb->lock_fd = -1;
	mb->name = name;
	mb->path = xstrdup(path);
	if (r->host)
		return add_bench_member(r, mb, dry_run, d);
	if (stat(mb->path, &st) || !S_ISBLK(st.st_mode))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "RAID member '%s': '%s' is not a "
				"block device", name, mb->path);
	mb->dev = xcalloc(1, sizeof(*mb->dev));
	if (device_probe(mb->path, mb->dev, d))
		return d->code;
	if (!mb->dev->size && !dry_run)
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read the size of '%s'",
				mb->path);
	r->size += mb->dev->size;
	return 0;
}

/* Fills r's members from the scope's member list; each must be a block device. */
static int resolve_members(struct run_raid *r, const struct plan *p,
			   const struct plan_scope *s, int dry_run, struct diag *d)
{
	for (const char *m = s->members; *m && r->n < RAID_MAX_MEMBERS;) {
		size_t k = strcspn(m, " ");
		const struct plan_target *t = target_named(p, m, k);

		if (!t)   /* plan_check names every member; a bad plan gets here only by hand */
			return diag_set(d, -SB_EUSAGE, p->file, s->line, 0, "RAID member '%.*s' "
					"is not a target", (int)k, m);
		if (add_member(r, t->name, t->path, dry_run, d))
			return d->code;
		m += k + strspn(m + k, " ");
	}
	return 0;
}

/*
 * A new run_raid for array <md dir>/ssdbench-NAME, no members yet. On a bench
 * (host) the md dir and mdstat are the bench's (its `ssdbench raid` says which
 * node it made); whether it has md is for it to say.
 */
static struct run_raid *raid_new(const char *name, uint64_t chunk,
				 const struct plan_host *host)
{
	struct run_raid *r = xcalloc(1, sizeof(*r));

	r->chunk = chunk;
	r->exec = raid_exec;
	r->host = host;
	r->name = xstrdup(name);
	r->array = xasprintf("%s/ssdbench-%s", host || !md_paths ? RUN_RAID_MD_DIR :
			     path_or(md_paths->md_dir, RUN_RAID_MD_DIR), name);
	r->mdstat = xstrdup(host || !md_paths ? RUN_RAID_MDSTAT :
			    path_or(md_paths->mdstat, RUN_RAID_MDSTAT));
	/* Without md, r->why says so and the scope is skipped. */
	if (!host)
		(void)raid_available(r->mdstat, r->why, sizeof(r->why));
	return r;
}

/* The mdadm sequence and the identity, once every member is in; NULL with d set. */
static struct run_raid *raid_finish(struct run_raid *r, int rc, struct diag *d)
{
	const char *paths[RAID_MAX_MEMBERS];

	for (size_t i = 0; i < r->n; i++)
		paths[i] = r->m[i].path;
	if (!rc)
		rc = raid_build(r->array, paths, r->n, r->chunk, &r->seq, d);
	if (rc) {
		run_raid_free(r);
		return NULL;
	}
	r->identity = identity_of(r);
	return r;
}

struct run_raid *run_raid_new(const struct plan *p, int si, int dry_run, struct diag *d)
{
	const struct plan_scope *s = &p->scopes[si];
	const struct plan_target *t = target_named(p, s->members, strcspn(s->members, " "));
	struct run_raid *r = raid_new(s->name, s->chunk, t ? plan_target_host(p, t) : NULL);

	r->scope = si;
	return raid_finish(r, resolve_members(r, p, s, dry_run, d), d);
}

struct run_raid *run_raid_new_paths(const char *name, uint64_t chunk,
				    const char *const *paths, size_t n, struct diag *d)
{
	struct run_raid *r = raid_new(name, chunk, NULL);
	int rc = n > RAID_MAX_MEMBERS ? diag_set(d, -SB_EUSAGE, NULL, 0, 0, "at most %d RAID "
						 "members", RAID_MAX_MEMBERS) : 0;

	for (size_t i = 0; i < n && !rc; i++)
		rc = add_member(r, paths[i], paths[i], 0, d);
	return raid_finish(r, rc, d);
}

void run_raid_free(struct run_raid *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++) {
		if (r->m[i].lock_fd >= 0)
			close(r->m[i].lock_fd);
		free(r->m[i].path);
		free(r->m[i].dev);
		free(r->m[i].checks);
	}
	raid_release(&r->seq);
	raid_log_release(&r->log);
	free(r->name);
	free(r->array);
	free(r->array_dev);
	free(r->node);
	free(r->own_id);
	free(r->mdstat);
	free(r->identity);
	free(r->json);
	free(r);
}

int run_raid_guard(struct run_raid *r, const struct run_opts *o, int dry_run, FILE *out,
		   struct diag *d)
{
	int first = 0;

	for (size_t i = 0; i < r->n; i++) {
		struct run_member *m = &r->m[i];
		struct diag md;
		int rc;

		diag_clear(&md);
		free(m->checks);
		m->checks = xcalloc(1, sizeof(*m->checks));
		if (r->host)
			rc = sshcmd_interlock(r->host, m->path, o->destroy, o->ndestroy, r->token,
					      remote_timeout_s(), m->checks, &md);
		else
			rc = interlock_check_token(m->path, o->destroy, o->ndestroy, r->token,
						   m->checks, &md);
		fprintf(out, "checks for RAID member '%s' (%s%s%s):\n", m->name, m->path,
			r->host ? " on host " : "", r->host ? r->host->name : "");
		interlock_print(m->checks, out);
		fprintf(out, "%s %s\n", rc ? "would refuse to destroy" : dry_run ?
			"would destroy" : "will destroy", m->checks->what);
		if (!rc && !dry_run && m->lock_fd < 0 && !r->token && !r->host)
			rc = interlock_lock(m->path, &m->lock_fd, &md);
		if (rc && !first)
			first = diag_set(d, rc, NULL, 0, 0, "RAID member '%s': %s", m->name,
					 md.msg);
	}
	return first;
}

static char *identity_of(const struct run_raid *r)
{
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_adds(&sb, "raid0:");
	for (size_t i = 0; i < r->n; i++)
		sbuf_addf(&sb, "%s%s", i ? "," : "", device_identity(r->m[i].dev));
	return sbuf_detach(&sb);
}

char *run_raid_describe(const struct run_raid *r)
{
	struct sbuf sb;
	char size[32];
	int same = 1;

	sbuf_init(&sb);
	sbuf_addf(&sb, "RAID 0 %s over ", r->array);
	for (size_t i = 0; i < r->n; i++) {
		sbuf_addf(&sb, "%s%s", i ? ", " : "", r->m[i].path);
		same &= r->m[i].dev->size == r->m[0].dev->size;
	}
	units_format_size(same ? r->m[0].dev->size : r->size, size, sizeof(size));
	if (!r->size)   /* on a bench, not probed by a dry run */
		sbuf_addf(&sb, " (%zu members, sizes not probed", r->n);
	else if (same)
		sbuf_addf(&sb, " (%zu x %s", r->n, size);
	else
		sbuf_addf(&sb, " (%s together", size);
	sbuf_addf(&sb, ", chunk %llu KiB)", (unsigned long long)(r->chunk >> 10));
	if (r->host)
		sbuf_addf(&sb, " on host %s", r->host->name);
	return sbuf_detach(&sb);
}

void run_raid_print_part(const struct run_raid *r, const struct run_opts *o, int down,
			 FILE *out)
{
	struct sbuf sb;

	sbuf_init(&sb);
	if (!down)
		sbuf_addf(&sb, "RAID '%s' set-up, before its first step (every member's checks "
			  "again first):\n", r->array);
	else
		sbuf_addf(&sb, "RAID '%s' teardown, after its last step, also after a failure "
			  "or an interruption, and at resume when the run died inside it:\n",
			  r->array);
	if (r->host) {
		char *line = bench_line(r, o, down, "TOKEN");

		sbuf_addf(&sb, "  on host '%s' over ssh: %s\n  which runs there:\n",
			  r->host->name, line);
		free(line);
	}
	raid_format_part(&r->seq, down, "  ", r->mdstat, &sb);
	if (!down)
		sbuf_addf(&sb, "  then: wait up to %d s for '%s'; the steps run on it, its "
			  "size less mdadm's metadata\n", RAID_NODE_WAIT_S, r->array);
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

/* ---- the array's life ------------------------------------------------------- */

/*
 * `ssdbench raid up|down` for r's bench into c (--destroy: o's for up), with the
 * caller's room for the members' paths and the chunk.
 */
static void bench_cmd(const struct run_raid *r, const struct run_opts *o, int down,
		      const char *token, const char **paths, char *chunk, size_t nchunk,
		      struct sshcmd_raid *c)
{
	for (size_t i = 0; i < r->n; i++)
		paths[i] = r->m[i].path;
	snprintf(chunk, nchunk, "%lluKiB", (unsigned long long)(r->chunk >> 10));
	c->verb = down ? "down" : "up";
	c->name = r->name;
	c->members = paths;
	c->nmembers = r->n;
	c->chunk = chunk;
	c->ids = o && !down ? o->destroy : NULL;
	c->n = o && !down ? o->ndestroy : 0;
	c->token = token;
}

/* The same as the ssh command line the dry run prints. */
static char *bench_line(const struct run_raid *r, const struct run_opts *o, int down,
			const char *token)
{
	const char *paths[RAID_MAX_MEMBERS];
	char chunk[32];
	struct sshcmd_raid c;
	size_t n;
	const char **a;
	char **argv;
	char *line;

	bench_cmd(r, o, down, token, paths, chunk, sizeof(chunk), &c);
	a = sshcmd_raid_args(&c, &n);
	argv = sshcmd_argv(r->host, remote_timeout_s(), a, n);
	line = sshcmd_line(argv);
	sshcmd_argv_free(argv);
	free(a);
	return line;
}

/* The bench's mdadm commands (its JSON "raid"."commands") appended to r's log. */
static void bench_log(struct run_raid *r, json_t *cmds)
{
	size_t i;
	json_t *c;

	json_array_foreach(cmds, i, c) {
		const char *purpose = json_string_value(json_object_get(c, "purpose"));
		const char *cmd = json_string_value(json_object_get(c, "command"));
		const char *output = json_string_value(json_object_get(c, "output"));
		struct raid_ran *ran = &r->log.ran[r->log.n];

		if (r->log.n >= RAID_MAX_RAN)
			return;
		ran->purpose = "bench";   /* the plan's own word for it, when it has one */
		for (size_t k = 0; k < r->seq.ncmds && purpose; k++)
			if (!strcmp(r->seq.cmds[k].purpose, purpose))
				ran->purpose = r->seq.cmds[k].purpose;
		ran->cmdline = xstrdup(cmd ? cmd : "");
		ran->status = (int)json_integer_value(json_object_get(c, "status"));
		ran->seconds = json_number_value(json_object_get(c, "seconds"));
		ran->output = xstrdup(output ? output : "");
		r->log.n++;
	}
}

/*
 * `ssdbench raid up|down` on r's bench; up reads back the array the bench made
 * (its node, size, identity, whether it is the md array of exactly the members).
 */
static int bench_raid(struct run_raid *r, const struct run_opts *o, int down, FILE *out,
		      struct diag *d)
{
	const char *paths[RAID_MAX_MEMBERS];
	char chunk[32];
	struct sshcmd_raid c;
	json_t *j;
	const char *array, *dev, *id;
	int rc;

	bench_cmd(r, o, down, r->token, paths, chunk, sizeof(chunk), &c);
	j = sshcmd_raid_run(r->host, &c, out, d);
	array = json_string_value(json_object_get(j, "array"));
	dev = json_string_value(json_object_get(j, "array_dev"));
	id = json_string_value(json_object_get(j, "array_id"));
	rc = j ? 0 : d->code;
	bench_log(r, json_object_get(json_object_get(j, "raid"), "commands"));
	if (!rc && !down && (!array || !dev))
		rc = diag_set(d, -SB_EPARSE, NULL, 0, 0, "host '%s': 'ssdbench raid up' named no "
			      "array: is it the same ssdbench version as here?", r->host->name);
	if (!rc && !down) {
		free(r->array);
		r->array = xstrdup(array);
		r->array_dev = xstrdup(dev);
		r->array_size = (uint64_t)json_integer_value(json_object_get(j, "array_size"));
		r->own_id = id && *id ? xstrdup(id) : NULL;
		r->ids[0] = r->own_id;
		r->array_ids = json_is_true(json_object_get(j, "ours")) && r->own_id ? r->ids :
			       o->destroy;
		r->narray_ids = r->array_ids == r->ids ? 1 : o->ndestroy;
	}
	json_decref(j);
	return rc;
}

/* 1 when /sys/block/kname is an md array whose slaves are exactly the members. */
static int our_array(const struct run_raid *r, const char *kname)
{
	char *md = xasprintf("/sys/block/%s/md", kname);
	char *slaves = xasprintf("/sys/block/%s/slaves", kname);
	DIR *dir = access(md, F_OK) ? NULL : opendir(slaves);
	struct dirent *e;
	size_t seen = 0;
	int ok = dir != NULL;

	while (ok && (e = readdir(dir))) {
		int member = 0;

		if (e->d_name[0] == '.')
			continue;
		for (size_t i = 0; i < r->n; i++)
			member |= !strcmp(e->d_name, r->m[i].dev->kname);
		ok = member;
		seen++;
	}
	if (dir)
		closedir(dir);
	free(md);
	free(slaves);
	return ok && seen == r->n;
}

/* Waits for the array's node, then decides what confirms writing to it. */
static int find_array(struct run_raid *r, const struct run_opts *o, FILE *out,
		      struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct interlock_report *ir = xcalloc(1, sizeof(*ir));
	char real[PATH_MAX];
	struct stat st;
	int rc;

	for (int i = 0; i < RAID_NODE_WAIT_S * 10; i++) {
		if (!stat(r->array, &st) && S_ISBLK(st.st_mode))
			break;
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	}
	if (stat(r->array, &st) || !S_ISBLK(st.st_mode) || !realpath(r->array, real)) {
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "mdadm said it created '%s' but no such "
			      "block device appeared within %d s", r->array, RAID_NODE_WAIT_S);
		goto out;
	}
	rc = device_probe(real, di, d);
	if (rc)
		goto out;
	r->array_dev = xstrdup(real);
	r->array_size = di->size;
	/* Our own array is confirmed by being ours; anything else needs --destroy. */
	r->own_id = device_identity(di)[0] ? xstrdup(device_identity(di)) : NULL;
	r->ids[0] = r->own_id;
	if (our_array(r, di->kname) && r->own_id) {
		r->array_ids = r->ids;
		r->narray_ids = 1;
	} else {
		r->array_ids = o->destroy;
		r->narray_ids = o->ndestroy;
	}
	rc = interlock_check(real, r->array_ids, r->narray_ids, ir, d);
	fprintf(out, "checks for the array '%s' (%s%s):\n", r->array, real,
		r->array_ids == r->ids ? ", the md array of exactly the members" :
		", not an md array of the members: needs --destroy");
	interlock_print(ir, out);
out:
	free(ir);
	free(di);
	return rc;
}

int run_raid_up(struct run_raid *r, const struct run_opts *o, const char *dir, FILE *out,
		struct diag *d)
{
	int rc = run_raid_guard(r, o, 0, out, d);

	if (!rc && dir)
		rc = journal_add_event(dir, "raid-up", r->array, d);
	if (rc)
		return rc;
	r->up = 1;   /* from here on a teardown is owed, whatever happens */
	fprintf(out, "creating %s%s%s\n", r->array, r->host ? " on host " : "",
		r->host ? r->host->name : "");
	if (r->host)   /* the bench checks the array itself, as find_array does here */
		rc = bench_raid(r, o, 0, out, d);
	else if (!(rc = raid_up(&r->seq, r->exec, r->exec_arg, &r->log, d)))
		rc = find_array(r, o, out, d);
	if (r->array_dev) {
		free(r->node);
		r->node = xstrdup(r->array_dev);
	}
	return rc;
}

int run_raid_down(struct run_raid *r, const char *dir, FILE *out, struct diag *d)
{
	const char *knames[RAID_MAX_MEMBERS];
	int rc;

	for (size_t i = 0; i < r->n; i++)
		knames[i] = r->m[i].dev->kname;
	fprintf(out, "tearing down %s%s%s\n", r->array, r->host ? " on host " : "",
		r->host ? r->host->name : "");
	if (r->host)
		rc = bench_raid(r, NULL, 1, out, d);
	else
		rc = raid_down(&r->seq, r->exec, r->exec_arg, r->mdstat, knames, r->n,
			       &r->log, d);
	if (!rc && dir)
		rc = journal_add_event(dir, "raid-down", r->array, d);
	if (!rc)
		r->up = 0;
	free(r->array_dev);
	r->array_dev = NULL;
	free(r->own_id);
	r->own_id = NULL;
	r->ids[0] = NULL;
	r->array_ids = NULL;
	r->narray_ids = 0;
	return rc;
}

int run_raid_recheck(const struct run_raid *r, FILE *out, struct diag *d)
{
	struct interlock_report *ir = xcalloc(1, sizeof(*ir));
	struct device_info *di = xcalloc(1, sizeof(*di));
	unsigned t = remote_timeout_s();
	/* the array: no --lock-token, the run's lock holds its members, not it */
	int rc = r->host ? sshcmd_interlock(r->host, r->array_dev, r->array_ids,
					    r->narray_ids, NULL, t, ir, d) :
		 interlock_check(r->array_dev, r->array_ids, r->narray_ids, ir, d);

	if (rc)
		interlock_print(ir, out);
	else if ((r->host ? sshcmd_probe(r->host, r->array_dev, t, di, NULL, d) :
		  device_probe(r->array_dev, di, d)) || di->size != r->array_size)
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to write to '%s'%s%s%s: it "
			      "is not the array created for the run any more", r->array_dev,
			      r->host ? " on host '" : "", r->host ? r->host->name : "",
			      r->host ? "'" : "");
	free(di);
	free(ir);
	return rc;
}

const char *run_raid_json(struct run_raid *r)
{
	json_t *o = json_object(), *members = json_array();
	char *log = raid_log_json(&r->log);

	for (size_t i = 0; i < r->n; i++)
		json_array_append_new(members, json_pack("{s:s, s:s, s:s, s:I}", "name",
							 r->m[i].name, "path", r->m[i].path,
							 "identity",
							 device_identity(r->m[i].dev), "size",
							 (json_int_t)r->m[i].dev->size));
	json_object_set_new(o, "level", json_integer(0));
	json_object_set_new(o, "chunk", json_integer((json_int_t)r->chunk));
	json_object_set_new(o, "array", json_string(r->array));
	json_object_set_new(o, "node", r->node ? json_string(r->node) : json_null());
	json_object_set_new(o, "host", r->host ? json_string(r->host->name) : json_null());
	json_object_set_new(o, "members", members);
	json_object_set_new(o, "skipped", r->why[0] ? json_string(r->why) : json_null());
	json_object_set_new(o, "commands", json_loads(log, 0, NULL));
	free(r->json);
	r->json = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	free(log);
	return r->json;
}
