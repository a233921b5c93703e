/*
 * digits.c: the common refinement of mixed-radix digit lists (digits.h),
 * and why one point per digit decides the equality of digit-affine maps.
 *
 * A map is digit-affine on a radix list when F(p) = F(0) + sum_i d_i(p) u_i
 * for vectors u_i.
 *
 * Refinement.  If every weight of list A is a weight of list C, and each
 * weight of C divides the next, a digit of A is the number its C-digits
 * spell: d^A_i(p) = sum over the C-digits j with w_i <= w^C_j < w_{i+1} of
 * d^C_j(p) (w^C_j / w_i).  So a map digit-affine on A is digit-affine on C.
 * The union of the weights of several lists is such a C exactly when it is
 * a chain under division (axe_digits_chain).
 *
 * Generators.  A map digit-affine on C is fixed by its values at 0 and at
 * each weight w^C_j (the one point whose only nonzero C-digit is d_j = 1):
 * u_j = F(w^C_j) - F(0).  Two maps digit-affine on C that agree at those
 * points agree everywhere; a difference at one of them is a difference.
 * Every digit has a radix of at least 2, so there are at most log2(size)
 * + 1 such points, never more than the points of the domain.
 */
#include "digits.h"

void axe_digits_init(axe_digits *d, int64_t size)
{
	d->size = size;
	d->n = 1;
	d->weight[0] = 1;
	d->overflow = false;
}

void axe_digits_add_weight(axe_digits *d, int64_t w)
{
	size_t k = d->n;

	if (w <= 1 || w >= d->size)
		return;
	while (k > 0 && d->weight[k - 1] > w)
		k--;
	if (d->weight[k - 1] == w)
		return;
	if (d->n == AXE_DIGITS_MAX) {
		d->overflow = true;
		return;
	}
	for (size_t i = d->n; i > k; i--)
		d->weight[i] = d->weight[i - 1];
	d->weight[k] = w;
	d->n++;
}

void axe_digits_add_radices(axe_digits *d, const int64_t *radix, size_t n)
{
	int64_t w = 1;

	for (size_t i = 0; i + 1 < n; i++) {
		if (radix[i] <= 0 || __builtin_mul_overflow(w, radix[i], &w)) {
			d->overflow = true;
			return;
		}
		axe_digits_add_weight(d, w);
	}
}

bool axe_digits_chain(const axe_digits *d)
{
	if (d->overflow || d->size < 1)
		return false;
	for (size_t k = 0; k < d->n; k++)
		if ((k + 1 < d->n ? d->weight[k + 1] : d->size) % d->weight[k] != 0)
			return false;
	return true;
}

int64_t axe_digits_radix(const axe_digits *d, size_t k)
{
	return (k + 1 < d->n ? d->weight[k + 1] : d->size) / d->weight[k];
}
