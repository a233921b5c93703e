/*
 * cmd_coalesce.c: `axe-layout coalesce A [--profile P]`: CuTe's coalesce,
 * the same 1-D map proved before printing.
 */
#include <string.h>

#include "../cute/algebra.h"
#include "commands.h"
#include "cute_args.h"

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
	axe_operand_opts operand;
	const char *profile;
	bool json;
} coalesce_args;

static int handle(void *ctx, int key, const char *arg)
{
	coalesce_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_PROFILE)
		a->profile = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

static int prove(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		 axe_cute_reason *why, axe_error *err)
{
	return axe_cute_prove_same_map(ctx, r, what, size, why, err);
}

/* The int-tuple of --profile "text" (parsed as a CuTe shape). */
static int parse_profile(const char *text, axe_cute_composed *p, axe_error *err)
{
	axe_loc at = { "--profile", 1, 1, text, strlen(text) };

	return axe_cute_parse(text, &at, p, err);
}

int cmd_coalesce(int argc, char **argv)
{
	coalesce_args a = { 0 };
	axe_cute_arg A;
	axe_cute_composed profile = { 0 };
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(&command_coalesce, argc, argv, handle, &a), r = 1;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_coalesce, "expected one operand, A, got %d",
				       first - 1);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	if (a.profile && parse_profile(a.profile, &profile, &err) < 0)
		r = -1;
	if (r > 0)
		r = axe_cute_coalesce(&A.c.layout, a.profile ? &profile.layout.shape : NULL, &res,
				      &why, &err);
	r = axe_cute_finish(r, &res, &A, prove, &A.c.layout, &why, a.json, &err);
	axe_cute_composed_release(&profile);
	axe_cute_arg_release(&A);
	return r;
}
