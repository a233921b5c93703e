/*
 * cmd_dsum.c: `axe-layout dsum`: the direct sum of two layouts on the tiling
 * domain (Axe paper, Appendix F).
 */
#include <stdio.h>
#include <string.h>

#include "../algebra/dsum.h"
#include "../output/algebra_out.h"
#include "commands.h"
#include "operands.h"

enum { KEY_LEFT_SHAPE = 256, KEY_RIGHT_SHAPE, KEY_JSON };

static const axe_opt options[] = {
	{ "left-shape", KEY_LEFT_SHAPE, "S", "shape of LEFT (default: its shard extents)" },
	{ "right-shape", KEY_RIGHT_SHAPE, "S", "shape of RIGHT (default: its shard extents)" },
	{ "json", KEY_JSON, NULL, "one JSON object with the keys layout, shape and "
				  "interleaved" },
	AXE_OPT_END,
};

const axe_command command_dsum = {
	"dsum", "LEFT RIGHT [--left-shape S] [--right-shape S] [--json]",
	"Direct sum on the tiling domain: D(a, b) = LEFT(a) + RIGHT(b), the same\n"
	"interleaving as 'tile' without scaling LEFT by RIGHT's span (Axe paper,\n"
	"Appendix F).  Images add as sets.",
	"The two shapes must have the same rank.  The result is canonicalized; its shape\n"
	"is the per-dimension product LEFT[d] * RIGHT[d], a point x of it being\n"
	"a = x / RIGHT, b = x % RIGHT per dimension, and the interleaved shape\n"
	"(LEFT[0], RIGHT[0], LEFT[1], ...) also groups it.  Swizzles are kept as by\n"
	"'tile' with a span of 1.  When a shape does not group its layout, or a swizzle\n"
	"cannot be kept, prints 'cannot form the direct sum: REASON' and exits 1.\n",
	options,
	"the direct sum of two layouts on the tiling domain",
};

typedef struct dsum_args {
	const char *left_shape, *right_shape;
	bool json;
} dsum_args;

static int handle(void *ctx, int key, const char *arg)
{
	dsum_args *a = ctx;

	if (key == KEY_LEFT_SHAPE)
		a->left_shape = arg;
	else if (key == KEY_RIGHT_SHAPE)
		a->right_shape = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

/* Resolve "arg" on "shape", placing a shape error on "option". */
static int resolve(const char *arg, const char *shape, const char *option, axe_operand *op,
		   axe_error *err)
{
	axe_operand_opts o = { .shape = shape };
	int r = axe_operand_resolve(arg, &o, op, err);

	if (r < 0 && strcmp(err->source, "--shape") == 0)
		snprintf(err->source, sizeof(err->source), "%s", option);
	return r;
}

int cmd_dsum(int argc, char **argv)
{
	dsum_args a = { 0 };
	axe_operand left = { 0 }, right = { 0 };
	axe_algebra_result res = { 0 };
	axe_reason why;
	axe_error err;
	int first = axe_opts_parse(&command_dsum, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_dsum, "expected two LAYOUT operands, LEFT and "
				       "RIGHT, got %d", first - 1);
	axe_error_init(&err);
	r = resolve(argv[1], a.left_shape, "--left-shape", &left, &err);
	if (r == 0)
		r = resolve(argv[2], a.right_shape, "--right-shape", &right, &err);
	if (r == 0)
		r = axe_layout_dsum(left.layout, &left.shape, right.layout, &right.shape, &res,
				    &why, &err);
	if (r >= 0)
		r = axe_emit_algebra(r, &res, &why, "cannot form the direct sum", NULL, a.json,
				     &err);
	axe_algebra_result_release(&res);
	axe_operand_release(&left);
	axe_operand_release(&right);
	return r < 0 ? axe_cli_report(&err) : r;
}
