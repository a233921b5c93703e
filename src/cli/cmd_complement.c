/*
 * cmd_complement.c: `axe-layout complement A [--cosize N]`: CuTe's
 * complement, proved ordered, disjoint from A and covering before it is
 * printed.
 */
#include <stdlib.h>
#include <string.h>

#include "../cute/algebra.h"
#include "../parse/parse.h"
#include "commands.h"
#include "cute_args.h"

enum { KEY_JSON = 256, KEY_COSIZE };

static const axe_opt options[] = {
	{ "cosize", KEY_COSIZE, "N", "the cotarget: (A, R) must reach N indices (default: "
				     "the cosize of A without its stride-0 modes)" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_complement = {
	"complement", "A [--cosize N] [--json]",
	"CuTe's complement R of A up to N: R is ordered (increasing), its indices other\n"
	"than 0 are not A's, and (A, R) reaches every index below size(A)*size(R) >= N\n"
	"exactly once (CUTLASS's complement).",
	"Exits 1 naming the mode when a stride of A (stride-0 and size-1 modes left\n"
	"out) is negative or not a multiple of the reach of the smaller ones.  A swizzled\n"
	"A is refused: CuTe's complement ignores the swizzle.\n",
	options,
	"CuTe's complement of A up to a cosize, proved",
};

typedef struct complement_args {
	axe_operand_opts operand;
	const char *cosize;
	bool json;
} complement_args;

static int handle(void *ctx, int key, const char *arg)
{
	complement_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_COSIZE)
		a->cosize = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

typedef struct proof { const axe_cute_layout *a; int64_t cotarget; } proof;

static int prove(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		 axe_cute_reason *why, axe_error *err)
{
	const proof *p = ctx;

	return axe_cute_prove_complement(p->a, p->cotarget, r, what, size, why, err);
}

/* The default cotarget: cosize(filter(A)), as CuTe's complement(A) takes. */
static int default_cotarget(const axe_cute_layout *a, int64_t *n, axe_error *err)
{
	axe_cute_layout f;

	if (axe_cute_filter(a, &f, err) < 0)
		return -1;
	*n = axe_cute_layout_cosize(&f);
	axe_cute_layout_release(&f);
	return 0;
}

int cmd_complement(int argc, char **argv)
{
	complement_args a = { 0 };
	axe_cute_arg A;
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int64_t n = 0;
	int first = axe_opts_parse(&command_complement, argc, argv, handle, &a), r;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 2)
		return axe_usage_error(&command_complement, "expected one operand, A, got %d",
				       first - 1);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	if (a.cosize) {
		axe_loc at = { "--cosize", 1, 1, a.cosize, strlen(a.cosize) };

		r = axe_parse_int_list(a.cosize, &at, &n, 1, "cosize", &err) == 1 ? 1 : -1;
		if (r > 0 && n < 1)
			r = axe_error_set(&err, AXE_ERR_VALUE, &at, (int)strlen(a.cosize),
					  "--cosize must be positive, got %lld", (long long)n);
	} else {
		r = default_cotarget(&A.c.layout, &n, &err) < 0 ? -1 : 1;
	}
	if (r > 0)
		r = axe_cute_arg_plain(&A, "has no complement here", &why);
	if (r > 0)
		r = axe_cute_complement(&A.c.layout, n, &res, &why, &err);
	r = axe_cute_finish(r, &res, &A, prove, &(proof){ &A.c.layout, n }, &why, a.json, &err);
	axe_cute_arg_release(&A);
	return r;
}
