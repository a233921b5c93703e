/*
 * cmd_group.c: `axe-layout group`: refine a layout's shard into one block of
 * iters per dimension of a shape (Axe paper, Appendix B).
 */
#include "commands.h"
#include "operands.h"

enum { KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "json", KEY_JSON, NULL, "one JSON object with the keys layout, shape and blocks "
				  "([begin, end) iter indices per dimension)" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_group = {
	"group", "LAYOUT --shape S [--json]",
	"Group a layout by a shape: split (and fuse) its shard iters, keeping their order\n"
	"and the map, so that consecutive blocks of iters have extent products equal to\n"
	"the shape's extents (Axe paper, Appendix B).",
	"Prints the grouped layout, the shape, and per dimension its block: the half-open\n"
	"range of iter indices and those iters.  The grouping is the one with the fewest\n"
	"iters: the shard is normalized first (extent-1 iters dropped, chains fused).\n"
	"When no grouping exists, prints 'cannot group: REASON', naming the dimension\n"
	"that cannot be formed, and exits 1.  A swizzle is kept: grouping never changes\n"
	"the map.\n",
	options,
	"split a layout's iters into one block per dimension of a shape",
};

typedef struct group_args {
	axe_cli_operand operand;
	bool json;
} group_args;

static int handle(void *ctx, int key, const char *arg)
{
	group_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_group(int argc, char **argv)
{
	group_args a = { 0 };
	axe_map *map;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_group, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_group, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = axe_group_report(map, a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT,
					  stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
