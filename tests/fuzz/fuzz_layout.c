/*
 * fuzz_layout.c: libFuzzer target for the compact layout parser.
 *
 * Invariants checked on every input that parses: print -> parse gives an
 * identical layout and the same text again (the printer inverts the
 * parser), and the layout evaluates without error at the first and last
 * point of its own domain and on a bounded walk of it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/eval.h"
#include "parse/parse.h"

#define WALK_POINTS 4096

static void check_round_trip(const axe_layout *layout)
{
	axe_error err;
	char *text = axe_layout_to_string(layout), *again_text;
	axe_layout *again;

	axe_error_init(&err);
	again = axe_layout_parse(text, &err);
	if (!again || !axe_layout_identical(layout, again))
		abort();
	again_text = axe_layout_to_string(again);
	if (strcmp(text, again_text) != 0)
		abort();
	free(text);
	free(again_text);
	axe_layout_free(again);
}

static void check_evaluates(const axe_layout *layout)
{
	axe_shape shape;
	axe_evaluator ev;
	axe_cursor cur;
	axe_error err;
	int64_t *base, *images;

	axe_error_init(&err);
	axe_layout_default_shape(layout, &shape);
	if (layout->nshard > AXE_MAX_RANK) {
		shape.rank = 1;
		if (axe_layout_size(layout, &shape.dim[0], &err) < 0)
			abort();
	}
	if (axe_evaluator_init(&ev, layout, &shape, &err) < 0) {
		if (err.code != AXE_ERR_LIMIT) /* a replica set too large to list */
			abort();
		return;
	}
	base = calloc(ev.naxes + 1, sizeof(int64_t));
	images = calloc((ev.naxes + 1) * ev.nimages, sizeof(int64_t));
	if (!base || !images || axe_cursor_init(&cur, &ev, &err) < 0)
		abort();
	axe_evaluator_base(&ev, ev.size - 1, base);
	axe_evaluator_images(&ev, base, true, images);
	for (int n = 0; !cur.done && n < WALK_POINTS; n++, axe_cursor_next(&cur))
		axe_evaluator_images(&ev, cur.base, true, images);
	axe_cursor_release(&cur);
	free(base);
	free(images);
	axe_evaluator_release(&ev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	axe_error err;
	axe_loc origin = { "<fuzz>", 1, 1, (const char *)data, size };
	axe_layout *layout;

	axe_error_init(&err);
	layout = axe_layout_parse_at((const char *)data, size, &origin, &err);
	if (!layout) {
		if (err.code == AXE_ERR_NONE || err.message[0] == '\0')
			abort(); /* a failure must say why */
		return 0;
	}
	check_round_trip(layout);
	check_evaluates(layout);
	axe_layout_free(layout);
	return 0;
}
