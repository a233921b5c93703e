/*
 * cute_kind.h: the --kind values of `divide` and `product`, one table.
 */
#ifndef AXE_CLI_CUTE_KIND_H
#define AXE_CLI_CUTE_KIND_H

#include <string.h>

#include "../cute/algebra.h"

static const struct {
	const char *name;
	axe_cute_kind kind;
	bool divide;   /* a kind of divide too (blocked and raked are products only) */
} axe_cute_kinds[] = {
	{ "logical", AXE_CUTE_LOGICAL, true },  { "zipped", AXE_CUTE_ZIPPED, true },
	{ "tiled", AXE_CUTE_TILED, true },      { "flat", AXE_CUTE_FLAT, true },
	{ "blocked", AXE_CUTE_BLOCKED, false }, { "raked", AXE_CUTE_RAKED, false },
};

/* The kind called "name" (a divide's when "divide"), or -1. */
static inline int axe_cute_kind_lookup(const char *name, bool divide)
{
	for (size_t i = 0; i < sizeof(axe_cute_kinds) / sizeof(axe_cute_kinds[0]); i++)
		if (strcmp(name, axe_cute_kinds[i].name) == 0 &&
		    (axe_cute_kinds[i].divide || !divide))
			return (int)axe_cute_kinds[i].kind;
	return -1;
}

#endif
