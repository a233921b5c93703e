/*
 * divide.c: CuTe's logical_divide and its regroupings zipped_divide,
 * tiled_divide and flat_divide (CUTLASS
 * media/docs/cpp/cute/02_layout_algebra.md, "Division (Tiling)";
 * include/cute/layout.hpp): A / B = A o (B, B*) with B* the complement of
 * B up to size(A).  CuTe pads when B's size does not divide A's; a
 * padded tile is not a layout of A's elements, so it is refused here.  A
 * tile whose size divides A's but whose indices spread beyond size(A)
 * (B = (2,8):(1,4) in 16 elements) gives CuTe's answer, whose tiles reach
 * past A's domain; the proof says so.
 */
#include "algebra_private.h"
#include "regroup.h"

/* logical_divide(A, B) for one layout B. */
static int divide_layout(const axe_cute_layout *a, const axe_cute_layout *b,
			 axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	int64_t size_a = axe_cute_layout_size(a), size_b = axe_cute_layout_size(b), size_c;
	axe_cute_layout pair[2], both;
	int r;

	r = axe_cute_complement(b, size_a, &pair[1], why, err);
	if (r <= 0)
		return r;
	size_c = axe_cute_layout_size(&pair[1]);
	(void)size_c;
	if (size_a % size_b != 0) {
		axe_cute_layout_release(&pair[1]);
		return axe_cute_refuse(why, "the tile's size %lld does not divide the divided "
				       "layout's size %lld (CuTe would pad the last tile)",
				       (long long)size_b, (long long)size_a);
	}
	if (axe_cute_copy(&pair[0], b, err) < 0) {
		axe_cute_layout_release(&pair[1]);
		return -1;
	}
	if (axe_cute_make_layout(&both, pair, 2, err) < 0)
		return -1;
	r = axe_cute_compose(a, &both, out, why, err);
	axe_cute_layout_release(&both);
	return r;
}

int axe_cute_logical_divide(const axe_cute_layout *a, const axe_cute_tiler *t,
			    axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	if (t->n == 0)
		return divide_layout(a, &t->mode[0], out, why, err);
	return axe_cute_by_mode(a, t, divide_layout, out, why, err);
}

int axe_cute_divide(const axe_cute_layout *a, const axe_cute_tiler *t, axe_cute_kind kind,
		    axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout ld;
	int r;

	if (kind == AXE_CUTE_BLOCKED || kind == AXE_CUTE_RAKED)
		return axe_error_set(err, AXE_ERR_VALUE, NULL, 0,
				     "blocked and raked are kinds of product, not of divide");
	r = axe_cute_logical_divide(a, t, &ld, why, err);
	if (r <= 0 || kind == AXE_CUTE_LOGICAL) {
		if (r > 0)
			*out = ld;
		return r;
	}
	r = axe_cute_regroup(&ld, t, kind, out, err) < 0 ? -1 : 1;
	axe_cute_layout_release(&ld);
	return r;
}
