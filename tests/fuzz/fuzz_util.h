/* SPDX-License-Identifier: MIT */
/* fuzz_util: the libFuzzer entry point's prototype and fuzz inputs as files for file-based readers. */
#ifndef SB_FUZZ_UTIL_H
#define SB_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Writes data to a new anonymous in-memory file and puts its path
 * ("/proc/self/fd/N") in path. Returns the descriptor (close it), or -1.
 */
int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t n);

/* Writes data to dir/name, creating dir/name's parent folders. Returns 0 or -1. */
int fuzz_write_file(const char *dir, const char *name, const uint8_t *data, size_t size);

/* Removes dir and everything under it (files and folders only). */
void fuzz_remove_tree(const char *dir);

#endif
