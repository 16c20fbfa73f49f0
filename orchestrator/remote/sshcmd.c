/* SPDX-License-Identifier: MIT */
/* sshcmd: ssdbench's commands on a bench over ssh, argv built here, --json read back. */
#include "sshcmd.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "remote.h"
#include "xalloc.h"

/* Characters a POSIX shell reads literally in an unquoted word ('=' is not: NAME=x). */
static const char safe_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				 "0123456789_./:,@%+-";

/*
 * Appends word to sb as a shell must see it: as is, or in single quotes. '=' is
 * safe after the first word of a line (eq_ok) only: at its start it makes NAME=x
 * an assignment.
 */
static void add_quoted(struct sbuf *sb, const char *word, int eq_ok)
{
	size_t ok = strspn(word, safe_chars);

	while (eq_ok && word[ok] == '=')
		ok += 1 + strspn(word + ok + 1, safe_chars);
	if (*word && !word[ok]) {
		sbuf_adds(sb, word);
		return;
	}
	sbuf_addc(sb, '\'');
	for (const char *s = word; *s; s++) {
		if (*s == '\'')
			sbuf_adds(sb, "'\\''");
		else
			sbuf_addc(sb, *s);
	}
	sbuf_addc(sb, '\'');
}

static char *quoted(const char *word)
{
	struct sbuf sb;

	sbuf_init(&sb);
	add_quoted(&sb, word, 0);
	return sbuf_detach(&sb);
}

const char *sshcmd_dest(const struct plan_host *h)
{
	return h->ssh && *h->ssh ? h->ssh : h->address;
}

char **sshcmd_argv(const struct plan_host *h, unsigned timeout_s, const char *const *args,
		   size_t n)
{
	const char *prog = getenv("SSDBENCH_SSH");
	unsigned connect = timeout_s > 1 ? timeout_s - 1 : timeout_s ? 1 : remote_timeout_s();
	char **argv = xcalloc(n + 20, sizeof(*argv));
	size_t k = 0;

	argv[k++] = xstrdup(prog && *prog ? prog : "ssh");
	argv[k++] = xstrdup("-o");
	argv[k++] = xstrdup("BatchMode=yes");
	argv[k++] = xstrdup("-o");
	argv[k++] = xasprintf("ConnectTimeout=%u", connect);
	argv[k++] = xstrdup("-o");
	argv[k++] = xstrdup("ServerAliveInterval=15");
	argv[k++] = xstrdup("-o");
	argv[k++] = xstrdup("ServerAliveCountMax=4");
	if (h->ssh_port > 0) {
		argv[k++] = xstrdup("-p");
		argv[k++] = xasprintf("%lld", h->ssh_port);
	}
	argv[k++] = xstrdup("--");
	argv[k++] = xstrdup(sshcmd_dest(h));
	argv[k++] = quoted(h->ssdbench && *h->ssdbench ? h->ssdbench : "ssdbench");
	for (size_t i = 0; i < n; i++)
		argv[k++] = quoted(args[i]);
	return argv;
}

