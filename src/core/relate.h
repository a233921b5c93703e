/*
 * relate.h: the relations between thread axes (axes.def, RELATION rows;
 * semantics.md "Thread axes and their relations"): tid = laneid + 32*warpid,
 * warpid = wid_in_wg + 4*wgid, tid_in_wg = laneid + 32*wid_in_wg, ...
 *
 * Layouts from different tools name threads at different granularities.
 * Before two layouts are compared, each coarse axis that is related to an
 * axis either side names is rewritten into its fine axes, as digits: an iter
 * on tid becomes iters on laneid and warpid, split where it crosses the
 * 32-thread boundary.  A rewrite that digits cannot express (a stride that
 * does not divide the boundary, a carry between digits) is refused with the
 * reason, never approximated.
 */
#ifndef AXE_CORE_RELATE_H
#define AXE_CORE_RELATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout.h"

typedef struct axe_axis_relation {
	const char *coarse, *fine;
	int64_t weight;
} axe_axis_relation;

/*
 * The RELATION rows of coarse axis "name", in increasing weight, into
 * "*rows" (a static array); their count, 0 when "name" is no coarse axis.
 */
size_t axe_axis_relation_rows(const char *name, const axe_axis_relation **rows);

/* True when "fine" is a digit of "coarse", directly or through other relations. */
bool axe_axis_is_finer(const char *coarse, const char *fine);

/*
 * The weight of thread axis "name" in the linear thread index of a CTA
 * (tid = laneid + 32*wid_in_wg + 128*wgid): how many threads one unit of it
 * is (laneid, tx, tid, tid_in_wg, lane: 1; warpid, warp, wid_in_wg: 32;
 * wgid: 128), or 0 for an axis outside that index.
 */
int64_t axe_thread_weight(const char *name);

/*
 * "L" with axis "axis" rewritten into its fine axes (the RELATION rows of
 * "axis"): a new layout (owned by the caller), or NULL with "why" filled
 * when digits cannot express it (nothing in "err"), or NULL with "err" set.
 */
axe_layout *axe_layout_expand_axis(const axe_layout *L, const char *axis, char *why,
				   size_t why_size, axe_error *err);

/*
 * Rewrite "*a" and "*b" (owned; replaced in place) until neither names an
 * axis coarser than an axis either of them names.  0 when nothing was to
 * be done, 1 with "note" saying what was rewritten, 2 when a rewrite is
 * impossible ("note" says why, the layouts unchanged), -1 on an error.
 */
int axe_layouts_relate(axe_layout **a, axe_layout **b, char *note, size_t note_size,
		       axe_error *err);

/*
 * "L" with its thread axes merged into one flat index tid by their weights
 * (axe_thread_weight: tid = laneid + 32*warpid), as CuTe's TV layouts and
 * Triton's "T37" number threads: an iter of stride s on an axis of weight w
 * becomes one of stride s*w on tid.  A new layout (owned by the caller), or
 * NULL with "why" when the merge would not be exact (an axis reaching the
 * weight of the next: lane 32), or NULL with "err" set without memory.
 */
axe_layout *axe_layout_flatten_threads(const axe_layout *L, char *why, size_t why_size,
				       axe_error *err);

/*
 * When layout axes "a" and "b" ("na", "nb" names; the layouts called "la"
 * and "lb" in messages) differ by what looks like a typo (a name on one
 * side with a close spelling on the other, and no relation between them):
 * "note" gets "A names axis 'x' and B does not: did you mean 'y'?" and the
 * result is true.
 */
bool axe_axes_typo(char *const *a, size_t na, const char *la, char *const *b, size_t nb,
		   const char *lb, char *note, size_t note_size);

#endif
