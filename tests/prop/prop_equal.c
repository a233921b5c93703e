/*
 * prop_equal.c: property tests of check-equal (src/prove/) and of the
 * expressions behind its Z3 route (src/expr/), on seeded random layouts
 * from random_layout.h:
 *
 * - layouts rewritten into the same map in other ways (an iter split in
 *   two, unit iters inserted, replicas reordered, split or given negative
 *   strides with the offset shifted, stride-0 replicas, zero offsets, another
 *   admitted shape) are proved equal by every route;
 * - random perturbations are decided as the oracle says, and each "not
 *   equal" comes with a counterexample whose image sets are the oracle's and
 *   differ;
 * - a layout's simplified index expressions, printed as `expr:` text and
 *   parsed back, are proved equal to the layout;
 * - random expression trees keep their values through the simplifier and
 *   through printing and parsing.
 *
 * The oracle is written here from semantics.md (flatten, split into digits
 * by division, strides, offset, every replica combination, the swizzle by
 * arithmetic) and shares no code with src/core/eval.c or src/prove/.
 * A failure prints the seed; `AXE_SEED=<seed> build/asan/tests/prop_equal
 * <test>` replays it first; AXE_PROP_SCALE multiplies the case counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr/from_layout.h"
#include "expr/simplify.h"
#include "prove/prove.h"
#include "prop/random_layout.h"

#define CASES 600          /* rewritten and perturbed pairs per test */
#define SMT_EVERY 25       /* one case in SMT_EVERY also goes through Z3 (~0.1 s under ASan) */
#define EXPR_CASES 300
#define TREE_CASES 4000
#define MAX_AXES 16
#define MAX_IMAGES 64

/* ------------------------------------------------------------- oracle -- */

