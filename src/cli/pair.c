/*
 * pair.c: shared driver of the two-layout algebra commands (tile, tile-of,
 * dsum).
 */
#include "commands.h"
#include "operands.h"
#include "pair.h"

typedef struct pair_args {
	axe_cli_operand left;    /* its options, --outer-shape or --left-shape included */
	axe_map_options right;   /* --inner-shape or --right-shape */
	bool json;
} pair_args;

static int handle(void *ctx, int key, const char *arg)
{
	pair_args *a = ctx;

	if (axe_cli_operand_option(&a->left, key, arg))
		return 0;
	if (key == AXE_KEY_LEFT_SHAPE)
		a->left.map.shape = arg;
	else if (key == AXE_KEY_RIGHT_SHAPE)
		a->right.shape = arg;
	else if (key == AXE_KEY_PAIR_JSON)
		a->json = true;
	return 0;
}

int axe_cli_run_pair(const axe_pair_command *pc, int argc, char **argv)
{
	pair_args a = { .left.map.shape_option = pc->left_option,
			.right.shape_option = pc->right_option };
	axe_map *left = NULL, *right = NULL;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(pc->cmd, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(pc->cmd, "expected two LAYOUT operands, %s, got %d",
				       pc->operands, first - 1);
	axe_error_init(&err);
	if ((left = axe_cli_read(argv[1], &a.left, &err)) &&
	    (right = axe_map_read(argv[2], &a.right, &err)))
		report = pc->report(left, right, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
				    stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(left);
	axe_map_free(right);
	return rc;
}
