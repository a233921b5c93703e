/*
 * cmd_slice.c: `axe-layout slice`: the layout of a sub-box of a layout's
 * domain (Axe paper, section 3.3 and Appendix E).
 */
#include "commands.h"
#include "operands.h"

enum { KEY_REGION = 'r', KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "region", KEY_REGION, "B:E,...", "the sub-box: one half-open range begin:end per "
					   "dimension of the shape, e.g. 0:64,128:192" },
	{ "json", KEY_JSON, NULL, "one JSON object with the keys layout and shape" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_slice = {
	"slice", "LAYOUT --region B:E,... [--shape S] [--json]",
	"Slice: the layout L' of the sub-box of LAYOUT's domain given by --region, with\n"
	"L'(x) = LAYOUT(x + begin) for every x in the box (Axe paper, Appendix E).",
	"The layout is grouped by the shape (Appendix B); each dimension's range is then\n"
	"a window of its block of iters.  A window is expressible when it covers the\n"
	"fastest iters in whole cycles and then stays inside the next iter, or wraps it\n"
	"once at the middle of the range, or wraps it at its midpoint every cycle.\n"
	"Prints the slice (canonical, the region's corner folded into the offset) and\n"
	"its shape, or 'cannot slice: REASON' and exits 1.  The swizzle is kept.\n",
	options,
	"the layout of a sub-box of the domain",
};

typedef struct slice_args {
	axe_cli_operand operand;
	axe_slice_request req;
	bool json;
} slice_args;

static int handle(void *ctx, int key, const char *arg)
{
	slice_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_REGION)
		a->req.region = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_slice(int argc, char **argv)
{
	slice_args a = { 0 };
	axe_map *map;
	axe_report *report = NULL;
	axe_error err;
	int first = axe_opts_parse(&command_slice, argc, argv, handle, &a), rc;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_slice, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	if (axe_slice_request_check(&a.req, &err) < 0)
		return axe_cli_usage_from(&command_slice, &err);
	if ((map = axe_cli_read(argv[1], &a.operand, &err)))
		report = axe_slice_report(map, &a.req, a.json ? AXE_OUTPUT_JSON
								  : AXE_OUTPUT_TEXT, stdout, &err);
	rc = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	axe_map_free(map);
	return rc;
}
