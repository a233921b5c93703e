/*
 * tma.h: TMA copy plans: the cuTensorMapEncodeTiled arguments and the list
 * of cp.async.bulk.tensor copies that move a region between a global tensor
 * and a shared-memory tile (semantics.md "TMA tensor maps"; Axe
 * paper section 3.4 "TMA asynchronous copy"; CUDA driver API,
 * cuTensorMapEncodeTiled; CUDA programming guide, "Using TMA to transfer
 * multi-dimensional arrays" and its swizzle table).
 *
 * Model.  A tensor map describes a strided global tensor of rank 1..5
 * (dimension 0 contiguous); one copy moves a box of it, at integer
 * coordinates, to one shared-memory address, where the box lies densely in
 * dimension order (dimension 0 fastest).  Under a 32/64/128B swizzle each
 * box row (dimension 0) takes the full swizzle span in shared memory, and
 * the 16-byte chunks of the final byte address are permuted as
 * Swizzle(B, 4, 3) on bytes; that equals a shared layout's swizzle preset
 * when the buffer base is aligned to the pattern's repeat (256/512/1024 B).
 *
 * Arrays are innermost first, as cuTensorMapEncodeTiled takes them; a box
 * given by the user ("box" in the request, the --box option) is outermost
 * first, like every shape of the tool.
 */
#ifndef AXE_CODEGEN_TMA_H
#define AXE_CODEGEN_TMA_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/layout.h"

#define AXE_TMA_MAX_RANK 5   /* dimensions of one tensor map */
#define AXE_TMA_MAX_LOOPS 64 /* loops of copies in one plan */

/* The enums of the CUDA driver, with the same values. */
typedef enum axe_tma_interleave {
	AXE_TMA_INTERLEAVE_NONE = 0,
	AXE_TMA_INTERLEAVE_16B,
	AXE_TMA_INTERLEAVE_32B,
} axe_tma_interleave;

typedef enum axe_tma_swizzle {
	AXE_TMA_SWIZZLE_NONE = 0,
	AXE_TMA_SWIZZLE_32B,
	AXE_TMA_SWIZZLE_64B,
	AXE_TMA_SWIZZLE_128B,
} axe_tma_swizzle;

typedef enum axe_tma_l2 {
	AXE_TMA_L2_NONE = 0,
	AXE_TMA_L2_64B,
	AXE_TMA_L2_128B,
	AXE_TMA_L2_256B,
} axe_tma_l2;

typedef enum axe_tma_oob {
	AXE_TMA_OOB_ZERO = 0, /* CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE: zeros */
	AXE_TMA_OOB_NAN,      /* CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA */
} axe_tma_oob;

typedef enum axe_tma_direction {
	AXE_TMA_G2S = 0, /* global to shared: a load, completed on an mbarrier */
	AXE_TMA_S2G,     /* shared to global: a store, completed by a bulk group */
} axe_tma_direction;

/* Where a request field came from, for error messages (loc.source NULL: nowhere). */
typedef struct axe_tma_origin {
	axe_loc loc;
	int span;
} axe_tma_origin;

/*
 * Half-open ranges [begin, end) per logical dimension; rank 0 asks for the
 * default.  A global range may run past the tensor's end (begin inside it):
 * the copy fills the elements beyond with zeros or NaN (a ragged last tile).
 */
typedef struct axe_tma_region {
	size_t rank;
	int64_t begin[AXE_MAX_RANK];
	int64_t end[AXE_MAX_RANK];
} axe_tma_region;

/*
 * What to copy.  "global" places the global tensor on m in elements (no
 * replica, no swizzle); "smem" places the shared tile on m in elements, with
 * the swizzle the copy must produce.  Element i of "region" (row-major)
 * pairs with element i of "smem_region"; the two hold the same number of
 * elements, whatever their extents.  Defaults: "smem_region" the whole shared
 * shape; "region" the same extents at the global origin, aligned to the
 * global shape's innermost dimensions (outer ones [0, 1)).
 */
