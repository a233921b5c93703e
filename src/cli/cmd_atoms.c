/*
 * cmd_atoms.c: `axe-layout atoms SRC DST`: every copy atom that could move
 * the tile from SRC's layout to DST's, legal or the rule that excludes it,
 * ranked by the TileAS layout assigner's three-term cost (analyze/atoms.h).
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "operands.h"

enum { KEY_ARCH = 256, KEY_DIRECTION, KEY_JSON, KEY_SUGGEST };

static const axe_opt options[] = {
	{ "arch", KEY_ARCH, "ARCH", "target: sm_80, sm_90 or sm_100 (default sm_100)" },
	{ "direction", KEY_DIRECTION, "D", "the memory spaces SRC2DST, each g (global), s "
					   "(shared), r (registers) or t (tensor memory) "
					   "(default: from the axes)" },
	{ "suggest", KEY_SUGGEST, NULL, "also rank every atom with the shared tile under each "
					"swizzle mode (none, 32B, 64B, 128B)" },
	{ "json", KEY_JSON, NULL, "one JSON object" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_atoms = {
	"atoms", "SRC DST [--arch sm_80|sm_90|sm_100] [--direction D] [--suggest] [--json]",
	"Which instruction should move this tile: every copy atom, legal or the rule\n"
	"that excludes it, the legal ones ranked by the three-term cost.",
	"Spaces come from the axes: TLane/TCol is tensor memory, thread axes are\n"
	"registers (m the register), m alone is memory: shared beside registers or\n"
	"tensor memory, else SRC global and DST shared.  --dtype and --shape apply to\n"
	"both operands, --swizzle to the shared one (DST unless DST is registers).\n"
	"Either may be an expr: layout (a Triton layout whose bases mix bits, ...):\n"
	"its map is walked once and judged as in S/R/O form, but cp.async.bulk.tensor\n"
	"is excluded (tma: a tensor map needs strides) and --suggest refuses such a\n"
	"shared tile.\n"
	"\n"
	"Rules, the first that fails is printed: arch, space, shape (whole chunks, the\n"
	"block's shared memory, tensor memory's 128 lanes x 512 columns), dtype, fragment\n"
	"(the atom's fixed thread-value layout checked at every element of the\n"
	"register layout), alignment (vectors and matrix rows contiguous and aligned\n"
	"after the swizzle), tma (the TMA planner's rules, for cp.async.bulk.tensor).\n"
	"\n"
	"Cost (the TileAS layout assigner's terms and weights):\n"
	"  1 x smem wavefronts (the bank model over the whole tile)\n"
	"  + 4 x tmem cycles (32 32-bit words per cycle)\n"
	"  + 0.25 x registers (32-bit registers of the tile's fragment per thread).\n"
	"Ties go to fewer registers, then wavefronts, then instructions, then the\n"
	"table's order.\n"
	"\n"
	"Exit status: 0 some atom is legal; 1 none is; 2 on bad input.\n",
	options,
	"the copy instructions for a tile, ranked by cost",
};

typedef struct atoms_args {
	axe_cli_operand operand;
	axe_atoms_request req;
	bool json;
} atoms_args;

static int handle(void *ctx, int key, const char *arg)
{
	atoms_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	switch (key) {
	case KEY_ARCH: a->req.arch = arg; return 0;
	case KEY_DIRECTION: a->req.direction = arg; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_SUGGEST: a->req.suggest = 1; return 0;
	}
	return -1;
}

int cmd_atoms(int argc, char **argv)
{
	atoms_args a = { 0 };
	axe_report *report;
	axe_error err;
	int first = axe_opts_parse(&command_atoms, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first - 1 != 2)
		return axe_usage_error(&command_atoms, "expected SRC and DST, got %d operand%s",
				       first - 1, first == 2 ? "" : "s");
	axe_error_init(&err);
	a.req.operands = a.operand.map;
	report = axe_atoms_report(argv[1], argv[2], &a.req, a.json ? AXE_OUTPUT_JSON
								    : AXE_OUTPUT_TEXT, stdout, &err);
	if (report)
		status = axe_report_status(report);
	else if (strcmp(err.source, "--arch") == 0) /* a bad --arch is a usage error */
		status = axe_cli_usage_from(&command_atoms, &err);
	else
		status = axe_cli_report(&err);
	axe_report_free(report);
	return status;
}
