/* SPDX-License-Identifier: MIT */
/*
 * run_archive: the run's side of its archive -- the folder made (or an earlier
 * run's cleared with --force), the plan files copied in, the run described, the
 * journal started, a resume's plan and target compared with the journal's and its
 * unfinished folders removed, the archive's lock, and the report rendered at the end.
 */
#include "run_int.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "err.h"
#include "fsutil.h"
#include "platform.h"
#include "report_out.h"
#include "safefile.h"
#include "sbuf.h"
#include "sha256.h"
#include "units.h"
#include "version.h"
#include "xalloc.h"

static char *cpu_model(void)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	char *model = NULL;

	while (f && !model && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, "model name", 10) || !colon)
			continue;
		colon += 1 + (colon[1] == ' ');
		colon[strcspn(colon, "\n")] = '\0';
		model = xstrdup(colon);
	}
	if (f)
		fclose(f);
	return model ? model : xstrdup("unknown");
}

static char *dup_or_null(const char *s)
{
	return s[0] ? xstrdup(s) : NULL;
}

/* this machine's OS, RAM, board and BIOS, and a local drive's link. */
static void describe_platform(const struct orch *x, struct result_run *r)
{
	struct platform_info p;
	char link[256] = "";

	platform_probe("", &p);
	r->os = dup_or_null(p.os);
	r->ram_bytes = p.ram_bytes;
	r->board = dup_or_null(p.board);
	r->bios = dup_or_null(p.bios);
	if (x->dev.tgt.is_device && x->dev.g.dev && x->dev.g.dev->kname[0])
		platform_link("", x->dev.g.dev->kname, link, sizeof(link));
	r->interface = dup_or_null(link);
}

/*
 * The target's probe as 'ssdbench probe --json' prints it (on its bench, with the
 * host added), or NULL when it fails or the run does not reach the bench by ssh.
 * NULL for a <raid> scope too: its array exists only between set-up and teardown,
 * and opening the node mdadm leaves behind when no udev removes it makes the
 * kernel create an empty md device of that number again.
 */
char *run__probe_json(const struct orch *x)
{
	struct device_info *di;
	char *buf = NULL;
	struct diag d;

	if (x->dev.raid)
		return NULL;
	di = xcalloc(1, sizeof(*di));
	diag_clear(&d);
	if ((!x->dev.tgt.host || run__bench_needs(x)) && run__probe(x, di, &buf, &d)) {
		free(buf);
		buf = NULL;
	}
	free(di);
	return buf;
}

