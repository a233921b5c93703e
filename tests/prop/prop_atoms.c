/*
 * prop_atoms.c: property tests of the copy atoms' legality (src/analyze/
 * atoms*) on seeded random pairs: a 16x16 f16 tile whose 8 index bits go,
 * in a random order, to the 5 lane bits and 3 register bits of one warp
 * (half the time the mma A fragment with two targets swapped), read from
 * shared memory whose address bits are a random permutation of the index
 * bits, under a random swizzle preset.
 *
 * Oracle, written here from the PTX ISA's description of ldmatrix and
 * sharing no code with src/analyze or src/core/eval.c: ldmatrix.xN moves N
 * matrices of 8 rows of 16 bytes, lane 8j + i giving the address of row i
 * of matrix j; without .trans lane l receives in register j the elements
 * 2(l%4), 2(l%4)+1 of row l/4, with .trans the elements l/4 of rows
 * 2(l%4), 2(l%4)+1.  So an atom can deliver the register layout exactly
 * when, for every group of N registers, the elements that its fragment
 * places in each row are 8 consecutive addresses in order, starting on 16
 * bytes.  The map and the addresses are computed from the bit assignment,
 * the swizzle by the formula of semantics.md.  stmatrix is the same copy
 * backwards.  A failure prints the seed; `AXE_SEED=<seed>
 * build/asan/tests/prop_atoms <test>` replays it first; AXE_PROP_SCALE
 * multiplies the case counts.
 *
 * Robustness: random register layouts (laneid, warpid, m; replicas,
 * offsets, negative strides) against a shared tile over the same shape in a
 * random order, for each element type: the ranking answers or reports an
 * input error (never crashes), every excluded atom names its rule, and the
 * legal ones come in rank order.
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

#include "analyze/atoms.h"
#include "core/dtype.h"
#include "prop/random_layout.h"

#define CASES 1500
#define BITS 8   /* a 16x16 tile: flat index bits 0-3 the column, 4-7 the row */

/* Where each index bit goes: a lane bit (0-4) or a register bit (5-7 mean m bits 0-2). */
typedef struct pair_case {
	int reg_target[BITS];
	int addr_bit[BITS];  /* the shared address bit of each index bit */
	int swizzle_b;       /* 0 none, 1/2/3: the 32B/64B/128B preset for f16 */
	int lane[256], reg[256];
	int64_t addr[256];
} pair_case;

/* The mma.m16n8k16 A fragment: j%2 -> m0, j/2%4 -> lanes 0-1, j/8 -> m2, i%8 -> lanes 2-4, i/8 -> m1. */
static const int a_fragment[BITS] = { 5, 0, 1, 7, 2, 3, 4, 6 };

static void shuffle(prop_rng *rng, int *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int k = (int)prop_rng_range(rng, 0, i), t = v[i];
		v[i] = v[k];
		v[k] = t;
	}
}

/* Swizzle(B, 3, 3) on element addresses (f16: M = 3, S = 3), as semantics.md defines it. */
static int64_t swizzled(int64_t m, int b)
{
	int64_t x = m >> 3;

	if (b == 0)
		return m;
	x ^= (x & (((int64_t)1 << b) - 1) << 3) >> 3;
	return (x << 3) | (m & 7);
}

static void random_case(prop_rng *rng, pair_case *c)
{
	for (int b = 0; b < BITS; b++)
		c->reg_target[b] = b, c->addr_bit[b] = b;
	if (prop_rng_chance(rng, 50)) {
		memcpy(c->reg_target, a_fragment, sizeof(a_fragment));
		if (prop_rng_chance(rng, 60)) {
			int x = (int)prop_rng_range(rng, 0, BITS - 1), y = (int)prop_rng_range(rng, 0, BITS - 1);
			int t = c->reg_target[x];
			c->reg_target[x] = c->reg_target[y];
			c->reg_target[y] = t;
		}
	} else {
		shuffle(rng, c->reg_target, BITS);
	}
	if (prop_rng_chance(rng, 50))
		shuffle(rng, c->addr_bit, BITS);
	else if (prop_rng_chance(rng, 30)) /* column-major */
		for (int b = 0; b < BITS; b++)
			c->addr_bit[b] = (b + 4) % BITS;
	c->swizzle_b = prop_rng_chance(rng, 50) ? (int)prop_rng_range(rng, 1, 3) : 0;
	for (int f = 0; f < 256; f++) {
		int64_t a = 0;
		c->lane[f] = c->reg[f] = 0;
		for (int b = 0; b < BITS; b++) {
			int bit = (f >> b) & 1, t = c->reg_target[b];
			if (t < 5)
				c->lane[f] |= bit << t;
			else
				c->reg[f] |= bit << (t - 5);
			a |= (int64_t)bit << c->addr_bit[b];
		}
		c->addr[f] = swizzled(a, c->swizzle_b);
	}
}

