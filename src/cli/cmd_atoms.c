/*
 * cmd_atoms.c: `axe-layout atoms SRC DST`: every copy atom that could move
 * the tile from SRC's layout to DST's, legal or the rule that excludes it,
 * ranked by the TileAS layout assigner's three-term cost (analyze/atoms.h).
 */
#include <stdlib.h>
#include <string.h>

#include "../axe.h"
#include "../codegen/cuda_atoms.h"
#include "../output/atoms_out.h"
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
	"  + 0.25 x registers (32-bit registers one instruction leaves live per thread).\n"
	"Ties go to fewer registers, then wavefronts, then instructions, then the\n"
	"table's order.\n"
	"\n"
	"Exit status: 0 some atom is legal; 1 none is; 2 on bad input.\n",
	options,
	"the copy instructions for a tile, ranked by cost",
};

typedef struct atoms_args {
	axe_operand_opts operand;
	const char *arch, *direction;
	bool json, suggest;
} atoms_args;

static int handle(void *ctx, int key, const char *arg)
{
	atoms_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	switch (key) {
	case KEY_ARCH: a->arch = arg; return 0;
	case KEY_DIRECTION: a->direction = arg; return 0;
	case KEY_JSON: a->json = true; return 0;
	case KEY_SUGGEST: a->suggest = true; return 0;
	}
	return -1;
}

/* Resolve SRC and DST into "op", --swizzle on the shared side; the request into "req". */
static int resolve(const atoms_args *a, char **arg, axe_operand *op, axe_atom_request *req,
		   axe_error *err)
{
	axe_operand_opts plain = a->operand;
	int s;

	plain.swizzle = NULL;
	if (axe_operand_resolve(arg[0], &plain, &op[0], err) < 0 ||
	    axe_operand_resolve(arg[1], &plain, &op[1], err) < 0)
		return -1;
	s = axe_atom_is_memory(op[1].layout) ? 1 : 0;
	if (a->operand.swizzle) {
		axe_operand_release(&op[s]);
		if (axe_operand_resolve(arg[s], &a->operand, &op[s], err) < 0)
			return -1;
	}
	/* A literal without --shape takes the other operand's shape: they name one tile. */
	if (!a->operand.shape && !(op[1].entry && op[1].entry->has_shape))
		op[1].shape = op[0].shape;
	else if (!a->operand.shape && !(op[0].entry && op[0].entry->has_shape))
		op[0].shape = op[1].shape;
	for (int i = 0; i < 2; i++) {
		axe_atom_operand *o = i ? &req->dst : &req->src;
		*o = (axe_atom_operand){ op[i].layout, op[i].shape, op[i].dtype,
					 { "<arg>", 1, 1, arg[i], strlen(arg[i]) }, (int)strlen(arg[i]) };
		if (op[i].entry) {
			o->loc = axe_spec_loc_at(op[i].spec, op[i].entry->line, op[i].entry->col);
			o->span = (int)strlen(op[i].entry->name);
		}
	}
	return 0;
}

int cmd_atoms(int argc, char **argv)
{
	atoms_args a = { 0 };
	axe_atom_request req = { .arch = 100, .bulk = axe_cuda_atom_bulk };
	axe_atom_ranking rank = { 0 };
	axe_operand op[2] = { { 0 }, { 0 } };
	axe_error err;
	axe_writer *w = NULL;
	int first = axe_opts_parse(&command_atoms, argc, argv, handle, &a), status = AXE_EXIT_OK;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first - 1 != 2)
		return axe_usage_error(&command_atoms, "expected SRC and DST, got %d operand%s",
				       first - 1, first == 2 ? "" : "s");
	if (a.arch && (req.arch = axe_atom_arch_parse(a.arch)) < 0)
		return axe_usage_error(&command_atoms, "unknown --arch '%s' (sm_80, sm_90 or "
				       "sm_100)", a.arch);
	req.direction = a.direction;
	axe_error_init(&err);
	if (resolve(&a, argv + 1, op, &req, &err) < 0 || (a.suggest ? axe_atoms_suggest(&req, &rank, &err)
					      : axe_atoms_rank(&req, &rank, &err)) < 0 ||
	    !(w = malloc(sizeof(*w))))
		status = err.code ? axe_cli_report(&err) : AXE_EXIT_INPUT;
	if (w) {
		axe_writer_init(w, stdout);
		axe_print_atoms(w, &rank, a.json ? AXE_FORMAT_JSON : AXE_FORMAT_TEXT);
		axe_writer_flush(w);
		status = rank.nlegal ? AXE_EXIT_OK : AXE_EXIT_FALSE;
	}
	free(w);
	axe_atom_ranking_release(&rank);
	axe_operand_release(&op[0]);
	axe_operand_release(&op[1]);
	return status;
}
