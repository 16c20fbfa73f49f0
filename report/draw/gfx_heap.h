/* SPDX-License-Identifier: MIT */
/*
 * gfx_heap: the heap room that keeps a chart's big blocks (cairo's copies of the
 * CJK fonts' CFF tables, density rasters) on reused huge pages.
 * Moved out of gfx.c so that file stays under the size limit.
 */
#ifndef SB_GFX_HEAP_H
#define SB_GFX_HEAP_H

/* Makes the room (nothing once it is there); gfx_open() calls it. */
void gfx_heap_room_new(void);
/* Gives it back: the charts drawn are done (gfx_fonts_free()). */
void gfx_heap_room_release(void);

#endif
