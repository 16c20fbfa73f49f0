/* SPDX-License-Identifier: MIT */
/* archive_fields: manifest.json's fields, one table for its writer, its reader and its docs. */
#include "archive_fields.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "result.h"
#include "steady.h"
#include "xalloc.h"

#define RUN(obj, key, type, flags, member, doc) \
	{ ARCHIVE_MANIFEST, obj, key, type, flags, offsetof(struct result_run, member), 1, doc }
#define TOP(obj, key, type, flags, doc) \
	{ ARCHIVE_MANIFEST, obj, key, type, flags, ARCHIVE_BY_CODE, 1, doc }
#define STEP(key, type, flags, member, doc) \
	{ ARCHIVE_STEP, NULL, key, type, flags, offsetof(struct result_step, member), 1, doc }
#define SCOPE(key, type, flags, member, doc) \
	{ ARCHIVE_SCOPE, NULL, key, type, flags, offsetof(struct result_scope, member), 1, doc }
#define TRACK(key, member, doc) \
	{ ARCHIVE_TRACK, NULL, key, ARCHIVE_STR, ARCHIVE_REQUIRED, \
	  offsetof(struct result_track, member), 1, doc }
#define WIN(key, type, member, doc) \
	{ ARCHIVE_WINDOW, NULL, key, type, 0, offsetof(struct steady_window, member), 1, doc }
#define CODE(rec, key, type, flags, doc) { rec, NULL, key, type, flags, ARCHIVE_BY_CODE, 1, doc }

