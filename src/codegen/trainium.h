/*
 * trainium.h: planning C[M, N] = A[K, M]^T . B[K, N] on the Trainium Tensor
 * Engine from the layouts of its operands (Axe paper, section 3.4 "AI
 * accelerator support: Systolic Array GEMM" and Appendix H; semantics.md
 * "Trainium").
 *
 * Memory axes: P (partitions), F (the free axis, in elements) and Bank (PSUM
 * banks of 2 KiB per partition).  A and B live in SBUF (P and F); C lives in
 * PSUM (P, F, Bank) or in SBUF, accumulated through a PSUM workspace.  One
 * nc_matmul contracts the K partitions of a stationary tile (free size <= 128)
 * with those of a moving tile (free size <= 512, one PSUM bank of fp32); its
 * output tile has the stationary free dimension on partitions.  So the
 * operand whose free dimension C puts on partitions is stationary: A when C
 * has M on P, B when C has N on P (the role swap).
 *
 * The plan (Appendix H, steps 1-4):
 *  1. group each operand by its 2-D shape and refine the two operands that
 *     share a dimension to the same iter extents (the common refinement);
 *  2. K intersection: the K iters on P, with the same strides in A and B;
 *  3. MN intersection: the stationary dimension's iters on P in C and on F in
 *     its operand; the moving dimension's iters on F in both its operand and
 *     C, the run of adjacent iters that needs the fewest instructions;
 *  4. each instruction dimension is one such run, fused into one iter in
 *     both operands that hold it; every other iter becomes a loop.
 * Deviations from the paper, for code that runs: a run is adjacent in the
 * logical dimension (the paper takes any set of iters that fuses), so that
 * every tile is one strided slice of the HBM tensor and of the on-chip one;
 * every instruction tile starts at partition 0 (K and C's partition
 * dimension never loop across partitions; the row/column tiling modes of
 * nc_matmul's tile_position are not planned); only the moving dimension is
 * split when its run exceeds the limit, evenly or with a ragged last tile,
 * whichever needs fewer instructions.
 */
#ifndef AXE_CODEGEN_TRAINIUM_H
#define AXE_CODEGEN_TRAINIUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../algebra/algebra.h"
#include "../core/error.h"
#include "../core/layout.h"

#define AXE_TRN_MAX_ITERS 64              /* iters of one dimension (extents >= 2) */
#define AXE_TRN_STATIONARY_MAX 128        /* free size of a stationary tile */
#define AXE_TRN_MOVING_MAX 512            /* free size of a moving tile: fp32 in one bank */
#define AXE_TRN_BANK_BYTES 2048           /* a PSUM bank, per partition */
#define AXE_TRN_SBUF_BYTES (192 * 1024)   /* SBUF per partition: 24 MiB over 128 */
#define AXE_TRN_ACC_BYTES 4               /* PSUM accumulates in fp32 */

enum axe_trn_axis { AXE_TRN_P, AXE_TRN_F, AXE_TRN_BANK, AXE_TRN_NAXES };
enum axe_trn_dim { AXE_TRN_K, AXE_TRN_M, AXE_TRN_N, AXE_TRN_NDIMS };
enum axe_trn_operand { AXE_TRN_A, AXE_TRN_B, AXE_TRN_C, AXE_TRN_NOPERANDS };
enum axe_trn_buffer { AXE_TRN_SBUF, AXE_TRN_PSUM };

const char *axe_trn_axis_name(enum axe_trn_axis axis);       /* "P", "F", "Bank" */
const char *axe_trn_dim_name(enum axe_trn_dim dim);          /* "K", "M", "N" */
const char *axe_trn_operand_name(enum axe_trn_operand op);   /* "A", "B", "C" */
const char *axe_trn_buffer_name(enum axe_trn_buffer buffer); /* "SBUF", "PSUM" */

/* Dimension "d" (0 or 1) of operand "op": A is (K, M), B (K, N), C (M, N). */
enum axe_trn_dim axe_trn_operand_dim(enum axe_trn_operand op, int d);

/* Holder "h" (0 or 1) of "dim": K is in A and B, M in A and C, N in B and C. */
enum axe_trn_operand axe_trn_holder(enum axe_trn_dim dim, int h);

/* Partitions and PSUM banks of the hardware (the axis registry, axes.def). */
int64_t axe_trn_partitions(void);
int64_t axe_trn_banks(void);

/* The nki.language name of dtype "dtype" ("bfloat16"), or NULL: not a matmul type. */
const char *axe_trn_nki_dtype(int dtype);

/*
 * The matmul to plan.  Each layout is borrowed and given on its 2-D shape:
 * A (K, M), B (K, N), C (M, N).  "max_tile" bounds the instruction: K, the
 * stationary free size and the moving free size (at most 128, 128, 512).
 */
typedef struct axe_trn_request {
	const axe_layout *layout[AXE_TRN_NOPERANDS];
	axe_shape shape[AXE_TRN_NOPERANDS];
	int dtype;                    /* of A and B: an axe_dtype_lookup() index */
	int c_dtype;                  /* of C (fp32 in PSUM) */
	enum axe_trn_buffer c_buffer;
	int64_t max_tile[3];
} axe_trn_request;

