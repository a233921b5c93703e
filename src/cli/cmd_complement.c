/*
 * cmd_complement.c: `axe-layout complement A [--cosize N]`: CuTe's
 * complement, proved ordered, disjoint from A and covering before it is
 * printed.
 */
#include "commands.h"
#include "cute_args.h"
#include "operands.h"

enum { KEY_JSON = 256, KEY_COSIZE };

static const axe_opt options[] = {
	{ "cosize", KEY_COSIZE, "N", "the cotarget: (A, R) must reach N indices (default: "
				     "the cosize of A without its stride-0 modes)" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_complement = {
	"complement", "A [--cosize N] [--json]",
	"CuTe's complement R of A up to N: R is ordered (increasing), its indices other\n"
	"than 0 are not A's, and (A, R) reaches every index below size(A)*size(R) >= N\n"
	"exactly once (CUTLASS's complement).",
	"Exits 1 naming the mode when a stride of A (stride-0 and size-1 modes left\n"
	"out) is negative or not a multiple of the reach of the smaller ones.  A swizzled\n"
	"A is refused: CuTe's complement ignores the swizzle.\n",
	options,
	"CuTe's complement of A up to a cosize, proved",
};

typedef struct complement_args {
	axe_cli_operand operand;
	const char *cosize;
	bool json;
} complement_args;

static int handle(void *ctx, int key, const char *arg)
{
	complement_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_COSIZE)
		a->cosize = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_complement(int argc, char **argv)
{
	complement_args a = { 0 };
	axe_complement_request req;
	axe_error err;
	int first = axe_opts_parse(&command_complement, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_complement, "expected one operand, A, got %d",
				       first - 1);
	req = (axe_complement_request){ a.operand.map, a.cosize };
	axe_error_init(&err);
	return axe_cute_cli_status(&command_complement,
				   axe_complement_report(argv[1], &req, axe_cute_cli_form(a.json), stdout,
							 &err),
				   &err);
}