const struct archive_field archive_fields[] = {
	TOP(NULL, "format", ARCHIVE_STR, ARCHIVE_REQUIRED, "`" ARCHIVE_FORMAT "`"),
	RUN(NULL, "ssdbench_version", ARCHIVE_STR, 0, ssdbench_version,
	    "the ssdbench that ran the plan"),
	RUN(NULL, "fio_version", ARCHIVE_STR, 0, fio_version, "`fio --version` (a bench's fio for a target on a bench)"),
	RUN(NULL, "ioengine", ARCHIVE_STR, 0, ioengine, "fio's ioengine"),
	RUN("platform", "kernel", ARCHIVE_STR, 0, kernel, "kernel name, release and machine"),
	RUN("platform", "cpu", ARCHIVE_STR, 0, cpu, "the CPU model"),
	RUN("platform", "hostname", ARCHIVE_STR, 0, hostname, "the machine that ran fio"),
	RUN("platform", "os", ARCHIVE_STR, 0, os, "`/etc/os-release` PRETTY_NAME (null on a bench)"),
	RUN("platform", "ram", ARCHIVE_U64, ARCHIVE_NULL_ZERO, ram_bytes,
	    "`/proc/meminfo` MemTotal, bytes"),
	RUN("platform", "board", ARCHIVE_STR, 0, board, "DMI board vendor, name and version"),
	RUN("platform", "bios", ARCHIVE_STR, 0, bios, "DMI BIOS vendor, version and date"),
	RUN("source", "kind", ARCHIVE_STR, 0, source.kind,
	    "`imported` for `ssdbench import`'s archives, null for a run of a plan"),
	RUN("source", "tool", ARCHIVE_STR, 0, source.tool,
	    "the tool that measured: `fio`, `CrystalDiskMark`, `KDiskMark`"),
	RUN("source", "version", ARCHIVE_STR, 0, source.version, "the tool's version and edition"),
	RUN("source", "file", ARCHIVE_STR, 0, source.file,
	    "its result file, kept byte for byte in the archive (`source/NAME`)"),
	RUN("source", "encoding", ARCHIVE_STR, 0, source.encoding,
	    "the file's encoding: `utf-16le`, `utf-8`, `utf-8 with BOM`"),
	RUN("source", "profile", ARCHIVE_STR, 0, source.profile,
	    "CrystalDiskMark's profile (`Default`, `Peak`, `Real`, `Demo`)"),
	RUN("source", "test", ARCHIVE_STR, 0, source.test,
	    "the file's test line as written (`1 GiB (x5) [C: 91% (202/223GiB)]`)"),
	RUN("source", "test_bytes", ARCHIVE_U64, ARCHIVE_NULL_ZERO, source.test_bytes,
	    "the test size, bytes (each test's active range)"),
	RUN("source", "passes", ARCHIVE_INT, ARCHIVE_NULL_ZERO, source.passes,
	    "how many times each test ran (the tool keeps the best)"),
	RUN("source", "drive", ARCHIVE_STR, 0, source.drive,
	    "the drive letter and its fill as the file says (`C: 91% (202/223GiB)`)"),
	RUN("source", "date", ARCHIVE_STR, 0, source.date,
	    "the file's date, local time without a zone, ISO 8601"),
	RUN("source", "comment", ARCHIVE_STR, 0, source.comment, "the file's comment line"),
	RUN(NULL, "started", ARCHIVE_STR, 0, started, "UTC, ISO 8601, to the second"),
	RUN(NULL, "ended", ARCHIVE_STR, 0, ended, "null while running"),
	RUN(NULL, "status", ARCHIVE_STR, ARCHIVE_REQUIRED, status,
	    "`running`, `complete` or `failed`"),
	RUN(NULL, "error", ARCHIVE_STR, 0, error, "why the run failed, or null"),
	RUN("plan", "name", ARCHIVE_STR, 0, plan_name, "the plan's identifier (the default folder)"),
	RUN("plan", "title", ARCHIVE_STR, 0, plan_title, "the display title of reports"),
	RUN("plan", "file", ARCHIVE_STR, 0, plan_file, "the plan's copy in the archive"),
	RUN("plan", "sha256", ARCHIVE_STR, 0, plan_sha256, "SHA-256 of that copy"),
	RUN("plan", "failure", ARCHIVE_STR, 0, failure, "the failure policy, `stop` or `continue`"),
	RUN("plan", "report", ARCHIVE_STR, 0, report,
	    "the report template the plan names (`templates/report-NAME.xml`), or null"),
	RUN("plan", "sponsor", ARCHIVE_STR, 0, sponsor,
	    "who the test is run for (SNIA's test sponsor: the plan's `sponsor`, or "
	    "`--set sponsor=`), or null"),
	TOP("plan", "titles", ARCHIVE_OBJECT, 0, "the title per language (`{\"en\": ...}`)"),
	TOP("target", "name", ARCHIVE_STR, 0, "the plan's target name"),
	RUN("target", "kind", ARCHIVE_STR, ARCHIVE_WRITE_CODE, target_kind, "`file` or `device`"),
	TOP("target", "path", ARCHIVE_STR, 0, "the target's absolute path"),
	RUN("target", "size", ARCHIVE_U64, ARCHIVE_WRITE_CODE, capacity, "the target's size, bytes"),
	RUN("target", "description", ARCHIVE_STR, 0, target, "one line naming the target"),
	TOP("target", "host", ARCHIVE_OBJECT, 0,
	    "null, or the bench: `name`, `fio_server`, `hostname`"),
	RUN("target", "model", ARCHIVE_STR, 0, drive_model, "the drive's model (null for files)"),
	RUN("target", "firmware", ARCHIVE_STR, 0, drive_firmware, "the drive's firmware"),
	RUN("target", "serial", ARCHIVE_STR, 0, drive_serial, "the drive's serial number (null for files)"),
	RUN("target", "interface", ARCHIVE_STR, 0, interface,
	    "the drive's link (`NVMe, PCIe 4.0 x4 (16.0 GT/s)`, `SATA, 6.0 Gbps`); null for files"),
	RUN("target", "labels", ARCHIVE_LABELS, 0, target_labels,
	    "the target's display labels per language (`{\"zh-TW\": ..., \"*\": every language}`), "
	    "or left out"),
	TOP("target", "before", ARCHIVE_OBJECT, 0, "`ssdbench probe --json` at the start, or null"),
	TOP("target", "after", ARCHIVE_OBJECT, 0, "... and at the end"),
	TOP("target", "raid", ARCHIVE_OBJECT, 0, "a `<raid>` scope's array (only with one)"),
	TOP("target", "capacity", ARCHIVE_OBJECT, 0, "a hardware-OP scope's record (only with one)"),
	TOP("target", "write_cache", ARCHIVE_OBJECT, 0, "what the run did to the write cache"),
	TOP("target", "in_archive", ARCHIVE_STR, 0, "the target file's path in the archive, or null"),
	TOP(NULL, "rerun_of", ARCHIVE_OBJECT, 0, "the archive a rerun repeats (only then)"),
	RUN(NULL, "report_langs", ARCHIVE_STR, 0, report_langs,
	    "the languages of the archive's report, `en,zh-CN` (`run --lang`); null: `zh-TW`"),
	TOP(NULL, "steps", ARCHIVE_ARRAY, ARCHIVE_REQUIRED, "one object per element, in run order"),
	TOP(NULL, "scopes", ARCHIVE_ARRAY, 0, "one object per `<rounds>`"),
	TOP(NULL, "files", ARCHIVE_ARRAY, 0, "every file with its size and SHA-256"),

	STEP("index", ARCHIVE_INT, ARCHIVE_REQUIRED, index, "the plan step's index"),
	STEP("name", ARCHIVE_STR, ARCHIVE_REQUIRED, name, "the step's name"),
	STEP("kind", ARCHIVE_STR, 0, kind,
	     "`workload`, `precondition`, `purge`, `idle`, `probe`, `replay`"),
	STEP("scope", ARCHIVE_STR, 0, scope, "the `<rounds>` or duty cycle it ran in, or null"),
	STEP("round", ARCHIVE_INT, 0, round, "its round (0 outside a scope)"),
	STEP("continuous", ARCHIVE_INT, 0, continuous, "1 for a round cut from one fio process"),
	STEP("seed", ARCHIVE_U64, ARCHIVE_NULL_ZERO, seed, "fio's `randseed=` (null without fio)"),
	STEP("lost_before", ARCHIVE_U64, ARCHIVE_NULL_ZERO, lost_before,
	     "bytes fio wrote before this element that no element holds: the open round of "
	     "a continuous scope an interruption lost, from fio's last status report "
	     "(counted in `written_before`; null: none)"),
	STEP("new_pass", ARCHIVE_BOOL, 0, new_pass,
	     "a fill (`until=\"written\"`) interrupted in its first pass over the range "
	     "begins it again here, its goal counted anew: a new fio process cannot "
	     "continue the interrupted one's random map"),
	STEP("data", ARCHIVE_STR, 0, data, "the data pattern written (null without fio)"),
	STEP("read_holes", ARCHIVE_U64, ARCHIVE_NULL_ZERO, read_holes,
	     "bytes of its range a file target held as holes (never written) when it "
	     "began, for an element that reads: fio read zeros the file system made up, "
	     "not the medium (null: none, or no read, or a device)"),
	STEP("ioengine", ARCHIVE_STR, 0, ioengine, "fio's engine that ran it (`null`: fio's "
	     "null engine, nothing reached the target, nothing counts as written; null "
	     "without fio or in an older archive: the manifest's `ioengine`)"),
	STEP("write_cache", ARCHIVE_STR, 0, write_cache, "the drive's write cache while it ran"),
	STEP("cell", ARCHIVE_STR, 0, cell, "the sweep coordinates that made the step"),
	STEP("chart", ARCHIVE_STR, 0, chart, "the step's chart setting"),
	STEP("labels", ARCHIVE_LABELS, 0, labels,
	     "the step's display labels per language, `${var}`s substituted, or left out"),
	STEP("dir", ARCHIVE_STR, ARCHIVE_REQUIRED, dir, "its folder, relative, inside the archive"),
	STEP("status", ARCHIVE_STR, ARCHIVE_REQUIRED, status,
	     "`pending`, `ok`, `failed` or `skipped`"),
	STEP("error", ARCHIVE_STR, 0, error, "why it failed or was skipped, or null"),
	STEP("rw", ARCHIVE_STR, 0, rw, "fio's `rw=`"),
	STEP("bs", ARCHIVE_U64, 0, bs, "block size, bytes"),
	STEP("iodepth", ARCHIVE_INT, 0, iodepth, "fio's `iodepth=`"),
	STEP("numjobs", ARCHIVE_INT, 0, numjobs, "fio's `numjobs=`"),
	STEP("rwmixread", ARCHIVE_INT, ARCHIVE_NULL_NEG, rwmixread, "% reads of a mix, or null"),
	STEP("runtime_ms", ARCHIVE_U64, 0, runtime_ms, "the runtime asked (a continuous round's actual one)"),
	STEP("range_offset", ARCHIVE_U64, 0, range_offset,
	     "the active range's first byte (0 without fio)"),
	STEP("range_size", ARCHIVE_U64, 0, range_size,
	     "the active range's bytes: what the I/O spans (0 without fio)"),
	STEP("amount", ARCHIVE_U64, 0, amount, "a precondition's bytes to write (0 otherwise)"),
	STEP("started", ARCHIVE_STR, 0, started, "UTC, ISO 8601"),
	STEP("ended", ARCHIVE_STR, 0, ended, "UTC, ISO 8601"),
	STEP("written_before", ARCHIVE_U64, 0, written_before,
	     "bytes written since the drive was last erased, before it"),
	STEP("capacity", ARCHIVE_U64, 0, capacity, "the bytes \"% of capacity\" refers to"),
	STEP("trace", ARCHIVE_STR, 0, trace, "a `<replay>`'s trace file (null otherwise)"),
	STEP("replay_mode", ARCHIVE_STR, 0, replay_mode, "a replay's `fast` or `timed`"),
	STEP("replay_fit", ARCHIVE_STR, 0, replay_fit, "how a replay's offsets were fitted "
	     "onto the target: `none` (the trace fits) or `scale`"),
	STEP("replay_scale", ARCHIVE_U64, ARCHIVE_NULL_ZERO, replay_scale,
	     "the factor a replay's offsets were divided by (by ssdbench, into the element's "
	     "`replay.blktrace`; 1: none)"),
	STEP("trace_ios", ARCHIVE_U64, ARCHIVE_NULL_ZERO, trace_ios, "the I/Os a replay's trace holds"),
	STEP("trace_end", ARCHIVE_U64, ARCHIVE_NULL_ZERO, trace_end,
	     "a replay's trace's highest offset + length, bytes"),
	STEP("fio_released_ms", ARCHIVE_U64, ARCHIVE_NULL_ZERO, fio_released_ms,
	     "Unix ms at which fio was let go: given its job, or, after a duty cycle's wait "
	     "state, its gate opened (its jobs set up, waiting to start their I/O); its first "
	     "I/O is fio's `timestamp_ms` less its runtime; null for fio's client"),
	STEP("values", ARCHIVE_STR, 0, values,
	     "null: the element's numbers are fio's report (`fio.json`); `measured.json`: the "
	     "numbers another tool printed, read by `ssdbench import` (docs/import.md)"),

	SCOPE("name", ARCHIVE_STR, ARCHIVE_REQUIRED, name, "the `<rounds>` name"),
	SCOPE("until", ARCHIVE_STR, 0, until, "its goal: `steady`, `written`, `time`, `max`, "
	      "`passes` (each round a pass: a test's value the mean of its rounds)"),
	SCOPE("verdict", ARCHIVE_STR, ARCHIVE_REQUIRED, verdict,
	      "`steady`, `not reached`, `written`, `time`, `max`, `failed`, `running`"),
	SCOPE("rounds", ARCHIVE_INT, ARCHIVE_REQUIRED, rounds, "rounds run"),
	SCOPE("steady_round", ARCHIVE_INT, 0, steady_round, "the round steady state was reached"),
	SCOPE("max_rounds", ARCHIVE_INT, 0, max_rounds, "the plan's `max`"),
	SCOPE("window", ARCHIVE_INT, 0, window, "rounds per steady-state window"),
	SCOPE("range", ARCHIVE_DBL, 0, range, "the data-excursion limit, a fraction"),
	SCOPE("slope", ARCHIVE_DBL, 0, slope, "the slope-excursion limit, a fraction"),
	SCOPE("written_goal", ARCHIVE_U64, 0, written_goal, "bytes to write (`until=\"written\"`)"),
	SCOPE("time_goal_ms", ARCHIVE_U64, 0, time_goal_ms, "time to run (`until=\"time\"`)"),
	SCOPE("chart", ARCHIVE_STR, 0, chart, "the scope's chart setting"),
	SCOPE("labels", ARCHIVE_LABELS, 0, labels, "the scope's display labels, or left out"),
	CODE(ARCHIVE_SCOPE, "tracks", ARCHIVE_ARRAY, 0, "each tracking variable"),

	TRACK("element", element, "the tracked step's name"),
	TRACK("metric", metric, "`iops`, `bw` or `lat-mean`"),
	TRACK("dir", dir, "`read`, `write` or `total`"),
	CODE(ARCHIVE_TRACK, "rounds", ARCHIVE_ARRAY, ARCHIVE_REQUIRED, "one object per round"),

	CODE(ARCHIVE_ROUND, "value", ARCHIVE_DBL, 0, "the round's value (null: its element failed)"),
	CODE(ARCHIVE_ROUND, "window", ARCHIVE_OBJECT, 0,
	     "the steady-state test of the window ending there (once complete)"),

	WIN("first", ARCHIVE_SIZE, first, "the window's first round (1-based)"),
	WIN("last", ARCHIVE_SIZE, last, "its last round"),
	WIN("avg", ARCHIVE_DBL, avg, "the average over the window"),
	WIN("data_excursion", ARCHIVE_DBL, data_excursion, "max - min"),
	WIN("max_data_excursion", ARCHIVE_DBL, max_data_excursion, "its limit, range x average"),
	WIN("slope", ARCHIVE_DBL, slope, "the least-squares slope"),
	WIN("intercept", ARCHIVE_DBL, intercept, "... and intercept"),
	WIN("slope_excursion", ARCHIVE_DBL, slope_excursion, "|slope| x (window - 1)"),
	WIN("max_slope_excursion", ARCHIVE_DBL, max_slope_excursion, "its limit, slope x average"),
	WIN("range_ok", ARCHIVE_BOOL, range_ok, "the data excursion is within its limit"),
	WIN("slope_ok", ARCHIVE_BOOL, slope_ok, "the slope excursion is within its limit"),

	CODE(ARCHIVE_FILE, "path", ARCHIVE_STR, ARCHIVE_REQUIRED, "relative, `/`-separated"),
	CODE(ARCHIVE_FILE, "size", ARCHIVE_U64, 0, "bytes"),
	CODE(ARCHIVE_FILE, "sha256", ARCHIVE_STR, ARCHIVE_REQUIRED, "64 hex digits"),
};
const size_t archive_nfields = sizeof(archive_fields) / sizeof(archive_fields[0]);

