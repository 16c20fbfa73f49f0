/* SPDX-License-Identifier: MIT */
/* xmlfile: reads a template, string table or plan as XML safely (no network, DTD or entities), errors located. */
#ifndef SB_XMLFILE_H
#define SB_XMLFILE_H

#include <stddef.h>

#include <libxml/tree.h>

#include "diag.h"
#include "sbuf.h"

/* A template or string table larger than this is refused before parsing. */
#define XMLFILE_MAX_BYTES (1u << 20)
/* Elements nested deeper than this are refused (a template needs 2 levels). */
#define XMLFILE_MAX_DEPTH 16

/*
 * Parses len bytes of text as XML for path. The bytes are read as UTF-8 whatever
 * the prolog says, so no DOCTYPE can hide in UTF-16 or UTF-7 from a caller's byte
 * scan; no network, no DTD loading, no entity substitution, and a document that
 * still ends up with a DTD is refused. libxml2's first error is kept at
 * FILE:LINE:COL. Returns the document (free it with xmlFreeDoc()) or NULL with d
 * set (-SB_EPARSE). Plans (orchestrator/plan/plan_load.c) and templates share it.
 */
xmlDocPtr xmlfile_parse(const char *path, const char *text, size_t len, struct diag *d);

/*
 * Reads path into text and parses it with xmlfile_parse(). A file over
 * XMLFILE_MAX_BYTES, a DOCTYPE or ENTITY declaration, or elements nested deeper
 * than XMLFILE_MAX_DEPTH are refused. Returns the document (free it with
 * xmlFreeDoc()) or NULL with d set (-SB_ENOENT when the file cannot be read, else
 * -SB_EPARSE). text must be initialised.
 */
xmlDocPtr xmlfile_read(const char *path, struct sbuf *text, struct diag *d);

/* Column of the first '<' on line (1-based): where an element there starts. */
int xmlfile_col(const char *text, long line);

/*
 * A document's text and the byte offset of every start tag in document order: what
 * turns libxml2's line of an element into the exact line and column of the element
 * or of one of its attributes. Plans and templates locate their errors with it.
 */
struct xmlfile_src {
	const char *text;   /* borrowed */
	size_t len;
	size_t *tags;       /* start tags, outside comments, CDATA and PIs */
	size_t ntags, cap;
	size_t doctype;     /* offset of a <!DOCTYPE or <!ENTITY, or (size_t)-1 */
};

/* Scans text for its start tags; release s with xmlfile_src_release(). */
void xmlfile_src_scan(struct xmlfile_src *s, const char *text, size_t len);
void xmlfile_src_release(struct xmlfile_src *s);
/*
 * Numbers the elements from n on (n, its siblings after it and their descendants) in
 * document order through their _private field, as xmlfile_src_scan() counts start
 * tags: call it once on the root of the document parsed from the scanned text.
 */
void xmlfile_src_number(xmlNode *n);
/*
 * Offsets of attribute attr's name and of its value's first character in the start
 * tag at byte tag. Returns 0, or -1 when the tag has no such attribute.
 */
int xmlfile_src_attr(const struct xmlfile_src *s, size_t tag, const char *attr,
		     size_t *name_off, size_t *val_off);
/*
 * Byte offset of numbered element n's attribute attr (its name, or its value's first
 * character when want_value); of n's start tag when attr is NULL or not written
 * there; (size_t)-1 when n's start tag is not known.
 */
size_t xmlfile_src_at(const struct xmlfile_src *s, const xmlNode *n, const char *attr,
		      int want_value);
/* Line and column (1-based; columns count characters, as diag's caret) of byte off. */
void xmlfile_src_linecol(const struct xmlfile_src *s, size_t off, int *line, int *col);

/* Is n the element called name? */
int xmlfile_is(const xmlNode *n, const char *name);

#endif
