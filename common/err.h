/* SPDX-License-Identifier: MIT */
/* The project's error codes and their messages, from one X-macro list. */
#ifndef SB_ERR_H
#define SB_ERR_H

/* Functions return 0 on success or a negative SB_E* code. */
#define SB_ERR_MAP(X)                                                   \
	X(EIO, "input/output error")                                    \
	X(ENOENT, "no such file or directory")                          \
	X(EPARSE, "parse error")                                        \
	X(EINVAL, "invalid value")                                      \
	X(EUSAGE, "usage error")                                        \
	X(EFIO, "fio failed")                                           \
	X(ENOFIO, "fio not found")                                      \
	X(EUNSAFE, "refused: unsafe target")                            \
	X(ERENDER, "rendering failed")                                  \
	X(EINTERNAL, "internal error")

enum sb_err {
	SB_OK = 0,
#define SB_ERR_ENUM(name, msg) SB_##name,
	SB_ERR_FIRST_ = 999,
	SB_ERR_MAP(SB_ERR_ENUM)
#undef SB_ERR_ENUM
};

/* Returns a static message for a negative SB_E* code. */
const char *sb_strerror(int code);
/* Returns the code's name ("EPARSE") for a negative SB_E* code. */
const char *sb_errname(int code);

#endif