#undef RUN
#undef TOP
#undef STEP
#undef SCOPE
#undef TRACK
#undef WIN
#undef CODE

static const char *const rec_prefix[] = {
	[ARCHIVE_MANIFEST] = "", [ARCHIVE_STEP] = "steps[].", [ARCHIVE_SCOPE] = "scopes[].",
	[ARCHIVE_TRACK] = "scopes[].tracks[].", [ARCHIVE_ROUND] = "scopes[].tracks[].rounds[].",
	[ARCHIVE_WINDOW] = "scopes[].tracks[].rounds[].window.", [ARCHIVE_FILE] = "files[].",
};

static const char *const type_names[] = {
	[ARCHIVE_STR] = "string", [ARCHIVE_INT] = "integer", [ARCHIVE_U64] = "integer",
	[ARCHIVE_SIZE] = "integer", [ARCHIVE_DBL] = "number", [ARCHIVE_BOOL] = "boolean",
	[ARCHIVE_OBJECT] = "object", [ARCHIVE_ARRAY] = "array", [ARCHIVE_LABELS] = "object",
};

/* {"zh-TW": "...", "*": "..."} into l. */
static int read_labels(const json_t *v, struct result_labels *l, const char *file,
		       const char *where, struct diag *d)
{
	union { const json_t *c; json_t *m; } o = { v };   /* jansson iterates no const */
	const char *lang;
	json_t *text;

	if (!json_is_object(v))
		return diag_set_path(d, -SB_EPARSE, file, where, "expected an object");
	json_object_foreach(o.m, lang, text) {
		if (!json_is_string(text))
			return diag_set_path(d, -SB_EPARSE, file, where,
					     "expected a string per language");
		result_labels_add(l, lang, json_string_value(text));
	}
	return 0;
}

