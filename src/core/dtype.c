/*
 * dtype.c: the dtype table, expanded from dtype.def, and swizzle presets.
 */
#include <string.h>

#include "dtype.h"
#include "error.h"

static const axe_dtype_info table[] = {
#define DTYPE(name, bits, is_float, cuda) { #name, bits, is_float, #cuda },
#include "dtype.def"
#undef DTYPE
};

static const char *const names[] = {
#define DTYPE(name, bits, is_float, cuda) #name,
#include "dtype.def"
#undef DTYPE
};

#define COUNT (sizeof(table) / sizeof(table[0]))

int axe_dtype_lookup(const char *name)
{
	for (size_t i = 0; i < COUNT; i++)
		if (strcmp(table[i].name, name) == 0)
			return (int)i;
	return -1;
}

static const struct {
	const char *other, *ours;
} aliases[] = {
#define DTYPE_ALIAS(other, ours) { #other, #ours },
#include "dtype_alias.def"
#undef DTYPE_ALIAS
};

const char *axe_dtype_suggest(const char *text)
{
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (strcmp(aliases[i].other, text) == 0)
			return aliases[i].ours;
	return axe_suggest(text, names, COUNT);
}

const axe_dtype_info *axe_dtype_get(int dtype)
{
	return dtype >= 0 && (size_t)dtype < COUNT ? &table[dtype] : NULL;
}

size_t axe_dtype_count(void)
{
	return COUNT;
}

const char *const *axe_dtype_names(void)
{
	return names;
}

/* bitlen(128 / bits) - 1: log2 of the elements in 16 bytes. */
static int per_element_bits(int bits)
{
	int n = 128 / bits, len = 0;

	while (n > 0) {
		len++;
		n >>= 1;
	}
	return len - 1;
}

int axe_swizzle_preset(const char *mode, int dtype, axe_swizzle *sw)
{
	static const char *const modes[] = { "none", "32B", "64B", "128B" };
	const axe_dtype_info *info = axe_dtype_get(dtype);

	for (int b = 0; b < 4; b++) {
		if (strcmp(mode, modes[b]) != 0)
			continue;
		if (b == 0) {
			*sw = (axe_swizzle){ false, 0, 0, 0 };
			return 0;
		}
		if (!info)
			return -1;
		*sw = (axe_swizzle){ true, per_element_bits(info->bits), b, 3 };
		return 0;
	}
	return -1;
}

const char *axe_swizzle_preset_name(const axe_swizzle *sw, int dtype)
{
	static const char *const modes[] = { "32B", "64B", "128B" };
	const axe_dtype_info *info = axe_dtype_get(dtype);

	if (!sw->present)
		return "none";
	if (!info || sw->atom != 3 || sw->len < 1 || sw->len > 3 ||
	    sw->per_element != per_element_bits(info->bits))
		return NULL;
	return modes[sw->len - 1];
}