static int64_t floor_div(int64_t a, int64_t b)
{
	int64_t q = a / b;

	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

/* swz(m) with arithmetic instead of shifts (semantics.md). */
static int64_t oracle_swizzle(const axe_swizzle *sw, int64_t m)
{
	int64_t unit = (int64_t)1 << sw->per_element;
	int64_t x = floor_div(m, unit), low = m - x * unit;
	int64_t moved = floor_div(x, (int64_t)1 << sw->atom) & (((int64_t)1 << sw->len) - 1);

	return sw->present ? (x ^ moved) * unit + low : m;
}

static int compare_rows(const void *pa, const void *pb, void *width)
{
	const int64_t *a = pa, *b = pb;

	for (size_t i = 0; i < *(size_t *)width; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* Sort "k" rows of "n" and drop repeats; the count. */
static size_t normalize(int64_t *rows, size_t k, size_t n)
{
	size_t kept = 0;

	qsort_r(rows, k, n * sizeof(int64_t), compare_rows, &n);
	for (size_t i = 0; i < k; i++)
		if (!kept || memcmp(rows + (kept - 1) * n, rows + i * n, n * sizeof(int64_t)))
			memmove(rows + kept++ * n, rows + i * n, n * sizeof(int64_t));
	return kept;
}

/* The union index of axis "name" among "names", or -1. */
static int name_index(char *const *names, size_t n, const char *name)
{
	for (size_t u = 0; u < n; u++)
		if (strcmp(names[u], name) == 0)
			return (int)u;
	return -1;
}

/*
 * L's images at row-major point "flat", as sorted distinct rows over
 * "names" (n axes); the count.
 */
static size_t oracle_images(const axe_layout *L, int64_t flat, char *const *names, size_t n,
			    int64_t *rows)
{
	int64_t d[MAX_AXES] = { 0 }, rest = flat;
	size_t combos = 1;

	for (size_t k = L->nshard; k-- > 0;) {
		int64_t c = rest % L->shard[k].extent;
		rest /= L->shard[k].extent;
		d[L->shard[k].axis] += c * L->shard[k].stride;
	}
	for (size_t t = 0; t < L->nreplica; t++)
		combos *= (size_t)L->replica[t].extent;
	assert_true(combos <= MAX_IMAGES);
	for (size_t c = 0; c < combos; c++) {
		int64_t v[MAX_AXES];
		size_t r = c;
		memcpy(v, d, sizeof(v));
		for (size_t t = L->nreplica; t-- > 0;) {
			v[L->replica[t].axis] += (int64_t)(r % (size_t)L->replica[t].extent) *
						 L->replica[t].stride;
			r /= (size_t)L->replica[t].extent;
		}
		memset(rows + c * n, 0, n * sizeof(int64_t));
		for (size_t a = 0; a < L->naxes; a++) {
			int64_t x = v[a] + L->offset[a];
			if (strcmp(L->axis[a], "m") == 0)
				x = oracle_swizzle(&L->swizzle, x);
			rows[c * n + (size_t)name_index(names, n, L->axis[a])] = x;
		}
	}
	return normalize(rows, combos, n);
}

/* Both layouts' axis names, "a"'s first; the count. */
static size_t union_names(const axe_layout *a, const axe_layout *b, char **names)
{
	size_t n = 0;

	for (size_t i = 0; i < a->naxes; i++)
		names[n++] = a->axis[i];
	for (size_t i = 0; i < b->naxes; i++)
		if (name_index(names, n, b->axis[i]) < 0)
			names[n++] = b->axis[i];
	return n;
}

/* The first row-major point where the maps differ, or -1 (same size assumed). */
static int64_t oracle_first_difference(const axe_layout *a, const axe_layout *b)
{
	char *names[2 * MAX_AXES];
	size_t n = union_names(a, b, names);
	int64_t size = 1, ra[MAX_IMAGES * MAX_AXES], rb[MAX_IMAGES * MAX_AXES];

	for (size_t k = 0; k < a->nshard; k++)
		size *= a->shard[k].extent;
	for (int64_t f = 0; f < size; f++) {
		size_t ka = oracle_images(a, f, names, n, ra);
		size_t kb = oracle_images(b, f, names, n, rb);
		if (ka != kb || memcmp(ra, rb, ka * n * sizeof(int64_t)))
			return f;
	}
	return -1;
}

/* ------------------------------------------------------- rewritings -- */

/* A fresh copy of "L" whose iters come from the arrays given. */
static axe_layout *rebuild(const axe_layout *L, const axe_iter *shard, size_t ns,
			   const axe_iter *rep, size_t nr)
{
	axe_layout *M = axe_layout_dup(L);

	assert_non_null(M);
	M->nshard = M->nreplica = 0;
	for (size_t i = 0; i < ns; i++)
		assert_int_equal(axe_layout_push_shard(M, shard[i].extent, shard[i].stride,
						       shard[i].axis), 0);
	for (size_t i = 0; i < nr; i++)
		assert_int_equal(axe_layout_push_replica(M, rep[i].extent, rep[i].stride,
							 rep[i].axis), 0);
	return M;
}

/* Split "it" (extent e1*e2) into (e1, e2*s), (e2, s) at "out"; the iters written. */
static size_t split(prop_rng *rng, const axe_iter *it, axe_iter *out)
{
	int64_t e1 = prop_random_divisor(rng, it->extent);

	if (e1 == 1 || e1 == it->extent) {
		out[0] = *it;
		return 1;
	}
	out[0] = (axe_iter){ e1, it->extent / e1 * it->stride, it->axis };
	out[1] = (axe_iter){ it->extent / e1, it->stride, it->axis };
	return 2;
}

/* An axis for a new unit iter: m for swizzled layouts (they name nothing else). */
static int any_axis(prop_rng *rng, axe_layout *L)
{
	static const char *const pool[] = { "m", "laneid", "warpid", "x", "fresh" };

	return axe_layout_intern_axis(L, L->swizzle.present ? "m"
					  : pool[prop_rng_range(rng, 0, 4)]);
}

/* The same map written another way (several random rewritings). */
static axe_layout *rewrite(prop_rng *rng, const axe_layout *L)
{
	axe_iter shard[64], rep[64];
	size_t ns = 0, nr = 0;
	axe_layout *M = axe_layout_dup(L), *R;

	assert_non_null(M);
	for (size_t i = 0; i < L->nshard; i++) {
		if (prop_rng_chance(rng, 15))
			shard[ns++] = (axe_iter){ 1, prop_rng_range(rng, -9, 9), any_axis(rng, M) };
		ns += prop_rng_chance(rng, 40) ? split(rng, &L->shard[i], shard + ns)
					       : (shard[ns] = L->shard[i], 1);
	}
	for (size_t i = 0; i < L->nreplica; i++) {
		axe_iter it = L->replica[i];
		if (prop_rng_chance(rng, 40) && it.stride != 0) {
			/* {0, s, ..., (e-1)s} = (e-1)s + {0, -s, ..., -(e-1)s} */
			assert_int_equal(axe_layout_add_offset(M, it.axis,
							       (it.extent - 1) * it.stride), 0);
			it.stride = -it.stride;
		}
		nr += prop_rng_chance(rng, 30) ? split(rng, &it, rep + nr) : (rep[nr] = it, 1);
	}
	if (prop_rng_chance(rng, 20))
		rep[nr++] = (axe_iter){ 1, prop_rng_range(rng, -9, 9), any_axis(rng, M) };
	if (prop_rng_chance(rng, 10))
		rep[nr++] = (axe_iter){ 3, 0, any_axis(rng, M) }; /* stride 0: one point */
	for (size_t i = nr; i > 1; i--) { /* a random order: the replica is a set */
		size_t j = (size_t)prop_rng_range(rng, 0, (int64_t)i - 1);
		axe_iter t = rep[i - 1];
		rep[i - 1] = rep[j];
		rep[j] = t;
	}
	if (prop_rng_chance(rng, 20))
		assert_int_equal(axe_layout_add_offset(M, any_axis(rng, M), 0), 0);
	R = rebuild(M, shard, ns, rep, nr);
	axe_layout_free(M);
	axe_layout_order_axes(R);
	return R;
}

/* A random small change: a stride, an offset, or two shard iters swapped. */
static axe_layout *perturb(prop_rng *rng, const axe_layout *L)
{
	axe_layout *M = axe_layout_dup(L);
	size_t k = (size_t)prop_rng_range(rng, 0, (int64_t)L->nshard - 1);

	assert_non_null(M);
	switch (prop_rng_range(rng, 0, 3)) {
	case 0:
		M->shard[k].stride += prop_rng_chance(rng, 50) ? 1 : -1;
		break;
	case 1:
		assert_int_equal(axe_layout_add_offset(M, M->shard[k].axis, 1), 0);
		break;
	case 2:
		if (M->nreplica) {
			M->replica[0].stride += 1;
			break;
		}
		/* fall through */
	default:
		if (k + 1 < M->nshard) {
			axe_iter t = M->shard[k];
			M->shard[k] = M->shard[k + 1];
			M->shard[k + 1] = t;
		} else {
			M->shard[k].stride *= 2;
		}
	}
	return M;
}

/* ---------------------------------------------------------- checking -- */

__attribute__((format(printf, 6, 7)))
static void case_fail(const char *test, uint64_t seed, const axe_layout *a,
		      const axe_layout *b, const char *cond, const char *fmt, ...)
{
	char *ta = a ? axe_layout_to_string(a) : NULL, *tb = b ? axe_layout_to_string(b) : NULL;
	va_list ap;

	fprintf(stderr, "\n%s: property failed: %s\n  seed: %" PRIu64 "  (replay: AXE_SEED=%"
		PRIu64 " build/asan/tests/prop_equal %s)\n  A: %s\n  B: %s\n  ", test, cond, seed,
		seed, test, ta ? ta : "-", tb ? tb : "-");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	free(ta);
	free(tb);
	fail();
}

#define CHECK(cond, ...)                                                        \
	do {                                                                    \
		if (!(cond))                                                    \
			case_fail(__func__, seed, A, B, #cond, __VA_ARGS__);    \
	} while (0)

/* Decide "A" (on "sa") against "B" (on "sb") by "method". */
static void decide(const axe_layout *A, const axe_shape *sa, const axe_layout *B,
		   const axe_shape *sb, enum axe_equal_method method, axe_equal_result *res,
		   uint64_t seed)
{
	axe_equal_side a = { A, NULL, *sa, true }, b = { B, NULL, *sb, true };
	axe_equal_options opt = { .method = method, .timeout = 60.0 };
	axe_error err;

	axe_error_init(&err);
	CHECK(axe_prove_equal(&a, &b, &opt, res, &err) == 0, "error: %s", err.message);
}

/* The counterexample of "res" is real: its image sets are the oracle's, and differ. */
static void check_counterexample(const axe_layout *A, const axe_layout *B,
				 const axe_equal_result *res, uint64_t seed)
{
	int64_t flat = 0, ra[MAX_IMAGES * MAX_AXES], rb[MAX_IMAGES * MAX_AXES];
	size_t ka, kb;

	CHECK(res->has_counterexample, "not equal, but no counterexample: %s", res->reason);
	for (size_t d = 0; d < res->shape.rank; d++)
		flat = flat * res->shape.dim[d] + res->coord[d];
	ka = oracle_images(A, flat, res->axis, res->naxes, ra);
	kb = oracle_images(B, flat, res->axis, res->naxes, rb);
	CHECK(ka == res->na && memcmp(ra, res->a_images, ka * res->naxes * sizeof(int64_t)) == 0,
	      "A's images at point %" PRId64 " are not the oracle's", flat);
	CHECK(kb == res->nb && memcmp(rb, res->b_images, kb * res->naxes * sizeof(int64_t)) == 0,
	      "B's images at point %" PRId64 " are not the oracle's", flat);
	CHECK(ka != kb || memcmp(ra, rb, ka * res->naxes * sizeof(int64_t)) != 0,
	      "the counterexample at point %" PRId64 " is no difference", flat);
}

static void test_rewritten_are_equal(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *A = prop_random_layout(&rng, &p), *B;
		axe_shape sa, sb;
		axe_equal_result res;

		assert_non_null(A);
		B = rewrite(&rng, A);
		prop_random_shape(&rng, &p, A, &sa);
		prop_random_shape(&rng, &p, B, &sb);
		CHECK(oracle_first_difference(A, B) < 0, "the rewriting changed the map");
		for (int m = AXE_METHOD_AUTO; m <= AXE_METHOD_SMT; m++) {
			if (m == AXE_METHOD_CANON || (m == AXE_METHOD_SMT && i % SMT_EVERY))
				continue;
			decide(A, &sa, B, &sb, (enum axe_equal_method)m, &res, seed);
			CHECK(res.verdict == AXE_VERDICT_TRUE, "method %s: %s%s",
			      axe_equal_method_name(m), res.verdict ? "undecided: " : "not equal ",
			      res.reason);
			axe_equal_result_release(&res);
		}
		axe_layout_free(A);
		axe_layout_free(B);
	}
}

static void test_perturbed(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed() ^ 0xC0FFEE;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *A = prop_random_layout(&rng, &p), *B;
		axe_shape sa;
		axe_equal_result res;
		bool equal;

		assert_non_null(A);
		B = perturb(&rng, A);
		if (axe_layout_validate(B, NULL, 0, NULL) < 0) {
			axe_layout_free(A);
			axe_layout_free(B);
			continue;
		}
		prop_random_shape(&rng, &p, A, &sa);
		equal = oracle_first_difference(A, B) < 0;
		for (int m = AXE_METHOD_AUTO; m <= AXE_METHOD_SMT; m++) {
			if (m == AXE_METHOD_CANON || (m == AXE_METHOD_SMT && i % SMT_EVERY))
				continue;
			decide(A, &sa, B, &sa, (enum axe_equal_method)m, &res, seed);
			CHECK(res.verdict == (equal ? AXE_VERDICT_TRUE : AXE_VERDICT_FALSE),
			      "method %s answered %d, the oracle says %s (%s)",
			      axe_equal_method_name(m), res.verdict, equal ? "equal" : "not equal",
			      res.reason);
			if (!equal)
				check_counterexample(A, B, &res, seed);
			axe_equal_result_release(&res);
		}
		axe_layout_free(A);
		axe_layout_free(B);
	}
}

/* "axis=EXPR;..." of L's simplified expressions over i0.. and r0.. into "out". */
static void expr_text(const axe_layout *L, const axe_shape *shape, char *out, size_t size,
		      char *replica, size_t rsize)
{
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	const axe_expr *coord[AXE_MAX_RANK], *rep[16], *axis[MAX_AXES];
	size_t used = 0, rused = 0;
	char name[32];

	for (size_t d = 0; d < shape->rank; d++) {
		snprintf(name, sizeof(name), "i%zu", d);
		coord[d] = axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, name, 0, shape->dim[d] - 1));
	}
	replica[0] = '\0';
	for (size_t t = 0; t < L->nreplica; t++) {
		snprintf(name, sizeof(name), "r%zu", t);
		rep[t] = axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, name, 0,
								 L->replica[t].extent - 1));
		rused += (size_t)snprintf(replica + rused, rsize - rused, "%sr%zu=%" PRId64,
					  t ? "," : "", t, L->replica[t].extent);
	}
	assert_int_equal(axe_expr_from_layout(ctx, L, shape, coord, rep, axis), 0);
	for (size_t a = 0; a < L->naxes; a++) {
		char *text = axe_expr_to_string(ctx, axe_expr_simplify(ctx, axis[a], NULL, NULL),
						AXE_SYNTAX_EXPR);
		used += (size_t)snprintf(out + used, size - used, "%s%s=%s", a ? ";" : "",
					 L->axis[a], text);
		free(text);
	}
	axe_expr_ctx_free(ctx);
}

