/*
 * cmd_emit_tma.c: `axe-layout emit-tma`: the cuTensorMapEncodeTiled
 * arguments and the copies that move a region between a global tensor and
 * a shared-memory tile (semantics.md "TMA tensor maps").
 */
#include <stdbool.h>
#include <stdio.h>

#include "commands.h"

enum {
	KEY_REGION = 'r', KEY_BOX = 'b',
	KEY_GLOBAL_SHAPE = 256, KEY_SMEM_SHAPE, KEY_SMEM_REGION, KEY_DIRECTION, KEY_OOB,
	KEY_L2, KEY_INTERLEAVE, KEY_JSON,
};

static const axe_opt options[] = {
	{ "region", KEY_REGION, "B:E,...", "the global region, one half-open range per "
					   "dimension of GLOBAL's shape (default: the shared "
					   "region's extents at the origin, on the innermost "
					   "dimensions)" },
	{ "smem-region", KEY_SMEM_REGION, "B:E,...", "the shared region (default: all of "
						     "SMEM)" },
	{ "global-shape", KEY_GLOBAL_SHAPE, "S", "GLOBAL's logical shape (default: the "
						 "spec's, else its shard extents)" },
	{ "smem-shape", KEY_SMEM_SHAPE, "S", "SMEM's logical shape (default: the spec's, else "
					     "its shard extents)" },
	{ "dtype", 'd', "T", "element type of both layouts: f8 e4m3 e5m2 f16 bf16 f32 tf32 "
			     "f64 i8 u8 i16 i32 u32 i64 u64 (default: the specs')" },
	{ "swizzle", 'w', "MODE", "SMEM's swizzle: none, 32B, 64B, 128B or M,B,S" },
	{ "direction", KEY_DIRECTION, "DIR", "g2s (a load, the default) or s2g (a store)" },
	{ "box", KEY_BOX, "E,...", "force the box, outermost first; 1 stands for a dimension "
				   "outside the box (default: the largest legal box)" },
	{ "oob-fill", KEY_OOB, "FILL", "zero (the default) or nan: what loads read outside the "
				       "tensor" },
	{ "l2-promotion", KEY_L2, "P", "none, 64B, 128B (the default, as CUTLASS's "
				       "make_tma_copy encodes it) or 256B" },
	{ "interleave", KEY_INTERLEAVE, "I", "none (the default); 16B and 32B are refused: "
					     "layouts do not describe interleaved tensors" },
	{ "json", KEY_JSON, NULL, "one JSON object: the arguments, copies and bytes_per_copy" },
	AXE_OPT_END,
};

const axe_command command_emit_tma = {
	"emit-tma", "GLOBAL SMEM [--region B:E,...] [--smem-region B:E,...] [--direction g2s|s2g] "
		    "[--box E,...] [--json]",
	"The cuTensorMapEncodeTiled arguments and the cp.async.bulk.tensor copies that\n"
	"move a region of GLOBAL (a tensor on m, element strides) to or from SMEM (a\n"
	"shared tile on m, with its swizzle), or why the hardware cannot do it.",
	"Element i of the global region, row-major, goes to element i of the shared\n"
	"region: they hold the same number of elements, whatever their extents.  A\n"
	"global range may run past the tensor's end (a ragged last tile): loads fill\n"
	"those elements (zeros, or NaN with --oob-fill nan), stores skip them, and the\n"
	"output says which.  A dimension of region extent 1 is a coordinate, folded\n"
	"into the map's global address whatever its stride (0 for a broadcast).\n"
	"\n"
	"Arrays are innermost first, globalStrides in bytes without dimension 0; the\n"
	"map's dimensions follow the shared tile, so its strides need not grow.  Each\n"
	"copy gives coordinates (innermost first) and a shared byte offset before the\n"
	"swizzle, and moves bytes_per_copy bytes (the mbarrier's expect-tx).  Without\n"
	"--box the planner searches every box the layouts allow (any divisor of each\n"
	"run, cut into more tensor dimensions: {32, 2, 64} for a 64-wide f32 tile\n"
	"under 128B; a dimension cut into pieces may leave an overhang outside the\n"
	"map) and keeps the fewest copies, then the lowest rank.  Under a swizzle each\n"
	"box row takes the whole span in shared memory.  More than 5 dimensions: the\n"
	"outer ones move the map's global address, copy by copy.\n"
	"\n"
	"Every cuTensorMapEncodeTiled rule is checked (rank 1..5, globalDim 1..2^32,\n"
	"globalStrides multiples of 16 below 2^40, boxDim 1..256, inner box bytes a\n"
	"multiple of 16 within the swizzle span, elementStrides 1..8, interleave and\n"
	"swizzle pairing, NaN fill for float types only, the global address 16-byte\n"
	"aligned), and each copy's shared address is 128-byte aligned; the shared\n"
	"buffer must be aligned to 128 bytes, or to 256/512/1024 under a 32B/64B/128B\n"
	"swizzle.  Exit status: 0 with a plan; 1 when no plan exists: 'no TMA plan\n"
	"(RULE): REASON', 'fix: FIX' and 'tried: ' the boxes tried, by rule; 2 on bad\n"
	"input.\n",
	options,
	"TMA tensor-map arguments and copies, validated",
};

typedef struct tma_args {
	axe_map_options global, smem; /* --global-shape, --smem-shape, --dtype, --swizzle */
	axe_emit_tma_request req;
	bool json;
} tma_args;

static int handle(void *ctx, int key, const char *arg)
{
	tma_args *a = ctx;

	switch (key) {
	case KEY_REGION: a->req.region = arg; return 0;
	case KEY_SMEM_REGION: a->req.smem_region = arg; return 0;
	case KEY_GLOBAL_SHAPE: a->global.shape = arg; return 0;
	case KEY_SMEM_SHAPE: a->smem.shape = arg; return 0;
	case 'd': a->global.dtype = a->smem.dtype = arg; return 0;
	case 'w': a->smem.swizzle = arg; return 0;
	case KEY_BOX: a->req.box = arg; return 0;
	case KEY_DIRECTION: a->req.direction = arg; return 0;
	case KEY_OOB: a->req.oob_fill = arg; return 0;
	case KEY_L2: a->req.l2_promotion = arg; return 0;
	case KEY_INTERLEAVE: a->req.interleave = arg; return 0;
	default: a->json = true; return 0;
	}
}

int cmd_emit_tma(int argc, char **argv)
{
	tma_args a = { .global.shape_option = "--global-shape",
		       .smem.shape_option = "--smem-shape" };
	axe_map *g = NULL, *s = NULL;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_emit_tma, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_emit_tma, "expected two LAYOUT operands, GLOBAL and "
				       "SMEM, got %d", first - 1);
	axe_error_init(&err);
	if ((g = axe_map_read(argv[1], &a.global, &err)) &&
	    (s = axe_map_read(argv[2], &a.smem, &err)))
		report = axe_emit_tma_report(g, s, &a.req, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
					     stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(g);
	axe_map_free(s);
	return rc;
}
