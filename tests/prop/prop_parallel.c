/*
 * prop_parallel.c: whole-domain walks give the same answer on any number of
 * threads (core/parallel.h).  On seeded random layouts of a few hundred
 * thousand points (several tasks each):
 *
 * - the checksum of eval --count is the same for 1, 2, 3 and 7 threads;
 * - check-equal by enumeration gives the same verdict and the same first
 *   counterexample for 1, 2, 3 and 7 threads, on three kinds of pairs: a
 *   layout against its own index expressions (compiled blocks, or point by
 *   point with replicas) made to differ from row-major point P on, which
 *   must be the counterexample found, with a term that is 0 under floor
 *   division of negative values and not under C's truncation; and a layout
 *   against itself with one stride changed (the run path).
 *
 * A failure prints the seed; AXE_SEED replays it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/eval.h"
#include "core/parallel.h"
#include "expr/from_layout.h"
#include "prove/prove.h"
#include "prop/random_layout.h"

#define CASES 150
#define MAX_AXES 8

static const int jobs[] = { 1, 2, 3, 7 };

/* Small tasks (several per domain, some cutting runs and blocks), whatever the default. */
static const int64_t task_points = 97;

static prop_layout_params walk_params(void)
{
	prop_layout_params p = prop_layout_params_default();

	p.max_size = (int64_t)1 << 12;
	return p;
}

/* A random layout of more than four tasks' points, or NULL. */
static axe_layout *big_layout(prop_rng *rng, const prop_layout_params *p, axe_shape *shape)
{
	for (int tries = 0; tries < 50; tries++) {
		axe_layout *L = prop_random_layout(rng, p);
		int64_t size = 0;
		axe_error err;

		axe_error_init(&err);
		assert_non_null(L);
		if (axe_layout_size(L, &size, &err) == 0 && size > 4 * task_points) {
			prop_random_shape(rng, p, L, shape);
			return L;
		}
		axe_layout_free(L);
	}
	return NULL;
}

static void test_checksum_any_threads(void **state)
{
	prop_layout_params p = walk_params();
	uint64_t base = prop_base_seed() ^ 0xC5C5;
	int64_t ran = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_shape shape;
		axe_layout *L = big_layout(&rng, &p, &shape);
		axe_checksum one, many;
		axe_evaluator ev;
		axe_error err;

		if (!L)
			continue;
		axe_error_init(&err);
		assert_int_equal(axe_evaluator_init(&ev, L, &shape, &err), 0);
		assert_int_equal(axe_evaluator_checksum(&ev, &one, &err), 0);
		for (size_t j = 1; j < sizeof(jobs) / sizeof(jobs[0]); j++) {
			axe_walk_options opt = { jobs[j], NULL, task_points };
			assert_int_equal(axe_evaluator_checksum_walk(&ev, &opt, &many, &err), 0);
			if (many.hash != one.hash || many.points != one.points ||
			    many.images != one.images)
				fail_msg("seed %" PRIu64 ": %d threads give checksum %016" PRIx64
					 ", one thread %016" PRIx64, seed, jobs[j], many.hash, one.hash);
		}
		axe_evaluator_release(&ev);
		axe_layout_free(L);
		ran++;
	}
	assert_true(ran > CASES * prop_scale() / 2);
}

/*
 * The `expr:` text of "L" on "shape" (unsimplified, over i0.. and r0..),
 * with "+ f/P" on its first axis (f the row-major index: 0 before point P,
 * at least 1 from P on) and a term that floor division makes 0.
 */
static void perturbed_text(const axe_layout *L, const axe_shape *shape, int64_t P, char *out,
			   size_t size, char *replica, size_t rsize)
{
	axe_expr_ctx *ctx = axe_expr_ctx_new();
	const axe_expr *coord[AXE_MAX_RANK], *rep[16], *axis[MAX_AXES];
	size_t used = 0, rused = 0, last = shape->rank - 1;
	char name[32], flat[512];
	size_t fused = 0;

	for (size_t d = 0; d < shape->rank; d++) {
		snprintf(name, sizeof(name), "i%zu", d);
		coord[d] = axe_expr_var(ctx, axe_expr_ctx_add_var(ctx, name, 0, shape->dim[d] - 1));
	}
	/* Horner: (((0)*D0 + i0)*D1 + i1)*D2 + i2. */
	for (size_t d = 0; d < shape->rank; d++)
		flat[fused++] = '(';
	flat[fused++] = '0';
	for (size_t d = 0; d < shape->rank; d++)
		fused += (size_t)snprintf(flat + fused, sizeof(flat) - fused, ")*%" PRId64 " + i%zu",
					  shape->dim[d], d);
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
		char *text = axe_expr_to_string(ctx, axis[a], AXE_SYNTAX_EXPR);
		used += (size_t)snprintf(out + used, size - used, "%s%s=%s", a ? ";" : "",
					 L->axis[a], text);
		if (a == 0)
			used += (size_t)snprintf(out + used, size - used,
						 " + (%s)/%" PRId64 " + (i%zu - 7)/3 - (i%zu + 293)/3"
						 " + 100", flat, P, last, last);
		free(text);
	}
	axe_expr_ctx_free(ctx);
}