void sshcmd_argv_free(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

char *sshcmd_line(char *const *argv)
{
	struct sbuf sb;

	sbuf_init(&sb);
	for (size_t i = 0; argv[i]; i++) {
		if (i)
			sbuf_addc(&sb, ' ');
		add_quoted(&sb, argv[i], i > 0);
	}
	return sbuf_detach(&sb);
}

/* The bench's reason: its last "error: " line (without that), else its last line. */
static void reason(const char *text, char *buf, size_t n)
{
	const char *best = NULL, *err = NULL;

	for (const char *s = text; s && *s;) {
		size_t len = strcspn(s, "\n");
		if (len && strspn(s, " \t\r") < len)
			best = s;
		for (size_t i = 0; i + 7 <= len; i++)
			if (!strncmp(s + i, "error: ", 7)) {
				err = s + i + 7;
				break;
			}
		s = s[len] ? s + len + 1 : NULL;
	}
	if (err)
		best = err;
	snprintf(buf, n, "%.*s", best ? (int)strcspn(best, "\r\n") : 0, best ? best : "");
}

int sshcmd_judge(const struct plan_host *h, const char *prog, const char *cmd, int rc,
		 const char *err, unsigned timeout_s, struct diag *d)
{
	char why[512];

	reason(err, why, sizeof(why));
	if (rc == 0)
		;
	else if (rc == -SB_EFIO)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "host '%s' (ssh %s): 'ssdbench %s' gave no "
			      "answer within %u s", h->name, sshcmd_dest(h), cmd, timeout_s);
	else if (rc == -SB_EIO || (rc == 127 && !*err))
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot run '%s' here", prog);
	else if (rc == 255)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "cannot reach host '%s' over ssh (%s)%s%s",
			      h->name, sshcmd_dest(h), why[0] ? ": " : "", why);
	else if (rc == 127 || rc == 126)
		rc = diag_set(d, -SB_ENOENT, NULL, 0, 0, "host '%s' (ssh %s) cannot run %s: %s "
			      "(install ssdbench there, or give the host ssdbench=PATH)",
			      h->name, sshcmd_dest(h), h->ssdbench ? h->ssdbench : "ssdbench",
			      why);
	else
		rc = diag_set(d, rc == 1 && strstr(why, "refus") ? -SB_EUNSAFE : -SB_EIO, NULL,
			      0, 0, "host '%s' (ssh %s) says: %s", h->name, sshcmd_dest(h),
			      why[0] ? why : "it failed without saying why");
	return rc;
}

int sshcmd_run(const struct plan_host *h, const char *const *args, size_t n,
	       unsigned timeout_s, struct sbuf *out, struct sbuf *err, struct diag *d)
{
	char **argv = sshcmd_argv(h, timeout_s, args, n);
	struct sbuf e;
	int rc;

	sbuf_init(&e);
	rc = remote_run(argv, NULL, timeout_s, out, &e);
	if (err)
		sbuf_add(err, e.buf, e.len);
	rc = sshcmd_judge(h, argv[0], args[0], rc, e.buf, timeout_s, d);
	sbuf_release(&e);
	sshcmd_argv_free(argv);
	return rc;
}

/* Parses text as a JSON object, or sets d naming the host and the command. */
static json_t *parse(const struct plan_host *h, const char *what, const char *text,
		     struct diag *d)
{
	json_error_t je;
	json_t *o = json_loads(text, 0, &je);

	if (o && json_is_object(o))
		return o;
	json_decref(o);
	diag_set(d, -SB_EPARSE, NULL, 0, 0, "host '%s': 'ssdbench %s' printed no JSON object "
		 "(line %d: %s): is it the same ssdbench version as here?", h->name, what,
		 je.line, je.text);
	return NULL;
}

static void copy_str(json_t *o, const char *key, char *buf, size_t n)
{
	const char *s = json_string_value(json_object_get(o, key));

	snprintf(buf, n, "%s", s ? s : "");
}

static uint64_t get_u64(json_t *o, const char *key)
{
	json_int_t v = json_integer_value(json_object_get(o, key));

	return v > 0 ? (uint64_t)v : 0;
}

/* The fields of a probe's JSON that the engine reads (device_print's keys). */
static void fill_device(json_t *o, struct device_info *di)
{
	const char *kind = json_string_value(json_object_get(o, "kind"));
	json_t *rot = json_object_get(o, "rotational"), *t;

	memset(di, 0, sizeof(*di));
	copy_str(o, "path", di->path, sizeof(di->path));
	copy_str(o, "kernel_name", di->kname, sizeof(di->kname));
	copy_str(o, "model", di->model, sizeof(di->model));
	copy_str(o, "serial", di->serial, sizeof(di->serial));
	copy_str(o, "firmware", di->firmware, sizeof(di->firmware));
	copy_str(o, "backing_file", di->backing_file, sizeof(di->backing_file));
	for (int k = DEVICE_FILE; k <= DEVICE_OTHER; k++)
		if (kind && !strcmp(kind, device_kind_name((enum device_kind)k)))
			di->kind = (enum device_kind)k;
	di->exists = json_is_true(json_object_get(o, "exists"));
	di->is_partition = json_is_true(json_object_get(o, "partition"));
	di->is_block = di->exists && di->kind != DEVICE_FILE;
	di->size = get_u64(o, "size_bytes");
	di->logical_block = (unsigned)get_u64(o, "logical_block_bytes");
	di->physical_block = (unsigned)get_u64(o, "physical_block_bytes");
	di->rotational = json_is_boolean(rot) ? json_is_true(rot) : -1;
	di->discard_max = get_u64(o, "discard_max_bytes");
	di->diskseq = get_u64(o, "diskseq");
	t = json_object_get(o, "temperature_celsius");
	di->temp_mc_valid = json_is_number(t);
	di->temp_mc = (long)(json_number_value(t) * 1000.0);
}

