/*
 * about.c: what the library says of itself (axe.h): its versions, the
 * notations its readers take, and the "did you mean" of its diagnostics.
 */
#include "../core/error.h"
#include "../interop/interop.h"
#include "version.h"

const char *axe_version(void)
{
	return AXE_LIB_VERSION;
}

const char *axe_release_version(void)
{
	return AXE_RELEASE_VERSION;
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