typedef struct axe_tma_request {
	const axe_layout *global;
	axe_shape global_shape;
	const axe_layout *smem;
	axe_shape smem_shape;
	int dtype;                    /* axe_dtype_lookup() index */
	axe_tma_region region;
	axe_tma_region smem_region;
	axe_tma_direction direction;
	size_t box_rank;              /* 0: the planner chooses the box */
	int64_t box[AXE_MAX_RANK];    /* a forced box, outermost first; 1: outside the box */
	axe_tma_interleave interleave;
	axe_tma_l2 l2_promotion;
	axe_tma_oob oob_fill;
	axe_tma_origin global_at, smem_at, region_at, smem_region_at, box_at;
	bool fold_unmoved;            /* fold dimensions no copy moves into the base address
					 (false: the map keeps every tensor dimension) */
} axe_tma_request;

/* Zero "req" and set the defaults: g2s, no interleave, 128B L2 promotion, zero fill. */
void axe_tma_request_init(axe_tma_request *req);

/* The arguments of cuTensorMapEncodeTiled (all arrays innermost first). */
typedef struct axe_tma_params {
	int dtype;                                     /* axe_dtype index */
	int rank;
	uint64_t global_dim[AXE_TMA_MAX_RANK];
	uint64_t global_strides[AXE_TMA_MAX_RANK - 1]; /* bytes, of dimensions 1..rank-1 */
	uint32_t box_dim[AXE_TMA_MAX_RANK];
	uint32_t element_strides[AXE_TMA_MAX_RANK];
	axe_tma_interleave interleave;
	axe_tma_swizzle swizzle;
	axe_tma_l2 l2_promotion;
	axe_tma_oob oob_fill;
} axe_tma_params;

/* One cp.async.bulk.tensor. */
typedef struct axe_tma_copy {
	int64_t coords[AXE_TMA_MAX_RANK]; /* innermost first, params.rank of them */
	int64_t smem_offset_bytes;        /* from the shared buffer's base (unswizzled) */
	int64_t global_offset_bytes;      /* the map's globalAddress: the global base + this */
} axe_tma_copy;

/* A loop of copies: each step adds these to the coordinates and offsets. */
typedef struct axe_tma_loop {
	int64_t extent;
	int64_t coord_step[AXE_TMA_MAX_RANK];
	int64_t smem_step_bytes;
	int64_t global_step_bytes; /* nonzero only for tensor dimensions beyond the map's rank */
} axe_tma_loop;

/*
 * A plan: one tensor map and the copies, copy k being "first" plus the
 * steps of the loops at the digits of k (row-major over the loop extents,
 * loop[0] slowest).  Copies come in increasing shared-memory offset.
 */
typedef struct axe_tma_plan {
	axe_tma_params params;
	axe_tma_direction direction;
	axe_tma_copy first;
	size_t nloops;
	axe_tma_loop loop[AXE_TMA_MAX_LOOPS];
	int64_t ncopies;
	int64_t bytes_per_copy;    /* box elements x element bytes: the mbarrier expect-tx */
	int64_t total_bytes;       /* ncopies x bytes_per_copy: the region's bytes */
	int64_t box_pitch_bytes;   /* shared bytes between box rows (the swizzle span, or the row) */
	int64_t smem_alignment;    /* the shared buffer's base alignment, bytes (128; 256/512/1024 swizzled) */
	int64_t global_alignment;  /* the global base address alignment, bytes (16; 32 with the 32B interleave) */
	int folded_dims;           /* global pieces folded into the base address (coordinates, rank > 5) */
	size_t nfilled;            /* global dimensions whose range runs past the tensor's end */
	struct axe_tma_fill {
		int dim;               /* logical dimension of the global shape */
		int64_t begin, end;    /* its indices beyond the tensor: [extent, region end) */
	} filled[AXE_MAX_RANK];
	int64_t filled_elements;   /* region elements outside the tensor (zero/NaN on a load,
				      not written on a store) */
} axe_tma_plan;

