/* SPDX-License-Identifier: MIT */
/* run_hwop: a hardware-OP scope's capacity change and its restore, live. */
#include "run_hwop.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/fs.h>

#include <jansson.h>

#include "clock.h"
#include "err.h"
#include "hwio.h"
#include "interlock.h"
#include "journal.h"
#include "xalloc.h"

#define HWOP_WAIT_S 10      /* for the node to show its new size after the rescan */

int run_hwop_new(const struct plan *p, struct run_hwop **h, struct diag *d)
{
	*h = NULL;
	for (size_t i = 0; i < p->nscopes; i++) {
		const struct plan_scope *s = &p->scopes[i];

		if (s->kind != PLAN_OP || !strcmp(s->op_method, "software"))
			continue;
		if (*h) {
			run_hwop_free(*h);
			*h = NULL;
			return diag_set(d, -SB_EUSAGE, p->file, s->line, 0, "this version runs "
					"one <op> with method=\"hpa\" or \"namespace\" per plan; "
					"'%s' is the second", s->name);
		}
		*h = xcalloc(1, sizeof(**h));
		(*h)->scope = (int)i;
		(*h)->name = s->name;
		(*h)->method = !strcmp(s->op_method, "hpa") ? HWOP_HPA : HWOP_NAMESPACE;
		(*h)->centi = (unsigned)lround(s->op * 10000.0);
	}
	return 0;
}

void run_hwop_free(struct run_hwop *h)
{
	if (!h)
		return;
	free(h->json);
	free(h);
}

static uint64_t size_of(const char *node)
{
	uint64_t size = 0;
	int fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && ioctl(fd, BLKGETSIZE64, &size))
		size = 0;
	if (fd >= 0)
		close(fd);
	return size;
}

/* Polls node until the kernel shows want bytes, for at most HWOP_WAIT_S. */
static int wait_size(const char *node, uint64_t want, uint64_t *got, struct diag *d)
{
	double end = clock_mono_s() + HWOP_WAIT_S;

	while ((*got = size_of(node)) != want && clock_mono_s() < end)
		nanosleep(&(struct timespec){ 0, 50000000 }, NULL);
	if (*got == want)
		return 0;
	return diag_set(d, -SB_EIO, NULL, 0, 0, "'%s' did not show its new capacity within %d "
			"s after the rescan: %llu bytes, want %llu", node, HWOP_WAIT_S,
			(unsigned long long)*got, (unsigned long long)want);
}

/* The namespace's node after the change: the NSID create returned may be a new one. */
static void node_after(const struct device_info *di, uint32_t nsid, char *node, size_t n)
{
	if (di->has_nvme && di->nvme_ctrl[0] && nsid != di->nsid)
		snprintf(node, n, "/dev/%sn%u", di->nvme_ctrl, nsid);
	else
		snprintf(node, n, "%s", di->path);
}

/* node is still the drive the record names: -SB_EUNSAFE otherwise. */
static int same_drive(const char *node, const struct hwop_restore *r, struct device_info *di,
		      const char *doing, struct diag *d)
{
	int rc = device_probe(node, di, d);

	if (!rc && strcmp(device_identity(di), r->identity))
		rc = diag_set(d, -SB_EUNSAFE, NULL, 0, 0, "refusing to %s '%s': it is '%s' now, "
			      "the restore record is for the drive '%s'", doing, node,
			      device_identity(di), r->identity);
	return rc;
}

/* The change's commands on an open drive, once the record is journaled. */
static int resize(struct run_hwop *h, struct hwio *io, struct device_info *di, FILE *out,
		  struct diag *d)
{
	uint64_t want = h->method == HWOP_HPA ? (h->count + 1) * h->rec.lba_bytes :
			h->count * h->rec.lba_bytes;
	int rc = hwop_resize(io, &h->rec, h->count, &h->nsid, &h->log, d);

