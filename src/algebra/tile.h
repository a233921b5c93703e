/*
 * tile.h: the tiled layout (Axe paper, section 3.3 "Tile", Appendix C), the
 * Kronecker-style product
 *
 *     tile(A, B)(a, b) = span(B) (.) A(a) + B(b)
 *
 * on the domain of A's shape times B's shape, where span(B) is the per-axis
 * span of the inner layout B (Lemma C.1) and (.) multiplies per axis; and
 * the interleaving that tile and the direct sum (dsum.h) share.
 */
#ifndef AXE_ALGEBRA_TILE_H
#define AXE_ALGEBRA_TILE_H

#include <stdbool.h>

#include "algebra.h"

/*
 * tile("outer" on "outer_shape", "inner" on "inner_shape") in "out": the
 * canonical form of the result, out->shape the per-dimension product of the
 * two shapes (a point x of it is the pair a = x / S_B, b = x % S_B per
 * dimension), out->interleaved the shape (S_A[0], S_B[0], S_A[1], ...) that
 * also groups it.  The shapes must have the same rank (an input error
 * otherwise).  A swizzle is kept when the result provably equals the
 * swizzled map (see tile.c); otherwise the operation is refused.
 * 1, 0 (impossible; "why"), -1 (error).
 */
int axe_layout_tile(const axe_layout *outer, const axe_shape *outer_shape,
		    const axe_layout *inner, const axe_shape *inner_shape,
		    axe_algebra_result *out, axe_reason *why, axe_error *err);

/*
 * What tile and dsum share: group both layouts, then per dimension d append
 * the outer (left) block d, its strides multiplied by the inner span when
 * "scaled", followed by the inner (right) block d; replicas are joined and
 * offsets combined the same way.  "names" are the two operands' names in
 * messages ("outer", "inner" or "left", "right").
 */
int axe_layout_interleave(const axe_layout *outer, const axe_shape *outer_shape,
			  const axe_layout *inner, const axe_shape *inner_shape, bool scaled,
			  const char *const names[2], axe_algebra_result *out, axe_reason *why,
			  axe_error *err);

#endif
