/* SPDX-License-Identifier: MIT */
/*
 * plan_target: a plan's targets and hosts replaced from the command line
 * (--target NAME=[HOST:]SPEC, --host NAME=ADDRESS[:PORT]).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "plan.h"
#include "sbuf.h"
#include "suggest.h"
#include "units.h"
#include "xalloc.h"

/* Returns path made absolute against the working folder; free() it. */
char *plan_absolute_path(const char *path)
{
	char cwd[PATH_MAX];

	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

int plan_target_path_kept(const char *path)
{
	const char *c = path;

	if (!*path || path[0] == '/')
		return 0;
	while (*c) {
		size_t n = strcspn(c, "/");

		if (n == 2 && !strncmp(c, "..", 2))
			return 0;
		c += n;
		c += *c == '/';
	}
	return 1;
}

char *plan_normal_path(const char *path)
{
	char *out = xstrdup(path), *w = out;
	const char *c = path;
	int abs = *path == '/';

	/* out is built in place: it is never longer than path. */
	if (abs)
		*w++ = '/';
	while (*c) {
		size_t n = strcspn(c, "/");
		char *top = w > out + abs ? w - 1 : NULL;

		while (top && top > out + abs && top[-1] != '/')
			top--;
		if (n == 2 && !strncmp(c, "..", 2) && top && strncmp(top, "../", 3)) {
			w = top;             /* drops the last component */
		} else if (n == 2 && !strncmp(c, "..", 2) && abs) {
			;                    /* /.. is / */
		} else if (n && !(n == 1 && *c == '.')) {
			memmove(w, c, n);
			w += n;
			*w++ = '/';
		}
		c += n;
		c += *c == '/';
	}
	if (w > out + abs)
		w--;                         /* the last component's '/' */
	*w = '\0';
	if (!*out) {
		free(out);
		out = xstrdup(".");
	}
	return out;
}

/*
 * Sets t from SPEC: /dev/DEVICE, or file:PATH[,size=SIZE] (PATH relative to here;
 * on a bench, remote, it must be absolute: it is a path there).
 */
static int parse_spec(struct plan_target *t, const char *spec, int remote, struct diag *d)
{
	const char *why, *comma;
	uint64_t size = t->kind == PLAN_TARGET_FILE ? t->size : 0;
	char *path;

	if (!strncmp(spec, "/dev/", 5)) {
		free(t->path);
		t->path = xstrdup(spec);
		t->kind = PLAN_TARGET_DEVICE;
		t->size = 0;
		return 0;
	}
	if (strncmp(spec, "file:", 5) || !spec[5])
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target '%s': expected "
				"/dev/DEVICE or file:PATH,size=SIZE", spec);
	spec += 5;
	comma = strstr(spec, ",size=");
	if (comma && units_parse_size(comma + 6, &size, &why))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "target size '%s': %s",
				comma + 6, why);
	if (!size)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "file target '%s' needs a "
				"size: file:PATH,size=SIZE", spec);
	path = comma ? xstrndup(spec, (size_t)(comma - spec)) : xstrdup(spec);
	if (remote && path[0] != '/') {
		diag_set(d, -SB_EUSAGE, NULL, 0, 0, "file target '%s' on host '%s' needs an "
			 "absolute path (a path on that bench)", path, t->host);
		free(path);
		return -SB_EUSAGE;
	}
	free(t->path);
	t->path = remote ? xstrdup(path) : plan_absolute_path(path);
	free(path);
	t->kind = PLAN_TARGET_FILE;
	t->size = size;
	return 0;
}

/* The host named name, or NULL with d set (and a suggestion). */
static struct plan_host *find_host(struct plan *p, const char *name, const char *spec,
				   struct diag *d)
{
	const char *names[64];
	const char *hint;
	size_t nn = 0;

	for (size_t i = 0; i < p->nhosts; i++) {
		if (!strcmp(p->hosts[i].name, name))
			return &p->hosts[i];
		if (nn < 64)
			names[nn++] = p->hosts[i].name;
	}
	hint = suggest_pick(name, names, nn);
	diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--target '%s': no host '%s' (give --host "
		 "%s=ADDRESS[:PORT] or a <host> in the plan)%s%s%s", spec, name, name,
		 hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
	return NULL;
}

/* "[HOST:]SPEC": the target moves to that host, or to this machine without one. */
static int bind_host(struct plan *p, struct plan_target *t, const char *spec,
		     struct diag *d)
{
	const char *colon = strchr(spec, ':');
	char *name;
	int rc;

	if (!strncmp(spec, "/dev/", 5) || !strncmp(spec, "file:", 5) || !colon) {
		free(t->host);
		t->host = NULL;
		return parse_spec(t, spec, 0, d);
	}
	name = xstrndup(spec, (size_t)(colon - spec));
	if (!find_host(p, name, spec, d)) {
		free(name);
		return -SB_EUSAGE;
	}
	free(t->host);
	t->host = name;
	rc = parse_spec(t, colon + 1, 1, d);
	return rc;
}

/* A name as plans spell them: [A-Za-z0-9._-]+. */
static int valid_name(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
			    s[i]))
			return 0;
	return 1;
}

