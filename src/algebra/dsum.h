/*
 * dsum.h: the direct sum on the tiling domain (Axe paper, Appendix F):
 *
 *     dsum(A, B)(a, b) = A(a) + B(b)
 *
 * on the same interleaved domain as tile(A, B) (tile.h), without the span
 * scaling; images add as sets (a Minkowski sum of the two fibers).
 */
#ifndef AXE_ALGEBRA_DSUM_H
#define AXE_ALGEBRA_DSUM_H

#include "algebra.h"

/*
 * dsum("left" on "left_shape", "right" on "right_shape") in "out": the
 * canonical form of the result, out->shape the per-dimension product of the
 * shapes, out->interleaved (L[0], R[0], L[1], R[1], ...).  Same rank
 * required (an input error otherwise); swizzles as for tile with a span of 1.
 * 1, 0 (impossible; "why"), -1 (error).
 */
int axe_layout_dsum(const axe_layout *left, const axe_shape *left_shape,
		    const axe_layout *right, const axe_shape *right_shape,
		    axe_algebra_result *out, axe_reason *why, axe_error *err);

#endif
