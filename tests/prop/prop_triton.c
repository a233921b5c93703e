/*
 * prop_triton.c: property tests of the Triton reader and writer
 * (src/interop/triton*.c, linear*.c) on seeded random LinearLayouts.
 *
 * - A random bit permutation (each basis zero or one bit, every bit of
 *   every dim made once) printed as `#ttg.linear<{...}>` imports as a
 *   compact layout; a random XOR-linear layout (a bit permutation whose
 *   bases were XOR-ed into each other) imports, as an `expr:` layout when
 *   its bases mix bits.  Every import passed translation validation (the
 *   reader refuses otherwise).
 * - Round trip: the import written back (`#ttg.linear`) and imported again
 *   is proved equal to the first import (prove/); the same for random
 *   shared layouts (offset and block bases, `#ttg.shared_linear`), which
 *   are written back as `#ttg.shared_linear`.
 * - A deliberately broken converter (axe_linear_break_for_test: one bit of
 *   each dim made by the wrong basis) is caught by translation validation,
 *   with the report naming the first differing point.
 *
 * A failure prints the case seed; `AXE_SEED=<seed> build/asan/tests/prop_triton`
 * replays it first.  AXE_PROP_SCALE multiplies the case counts.
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

#include "interop/linear.h"
#include "prop/random_layout.h"
#include "prove/prove.h"

#define CASES 150
#define TEXT 4096

static const char *const keys[] = { "register", "lane", "warp", "block" };
static const char *const shared_keys[] = { "offset", "block" };

/* A random layout: bases per in-dim (keys[], shared_keys[] if "shared"), "rank" numbers each. */
typedef struct random_linear {
	bool shared;
	size_t rank;
	int dim_bits[3];
	int nbits[4];
	int64_t basis[4][12][3];
} random_linear;

/*
 * A bit permutation: every bit of every dim given to a random free basis
 * slot; the slots left over are zero (replicas).  With "mix", then XOR
 * random bases into others (an invertible column operation keeps the
 * span, so every element stays covered).
 */
static void random_layout(prop_rng *rng, bool mix, bool shared, random_linear *r)
{
	int slots = 0, owner[48][2], total = 0, nins = shared ? 2 : 4;

	memset(r, 0, sizeof(*r));
	r->shared = shared;
	r->rank = (size_t)prop_rng_range(rng, 1, 3);
	for (size_t d = 0; d < r->rank; d++)
		total += r->dim_bits[d] = (int)prop_rng_range(rng, 0, 4);
	for (int in = 0; in < nins; in++) {
		/* A shared layout has offsets (an axis m to write it by). */
		r->nbits[in] = (int)prop_rng_range(rng, shared && in == 0, in == 0 ? 6 : 3);
		for (int i = 0; i < r->nbits[in]; i++)
			owner[slots][0] = in, owner[slots++][1] = i;
	}
	while (slots < total) { /* room for every bit */
		int in = (int)prop_rng_range(rng, 0, nins - 1);

		if (r->nbits[in] < 12)
			owner[slots][0] = in, owner[slots++][1] = r->nbits[in]++;
	}
	for (int k = slots - 1; k > 0; k--) { /* shuffle the slots */
		int j = (int)prop_rng_range(rng, 0, k), t0 = owner[k][0], t1 = owner[k][1];

		owner[k][0] = owner[j][0], owner[k][1] = owner[j][1];
		owner[j][0] = t0, owner[j][1] = t1;
	}
	for (size_t d = 0, k = 0; d < r->rank; d++)
		for (int b = 0; b < r->dim_bits[d]; b++, k++)
			r->basis[owner[k][0]][owner[k][1]][d] = (int64_t)1 << b;
	for (int step = 0; mix && step < 4 && slots > 1; step++) {
		int a = (int)prop_rng_range(rng, 0, slots - 1), b = (int)prop_rng_range(rng, 0, slots - 1);

		if (a == b)
			continue;
		for (size_t d = 0; d < r->rank; d++)
			r->basis[owner[a][0]][owner[a][1]][d] ^= r->basis[owner[b][0]][owner[b][1]][d];
	}
}

static void print_linear(const random_linear *r, char *text, size_t size)
{
	size_t len = (size_t)snprintf(text, size, r->shared ? "#ttg.shared_linear<{" :
				      "#ttg.linear<{");

	for (int in = 0; in < (r->shared ? 2 : 4); in++) {
		len += (size_t)snprintf(text + len, size - len, "%s%s = [", in ? ", " : "",
					r->shared ? shared_keys[in] : keys[in]);
		for (int i = 0; i < r->nbits[in]; i++) {
			len += (size_t)snprintf(text + len, size - len, "%s[", i ? ", " : "");
			for (size_t d = 0; d < r->rank; d++)
				len += (size_t)snprintf(text + len, size - len, "%s%" PRId64,
							d ? ", " : "", r->basis[in][i][d]);
			len += (size_t)snprintf(text + len, size - len, "]");
		}
		len += (size_t)snprintf(text + len, size - len, "]");
	}
	snprintf(text + len, size - len, r->shared ? "}, alignment = 16>" : "}>");
}