/* The hardware's instruction limits, in max_tile order. */
void axe_trn_default_limits(int64_t max_tile[3]);

/* One iter of an operand's dimension after the common refinement. */
typedef struct axe_trn_iter {
	int64_t extent;
	int64_t stride;
	enum axe_trn_axis axis;
} axe_trn_iter;

/*
 * The instruction's part of one dimension: the refined iters [first, end),
 * fused into one iter of "stride" on "axis" in each holder.  A run too long
 * for the limit is split: its outermost iter (extent "outer_extent") is
 * walked "outer" digits at a time by a loop, so a tile spans
 * inner * min(outer, outer_extent - outer * q) elements at trip q.
 */
typedef struct axe_trn_tile {
	size_t first, end;
	int64_t size;                 /* elements along the dimension in a full tile */
	int64_t last;                 /* in the tile of the split loop's last trip */
	int64_t outer, inner, outer_extent;
	int split_loop;               /* index in plan->loop of the split, or -1 */
	int64_t step;                 /* logical distance of neighbours in a tile */
	int64_t stride[2];            /* per holder */
	enum axe_trn_axis axis[2];
} axe_trn_tile;

/* A loop over one refined iter (or the split part of a run) of a dimension. */
typedef struct axe_trn_loop {
	enum axe_trn_dim dim;
	char var[8];                  /* "k0", "m1", ...: numbered within the dimension */
	int64_t trips;
	int64_t step;                 /* logical advance per trip */
	int64_t stride[2];            /* per holder: physical advance per trip */
	enum axe_trn_axis axis[2];
	bool ragged;                  /* the last trip covers a partial tile */
} axe_trn_loop;

typedef struct axe_trn_plan {
	int64_t dim[AXE_TRN_NDIMS];                  /* K, M, N */
	bool swapped;                                /* C has N on P: B is stationary */
	enum axe_trn_buffer c_buffer;
	int dtype, c_dtype;
	axe_trn_iter iter[AXE_TRN_NDIMS][2][AXE_TRN_MAX_ITERS]; /* per dimension and holder */
	size_t niter[AXE_TRN_NDIMS];
	axe_trn_tile tile[AXE_TRN_NDIMS];
	axe_trn_loop loop[AXE_TRN_NDIMS * AXE_TRN_MAX_ITERS]; /* nesting order: M, N, K */
	size_t nloops;
	int64_t trips[AXE_TRN_NDIMS];                /* instructions along each dimension */
	int64_t matmuls, groups, live_groups;
	int64_t partitions[AXE_TRN_NOPERANDS];       /* extents of each on-chip tensor */
	int64_t banks[AXE_TRN_NOPERANDS];            /* 0: the tensor has no bank dimension */
	int64_t free[AXE_TRN_NOPERANDS];
	int64_t sbuf_bytes;                          /* per partition: A, B, C or staging */
} axe_trn_plan;

/* The stationary and moving dimension (M and N, or N and M when swapped). */
enum axe_trn_dim axe_trn_stationary_dim(const axe_trn_plan *plan);
enum axe_trn_dim axe_trn_moving_dim(const axe_trn_plan *plan);

/*
 * The instruction shape in words into "buf": "K=128 (partitions) x M=128
 * (stationary) x N=512 (moving)", N before M when swapped.
 */
void axe_trn_instruction_text(const axe_trn_plan *plan, char *buf, size_t size);

/* The holder index (0 or 1) of operand "op" for dimension "dim", or -1. */
int axe_trn_holder_index(enum axe_trn_dim dim, enum axe_trn_operand op);

/*
 * Plan "req" into "plan": 1; 0 when the hardware cannot do it ("why" says
 * why: a replicated or non-injective operand, an axis other than P, F, Bank,
 * a range outside the memories, K off the partitions or mapped differently
 * in A and B, shapes no refinement reconciles, too many live accumulation
 * groups, SBUF overflow, a type the Tensor Engine does not take); -1 on an
 * input error (shapes of the wrong rank or that disagree, limits out of
 * range) or no memory.
 */
int axe_trn_plan_matmul(const axe_trn_request *req, axe_trn_plan *plan, axe_reason *why,
			axe_error *err);

/*
 * A layout from a P/F annotation (spec-format helper for SBUF/PSUM tiles):
 * one comma-separated group per logical dimension, each a dot-separated list
 * of factors EXTENT AXIS, outermost first, AXIS one of P, F, Bank:
 * "4F.128P,256F" is A[512, 256] with K's 128 on partitions.  On each axis the
 * factors are packed row-major in order of appearance (the last one has
 * stride 1), so "4F.128P,256F" is S[(4,128,256):(256@F,1@P,1@F)].  The shape
 * (the product of each group) goes into "shape".  Errors are placed at "loc"
 * (the text's start, for the caret); NULL on error.
 */
axe_layout *axe_trn_layout_from_annotation(const char *text, const axe_loc *loc,
					   axe_shape *shape, axe_error *err);

#endif
