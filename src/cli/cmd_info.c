/*
 * cmd_info.c: `axe-layout info`: size, per-axis range and span, axis kinds,
 * replication, injectivity, swizzle and the admitted shapes of a layout.
 */
#include <stdio.h>

#include "commands.h"
#include "operands.h"

enum { KEY_JSON = 256 };

static const axe_opt options[] = {
	{ "json", KEY_JSON, NULL, "one JSON object" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_info = {
	"info", "LAYOUT [--json]",
	"Describe a layout: size, per-axis range and span, axis kinds, replication,\n"
	"injectivity, swizzle and admitted shapes.",
	"A shape is admitted when its extents multiply to the layout's size.  'span'\n"
	"is 1 + sum of (extent-1)*|stride| over the iters on the axis (Axe paper,\n"
	"Lemma C.1).  'injective: no' names two points that share a coordinate.\n"
	"A spec file of several layouts lists their names: give FILE:NAME for one.\n"
	"A Triton module FILE.mlir (or .ttgir) lists every layout, alias or inline,\n"
	"each use (line, op, value, shape) and why one cannot be read.\n"
	"A layout read from another tool's notation says so ('form:'), and when it\n"
	"has only an expr: form, why.\n",
	options,
	"size, axes, spans, replication and injectivity of a layout",
};

typedef struct info_args {
	axe_cli_operand operand;
	bool json;
} info_args;

static int handle(void *ctx, int key, const char *arg)
{
	info_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_info(int argc, char **argv)
{
	info_args a = { 0 };
	axe_report *report;
	axe_error err;
	int first = axe_opts_parse(&command_info, argc, argv, handle, &a), status;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_info, "expected one LAYOUT operand, got %d",
				       first - 1);
	axe_error_init(&err);
	report = axe_info_report(argv[1], &a.operand.map,
				 a.json ? AXE_OUTPUT_JSON : AXE_OUTPUT_TEXT, stdout, &err);
	status = report ? axe_report_status(report) : axe_cli_report(&err);
	axe_report_free(report);
	return status;
}
