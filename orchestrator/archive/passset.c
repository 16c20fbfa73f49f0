/* SPDX-License-Identifier: MIT */
/* passset: passes.json, the list of a pass set's archives. */
#include "passset.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "safefile.h"
#include "sbuf.h"
#include "xalloc.h"

#define PASSSET_FORMAT "ssdbench-passes-1"
#define PASSSET_MAX_BYTES (1u << 20)

/* A pass's folder as passes.json may name it: "pass-" and digits, nothing else. */
static int pass_name_ok(const char *s)
{
	if (strncmp(s, "pass-", 5) || !s[5])
		return 0;
	for (s += 5; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

static char *str_or_null(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? xstrdup(s) : NULL;
}

int passset_is(const char *dir)
{
	struct diag d;
	int fd = safefile_open_present(dir, "passes.json", &d);

	if (fd >= 0)
		close(fd);
	return fd != -SB_ENOENT;
}

int passset_read(const char *dir, struct passset *ps, struct diag *d)
{
	struct sbuf sb;
	json_error_t je;
	json_t *root, *list;
	const char *format;
	char *file = xasprintf("%s/passes.json", dir);
	int fd, rc = 0;

	memset(ps, 0, sizeof(*ps));
	fd = safefile_open_present(dir, "passes.json", d);
	if (fd == -SB_ENOENT) {
		free(file);
		return 1;
	}
	if (fd < 0) {
		free(file);
		return fd;
	}
	sbuf_init(&sb);
	rc = safefile_read_fd(fd, file, PASSSET_MAX_BYTES, &sb, d);
	close(fd);
	root = rc ? NULL : json_loadb(sb.buf, sb.len, 0, &je);
	if (!rc && !root)
		rc = diag_set(d, -SB_EPARSE, file, je.line, je.column, "%s", je.text);
	format = root ? json_string_value(json_object_get(root, "format")) : NULL;
	if (!rc && (!format || strcmp(format, PASSSET_FORMAT)))
		rc = diag_set(d, -SB_EPARSE, file, 0, 0, "format: want \"%s\"", PASSSET_FORMAT);
	list = root ? json_object_get(root, "passes") : NULL;
	if (!rc && (!json_is_array(list) || !json_array_size(list)))
		rc = diag_set(d, -SB_EPARSE, file, 0, 0, "passes: want a list of the pass "
			      "folders (\"pass-1\", ...)");
	for (size_t i = 0; !rc && i < json_array_size(list); i++) {
		const char *s = json_string_value(json_array_get(list, i));

		if (!s || !pass_name_ok(s)) {
			rc = diag_set(d, -SB_EPARSE, file, 0, 0, "passes[%zu]: want \"pass-N\", "
				      "a folder of the set", i);
			break;
		}
		ps->passes = xrealloc(ps->passes, (ps->npasses + 1) * sizeof(*ps->passes));
		ps->passes[ps->npasses++] = xstrdup(s);
	}
	if (!rc) {
		json_t *met = json_object_get(root, "noise_met");

		ps->plan = str_or_null(root, "plan");
		ps->requested = str_or_null(root, "requested");
		ps->worst = str_or_null(root, "worst");
		ps->between = str_or_null(root, "between");
		ps->noise_pct = json_number_value(json_object_get(root, "noise_target_pct"));
		ps->noise_met = json_is_boolean(met) ? json_is_true(met) : -1;
		ps->stopped = json_is_true(json_object_get(root, "stopped"));
	}
	json_decref(root);
	sbuf_release(&sb);
	free(file);
	if (rc)
		passset_release(ps);
	return rc;
}

int passset_write(const char *dir, const struct passset *ps, struct diag *d)
{
	json_t *root = json_object(), *list = json_array();
	char *file = xasprintf("%s/passes.json", dir), *text;
	int rc;

	json_object_set_new(root, "format", json_string(PASSSET_FORMAT));
	json_object_set_new(root, "plan", ps->plan ? json_string(ps->plan) : json_null());
	json_object_set_new(root, "requested", json_string(ps->requested ? ps->requested : ""));
	if (ps->noise_met >= 0) {
		json_object_set_new(root, "noise_target_pct", json_real(ps->noise_pct));
		json_object_set_new(root, "noise_met", json_boolean(ps->noise_met));
	}
	json_object_set_new(root, "worst", ps->worst ? json_string(ps->worst) : json_null());
	json_object_set_new(root, "between", json_string(ps->between ? ps->between : "none"));
	json_object_set_new(root, "stopped", json_boolean(ps->stopped));
	for (size_t i = 0; i < ps->npasses; i++)
		json_array_append_new(list, json_string(ps->passes[i]));
	json_object_set_new(root, "passes", list);
	text = json_dumps(root, JSON_INDENT(2));
	rc = safefile_write(file, text, strlen(text), d);
	free(text);
	free(file);
	json_decref(root);
	return rc;
}

void passset_release(struct passset *ps)
{
	for (size_t i = 0; i < ps->npasses; i++)
		free(ps->passes[i]);
	free(ps->passes);
	free(ps->plan);
	free(ps->requested);
	free(ps->worst);
	free(ps->between);
	memset(ps, 0, sizeof(*ps));
}
