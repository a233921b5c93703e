/*
 * tma_private.h: what the TMA planner's files share (not installed).
 *
 * The planner works on "modes": the region's elements, in row-major order,
 * are a mixed-radix number whose digits are the modes (Axe paper section
 * 3.4, steps 1-2: slice both layouts to the region, then refine their iters
 * to common ones).  Each mode has an extent, a stride on each side, and the
 * global iter it belongs to.  The tensor map's dimensions are pieces
 * ("parts") of the global tensor's iters; the box is the modes that one copy
 * moves, the rest are loops of copies (step 3).
 */
#ifndef AXE_CODEGEN_TMA_PRIVATE_H
#define AXE_CODEGEN_TMA_PRIVATE_H

#include "tma.h"

#define TMA_MAX_ITERS 128                    /* iters of one side */
#define TMA_MAX_MODES (2 * (TMA_MAX_ITERS + AXE_MAX_RANK) + 8) /* refinement adds one per iter */

/* One iter of a layout, restricted to the region. */
typedef struct tma_iter {
	int64_t extent; /* the whole iter */
	int64_t stride; /* elements */
	int64_t start;  /* the first digit the region uses */
	int64_t count;  /* digits the region uses: [start, start + count), past extent when ragged */
	int dim;        /* the logical dimension it belongs to */
} tma_iter;

/* A layout restricted to the region: its iters, outermost first, and where the region starts. */
typedef struct tma_side {
	tma_iter iter[TMA_MAX_ITERS + AXE_MAX_RANK]; /* and one per extent-1 dimension run past */
	size_t niters;
	int64_t offset; /* the layout's offset on m */
	int64_t base;   /* its (unswizzled) m at the region's first element */
} tma_side;

/* One digit of the region's elements. */
typedef struct tma_mode {
	int64_t n;       /* extent */
	int64_t gstride; /* global elements per step */
	int64_t sstride; /* shared elements per step */
	int gi;          /* the global iter it is part of */
	int64_t q;       /* steps of that iter's digit per step of this mode */
	int gdim, sdim;  /* logical dimensions on each side */
	bool box;        /* one copy covers it (else a loop) */
} tma_mode;

/* Everything the planner derives, shared by its files. */
typedef struct tma_work {
	const axe_tma_request *req;
	int64_t elem;          /* element bytes */
	int64_t span;          /* swizzle span in elements (0: no swizzle) */
	axe_tma_swizzle swizzle;
	axe_tma_region region, smem_region; /* the request's, defaults filled in */
	tma_side global, smem;
	tma_mode mode[TMA_MAX_MODES]; /* sorted by shared stride, innermost first */
	size_t nmodes;
	tma_mode base[TMA_MAX_MODES]; /* the same, runs fused: what the box search cuts */
	size_t nbase;
} tma_work;

/* An arrangement the box search tries: box extents in shared order, innermost first. */
typedef struct tma_arrangement {
	int64_t box[AXE_TMA_MAX_RANK];
	int rank;
} tma_arrangement;

/* tma_modes.c: slice both layouts to their regions and refine them into modes. */
int axe_tma_modes(tma_work *w, axe_tma_refusal *why, axe_error *err);

/*
 * tma_box.c: the plan for the modes marked "box" in "w": 1, 0 when that box
 * has no tensor map ("why"), -1 when out of memory.
 */
int axe_tma_box_plan(const tma_work *w, axe_tma_plan *plan, axe_tma_refusal *why);

/*
 * tma_search.c: the planner's own box: the arrangement with the fewest
 * copies, then the lowest rank, that every rule accepts.  1 with "plan", 0
 * with "why" (the rule that refused the largest box, and every arrangement
 * tried), -1 on an error.
 */
int axe_tma_search(tma_work *w, axe_tma_plan *plan, axe_tma_refusal *why, axe_error *err);

/* Cut the base modes of "w" along "a" into w->mode and mark the box: 0, or -1 ("err"). */
int axe_tma_apply(tma_work *w, const tma_arrangement *a, axe_error *err);

/* Split mode "k" of "w" into an inner mode of extent "inner" and the outer rest after it. */
int axe_tma_split_mode(tma_work *w, size_t k, int64_t inner, axe_error *err);

/* tma_rules.c: the rules a finished plan must also meet (shared and global addresses, coordinates). */
int axe_tma_plan_check(const axe_tma_plan *plan, axe_tma_refusal *why);

/* Set the rule and the reason of "why" (may be NULL); returns 0, the "no plan" answer. */
int axe_tma_refuse(axe_tma_refusal *why, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Set what would fix it; returns 0. */
int axe_tma_fix(axe_tma_refusal *why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Element bytes of "dtype". */
int64_t axe_tma_elem_bytes(int dtype);

#endif
