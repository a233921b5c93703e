/*
 * fuzz_spec.c: libFuzzer target for the YAML spec loader.
 *
 * Invariants: a rejected spec says why, with a position inside the input;
 * every layout of an accepted spec prints and parses back identically.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse.h"
#include "spec/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	axe_error err;
	axe_spec *spec;

	axe_error_init(&err);
	spec = axe_spec_parse("fuzz.yaml", (const char *)data, size, &err);
	if (!spec) {
		if (err.code == AXE_ERR_NONE || err.message[0] == '\0' || err.line < 0)
			abort();
		return 0;
	}
	for (size_t i = 0; i < spec->nlayouts; i++) {
		const axe_layout *layout = spec->layouts[i].layout;
		char *text;
		axe_layout *again;

		if (!layout)
			continue; /* an expr: layout */
		text = axe_layout_to_string(layout);
		again = axe_layout_parse(text, &err);
		if (!again || !axe_layout_identical(layout, again))
			abort();
		free(text);
		axe_layout_free(again);
	}
	axe_spec_free(spec);
	return 0;
}
