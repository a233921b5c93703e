/*
 * cmd_compose.c: `axe-layout compose A B`: CuTe's composition A o B, with
 * R(c) = A(B(c)) proved for every c before it is printed.
 */
#include "commands.h"
#include "cute_args.h"
#include "operands.h"

enum { KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_compose = {
	"compose", "A B [--json]",
	"CuTe's composition R = A o B: R(c) = A(B(c)) for every coordinate c of B, with\n"
	"B's shape (CUTLASS's composition).",
	"A and B are CuTe layouts ('(6,2):(8,2)', cute:TEXT) or Axe layouts on axis m.\n"
	"B may be an integer N (the layout N:1) or a by-mode tiler '<B0,B1,...>' whose\n"
	"mode i is composed with A's mode i ('_' keeps the mode); A's modes past the\n"
	"tiler are dropped, as CuTe's C++ does.  A swizzled A keeps its swizzle\n"
	"outermost; a swizzled B is refused.  Prints the result in CuTe's notation and\n"
	"Axe's, and the property proved; exits 1 with the failing divisibility\n"
	"condition when the composition is not a layout.\n",
	options,
	"CuTe's composition A o B, proved pointwise",
};

typedef struct compose_args {
	axe_cli_operand operand;
	bool json;
} compose_args;

static int handle(void *ctx, int key, const char *arg)
{
	compose_args *a = ctx;

	if (!axe_cli_operand_option(&a->operand, key, arg) && key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_compose(int argc, char **argv)
{
	compose_args a = { 0 };
	axe_compose_request req;
	axe_error err;
	int first = axe_opts_parse(&command_compose, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_compose, "expected two operands, A and B, got %d",
				       first - 1);
	req = (axe_compose_request){ a.operand.map };
	axe_error_init(&err);
	return axe_cute_cli_status(&command_compose,
				   axe_compose_report(argv[1], argv[2], &req, axe_cute_cli_form(a.json),
						      stdout, &err),
				   &err);
}
