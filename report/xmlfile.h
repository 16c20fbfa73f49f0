/* SPDX-License-Identifier: MIT */
/* xmlfile: reads a template or string table as XML safely (no network, DTD or entities), errors located. */
#ifndef SB_XMLFILE_H
#define SB_XMLFILE_H

#include <libxml/tree.h>

#include "diag.h"
#include "sbuf.h"

/*
 * Reads path into text and parses it. A DOCTYPE or ENTITY declaration is refused
 * before libxml2 sees it; libxml2's first error is kept at FILE:LINE:COL. Returns
 * the document (free it with xmlFreeDoc()) or NULL with d set (-SB_ENOENT when
 * the file cannot be read, else -SB_EPARSE). text must be initialised.
 */
xmlDocPtr xmlfile_read(const char *path, struct sbuf *text, struct diag *d);

/* Column of the first '<' on line (1-based): where an element there starts. */
int xmlfile_col(const char *text, long line);

/* Is n the element called name? */
int xmlfile_is(const xmlNode *n, const char *name);

#endif
