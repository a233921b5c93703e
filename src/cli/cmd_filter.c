/*
 * cmd_filter.c: `axe-layout filter A`: CuTe's filter, proved to reach the
 * same indices as A.
 */
#include "../cute/algebra.h"
#include "commands.h"
#include "cute_args.h"

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
	axe_operand_opts operand;
	bool json;
} filter_args;

static int handle(void *ctx, int key, const char *arg)
{
	filter_args *a = ctx;

	if (!axe_operand_option(&a->operand, key, arg) && key == KEY_JSON)
		a->json = true;
	return 0;
}

static int prove(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		 axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_filter(ctx, r, what, size, why, err);
}

int cmd_filter(int argc, char **argv)
{
	filter_args a = { 0 };
	axe_cute_arg A;
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(&command_filter, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_filter, "expected one operand, A, got %d",
				       first - 1);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	r = axe_cute_filter(&A.c.layout, &res, &err) < 0 ? -1 : 1;
	r = axe_cute_finish(r, &res, &A, prove, &A.c.layout, &why, a.json, &err);
	axe_cute_arg_release(&A);
	return r;
}
