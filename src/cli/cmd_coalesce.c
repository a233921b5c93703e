/*
 * cmd_coalesce.c: `axe-layout coalesce A [--profile P]`: CuTe's coalesce,
 * the same 1-D map proved before printing.
 */
#include "commands.h"
#include "cute_args.h"
#include "operands.h"

enum { KEY_JSON = 256, KEY_PROFILE };

static const axe_opt options[] = {
	{ "profile", KEY_PROFILE, "P", "coalesce by mode: an int-tuple such as (1,1) keeps A's "
				       "top-level modes apart" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_coalesce = {
	"coalesce", "A [--profile P] [--json]",
	"CuTe's coalesce: A with size-1 modes dropped and each mode whose stride is the\n"
	"previous mode's size times stride merged into it; R(i) = A(i) for every\n"
	"i < size(A), proved.",
	"With --profile, a tuple profile coalesces A's mode i at the profile's mode i\n"
	"and keeps A's other modes (CuTe's coalesce(layout, trg_profile): '(1,1)' keeps\n"
	"a rank-2 layout rank 2).  A swizzle or offset stays outermost.\n",
	options,
	"CuTe's coalesce, the same map with fewer modes",
};

typedef struct coalesce_args {
	axe_cli_operand operand;
	const char *profile;
	bool json;
} coalesce_args;

static int handle(void *ctx, int key, const char *arg)
{
	coalesce_args *a = ctx;

	if (axe_cli_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_PROFILE)
		a->profile = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

int cmd_coalesce(int argc, char **argv)
{
	coalesce_args a = { 0 };
	axe_coalesce_request req;
	axe_error err;
	int first = axe_opts_parse(&command_coalesce, argc, argv, handle, &a);

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_coalesce, "expected one operand, A, got %d",
				       first - 1);
	req = (axe_coalesce_request){ a.operand.map, a.profile };
	axe_error_init(&err);
	return axe_cute_cli_status(&command_coalesce,
				   axe_coalesce_report(argv[1], &req, axe_cute_cli_form(a.json), stdout,
						       &err),
				   &err);
}
