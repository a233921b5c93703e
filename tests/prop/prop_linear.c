/*
 * prop_linear.c: property tests of Triton's LinearLayout algebra
 * (src/linear/algebra.h).  Random small layouts; every operation is
 * checked against its definition by brute-force evaluation over every
 * input (the oracle below XORs bases itself, apart from axe_ll_apply):
 * compose, invertAndCompose (L = outer o C, agreeing in-dims mapped to
 * themselves), pseudoinvert and invert, operator*, divideLeft, rank
 * (surjective, injective), free variables, quotient, reshapes and
 * getNumConsecutiveInOut.
 *
 * A failure prints the case seed; `AXE_SEED=<seed> build/asan/tests/prop_linear`
 * replays it first.  AXE_PROP_SCALE multiplies the number of cases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "linear/algebra.h"
#include "prop/random_layout.h"

#define CASES 300

static const char *const in_names[] = { "a", "b", "c" };
static const char *const out_names[] = { "x", "y", "z" };

/* ---- the oracle ---------------------------------------------------------- */

/* L at the flat input "flat" (in-dims in order, low bits first). */
static void oracle(const axe_ll *L, uint64_t flat, int32_t *out)
{
	for (int d = 0; d < L->nout; d++)
		out[d] = 0;
	for (int in = 0; in < L->nin; in++)
		for (int i = 0; i < L->in_log2[in]; i++, flat >>= 1)
			if (flat & 1)
				for (int d = 0; d < L->nout; d++)
					out[d] ^= L->basis[in][i][d];
}

/* The flat input of in-dim values "v" (L's order). */
static uint64_t flat_of(const axe_ll *L, const int32_t *v)
{
	uint64_t flat = 0;

	for (int in = L->nin - 1; in >= 0; in--)
		flat = flat << L->in_log2[in] | (uint64_t)v[in];
	return flat;
}

static void split_flat(const axe_ll *L, uint64_t flat, int32_t *v)
{
	for (int in = 0; in < L->nin; in++) {
		v[in] = (int32_t)(flat & ((1u << L->in_log2[in]) - 1));
		flat >>= L->in_log2[in];
	}
}

static uint64_t points(const axe_ll *L)
{
	return (uint64_t)1 << axe_ll_total_in_log2(L);
}

/* The number of distinct values L takes (out values packed into one key). */
static uint64_t image_size(const axe_ll *L)
{
	static uint8_t seen[1 << 12];
	uint64_t n = 0;

	memset(seen, 0, sizeof(seen));
	for (uint64_t p = 0; p < points(L); p++) {
		int32_t out[AXE_LL_MAX_DIMS];
		uint64_t key = 0;

		oracle(L, p, out);
		for (int d = L->nout - 1; d >= 0; d--)
			key = key << L->out_log2[d] | (uint64_t)out[d];
		n += !seen[key];
		seen[key] = 1;
	}
	return n;
}

/* ---- random layouts -------------------------------------------------------- */

static void fail_case(uint64_t seed, const char *what)
{
	fail_msg("%s\n  seed: %" PRIu64 " (replay: AXE_SEED=%" PRIu64 ")", what, seed, seed);
}

/* Random in-dims (names from in_names, shuffled) and out-dims, random bases. */
static void random_ll(prop_rng *rng, axe_ll *L, int max_in_bits, int max_out_bits)
{
	int nin = (int)prop_rng_range(rng, 1, 3), nout = (int)prop_rng_range(rng, 1, 3);
	int first = (int)prop_rng_range(rng, 0, 2);

	axe_ll_init(L);
	for (int d = 0; d < nout; d++)
		axe_ll_add_out(L, out_names[d], (int)prop_rng_range(rng, 0, max_out_bits), NULL);
	for (int k = 0; k < nin; k++)
		axe_ll_add_in(L, in_names[(first + k) % 3], (int)prop_rng_range(rng, 0, max_in_bits),
			      NULL);
	for (int in = 0; in < nin; in++)
		for (int i = 0; i < L->in_log2[in]; i++)
			for (int d = 0; d < nout; d++)
				L->basis[in][i][d] = (int32_t)prop_rng_range(
					rng, 0, ((int64_t)1 << L->out_log2[d]) - 1);
}

/*
 * A random layout onto the out-dims of "shape" (same names and sizes); with
 * "ins", on its in-dims (names and order, sizes redrawn), as the two sides
 * of a convert_layout are.
 */
