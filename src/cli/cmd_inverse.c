/*
 * cmd_inverse.c: `axe-layout inverse A --right|--left`: CuTe's right and
 * left inverses, the identity they promise proved before printing.
 */
#include "commands.h"
#include "cute_args.h"
#include "operands.h"

enum { KEY_JSON = 256, KEY_RIGHT, KEY_LEFT };

static const axe_opt options[] = {
	{ "right", KEY_RIGHT, NULL, "right_inverse: A(R(i)) = i for i < size(R) (the default)" },
	{ "left", KEY_LEFT, NULL, "left_inverse: R(A(i)) = i when A is injective" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_inverse = {
	"inverse", "A [--right|--left] [--json]",
	"CuTe's right_inverse (A(R(i)) = i for every i < size(R), R as large as CuTe's\n"
	"construction gives) or left_inverse (R(A(i)) = i for every i when A is\n"
	"injective; A(R(A(i))) = A(i) otherwise).",
	"right_inverse takes A's modes in stride order while each stride is the reach of\n"
	"those before (stride-0 modes skipped, as CuTe's C++ does); left_inverse is the\n"
	"right inverse of (A, complement(A)).  A swizzled A is refused: its inverse\n"
	"would have the swizzle innermost.\n",
	options,
	"CuTe's right or left inverse of A, proved",
};

typedef struct inverse_args {
	axe_cli_operand operand;
	bool left, right, json;
} inverse_args;

static int handle(void *ctx, int key, const char *arg)
{
	inverse_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_LEFT)
		a->left = true;
	else if (key == KEY_RIGHT)
		a->right = true;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_inverse(int argc, char **argv)
{
	inverse_args a = { 0 };
	axe_inverse_request req;
	axe_error err;
	int first = axe_opts_parse(&command_inverse, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_inverse, "expected one operand, A, got %d",
				       first - 1);
	if (a.left && a.right)
		return axe_usage_error(&command_inverse, "--right and --left exclude each other");
	req = (axe_inverse_request){ a.operand.map, a.left };
	axe_error_init(&err);
	return axe_cute_cli_status(&command_inverse,
				   axe_inverse_report(argv[1], &req, axe_cute_cli_form(a.json), stdout,
						      &err),
				   &err);
}