/* Copies one field into base + f->off; path is the JSON path of the record. */
static int read_field(const json_t *root, const struct archive_field *f, void *base,
		      const char *file, const char *path, struct diag *d)
{
	const json_t *obj = f->obj ? json_object_get(root, f->obj) : root;
	const json_t *v = json_is_object(obj) ? json_object_get(obj, f->key) : NULL;
	char *dst = (char *)base + f->off;
	char where[256];
	double x, max;

	snprintf(where, sizeof(where), "%s%s%s%s%s", path, path[0] ? "." : "",
		 f->obj ? f->obj : "", f->obj ? "." : "", f->key);
	if (f->type == ARCHIVE_BOOL) {   /* only true is true, as the reader always took it */
		*(int *)dst = json_is_true(v);
		return 0;
	}
	if (!v || json_is_null(v))
		return f->flags & ARCHIVE_REQUIRED ?
		       diag_set_path(d, -SB_EPARSE, file, where, "missing") : 0;
	if (f->type == ARCHIVE_LABELS)
		return read_labels(v, (struct result_labels *)(void *)dst, file, where, d);
	if (f->type == ARCHIVE_STR) {
		if (!json_is_string(v))
			return diag_set_path(d, -SB_EPARSE, file, where, "expected a string");
		*(char **)dst = xstrdup(json_string_value(v));
		return 0;
	}
	x = json_number_value(v);
	if (f->type == ARCHIVE_DBL) {
		if (!json_is_number(v) || !isfinite(x))
			return diag_set_path(d, -SB_EPARSE, file, where, "expected a number");
		*(double *)dst = x;
		return 0;
	}
	max = f->type == ARCHIVE_INT ? (double)INT_MAX :
	      f->type == ARCHIVE_SIZE ? (double)SIZE_MAX : 18446744073709551615.0;
	if (!json_is_number(v) || x != floor(x) || x < 0 || x > max)
		return diag_set_path(d, -SB_EPARSE, file, where,
				     "expected a non-negative whole number");
	if (f->type == ARCHIVE_INT)
		*(int *)dst = (int)x;
	else if (f->type == ARCHIVE_SIZE)
		*(size_t *)dst = json_is_integer(v) ? (size_t)json_integer_value(v) : (size_t)x;
	else
		*(uint64_t *)dst = json_is_integer(v) ? (uint64_t)json_integer_value(v) :
				   (uint64_t)x;
	return 0;
}