static void random_onto(prop_rng *rng, axe_ll *L, const axe_ll *shape, const axe_ll *ins)
{
	for (;;) {
		random_ll(rng, L, 3, 0);
		if (ins) {
			L->nin = ins->nin;
			memcpy(L->in_name, ins->in_name, sizeof(L->in_name));
			for (int in = 0; in < L->nin; in++)
				L->in_log2[in] = (int)prop_rng_range(rng, 0, 3);
		}
		L->nout = 0;
		for (int d = 0; d < shape->nout; d++)
			axe_ll_add_out(L, shape->out_name[d], shape->out_log2[d], NULL);
		/* Enough in-bits to cover every element. */
		while (axe_ll_total_in_log2(L) < axe_ll_total_out_log2(L))
			L->in_log2[prop_rng_range(rng, 0, L->nin - 1)]++;
		for (int in = 0; in < L->nin; in++)
			for (int i = 0; i < L->in_log2[in]; i++)
				for (int d = 0; d < L->nout; d++)
					L->basis[in][i][d] = (int32_t)prop_rng_range(
						rng, 0, ((int64_t)1 << L->out_log2[d]) - 1);
		if (image_size(L) == (uint64_t)1 << axe_ll_total_out_log2(L))
			return;
	}
}

/* ---- properties ------------------------------------------------------------ */

static void check_compose(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll L, outer, C;

	random_ll(&rng, &L, 3, 3);
	/* outer's in-dims are L's out-dims, in reverse, each at least as large. */
	random_ll(&rng, &outer, 3, 3);
	outer.nin = 0;
	for (int d = L.nout - 1; d >= 0; d--) {
		int k = axe_ll_add_in(&outer, L.out_name[d], L.out_log2[d] + (int)(seed & 1), NULL);

		for (int i = 0; i < outer.in_log2[k]; i++)
			for (int o = 0; o < outer.nout; o++)
				outer.basis[k][i][o] = (int32_t)prop_rng_range(
					&rng, 0, ((int64_t)1 << outer.out_log2[o]) - 1);
	}
	if (axe_ll_compose(&C, &L, &outer, NULL) < 0)
		fail_case(seed, "compose refused valid layouts");
	for (uint64_t p = 0; p < points(&L); p++) {
		int32_t mid[AXE_LL_MAX_DIMS], rev[AXE_LL_MAX_DIMS], want[AXE_LL_MAX_DIMS];
		int32_t got[AXE_LL_MAX_DIMS];

		oracle(&L, p, mid);
		for (int d = 0; d < L.nout; d++)
			rev[L.nout - 1 - d] = mid[d];
		oracle(&outer, flat_of(&outer, rev), want);
		oracle(&C, p, got);
		if (memcmp(got, want, sizeof(int32_t) * (size_t)outer.nout) != 0)
			fail_case(seed, "compose(L, outer)(x) != outer(L(x))");
	}
}

/* outer's out values at C(x), in L's out order. */
static void outer_at(const axe_ll *outer, const axe_ll *L, const int32_t *c, int32_t *got)
{
	int32_t v[AXE_LL_MAX_DIMS];

	oracle(outer, flat_of(outer, c), v);
	for (int d = 0; d < L->nout; d++)
		got[d] = v[axe_ll_out_index(outer, L->out_name[d])];
}

/* In-dim "in" of L is in outer with the same bases (invertAndCompose keeps it). */
static bool agrees(const axe_ll *L, const axe_ll *outer, int in)
{
	int o = axe_ll_in_index(outer, L->in_name[in]);
	bool same = o >= 0 && outer->in_log2[o] == L->in_log2[in];

	for (int i = 0; same && i < L->in_log2[in]; i++)
		for (int d = 0; d < L->nout; d++)
			same &= outer->basis[o][i][axe_ll_out_index(outer, L->out_name[d])] ==
				L->basis[in][i][d];
	return same;
}

/* Every value of L on its disagreeing in-dims is one of outer's on its own. */
static bool others_reach(const axe_ll *L, const axe_ll *outer)
{
	for (uint64_t p = 0; p < points(L); p++) {
		int32_t x[AXE_LL_MAX_DIMS], want[AXE_LL_MAX_DIMS], got[AXE_LL_MAX_DIMS];
		bool found = false, kept = false;

		split_flat(L, p, x);
		for (int in = 0; in < L->nin; in++)
			kept |= agrees(L, outer, in) && x[in] != 0;
		if (kept) /* only the disagreeing in-dims are solved for */
			continue;
		oracle(L, p, want);
		for (uint64_t q = 0; q < points(outer) && !found; q++) {
			int32_t y[AXE_LL_MAX_DIMS];
			bool rest = true;

			split_flat(outer, q, y);
			for (int in = 0; in < L->nin; in++)
				if (agrees(L, outer, in))
					rest &= y[axe_ll_in_index(outer, L->in_name[in])] == 0;
			if (!rest)
				continue;
			outer_at(outer, L, y, got);
			found = memcmp(got, want, sizeof(int32_t) * (size_t)L->nout) == 0;
		}
		if (!found)
			return false;
	}
	return true;
}

