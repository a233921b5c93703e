/*
 * cmd_divide.c: `axe-layout divide A TILER --kind logical|zipped|tiled|flat`:
 * CuTe's divides, each result proved to cut A into tiles before it is
 * printed.
 */
#include "commands.h"
#include "cute_split.h"
#include "operands.h"

static const axe_opt options[] = {
	{ "kind", AXE_CUTE_SPLIT_KEY_KIND, "K", "logical (default), zipped, tiled or flat" },
	{ "json", AXE_CUTE_SPLIT_KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, "
					 "proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_divide = {
	"divide", "A TILER [--kind logical|zipped|tiled|flat] [--json]",
	"CuTe's division of A by TILER: logical_divide(A, B) = A o (B, B*) with B* the\n"
	"complement of B up to size(A); zipped gathers the tiles into mode 0 and the\n"
	"rests into mode 1, tiled unpacks the rests, flat unpacks both.",
	"TILER is one layout (A is divided as a 1-D function) or a by-mode tiler\n"
	"'<B0,B1,...>' dividing A's mode i by B_i (an integer N is N:1, '_' keeps the\n"
	"mode).  Proved before printing: (B, B*) hits every index of A's mode exactly\n"
	"once and R = A o (B, B*) at every point; the other kinds are the logical\n"
	"result's modes regrouped.  Exits 1 when a tile's size does not divide its\n"
	"mode's (CuTe would pad) or a complement or composition condition fails.  A\n"
	"swizzled A keeps its swizzle outermost.\n",
	options,
	"CuTe's logical, zipped, tiled and flat divides",
};

static axe_report *run(const char *a, const char *tiler, const axe_map_options *a_opts,
		       const char *kind, enum axe_output form, FILE *out, axe_error *err)
{
	axe_divide_request req = { *a_opts, kind };

	return axe_divide_report(a, tiler, &req, form, out, err);
}

int cmd_divide(int argc, char **argv)
{
	static const axe_cute_split split = { &command_divide, "TILER", run };

	return axe_cute_split_run(&split, argc, argv);
}