/* Fills the run's description: versions, platform, plan, target, pending steps. */
int run__describe_run(struct orch *x, struct diag *d)
{
	struct result_run *r = &x->arc.run;
	struct utsname u;
	char host[256] = "unknown", size[32], sha[65];
	const char *base = strrchr(x->dev.tgt.path, '/');

	if (sha256_file(x->plan.file, sha))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'", x->plan.file);
	r->plan_name = xstrdup(x->plan.name);
	r->plan_title = xstrdup(x->plan.title);
	r->plan_file = xstrdup("plan.xml");
	r->archive_dir = xstrdup(x->arc.out);
	r->plan_sha256 = xstrdup(sha);
	units_format_size(x->dev.tgt.size, size, sizeof(size));
	if (x->dev.raid)
		r->target = run_raid_describe(x->dev.raid);
	else if (x->dev.tgt.is_device && x->dev.g.dev)   /* "(1 TB, MODEL, serial S, firmware F)" */
		r->target = xasprintf("device %s (%s%s%s%s%s%s%s)%s%s", x->dev.tgt.path, size,
				      x->dev.g.dev->model[0] ? ", " : "", x->dev.g.dev->model,
				      x->dev.g.dev->serial[0] ? ", serial " : ", ",
				      device_identity(x->dev.g.dev), x->dev.g.dev->firmware[0] ?
				      ", firmware " : "", x->dev.g.dev->firmware,
				      x->dev.tgt.host ? " on host " : "",
				      x->dev.tgt.host ? x->dev.tgt.host->name : "");
	else if (x->dev.tgt.host)
		r->target = xasprintf("file %s (%s) on host %s", base + 1, size,
				      x->dev.tgt.host->name);
	else
		r->target = xasprintf("file %s (%s)", base + 1, size);
	r->ssdbench_version = xstrdup(SSDBENCH_VERSION);
	r->ioengine = xstrdup(x->fio.engine);
	if (x->dev.tgt.host) {  /* the bench's: what its fio server tells */
		r->fio_version = xstrdup(x->dev.tgt.bench.fio_version);
		r->kernel = xasprintf("%s %s", x->dev.tgt.bench.os, x->dev.tgt.bench.arch);
		r->cpu = xstrdup("unknown");
		r->hostname = xstrdup(x->dev.tgt.bench.hostname);
	} else {
		r->fio_version = xstrdup(x->fio.version);
		uname(&u);
		r->kernel = xasprintf("%s %s %s", u.sysname, u.release, u.machine);
		r->cpu = cpu_model();
		gethostname(host, sizeof(host) - 1);
		r->hostname = xstrdup(host);
		describe_platform(x, r);
	}
	r->started = x->arc.replay.start.started ? xstrdup(x->arc.replay.start.started) :
		     run__iso_now();
	r->status = xstrdup("running");
	r->capacity = x->dev.g.usable ? x->dev.g.usable : x->dev.tgt.size;
	r->failure = xstrdup(x->plan.failure ? x->plan.failure : "stop");
	for (size_t i = 0; i < x->plan.ntitles; i++)
		result_run_add_title(r, x->plan.titles[i].lang, x->plan.titles[i].text);
	for (size_t i = 0; i < x->plan.ntargets; i++) {
		const struct plan_target *pt = &x->plan.targets[i];

		for (size_t k = 0; x->dev.tgt.name && !strcmp(pt->name, x->dev.tgt.name) &&
		     k < pt->labels.n; k++)
			result_labels_add(&r->target_labels, pt->labels.v[k].lang,
					  pt->labels.v[k].text);
	}
	if (x->dev.g.dev && x->dev.g.dev->model[0])
		r->drive_model = xstrdup(x->dev.g.dev->model);
	if (x->dev.g.dev && x->dev.g.dev->firmware[0])
		r->drive_firmware = xstrdup(x->dev.g.dev->firmware);
	if (x->dev.g.dev && x->dev.g.dev->serial[0])
		r->drive_serial = xstrdup(x->dev.g.dev->serial);
	r->target_kind = xstrdup(x->dev.tgt.is_device ? "device" : "file");
	r->report = x->plan.report ? xstrdup(x->plan.report) : NULL;
	r->sponsor = x->plan.sponsor ? xstrdup(x->plan.sponsor) : NULL;
	r->report_langs = x->o->langs ? xstrdup(x->o->langs) : NULL;
	/* On resume the first snapshot is the one from the start (in the manifest). */
	if (!x->dev.probe_before)
		x->dev.probe_before = run__probe_json(x);
	x->arc.mt.probe_before = x->dev.probe_before;
	x->arc.mt.rerun_of = x->o->rerun_of;
	x->arc.mt.raid = x->dev.raid ? run_raid_json(x->dev.raid) : NULL;
	x->arc.mt.name = x->dev.tgt.name;
	x->arc.mt.kind = x->dev.tgt.is_device ? "device" : "file";
	x->arc.mt.path = x->dev.tgt.path;
	x->arc.mt.size = x->dev.tgt.size;
	if (x->dev.tgt.host) {
		x->arc.mt.host = x->dev.tgt.host->name;
		x->arc.mt.host_server = x->dev.tgt.client;
		x->arc.mt.host_hostname = x->dev.tgt.bench.hostname;
	}
	return 0;
}

/* ------------------------------------------------------------------------- */
/* The archive                                                               */

static int remove_entry(const char *path, const struct stat *sb, int flag,
			struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* Removes what an earlier run wrote into out (never anything else there). */
static int clear_archive(const char *out)
{
	static const char *const files[] = {
		"manifest.json", "plan.xml", "results.csv", "report.pdf", JOURNAL_FILE,
	};
	static const char *const dirs[] = { "steps", "charts", "plan" };
	int rc = 0;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *p = xasprintf("%s/%s", out, files[i]);

		if (unlink(p) && errno != ENOENT)
			rc = -errno;
		free(p);
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *p = xasprintf("%s/%s", out, dirs[i]);

		if (nftw(p, remove_entry, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
			rc = -errno;
		free(p);
	}
	return rc;
}

static int copy_file(const char *from, const char *to, struct diag *d)
{
	struct sbuf sb;
	FILE *f;
	int rc = 0;

	sbuf_init(&sb);
	if (sbuf_read_file(&sb, from)) {
		sbuf_release(&sb);
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'", from);
	}
	f = fopen(to, "wb");
	if (!f || fwrite(sb.buf, 1, sb.len, f) != sb.len)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", to,
			      strerror(errno));
	if (f && fclose(f) && !rc)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot write '%s': %s", to,
			      strerror(errno));
	sbuf_release(&sb);
	return rc;
}

