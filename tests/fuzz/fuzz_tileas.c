/*
 * fuzz_tileas.c: libFuzzer target for TileAS layout descriptors
 * (src/interop/tileas.c).
 *
 * Invariants checked on every input:
 *  - a rejected input says why;
 *  - a descriptor of at most MAX_POINTS points (16-bit elements from the
 *    context) imports with its translation validation passing; written
 *    back as a descriptor for f16 it imports again, or the writer says why
 *    not.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/dtype.h"
#include "cute/inttuple.h"
#include "interop/interop.h"

#define MAX_TEXT 4096
#define MAX_POINTS 65536 /* imports validate every point: keep runs fast */

/* The number of points of the descriptor's shape, or 0 when it does not read. */
static int64_t shape_points(const char *text)
{
	const char *open = strchr(text, '<');
	size_t pos = open ? (size_t)(open - text) + 1 : 0;
	axe_cute_tuple shape;
	axe_error err = { 0 };
	int64_t size = 0;

	if (open && axe_cute_tuple_parse(text, NULL, &pos, &shape, &err) == 0) {
		if (axe_cute_tuple_product(&shape, &size, &err) < 0)
			size = 0;
		axe_cute_tuple_release(&shape);
	}
	return size;
}

static void must_say_why(int rc, const axe_error *err)
{
	if (rc < 0 && (err->code == AXE_ERR_NONE || err->message[0] == '\0'))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	axe_import_opts opts = { .elem_bits = 16 };
	axe_import imp, back;
	axe_error err = { 0 };
	char text[MAX_TEXT + 1], why[256] = "", *out;
	int rc;

	/* The descriptor's points are all validated: keep inputs short. */
	if (size > MAX_TEXT)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (strlen(text) != size || shape_points(text) > MAX_POINTS)
		return 0;
	rc = axe_tileas_import(text, NULL, &opts, &imp, &err);
	must_say_why(rc, &err);
	if (rc < 0)
		return 0;
	if (imp.layout) {
		out = axe_tileas_export(imp.layout, &imp.shape, axe_dtype_lookup("f16"), why,
					sizeof(why), &err);
		if (!out && why[0] == '\0')
			abort();
		if (out && axe_tileas_import(out, NULL, &opts, &back, &err) < 0)
			abort();
		if (out)
			axe_import_release(&back);
		free(out);
	}
	axe_import_release(&imp);
	return 0;
}