static void check_invert_and_compose(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll shape, outer, L, C;
	axe_error err = { 0 };

	random_ll(&rng, &shape, 0, 3);
	random_onto(&rng, &outer, &shape, NULL);
	/* L: sometimes outer with one in-dim's bases redrawn, so other in-dims agree. */
	if (prop_rng_chance(&rng, 50)) {
		int in = (int)prop_rng_range(&rng, 0, outer.nin - 1);

		L = outer;
		for (int i = 0; i < L.in_log2[in]; i++)
			for (int d = 0; d < L.nout; d++)
				L.basis[in][i][d] = (int32_t)prop_rng_range(
					&rng, 0, ((int64_t)1 << L.out_log2[d]) - 1);
	} else {
		random_onto(&rng, &L, &shape, &outer);
	}
	if (axe_ll_invert_and_compose(&C, &L, &outer, &err) < 0) {
		/* Triton's precondition: outer's other in-dims reach all that L's do. */
		if (others_reach(&L, &outer))
			fail_case(seed, err.message);
		return;
	}
	for (uint64_t p = 0; p < points(&L); p++) {
		int32_t want[AXE_LL_MAX_DIMS], got[AXE_LL_MAX_DIMS], c[AXE_LL_MAX_DIMS];
		int32_t x[AXE_LL_MAX_DIMS];

		oracle(&L, p, want);
		split_flat(&L, p, x);
		axe_ll_apply(&C, x, c);
		outer_at(&outer, &L, c, got);
		if (memcmp(got, want, sizeof(int32_t) * (size_t)L.nout) != 0)
			fail_case(seed, "outer(invertAndCompose(L, outer)(x)) != L(x)");
	}
	/* An in-dim on which both layouts agree maps to itself. */
	for (int in = 0; in < L.nin; in++) {
		bool same = agrees(&L, &outer, in);

		for (int i = 0; same && i < L.in_log2[in]; i++)
			for (int d = 0; d < C.nout; d++)
				if (C.basis[in][i][d] != (d == axe_ll_out_index(&C, L.in_name[in]) ?
							  1 << i : 0))
					fail_case(seed, "an agreeing in-dim is not mapped to itself");
	}
}

static void check_inverses(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll shape, L, P;
	bool invertible;

	random_ll(&rng, &shape, 0, 3);
	random_onto(&rng, &L, &shape, NULL);
	if (axe_ll_pseudoinvert(&P, &L, NULL) < 0)
		fail_case(seed, "pseudoinvert refused a surjective layout");
	for (uint64_t y = 0; y < points(&P); y++) {
		int32_t x[AXE_LL_MAX_DIMS], got[AXE_LL_MAX_DIMS], want[AXE_LL_MAX_DIMS];

		oracle(&P, y, x);
		oracle(&L, flat_of(&L, x), got);
		split_flat(&P, y, want);
		if (memcmp(got, want, sizeof(int32_t) * (size_t)L.nout) != 0)
			fail_case(seed, "L(pseudoinvert(L)(y)) != y");
	}
	assert_int_equal(axe_ll_is_invertible(&L, &invertible, NULL), 0);
	if (invertible != (image_size(&L) == points(&L) &&
			   axe_ll_total_in_log2(&L) == axe_ll_total_out_log2(&L)))
		fail_case(seed, "isInvertible disagrees with brute force");
	if (invertible && axe_ll_invert(&P, &L, NULL) < 0)
		fail_case(seed, "invert refused an invertible layout");
	if (invertible)
		for (uint64_t p = 0; p < points(&L); p++) {
			int32_t y[AXE_LL_MAX_DIMS], x[AXE_LL_MAX_DIMS];

			oracle(&L, p, y);
			oracle(&P, flat_of(&P, y), x);
			if (flat_of(&L, x) != p)
				fail_case(seed, "invert(L)(L(x)) != x");
		}
}

