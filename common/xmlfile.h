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

/* Is n the element called name? */
int xmlfile_is(const xmlNode *n, const char *name);

#endif