int sshcmd_probe(const struct plan_host *h, const char *path, unsigned timeout_s,
		 struct device_info *di, char **json, struct diag *d)
{
	const char *args[] = { "probe", path, "--json", "--allow-missing" };
	struct sbuf out;
	json_t *o = NULL;
	int rc;

	sbuf_init(&out);
	rc = sshcmd_run(h, args, 4, timeout_s, &out, NULL, d);
	if (!rc && !(o = parse(h, "probe", out.buf, d)))
		rc = d->code;
	if (!rc) {
		fill_device(o, di);
		if (json) {
			json_object_set_new(o, "host", json_string(h->name));
			*json = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		}
	}
	json_decref(o);
	sbuf_release(&out);
	return rc;
}

/* Appends --destroy ID... [--lock-token T] --json to a at *k: every device command's tail. */
static void add_tail(const char **a, size_t *k, const char *const *ids, size_t n,
		     const char *token)
{
	for (size_t i = 0; i < n; i++) {
		a[(*k)++] = "--destroy";
		a[(*k)++] = ids[i];
	}
	if (token) {
		a[(*k)++] = "--lock-token";
		a[(*k)++] = token;
	}
	a[(*k)++] = "--json";
}

const char **sshcmd_dev_args(const struct sshcmd_dev *c, size_t *nargs)
{
	const char **a = xcalloc(2 * c->n + 10, sizeof(*a));
	size_t k = 0;

	a[k++] = c->cmd;
	a[k++] = c->path;
	if (c->opt) {
		a[k++] = c->opt;
		a[k++] = c->val;
	}
	add_tail(a, &k, c->ids, c->n, c->token);
	*nargs = k;
	return a;
}

int sshcmd_interlock(const struct plan_host *h, const char *path, const char *const *ids,
		     size_t n, const char *token, unsigned timeout_s, struct interlock_report *r,
		     struct diag *d)
{
	struct sshcmd_dev c = { "interlock", path, NULL, NULL, ids, n, token };
	size_t nargs;
	const char **args = sshcmd_dev_args(&c, &nargs);
	struct sbuf out;
	struct diag rd;
	json_t *o = NULL, *rows;
	int rc;

	sbuf_init(&out);
	diag_clear(&rd);
	memset(r, 0, sizeof(*r));
	rc = sshcmd_run(h, args, nargs, timeout_s, &out, NULL, &rd);
	/* A refusal still prints every row: read them, then say the bench's refusal. */
	if ((!rc || rc == -SB_EUNSAFE) && (o = parse(h, "interlock", out.buf, d))) {
		rows = json_object_get(o, "rows");
		for (size_t i = 0; i < json_array_size(rows) && i < INTERLOCK_MAX_ROWS; i++) {
			json_t *w = json_array_get(rows, i);

			copy_str(w, "name", r->rows[i].name, sizeof(r->rows[i].name));
			copy_str(w, "detail", r->rows[i].detail, sizeof(r->rows[i].detail));
			r->rows[i].pass = json_is_true(json_object_get(w, "pass"));
			r->nrows = i + 1;
		}
		r->refused = json_is_true(json_object_get(o, "refused"));
		copy_str(o, "first_failure", r->first_failure, sizeof(r->first_failure));
		copy_str(o, "what", r->what, sizeof(r->what));
		r->diskseq = get_u64(o, "diskseq");
	} else if (!rc || rc == -SB_EUNSAFE) {
		rc = d->code;
	}
	if (rc && rd.code)
		diag_set(d, rc, NULL, 0, 0, "%s", rd.msg);
	json_decref(o);
	sbuf_release(&out);
	free(args);
	return rc;
}

