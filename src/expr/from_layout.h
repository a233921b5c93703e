/*
 * from_layout.h: the index expressions of a layout (Axe paper section 2;
 * the TIRx layout page, "Forward mapping"), one per physical axis, as the
 * LEGO paper (section IV.A) derives them from its layouts.
 */
#ifndef AXE_EXPR_FROM_LAYOUT_H
#define AXE_EXPR_FROM_LAYOUT_H

#include "../core/layout.h"
#include "expr.h"

/*
 * Into "out" (layout->naxes entries, in the layout's axis order): the value
 * on each axis of the layout at the logical point whose coordinates in
 * "shape" are "coord" (shape->rank expressions), with replica iter t at
 * digit "replica[t]" (layout->nreplica expressions; a variable gives every
 * image, a constant one).  Unsimplified: flat = sum coord[d] * (product of
 * later dims), digit k = (flat / (product of later extents)) % e_k, axis a =
 * sum of digit * stride over its iters + O[a] + sum of replica * stride, and
 * the swizzle of semantics.md on m.  0, or -1 when memory runs out.
 */
int axe_expr_from_layout(axe_expr_ctx *ctx, const axe_layout *layout, const axe_shape *shape,
			 const axe_expr *const *coord, const axe_expr *const *replica,
			 const axe_expr **out);

/*
 * swz(m) of semantics.md as an expression:
 * ((x ^ ((x >> S) & (2^B - 1))) << M) | (m & (2^M - 1)) with x = m >> M.
 */
const axe_expr *axe_expr_swizzle(axe_expr_ctx *ctx, const axe_swizzle *sw, const axe_expr *m);

#endif