/* The layouts of a case: the register side on laneid and m, the shared side on m. */
static void layouts(const pair_case *c, axe_layout **regs, axe_layout **smem)
{
	int f16 = axe_dtype_lookup("f16"), lane, m, sm;
	static const char *const modes[] = { "none", "32B", "64B", "128B" };

	*regs = axe_layout_new();
	*smem = axe_layout_new();
	assert_non_null(*regs);
	assert_non_null(*smem);
	lane = axe_layout_intern_axis(*regs, "laneid");
	m = axe_layout_intern_axis(*regs, "m");
	sm = axe_layout_intern_axis(*smem, "m");
	for (int b = BITS - 1; b >= 0; b--) {
		int t = c->reg_target[b];
		assert_int_equal(axe_layout_push_shard(*regs, 2, (int64_t)1 << (t < 5 ? t : t - 5),
						       t < 5 ? lane : m), 0);
		assert_int_equal(axe_layout_push_shard(*smem, 2, (int64_t)1 << c->addr_bit[b], sm), 0);
	}
	assert_int_equal(axe_swizzle_preset(modes[c->swizzle_b], f16, &(*smem)->swizzle), 0);
}

/* The oracle: can ldmatrix .x"n" (".trans" when "trans") deliver the case's registers? */
static bool oracle(const pair_case *c, int n, bool trans)
{
	int owner[32][8]; /* the element at lane, register */

	for (int f = 0; f < 256; f++)
		owner[c->lane[f]][c->reg[f]] = f;
	if (8 % (2 * n))
		return false;
	for (int g = 0; g < 8; g += 2 * n)
		for (int j = 0; j < n; j++)
			for (int row = 0; row < 8; row++) {
				int64_t start = -1;
				for (int col = 0; col < 8; col++) {
					/* who holds (row, col) of matrix j, by the PTX description */
					int l = trans ? 4 * col + row / 2 : 4 * row + col / 2;
					int h = trans ? row % 2 : col % 2;
					int64_t a = c->addr[owner[l][g + 2 * j + h]];
					if (col == 0)
						start = a;
					else if (a != start + col)
						return false;
				}
				if (start % 8)
					return false;
			}
	return true;
}

static char *layout_text(const axe_layout *L)
{
	char *t = axe_layout_to_string(L);
	return t ? t : strdup("-");
}

static void run_case(uint64_t seed, bool store)
{
	prop_rng rng = prop_rng_seeded(seed);
	pair_case c;
	axe_layout *regs, *smem;
	axe_atom_ranking r;
	axe_error err;
	int f16 = axe_dtype_lookup("f16");
	static const char *const names[2][6] = {
		{ "ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "ldmatrix.x1.trans",
		  "ldmatrix.x2.trans", "ldmatrix.x4.trans" },
		{ "stmatrix.x1", "stmatrix.x2", "stmatrix.x4", "stmatrix.x1.trans",
		  "stmatrix.x2.trans", "stmatrix.x4.trans" },
	};
	axe_atom_request req = { .arch = 100 };

	random_case(&rng, &c);
	layouts(&c, &regs, &smem);
	axe_error_init(&err);
	req.src = (axe_atom_operand){ store ? regs : smem, { 2, { 16, 16 } }, f16,
				      { NULL, 0, 0, NULL, 0 }, 0, NULL };
	req.dst = (axe_atom_operand){ store ? smem : regs, { 2, { 16, 16 } }, f16,
				      { NULL, 0, 0, NULL, 0 }, 0, NULL };
	if (axe_atoms_rank(&req, &r, &err) < 0)
		fail_msg("seed %" PRIu64 ": %s", seed, err.message);
	for (int k = 0; k < 6; k++) {
		const axe_atom_candidate *cand = axe_atom_ranking_find(&r, names[store][k]);
		bool want = oracle(&c, k % 3 == 2 ? 4 : k % 3 + 1, k >= 3);
		if (cand->legal != want) {
			char *a = layout_text(regs), *b = layout_text(smem);
			fail_msg("seed %" PRIu64 " (replay: AXE_SEED=%" PRIu64 "): %s is %s, the oracle "
				 "says %s\n  registers: %s\n  shared: %s\n  reason: %s", seed, seed,
				 names[store][k], cand->legal ? "legal" : "excluded",
				 want ? "legal" : "not", a, b, cand->reason);
		}
	}
	axe_atom_ranking_release(&r);
	axe_layout_free(regs);
	axe_layout_free(smem);
}

