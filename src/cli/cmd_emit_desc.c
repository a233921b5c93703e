/*
 * cmd_emit_desc.c: `axe-layout emit-desc`: the 64-bit shared-memory matrix
 * descriptor of a wgmma or tcgen05 operand tile, from its layout, or the
 * first mode that keeps the layout from being canonical.
 */
#include <stdbool.h>
#include <stdio.h>

#include "commands.h"
#include "operands.h"

enum { KEY_MMA = 256, KEY_OPERAND, KEY_K_DIM, KEY_MAJOR, KEY_JSON };

static const axe_opt options[] = {
	{ "mma", KEY_MMA, "KIND", "wgmma (sm_90) or tcgen05 (sm_100): the descriptor format" },
	{ "operand", KEY_OPERAND, "A|B", "a or b: the tile's MN dimension is M or N" },
	{ "k-dim", KEY_K_DIM, "0|1", "which dimension of SMEM is K: 0 (K x MN, as Triton's B "
				     "memdesc) or 1 (MN x K, as CuTe's operands); default: as "
				     "SMEM's notation says (triton: A 1, B 0; cute: 1), else 1 "
				     "for A; B in no such notation needs it" },
	{ "major", KEY_MAJOR, "k|mn", "the contiguous dimension (default: K when SMEM is "
				      "contiguous along K, else MN)" },
	{ "json", KEY_JSON, NULL, "one JSON object: the descriptor, its fields, each K block's "
				  "descriptor and a C++ initializer" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_emit_desc = {
	"emit-desc",
	"SMEM --mma wgmma|tcgen05 --operand a|b [--k-dim 0|1] [--major k|mn] [--json]",
	"The 64-bit shared-memory matrix descriptor of a wgmma or tcgen05 operand:\n"
	"SMEM (a tile of M or N by K elements on m, with its swizzle) must be one of\n"
	"the canonical operand layouts; the descriptor's leading and stride byte\n"
	"offsets are read off its strides.",
	"A descriptor covers one K block of 32 bytes (16 f16, 32 f8 elements) of the\n"
	"tile: in 16-byte units (T elements) and W units per swizzle row (1, 2, 4, 8\n"
	"for none, 32B, 64B, 128B), a K-major block is (8 rows, W*T apart; 8-row groups\n"
	"SBO apart) x (T contiguous elements; 16-byte chunks one unit apart, or LBO\n"
	"without a swizzle); an MN-major block is (W*T contiguous elements; atoms LBO\n"
	"apart) x (8 rows of K, W*T apart; 8-row groups SBO apart), and without a\n"
	"swizzle (T contiguous; SBO) x (8 rows T apart; LBO), as the PTX ISA's matrix\n"
	"descriptor and canonical layouts (wgmma, section 9.7.15.5.1; tcgen05, 9.7.16.3)\n"
	"and CUTLASS's make_gmma_desc / make_umma_desc define them; tcgen05 MN-major\n"
	"operands also take the 128B swizzle of 32-byte atoms (SWIZZLE_128B_BASE32B,\n"
	"Swizzle<2,5,2> on bytes: 4 rows of K per atom).  MN-major wgmma operands are\n"
	"16-bit only (PTX ISA, wgmma.mma_async).  Every element of every K block is\n"
	"checked.  The start address is from the buffer base: add (shared address >> 4)\n"
	"at run time, the base aligned to the swizzle repeat; the base offset is then 0\n"
	"wherever the tile starts (PTX ISA: it counts from the swizzle pattern's start;\n"
	"CUTLASS's DescriptorIterator moves only the start address).  tcgen05 sets\n"
	"version 1 (bits 46-47).\n"
	"Exit status: 0 with a descriptor; 1 when the layout is not canonical ('not a\n"
	"canonical operand layout (MODE): REASON' and 'nearest: LAYOUT'), its swizzle\n"
	"no MMA mode included; 2 on bad input.\n",
	options,
	"MMA shared-memory matrix descriptors from operand layouts",
};

typedef struct desc_args {
	axe_cli_operand operand;
	axe_emit_desc_request req;
	bool json;
} desc_args;

static int handle(void *ctx, int key, const char *arg)
{
	desc_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	switch (key) {
	case KEY_MMA: a->req.mma = arg; return 0;
	case KEY_OPERAND: a->req.operand = arg; return 0;
	case KEY_K_DIM: a->req.k_dim = arg; return 0;
	case KEY_MAJOR: a->req.major = arg; return 0;
	default: a->json = true; return 0;
	}
}

int cmd_emit_desc(int argc, char **argv)
{
	desc_args a = { 0 };
	axe_map *map;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_emit_desc, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_emit_desc, "expected one LAYOUT operand, SMEM, got "
				       "%d", first - 1);
	axe_error_init(&err);
	if (axe_emit_desc_request_check(&a.req, &err) < 0)
		return axe_cli_usage_from(&command_emit_desc, &err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = axe_emit_desc_report(map, &a.req, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
					      stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
