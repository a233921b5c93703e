/*
 * complement.c: CuTe's complement (CUTLASS
 * media/docs/cpp/cute/02_layout_algebra.md, "Complement"; pycute
 * layout.py complement): the "layout of the repetition" of A that fills
 * A's holes in stride order and then repeats up to the cotarget.
 */
#include <stdlib.h>

#include "algebra_private.h"

/* Insertion sort of the leaves by (stride, shape), as pycute sorts its pairs. */
static void sort_by_stride(axe_cute_flat *f)
{
	for (size_t i = 1; i < f->n; i++) {
		int64_t s = f->shape[i], d = f->stride[i];
		size_t j = i;

		while (j > 0 && (f->stride[j - 1] > d ||
				 (f->stride[j - 1] == d && f->shape[j - 1] > s))) {
			f->shape[j] = f->shape[j - 1], f->stride[j] = f->stride[j - 1];
			j--;
		}
		f->shape[j] = s, f->stride[j] = d;
	}
}

/*
 * The complement's leaves into "res" from A's leaves "fa" (sorted, without
 * size-1 or stride-0 leaves): each gap stride/current with stride current,
 * then ceil(cotarget / current) : current.
 */
static int complement_flat(const axe_cute_flat *fa, int64_t cotarget, axe_cute_flat *res,
			   axe_cute_reason *why, axe_error *err)
{
	int64_t current = 1;

	res->n = 0;
	for (size_t i = 0; i < fa->n; i++) {
		int64_t s = fa->shape[i], d = fa->stride[i];

		if (d < 0)
			return axe_cute_refuse(why, "complement needs positive strides: a mode of A "
					       "has %lld:%lld", (long long)s, (long long)d);
		/* CuTe's "Non-injective Layout detected in complement": a gap of 0 */
		if (d < current)
			return axe_cute_refuse(why, "complement needs each stride to reach past the "
					       "smaller modes: mode %lld:%lld of A starts inside "
					       "their reach %lld (A is not injective or its modes "
					       "interleave)", (long long)s, (long long)d,
					       (long long)current);
		res->shape[res->n] = d / current, res->stride[res->n] = current, res->n++;
		if (axe_cute_mul(s, d, &current, err) < 0)
			return -1;
	}
	res->shape[res->n] = cotarget / current + (cotarget % current != 0);
	if (res->shape[res->n] < 1)
		res->shape[res->n] = 1;
	res->stride[res->n] = current, res->n++;
	return 1;
}

int axe_cute_complement(const axe_cute_layout *a, int64_t cotarget, axe_cute_layout *out,
			axe_cute_reason *why, axe_error *err)
{
	axe_cute_flat flat_a, flat_res, *fa = &flat_a, *res = &flat_res;
	axe_cute_layout raw;
	size_t n = 0;
	int r;

	axe_cute_flat_of(a, fa);
	for (size_t i = 0; i < fa->n; i++) {
		if (fa->shape[i] == 1 || fa->stride[i] == 0)
			continue;
		fa->shape[n] = fa->shape[i], fa->stride[n] = fa->stride[i], n++;
	}
	fa->n = n;
	sort_by_stride(fa);
	r = complement_flat(fa, cotarget, res, why, err);
	if (r > 0 && axe_cute_flat_build(res, &raw, err) < 0)
		r = -1;
	if (r > 0) {
		r = axe_cute_coalesce(&raw, NULL, out, NULL, err);
		axe_cute_layout_release(&raw);
	}
	return r;
}
