/*
 * verify_affine.c: the defining properties of CuTe's algebra proved at one
 * point per digit instead of every point, where an argument says that
 * suffices (core/digits.c: two maps affine in the same digits agree
 * everywhere when they agree at 0 and at each digit's weight).  Every
 * layout here is crd2idx on flat leaves (verify.c), affine in the digits of
 * its shape; a composition A o B is affine in them too when B's digits
 * land in A's without a carry, which is checked (no_carry).  Where no
 * argument applies the callers enumerate, as before.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/digits.h"
#include "verify.h"

/* A digit of A: its weight, radix (the last one unbounded: A runs on) and stride. */
typedef struct a_digit {
	int64_t weight, radix, stride;
} a_digit;

/* A's digits, shape-1 leaves but the last dropped; their count (0: A has no leaves). */
static size_t a_digits(const axe_cute_flat *a, a_digit *out)
{
	int64_t w = 1;
	size_t k = 0;

	for (size_t i = 0; i < a->n; i++) {
		bool last = i + 1 == a->n;

		if (!last && a->shape[i] == 1)
			continue;
		out[k++] = (a_digit){ w, last ? INT64_MAX : a->shape[i], a->stride[i] };
		w *= last ? 1 : a->shape[i]; /* within size(A), which fits */
	}
	return k;
}

/* The digit of A holding the value "beta" > 0: the last whose weight is at most it. */
static size_t a_digit_of(const a_digit *ad, size_t na, int64_t beta)
{
	size_t k = 0;

	while (k + 1 < na && ad[k + 1].weight <= beta)
		k++;
	return k;
}

static bool sizes_are(const axe_cute_flat *f, int64_t n)
{
	int64_t p = 1;

	for (size_t i = 0; i < f->n; i++)
		if (f->shape[i] < 1 || __builtin_mul_overflow(p, f->shape[i], &p))
			return false;
	return p == n;
}

/*
 * Split each digit of "c" whose steps B(w) d cross a weight of A exactly
 * there (the step divides that weight, the quotient divides the radix), so
 * that a digit's values fall inside one digit of A.  False when B takes a
 * negative step or leaves int64.
 */
static bool pull_back(axe_digits *c, const axe_cute_flat *b, const a_digit *ad, size_t na)
{
	size_t n = c->n;
	int64_t w[AXE_DIGITS_MAX], q[AXE_DIGITS_MAX];
	bool ok = true;

	for (size_t j = 0; ok && j < n; j++)
		w[j] = c->weight[j], q[j] = axe_digits_radix(c, j);
	for (size_t j = 0; ok && j < n; j++) {
		int64_t beta = axe_cute_flat_eval(b, w[j]);

		ok = beta >= 0 && beta != AXE_CUTE_NO_VALUE;
		for (size_t k = 1; ok && beta > 0 && k < na; k++) {
			int64_t m = ad[k].weight / beta;

			if (ad[k].weight > beta && ad[k].weight % beta == 0 && m < q[j] && q[j] % m == 0)
				axe_digits_add_weight(c, w[j] * m);
		}
	}
	return ok;
}

/*
 * The no-carry condition: each digit j of "c" adds B(w_j) d_j, d_j < q_j,
 * and each such step is a multiple of the weight of the digit of A it
 * falls in; in every digit of A but the last the largest sum of the steps
 * falling there stays below its radix.  Then B(c)'s digits in A are those
 * sums, no carry joins two of them, and A(B(c)) = sum_j d_j A(B(w_j)) is
 * affine in the digits of "c".  "*outside": the points where B(c) leaves
 * A's domain (the last digit of A reaches its size).  False when the
 * condition fails or the count would cost more than the enumeration.
 */
static bool no_carry(const axe_digits *c, const axe_cute_flat *a, const axe_cute_flat *b,
		     const a_digit *ad, size_t na, int64_t *outside)
{
	int64_t load[AXE_CUTE_MAX_LEAVES] = { 0 }, step[64], radix[64], combos = 1, hits = 0;
	size_t last = na - 1, nlast = 0;

	for (size_t j = 0; j < c->n; j++) {
		int64_t beta = axe_cute_flat_eval(b, c->weight[j]), q = axe_digits_radix(c, j), add;
		size_t k;

		if (beta < 0 || beta == AXE_CUTE_NO_VALUE)
			return false;
		if (beta == 0)
			continue;
		k = a_digit_of(ad, na, beta);
		if (beta % ad[k].weight != 0 ||
		    __builtin_mul_overflow(q - 1, beta / ad[k].weight, &add) ||
		    __builtin_add_overflow(load[k], add, &load[k]))
			return false;
		if (k == last && nlast < 64)
			step[nlast] = beta / ad[k].weight, radix[nlast++] = q;
		else if (k == last)
			return false;
	}
	for (size_t k = 0; k < last; k++)
		if (load[k] > ad[k].radix - 1)
			return false;
	*outside = 0;
	if (load[last] < a->shape[a->n - 1])
		return true;
	/* Some points run past A: count them over the last digit's steps alone. */
	for (size_t i = 0; i < nlast; i++)
		if (__builtin_mul_overflow(combos, radix[i], &combos) || combos > ((int64_t)1 << 16))
			return false;
	for (int64_t x = 0; x < combos; x++) {
		int64_t rest = x, sum = 0;

		for (size_t i = 0; i < nlast; i++) {
			sum += rest % radix[i] * step[i];
			rest /= radix[i];
		}
		hits += sum >= a->shape[a->n - 1];
	}
	*outside = hits * (c->size / combos);
	return true;
}

