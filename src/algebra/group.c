/*
 * group.c: grouping, Axe paper Appendix B.
 *
 * The shard is first normalized (D0 drops extent-1 iters, D1 fuses chains;
 * Appendix A), then scanned left to right: each dimension takes whole iters
 * while their extent divides what the dimension still needs, and splits the
 * iter it ends in (Lemma B.1: (e1*e2, s) = (e1, e2*s), (e2, s)) when the need
 * divides the extent.  When neither divides the other, no order-preserving
 * split/fuse reaches the shape: any split of that iter that completes the
 * dimension would need a part of extent `need`, which does not divide it.
 * Normalizing first is what makes the result the one with the fewest iters,
 * and it lets a shape group a layout whose iters were written pre-split
 * (S[(2,6):(6,1)] groups by (3,4) through its fused form S[12:1]).
 *
 * When the scan refuses, an equal layout whose iters are ordered otherwise
 * may still group: S[(2,3):(3,1)]... is S[6:1], but S[(2,3):(1,2)] by (3, 2)
 * needs the values themselves.  The map is then read point by point and a
 * shard with the shape's blocks is searched for (fit.c); only when none
 * exists (or the layout is too large to read) is the shape refused.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/arith.h"
#include "canon.h"
#include "fit.h"
#include "group.h"

int axe_layout_check_shape(const axe_layout *layout, const axe_shape *shape, const char *what,
			   axe_error *err)
{
	int64_t size, product = 1;

	if (axe_layout_size(layout, &size, err) < 0)
		return -1;
	/* Rank 0, shape (), is the one point of a layout of size 1. */
	if (shape->rank > AXE_MAX_RANK)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "%s must have at most %d dimensions, not %zu", what,
				     AXE_MAX_RANK, shape->rank);
	for (size_t d = 0; d < shape->rank; d++)
		if (shape->dim[d] <= 0 || axe_mul_ovf(product, shape->dim[d], &product))
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
					     "%s needs positive extents whose product fits in "
					     "64 bits", what);
	if (product != size)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "%s has %lld points but its layout has %lld", what,
				     (long long)product, (long long)size);
	return 0;
}

/*
 * Split shard iter "k" of "L" into (outer, stride * inner), (inner, stride)
 * with inner = extent / outer.  0 or -1 (no memory).
 */
static int split_iter(axe_layout *L, size_t k, int64_t outer)
{
	axe_iter it = L->shard[k];
	int64_t inner = it.extent / outer;

	if (axe_layout_push_shard(L, 1, 0, it.axis) < 0)
		return -1;
	memmove(&L->shard[k + 2], &L->shard[k + 1], (L->nshard - k - 2) * sizeof(axe_iter));
	/*
	 * inner <= extent / 2 <= extent - 1, so |stride * inner| is at most the
	 * iter's reach (extent-1)*|stride|, which validation bounded.
	 */
	L->shard[k] = (axe_iter){ outer, it.stride * inner, it.axis };
	L->shard[k + 1] = (axe_iter){ inner, it.stride, it.axis };
	return 0;
}

int axe_layout_refine(axe_layout *L, const int64_t *dims, size_t rank, size_t *block,
		      size_t *bad_dim, axe_reason *why, axe_error *err)
{
	size_t k = 0;
	char text[96];

	axe_layout_normalize_shard(L, NULL);
	for (size_t d = 0; d < rank; d++) {
		int64_t need = dims[d];

		block[d] = k;
		/*
		 * The extents still unused multiply to the product of the
		 * dimensions still unformed, and D0 left no extent-1 iter while
		 * that product exceeds 1: so k stays inside the shard.
		 */
		while (need > 1) {
			const axe_iter *it = &L->shard[k];
			if (need % it->extent == 0) {
				need /= it->extent;
				k++;
			} else if (it->extent % need == 0) {
				if (split_iter(L, k, need) < 0)
					return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0,
							     "out of memory");
				need = 1;
				k++;
			} else {
				*bad_dim = d;
				return axe_reason_set(why, "it still needs a factor %lld when it "
						      "reaches iter %s, whose extent neither "
						      "divides %lld nor is a multiple of it",
						      (long long)need,
						      axe_iter_text(L, it, text, sizeof(text)),
						      (long long)need);
			}
		}
	}
	/* Only a one-point layout keeps an iter past the last dimension: (1,1,a). */
	block[rank] = L->nshard;
	axe_layout_order_axes(L);
	return 1;
}

