/*
 * cute_split.c: the driver of `divide` and `product` (cute_split.h): parse,
 * resolve A and the tiler, apply, prove, print.
 */
#include "commands.h"
#include "cute_args.h"
#include "cute_kind.h"
#include "cute_split.h"

typedef struct split_args {
	axe_operand_opts operand;
	const char *kind;
	bool json;
} split_args;

static int handle(void *ctx, int key, const char *arg)
{
	split_args *a = ctx;

	if (axe_operand_option(&a->operand, key, arg))
		return 0;
	if (key == AXE_CUTE_SPLIT_KEY_KIND)
		a->kind = arg;
	else if (key == AXE_CUTE_SPLIT_KEY_JSON)
		a->json = true;
	return 0;
}

typedef struct proof {
	const axe_cute_split *s;
	const axe_cute_layout *a;
	const axe_cute_tiler *t;
	axe_cute_kind kind;
} proof;

static int prove(const void *ctx, const axe_cute_layout *r, char *what, size_t size,
		 axe_cute_reason *why, axe_error *err)
{
	const proof *p = ctx;

	return p->s->prove(p->a, p->t, p->kind, r, what, size, why, err);
}

int axe_cute_split_run(const axe_cute_split *s, int argc, char **argv)
{
	split_args a = { 0 };
	axe_cute_arg A;
	axe_cute_tiler t = { 0 };
	axe_cute_layout res;
	axe_cute_reason why = { "" };
	axe_error err;
	int first = axe_opts_parse(s->command, argc, argv, handle, &a), r, kind = 0;

	if (first < 0)
		return first == -2 ? AXE_EXIT_OK : AXE_EXIT_INPUT;
	if (first != 3)
		return axe_usage_error(s->command, "expected two operands, A and %s, got %d",
				       s->second, first - 1);
	if (a.kind && (kind = axe_cute_kind_lookup(a.kind, s->divide)) < 0)
		return axe_usage_error(s->command, "unknown --kind '%s' (%s)", a.kind, s->kinds);
	axe_error_init(&err);
	if (axe_cute_arg_resolve(argv[1], &a.operand, &A, &err) < 0)
		return axe_cli_report(&err);
	r = axe_cute_tiler_resolve(argv[2], &t, &why, &err);
	if (r > 0)
		r = s->apply(&A.c.layout, &t, kind, &res, &why, &err);
	r = axe_cute_finish(r, &res, &A, prove, &(proof){ s, &A.c.layout, &t, kind }, &why,
			    a.json, &err);
	axe_cute_tiler_release(&t);
	axe_cute_arg_release(&A);
	return r;
}
