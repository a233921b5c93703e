/*
 * cmd_product.c: `axe-layout product A B --kind logical|zipped|tiled|blocked|raked`:
 * CuTe's products, each result proved to repeat A without overlap before
 * it is printed.
 */
#include "../cute/algebra.h"
#include "commands.h"
#include "cute_args.h"
#include "cute_kind.h"

enum { KEY_JSON = 256, KEY_KIND };

static const axe_opt options[] = {
	{ "kind", KEY_KIND, "K", "logical (default), zipped, tiled, flat, blocked or raked" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_product = {
	"product", "A B [--kind logical|zipped|tiled|flat|blocked|raked] [--json]",
	"CuTe's product of A by B: logical_product(A, B) = (A, A* o B) with A* the\n"
	"complement of A up to size(A)*cosize(B), A repeated as B lays out; zipped,\n"
	"tiled and flat regroup as for divide; blocked and raked pair A's mode i with\n"
	"the repetition's mode i (A first: blocks; B first: A raked across B).",
	"B is a layout, or for logical/zipped/tiled/flat a by-mode tiler '<B0,...>'.\n"
	"blocked and raked pad A and B to the same rank with 1:0 modes first, as CuTe's\n"
	"blocked_product and raked_product do.  Proved before printing: the first\n"
	"mode is A, the second is A* o B at every point, and A* is disjoint from A and\n"
	"tiles with it.  Exits 1 when a complement or composition condition fails, or\n"
	"B has a negative stride.\n",
	options,
	"CuTe's logical, zipped, tiled, flat, blocked and raked products",
};

typedef struct product_args {
	axe_operand_opts operand;
	const char *kind;
	bool json;
} product_args;

static int handle(void *ctx, int key, const char *arg)
{
	product_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == KEY_KIND)
		a->kind = arg;
	else if (key == KEY_JSON)
		a->json = true;
	return 0;
}

typedef struct proof {
	const axe_cute_layout *a;
	const axe_cute_tiler *t;
	axe_cute_kind kind;
} proof;

static int prove(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		 axe_cute_reason *why, axe_error *err)
{
	const proof *p = ctx;

	return axe_cute_prove_product(p->a, p->t, p->kind, r, what, size, why, err);
}

int cmd_product(int argc, char **argv)
{
	product_args a = { 0 };
	axe_cute_arg A;
	axe_cute_tiler t = { 0 };
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(&command_product, argc, argv, handle, &a), r, kind = 0;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_product, "expected two operands, A and B, "
				       "got %d", first - 1);
	if (a.kind && (kind = axe_cute_kind_lookup(a.kind, false)) < 0)
		return axe_usage_error(&command_product, "unknown --kind '%s' (logical, zipped, "
				       "tiled, flat, blocked or raked)", a.kind);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	r = axe_cute_tiler_resolve(argv[2], &t, &why, &err);
	if (r > 0)
		r = axe_cute_product(&A.c.layout, &t, kind, &res, &why, &err);
	r = axe_cute_finish(r, &res, &A, prove, &(proof){ &A.c.layout, &t, kind }, &why, a.json,
			    &err);
	axe_cute_tiler_release(&t);
	axe_cute_arg_release(&A);
	return r;
}
