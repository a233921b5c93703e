/*
 * cmd_filter.c: `axe-layout filter A`: CuTe's filter, proved to reach the
 * same indices as A.
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

const axe_command command_filter = {
	"filter", "A [--json]",
	"CuTe's filter: A without its stride-0 and size-1 modes, coalesced (1:0 when\n"
	"nothing is left); it reaches the same indices as A, proved.",
	"A swizzle or offset stays outermost.\n",
	options,
	"CuTe's filter: drop stride-0 modes, coalesce",
};

typedef struct filter_args {
	axe_cli_operand operand;
	bool json;
} filter_args;

static int handle(void *ctx, int key, const char *arg)
{
	filter_args *a = ctx;

	if (!axe_cli_operand_option(&a->operand, key, arg) && key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_filter(int argc, char **argv)
{
	filter_args a = { 0 };
	axe_filter_request req;
	axe_error err;
	int first = axe_opts_parse(&command_filter, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_filter, "expected one operand, A, got %d",
				       first - 1);
	req = (axe_filter_request){ a.operand.map };
	axe_error_init(&err);
	return axe_cute_cli_status(&command_filter,
				   axe_filter_report(argv[1], &req, axe_cute_cli_form(a.json), stdout,
						     &err),
				   &err);
}
