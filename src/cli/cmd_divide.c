/*
 * cmd_divide.c: `axe-layout divide A TILER --kind logical|zipped|tiled|flat`:
 * CuTe's divides, each result proved to cut A into tiles before it is
 * printed.
 */
#include "../cute/algebra.h"
#include "commands.h"
#include "cute_args.h"
#include "cute_kind.h"

enum { KEY_JSON = 256, KEY_KIND };

static const axe_opt options[] = {
	{ "kind", KEY_KIND, "K", "logical (default), zipped, tiled or flat" },
	{ "json", KEY_JSON, NULL, "one JSON object: layout (Axe form), cute, shape, proved" },
	AXE_OPERAND_OPTIONS,
	AXE_OPT_END,
};

const axe_command command_divide = {
	"divide", "A TILER [--kind logical|zipped|tiled|flat] [--json]",
	"CuTe's division of A by TILER: logical_divide(A, B) = A o (B, B*) with B* the\n"
	"complement of B up to size(A); zipped gathers the tiles into mode 0 and the\n"
	"rests into mode 1, tiled unpacks the rests, flat unpacks both.",
	"TILER is one layout (A is divided as a 1-D function) or a by-mode tiler\n"
	"'<B0,B1,...>' dividing A's mode i by B_i (an integer N is N:1, '_' keeps the\n"
	"mode).  Proved before printing: (B, B*) hits every index of A's mode exactly\n"
	"once and R = A o (B, B*) at every point; the other kinds are the logical\n"
	"result's modes regrouped.  Exits 1 when a tile's size does not divide its\n"
	"mode's (CuTe would pad) or a complement or composition condition fails.  A\n"
	"swizzled A keeps its swizzle outermost.\n",
	options,
	"CuTe's logical, zipped, tiled and flat divides",
};

typedef struct divide_args {
	axe_operand_opts operand;
	const char *kind;
	bool json;
} divide_args;

static int handle(void *ctx, int key, const char *arg)
{
	divide_args *a = ctx;

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

	return axe_cute_prove_divide(p->a, p->t, p->kind, r, what, size, why, err);
}

int cmd_divide(int argc, char **argv)
{
	divide_args a = { 0 };
	axe_cute_arg A;
	axe_cute_tiler t = { 0 };
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(&command_divide, argc, argv, handle, &a), r, kind = 0;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(&command_divide, "expected two operands, A and TILER, "
				       "got %d", first - 1);
	if (a.kind && (kind = axe_cute_kind_lookup(a.kind, true)) < 0)
		return axe_usage_error(&command_divide, "unknown --kind '%s' (logical, zipped, "
				       "tiled or flat)", a.kind);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	r = axe_cute_tiler_resolve(argv[2], &t, &why, &err);
	if (r > 0)
		r = axe_cute_divide(&A.c.layout, &t, kind, &res, &why, &err);
	r = axe_cute_finish(r, &res, &A, prove, &(proof){ &A.c.layout, &t, kind }, &why, a.json,
			    &err);
	axe_cute_tiler_release(&t);
	axe_cute_arg_release(&A);
	return r;
}
