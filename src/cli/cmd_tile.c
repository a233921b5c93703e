/*
 * cmd_tile.c: `axe-layout tile`: the tiled layout of an outer and an inner
 * layout (Axe paper, section 3.3 and Appendix C).
 */
#include <stdio.h>
#include <string.h>

#include "../algebra/tile.h"
#include "../output/algebra_out.h"
#include "commands.h"
#include "operands.h"

enum { KEY_OUTER_SHAPE = 256, KEY_INNER_SHAPE, KEY_JSON };

static const axe_opt options[] = {
	{ "outer-shape", KEY_OUTER_SHAPE, "S", "shape of OUTER, the grid of tiles (default: "
					       "its shard extents)" },
	{ "inner-shape", KEY_INNER_SHAPE, "S", "shape of INNER, one tile (default: its shard "
					       "extents)" },
	{ "json", KEY_JSON, NULL, "one JSON object with the keys layout, shape, "
				  "interleaved and span (INNER's, per axis)" },
	AXE_OPT_END,
};

const axe_command command_tile = {
	"tile", "OUTER INNER [--outer-shape S] [--inner-shape S] [--json]",
	"Tile: the Kronecker-style product T(a, b) = span(INNER) * OUTER(a) + INNER(b)\n"
	"(Axe paper, Appendix C).  OUTER places copies of INNER; its strides are scaled,\n"
	"axis by axis, by INNER's span so that the copies do not overlap.",
	"The two shapes must have the same rank.  The result is canonicalized; its shape\n"
	"is the per-dimension product OUTER[d] * INNER[d], a point x of it being\n"
	"a = x / INNER, b = x % INNER per dimension, and the interleaved shape\n"
	"(OUTER[0], INNER[0], OUTER[1], ...) also groups it.  'inner span' is INNER's\n"
	"span per axis (1 + sum of (extent-1)*|stride|).\n"
	"A swizzled INNER is kept when OUTER moves m by whole swizzle blocks; a swizzled\n"
	"OUTER is rescaled when INNER's span on m is a power of two and INNER's m values\n"
	"stay below the swizzled bits.  Otherwise, or when a shape does not group its\n"
	"layout, prints 'cannot tile: REASON' and exits 1.\n",
	options,
	"the tiled (Kronecker-style) product of two layouts",
};

typedef struct tile_args {
	const char *outer_shape, *inner_shape;
	bool json;
} tile_args;

static int handle(void *ctx, int key, const char *arg)
{
	tile_args *a = ctx;

	if (key == KEY_OUTER_SHAPE)
		a->outer_shape = arg;
	else if (key == KEY_INNER_SHAPE)
		a->inner_shape = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

/* Resolve "arg" on "shape", placing a shape error on "option". */
static int resolve(const char *arg, const char *shape, const char *option, axe_operand *op,
		   axe_error *err)
{
	axe_operand_opts o = { .shape = shape };
	int r = axe_operand_resolve(arg, &o, op, err);

	if (r < 0 && strcmp(err->source, "--shape") == 0)
		snprintf(err->source, sizeof(err->source), "%s", option);
	return r;
}

int cmd_tile(int argc, char **argv)
{
	tile_args a = { 0 };
	axe_operand outer = { 0 }, inner = { 0 };
	axe_algebra_result res = { 0 };
	axe_reason why;
	axe_error err;
	int first = axe_opts_parse(&command_tile, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_tile, "expected two LAYOUT operands, OUTER and "
				       "INNER, got %d", first - 1);
	axe_error_init(&err);
	r = resolve(argv[1], a.outer_shape, "--outer-shape", &outer, &err);
	if (r == 0)
		r = resolve(argv[2], a.inner_shape, "--inner-shape", &inner, &err);
	if (r == 0)
		r = axe_layout_tile(outer.layout, &outer.shape, inner.layout, &inner.shape, &res,
				    &why, &err);
	if (r >= 0)
		r = axe_emit_algebra(r, &res, &why, "cannot tile", inner.layout, a.json, &err);
	axe_algebra_result_release(&res);
	axe_operand_release(&outer);
	axe_operand_release(&inner);
	return r < 0 ? axe_cli_report(&err) : r;
}
