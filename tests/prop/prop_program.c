/*
 * prop_program.c: compiled index expressions (src/expr/program.c) against
 * the tree interpreter axe_expr_eval, on seeded random expressions and
 * shapes.  The expressions mix every operator with constants of both signs,
 * powers of two and large odd divisors, so that every division form of the
 * compiler (shift and mask, reciprocal, floor division with negative
 * dividends or divisors, divisors that vary per point) and both block forms
 * (one inner dimension; several small ones) are exercised; every point of
 * each domain is compared, walking in blocks of random sizes and after a
 * seek to a random point.  A failure prints the seed; AXE_SEED replays it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "expr/program.h"
#include "prop/random_layout.h"

#define CASES 400
#define MAX_POINTS 6000

static const int64_t interesting[] = { 1, 2, 3, 7, 8, 64, 100, 1000003, 4096, -1, -3, -8 };

static int64_t random_constant(prop_rng *rng)
{
	if (prop_rng_chance(rng, 50))
		return prop_rng_range(rng, -9, 12);
	return interesting[prop_rng_range(rng, 0, sizeof(interesting) / sizeof(interesting[0]) - 1)];
}

/* A random expression over the variables of "ctx"; may be unbounded (then skipped). */
static const axe_expr *random_tree(prop_rng *rng, axe_expr_ctx *ctx, int depth)
{
	const axe_expr *a, *b;
	enum axe_expr_op op;

	if (depth == 0 || prop_rng_chance(rng, 20)) {
		int v = (int)prop_rng_range(rng, 0, (int64_t)ctx->nvars - 1);
		return prop_rng_chance(rng, 65) ? axe_expr_var(ctx, v)
						: axe_expr_const(ctx, random_constant(rng));
	}
	op = (enum axe_expr_op)prop_rng_range(rng, AXE_EXPR_ADD, AXE_EXPR_OR);
	a = random_tree(rng, ctx, depth - 1);
	if (op == AXE_EXPR_SHL || op == AXE_EXPR_SHR)
		b = prop_rng_chance(rng, 80) ? axe_expr_const(ctx, prop_rng_range(rng, 0, 20))
					     : random_tree(rng, ctx, 0);
	else if ((op == AXE_EXPR_DIV || op == AXE_EXPR_MOD) && prop_rng_chance(rng, 40))
		b = axe_expr_const(ctx, interesting[prop_rng_range(rng, 1, 11)]);
	else if (op == AXE_EXPR_DIV || op == AXE_EXPR_MOD)
		b = axe_expr_add(ctx, random_tree(rng, ctx, depth - 1),
				 axe_expr_const(ctx, prop_rng_range(rng, 1, 3)));
	else
		b = random_tree(rng, ctx, depth - 1);
	if ((op == AXE_EXPR_DIV || op == AXE_EXPR_MOD) && b->bounded && b->lo <= 0 && b->hi >= 0)
		b = axe_expr_const(ctx, 5); /* keep it defined */
	return axe_expr_binary(ctx, op, a, b);
}

/* A shape of at most MAX_POINTS points: one long inner dimension or several short ones. */
static void random_shape(prop_rng *rng, axe_shape *shape)
{
	int64_t points = 1;

	shape->rank = (size_t)prop_rng_range(rng, 1, 4);
	for (size_t d = 0; d < shape->rank; d++) {
		int64_t most = MAX_POINTS / points, e;
		e = prop_rng_chance(rng, 50) ? prop_rng_range(rng, 1, 9) : prop_rng_range(rng, 1, 300);
		shape->dim[d] = e < most ? e : (most > 0 ? most : 1);
		points *= shape->dim[d];
	}
}

static void unflatten(const axe_shape *shape, int64_t flat, int64_t *coord)
{
	for (size_t d = shape->rank; d-- > 0;) {
		coord[d] = flat % shape->dim[d];
		flat /= shape->dim[d];
	}
}

/* Walk the program from "start" to the end in blocks of random sizes; 0 or the first bad point + 1. */
static int64_t walk_and_compare(prop_rng *rng, axe_expr_program *p, const axe_shape *shape,
				const axe_expr *const *exprs, size_t n, int64_t start,
				int64_t points)
{
	const int64_t *out[4];
	int64_t coord[AXE_MAX_RANK], want;

	axe_expr_program_seek(p, start);
	for (int64_t flat = start; flat < points;) {
		size_t room = axe_expr_program_room(p);
		size_t count = prop_rng_chance(rng, 70) ? room : (size_t)prop_rng_range(rng, 1, (int64_t)room);

		if ((int64_t)count > points - flat)
			count = (size_t)(points - flat);
		axe_expr_program_run(p, count, out);
		for (size_t t = 0; t < count; t++) {
			unflatten(shape, flat + (int64_t)t, coord);
			for (size_t k = 0; k < n; k++)
				if (axe_expr_eval(exprs[k], coord, &want) < 0 || out[k][t] != want)
					return flat + (int64_t)t + 1;
		}
		flat += (int64_t)count;
	}
	return 0;
}

static void test_program_equals_interpreter(void **state)
{
	uint64_t base = prop_base_seed() ^ 0x5eed;
	int64_t compared = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_expr_ctx *ctx = axe_expr_ctx_new();
		const axe_expr *exprs[3];
		axe_expr_program *p;
		axe_shape shape;
		axe_error err;
		int64_t points = 1, bad;
		size_t n = (size_t)prop_rng_range(&rng, 1, 3);
		bool defined = true;

		axe_error_init(&err);
		random_shape(&rng, &shape);
		for (size_t d = 0; d < shape.rank; d++) {
			char name[32];
			snprintf(name, sizeof(name), "i%zu", d);
			axe_expr_ctx_add_var(ctx, name, 0, shape.dim[d] - 1);
			points *= shape.dim[d];
		}
		for (size_t k = 0; k < n; k++) {
			exprs[k] = random_tree(&rng, ctx, (int)prop_rng_range(&rng, 1, 5));
			defined &= exprs[k]->bounded;
		}
		if (!defined) {
			axe_expr_ctx_free(ctx);
			continue;
		}
		p = axe_expr_program_new(exprs, n, &shape, &err);
		assert_non_null(p);
		bad = walk_and_compare(&rng, p, &shape, exprs, n, 0, points);
		if (bad == 0)
			bad = walk_and_compare(&rng, p, &shape, exprs, n,
					       prop_rng_range(&rng, 0, points - 1), points);
		if (bad != 0) {
			char *text = axe_expr_to_string(ctx, exprs[0], AXE_SYNTAX_EXPR);
			fail_msg("seed %" PRIu64 ": %s (and %zu more) differs from the interpreter at "
				 "point %" PRId64, seed, text, n - 1, bad - 1);
		}
		compared++;
		axe_expr_program_free(p);
		axe_expr_ctx_free(ctx);
	}
	assert_true(compared > CASES / 2); /* most random trees are defined */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_program_equals_interpreter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
