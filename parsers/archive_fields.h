/* SPDX-License-Identifier: MIT */
/*
 * archive_fields: the one description of manifest.json's fields (docs/archive-format.md)
 * that the writer (orchestrator/archive/manifest.c), the reader (archive.c) and the
 * documentation's field table all use.
 */
#ifndef SB_ARCHIVE_FIELDS_H
#define SB_ARCHIVE_FIELDS_H

#include <stddef.h>

#include <jansson.h>

#include "diag.h"
#include "sbuf.h"

/* The manifest's format name; a reader refuses any other. */
#define ARCHIVE_FORMAT "ssdbench-archive-1"
#define ARCHIVE_FORMAT_VERSION 1

/* Which JSON object a field belongs to, and the struct its offset points into. */
enum archive_rec {
	ARCHIVE_MANIFEST,  /* the top level (struct result_run) */
	ARCHIVE_STEP,      /* steps[] (struct result_step) */
	ARCHIVE_SCOPE,     /* scopes[] (struct result_scope) */
	ARCHIVE_TRACK,     /* scopes[].tracks[] (struct result_track) */
	ARCHIVE_ROUND,     /* scopes[].tracks[].rounds[] (code only) */
	ARCHIVE_WINDOW,    /* ...rounds[].window (struct steady_window) */
	ARCHIVE_FILE,      /* files[] (archive_files.c, code only) */
};

enum archive_type {
	ARCHIVE_STR,       /* char *: a string, null for NULL */
	ARCHIVE_INT,       /* int: a non-negative whole number */
	ARCHIVE_U64,       /* uint64_t */
	ARCHIVE_SIZE,      /* size_t */
	ARCHIVE_DBL,       /* double: a number, null when not finite */
	ARCHIVE_BOOL,      /* int: true or false (anything but true reads as false) */
	ARCHIVE_OBJECT,    /* written and read by code */
	ARCHIVE_ARRAY,     /* written and read by code */
	ARCHIVE_LABELS,    /* struct result_labels: an object, language tag -> text
			    * ("*": every language); left out when empty */
};

#define ARCHIVE_REQUIRED 0x1   /* the reader refuses a manifest without it (or null) */
#define ARCHIVE_NULL_NEG 0x2   /* an int below 0 is written as null (rwmixread) */
#define ARCHIVE_NULL_ZERO 0x4  /* 0 is written as null (seed: no fio, no seed) */
#define ARCHIVE_WRITE_CODE 0x8 /* read into off, but written by the writer's code */

/* off of a field the table does not copy: the writer's code gives it, the reader's
 * code checks it. */
#define ARCHIVE_BY_CODE ((size_t)-1)

struct archive_field {
	enum archive_rec rec;
	const char *obj;          /* the member object of a top-level key ("plan"), or NULL */
	const char *key;
	enum archive_type type;
	unsigned flags;           /* ARCHIVE_REQUIRED ... */
	size_t off;               /* offset in rec's struct, or ARCHIVE_BY_CODE */
	int since;                /* the format version that has it */
	const char *doc;          /* one line for the field table */
};

/* Every field, in the order the writer writes them. */
extern const struct archive_field archive_fields[];
extern const size_t archive_nfields;

/*
 * Reads every row of rec that has an offset from obj (the record's JSON object) into
 * base. null or absent leaves the default unless the row is required. path is
 * obj's JSON path ("steps[3]", "" for the top level) for the error in d.
 */
int archive_fields_read(enum archive_rec rec, const json_t *obj, void *base,
			const char *file, const char *path, struct diag *d);

/*
 * The JSON object of record rec from base, its keys in table order (member objects
 * of the top level made where their first key is). Each by-code row (and each
 * ARCHIVE_WRITE_CODE one) takes code(f, ctx)'s value; NULL leaves the key out.
 * Returns a new reference.
 */
json_t *archive_fields_write(enum archive_rec rec, const void *base,
			     json_t *(*code)(const struct archive_field *f, void *ctx),
			     void *ctx);

/* The JSON path of a field as the docs name it: "steps[].seed", "plan.name". */
void archive_field_name(const struct archive_field *f, struct sbuf *sb);

/* Appends the field table of docs/archive-format.md (Markdown, one row a field). */
void archive_fields_doc(struct sbuf *sb);

#endif