/* Enumerate "a" against "b" on every thread count; all must agree. */
static axe_equal_result equal_on_all_threads(uint64_t seed, const axe_equal_side *a,
					     const axe_equal_side *b)
{
	axe_equal_result first = { 0 }, res;
	axe_error err;

	for (size_t j = 0; j < sizeof(jobs) / sizeof(jobs[0]); j++) {
		axe_equal_options opt = { .method = AXE_METHOD_ENUM, .timeout = 0,
					  .walk = { jobs[j], NULL, task_points } };

		axe_error_init(&err);
		if (axe_prove_equal(a, b, &opt, &res, &err) < 0)
			fail_msg("seed %" PRIu64 ": %s", seed, err.message);
		if (j == 0) {
			first = res;
			continue;
		}
		if (res.verdict != first.verdict || res.has_counterexample != first.has_counterexample ||
		    memcmp(res.coord, first.coord, sizeof(res.coord)) != 0)
			fail_msg("seed %" PRIu64 ": %d threads answer %d at (%" PRId64 ", ...), one "
				 "thread %d at (%" PRId64 ", ...)", seed, jobs[j], res.verdict,
				 res.coord[0], first.verdict, first.coord[0]);
		axe_equal_result_release(&res);
	}
	return first;
}

static int64_t flat_of(const axe_equal_result *res)
{
	int64_t flat = 0;

	for (size_t d = 0; d < res->shape.rank; d++)
		flat = flat * res->shape.dim[d] + res->coord[d];
	return flat;
}

static void test_first_difference_any_threads(void **state)
{
	prop_layout_params p = walk_params();
	uint64_t base = prop_base_seed() ^ 0xD1FF;
	int64_t ran = 0, differed = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_shape shape;
		axe_layout *A = big_layout(&rng, &p, &shape), *B;
		axe_expr_layout *E;
		axe_equal_result res;
		axe_error err;
		char text[16384], replica[256];
		int64_t size = 1, P;

		if (!A)
			continue;
		for (size_t d = 0; d < shape.rank; d++)
			size *= shape.dim[d];
		P = prop_rng_range(&rng, 1, size + size / 4); /* sometimes past the end */
		perturbed_text(A, &shape, P, text, sizeof(text), replica, sizeof(replica));
		axe_error_init(&err);
		E = axe_expr_layout_from_text(text, NULL, replica[0] ? replica : NULL, &shape, &err);
		if (!E)
			fail_msg("seed %" PRIu64 ": '%s' does not parse: %s", seed, text, err.message);
		{
			axe_equal_side a = { A, NULL, shape, true }, b = { NULL, E, shape, true };
			res = equal_on_all_threads(seed, &a, &b);
		}
		if (P < size && (res.verdict != AXE_VERDICT_FALSE || flat_of(&res) != P))
			fail_msg("seed %" PRIu64 ": the first difference is point %" PRId64 ", found "
				 "verdict %d at %" PRId64, seed, P, res.verdict, flat_of(&res));
		if (P >= size && res.verdict != AXE_VERDICT_TRUE)
			fail_msg("seed %" PRIu64 ": no difference, but verdict %d", seed, res.verdict);
		axe_equal_result_release(&res);
		axe_expr_layout_free(E);

		/* The run path: one stride changed. */
		B = axe_layout_dup(A);
		assert_non_null(B);
		B->shard[prop_rng_range(&rng, 0, (int64_t)B->nshard - 1)].stride += 1;
		{
			axe_equal_side a = { A, NULL, shape, true }, b = { B, NULL, shape, true };
			res = equal_on_all_threads(seed, &a, &b);
		}
		differed += res.verdict == AXE_VERDICT_FALSE;
		axe_equal_result_release(&res);
		axe_layout_free(B);
		axe_layout_free(A);
		ran++;
	}
	assert_true(ran > CASES * prop_scale() / 2 && differed > ran / 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checksum_any_threads),
		cmocka_unit_test(test_first_difference_any_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
