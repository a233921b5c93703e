/*
 * fuzz_layout.c: libFuzzer target for the compact layout parser.
 *
 * Invariants checked on every input that parses:
 *  - print -> parse gives an identical layout and the same text again (the
 *    printer inverts the parser);
 *  - the layout evaluates without error at the first and last point of its
 *    own domain and on a bounded walk of it, and the odometer agrees with
 *    direct evaluation (axe_evaluator_base) at every walked point;
 *  - the backward map is exact: each image of a walked point has that point
 *    among its preimages (unless the preimages are over the limit or the
 *    search is over its step budget, which are errors that say so);
 *  - for a domain small enough to walk whole, the incremental checksum of
 *    `eval --count` equals the sum of the per-pair hashes over the walk.
 * A rejected input must say why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/eval.h"
#include "parse/parse.h"

#define WALK_PAIRS 65536      /* (point, image) pairs walked */
#define INVERSE_POINTS 8      /* walked points whose images are inverted */
#define INVERSE_LIMIT 4096    /* preimages allowed per inversion */

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

/* "flat" is among the preimages of "image", or the search refused. */
static void check_inverse(const axe_evaluator *ev, const int64_t *image, int64_t flat)
{
	int64_t *flats = NULL;
	size_t count = 0;
	axe_error err;
	bool found = false;

	axe_error_init(&err);
	if (axe_evaluator_inverse(ev, image, NULL, &flats, &count, INVERSE_LIMIT, &err) < 0) {
		if (err.code != AXE_ERR_LIMIT || err.message[0] == '\0')
			abort();
		free(flats);
		return;
	}
	for (size_t i = 0; i < count; i++) {
		if (flats[i] < 0 || flats[i] >= ev->size || (i > 0 && flats[i] <= flats[i - 1]))
			abort(); /* in the domain, sorted, no duplicates */
		found |= flats[i] == flat;
	}
	if (!found)
		abort();
	free(flats);
}

static void check_evaluates(const axe_layout *layout)
{
	axe_shape shape;
	axe_evaluator ev;
	axe_cursor cur;
	axe_error err;
	axe_checksum sum;
	int64_t *base, *images;
	uint64_t hash = 0;
	int64_t n, walk;

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
	walk = ev.nimages < WALK_PAIRS ? WALK_PAIRS / (int64_t)ev.nimages : 1;
	for (n = 0; !cur.done && n < walk; n++, axe_cursor_next(&cur)) {
		axe_evaluator_base(&ev, cur.flat, base);
		if (cur.flat != n || memcmp(base, cur.base, ev.naxes * sizeof(int64_t)) != 0)
			abort(); /* the odometer drifted from direct evaluation */
		axe_evaluator_images(&ev, cur.base, true, images);
		for (size_t i = 0; i < ev.nimages; i++) {
			hash += axe_image_hash(&ev, cur.flat, images + i * ev.naxes);
			if (n < INVERSE_POINTS && i < 2)
				check_inverse(&ev, images + i * ev.naxes, cur.flat);
		}
	}
	if (cur.done) { /* the whole domain was walked */
		if (axe_evaluator_checksum(&ev, &sum, &err) < 0 || sum.points != ev.size ||
		    sum.hash != hash)
			abort();
	}
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
