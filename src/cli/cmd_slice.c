/*
 * cmd_slice.c: `axe-layout slice`: the layout of a sub-box of a layout's
 * domain (Axe paper, section 3.3 and Appendix E).
 */
#include <string.h>

#include "../algebra/slice.h"
#include "../output/algebra_out.h"
#include "../parse/parse.h"
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
	axe_operand_opts operand;
	const char *region;
	bool json;
} slice_args;

static int handle(void *ctx, int key, const char *arg)
{
	slice_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_REGION)
		a->region = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

/* Parse --region and slice "op" by it; 1, 0 ("why"), -1. */
static int slice(const char *region, const axe_operand *op, axe_algebra_result *res,
		 axe_reason *why, axe_error *err)
{
	axe_loc loc = { "--region", 1, 1, region, strlen(region) };
	int64_t begin[AXE_MAX_RANK], end[AXE_MAX_RANK];
	long n = axe_int_list_is_empty(region) /* the one point of shape () */
		 ? 0 : axe_parse_region(region, &loc, begin, end, AXE_MAX_RANK, err);
	int r;

	if (n < 0)
		return -1;
	r = axe_layout_slice(op->layout, &op->shape, begin, end, (size_t)n, res, why, err);
	if (r < 0)
		axe_error_locate_option(err, "--region", region);
	return r;
}

int cmd_slice(int argc, char **argv)
{
	slice_args a = { 0 };
	axe_operand op = { 0 };
	axe_algebra_result res = { 0 };
	axe_reason why;
	axe_error err;
	int first = axe_opts_parse(&command_slice, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_slice, "expected one LAYOUT operand, got %d",
				       first - 1);
	if (!a.region)
		return axe_usage_error(&command_slice, "--region is required");
	axe_error_init(&err);
	r = axe_operand_resolve(argv[1], &a.operand, &op, &err);
	if (r == 0)
		r = slice(a.region, &op, &res, &why, &err);
	if (r >= 0)
		r = axe_emit_algebra(r, &res, &why, "cannot slice", NULL, a.json, &err);
	axe_algebra_result_release(&res);
	axe_operand_release(&op);
	return r < 0 ? axe_cli_report(&err) : r;
}