/* Says the bench's own lines on out, each prefixed with the host's name. */
static void relay(const struct plan_host *h, const char *text, FILE *out)
{
	for (const char *s = text; s && *s;) {
		size_t len = strcspn(s, "\n");

		fprintf(out, "%s: %.*s\n", h->name, (int)len, s);
		s = s[len] ? s + len + 1 : NULL;
	}
}

int sshcmd_purge(const struct plan_host *h, const char *path, enum purge_method m,
		 const char *const *ids, size_t n, const char *token, FILE *out,
		 struct purge_result *r, struct diag *d)
{
	struct sshcmd_dev c = { "purge", path, "--method", purgemethod_name(m), ids, n, token };
	size_t nargs;
	const char **args = sshcmd_dev_args(&c, &nargs);
	struct sbuf so, se;
	json_t *o = NULL;
	int rc;

	sbuf_init(&so);
	sbuf_init(&se);
	memset(r, 0, sizeof(*r));
	rc = sshcmd_run(h, args, nargs, 0, &so, &se, d);
	relay(h, se.buf, out);
	if (!rc && !(o = parse(h, "purge", so.buf, d)))
		rc = d->code;
	if (!rc) {
		const char *name = json_string_value(json_object_get(o, "method"));

		if (!name || purgemethod_parse(name, &r->method))
			r->method = m;
		r->seconds = json_number_value(json_object_get(o, "seconds"));
		copy_str(o, "detail", r->detail, sizeof(r->detail));
	}
	json_decref(o);
	sbuf_release(&so);
	sbuf_release(&se);
	free(args);
	return rc;
}

const char **sshcmd_raid_args(const struct sshcmd_raid *c, size_t *nargs)
{
	const char **a = xcalloc(2 * (c->nmembers + c->n) + 10, sizeof(*a));
	size_t k = 0;

	a[k++] = "raid";
	a[k++] = c->verb;
	a[k++] = c->name;
	for (size_t i = 0; i < c->nmembers; i++) {
		a[k++] = "--member";
		a[k++] = c->members[i];
	}
	a[k++] = "--chunk";
	a[k++] = c->chunk;
	add_tail(a, &k, c->ids, c->n, c->token);
	*nargs = k;
	return a;
}

json_t *sshcmd_raid_run(const struct plan_host *h, const struct sshcmd_raid *c, FILE *out,
			struct diag *d)
{
	size_t nargs;
	const char **args = sshcmd_raid_args(c, &nargs);
	struct sbuf so, se;
	json_t *o = NULL;
	int rc;

	sbuf_init(&so);
	sbuf_init(&se);
	rc = sshcmd_run(h, args, nargs, 0, &so, &se, d);
	relay(h, se.buf, out);
	if (!rc)
		o = parse(h, "raid", so.buf, d);
	sbuf_release(&so);
	sbuf_release(&se);
	free(args);
	return o;
}

int sshcmd_version(const struct plan_host *h, unsigned timeout_s, char *buf, size_t n,
		   struct diag *d)
{
	const char *args[] = { "--version" };
	struct sbuf out;
	int rc;

	sbuf_init(&out);
	rc = sshcmd_run(h, args, 1, timeout_s, &out, NULL, d);
	if (!rc && strncmp(out.buf, "ssdbench ", 9))
		rc = diag_set(d, -SB_EPARSE, NULL, 0, 0, "host '%s': 'ssdbench --version' "
			      "printed '%.40s', not a version", h->name, out.buf);
	if (!rc)
		snprintf(buf, n, "%.*s", (int)strcspn(out.buf + 9, " \n"), out.buf + 9);
	sbuf_release(&out);
	return rc;
}
