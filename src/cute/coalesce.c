/*
 * coalesce.c: CuTe's coalesce and filter (CUTLASS
 * media/docs/cpp/cute/02_layout_algebra.md, "Coalesce"; pycute
 * layout.py coalesce/filter): the same map on [0, size) with fewer modes;
 * and the coalesce_x that C++'s composition applies to its left operand
 * (include/cute/layout.hpp, detail::coalesce_x), which keeps the map
 * outside [0, size) too, where the last mode runs on.
 */
#include "algebra_private.h"

/*
 * Coalesce the leaves "f" in place: skip size-1 leaves, let a leaf replace
 * a size-1 start, merge s1:d1 into s0:d0 when d1 = s0*d0 (the four cases
 * of the documentation).  Leaves an empty list as the single leaf 1:0.
 */
static void coalesce_flat(axe_cute_flat *f)
{
	size_t n = 0;
	int64_t shape = 1, stride = 0;

	for (size_t i = 0; i < f->n; i++) {
		int64_t s = f->shape[i], d = f->stride[i], reach;

		if (s == 1)
			continue;
		if (n == 0 && shape == 1) {
			shape = s, stride = d;
			continue;
		}
		/* shape*stride fits: the layout was checked, its reach is inside int64 */
		if (!__builtin_mul_overflow(shape, stride, &reach) && reach == d) {
			shape *= s;
			continue;
		}
		f->shape[n] = shape, f->stride[n] = stride, n++;
		shape = s, stride = d;
	}
	f->shape[n] = shape, f->stride[n] = stride;
	f->n = n + 1;
}

static int coalesce_whole(const axe_cute_layout *a, axe_cute_layout *out, axe_error *err)
{
	axe_cute_flat f;

	axe_cute_flat_of(a, &f);
	coalesce_flat(&f);
	return axe_cute_flat_build(&f, out, err);
}

int axe_cute_coalesce(const axe_cute_layout *a, const axe_cute_tuple *profile,
		      axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	size_t rank = axe_cute_rank(a), n;
	axe_cute_layout modes[AXE_CUTE_MAX_LEAVES];

	if (!profile || profile->is_leaf)
		return coalesce_whole(a, out, err) < 0 ? -1 : 1;
	n = profile->n;
	if (n > rank)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "the profile has %zu modes but "
				     "the layout only %zu", n, rank);
	for (size_t i = 0; i < rank; i++) {
		axe_cute_layout m = axe_cute_mode(a, i);
		int r = i < n ? axe_cute_coalesce(&m, &profile->child[i], &modes[i], why, err)
			      : (axe_cute_copy(&modes[i], &m, err) < 0 ? -1 : 1);

		if (r <= 0) {
			axe_cute_release_all(modes, i);
			return r;
		}
	}
	return axe_cute_make_layout(out, modes, rank, err) < 0 ? -1 : 1;
}

void axe_cute_coalesce_x(const axe_cute_layout *a, axe_cute_flat *f)
{
	axe_cute_flat_of(a, f);
	/*
	 * The last leaf is kept whatever its size: it is the mode that runs on
	 * past the domain.  A size-1 last leaf keeps its stride under a size
	 * of 2, as C++ does, so that coalesce_flat neither drops it nor lets
	 * another leaf replace it; the size of the last mode is never read
	 * by composition.
	 */
	if (f->n > 0 && f->shape[f->n - 1] == 1) /* an empty tuple has no last leaf: 1:0 */
		f->shape[f->n - 1] = 2;
	coalesce_flat(f);
}

int axe_cute_filter(const axe_cute_layout *a, axe_cute_layout *out, axe_error *err)
{
	axe_cute_flat f;
	size_t n = 0;

	axe_cute_flat_of(a, &f);
	for (size_t i = 0; i < f.n; i++) {
		if (f.shape[i] == 1 || f.stride[i] == 0)
			continue;
		f.shape[n] = f.shape[i], f.stride[n] = f.stride[i], n++;
	}
	f.n = n;
	if (n)
		coalesce_flat(&f);
	return axe_cute_flat_build(&f, out, err);
}