static void test_ldmatrix_legality(void **state)
{
	uint64_t base = prop_base_seed();

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++)
		run_case(prop_case_seed(base, i), false);
}

static void test_stmatrix_legality(void **state)
{
	uint64_t base = prop_base_seed() ^ 0x5717;

	(void)state;
	for (int64_t i = 0; i < CASES * prop_scale(); i++)
		run_case(prop_case_seed(base, i), true);
}

/* The oracle says yes often enough for the property to mean something. */
static void test_oracle_coverage(void **state)
{
	uint64_t base = prop_base_seed();
	int legal = 0, trans = 0;

	(void)state;
	for (int64_t i = 0; i < CASES; i++) {
		prop_rng rng = prop_rng_seeded(prop_case_seed(base, i));
		pair_case c;
		random_case(&rng, &c);
		legal += oracle(&c, 4, false);
		trans += oracle(&c, 1, true);
	}
	assert_true(legal > CASES / 50);
	assert_true(trans > CASES / 200);
}

/* A row-major-in-some-order shared tile over the shard extents of "R". */
static axe_layout *random_tile(prop_rng *rng, const axe_layout *R)
{
	axe_layout *M = axe_layout_new();
	int64_t stride[64], next = 1;
	size_t order[64], n = R->nshard < 64 ? R->nshard : 64;
	int m;

	assert_non_null(M);
	m = axe_layout_intern_axis(M, "m");
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = n; i > 1; i--) {
		size_t k = (size_t)prop_rng_range(rng, 0, (int64_t)i - 1), t = order[i - 1];
		order[i - 1] = order[k];
		order[k] = t;
	}
	for (size_t i = 0; i < n; i++) {
		stride[order[i]] = next;
		next *= R->shard[order[i]].extent;
	}
	for (size_t i = 0; i < n; i++)
		assert_int_equal(axe_layout_push_shard(M, R->shard[i].extent, stride[i], m), 0);
	return M;
}

static void test_ranking_robust(void **state)
{
	static const char *const axes[] = { "m", "laneid", "warpid" };
	static const char *const dtypes[] = { "f16", "f32", "i8", "f64" };
	prop_layout_params par = prop_layout_params_default();
	uint64_t base = prop_base_seed() ^ 0xA70A;

	(void)state;
	par.axes = axes;
	par.naxes = 3;
	par.swizzle_percent = 0;
	par.max_size = 1024;
	par.negative_percent = 5;  /* most cases should reach the rules, not input errors */
	par.offset_percent = 10;
	par.zero_stride_percent = 2;
	for (int64_t i = 0; i < 400 * prop_scale(); i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_layout *R = prop_random_layout(&rng, &par), *M;
		axe_atom_request req = { .arch = 100 };
		axe_atom_ranking r;
		axe_error err;
		axe_shape shape;
		int dt = axe_dtype_lookup(dtypes[prop_rng_range(&rng, 0, 3)]);
		bool store = prop_rng_chance(&rng, 50);

		assert_non_null(R);
		M = random_tile(&rng, R);
		axe_layout_default_shape(R, &shape);
		axe_error_init(&err);
		req.src = (axe_atom_operand){ store ? R : M, shape, dt, { NULL, 0, 0, NULL, 0 }, 0, NULL };
		req.dst = (axe_atom_operand){ store ? M : R, shape, dt, { NULL, 0, 0, NULL, 0 }, 0, NULL };
		if (axe_atoms_rank(&req, &r, &err) < 0) {
			if (err.message[0] == '\0')
				fail_msg("seed %" PRIu64 ": an error without a message", seed);
		} else {
			for (size_t k = 0; k < r.n; k++)
				if (k < r.nlegal ? r.c[k].terms.smem_wavefronts < 0 || r.c[k].cost < 0
						 : !r.c[k].rule[0] || !r.c[k].reason[0])
					fail_msg("seed %" PRIu64 ": candidate %s", seed, r.c[k].atom->name);
			for (size_t k = 1; k < r.nlegal; k++)
				if (axe_atom_compare(&r.c[k - 1].terms, r.c[k - 1].index, &r.c[k].terms,
						     r.c[k].index, NULL) > 0)
					fail_msg("seed %" PRIu64 ": %s ranked above %s", seed,
						 r.c[k - 1].atom->name, r.c[k].atom->name);
			axe_atom_ranking_release(&r);
		}
		axe_layout_free(R);
		axe_layout_free(M);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oracle_coverage),
		cmocka_unit_test(test_ldmatrix_legality),
		cmocka_unit_test(test_stmatrix_legality),
		cmocka_unit_test(test_ranking_robust),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
