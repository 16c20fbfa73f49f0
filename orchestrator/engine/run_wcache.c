/* SPDX-License-Identifier: MIT */
/* run_wcache: the write cache a plan asks for, set on the live drive and given back. */
#include "run_wcache.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "hwio.h"
#include "journal.h"
#include "xalloc.h"

#define KERNEL_WAIT_S 2     /* for libata's revalidation to show a SATA drive's new state */

static const char *const method_names[] = { [WCACHE_NONE] = "not applicable",
					    [WCACHE_NVME] = "nvme", [WCACHE_ATA] = "ata" };

int run_wcache_new(const struct plan *p, struct run_wcache **w, struct diag *d)
{
	const char *asks = p->write_cache && strcmp(p->write_cache, "as-is") ? p->write_cache :
			   NULL;
	int line = 0, raid = 0, on = p->write_cache && !strcmp(p->write_cache, "on");

	*w = NULL;
	for (size_t i = 0; i < p->nscopes; i++) {
		const struct plan_scope *s = &p->scopes[i];

		raid |= s->kind == PLAN_RAID;
		on |= s->write_cache && !strcmp(s->write_cache, "on");
		if (!asks && s->write_cache && strcmp(s->write_cache, "as-is")) {
			asks = s->write_cache;
			line = s->line;
		}
	}
	if (asks && raid)
		return diag_set(d, -SB_EUSAGE, p->file, line, 0, "write-cache=\"%s\" in a plan "
				"with <raid>: this version sets the write cache of one drive, "
				"not of an array's members (use \"as-is\")", asks);
	*w = xcalloc(1, sizeof(**w));
	(*w)->any = asks != NULL;
	(*w)->asks = asks;
	(*w)->asks_on = on;
	(*w)->before = (*w)->cur = (*w)->set = -1;
	snprintf((*w)->why, sizeof((*w)->why), "not probed");
	return 0;
}

void run_wcache_free(struct run_wcache *w)
{
	if (!w)
		return;
	free(w->json);
	free(w);
}

int run_wcache_guard(struct run_wcache *w, const struct device_info *di, const char *host,
		     int is_device, struct diag *d)
{
	const char *why = NULL;
	struct diag sd;
	int rc;

	w->method = WCACHE_NONE;
	if (host && is_device && w->any)
		return diag_set(d, -SB_EUSAGE, NULL, 0, 0, "write-cache=\"%s\" sets the write "
				"cache of a drive on this machine; the target is on host '%s' "
				"(use \"as-is\")", w->asks, host);
	if (host || !di) {
		snprintf(w->why, sizeof(w->why), "%s", !is_device ? "a file" : host ?
			 "a device on a bench" : "an md RAID 0");
		return 0;
	}
	w->method = wcache_method_of(di, &why);
	if (w->method == WCACHE_NONE) {
		snprintf(w->why, sizeof(w->why), "%s", why);
		return 0;
	}
	w->why[0] = '\0';
	if (strlen(di->path) >= sizeof(w->node) ||
	    strlen(device_identity(di)) >= sizeof(w->identity))
		return diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s': its path or identity is too "
				"long for the write cache's restore record", di->path);
	memcpy(w->node, di->path, strlen(di->path) + 1);
	memcpy(w->identity, device_identity(di), strlen(device_identity(di)) + 1);
	w->present = di->has_nvme ? (di->nvme.vwc & 1) != 0 : di->has_ata && di->ata.wcache;
	w->simulated = device_stand_in(di) != NULL;
	if (!w->read)   /* a resume's recovery already knows it */
		w->before = w->cur = di->wcache_state;
	snprintf(w->kernel_before, sizeof(w->kernel_before), "%s", di->wcache_sysfs);
	if (!w->any)
		return 0;
	if (!w->present && !w->asks_on && (di->has_nvme || di->has_ata)) {
		/* off of a drive without a volatile write cache: it writes through already
		 * (SNIA's WCD holds); nothing to send, nothing to give back */
		w->no_cache = 1;
		w->before = w->cur = 0;
		w->read = 1;
		return 0;
	}
	diag_clear(&sd);
	rc = wcache_settable(di, &sd);
	if (rc)
		return diag_set(d, rc, NULL, 0, 0, "write-cache=\"%s\": %s",
				w->asks_on ? "on" : w->asks, sd.msg);
	return 0;
}

int run_wcache_want(const struct plan *p, const struct plan_workload *w)
{
	const char *v = plan_step_write_cache(p, w);

	return !strcmp(v, "on") ? 1 : !strcmp(v, "off") ? 0 : -1;
}

const char *run_wcache_element(const struct run_wcache *w, const struct plan *p,
			       const struct plan_workload *s)
{
	int want;

	if (!w)
		return NULL;
	if (w->method == WCACHE_NONE)
		return "not applicable";
	want = run_wcache_want(p, s);
	return wcache_state_name(want >= 0 ? want : w->before);
}

