/*
 * group.h: grouping a layout by a logical shape (Axe paper, section 3.3
 * "Group", Appendix B): refine the shard so that consecutive blocks of iters
 * have extent products equal to the shape's extents, without changing the
 * map.
 */
#ifndef AXE_ALGEBRA_GROUP_H
#define AXE_ALGEBRA_GROUP_H

#include "algebra.h"

/*
 * Check that "shape" is a shape of "layout": at most AXE_MAX_RANK extents
 * whose product is the layout's size (rank 0, shape (), for one point).
 * "what" names the shape in the message ("the outer shape").  0 or -1 (an
 * input error).
 */
int axe_layout_check_shape(const axe_layout *layout, const axe_shape *shape, const char *what,
			   axe_error *err);

/*
 * Refine the shard of "layout" in place: normalize it (D0, D1 of Appendix A)
 * and split iters so that dimension d of "dims" ("rank" extents whose product
 * is the layout's size) is the block of iters [block[d], block[d+1]).
 * "block" has room for rank + 1 entries.  Returns 1; 0 when no refinement
 * exists, with "*bad_dim" the dimension that cannot be formed and "why"
 * saying why (without naming the dimension); -1 on no memory.  After a 0 the
 * layout still induces the same map, but its blocks are unfinished.
 */
int axe_layout_refine(axe_layout *layout, const int64_t *dims, size_t rank, size_t *block,
		      size_t *bad_dim, axe_reason *why, axe_error *err);

/*
 * The grouped view of "layout" on "shape" in "out": a new layout with the
 * same map whose blocks (out->block, out->nblocks = rank) match the shape,
 * with the fewest iters (Appendix B).  The swizzle is kept: grouping never
 * changes the map.  1, 0 (the shape does not group the layout; "why"), -1.
 */
int axe_layout_group(const axe_layout *layout, const axe_shape *shape, axe_algebra_result *out,
		     axe_reason *why, axe_error *err);

#endif
