/*
 * test_prove.c: equality (src/prove/): every route of semantics.md
 * "Equality" on the seeds' examples, with counterexamples checked against
 * direct evaluation; Z3 through prove/z3.c (bit-vector width, both
 * encodings, the simplifier's prover).
 *
 * Must show (issue 3): seed 001's swizzle closed form proved by Z3 and an
 * off-by-one variant refuted; the (8,16) tensor-core tile against its
 * formula with replica variable r.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/eval.h"
#include "parse/parse.h"
#include "prove/prove.h"
#include "prove/z3.h"

#define FRAG "S[(8,2,4,2):(4@laneid,1@warpid,1@laneid,1)] + R[2:4@warpid] + 5@warpid"
#define FRAG_EXPR "laneid=4*i + (j/2)%4; warpid=j/8 + 5 + 4*r; m=j%2"
#define SWIZZLED "Swizzle(3,3,3) o S[(8,64):(64,1)]"
#define CLOSED_FORM "m=64*i + 8*((j/8) ^ i) + j%8"

/* An operand: a layout literal, or (with "exprs") an expr: layout. */
typedef struct operand {
	axe_layout *layout;
	axe_expr_layout *expr;
	axe_equal_side side;
} operand;

static void make_layout(operand *op, const char *text, size_t rank, const int64_t *dims)
{
	axe_error err;

	memset(op, 0, sizeof(*op));
	axe_error_init(&err);
	op->layout = axe_layout_parse(text, &err);
	if (!op->layout)
		fail_msg("%s: %s", text, err.message);
	op->side.layout = op->layout;
	if (rank) {
		op->side.shape.rank = rank;
		memcpy(op->side.shape.dim, dims, rank * sizeof(int64_t));
		op->side.shape_given = true;
	} else {
		axe_layout_default_shape(op->layout, &op->side.shape);
	}
}

static void make_expr(operand *op, const char *exprs, const char *vars, const char *replica,
		      size_t rank, const int64_t *dims)
{
	axe_shape shape = { .rank = rank };
	axe_error err;

	memset(op, 0, sizeof(*op));
	axe_error_init(&err);
	memcpy(shape.dim, dims, rank * sizeof(int64_t));
	op->expr = axe_expr_layout_from_text(exprs, vars, replica, &shape, &err);
	if (!op->expr)
		fail_msg("%s: %s", exprs, err.message);
	op->side = (axe_equal_side){ NULL, op->expr, shape, true };
}

static void release(operand *op)
{
	axe_layout_free(op->layout);
	axe_expr_layout_free(op->expr);
}

static void decide(const operand *a, const operand *b, enum axe_equal_method method,
		   axe_equal_result *res)
{
	axe_equal_options opt = { .method = method, .timeout = 30.0 };
	axe_error err;

	axe_error_init(&err);
	if (axe_prove_equal(&a->side, &b->side, &opt, res, &err) < 0)
		fail_msg("check-equal failed: %s", err.message);
}

/*
 * The images of layout "op" at the result's coordinate, by the evaluator,
 * over the result's axes and sorted, must be res->a_images: the
 * counterexample is what the layout really does there.
 */
static void assert_images_of(const operand *op, const axe_equal_result *res)
{
	axe_evaluator ev;
	axe_error err;
	int64_t flat, base[16], images[64], rows[64];
	size_t n;

	axe_error_init(&err);
	assert_int_equal(axe_evaluator_init(&ev, op->layout, &res->shape, &err), 0);
	assert_int_equal(axe_evaluator_flatten(&ev, res->coord, &flat, &err), 0);
	axe_evaluator_base(&ev, flat, base);
	axe_evaluator_images(&ev, base, true, images);
	n = ev.nimages;
	assert_int_equal(n, res->na);
	memset(rows, 0, sizeof(rows));
	for (size_t i = 0; i < n; i++)
		for (size_t a = 0; a < ev.naxes; a++) {
			int u = -1;
			for (size_t k = 0; k < res->naxes; k++)
				if (strcmp(res->axis[k], op->layout->axis[a]) == 0)
					u = (int)k;
			assert_true(u >= 0);
			rows[i * res->naxes + (size_t)u] = images[i * ev.naxes + a];
		}
	for (size_t i = 0; i < n; i++) {
		bool found = false;
		for (size_t j = 0; j < res->na; j++)
			found |= memcmp(rows + i * res->naxes, res->a_images + j * res->naxes,
					res->naxes * sizeof(int64_t)) == 0;
		assert_true(found);
	}
	axe_evaluator_release(&ev);
}