/*
 * Copies every file the plan read into out/plan/, in their layout relative to the
 * folder that holds them all, so the archive alone can run the plan again
 * (rerun). x->arc.plan_copy is the main plan's copy, relative to out.
 */
static int copy_plan_files(struct orch *x, struct diag *d)
{
	size_t n = x->plan.nincludes, len;
	char **abs = xcalloc(n + 1, sizeof(*abs)), *root;
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		abs[i] = plan_absolute_path(x->plan.includes[i]);
	root = xstrdup(abs[0]);
	*strrchr(root, '/') = '\0';
	for (size_t i = 1; i < n; i++)  /* shrink root until it holds every file */
		while (strncmp(abs[i], root, strlen(root)) || abs[i][strlen(root)] != '/')
			*strrchr(root, '/') = '\0';
	len = strlen(root);
	for (size_t i = 0; i < n && !rc; i++) {
		char *dst = xasprintf("%s/plan/%s", x->arc.out, abs[i] + len + 1);

		*strrchr(dst, '/') = '\0';
		if (fsutil_mkdir_p(dst))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", dst,
				      strerror(errno));
		*strchr(dst, '\0') = '/';
		if (!rc)
			rc = copy_file(x->plan.includes[i], dst, d);
		free(dst);
	}
	x->arc.plan_copy = xasprintf("plan/%s", abs[0] + len + 1);
	for (size_t i = 0; i < n; i++)
		free(abs[i]);
	free(abs);
	free(root);
	return rc;
}

/* Creates out/ and out/steps/, refusing to overwrite an archive unless --force. */
int run__prepare_archive(struct orch *x, struct diag *d)
{
	char *manifest = xasprintf("%s/manifest.json", x->arc.out);
	char *steps = xasprintf("%s/steps", x->arc.out);
	char *plan_copy = xasprintf("%s/plan.xml", x->arc.out);
	int rc = 0;

	if (!access(manifest, F_OK)) {
		if (!x->o->force)
			rc = diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' already holds an "
				      "archive (use --force to replace it, or --out for "
				      "another folder)", x->arc.out);
		else if (clear_archive(x->arc.out))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot clear '%s': %s",
				      x->arc.out, strerror(errno));
	}
	if (!rc && (fsutil_mkdir_p(x->arc.out) || fsutil_mkdir_p(steps)))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", steps,
			      strerror(errno));
	if (!rc)
		rc = copy_file(x->plan.file, plan_copy, d);
	if (!rc)
		rc = copy_plan_files(x, d);
	free(manifest);
	free(steps);
	free(plan_copy);
	return rc;
}

/* "NAME=file:PATH,..." with PATH made absolute, so resume works from any folder. */
static char *absolute_target(const char *spec)
{
	const char *file = strstr(spec, "=file:");
	char *path, *abs, *out;
	size_t n;

	if (!file || file[6] == '/')
		return xstrdup(spec);
	n = strcspn(file + 6, ",");
	path = xasprintf("%.*s", (int)n, file + 6);
	abs = plan_absolute_path(path);
	out = xasprintf("%.*s=file:%s%s", (int)(file - spec), spec, abs, file + 6 + n);
	free(path);
	free(abs);
	return out;
}

static char **copy_strs(const char *const *v, size_t n, char *(*f)(const char *))
{
	char **c = xcalloc(n + 1, sizeof(*c));

	for (size_t i = 0; i < n; i++)
		c[i] = f(v[i]);
	return c;
}

static char *dup_str(const char *s)
{
	return xstrdup(s);
}

static const char *target_identity(const struct orch *x)
{
	if (x->dev.raid)
		return x->dev.raid->identity;
	return x->dev.tgt.is_device && x->dev.g.dev ? device_identity(x->dev.g.dev) : "file";
}

