/* SPDX-License-Identifier: MIT */
/* cli_lang: the --lang option every rendering command shares, checked against i18n.c's table. */
#include "cli_int.h"
#include "i18n.h"

int cli__langs(const struct cli_cmd *c, const struct cli_parsed *p, int many,
	       const char **out, size_t *n)
{
	const char *v = cli__value(c, p, "lang");
	struct diag d;

	*n = 0;
	if (!v)
		return -1;
	diag_clear(&d);
	if (i18n_lang_split(v, out, I18N_MAX_LANGS, n, &d))
		return cli__usage(c, "--lang '%s': %s", v, d.msg);
	if (!many && *n > 1)
		return cli__usage(c, "--lang '%s': one language only for '%s'", v, c->name);
	return -1;
}