/* Rank, free variables, vectorisation: each against its brute-force definition. */
static void check_rank(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll L;
	bool onto, into;
	int32_t mask[AXE_LL_MAX_DIMS];

	random_ll(&rng, &L, 3, 3);
	assert_int_equal(axe_ll_is_surjective(&L, &onto, NULL), 0);
	assert_int_equal(axe_ll_is_injective(&L, &into, NULL), 0);
	if (onto != (image_size(&L) == (uint64_t)1 << axe_ll_total_out_log2(&L)) ||
	    into != (image_size(&L) == points(&L)))
		fail_case(seed, "isSurjective/isInjective disagree with brute force");
	assert_int_equal(axe_ll_free_variable_masks(&L, mask, NULL), 0);
	/* Basis j is free iff the bases before it already reach its value. */
	for (int in = 0, j = 0; in < L.nin; in++)
		for (int i = 0; i < L.in_log2[in]; i++, j++) {
			int32_t want[AXE_LL_MAX_DIMS], got[AXE_LL_MAX_DIMS];
			bool reached = false;

			oracle(&L, (uint64_t)1 << j, want);
			for (uint64_t p = 0; p < ((uint64_t)1 << j) && !reached; p++) {
				oracle(&L, p, got);
				reached = memcmp(got, want, sizeof(int32_t) * (size_t)L.nout) == 0;
			}
			if (reached != ((mask[in] >> i & 1) != 0))
				fail_case(seed, "getFreeVariableMasks disagrees with brute force");
		}
}

static void check_consecutive(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll L;
	int32_t n, best = 1;

	random_ll(&rng, &L, 3, 3);
	if (prop_rng_chance(&rng, 50)) /* identity low bases make long runs likely */
		for (int i = 0; i < L.in_log2[0] && i < L.out_log2[0]; i++)
			for (int d = 0; d < L.nout; d++)
				L.basis[0][i][d] = d == 0 ? 1 << i : 0;
	n = axe_ll_num_consecutive_in_out(&L);
	/* The largest run 2^k: aligned x steps through 2^k consecutive first-dim values. */
	for (int k = 1; k <= L.in_log2[0]; k++) {
		bool ok = true;

		for (uint64_t p = 0; p < points(&L) && ok; p += (uint64_t)1 << k) {
			int32_t base[AXE_LL_MAX_DIMS], at[AXE_LL_MAX_DIMS];

			oracle(&L, p, base);
			ok = base[0] % (1 << k) == 0;
			for (int32_t j = 1; j < (1 << k) && ok; j++) {
				oracle(&L, p + (uint64_t)j, at);
				ok = at[0] == base[0] + j;
				for (int d = 1; d < L.nout; d++)
					ok &= at[d] == base[d];
			}
		}
		if (ok)
			best = 1 << k;
	}
	if (L.nout > 0 && n != best)
		fail_case(seed, "getNumConsecutiveInOut disagrees with brute force");
}

/* operator* and divideLeft: (B * C)(x) against its definition; A / B * B == A. */
static void check_product(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll B, C, A, D, back;

	random_ll(&rng, &B, 2, 2);
	random_ll(&rng, &C, 2, 2);
	/* Keep the common dims in the same order (Triton's supremum needs it). */
	C = B;
	for (int in = 0; in < C.nin; in++) {
		C.in_log2[in] = (int)prop_rng_range(&rng, 0, 2);
		for (int i = 0; i < C.in_log2[in]; i++)
			for (int d = 0; d < C.nout; d++)
				C.basis[in][i][d] = (int32_t)prop_rng_range(
					&rng, 0, ((int64_t)1 << C.out_log2[d]) - 1);
	}
	if (axe_ll_mul(&A, &B, &C, NULL) < 0)
		fail_case(seed, "operator* refused layouts of the same dims");
	for (uint64_t p = 0; p < points(&A); p++) {
		int32_t x[AXE_LL_MAX_DIMS], lo[AXE_LL_MAX_DIMS], hi[AXE_LL_MAX_DIMS];
		int32_t vb[AXE_LL_MAX_DIMS], vc[AXE_LL_MAX_DIMS], got[AXE_LL_MAX_DIMS];

		split_flat(&A, p, x);
		for (int in = 0; in < A.nin; in++) {
			lo[in] = x[in] & ((1 << B.in_log2[in]) - 1);
			hi[in] = x[in] >> B.in_log2[in];
		}
		oracle(&B, flat_of(&B, lo), vb);
		oracle(&C, flat_of(&C, hi), vc);
		oracle(&A, p, got);
		for (int d = 0; d < A.nout; d++)
			if (got[d] != (vb[d] ^ (vc[d] << B.out_log2[d])))
				fail_case(seed, "(B * C)(x) is not B(low bits) + C(high bits) scaled");
	}
	if (axe_ll_divide_left(&D, &A, &B, NULL) != 1 || axe_ll_mul(&back, &B, &D, NULL) < 0 ||
	    !axe_ll_equal(&back, &A))
		fail_case(seed, "divideLeft(B * C, B) is not a C with B * C == A");
}