/*
 * Replace the grouped "out->layout" by its refinement when the scan of
 * axe_layout_refine groups it (fewer iters); 1 or -1.
 */
static int fewest_iters(axe_algebra_result *out, const axe_shape *shape, axe_error *err)
{
	axe_layout *L = axe_layout_dup(out->layout);
	size_t block[AXE_MAX_RANK + 1], bad;
	int r;

	if (!L)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_layout_refine(L, shape->dim, shape->rank, block, &bad, NULL, err);
	if (r > 0) {
		axe_layout_free(out->layout);
		out->layout = L;
		memcpy(out->block, block, sizeof(block));
		return 1;
	}
	axe_layout_free(L);
	return r < 0 ? -1 : 1;
}

/*
 * The grouped view by search: a layout with the frame of "layout" and a shard
 * found from its values with the blocks of "shape", into "out".  1, 0 (no
 * such shard, or too many points to read), -1.
 */
static int group_by_fit(const axe_layout *layout, const axe_shape *shape,
			axe_algebra_result *out, axe_error *err)
{
	size_t na = layout->naxes ? layout->naxes : 1;
	int64_t n = 1, *v;
	axe_layout *R;
	bool exhausted;
	int r;

	for (size_t d = 0; d < shape->rank; d++)
		n *= shape->dim[d]; /* the layout's size: checked by axe_layout_check_shape */
	if (n > AXE_FIT_MAX_VALUES / (int64_t)na)
		return 0;
	v = malloc((size_t)n * na * sizeof(int64_t));
	R = v ? axe_layout_frame(layout) : NULL;
	if (!R) {
		free(v);
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	}
	for (int64_t x = 0; x < n; x++)
		axe_layout_shard_value(layout, x, v + x * (int64_t)na);
	r = axe_layout_fit(v, n, layout->naxes, shape->dim, shape->rank, R, out->block,
			   &exhausted, err);
	free(v);
	if (r > 0 && R->nshard == 0)
		r = axe_layout_push_shard(R, 1, 1, 0) < 0
		    ? axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory") : 1;
	if (r <= 0) {
		axe_layout_free(R);
		return r;
	}
	out->layout = R;
	/* The prime iters found: fused back where the scan now succeeds on them. */
	return fewest_iters(out, shape, err);
}

int axe_layout_group(const axe_layout *layout, const axe_shape *shape, axe_algebra_result *out,
		     axe_reason *why, axe_error *err)
{
	axe_reason detail;
	size_t bad = 0;
	axe_layout *L;
	int r;

	memset(out, 0, sizeof(*out));
	if (axe_layout_check_shape(layout, shape, "the shape", err) < 0)
		return -1;
	L = axe_layout_dup(layout);
	if (!L)
		return axe_error_set(err, AXE_ERR_NOMEM, NULL, 0, "out of memory");
	r = axe_layout_refine(L, shape->dim, shape->rank, out->block, &bad, &detail, err);
	if (r > 0) {
		out->layout = L;
	} else {
		axe_layout_free(L);
		if (r == 0)
			r = group_by_fit(layout, shape, out, err);
		if (r == 0)
			axe_reason_set(why, "dimension %zu (extent %lld) cannot be formed: %s", bad,
				       (long long)shape->dim[bad], detail.text);
		if (r <= 0)
			return r;
	}
	out->shape = *shape;
	out->nblocks = shape->rank;
	return 1;
}
