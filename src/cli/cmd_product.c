/*
 * cmd_product.c: `axe-layout product A B --kind logical|zipped|tiled|blocked|raked`:
 * CuTe's products, each result proved to repeat A without overlap before
 * it is printed.
 */
#include "commands.h"
#include "cute_split.h"
#include "operands.h"

static const axe_opt options[] = {
	{ "kind", AXE_CUTE_SPLIT_KEY_KIND, "K", "logical (default), zipped, tiled, flat, blocked "
						"or raked" },
	{ "json", AXE_CUTE_SPLIT_KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, "
					 "proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_product = {
	"product", "A B [--kind logical|zipped|tiled|flat|blocked|raked] [--json]",
	"CuTe's product of A by B: logical_product(A, B) = (A, A* o B) with A* the\n"
	"complement of A up to size(A)*cosize(B), A repeated as B lays out; zipped,\n"
	"tiled and flat regroup as for divide; blocked and raked pair A's mode i with\n"
	"the repetition's mode i (A first: blocks; B first: A raked across B).",
	"B is a layout, or for logical/zipped/tiled/flat a by-mode tiler '<B0,...>'.\n"
	"blocked and raked pad A and B to the same rank with 1:0 modes first, as CuTe's\n"
	"blocked_product and raked_product do.  Proved before printing: the first\n"
	"mode is A, the second is A* o B at every point, and A* is disjoint from A and\n"
	"tiles with it.  Exits 1 when a complement or composition condition fails, or\n"
	"B has a negative stride.\n",
	options,
	"CuTe's logical, zipped, tiled, flat, blocked and raked products",
};

static axe_report *run(const char *a, const char *b, const axe_map_options *a_opts,
		       const char *kind, enum axe_output form, FILE *out, axe_error *err)
{
	axe_product_request req = { *a_opts, kind };

	return axe_product_report(a, b, &req, form, out, err);
}

int cmd_product(int argc, char **argv)
{
	static const axe_cute_split split = { &command_product, "B", run };

	return axe_cute_split_run(&split, argc, argv);
}