	if (!rc)
		rc = hwio_rescan(io, d);
	node_after(di, h->nsid, h->node, sizeof(h->node));
	if (!rc)
		rc = wait_size(h->node, want, &h->new_size, d);
	if (!rc)
		rc = same_drive(h->node, &h->rec, di, "run the scope on", d);
	if (!rc)
		fprintf(out, "%s: %s is now %llu bytes (was %llu): %s %llu\n", h->name, h->node,
			(unsigned long long)h->new_size, (unsigned long long)h->old_size,
			h->method == HWOP_HPA ? "last LBA" : "NSZE", (unsigned long long)h->count);
	return rc;
}

int run_hwop_change(struct run_hwop *h, const struct run_opts *o, const char *path,
		    const char *dir, FILE *out, struct diag *d)
{
	struct interlock_report *ir = xcalloc(1, sizeof(*ir));
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct hwio *io = NULL;
	double t0 = clock_mono_s();
	char *json = NULL;
	int rc = interlock_check(path, o->destroy, o->ndestroy, ir, d);

	if (rc)
		interlock_print(ir, out);
	if (!rc)
		rc = device_probe(path, di, d);
	if (!rc)
		rc = hwop_supported(di, h->method, d);
	if (!rc && !(io = hwio_open(di, d)))
		rc = d->code;
	if (rc)
		goto out;
	h->simulated = hwio_simulated(io);
	h->old_size = di->size;
	memset(&h->rec, 0, sizeof(h->rec));
	rc = hwop_read(io, di, h->method, &h->rec, &h->log, d);
	if (rc)
		goto out;
	if (strlen(di->path) >= sizeof(h->rec.device) ||
	    strlen(device_identity(di)) >= sizeof(h->rec.identity)) {
		rc = diag_set(d, -SB_EINVAL, NULL, 0, 0, "'%s': its path or identity is too "
			      "long for the restore record", di->path);
		goto out;
	}
	memcpy(h->rec.device, di->path, strlen(di->path) + 1);
	memcpy(h->rec.identity, device_identity(di), strlen(device_identity(di)) + 1);
	h->count = h->method == HWOP_HPA ?
		   hwop_hpa_max_lba(h->rec.native_max, h->rec.lba_bytes, h->centi) :
		   hwop_ns_blocks(h->rec.nsze, h->rec.lba_bytes, h->centi);
	json = hwop_restore_json(&h->rec);
	rc = journal_add_restore(dir, "capacity-change", json, d);
	if (rc)
		goto out;
	h->changed = 1;   /* from here on a restore is owed, whatever happens */
	h->restored = 0;
	fprintf(out, "%s: over-provisioning %u.%02u %% by %s on '%s' (%s)%s%s%s\n", h->name,
		h->centi / 100, h->centi % 100, h->method == HWOP_HPA ? h->rec.amac ?
		"SET ACCESSIBLE MAX ADDRESS (ACS-4 AMAC)" : "the HPA (SET MAX ADDRESS)" :
		"a smaller namespace", path, h->rec.identity, h->simulated ?
		" [simulated: " : "", h->simulated ? device_stand_in_note() : "",
		h->simulated ? "]" : "");
	rc = resize(h, io, di, out, d);
out:
	h->change_s = clock_mono_s() - t0;
	hwio_close(io);
	free(json);
	free(di);
	free(ir);
	return rc;
}

/* Gives r's capacity back to the drive at node; *size what the kernel then shows. */
static int give_back(const struct hwop_restore *r, const char *node, struct hwop_log *log,
		     uint64_t *size, struct diag *d)
{
	struct device_info *di = xcalloc(1, sizeof(*di));
	struct hwio *io = NULL;
	uint32_t nsid = 0;
	char back[4096];
	int rc = same_drive(node, r, di, "give the capacity back to", d);

	if (!rc && !(io = hwio_open(di, d)))
		rc = d->code;
	if (!rc)
		rc = hwop_resize(io, r, r->method == HWOP_HPA ? r->native_max : r->nsze, &nsid,
				 log, d);
	if (!rc)
		rc = hwio_rescan(io, d);
	node_after(di, nsid, back, sizeof(back));
	if (!rc)
		rc = wait_size(back, hwop_restore_bytes(r), size, d);
	hwio_close(io);
	free(di);
	return rc;
}