int archive_fields_read(enum archive_rec rec, const json_t *obj, void *base,
			const char *file, const char *path, struct diag *d)
{
	int rc;

	for (size_t k = 0; k < archive_nfields; k++) {
		const struct archive_field *f = &archive_fields[k];

		if (f->rec == rec && f->off != ARCHIVE_BY_CODE &&
		    (rc = read_field(obj, f, base, file, path, d)))
			return rc;
	}
	return 0;
}

/* The JSON value of a table-backed field of base. */
static json_t *field_value(const struct archive_field *f, const void *base)
{
	const char *src = (const char *)base + f->off;

	switch (f->type) {
	case ARCHIVE_STR: {
		const char *s = *(char *const *)src;

		return s ? json_string(s) : json_null();
	}
	case ARCHIVE_INT: {
		int v = *(const int *)src;

		return (f->flags & ARCHIVE_NULL_NEG) && v < 0 ? json_null() : json_integer(v);
	}
	case ARCHIVE_U64: {
		uint64_t v = *(const uint64_t *)src;

		return (f->flags & ARCHIVE_NULL_ZERO) && !v ? json_null() :
		       json_integer((json_int_t)v);
	}
	case ARCHIVE_SIZE:
		return json_integer((json_int_t) * (const size_t *)src);
	case ARCHIVE_DBL: {
		double v = *(const double *)src;

		return isfinite(v) ? json_real(v) : json_null();
	}
	case ARCHIVE_BOOL:
		return json_boolean(*(const int *)src);
	case ARCHIVE_LABELS: {
		const struct result_labels *l = (const struct result_labels *)(const void *)src;
		json_t *o;

		if (!l->n)
			return NULL;
		o = json_object();
		for (size_t i = 0; i < l->n; i++)
			json_object_set_new(o, l->v[i].lang, json_string(l->v[i].text));
		return o;
	}
	case ARCHIVE_OBJECT:
	case ARCHIVE_ARRAY:
		break;
	}
	return json_null();
}