/* Each basis zero or one bit, and no bit made twice (docs/interop.md's compact case). */
static bool is_permutation(const random_linear *r)
{
	int64_t seen[3] = { 0 };

	for (int in = 0; in < 4; in++)
		for (int i = 0; i < r->nbits[in]; i++) {
			int ones = 0;

			for (size_t d = 0; d < r->rank; d++) {
				ones += __builtin_popcountll((unsigned long long)r->basis[in][i][d]);
				if (seen[d] & r->basis[in][i][d])
					return false;
				seen[d] |= r->basis[in][i][d];
			}
			if (ones > 1)
				return false;
		}
	return true;
}

/* The shape: 2^dim_bits per dim (given, so that all-zero dims keep their size). */
static axe_shape shape_of(const random_linear *r)
{
	axe_shape s = { r->rank, { 0 } };

	for (size_t d = 0; d < r->rank; d++)
		s.dim[d] = (int64_t)1 << r->dim_bits[d];
	return s;
}

static int import_text(const char *text, const axe_shape *shape, axe_import *imp, axe_error *err)
{
	axe_import_opts opts = { .shape = shape };
	axe_loc where = { "<prop>", 1, 1, text, strlen(text) };

	axe_error_init(err);
	return axe_triton_import(text, &where, &opts, imp, err);
}

static void fail_case(uint64_t seed, const char *text, const char *what, const char *detail)
{
	fail_msg("%s\n  layout: %s\n  %s\n  seed: %" PRIu64 " (replay: AXE_SEED=%" PRIu64
		 " build/asan/tests/prop_triton)", what, text, detail, seed, seed);
}

static void round_trip(uint64_t seed, bool mix, bool shared)
{
	prop_rng rng = prop_rng_seeded(seed);
	random_linear r;
	char text[TEXT], why[256] = "";
	char *written;
	axe_import first, again;
	axe_shape shape;
	axe_error err;
	axe_equal_side a, b;
	axe_equal_options opt = { .method = AXE_METHOD_AUTO, .timeout = 0 };
	axe_equal_result res;

	random_layout(&rng, mix, shared, &r);
	shape = shape_of(&r);
	print_linear(&r, text, sizeof(text));
	if (import_text(text, &shape, &first, &err) < 0)
		fail_case(seed, text, "import failed", err.message);
	/* A shared layout that XORs bits may still be compact: a Swizzle over a bit permutation. */
	if (shared ? is_permutation(&r) && !first.layout : is_permutation(&r) != (first.layout != NULL))
		fail_case(seed, text, "wrong form", first.layout ? "compact" : "expr");
	written = axe_triton_export_import(&first, why, sizeof(why), &err);
	if (!written)
		fail_case(seed, text, "no #ttg.linear written", why[0] ? why : err.message);
	if (strncmp(written, shared ? "#ttg.shared_linear<" : "#ttg.linear<", shared ? 19 : 12))
		fail_case(seed, text, "written in the other notation", written);
	if (import_text(written, &shape, &again, &err) < 0)
		fail_case(seed, written, "the written text does not import", err.message);
	a = (axe_equal_side){ first.layout, first.expr, first.shape, true };
	b = (axe_equal_side){ again.layout, again.expr, again.shape, true };
	if (axe_prove_equal(&a, &b, &opt, &res, &err) < 0 || res.verdict != AXE_VERDICT_TRUE)
		fail_case(seed, text, "round trip not proved equal", written);
	axe_equal_result_release(&res);
	free(written);
	axe_import_release(&first);
	axe_import_release(&again);
}

static void test_bit_permutations_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++)
		round_trip(prop_case_seed(base, i), false, false);
}

static void test_xor_linear_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++)
		round_trip(prop_case_seed(base, i), true, false);
}

/* Shared layouts (offset, block) written back as #ttg.shared_linear, plain and XOR-mixed. */
static void test_shared_round_trip(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++)
		round_trip(prop_case_seed(base, i), i % 2 == 1, true);
}

/* The broken converter's import of every bit permutation with a dim of 2+ bits is refused. */
static void test_broken_converter_caught(void **state)
{
	uint64_t base = prop_base_seed();
	int caught = 0;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		random_linear r;
		char text[TEXT];
		axe_import imp;
		axe_shape shape;
		axe_error err;
		bool wide = false;
		int rc;

		random_layout(&rng, false, false, &r);
		for (size_t d = 0; d < r.rank; d++)
			wide |= r.dim_bits[d] >= 2;
		shape = shape_of(&r);
		print_linear(&r, text, sizeof(text));
		axe_linear_break_for_test = true;
		rc = import_text(text, &shape, &imp, &err);
		axe_linear_break_for_test = false;
		if (!wide) {
			if (rc < 0)
				fail_case(seed, text, "refused without a broken rule", err.message);
			axe_import_release(&imp);
			continue;
		}
		if (rc == 0)
			fail_case(seed, text, "the broken converter was not caught", "");
		if (!strstr(err.message, "disagrees with Triton's own meaning at ("))
			fail_case(seed, text, "the report does not name the point", err.message);
		caught++;
	}
	assert_true(caught > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bit_permutations_round_trip),
		cmocka_unit_test(test_xor_linear_round_trip),
		cmocka_unit_test(test_shared_round_trip),
		cmocka_unit_test(test_broken_converter_caught),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
