/*
 * cmd_tile_of.c: `axe-layout tile-of`: is T a tile of INNER, and which outer
 * layout C gives tile(C, INNER) = T (Axe paper, Appendix D)?
 */

#include "../algebra/tile_of.h"
#include "../output/algebra_out.h"
#include "commands.h"
#include "operands.h"

enum { KEY_INNER_SHAPE = 256, KEY_JSON };

static const axe_opt options[] = {
	{ "inner-shape", KEY_INNER_SHAPE, "S", "shape of INNER, one tile (default: its shard "
					       "extents)" },
	{ "json", KEY_JSON, NULL, "one JSON object with the keys layout, shape and span "
				  "(INNER's, per axis), or layout null and reason" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_tile_of = {
	"tile-of", "T INNER [--shape S] [--inner-shape S] [--json]",
	"Decide whether T is a tile of INNER: find the outer layout C with\n"
	"tile(C, INNER) = T, that is T(a, b) = span(INNER) * C(a) + INNER(b)\n"
	"(Axe paper, Appendix D).",
	"--shape, --dtype and --swizzle qualify T.  The shapes must have the same rank,\n"
	"and INNER's extents must divide T's; C's shape is T's divided by INNER's.\n"
	"Prints C (canonical), its shape and INNER's span per axis, or 'not a tile:\n"
	"REASON' and exits 1.  Per dimension, T must end with INNER's iters and the iters\n"
	"before them must be multiples of INNER's span; T's replica must contain\n"
	"INNER's, the rest being span multiples; offsets must differ by span multiples.\n"
	"Every C printed satisfies tile(C, INNER) = T, swizzles included.\n",
	options,
	"recover the outer layout C with tile(C, INNER) = T",
};

typedef struct tile_of_args {
	axe_operand_opts operand;
	const char *inner_shape;
	bool json;
} tile_of_args;

static int handle(void *ctx, int key, const char *arg)
{
	tile_of_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_INNER_SHAPE)
		a->inner_shape = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_tile_of(int argc, char **argv)
{
	tile_of_args a = { 0 };
	axe_operand tile = { 0 }, inner = { 0 };
	axe_algebra_result res = { 0 };
	axe_reason why;
	axe_error err;
	int first = axe_opts_parse(&command_tile_of, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_tile_of, "expected two LAYOUT operands, T and "
				       "INNER, got %d", first - 1);
	axe_error_init(&err);
	r = axe_operand_resolve(argv[1], &a.operand, &tile, &err);
	if (r == 0) {
		axe_operand_opts o = { .shape = a.inner_shape, .shape_option = "--inner-shape" };
		r = axe_operand_resolve(argv[2], &o, &inner, &err);
	}
	if (r == 0) {
		axe_operand_match_ranks(&tile, &inner);
		r = axe_layout_tile_of(tile.layout, &tile.shape, inner.layout, &inner.shape, &res,
				       &why, &err);
	}
	if (r >= 0)
		r = axe_emit_algebra(r, &res, &why, "not a tile", inner.layout, a.json, &err);
	axe_algebra_result_release(&res);
	axe_operand_release(&tile);
	axe_operand_release(&inner);
	return r < 0 ? axe_cli_report(&err) : r;
}