json_t *archive_fields_write(enum archive_rec rec, const void *base,
			     json_t *(*code)(const struct archive_field *f, void *ctx),
			     void *ctx)
{
	json_t *o = json_object();

	for (size_t k = 0; k < archive_nfields; k++) {
		const struct archive_field *f = &archive_fields[k];
		json_t *parent = o, *v;

		if (f->rec != rec)
			continue;
		if (f->obj) {
			parent = json_object_get(o, f->obj);
			if (!parent) {
				parent = json_object();
				json_object_set_new(o, f->obj, parent);
			}
		}
		v = f->off == ARCHIVE_BY_CODE || (f->flags & ARCHIVE_WRITE_CODE) ?
		    (code ? code(f, ctx) : NULL) : field_value(f, base);
		if (v)
			json_object_set_new(parent, f->key, v);
	}
	return o;
}

void archive_field_name(const struct archive_field *f, struct sbuf *sb)
{
	sbuf_adds(sb, rec_prefix[f->rec]);
	if (f->obj)
		sbuf_addf(sb, "%s.", f->obj);
	sbuf_adds(sb, f->key);
}

void archive_fields_doc(struct sbuf *sb)
{
	sbuf_adds(sb, "| field | type | required | since | meaning |\n"
		  "|---|---|---|---|---|\n");
	for (size_t k = 0; k < archive_nfields; k++) {
		const struct archive_field *f = &archive_fields[k];

		sbuf_adds(sb, "| `");
		archive_field_name(f, sb);
		sbuf_addf(sb, "` | %s%s | %s | %d | %s |\n", type_names[f->type],
			  f->flags & (ARCHIVE_NULL_NEG | ARCHIVE_NULL_ZERO) ? " or null" : "",
			  f->flags & ARCHIVE_REQUIRED ? "yes" : "no", f->since, f->doc);
	}
}