int run_hwop_restore(struct run_hwop *h, const char *dir, FILE *out, struct diag *d)
{
	struct hwop_restore r = h->rec;
	double t0 = clock_mono_s();
	int rc;

	r.nsid = h->nsid ? h->nsid : r.nsid;   /* the namespace the change left */
	fprintf(out, "%s: giving the capacity of '%s' back\n", h->name, h->node[0] ? h->node :
		h->rec.device);
	rc = give_back(&r, h->node[0] ? h->node : h->rec.device, &h->log, &h->back_size, d);
	h->restore_s = clock_mono_s() - t0;
	if (!rc)
		rc = journal_add_event(dir, "capacity-restored", h->rec.device, d);
	if (!rc) {
		h->changed = 0;
		h->restored = 1;
		fprintf(out, "%s: '%s' has its %llu bytes back\n", h->name, h->rec.device,
			(unsigned long long)h->back_size);
	}
	return rc;
}

int run_hwop_recover(struct run_hwop *h, const char *record, const char *dir, FILE *out,
		     struct diag *d)
{
	struct hwop_restore r;
	struct hwop_log log = { 0 };
	uint64_t size = 0;
	double t0 = clock_mono_s();
	int rc = hwop_restore_parse(record, &r, d);

	if (rc)
		return rc;
	fprintf(out, "the run left '%s' (%s) resized: giving its capacity back first\n",
		r.device, r.identity);
	rc = give_back(&r, r.device, h ? &h->log : &log, &size, d);
	if (h) {
		h->rec = r;
		h->back_size = size;
		h->restore_s = clock_mono_s() - t0;
		h->recovered = !rc;
		h->restored = !rc;
	}
	if (rc)
		return diag_set(d, d->code, NULL, 0, 0, "cannot resume: %s; the drive may still "
				"be resized: the journal's capacity-change record says how to "
				"give it back", d->msg);
	fprintf(out, "'%s' has its %llu bytes back\n", r.device, (unsigned long long)size);
	return journal_add_event(dir, "capacity-restored", r.device, d);
}

const char *run_hwop_json(struct run_hwop *h)
{
	json_t *o = json_object(), *cmds = json_array();
	char *rec = h->rec.identity[0] ? hwop_restore_json(&h->rec) : NULL;

	for (size_t i = 0; i < h->log.n; i++)
		json_array_append_new(cmds, json_pack("{s:s, s:s, s:f, s:b}", "command",
						       h->log.e[i].what, "args",
						       h->log.e[i].args, "seconds",
						       h->log.e[i].seconds, "ok", h->log.e[i].ok));
	json_object_set_new(o, "scope", json_string(h->name));
	json_object_set_new(o, "method", json_string(h->method == HWOP_HPA ? h->rec.amac ?
						     "hpa-amac" : "hpa" : "namespace"));
	json_object_set_new(o, "percent", json_real(h->centi / 100.0));
	json_object_set_new(o, "simulated", json_boolean(h->simulated));
	json_object_set_new(o, "restore", rec ? json_loads(rec, 0, NULL) : json_null());
	json_object_set_new(o, "set", json_integer((json_int_t)h->count));
	json_object_set_new(o, "old_size", json_integer((json_int_t)h->old_size));
	json_object_set_new(o, "new_size", json_integer((json_int_t)h->new_size));
	json_object_set_new(o, "restored_size", json_integer((json_int_t)h->back_size));
	json_object_set_new(o, "restored", json_boolean(h->restored));
	json_object_set_new(o, "recovered", json_boolean(h->recovered));
	json_object_set_new(o, "change_seconds", json_real(h->change_s));
	json_object_set_new(o, "restore_seconds", json_real(h->restore_s));
	json_object_set_new(o, "commands", cmds);
	free(h->json);
	h->json = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	free(rec);
	return h->json;
}
