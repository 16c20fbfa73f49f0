/* SPDX-License-Identifier: MIT */
/* Messages and names for the SB_E* codes. */
#include "err.h"

const char *sb_strerror(int code)
{
	switch (-code) {
#define SB_ERR_MSG(name, msg) case SB_##name: return msg;
	SB_ERR_MAP(SB_ERR_MSG)
#undef SB_ERR_MSG
	default:
		return code ? "unknown error" : "success";
	}
}

const char *sb_errname(int code)
{
	switch (-code) {
#define SB_ERR_NAME(name, msg) case SB_##name: return #name;
	SB_ERR_MAP(SB_ERR_NAME)
#undef SB_ERR_NAME
	default:
		return code ? "EUNKNOWN" : "OK";
	}
}