/* quotient: when it answers, the layout is the identity on the dim and mixes nothing. */
static void check_quotient(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll L, Q;
	int rc, qi, qo;
	bool trivial = true;

	random_ll(&rng, &L, 2, 2);
	/* Add a dim "a"-as-out when "a" is an in-dim, mostly as the identity. */
	qi = axe_ll_in_index(&L, "a");
	if (qi < 0 || axe_ll_out_index(&L, "a") >= 0)
		return;
	qo = axe_ll_add_out(&L, "a", L.in_log2[qi], NULL);
	for (int i = 0; i < L.in_log2[qi]; i++) {
		for (int d = 0; d < L.nout; d++)
			if (d != qo && prop_rng_chance(&rng, 70))
				L.basis[qi][i][d] = 0;
		L.basis[qi][i][qo] = prop_rng_chance(&rng, 90) ? 1 << i : 0;
	}
	rc = axe_ll_quotient(&Q, &L, "a", NULL);
	for (uint64_t p = 0; p < points(&L); p++) {
		int32_t x[AXE_LL_MAX_DIMS], v[AXE_LL_MAX_DIMS], v0[AXE_LL_MAX_DIMS];

		split_flat(&L, p, x);
		oracle(&L, p, v);
		trivial &= v[qo] == x[qi];
		x[qi] = 0;
		oracle(&L, flat_of(&L, x), v0);
		for (int d = 0; d < L.nout; d++)
			trivial &= d == qo || v[d] == v0[d];
	}
	if (rc != (trivial ? 1 : 0))
		fail_case(seed, "quotient disagrees with brute force");
}

/* reshapeIns / reshapeOuts keep the map on the flattened index. */
static void check_reshape(uint64_t seed)
{
	prop_rng rng = prop_rng_seeded(seed);
	axe_ll L, R;
	int ti = 0, to = 0, li[2], lo[2];

	random_ll(&rng, &L, 3, 3);
	ti = axe_ll_total_in_log2(&L);
	to = axe_ll_total_out_log2(&L);
	li[0] = (int)prop_rng_range(&rng, 0, ti);
	li[1] = ti - li[0];
	lo[0] = (int)prop_rng_range(&rng, 0, to);
	lo[1] = to - lo[0];
	if (axe_ll_reshape_ins(&R, &L, "p,q", li, NULL) < 0 ||
	    axe_ll_reshape_outs(&R, &R, "u,v", lo, NULL) < 0)
		fail_case(seed, "reshape refused sizes of the same total");
	for (uint64_t p = 0; p < points(&L); p++) {
		int32_t a[AXE_LL_MAX_DIMS], b[AXE_LL_MAX_DIMS];
		uint64_t fa = 0, fb;

		oracle(&L, p, a);
		oracle(&R, p, b);
		for (int d = L.nout - 1; d >= 0; d--)
			fa = fa << L.out_log2[d] | (uint64_t)a[d];
		fb = (uint64_t)b[1] << lo[0] | (uint64_t)b[0];
		if (fa != fb)
			fail_case(seed, "reshape changed the flattened map");
	}
}

typedef void (*property)(uint64_t seed);

static void run(property check)
{
	uint64_t base = prop_base_seed();
	int64_t n = CASES * prop_scale();

	for (int64_t i = 0; i < n; i++)
		check(prop_case_seed(base, i));
}

static void test_compose(void **state) { (void)state; run(check_compose); }
static void test_invert_and_compose(void **state) { (void)state; run(check_invert_and_compose); }
static void test_inverses(void **state) { (void)state; run(check_inverses); }
static void test_rank(void **state) { (void)state; run(check_rank); }
static void test_consecutive(void **state) { (void)state; run(check_consecutive); }
static void test_product(void **state) { (void)state; run(check_product); }
static void test_quotient(void **state) { (void)state; run(check_quotient); }
static void test_reshape(void **state) { (void)state; run(check_reshape); }

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compose),
		cmocka_unit_test(test_invert_and_compose),
		cmocka_unit_test(test_inverses),
		cmocka_unit_test(test_rank),
		cmocka_unit_test(test_consecutive),
		cmocka_unit_test(test_product),
		cmocka_unit_test(test_quotient),
		cmocka_unit_test(test_reshape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
