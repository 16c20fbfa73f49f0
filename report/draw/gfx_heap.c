/* SPDX-License-Identifier: MIT */
/* gfx_heap: heap room for the big blocks of cairo's font subsetter and density rasters. */
#include "gfx_heap.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/*
 * Heap room for a chart's big blocks. cairo 1.16's PDF font
 * subsetter copies the whole 'CFF ' table of a face into a new malloc() block
 * twice, to learn whether it is a CID font and then to subset it: 15-16 MB a
 * face for Noto Sans CJK, four copies for a chart's regular and bold. A density
 * raster needs two count buffers and an image or mask of up to 13 MB each. As
 * fresh mmap()s faulted in 4 KiB at a time they cost more than the drawing:
 * about 60 ms a font copy. So blocks up to 32 MB come from the heap and stay
 * there when freed (glibc's sliding threshold does that too, but only once the
 * first such block has been freed), and the heap is grown by HEAP_ROOM_BLOCKS
 * blocks advised for huge pages, as glibc.malloc.hugetlb=1 would: the big
 * blocks reuse pages faulted in 2 MB at a time where transparent_hugepage is
 * "always" or "madvise". Every gfx_open makes the room (at no cost once it is
 * there), so a report's charts share it; gfx_fonts_free gives it back at the
 * end of a plot, report or lineup. Untouched pages cost nothing. The output is
 * the same bytes either way.
 */
#define HEAP_ROOM_BLOCK ((size_t)30 << 20)  /* under glibc's 32 MB mmap threshold cap */
#define HEAP_ROOM_BLOCKS 2
#define HUGE_PAGE ((uintptr_t)2 << 20)     /* x86-64 and arm64 with 4 KiB pages */

void gfx_heap_room_new(void)
{
#if defined(__GLIBC__)
	void *blk[HEAP_ROOM_BLOCKS];

	if (!mallopt(M_MMAP_THRESHOLD, 32 << 20) ||
	    !mallopt(M_TRIM_THRESHOLD, (int)(2 * HEAP_ROOM_BLOCKS * HEAP_ROOM_BLOCK)))
		return;
	for (int i = 0; i < HEAP_ROOM_BLOCKS; i++) {
		uintptr_t lo, hi;

		blk[i] = malloc(HEAP_ROOM_BLOCK);
		lo = ((uintptr_t)blk[i] + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		hi = ((uintptr_t)blk[i] + HEAP_ROOM_BLOCK) & ~(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
		if (blk[i] && hi > lo)
			(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#endif
	}
	for (int i = HEAP_ROOM_BLOCKS; i-- > 0;)
		free(blk[i]);
#endif
}

void gfx_heap_room_release(void)
{
#if defined(__GLIBC__)
	malloc_trim(0);
#endif
}