/* The journal's first line: everything resume needs to start the run again. */
int run__start_journal(struct orch *x, struct diag *d)
{
	const struct run_opts *o = x->o;
	struct journal_start s = { 0 };
	int rc = 0;

	s.plan = plan_absolute_path(o->plan_path);
	s.nfiles = x->plan.nincludes;
	s.files = xcalloc(s.nfiles + 1, sizeof(*s.files));
	s.sha256 = xcalloc(s.nfiles + 1, sizeof(*s.sha256));
	for (size_t i = 0; i < s.nfiles && !rc; i++) {
		char sha[65];

		s.files[i] = plan_absolute_path(x->plan.includes[i]);
		if (sha256_file(x->plan.includes[i], sha))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot read '%s'",
				      x->plan.includes[i]);
		s.sha256[i] = xstrdup(rc ? "" : sha);
	}
	s.sets = copy_strs(o->sets, o->nsets, dup_str);
	s.nsets = o->nsets;
	s.targets = copy_strs(o->targets, o->ntargets, absolute_target);
	s.ntargets = o->ntargets;
	s.hosts = copy_strs(o->hosts, o->nhosts, dup_str);
	s.nhosts = o->nhosts;
	s.op = o->op ? xstrdup(o->op) : NULL;
	s.purge = o->purge ? xstrdup(o->purge) : NULL;
	s.target_path = xstrdup(x->dev.tgt.path);
	s.target_identity = xstrdup(target_identity(x));
	s.target_size = x->dev.tgt.size;
	s.target_created = x->dev.tgt.created;
	s.started = xstrdup(x->arc.run.started);
	s.plan_copy = x->arc.plan_copy ? xstrdup(x->arc.plan_copy) : NULL;
	s.rerun_of = x->o->rerun_of ? realpath(x->o->rerun_of, NULL) : NULL;
	if (!rc)
		rc = journal_create(x->arc.out, &s, d);
	{
		struct journal j;

		journal_init(&j);
		j.start = s;
		journal_release(&j);
	}
	return rc;
}

/* s as one shell word: single-quoted unless it is plain. */
static void add_word(struct sbuf *sb, const char *s)
{
	sbuf_addc(sb, ' ');
	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			 "0123456789_./:=,@%+-") == strlen(s)) {
		sbuf_adds(sb, s);
		return;
	}
	sbuf_addc(sb, '\'');
	for (; *s; s++)
		if (*s == '\'')
			sbuf_adds(sb, "'\\''");
		else
			sbuf_addc(sb, *s);
	sbuf_addc(sb, '\'');
}

static void add_opts(struct sbuf *sb, const char *opt, const char *const *v, size_t n,
		     char *(*f)(const char *))
{
	for (size_t i = 0; i < n; i++) {
		char *w = f(v[i]);

		sbuf_addc(sb, ' ');
		sbuf_adds(sb, opt);
		add_word(sb, w);
		free(w);
	}
}

static char *resume_command(const struct orch *x)
{
	const struct run_opts *o = x->o;
	struct sbuf sb;

	sbuf_init(&sb);
	sbuf_adds(&sb, "ssdbench resume");
	add_word(&sb, x->arc.out);
	add_opts(&sb, "--target", o->targets, o->ntargets, absolute_target);
	add_opts(&sb, "--host", o->hosts, o->nhosts, dup_str);
	add_opts(&sb, "--destroy", o->destroy, o->ndestroy, dup_str);
	return sb.buf;
}

int run__interrupted_error(const struct orch *x, const char *step, struct diag *d)
{
	char *cmd = resume_command(x);
	int rc;

	if (step)
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "interrupted during step '%s'; the "
			      "elements before it are kept: '%s' goes on from there", step, cmd);
	else
		rc = diag_set(d, -SB_EFIO, NULL, 0, 0, "interrupted; the finished elements "
			      "are kept: '%s' goes on from there", cmd);
	free(cmd);
	return rc;
}

/*
 * Resume: the archive's copies of the plan files as they were when the run started
 * (the plan resume loaded is the copy in plan/, never the journal's path outside
 * the archive), the same target, or a clear refusal.
 */
int run__check_resume(struct orch *x, struct diag *d)
{
	const struct journal_start *s = &x->arc.replay.start;
	char sha[65];

	if (x->plan.nincludes != s->nfiles)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: the archive's plan "
				"copy reads %zu files, the plan read %zu when the run started",
				x->plan.nincludes, s->nfiles);
	for (size_t i = 0; i < s->nfiles; i++) {
		const char *f = x->plan.includes[i];

		if (sha256_file(f, sha))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: cannot read "
					"the plan copy '%s'", f);
		if (strcmp(sha, s->sha256[i]))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot resume: the plan "
					"copy '%s' is not the file the run started with (SHA-256 "
					"%.12s..., was %.12s...)", f, sha, s->sha256[i]);
	}
	if (strcmp(x->dev.tgt.path, s->target_path ? s->target_path : "") ||
	    strcmp(target_identity(x), s->target_identity ? s->target_identity : "") ||
	    x->dev.tgt.size != s->target_size)
		return diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "cannot resume: the target changed "
				"since the run started: it was %s (%s, %llu bytes), it is now %s "
				"(%s, %llu bytes)", s->target_path ? s->target_path : "?",
				s->target_identity ? s->target_identity : "?",
				(unsigned long long)s->target_size, x->dev.tgt.path,
				target_identity(x), (unsigned long long)x->dev.tgt.size);
	return 0;
}

