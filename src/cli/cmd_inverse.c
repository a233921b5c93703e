/*
 * cmd_inverse.c: `axe-layout inverse A --right|--left`: CuTe's right and
 * left inverses, the identity they promise proved before printing.
 */
#include "../cute/algebra.h"
#include "commands.h"
#include "cute_args.h"

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
	axe_operand_opts operand;
	bool left, right, json;
} inverse_args;

static int handle(void *ctx, int key, const char *arg)
{
	inverse_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_LEFT)
		a->left = true;
	else if (key == KEY_RIGHT)
		a->right = true;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

static int prove_right(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		       axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_right_inverse(ctx, r, what, size, why, err);
}

static int prove_left(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		      axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_left_inverse(ctx, r, what, size, why, err);
}

int cmd_inverse(int argc, char **argv)
{
	inverse_args a = { 0 };
	axe_cute_arg A;
	axe_cute_arg plain = { 0 };
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(&command_inverse, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_inverse, "expected one operand, A, got %d",
				       first - 1);
	if (a.left && a.right)
		return axe_usage_error(&command_inverse, "--right and --left exclude each other");
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	r = axe_cute_arg_plain(&A, "has no inverse here", &why);
	if (r > 0 && a.left)
		r = axe_cute_left_inverse(&A.c.layout, &res, &why, &err);
	else if (r > 0)
		r = axe_cute_right_inverse(&A.c.layout, &res, &err);
	/* the inverse maps A's indices back to A's domain: no swizzle or offset around it */
	r = axe_cute_finish(r, &res, &plain, a.left ? prove_left : prove_right, &A.c.layout, &why,
			    a.json, &err);
	axe_cute_arg_release(&A);
	return r;
}