/* Splits "ADDRESS[:PORT]", "[IPV6]:PORT" or a bare IPv6 address. */
static int parse_address(const char *s, char **address, long long *port, struct diag *d)
{
	const char *colon = strrchr(s, ':'), *why;
	const char *end = s + strlen(s);

	*port = 8765;
	if (s[0] == '[') {
		const char *close = strchr(s, ']');

		if (!close || (close[1] && close[1] != ':'))
			return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--host address '%s': "
					"expected [IPV6]:PORT", s);
		*address = xstrndup(s + 1, (size_t)(close - s - 1));
		colon = close[1] ? close + 1 : NULL;
	} else if (colon && strchr(s, ':') == colon) {
		*address = xstrndup(s, (size_t)(colon - s));
	} else {
		*address = xstrdup(s);   /* no port, or an IPv6 address without one */
		colon = NULL;
	}
	if (colon && units_parse_int(colon + 1, 1, 65535, port, &why)) {
		diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--host port '%.*s': %s",
			 (int)(end - colon - 1), colon + 1, why);
		free(*address);
		*address = NULL;
		return -SB_EUSAGE;
	}
	if (!**address) {
		free(*address);
		*address = NULL;
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--host '%s': no address", s);
	}
	return 0;
}

/* The ssh settings after the address: ",ssh=DEST", ",ssh-port=N", ",ssdbench=PATH". */
static int parse_ssh_options(struct plan_host *h, const char *opts, const char *spec,
			     struct diag *d)
{
	while (*opts == ',') {
		const char *key = opts + 1, *eq = strchr(key, '='), *why;
		size_t klen = eq ? (size_t)(eq - key) : 0, vlen;
		char *value;
		long long port;

		if (!eq)
			break;
		vlen = strcspn(eq + 1, ",");
		value = xstrndup(eq + 1, vlen);
		if (klen == 3 && !strncmp(key, "ssh", 3) && *value && *value != '-') {
			free(h->ssh);
			h->ssh = value;
		} else if (klen == 8 && !strncmp(key, "ssdbench", 8) && *value) {
			free(h->ssdbench);
			h->ssdbench = value;
		} else if (klen == 8 && !strncmp(key, "ssh-port", 8) &&
			   !units_parse_int(value, 1, 65535, &port, &why)) {
			h->ssh_port = port;
			free(value);
		} else {
			free(value);
			break;
		}
		opts = eq + 1 + vlen;
	}
	if (!*opts)
		return 0;
	return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--host '%s': cannot read '%s' (expected "
			",ssh=DEST, ,ssh-port=N or ,ssdbench=PATH after the address; DEST "
			"not starting with '-')", spec, opts);
}

void plan_host_forget_access(struct plan_host *h)
{
	free(h->ssh);
	free(h->ssdbench);
	h->ssh = h->ssdbench = NULL;
	h->ssh_port = 0;
}

int plan_apply_host(struct plan *p, const char *spec, struct diag *d)
{
	const char *eq = strchr(spec, '='), *comma;
	struct plan_host *h = NULL, opts;
	char *address = NULL, *addr_spec;
	long long port = 0;
	int rc;

	if (!eq || !valid_name(spec, (size_t)(eq - spec)))
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--host '%s': expected "
				"NAME=ADDRESS[:PORT] (NAME of letters, digits, '.', '_', '-')",
				spec);
	comma = eq + 1 + strcspn(eq + 1, ",");
	memset(&opts, 0, sizeof(opts));
	if (parse_ssh_options(&opts, comma, spec, d)) {
		free(opts.ssh);
		free(opts.ssdbench);
		return -SB_EUSAGE;
	}
	addr_spec = xstrndup(eq + 1, (size_t)(comma - eq - 1));
	rc = parse_address(addr_spec, &address, &port, d);
	free(addr_spec);
	if (rc) {
		free(opts.ssh);
		free(opts.ssdbench);
		return -SB_EUSAGE;
	}
	for (size_t i = 0; i < p->nhosts && !h; i++)
		if (strlen(p->hosts[i].name) == (size_t)(eq - spec) &&
		    !strncmp(p->hosts[i].name, spec, (size_t)(eq - spec)))
			h = &p->hosts[i];
	if (!h) {
		XGROW(p->hosts, p->caphosts, p->nhosts + 1);
		h = memset(&p->hosts[p->nhosts++], 0, sizeof(*h));
		h->name = xstrndup(spec, (size_t)(eq - spec));
	}
	free(h->address);
	h->address = address;
	h->port = port;
	if (opts.ssh) {
		free(h->ssh);
		h->ssh = opts.ssh;
	}
	if (opts.ssdbench) {
		free(h->ssdbench);
		h->ssdbench = opts.ssdbench;
	}
	if (opts.ssh_port)
		h->ssh_port = opts.ssh_port;
	return 0;
}

const struct plan_host *plan_target_host(const struct plan *p, const struct plan_target *t)
{
	for (size_t i = 0; t->host && i < p->nhosts; i++)
		if (!strcmp(p->hosts[i].name, t->host))
			return &p->hosts[i];
	return NULL;
}

int plan_apply_target(struct plan *p, const char *spec, struct diag *d)
{
	const char *eq = strchr(spec, '=');
	struct plan_target *t = NULL;
	const char *names[64];
	size_t nn = 0;

	if (!eq || eq == spec)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--target '%s': expected "
				"NAME=[HOST:]/dev/DEVICE or NAME=[HOST:]file:PATH,size=SIZE", spec);
	for (size_t i = 0; i < p->ntargets; i++) {
		if (strlen(p->targets[i].name) == (size_t)(eq - spec) &&
		    !strncmp(p->targets[i].name, spec, (size_t)(eq - spec)))
			t = &p->targets[i];
		if (nn < 64)
			names[nn++] = p->targets[i].name;
	}
	if (!t) {
		char *want = xstrndup(spec, (size_t)(eq - spec));
		const char *hint = suggest_pick(want, names, nn);

		diag_set(d, -SB_EUSAGE, NULL, 0, 0, "--target '%s': the plan has no "
			 "target '%s'%s%s%s", spec, want, hint ? " (did you mean '" : "",
			 hint ? hint : "", hint ? "'?)" : "");
		free(want);
		return -SB_EUSAGE;
	}
	return bind_host(p, t, eq + 1, d);
}
