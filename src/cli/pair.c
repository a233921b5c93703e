/*
 * pair.c: shared driver of the two-layout algebra commands (tile, dsum).
 */
#include "../output/algebra_out.h"
#include "commands.h"
#include "operands.h"
#include "pair.h"

typedef struct pair_args {
	const char *shape[2];
	bool json;
} pair_args;

static int handle(void *ctx, int key, const char *arg)
{
	pair_args *a = ctx;

	if (key == AXE_KEY_LEFT_SHAPE)
		a->shape[0] = arg;
	else if (key == AXE_KEY_RIGHT_SHAPE)
		a->shape[1] = arg;
	else if (key == AXE_KEY_PAIR_JSON)
		a->json = true;
	return 0;
}

int axe_cli_run_pair(const axe_pair_command *pc, int argc, char **argv)
{
	pair_args a = { { NULL, NULL }, false };
	axe_operand op[2] = { { 0 }, { 0 } };
	axe_algebra_result res = { 0 };
	axe_reason why;
	axe_error err;
	int first = axe_opts_parse(pc->cmd, argc, argv, handle, &a), r = 0;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(pc->cmd, "expected two LAYOUT operands, %s, got %d",
				       pc->operands, first - 1);
	axe_error_init(&err);
	for (int i = 0; i < 2 && r == 0; i++) {
		axe_operand_opts o = { .shape = a.shape[i],
				       .shape_option = i ? pc->right_option : pc->left_option };
		r = axe_operand_resolve(argv[1 + i], &o, &op[i], &err);
	}
	if (r == 0) {
		axe_operand_match_ranks(&op[0], &op[1]);
		r = pc->op(op[0].layout, &op[0].shape, op[1].layout, &op[1].shape, &res, &why, &err);
	}
	if (r >= 0)
		r = axe_emit_algebra(r, &res, &why, pc->refusal, pc->show_span ? op[1].layout : NULL,
				     a.json, &err);
	axe_algebra_result_release(&res);
	axe_operand_release(&op[0]);
	axe_operand_release(&op[1]);
	return r < 0 ? axe_cli_report(&err) : r;
}
