/* SPDX-License-Identifier: MIT */
/* Allocation wrappers that abort on out-of-memory, and the banned-function list. */
#ifndef SB_XALLOC_H
#define SB_XALLOC_H

#include <stddef.h>

/* Each returns memory the caller frees with free(); none returns NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grows *p (an array of *cap elements of size elem) so it holds at least need. */
void xgrow(void **p, size_t *cap, size_t need, size_t elem);
#define XGROW(arr, cap, need) xgrow((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/* Functions that invite overflow or hidden state; use sbuf and gmtime_r instead. */
#define strcpy(a, b) sb_banned_strcpy
#define strcat(a, b) sb_banned_strcat
#define sprintf(...) sb_banned_sprintf
#define vsprintf(...) sb_banned_vsprintf
#define strtok(a, b) sb_banned_strtok
#define gmtime(t) sb_banned_gmtime
#define localtime(t) sb_banned_localtime

#endif
