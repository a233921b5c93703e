/*
 * divide.c: CuTe's logical_divide and its regroupings zipped_divide,
 * tiled_divide and flat_divide (CUTLASS
 * media/docs/cpp/cute/02_layout_algebra.md, "Division (Tiling)";
 * include/cute/layout.hpp): A / B = A o (B, B*) with B* the complement of
 * B up to size(A).  When B's size does not divide A's, B* rounds the
 * number of tiles up (48:1 / 32:1 = (32,2):(1,32), CUTLASS
 * test/unit/cute/core/logical_divide.cpp) and the last tile reaches past
 * A's domain: those points are the predicated tail a kernel masks, and
 * the proof names them.  So does a tile whose indices spread beyond
 * size(A) (B = (2,8):(1,4) in 16 elements).
 */
#include "algebra_private.h"
#include "regroup.h"

/* logical_divide(A, B) for one layout B. */
static int divide_layout(const axe_cute_layout *a, const axe_cute_layout *b,
			 axe_cute_layout *out, axe_cute_reason *why, axe_error *err)
{
	axe_cute_layout pair[2], both;
	int r;

	r = axe_cute_complement(b, axe_cute_layout_size(a), &pair[1], why, err);
	if (r <= 0)
		return r;
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
