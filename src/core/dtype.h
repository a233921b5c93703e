/*
 * dtype.h: element types (spec-format.md) and the swizzle presets derived
 * from them (semantics.md: M = bitlen(128 / bits) - 1, B = 1/2/3, S = 3).
 */
#ifndef AXE_CORE_DTYPE_H
#define AXE_CORE_DTYPE_H

#include <stdbool.h>

#include "layout.h"

typedef struct axe_dtype_info {
	const char *name;
	int bits;
	bool is_float;
	const char *cuda; /* CU_TENSOR_MAP_DATA_TYPE_<cuda> */
} axe_dtype_info;

/* The dtype called "name", or -1; "names"/"count" list them for hints. */
int axe_dtype_lookup(const char *name);
const axe_dtype_info *axe_dtype_get(int dtype);
size_t axe_dtype_count(void);
const char *const *axe_dtype_names(void);

/*
 * The dtype an unknown "text" probably means, for a hint: our name for
 * another tool's spelling ("half" is f16, dtype_alias.def), else the closest
 * name; NULL when none is close.
 */
const char *axe_dtype_suggest(const char *text);

/*
 * The swizzle of preset "mode" ("none", "32B", "64B" or "128B") for
 * "dtype" into "sw": 0, or -1 when "mode" is not a preset.
 */
int axe_swizzle_preset(const char *mode, int dtype, axe_swizzle *sw);

/* The preset name ("32B"...) that "sw" equals for "dtype", or NULL. */
const char *axe_swizzle_preset_name(const axe_swizzle *sw, int dtype);

#endif
