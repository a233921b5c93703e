/*
 * about.c: what the library says of itself (axe.h): its version, the
 * notations its readers take, and the "did you mean" of its diagnostics.
 * Apart from api.h: interop's axe_format (a notation) and output's
 * axe_format (an output form) must not meet in one file.
 */
#include "../core/error.h"
#include "../interop/interop.h"
#include "version.h"

const char *axe_version(void)
{
	return AXE_LIB_VERSION;
}

const char *axe_notation_name(size_t index)
{
	size_t n;
	const char *const *names = axe_format_names(&n);

	return index < n ? names[index] : NULL;
}

const char *axe_did_you_mean(const char *word, const char *const *candidates, size_t n)
{
	return axe_suggest(word, candidates, n);
}