/* Why no plan exists: the rule that fails, the numbers, and what would fix it. */
typedef struct axe_tma_refusal {
	char rule[96];
	char reason[512];
	char fix[512];
	char tried[1024]; /* the arrangements the planner tried, "" when it tried none */
} axe_tma_refusal;

/*
 * Plan the copy "req" into "plan".  Returns 1 with a plan; 0 when the
 * hardware cannot do it ("why" names the failing rule and a fix: a global
 * stride that is not a multiple of 16 bytes, a transposed shared layout, a
 * forced box that breaks a rule...); -1 on an input error in "err" (a
 * region out of bounds, a layout on other axes than m, regions of different
 * element counts, a --box that does not describe the region).  Without a
 * forced box, the planner searches the boxes the layouts allow (every
 * divisor of every run, cut into more tensor dimensions) and keeps the one
 * with the fewest copies, then the lowest rank; the map keeps every tensor
 * dimension, one of region extent 1 as a coordinate of each copy (folded
 * into the base address only with "fold_unmoved", or when the map would
 * pass rank 5), and a dimension cut into (outer, inner)
 * pieces may leave an overhang outside the map when the region stays clear
 * of it.
 */
int axe_tma_plan_build(const axe_tma_request *req, axe_tma_plan *plan, axe_tma_refusal *why,
		       axe_error *err);

/*
 * The regions "req" copies into "global" and "smem", the defaults filled in
 * and checked as axe_tma_plan_build fills and checks them (a global range
 * may run past the tensor's end); 0, or -1 with "err".
 */
int axe_tma_regions(const axe_tma_request *req, axe_tma_region *global, axe_tma_region *smem,
		    axe_error *err);

/* Whether a loop of "plan" moves the map's global address (one map per address). */
bool axe_tma_plan_moves_base(const axe_tma_plan *plan);

/* Copy number "index" (0 <= index < plan->ncopies) of "plan" into "copy". */
void axe_tma_plan_copy(const axe_tma_plan *plan, int64_t index, axe_tma_copy *copy);

/*
 * Check every documented cuTensorMapEncodeTiled rule on "params": 1 when
 * they hold, 0 with "why" set (rank 1..5, globalDim 1..2^32, globalStrides
 * multiple of 16 (32 with 32B interleave) and below 2^40, boxDim 1..256, inner box bytes a
 * multiple of 16 and at most the swizzle span, elementStrides 1..8,
 * interleave rank >= 3 and 32B interleave with 32B swizzle, NaN fill only
 * for floating-point types).
 */
int axe_tma_params_check(const axe_tma_params *params, axe_tma_refusal *why);

/* "CU_TENSOR_MAP_DATA_TYPE_FLOAT16" for dtype f16 (dtype.def's cuda column), or NULL. */
const char *axe_tma_data_type_name(int dtype);

/* The CUDA enum names: "CU_TENSOR_MAP_SWIZZLE_128B", ... */
const char *axe_tma_interleave_name(axe_tma_interleave v);
const char *axe_tma_swizzle_name(axe_tma_swizzle v);
const char *axe_tma_l2_name(axe_tma_l2 v);
const char *axe_tma_oob_name(axe_tma_oob v);

/*
 * The value of a short option name: interleave "none" "16B" "32B"; L2
 * promotion "none" "64B" "128B" "256B"; fill "zero" "nan"; direction "g2s"
 * "s2g".  -1 when "text" is none of them.
 */
int axe_tma_interleave_parse(const char *text);
int axe_tma_l2_parse(const char *text);
int axe_tma_oob_parse(const char *text);
int axe_tma_direction_parse(const char *text);

/* Bytes of the swizzle span (0 for none, 32, 64, 128) and of its repeat (0, 256, 512, 1024). */
int axe_tma_swizzle_span(axe_tma_swizzle v);
int axe_tma_swizzle_repeat(axe_tma_swizzle v);

#endif