static void test_expressions_of_layouts(void **state)
{
	prop_layout_params p = prop_layout_params_default();
	uint64_t base = prop_base_seed() ^ 0xE0E0;

	(void)state;
	for (int64_t i = 0; i < EXPR_CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *A = prop_random_layout(&rng, &p), *B = NULL;
		axe_expr_layout *E;
		axe_shape shape;
		axe_error err;
		axe_equal_result res;
		char text[8192], replica[256];

		assert_non_null(A);
		prop_random_shape(&rng, &p, A, &shape);
		expr_text(A, &shape, text, sizeof(text), replica, sizeof(replica));
		axe_error_init(&err);
		E = axe_expr_layout_from_text(text, NULL, replica[0] ? replica : NULL, &shape,
					      &err);
		CHECK(E != NULL, "'%s' does not parse: %s", text, err.message);
		for (int m = AXE_METHOD_ENUM; m <= AXE_METHOD_SMT; m++) {
			axe_equal_side a = { A, NULL, shape, true }, b = { NULL, E, shape, true };
			axe_equal_options opt = { .method = (enum axe_equal_method)m, .timeout = 60.0 };
			if (m == AXE_METHOD_SMT && i % 10)
				continue;
			CHECK(axe_prove_equal(&a, &b, &opt, &res, &err) == 0, "%s", err.message);
			CHECK(res.verdict == AXE_VERDICT_TRUE, "%s: %s is not proved equal (%s)",
			      axe_equal_method_name(m), text, res.reason);
			axe_equal_result_release(&res);
		}
		axe_expr_layout_free(E);
		axe_layout_free(A);
	}
}

