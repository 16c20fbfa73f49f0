/* SPDX-License-Identifier: MIT */
/* purgemethod: the purge methods' names, kinds and targets, from one X-macro list. */
#include "purgemethod.h"

#include <string.h>

#include "err.h"

const struct purgemethod purgemethod_table[PURGE_NMETHODS] = {
#define PURGE_ROW(e, name, kind, fam, files, blocks, help) \
	[PURGE_##e] = { name, kind, PURGE_##fam, files, blocks, help },
	PURGE_METHODS(PURGE_ROW)
#undef PURGE_ROW
};

const char *const purgemethod_names[PURGE_NMETHODS + 1] = {
#define PURGE_NAME(e, name, kind, fam, files, blocks, help) name,
	PURGE_METHODS(PURGE_NAME)
#undef PURGE_NAME
	NULL,
};

int purgemethod_parse(const char *name, enum purge_method *m)
{
	for (int i = 0; i < PURGE_NMETHODS; i++)
		if (!strcmp(name, purgemethod_table[i].name)) {
			*m = (enum purge_method)i;
			return 0;
		}
	return -SB_EINVAL;
}

const char *purgemethod_name(enum purge_method m)
{
	return purgemethod_table[m].name;
}

void purgemethod_list(struct sbuf *sb)
{
	for (int i = 0; i < PURGE_NMETHODS; i++)
		sbuf_addf(sb, "%s%s", i ? ", " : "", purgemethod_table[i].name);
}

const char *purgemethod_unfit(enum purge_method m, int is_block)
{
	const struct purgemethod *p = &purgemethod_table[m];

	if (is_block && !p->on_blocks)
		return "it is a block device, not a file";
	if (!is_block && !p->on_files)
		return "it is not a block device";
	return NULL;
}

void purgemethod_print_markdown(FILE *out)
{
	static const char *const kinds[] = {
		[PURGEKIND_AUTO] = "picks", [PURGEKIND_NONE] = "none",
		[PURGEKIND_FAMILY] = "picks", [PURGEKIND_METHOD] = "method",
	};

	fputs("| method | kind | files | block devices | what it does |\n"
	      "|---|---|---|---|---|\n", out);
	for (int i = 0; i < PURGE_NMETHODS; i++) {
		const struct purgemethod *p = &purgemethod_table[i];

		fprintf(out, "| `%s` | %s | %s | %s | %s |\n", p->name, kinds[p->kind],
			p->on_files ? "yes" : "—", p->on_blocks ? "yes" : "—", p->help);
	}
}
