/*
 * cmd_emit_tma.c: `axe-layout emit-tma`: the cuTensorMapEncodeTiled
 * arguments and the copies that move a region between a global tensor and
 * a shared-memory tile (semantics.md "TMA tensor maps").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/tma.h"
#include "../output/tma_out.h"
#include "../parse/parse.h"
#include "commands.h"
#include "operands.h"

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
	{ "l2-promotion", KEY_L2, "P", "none (the default), 64B, 128B or 256B" },
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
	const char *shape[2], *dtype, *swizzle, *region, *smem_region, *box;
	axe_tma_request req;
	bool json;
} tma_args;

/* Report an unknown value of an enum option; returns -1. */
static int bad_value(const char *option, const char *arg)
{
	axe_usage_error(&command_emit_tma, "unknown %s value '%s' (see --help)", option, arg);
	return -1;
}

/* The enum options; 0, or -1 after reporting an unknown value. */
static int handle_enum(axe_tma_request *r, int key, const char *arg)
{
	int v;

	switch (key) {
	case KEY_DIRECTION:
		if ((v = axe_tma_direction_parse(arg)) < 0)
			return bad_value("--direction", arg);
		r->direction = (axe_tma_direction)v;
		return 0;
	case KEY_OOB:
		if ((v = axe_tma_oob_parse(arg)) < 0)
			return bad_value("--oob-fill", arg);
		r->oob_fill = (axe_tma_oob)v;
		return 0;
	case KEY_L2:
		if ((v = axe_tma_l2_parse(arg)) < 0)
			return bad_value("--l2-promotion", arg);
		r->l2_promotion = (axe_tma_l2)v;
		return 0;
	default:
		if ((v = axe_tma_interleave_parse(arg)) < 0)
			return bad_value("--interleave", arg);
		r->interleave = (axe_tma_interleave)v;
		return 0;
	}
}

static int handle(void *ctx, int key, const char *arg)
{
	tma_args *a = ctx;

	switch (key) {
	case KEY_REGION: a->region = arg; return 0;
	case KEY_SMEM_REGION: a->smem_region = arg; return 0;
	case KEY_GLOBAL_SHAPE: a->shape[0] = arg; return 0;
	case KEY_SMEM_SHAPE: a->shape[1] = arg; return 0;
	case 'd': a->dtype = arg; return 0;
	case 'w': a->swizzle = arg; return 0;
	case KEY_BOX: a->box = arg; return 0;
	case KEY_JSON: a->json = true; return 0;
	default: return handle_enum(&a->req, key, arg);
	}
}

/* Where operand "op" (given as "arg") is, for errors about it. */
static axe_tma_origin operand_origin(const axe_operand *op, const char *arg)
{
	if (op->entry)
		return (axe_tma_origin){ axe_spec_loc_at(op->spec, op->entry->line, op->entry->col),
					 (int)strlen(op->entry->name) };
	return (axe_tma_origin){ { "<arg>", 1, 1, arg, strlen(arg) }, (int)strlen(arg) };
}

static axe_tma_origin option_origin(const char *option, const char *value)
{
	return (axe_tma_origin){ { option, 1, 1, value, value ? strlen(value) : 0 },
				 value ? (int)strlen(value) : 0 };
}

/* Resolve operand "which" (0 GLOBAL, 1 SMEM) into "op"; shape errors land on its option. */
static int resolve(const tma_args *a, int which, const char *arg, axe_operand *op, axe_error *err)
{
	static const char *const shape_option[] = { "--global-shape", "--smem-shape" };
	axe_operand_opts o = { .shape = a->shape[which], .dtype = a->dtype,
			       .swizzle = which ? a->swizzle : NULL,
			       .shape_option = shape_option[which] };

	return axe_operand_resolve(arg, &o, op, err);
}

/* Parse a region option "text" (may be NULL) into "out"; 0 or -1. */
static int parse_region(const char *option, const char *text, axe_tma_region *out,
			axe_error *err)
{
	axe_tma_origin at = option_origin(option, text);
	long n = text ? axe_parse_region(text, &at.loc, out->begin, out->end, AXE_MAX_RANK, err) : 0;

	out->rank = n > 0 ? (size_t)n : 0;
	return n < 0 ? -1 : 0;
}

/* Fill the request from the operands and the options; 0 or -1. */
static int build_request(tma_args *a, const axe_operand *g, const axe_operand *s,
			 char **argv, axe_error *err)
{
	axe_tma_request *r = &a->req;
	long n = 0;

	r->global = g->layout;
	r->global_shape = g->shape;
	r->smem = s->layout;
	r->smem_shape = s->shape;
	r->dtype = s->dtype >= 0 ? s->dtype : g->dtype;
	r->global_at = operand_origin(g, argv[1]);
	r->smem_at = operand_origin(s, argv[2]);
	r->region_at = option_origin("--region", a->region);
	r->smem_region_at = option_origin("--smem-region", a->smem_region);
	r->box_at = option_origin("--box", a->box);
	if (r->dtype < 0)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "give --dtype: neither GLOBAL "
				     "nor SMEM has an element type");
	if (!a->dtype && g->dtype >= 0 && s->dtype >= 0 && g->dtype != s->dtype)
		return axe_error_set(err, AXE_ERR_VALUE, &r->smem_at.loc, r->smem_at.span,
				     "GLOBAL and SMEM have different element types; give --dtype");
	if (a->box)
		n = axe_parse_int_list(a->box, &r->box_at.loc, r->box, AXE_MAX_RANK, "box extent",
				       err);
	r->box_rank = n > 0 ? (size_t)n : 0;
	if (n < 0 || parse_region("--region", a->region, &r->region, err) < 0)
		return -1;
	return parse_region("--smem-region", a->smem_region, &r->smem_region, err);
}

int cmd_emit_tma(int argc, char **argv)
{
	tma_args a = { 0 };
	axe_operand g = { 0 }, s = { 0 };
	axe_tma_plan *plan = NULL;
	axe_tma_refusal why;
	axe_error err;
	int first, r;

	axe_tma_request_init(&a.req);
	first = axe_opts_parse(&command_emit_tma, argc, argv, handle, &a);
	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_emit_tma, "expected two LAYOUT operands, GLOBAL and "
				       "SMEM, got %d", first - 1);
	axe_error_init(&err);
	r = resolve(&a, 0, argv[1], &g, &err);
	if (r == 0)
		r = resolve(&a, 1, argv[2], &s, &err);
	if (r == 0)
		r = build_request(&a, &g, &s, argv, &err);
	if (r == 0 && !(plan = malloc(sizeof(*plan))))
		r = axe_error_set(&err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	if (r == 0)
		r = axe_tma_plan_build(&a.req, plan, &why, &err);
	if (r >= 0)
		r = axe_emit_tma(r, plan, &why, a.json, &err);
	free(plan);
	axe_operand_release(&g);
	axe_operand_release(&s);
	return r < 0 ? axe_cli_report(&err) : r;
}
