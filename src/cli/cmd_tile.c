/*
 * cmd_tile.c: `axe-layout tile`: the tiled layout of an outer and an inner
 * layout (Axe paper, section 3.3 and Appendix C).
 */
#include "commands.h"
#include "pair.h"

static const axe_opt options[] = {
	{ "outer-shape", AXE_KEY_LEFT_SHAPE, "S", "shape of OUTER, the grid of tiles (default: "
					       "its shard extents)" },
	{ "inner-shape", AXE_KEY_RIGHT_SHAPE, "S", "shape of INNER, one tile (default: its shard "
					       "extents)" },
	{ "json", AXE_KEY_PAIR_JSON, NULL, "one JSON object with the keys layout, shape, "
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

static const axe_pair_command pair = {
	&command_tile, "--outer-shape", "--inner-shape", "OUTER and INNER", axe_tile_report,
};

int cmd_tile(int argc, char **argv)
{
	return axe_cli_run_pair(&pair, argc, argv);
}