void run__resume_trim(struct journal *j)
{
	while (j->nelems && strcmp(j->elems[j->nelems - 1].status, "ok")) {
		struct journal_elem *el = &j->elems[--j->nelems];

		free(el->name);
		free(el->status);
		free(el->error);
		free(el->started);
		free(el->ended);
	}
}

/*
 * Resume: forgets trailing failed elements (they are run again) and removes the
 * folders of elements the journal does not hold (the one in flight when the run
 * stopped), so they start clean. An archive is not trusted: a "steps" that is a
 * link is refused, and each removal stays under steps/ (links removed, not followed).
 */
int run__prepare_resume(struct orch *x, struct diag *d)
{
	struct journal *j = &x->arc.replay;
	char *steps = xasprintf("%s/steps", x->arc.out);
	struct stat st;
	DIR *dir = NULL;
	struct dirent *e;
	int rc = 0, left = x->fio.ops->kill_leftovers(x->arc.out), fd = -1;

	if (left)
		run__say(x, "stopped %d fio process%s the interrupted run left running\n", left,
			 left == 1 ? "" : "es");
	run__resume_trim(j);
	if (lstat(steps, &st) == 0 || errno != ENOENT) { /* none yet: nothing to clean */
		fd = safefile_opendir(x->arc.out, "steps", d);
		rc = fd < 0 ? fd : 0;
	}
	if (fd >= 0 && !(dir = fdopendir(fd)))
		close(fd);
	while (dir && !rc && (e = readdir(dir))) {
		char *end;
		unsigned long n = strtoul(e->d_name, &end, 10);
		int err;

		if (end == e->d_name || *end != '-' || n <= j->nelems)
			continue;
		if ((err = safefile_remove_tree(dirfd(dir), e->d_name)))
			rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot remove '%s/%s': %s", steps,
				      e->d_name, strerror(-err));
	}
	if (dir)
		closedir(dir);
	free(steps);
	return rc;
}

/*
 * Takes the archive's lock (archlock.h) unless this process holds it. Before the
 * guard (create = 0) only a folder that exists is locked: a resume's, or one a
 * --force run replaces, before anything there (or a device an interrupted run
 * left changed) is touched; a new folder is made and locked once fio passed.
 */
int run__check_out_folder(const struct orch *x, struct diag *d)
{
	DIR *dir = opendir(x->arc.out);
	const struct dirent *e;
	int other = 0, archive = 0;

	if (!dir)
		return errno == ENOENT ? 0 : diag_set(d, -SB_EUSAGE, NULL, 0, 0, "cannot use "
						       "'%s' as the output folder: %s",
						       x->arc.out, strerror(errno));
	while ((e = readdir(dir))) {
		archive |= !strcmp(e->d_name, "manifest.json") || !strcmp(e->d_name, "journal.jsonl");
		other |= strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
			 strcmp(e->d_name, ".lock");
	}
	closedir(dir);
	if (!other || archive)
		return 0;
	return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "'%s' is not empty and is not an ssdbench "
			"archive: refusing to write a run into it (use --out for another folder)",
			x->arc.out);
}

int run__lock_archive(struct orch *x, int create, struct diag *d)
{
	struct stat st;

	if (x->arc.lock.fd >= 0 || (!create && stat(x->arc.out, &st)))
		return 0;
	if (create && fsutil_mkdir_p(x->arc.out))
		return diag_set(d, -SB_EIO, NULL, 0, 0, "cannot create '%s': %s", x->arc.out,
				strerror(errno));
	return archlock_take(&x->arc.lock, x->arc.out, d);
}

/*
 * The report at the end of the run, in the run's languages (report_out.h):
 * report.pdf and charts/, or report/LANG/ each.
 */
int run__render(struct orch *x, struct diag *d)
{
	struct report_set s = { 0 };

	s.dir = x->arc.out;
	s.say = stdout;
	return report_render_set(&x->arc.run, &s, d);
}
