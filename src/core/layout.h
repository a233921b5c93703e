/*
 * layout.h: the layout model shared by the library modules (not installed).
 *
 * A layout is (D, R, O) plus an optional swizzle (Axe paper section 2.3;
 * semantics.md).  Axes are named; each layout keeps its own table of the
 * names it uses, ordered by first appearance in the shard, then the replica,
 * then the offsets, and iters refer to axes by index into that table.
 */
#ifndef AXE_CORE_LAYOUT_H
#define AXE_CORE_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../axe.h"
#include "error.h"

typedef struct axe_iter {
	int64_t extent; /* > 0 */
	int64_t stride; /* signed */
	int axis;       /* index into the layout's axis table */
} axe_iter;

/*
 * Swizzle(M, B, S) on the final address of axis m (semantics.md): with
 * x = m >> M, f(x) = x ^ ((x & (((1 << B) - 1) << S)) >> S) and
 * swz(m) = (f(x) << M) | (m & ((1 << M) - 1)).
 */
typedef struct axe_swizzle {
	bool present;
	int per_element; /* M */
	int len;         /* B: swizzle_len */
	int atom;        /* S: atom_len, S >= B */
} axe_swizzle;

#define AXE_SWIZZLE_MAX_BITS 40 /* M + B + S stays well inside 64 bits */

struct axe_layout {
	axe_iter *shard;        /* D, outermost first */
	size_t nshard, cap_shard;
	axe_iter *replica;      /* R, first iter slowest when enumerated */
	size_t nreplica, cap_replica;
	char **axis;            /* axis names, order of first appearance */
	int64_t *offset;        /* O, one per axis */
	bool *offset_written;   /* an offset term names this axis */
	size_t naxes, cap_axes;
	axe_swizzle swizzle;
};

axe_layout *axe_layout_new(void);

/* Index of axis "name" in "layout", or -1 when the layout does not name it. */
int axe_layout_axis_index(const axe_layout *layout, const char *name);

#define AXE_MAX_AXES 64 /* distinct axes in one layout: hardware has a handful */

/*
 * Index of axis "name", adding it to the table if needed; -1 on no memory,
 * -2 when the layout already names AXE_MAX_AXES axes.
 */
int axe_layout_intern_axis(axe_layout *layout, const char *name);

/* Append an iter to the shard / the replica; -1 on no memory. */
int axe_layout_push_shard(axe_layout *layout, int64_t extent, int64_t stride, int axis);
int axe_layout_push_replica(axe_layout *layout, int64_t extent, int64_t stride, int axis);

/* Add "value" to the offset on "axis"; -1 when the sum overflows. */
int axe_layout_add_offset(axe_layout *layout, int axis, int64_t value);

/*
 * Put the axis table in its canonical order (first appearance in shard,
 * replica, then offsets) and drop axes nothing refers to.
 */
void axe_layout_order_axes(axe_layout *layout);

/*
 * Check that every value the layout can produce fits in 64 bits: the shard
 * size, each (extent-1)*stride and |stride|, per axis the span, and the
 * lowest and highest reachable coordinate.  "loc" and "span" place the
 * error.  0 or -1.
 */
int axe_layout_validate(const axe_layout *layout, const axe_loc *loc, int span,
			axe_error *err);

/*
 * Lowest and highest value the layout reaches on "axis" (shard, replica and
 * offset; before any swizzle).  Assumes a validated layout.
 */
void axe_layout_axis_range(const axe_layout *layout, int axis, int64_t *lo, int64_t *hi);

/*
 * Lowest and highest value "axis" reaches after the swizzle (range.c): the
 * same as axe_layout_axis_range except on a swizzled m, where the result is
 * exact when the search stays within its budget (true) and otherwise a
 * range that holds every value reached (false).  Assumes a validated layout.
 */
bool axe_layout_image_range(const axe_layout *layout, int axis, int64_t *lo, int64_t *hi);

/* Axis-wise span (Axe paper, Lemma C.1): 1 + sum of (e-1)|s| over D and R on "axis". */
int64_t axe_layout_axis_span(const axe_layout *layout, int axis);

/*
 * The swizzled address of "m"; identity when "sw" is not present.  Two's
 * complement bit operations, so negative addresses are well defined too.
 * Inline: whole-domain walks call it per point.
 */
static inline int64_t axe_swizzle_apply(const axe_swizzle *sw, int64_t m)
{
	uint64_t x, mask, low;

	if (!sw->present)
		return m;
	low = (uint64_t)m & ((UINT64_C(1) << sw->per_element) - 1);
	x = (uint64_t)(m >> sw->per_element);
	mask = ((UINT64_C(1) << sw->len) - 1) << sw->atom;
	x ^= (x & mask) >> sw->atom;
	return (int64_t)((x << sw->per_element) | low);
}

/* Structural equality: same iters, axes, offsets and swizzle. */
bool axe_layout_identical(const axe_layout *a, const axe_layout *b);

#endif
