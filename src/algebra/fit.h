/*
 * fit.h: the shard of a map given point by point.  group and slice fall back
 * on it when the structural methods of Appendices B and E refuse: a map that
 * some layout expresses is found by search over its values, so only maps
 * that no shard expresses are refused.
 */
#ifndef AXE_ALGEBRA_FIT_H
#define AXE_ALGEBRA_FIT_H

#include "algebra.h"

/* Largest number of values (points x axes) the fallback reads. */
#define AXE_FIT_MAX_VALUES (1 << 22)

/*
 * The shard value D at flat index "flat" of "layout" (digits by the shard
 * extents, no offset, replica or swizzle), into "vec" (naxes values).
 */
void axe_layout_shard_value(const axe_layout *layout, int64_t flat, int64_t *vec);

/*
 * Find shard iters whose map on flat indices [0, n) is "values" (n rows of
 * "naxes" values) minus values[0], and whose consecutive blocks have extent
 * products "dims" ("rank" of them, product n).  On success (1) the iters,
 * outermost first and each of prime extent, are appended to the shard of
 * "into" (whose axis table is indexed like the rows), and "block" (rank + 1
 * entries) gets the block boundaries, counted from the first appended iter.
 * 0 when no shard has this map with such blocks (or the search ran out of its
 * budget: "*exhausted" set), -1 on no memory.
 */
int axe_layout_fit(const int64_t *values, int64_t n, size_t naxes, const int64_t *dims,
		   size_t rank, axe_layout *into, size_t *block, bool *exhausted,
		   axe_error *err);

/* A layout with the axes, offsets, replica and swizzle of "g" and no shard, or NULL. */
axe_layout *axe_layout_frame(const axe_layout *g);

#endif
