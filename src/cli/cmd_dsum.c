/*
 * cmd_dsum.c: `axe-layout dsum`: the direct sum of two layouts on the tiling
 * domain (Axe paper, Appendix F).
 */
#include "commands.h"
#include "pair.h"

static const axe_opt options[] = {
	{ "left-shape", AXE_KEY_LEFT_SHAPE, "S", "shape of LEFT (default: its shard extents)" },
	{ "right-shape", AXE_KEY_RIGHT_SHAPE, "S", "shape of RIGHT (default: its shard extents)" },
	{ "json", AXE_KEY_PAIR_JSON, NULL, "one JSON object with the keys layout, shape and "
				  "interleaved" },
	AXE_OPT_END,
};

const axe_command command_dsum = {
	"dsum", "LEFT RIGHT [--left-shape S] [--right-shape S] [--json]",
	"Direct sum on the tiling domain: D(a, b) = LEFT(a) + RIGHT(b), the same\n"
	"interleaving as 'tile' without scaling LEFT by RIGHT's span (Axe paper,\n"
	"Appendix F).  Images add as sets.",
	"The two shapes must have the same rank.  The result is canonicalized; its shape\n"
	"is the per-dimension product LEFT[d] * RIGHT[d], a point x of it being\n"
	"a = x / RIGHT, b = x % RIGHT per dimension, and the interleaved shape\n"
	"(LEFT[0], RIGHT[0], LEFT[1], ...) also groups it.  Swizzles are kept as by\n"
	"'tile' with a span of 1.  When a shape does not group its layout, or a swizzle\n"
	"cannot be kept, prints 'cannot form the direct sum: REASON' and exits 1.\n",
	options,
	"the direct sum of two layouts on the tiling domain",
};

static const axe_pair_command pair = {
	&command_dsum, "--left-shape", "--right-shape", "LEFT and RIGHT", axe_dsum_report,
};

int cmd_dsum(int argc, char **argv)
{
	return axe_cli_run_pair(&pair, argc, argv);
}