/* A counterexample: the two image sets differ. */
static void assert_counterexample(const axe_equal_result *res)
{
	assert_int_equal(res->verdict, AXE_VERDICT_FALSE);
	assert_true(res->has_counterexample);
	assert_true(res->na != res->nb || memcmp(res->a_images, res->b_images,
						 res->na * res->naxes * sizeof(int64_t)) != 0);
}

/* ---- the seeds' examples ---- */

/* Seed 001's closed form of the 128B swizzle, by Z3 (not enumeration). */
static void test_swizzle_closed_form_by_z3(void **state)
{
	static const int64_t dims[] = { 8, 64 };
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, SWIZZLED, 2, dims);
	make_expr(&b, CLOSED_FORM, "i,j", NULL, 2, dims);
	decide(&a, &b, AXE_METHOD_SMT, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
	assert_int_equal(res.method, AXE_METHOD_SMT);
	assert_string_equal(res.encoding, "bit-vector");
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* Off by one in the xor: refuted with a counterexample that evaluation confirms. */
static void test_swizzle_off_by_one_refuted(void **state)
{
	static const int64_t dims[] = { 8, 64 };
	static const char *const variants[] = {
		"m=64*i + 8*((j/8) ^ (i + 1)) + j%8",
		"m=64*i + 8*((j/8) ^ i) + (j + 1)%8",
		"m=64*i + 8*((j/9) ^ i) + j%8",
	};
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, SWIZZLED, 2, dims);
	for (size_t v = 0; v < 3; v++) {
		make_expr(&b, variants[v], "i,j", NULL, 2, dims);
		decide(&a, &b, AXE_METHOD_SMT, &res);
		assert_counterexample(&res);
		assert_int_equal(res.method, AXE_METHOD_SMT);
		assert_images_of(&a, &res);
		axe_equal_result_release(&res);
		release(&b);
	}
	release(&a);
}

/* Seed 001's tensor-core tile against its formula, replica variable r in [0, 2). */
static void test_tensor_core_formula(void **state)
{
	static const int64_t dims[] = { 8, 16 };
	static const enum axe_equal_method methods[] = { AXE_METHOD_AUTO, AXE_METHOD_ENUM,
							 AXE_METHOD_SMT };
	operand a, b, wrong;
	axe_equal_result res;

	(void)state;
	make_layout(&a, FRAG, 2, dims);
	make_expr(&b, FRAG_EXPR, "i,j", "r=2", 2, dims);
	make_expr(&wrong, "laneid=4*i + (j/2)%4; warpid=j/8 + 5 + 3*r; m=j%2", "i,j", "r=2", 2,
		  dims);
	for (size_t k = 0; k < 3; k++) {
		decide(&a, &b, methods[k], &res);
		assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
		assert_int_equal(res.method, k == 0 ? AXE_METHOD_ENUM : methods[k]);
		axe_equal_result_release(&res);
		decide(&a, &wrong, methods[k], &res);
		assert_counterexample(&res);
		assert_images_of(&a, &res);
		assert_int_equal(res.na, 2);
		axe_equal_result_release(&res);
	}
	release(&a);
	release(&b);
	release(&wrong);
}

/* ---- the routes ---- */