/* ----------------------------------------------- random expressions -- */

/* A random defined expression over the variables of "ctx" (all ranges >= 0). */
static const axe_expr *random_tree(prop_rng *rng, axe_expr_ctx *ctx, int depth)
{
	const axe_expr *a, *b;
	enum axe_expr_op op;

	if (depth == 0 || prop_rng_chance(rng, 25)) {
		int v = (int)prop_rng_range(rng, 0, (int64_t)ctx->nvars - 1);
		return prop_rng_chance(rng, 60) ? axe_expr_var(ctx, v)
						: axe_expr_const(ctx, prop_rng_range(rng, -6, 12));
	}
	op = (enum axe_expr_op)prop_rng_range(rng, AXE_EXPR_ADD, AXE_EXPR_OR);
	a = random_tree(rng, ctx, depth - 1);
	if (op == AXE_EXPR_DIV || op == AXE_EXPR_MOD)
		b = prop_rng_chance(rng, 70) ? axe_expr_const(ctx, prop_rng_range(rng, 1, 9) *
						      (prop_rng_chance(rng, 85) ? 1 : -1))
					     : axe_expr_add(ctx, random_tree(rng, ctx, 0),
							    axe_expr_const(ctx, 0));
	else if (op == AXE_EXPR_SHL || op == AXE_EXPR_SHR)
		b = axe_expr_const(ctx, prop_rng_range(rng, 0, 4));
	else
		b = random_tree(rng, ctx, depth - 1);
	if ((op == AXE_EXPR_DIV || op == AXE_EXPR_MOD) && b->lo <= 0 && b->hi >= 0)
		b = axe_expr_const(ctx, 7); /* keep it defined */
	return axe_expr_binary(ctx, op, a, b);
}