/* The drive at w->node, still the one of w->identity, opened for commands. */
static struct hwio *open_drive(const struct run_wcache *w, const char *doing,
			       struct device_info *di, struct diag *d)
{
	if (device_probe(w->node, di, d))
		return NULL;
	if (strcmp(device_identity(di), w->identity)) {
		diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to %s the write cache of '%s': it "
			 "is '%s' now, the run's record is for the drive '%s'", doing, w->node,
			 device_identity(di), w->identity);
		return NULL;
	}
	return hwio_open(di, d);
}

/*
 * The kernel's queue/write_cache after a change: libata shows a SATA drive's once it
 * re-read IDENTIFY (a note when it does not within KERNEL_WAIT_S); an NVMe drive's
 * only says whether it has a volatile write cache.
 */
static void kernel_after(struct run_wcache *w, int state, FILE *out)
{
	const char *want = state ? "write back" : "write through";
	struct device_info *di = xcalloc(1, sizeof(*di));
	double end = clock_mono_s() + (w->method == WCACHE_ATA ? KERNEL_WAIT_S : 0);
	struct diag d;

	diag_clear(&d);
	do {
		if (!device_probe(w->node, di, &d))
			snprintf(w->kernel_after, sizeof(w->kernel_after), "%s", di->wcache_sysfs);
		if (!strcmp(w->kernel_after, want) || clock_mono_s() >= end)
			break;
		nanosleep(&(struct timespec){ 0, 100000000 }, NULL);
	} while (1);
	if (w->method == WCACHE_ATA && w->kernel_after[0] && strcmp(w->kernel_after, want))
		fprintf(out, "note: the kernel's queue/write_cache of '%s' still says '%s' %d s "
			"after SET FEATURES set the drive's cache %s\n", w->node, w->kernel_after,
			KERNEL_WAIT_S, wcache_state_name(state));
	free(di);
}

/* Sets state on the open drive h and reads it back; after a failure the state is unknown. */
static int set_state(struct run_wcache *w, struct hwio *h, int state, struct diag *d)
{
	int got = -1, rc = wcache_set(h, w->method, state, &w->log, d);

	if (!rc)
		rc = wcache_get(h, w->method, &got, &w->log, d);
	if (!rc && got != state)
		rc = diag_set(d, -SB_EIO, NULL, 0, 0, "the write cache of '%s' is %s after it "
			      "was set %s", w->node, wcache_state_name(got),
			      wcache_state_name(state));
	w->cur = rc ? -1 : state;   /* unknown: the restore sets it back regardless */
	return rc;
}

/* The journal's restore record: what gives the drive its state back. */
static int journal_change(const struct run_wcache *w, const char *dir, struct diag *d)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:i}", "device", w->node, "identity",
			      w->identity, "method", method_names[w->method], "before",
			      w->before);
	char *s = json_dumps(o, JSON_COMPACT);
	int rc = journal_add_restore(dir, "write-cache-change", s, d);

	free(s);
	json_decref(o);
	return rc;
}

int run_wcache_apply(struct run_wcache *w, int want, const char *dir, FILE *out,
		     struct diag *d)
{
	struct device_info *di;
	struct hwio *h;
	int rc = 0, asked = want >= 0;

	if (w->method == WCACHE_NONE || (want < 0 && !w->changed))
		return 0;
	if (want < 0)
		want = w->before;
	if (w->read && w->cur == want)
		return 0;
	di = xcalloc(1, sizeof(*di));
	h = open_drive(w, "set", di, d);
	if (!h) {
		free(di);
		return d->code ? d->code : -SB_EIO;
	}
	if (!w->read) {   /* the state now, not the probe's from the start */
		rc = wcache_get(h, w->method, &w->before, &w->log, d);
		w->cur = w->before;
		w->read = !rc;
	}
	if (!rc && w->cur != want && !w->changed && !(rc = journal_change(w, dir, d)))
		w->changed = 1;   /* from here on a restore is owed, whatever happens */
	if (!rc && w->cur != want) {
		int was = w->cur;

		rc = set_state(w, h, want, d);
		if (!rc) {
			w->set = want;
			w->asked_set |= asked ? 1u << want : 0;
			fprintf(out, "write cache of '%s' (%s): %s, was %s%s%s%s%s\n", w->node,
				w->identity, wcache_state_name(want), wcache_state_name(was),
				want == w->before ? " (as the run found it)" : "", w->simulated ?
				" [simulated: " : "", w->simulated ? device_stand_in_note() : "",
				w->simulated ? "]" : "");
			fflush(out);   /* said before the step, which may run for hours */
		}
	}
	hwio_close(h);
	free(di);
	if (!rc && w->changed && w->cur == w->before) {
		rc = journal_add_event(dir, "write-cache-restored", w->node, d);
		w->changed = rc != 0;
		w->restored = !rc;
	}
	if (!rc && w->set >= 0)
		kernel_after(w, w->cur, out);
	return rc;
}

