/*
 * fuzz_cute.c: libFuzzer target for CuTe text (src/cute/parse.c) and the
 * cute: and cute-tv: readers (src/interop/cute.c, cute_tv.c).
 *
 * Invariants checked on every input:
 *  - a rejected input says why;
 *  - what parses prints as text that parses to the same model and prints
 *    the same again;
 *  - a small layout imports (its translation validation passes) or is
 *    refused with a reason; an imported compact form written back as CuTe
 *    text imports again without error;
 *  - read as a TV layout on the tile (size, 1), it imports or is refused
 *    with a reason.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "interop/cute_private.h"

#define MAX_POINTS 4096 /* imports validate every point: keep runs fast */

static void check_print(const axe_cute_composed *c)
{
	axe_error err = { 0 };
	char *text = axe_cute_composed_print(c, &err), *again_text;
	axe_cute_composed again;

	if (!text || axe_cute_parse(text, NULL, &again, &err) < 0 ||
	    !axe_cute_tuple_equal(&c->layout.shape, &again.layout.shape) ||
	    !axe_cute_tuple_equal(&c->layout.stride, &again.layout.stride))
		abort();
	again_text = axe_cute_composed_print(&again, &err);
	if (!again_text || strcmp(text, again_text) != 0)
		abort();
	free(text);
	free(again_text);
	axe_cute_composed_release(&again);
}

/* An import either succeeds or says why. */
static void must_say_why(int rc, const axe_error *err)
{
	if (rc < 0 && (err->code == AXE_ERR_NONE || err->message[0] == '\0'))
		abort();
}

static void check_import(const char *text, int64_t size)
{
	axe_shape tile = { 2, { size, 1 } };
	axe_import_opts opts = { .tile = &tile };
	axe_import imp, back;
	axe_error err = { 0 };
	char why[256], *out;
	int rc = axe_cute_import(text, NULL, NULL, &imp, &err);

	must_say_why(rc, &err);
	if (rc == 0 && imp.layout) {
		out = axe_cute_export(imp.layout, &imp.shape, -1, why, sizeof(why), &err);
		if (!out)
			abort(); /* every compact CuTe import has a CuTe form */
		if (axe_cute_import(out, NULL, NULL, &back, &err) < 0)
			abort();
		axe_import_release(&back);
		free(out);
	}
	if (rc == 0)
		axe_import_release(&imp);
	memset(&err, 0, sizeof(err));
	rc = axe_cute_tv_import(text, NULL, &opts, &imp, &err);
	must_say_why(rc, &err);
	if (rc == 0)
		axe_import_release(&imp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	axe_cute_composed c;
	axe_error err = { 0 };

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (strlen(text) == size) {
		if (axe_cute_parse(text, NULL, &c, &err) < 0) {
			must_say_why(-1, &err);
		} else {
			check_print(&c);
			if (axe_cute_layout_size(&c.layout) <= MAX_POINTS)
				check_import(text, axe_cute_layout_size(&c.layout));
			axe_cute_composed_release(&c);
		}
	}
	free(text);
	return 0;
}
