/*
 * prop_cute_digits.c: the proofs at one point per digit (cute/verify_affine.c)
 * against every point, on seeded random leaves:
 *   axe_cute_affine_compose: PROVED means R(c) = A(B(c)) at every c (and
 *     "outside" counts the c with B(c) past A's size), DIFFERS names a c
 *     where they differ; R is the algorithm's composition or that result
 *     with one stride or one extent split changed (a planted bug);
 *   axe_cute_flat_compact, _increasing, _injective: true only when the
 *     leaves are a bijection onto [0, n), strictly increasing, injective.
 * At least a fifth of the right compositions must be PROVED, so that the
 * argument is exercised, not only its fallback.  AXE_SEED replays a case.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cute/verify.h"
#include "prop/random_layout.h"

#define CASES 2000

static const int64_t extents[] = { 1, 2, 2, 3, 4, 4, 8 };

/* Random leaves: compact (a permuted column-major order, perhaps with holes) or free strides. */
static void random_flat(prop_rng *rng, axe_cute_flat *f)
{
	int64_t acc = 1;
	bool compact = prop_rng_chance(rng, 60);

	f->n = (size_t)prop_rng_range(rng, 1, 4);
	for (size_t i = 0; i < f->n; i++)
		f->shape[i] = extents[prop_rng_range(rng, 0, 6)];
	for (size_t k = 0; k < f->n; k++) {
		size_t i = (size_t)prop_rng_range(rng, 0, (int64_t)f->n - 1);
		size_t j = (size_t)prop_rng_range(rng, 0, (int64_t)f->n - 1);
		int64_t t = f->shape[i];

		f->shape[i] = f->shape[j], f->shape[j] = t;
	}
	for (size_t i = 0; i < f->n; i++) {
		if (compact && prop_rng_chance(rng, 15))
			acc *= 2;
		f->stride[i] = compact ? acc : prop_rng_range(rng, 0, 12);
		acc *= f->shape[i];
	}
}

static int64_t flat_size(const axe_cute_flat *f)
{
	int64_t n = 1;

	for (size_t i = 0; i < f->n; i++)
		n *= f->shape[i];
	return n;
}

static int64_t eval(const axe_cute_flat *f, int64_t idx)
{
	return axe_cute_flat_eval(f, idx);
}

/* R = A o B by the algorithm, as leaves; false when it refuses. */
static bool composition(const axe_cute_flat *fa, const axe_cute_flat *fb, axe_cute_flat *fr)
{
	axe_cute_layout a, b, r;
	axe_cute_reason why = { "" };
	axe_error err;
	bool ok;

	axe_error_init(&err);
	assert_int_equal(axe_cute_flat_build(fa, &a, &err), 0);
	assert_int_equal(axe_cute_flat_build(fb, &b, &err), 0);
	ok = axe_cute_compose(&a, &b, &r, &why, &err) > 0;
	if (ok) {
		axe_cute_flat_of(&r, fr);
		axe_cute_layout_release(&r);
	}
	axe_cute_layout_release(&a);
	axe_cute_layout_release(&b);
	return ok;
}

/* A planted bug: one stride moved by one, or one leaf's extent split in a wrong order. */
static void plant(prop_rng *rng, axe_cute_flat *fr)
{
	size_t i = (size_t)prop_rng_range(rng, 0, (int64_t)fr->n - 1);

	if (fr->shape[i] % 2 == 0 && fr->shape[i] > 2 && fr->n < AXE_CUTE_MAX_LEAVES &&
	    prop_rng_chance(rng, 50)) {
		memmove(&fr->shape[i + 1], &fr->shape[i], (fr->n - i) * sizeof(int64_t));
		memmove(&fr->stride[i + 1], &fr->stride[i], (fr->n - i) * sizeof(int64_t));
		fr->n++;
		fr->shape[i] = fr->shape[i + 1] / 2, fr->shape[i + 1] = 2;
		fr->stride[i + 1] = fr->stride[i], fr->stride[i] *= 2; /* high half first: wrong */
		return;
	}
	fr->stride[i] += 1;
}

static void check_compose(const axe_cute_flat *fa, const axe_cute_flat *fb,
			  const axe_cute_flat *fr, uint64_t seed, int *proved)
{
	int64_t n = flat_size(fb), outside = 0, at = -1, past = 0, first = -1;
	int64_t size_a = flat_size(fa);
	int verdict;

	if (flat_size(fr) != n)
		return;
	for (int64_t c = 0; c < n; c++) {
		int64_t x = eval(fb, c);

		past += x < 0 || x >= size_a;
		if (first < 0 && eval(fr, c) != eval(fa, x))
			first = c;
	}
	verdict = axe_cute_affine_compose(fa, fb, fr, n, &outside, &at);
	if (verdict == AXE_CUTE_PROVED && (first >= 0 || outside != past))
		fail_msg("AXE_SEED=%llu: proved, but R(%lld) differs (outside %lld, counted %lld)",
			 (unsigned long long)seed, (long long)first, (long long)outside,
			 (long long)past);
	if (verdict == AXE_CUTE_DIFFERS && (at < 0 || at >= n || eval(fr, at) == eval(fa, eval(fb, at))))
		fail_msg("AXE_SEED=%llu: a difference at %lld that is none", (unsigned long long)seed,
			 (long long)at);
	*proved += verdict == AXE_CUTE_PROVED;
}

static void check_leaf_tests(const axe_cute_flat *f, uint64_t seed)
{
	int64_t n = flat_size(f);
	unsigned char *seen = calloc((size_t)n * 16 + 1, 1);
	bool bijection = true, increasing = true, injective = true;

	assert_non_null(seen);
	for (int64_t i = 0; i < n; i++) {
		int64_t v = eval(f, i);

		bijection &= v >= 0 && v < n && !seen[v];
		injective &= v >= 0 && v < n * 16 && !seen[v];
		if (v >= 0 && v < n * 16)
			seen[v] = 1;
		increasing &= i == 0 || v > eval(f, i - 1);
	}
	free(seen);
	if ((axe_cute_flat_compact(f, n) && !bijection) ||
	    (axe_cute_flat_increasing(f) && !increasing) ||
	    (axe_cute_flat_injective(f) && !injective))
		fail_msg("AXE_SEED=%llu: a leaf test holds where the points say otherwise",
			 (unsigned long long)seed);
}

static void test_compose_digits(void **state)
{
	uint64_t base = prop_base_seed();
	int64_t cases = CASES * prop_scale();
	int proved = 0, right = 0;

	(void)state;
	for (int64_t i = 0; i < cases; i++) {
		uint64_t seed = prop_case_seed(base, i);
		prop_rng rng = prop_rng_seeded(seed);
		axe_cute_flat fa, fb, fr;

		random_flat(&rng, &fa);
		random_flat(&rng, &fb);
		check_leaf_tests(&fa, seed);
		if (!composition(&fa, &fb, &fr))
			continue;
		right++;
		check_compose(&fa, &fb, &fr, seed, &proved);
		plant(&rng, &fr);
		check_compose(&fa, &fb, &fr, seed, &(int){ 0 });
	}
	print_message("%d of %d right compositions proved at one point per digit\n", proved, right);
	if (proved * 5 < right)
		fail_msg("only %d of %d right compositions proved at one point per digit", proved,
			 right);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compose_digits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
