/*
 * cmd_tile_of.c: `axe-layout tile-of`: is T a tile of INNER, and which outer
 * layout C gives tile(C, INNER) = T (Axe paper, Appendix D)?
 */
#include "commands.h"
#include "operands.h"
#include "pair.h"

static const axe_opt options[] = {
	{ "inner-shape", AXE_KEY_RIGHT_SHAPE, "S", "shape of INNER, one tile (default: its "
						   "shard extents)" },
	{ "json", AXE_KEY_PAIR_JSON, NULL, "one JSON object with the keys layout, shape and "
					   "span (INNER's, per axis), or layout null and reason" },
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

static const axe_pair_command pair = {
	&command_tile_of, NULL, "--inner-shape", "T and INNER", axe_tile_of_report,
};

int cmd_tile_of(int argc, char **argv)
{
	return axe_cli_run_pair(&pair, argc, argv);
}