/* Every value of "a" and "b" over the variables' box agrees. */
static bool same_values(const axe_expr_ctx *ctx, const axe_expr *a, const axe_expr *b,
			int64_t *where)
{
	int64_t v[4] = { 0 }, x, y;
	size_t n = ctx->nvars, k;

	for (;;) {
		if (axe_expr_eval(a, v, &x) < 0 || axe_expr_eval(b, v, &y) < 0 || x != y) {
			*where = v[0];
			return false;
		}
		for (k = 0; k < n && ++v[k] > ctx->var[k].hi; k++)
			v[k] = ctx->var[k].lo;
		if (k == n)
			return true;
	}
}

static void test_simplifier_keeps_values(void **state)
{
	uint64_t base = prop_base_seed() ^ 0x7777;
	const axe_layout *A = NULL, *B = NULL;

	(void)state;
	for (int64_t i = 0; i < TREE_CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_expr_ctx *ctx = axe_expr_ctx_new();
		const axe_expr *e, *s, *back;
		axe_loc origin = { "<prop>", 1, 1, NULL, 0 };
		axe_error err;
		int64_t where = 0;
		char *text, *stext;

		axe_expr_ctx_add_var(ctx, "i", 0, prop_rng_range(&rng, 0, 9));
		axe_expr_ctx_add_var(ctx, "j", 0, prop_rng_range(&rng, 0, 20));
		axe_expr_ctx_add_var(ctx, "k", 0, 3);
		e = random_tree(&rng, ctx, 4);
		if (!e->bounded) {
			axe_expr_ctx_free(ctx);
			continue;
		}
		s = axe_expr_simplify(ctx, e, NULL, NULL);
		text = axe_expr_to_string(ctx, e, AXE_SYNTAX_EXPR);
		stext = axe_expr_to_string(ctx, s, AXE_SYNTAX_EXPR);
		CHECK(same_values(ctx, e, s, &where), "%s simplified to %s: differs at i=%" PRId64,
		      text, stext, where);
		axe_error_init(&err);
		back = axe_expr_parse(ctx, stext, strlen(stext), &origin, &err);
		CHECK(back && same_values(ctx, s, back, &where), "%s does not print and parse back "
		      "(%s)", stext, err.message);
		free(text);
		free(stext);
		axe_expr_ctx_free(ctx);
	}
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rewritten_are_equal),
		cmocka_unit_test(test_perturbed),
		cmocka_unit_test(test_expressions_of_layouts),
		cmocka_unit_test(test_simplifier_keeps_values),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	printf("# AXE_SEED=%" PRIu64 " AXE_PROP_SCALE=%" PRId64 "\n", prop_base_seed(),
	       prop_scale());
	return cmocka_run_group_tests_name("prop_equal", tests, NULL, NULL);
}