int run_wcache_restore(struct run_wcache *w, const char *dir, FILE *out, struct diag *d)
{
	return w->changed ? run_wcache_apply(w, -1, dir, out, d) : 0;
}

int run_wcache_recover(struct run_wcache *w, const char *record, const char *dir, FILE *out,
		       struct diag *d)
{
	json_t *o = json_loads(record, 0, NULL);
	const char *node = NULL, *identity = NULL, *method = NULL;
	struct diag ad;
	int before = -1, rc;

	if (!o || json_unpack(o, "{s:s, s:s, s:s, s:i}", "device", &node, "identity",
			      &identity, "method", &method, "before", &before) ||
	    (before != 0 && before != 1) || (strcmp(method, "nvme") && strcmp(method, "ata")) ||
	    strlen(node) >= sizeof(w->node) || strlen(identity) >= sizeof(w->identity)) {
		json_decref(o);
		return diag_set(d, -SB_EPARSE, NULL, 0, 0, "the journal's write cache record is "
				"damaged: '%.200s'", record);
	}
	snprintf(w->node, sizeof(w->node), "%s", node);
	snprintf(w->identity, sizeof(w->identity), "%s", identity);
	w->method = strcmp(method, "nvme") ? WCACHE_ATA : WCACHE_NVME;
	json_decref(o);
	fprintf(out, "the run left the write cache of '%s' (%s) set: setting it back to %s "
		"first\n", w->node, w->identity, wcache_state_name(before));
	w->before = before;
	w->read = 1;
	w->cur = !before;   /* what the record says the run set */
	w->changed = 1;
	diag_clear(&ad);
	rc = run_wcache_apply(w, -1, dir, out, &ad);
	if (rc)
		return diag_set(d, rc, NULL, 0, 0, "cannot resume: %s; the journal's "
				"write-cache-change record says what to set back", ad.msg);
	w->recovered = 1;
	return 0;
}

void run_wcache_describe(const struct run_wcache *w, int want, int prev, const char *where,
			 FILE *out)
{
	struct sbuf sb;

	if (want < 0 || want == prev)
		return;
	if (w->method == WCACHE_NONE) {
		fprintf(out, "write cache %s %s: not applicable (%s): nothing is sent\n",
			wcache_state_name(want), where, w->why);
		return;
	}
	if (w->no_cache) {
		fprintf(out, "write cache %s %s: '%s' has no volatile write cache: off "
			"already, nothing is sent\n", wcache_state_name(want), where, w->node);
		return;
	}
	sbuf_init(&sb);
	fprintf(out, "write cache %s %s, on '%s' (%s commands)%s:\n", wcache_state_name(want),
		where, w->node, method_names[w->method], prev == -2 ? "; the state found is "
		"read and journaled first, and set back when a step wants it, at the end, on "
		"failure, Ctrl-C and at resume" : "");
	wcache_describe(w->method, want, &sb);
	fputs(sb.buf, out);
	sbuf_release(&sb);
}

static json_t *state_json(int state)
{
	return state < 0 ? json_null() : json_string(wcache_state_name(state));
}

static json_t *str_or_null(const char *s)
{
	return s && s[0] ? json_string(s) : json_null();
}

const char *run_wcache_json(struct run_wcache *w)
{
	json_t *o = json_object(), *cmds = json_array(), *set = json_array();

	for (size_t i = 0; i < w->log.n; i++)
		json_array_append_new(cmds, json_pack("{s:s, s:s, s:f, s:b}", "command",
						       w->log.e[i].what, "args",
						       w->log.e[i].args, "seconds",
						       w->log.e[i].seconds, "ok", w->log.e[i].ok));
	json_object_set_new(o, "method", json_string(method_names[w->method]));
	json_object_set_new(o, "reason", str_or_null(w->method == WCACHE_NONE ? w->why : NULL));
	json_object_set_new(o, "asked", json_string(w->any ? w->asks : "as-is"));
	json_object_set_new(o, "simulated", json_boolean(w->simulated));
	json_object_set_new(o, "present", w->method == WCACHE_NONE ? json_null() :
			    json_boolean(w->present));
	json_object_set_new(o, "before", state_json(w->before));
	json_object_set_new(o, "set", set);
	for (int s = 0; s < 2; s++)
		if (w->asked_set & 1u << s)
			json_array_append_new(set, json_string(wcache_state_name(s)));
	json_object_set_new(o, "now", state_json(w->method == WCACHE_NONE ? -1 : w->cur));
	json_object_set_new(o, "restored", json_boolean(w->restored && !w->changed));
	json_object_set_new(o, "recovered", json_boolean(w->recovered));
	json_object_set_new(o, "kernel_before", str_or_null(w->kernel_before));
	json_object_set_new(o, "kernel_after", str_or_null(w->kernel_after));
	json_object_set_new(o, "commands", cmds);
	free(w->json);
	w->json = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return w->json;
}
