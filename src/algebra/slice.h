/*
 * slice.h: the layout of a sub-box of a layout's domain (Axe paper, section
 * 3.3 "Slice", Appendix E): given L on shape S and a region of half-open
 * ranges [b_d, e_d), a layout L' on shape (e_d - b_d) with
 *
 *     L'(x) = L(x + b)   for every x in the region's shape.
 */
#ifndef AXE_ALGEBRA_SLICE_H
#define AXE_ALGEBRA_SLICE_H

#include "algebra.h"

/*
 * The slice of "layout" on "shape" to the region "begin"/"end" ("rank"
 * ranges) in "out" (canonical, with the region's extents as out->shape).
 * A region whose rank differs from the shape's, or a range that is empty or
 * leaves [0, S_d), is an input error.  The swizzle is always kept: the
 * slice's unswizzled map is the original's at shifted points.  1, 0 (the
 * region is not expressible as one layout, or the shape does not group the
 * layout; "why"), -1 (error).
 */
int axe_layout_slice(const axe_layout *layout, const axe_shape *shape, const int64_t *begin,
		     const int64_t *end, size_t rank, axe_algebra_result *out, axe_reason *why,
		     axe_error *err);

#endif