static void test_canonical_route(void **state)
{
	static const int64_t dims[] = { 8, 16 };
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, FRAG, 2, dims);
	/* The same map: split iter, unit iters, negative replica stride, offset moved. */
	make_layout(&b, "S[(8,1,2,2,2,2):(4@laneid,7,1@warpid,2@laneid,1@laneid,1)] + "
			"R[(2,1):(-4@warpid,3)] + 9@warpid", 2, dims);
	decide(&a, &b, AXE_METHOD_AUTO, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
	assert_int_equal(res.method, AXE_METHOD_CANON);
	axe_equal_result_release(&res);
	release(&b);
	/* Forced, different forms answer "undecided", never "not equal". */
	make_layout(&b, "S[(8,16):(16,1)]", 2, dims);
	decide(&a, &b, AXE_METHOD_CANON, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_UNKNOWN);
	assert_non_null(strstr(res.reason, "canonical forms differ"));
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* Points are compared by row-major position: shapes may differ. */
static void test_shapes_and_sizes(void **state)
{
	static const int64_t rows[] = { 8, 16 }, flat[] = { 128 };
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, "S[(8,16):(1,8)]", 2, rows);
	make_expr(&b, "m=(f%16)*8 + f/16", "f", NULL, 1, flat);
	decide(&a, &b, AXE_METHOD_AUTO, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
	axe_equal_result_release(&res);
	release(&b);
	make_expr(&b, "m=(f%16)*8 + f/16 + f/127", "f", NULL, 1, flat);
	decide(&a, &b, AXE_METHOD_SMT, &res);
	assert_counterexample(&res);
	assert_int_equal(res.coord[0], 7); /* shown in A's shape: (7, 15) is f = 127 */
	assert_int_equal(res.coord[1], 15);
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
	/* Different sizes: not equal, and no point to show. */
	make_layout(&a, "S[64:1]", 0, NULL);
	make_layout(&b, "S[128:1]", 0, NULL);
	decide(&a, &b, AXE_METHOD_AUTO, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_FALSE);
	assert_false(res.has_counterexample);
	assert_string_equal(res.reason, "A has 64 points but B has 128");
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* Axes a layout does not name are 0 there. */
static void test_unnamed_axes(void **state)
{
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, "S[4:1] + 0@warpid", 0, NULL);
	make_layout(&b, "S[4:1] + R[1:3@laneid]", 0, NULL);
	decide(&a, &b, AXE_METHOD_ENUM, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
	axe_equal_result_release(&res);
	release(&b);
	make_layout(&b, "S[4:1] + 1@warpid", 0, NULL);
	decide(&a, &b, AXE_METHOD_SMT, &res);
	assert_counterexample(&res);
	assert_int_equal(res.naxes, 2);
	assert_string_equal(res.axis[1], "warpid");
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* Replica sets: equal as sets even when combinations coincide or come in another order. */
static void test_replica_sets(void **state)
{
	static const enum axe_equal_method methods[] = { AXE_METHOD_ENUM, AXE_METHOD_SMT };
	operand a, b, c;
	axe_equal_result res;

	(void)state;
	make_layout(&a, "S[(4,4):(4,1)] + R[(2,2):(16,16)]", 0, NULL);
	make_layout(&b, "S[(4,4):(4,1)] + R[3:16]", 0, NULL);
	make_layout(&c, "S[(4,4):(4,1)] + R[3:17]", 0, NULL);
	for (size_t k = 0; k < 2; k++) {
		decide(&a, &b, methods[k], &res);
		assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
		axe_equal_result_release(&res);
		decide(&a, &c, methods[k], &res);
		assert_counterexample(&res);
		assert_images_of(&a, &res);
		axe_equal_result_release(&res);
	}
	release(&a);
	release(&b);
	release(&c);
}

/* Divisions by non-powers of two: one integer query per axis answers. */
static void test_integer_encoding(void **state)
{
	static const int64_t flat[] = { 1003520 };
	operand a, b;
	axe_equal_result res;

	(void)state;
	make_layout(&a, "S[(224,35,128):(1,224,7840)]", 1, flat);
	make_expr(&b, "m=f/4480 + 224*((f%4480)/128) + 7840*(f%128)", "f", NULL, 1, flat);
	decide(&a, &b, AXE_METHOD_SMT, &res);
	assert_int_equal(res.verdict, AXE_VERDICT_TRUE);
	assert_string_equal(res.encoding, "integer");
	axe_equal_result_release(&res);
	release(&b);
	make_expr(&b, "m=f/4480 + 224*((f%4480)/128) + 7840*(f%127)", "f", NULL, 1, flat);
	decide(&a, &b, AXE_METHOD_SMT, &res);
	assert_counterexample(&res);
	assert_images_of(&a, &res);
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* The time limit stops enumeration with "undecided". */
static void test_timeout(void **state)
{
	operand a, b;
	axe_equal_result res;
	axe_equal_options opt = { .method = AXE_METHOD_ENUM, .timeout = 0.05 };
	axe_error err;
	static const int64_t dims[] = { 32768, 32768 };

	(void)state;
	make_layout(&a, "S[(32768,32768):(32768,1)]", 0, NULL);
	make_expr(&b, "m=32768*i + j", "i,j", NULL, 2, dims); /* 2^30 points, one by one */
	axe_error_init(&err);
	assert_int_equal(axe_prove_equal(&a.side, &b.side, &opt, &res, &err), 0);
	assert_int_equal(res.verdict, AXE_VERDICT_UNKNOWN);
	assert_non_null(strstr(res.reason, "the time limit of 0.05 s passed"));
	axe_equal_result_release(&res);
	release(&a);
	release(&b);
}

/* ---- Z3 itself ---- */

/* The width covers every intermediate: i * 2^40 and 0 differ (no wrap at 32 bits). */
static void test_z3_width(void **state)
{
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	int i = axe_expr_ctx_add_var(ctx, "i", 0, 1);
	const axe_expr *big = axe_expr_mul(ctx, axe_expr_const(ctx, (int64_t)1 << 40),
					   axe_expr_var(ctx, i));
	const axe_expr *zero = axe_expr_const(ctx, 0);
	axe_z3_side side = { &big, &zero, 1 };
	axe_z3_query q = { ctx, 1, &side, 1, AXE_Z3_BITVECTOR, 10 };
	axe_z3 *z = axe_z3_new();
	int64_t model[1];
	char reason[128];

	(void)state;
	assert_int_equal(axe_z3_check(z, &q, model, reason, sizeof(reason)), AXE_VERDICT_FALSE);
	assert_int_equal(model[0], 1);
	q.encoding = AXE_Z3_INTEGER;
	assert_int_equal(axe_z3_check(z, &q, model, reason, sizeof(reason)), AXE_VERDICT_FALSE);
	axe_z3_free(z);
	axe_expr_ctx_free(ctx);
}

/* Floor semantics in both encodings: (x / -4) * -4 + x % -4 == x for x in [-20, 20]. */
static void test_z3_floor(void **state)
{
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	axe_loc origin = { "<test>", 1, 1, NULL, 0 };
	const char *text = "(x / -4) * -4 + x % -4 + (x / 3) * 3 + x % 3 - x";
	const axe_expr *e, *x;
	axe_z3 *z = axe_z3_new();
	axe_error err;
	char reason[128];

	(void)state;
	axe_error_init(&err);
	axe_expr_ctx_add_var(ctx, "x", -20, 20);
	e = axe_expr_parse(ctx, text, strlen(text), &origin, &err);
	assert_non_null(e);
	x = axe_expr_var(ctx, 0);
	for (int enc = 0; enc < 2; enc++) {
		axe_z3_side side = { &e, &x, 1 };
		axe_z3_query q = { ctx, 1, &side, 1, enc ? AXE_Z3_INTEGER : AXE_Z3_BITVECTOR, 10 };
		assert_int_equal(axe_z3_check(z, &q, NULL, reason, sizeof(reason)),
				 AXE_VERDICT_TRUE);
	}
	axe_z3_free(z);
	axe_expr_ctx_free(ctx);
}

/* The simplifier asks Z3 what intervals leave open: proved -> applied, refuted -> refused. */
static void test_z3_prover_in_simplifier(void **state)
{
	static const struct {
		const char *text, *result;
		unsigned proved, disproved;
	} rows[] = {
		{ "(x - x%4) / 16", "0", 1, 0 },
		{ "(x*(15 - x)) / 60", "0", 1, 0 },
		{ "(x*(15 - x)) / 50", "(x*(15 - x))/50", 0, 1 },
		{ "((x/4)*4 + x%4) % 16", "x", 0, 0 },
	};
	axe_z3 *z = axe_z3_new();
	axe_expr_prover prover = axe_z3_prover(z);

	(void)state;
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		axe_expr_ctx *ctx = axe_expr_ctx_new();
		axe_loc origin = { "<test>", 1, 1, NULL, 0 };
		axe_simplify_report rep;
		axe_error err;
		const axe_expr *e, *s;
		char *text;
		axe_error_init(&err);
		axe_expr_ctx_add_var(ctx, "x", 0, 15);
		e = axe_expr_parse(ctx, rows[r].text, strlen(rows[r].text), &origin, &err);
		assert_non_null(e);
		s = axe_expr_simplify(ctx, e, &prover, &rep);
		text = axe_expr_to_string(ctx, s, AXE_SYNTAX_EXPR);
		if (strcmp(text, rows[r].result) != 0 || rep.proved != rows[r].proved ||
		    rep.disproved != rows[r].disproved)
			fail_msg("%s -> %s (proved %u, refuted %u)", rows[r].text, text, rep.proved,
				 rep.disproved);
		for (int64_t v = 0; v <= 15; v++) {
			int64_t p, q;
			assert_int_equal(axe_expr_eval(e, &v, &p), 0);
			assert_int_equal(axe_expr_eval(s, &v, &q), 0);
			assert_int_equal(p, q);
		}
		free(text);
		axe_expr_ctx_free(ctx);
	}
	axe_z3_free(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swizzle_closed_form_by_z3),
		cmocka_unit_test(test_swizzle_off_by_one_refuted),
		cmocka_unit_test(test_tensor_core_formula),
		cmocka_unit_test(test_canonical_route),
		cmocka_unit_test(test_shapes_and_sizes),
		cmocka_unit_test(test_unnamed_axes),
		cmocka_unit_test(test_replica_sets),
		cmocka_unit_test(test_integer_encoding),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_z3_width),
		cmocka_unit_test(test_z3_floor),
		cmocka_unit_test(test_z3_prover_in_simplifier),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