/* A point of "c" where R and A o B differ, "*at"; 1 found, 0 none, -1 a value leaves int64. */
static int differ_at_generators(const axe_digits *c, const axe_cute_flat *a,
				const axe_cute_flat *b, const axe_cute_flat *r, int64_t *at)
{
	for (size_t j = 0; j <= c->n && (j == 0 || c->size > 1); j++) {
		int64_t p = j == 0 ? 0 : c->weight[j - 1], x = axe_cute_flat_eval(b, p);
		int64_t want = axe_cute_flat_eval(a, x), got = axe_cute_flat_eval(r, p);

		if (x == AXE_CUTE_NO_VALUE || want == AXE_CUTE_NO_VALUE || got == AXE_CUTE_NO_VALUE)
			return -1;
		if (got != want) {
			*at = p;
			return 1;
		}
	}
	return 0;
}

int axe_cute_affine_compose(const axe_cute_flat *a, const axe_cute_flat *b,
			    const axe_cute_flat *r, int64_t n, int64_t *outside, int64_t *at)
{
	axe_digits digits, *c = &digits; /* on the stack, as axe_cute_flat (algebra_private.h) */
	a_digit ad[AXE_CUTE_MAX_LEAVES];
	size_t na = a_digits(a, ad);
	bool affine;
	int rc = AXE_CUTE_NO_ARGUMENT, found;

	if (n < 1 || na == 0 || !sizes_are(b, n) || !sizes_are(r, n))
		return rc;
	axe_digits_init(c, n);
	axe_digits_add_radices(c, b->shape, b->n);
	axe_digits_add_radices(c, r->shape, r->n);
	affine = axe_digits_chain(c) && pull_back(c, b, ad, na) && axe_digits_chain(c) &&
		 no_carry(c, a, b, ad, na, outside);
	/*
	 * R and A o B are affine in the digits of "c" when "affine": equal at 0
	 * and each weight, equal everywhere.  Without the argument the same
	 * points can still show a difference, which refuses R as well.
	 */
	found = differ_at_generators(c, a, b, r, at);
	if (found > 0)
		rc = AXE_CUTE_DIFFERS;
	else if (found == 0 && affine)
		rc = AXE_CUTE_PROVED;
	return rc;
}

axe_cute_flat axe_cute_flat_identity(int64_t n)
{
	axe_cute_flat id = { .n = 1 };

	id.shape[0] = n, id.stride[0] = 1;
	return id;
}

/* qsort order of leaves by stride. */
static int by_stride(const void *x, const void *y)
{
	const int64_t *a = x, *b = y;

	return (a[1] > b[1]) - (a[1] < b[1]);
}

bool axe_cute_flat_compact(const axe_cute_flat *f, int64_t n)
{
	int64_t leaf[AXE_CUTE_MAX_LEAVES][2], expect = 1;
	size_t k = 0;

	/* Sorted by stride, the leaves must be a column-major layout of [0, n): a bijection. */
	for (size_t i = 0; i < f->n; i++)
		if (f->shape[i] > 1)
			leaf[k][0] = f->shape[i], leaf[k++][1] = f->stride[i];
	qsort(leaf, k, sizeof(leaf[0]), by_stride);
	for (size_t i = 0; i < k; i++)
		if (leaf[i][1] != expect || __builtin_mul_overflow(expect, leaf[i][0], &expect))
			return false;
	return expect == n;
}

bool axe_cute_flat_injective(const axe_cute_flat *f)
{
	axe_cute_flat sorted = { 0 };
	int64_t leaf[AXE_CUTE_MAX_LEAVES][2];
	size_t k = 0;

	/* Sorted by stride, strictly increasing leaves: distinct points, distinct values. */
	for (size_t i = 0; i < f->n; i++)
		if (f->shape[i] > 1)
			leaf[k][0] = f->shape[i], leaf[k++][1] = f->stride[i];
	qsort(leaf, k, sizeof(leaf[0]), by_stride);
	for (size_t i = 0; i < k; i++)
		sorted.shape[i] = leaf[i][0], sorted.stride[i] = leaf[i][1];
	sorted.n = k;
	return axe_cute_flat_increasing(&sorted);
}

bool axe_cute_flat_increasing(const axe_cute_flat *f)
{
	int64_t reach = 0, term;

	/* Each leaf's stride passes everything the faster leaves reach. */
	for (size_t i = 0; i < f->n; i++) {
		if (f->shape[i] == 1)
			continue;
		if (f->stride[i] <= reach || __builtin_mul_overflow(f->shape[i] - 1, f->stride[i], &term) ||
		    __builtin_add_overflow(reach, term, &reach))
			return false;
	}
	return true;
}
