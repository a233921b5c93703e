/*
 * product.c: CuTe's logical_product and its regroupings (zipped, tiled,
 * flat) and the rank-sensitive blocked_product and raked_product (CUTLASS
 * media/docs/cpp/cute/02_layout_algebra.md, "Product (Tiling)";
 * include/cute/layout.hpp): A x B = (A, A* o B) with A* the complement of
 * A up to size(A) * cosize(B).
 */
#include <stdlib.h>

#include "regroup.h"

/* logical_product(A, B) for one layout B. */
static int product_layout(const axe_cute_layout *a, const axe_cute_layout *b,
			  axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	axe_cute_flat fb;
	axe_cute_layout comp, pair[2];
	int64_t cotarget;
	int r;

	axe_cute_flat_of(b, &fb);
	for (size_t i = 0; i < fb.n; i++)
		if (fb.stride[i] < 0)
			return axe_cute_refuse(why, "a product needs B's strides non-negative: B has "
					       "the mode %lld:%lld", (long long)fb.shape[i],
					       (long long)fb.stride[i]);
	if (axe_cute_mul(axe_cute_layout_size(a), axe_cute_layout_cosize(b), &cotarget, err) < 0)
		return -1;
	r = axe_cute_complement(a, cotarget, &comp, why, err);
	if (r <= 0)
		return r;
	r = axe_cute_compose(&comp, b, &pair[1], why, err);
	axe_cute_layout_release(&comp);
	if (r <= 0)
		return r;
	if (axe_cute_copy(&pair[0], a, err) < 0) {
		axe_cute_layout_release(&pair[1]);
		return -1;
	}
	return axe_cute_make_layout(out, pair, 2, err) < 0 ? -1 : 1;
}

int axe_cute_logical_product(const axe_cute_layout *a, const axe_cute_tiler *b,
			     axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	if (b->n == 0)
		return product_layout(a, &b->mode[0], out, why, err);
	return axe_cute_by_mode(a, b, product_layout, out, why, err);
}


int axe_cute_pad(const axe_cute_layout *l, size_t rank, axe_cute_layout *out, axe_error *err)
{
	size_t k = axe_cute_rank(l);
	axe_cute_layout modes[AXE_CUTE_MAX_LEAVES];

	if (k >= rank)
		return axe_cute_copy(out, l, err);
	for (size_t i = 0; i < rank; i++) {
		axe_cute_layout m;

		if (i >= k) {
			axe_cute_leaf(&modes[i], 1, 0);
			continue;
		}
		m = axe_cute_mode(l, i);
		if (axe_cute_copy(&modes[i], &m, err) < 0) {
			axe_cute_release_all(modes, i);
			return -1;
		}
	}
	return axe_cute_make_layout(out, modes, rank, err);
}

/*
 * blocked (A's mode i first) or raked (B's first): C++'s zip of the two
 * modes of logical_product(A', B'), A and B padded to one rank R with 1:0
 * modes: mode i is (A'_i, A* o B'_i), composition distributing over the
 * modes of B'.  A leaf is a rank-1 layout (C++ compiles these products only for
 * tuple shapes), so the result is always a tuple of R modes:
 * blocked_product((2):(2), (4):(1)) = ((2,(2,2))):((2,(1,4))).
 */
static int rank_sensitive(const axe_cute_layout *a, const axe_cute_layout *b, bool raked,
			  axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	size_t ra = axe_cute_rank(a), rb = axe_cute_rank(b), rank = ra > rb ? ra : rb, done = 0;
	axe_cute_layout pa, pb, comp, modes[AXE_CUTE_MAX_LEAVES];
	int64_t cotarget;
	int r = -1;

	axe_cute_leaf(&pa, 0, 0), axe_cute_leaf(&pb, 0, 0), axe_cute_leaf(&comp, 0, 0);
	if (axe_cute_pad(a, rank, &pa, err) < 0 || axe_cute_pad(b, rank, &pb, err) < 0 ||
	    axe_cute_mul(axe_cute_layout_size(&pa), axe_cute_layout_cosize(&pb), &cotarget,
			 err) < 0)
		goto out;
	r = axe_cute_complement(&pa, cotarget, &comp, why, err);
	for (; done < rank && r > 0; done++) {
		axe_cute_layout pair[2], ai = axe_cute_mode(&pa, done), bi = axe_cute_mode(&pb, done);

		r = axe_cute_compose(&comp, &bi, &pair[!raked], why, err);
		if (r > 0 && axe_cute_copy(&pair[raked], &ai, err) < 0) {
			axe_cute_layout_release(&pair[!raked]);
			r = -1;
		}
		if (r > 0 && axe_cute_make_layout(&modes[done], pair, 2, err) < 0)
			r = -1;
	}
	if (r > 0 && axe_cute_make_layout(out, modes, rank, err) < 0)
		r = -1;
	else if (r <= 0)
		axe_cute_release_all(modes, done ? done - 1 : 0);
out:
	axe_cute_layout_release(&pa), axe_cute_layout_release(&pb);
	axe_cute_layout_release(&comp);
	return r;
}

int axe_cute_product(const axe_cute_layout *a, const axe_cute_tiler *b, axe_cute_kind kind,
		     axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout lp;
	int r;

	if (kind == AXE_CUTE_BLOCKED || kind == AXE_CUTE_RAKED) {
		if (b->n != 0)
			return axe_error_set(err, AXE_ERR_VALUE, NULL, 0, "blocked and raked products "
					     "take a layout B, not a by-mode tiler <...>");
		return rank_sensitive(a, &b->mode[0], kind == AXE_CUTE_RAKED, out, why, err);
	}
	r = axe_cute_logical_product(a, b, &lp, why, err);
	if (r <= 0 || kind == AXE_CUTE_LOGICAL) {
		if (r > 0)
			*out = lp;
		return r;
	}
	r = axe_cute_regroup(&lp, b, kind, out, err) < 0 ? -1 : 1;
	axe_cute_layout_release(&lp);
	return r;
}
