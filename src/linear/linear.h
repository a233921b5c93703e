/*
 * linear.h: Triton's LinearLayout, a linear map over GF(2) from hardware
 * indices (in-dims register, lane, warp, block, or offset for shared
 * memory) to tensor coordinates (out-dims dim0, dim1, ...): bases[in][i] is
 * the coordinate of in-dim value 2^i and a value maps to the XOR of the
 * bases of its set bits.  The builders are Triton's own (identity1D,
 * zeros1D, operator*, transposeOuts, ensureLayoutNotSmallerThan/LargerThan)
 * with Triton's meaning, so the encodings in triton.c read like Triton's
 * LinearLayoutConversions.cpp (interop/); interop/linear_axe.c turns a
 * LinearLayout into an Axe layout (compact form or `expr:`) and back.
 */
#ifndef AXE_LINEAR_LINEAR_H
#define AXE_LINEAR_LINEAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/error.h"
#include "../core/layout.h"

#define AXE_LINEAR_MAX_RANK 8  /* tensor dims */
#define AXE_LINEAR_MAX_BITS 30 /* bases of one in-dim, bits of one out-dim */
#define AXE_LINEAR_MAX_IN_BITS 64 /* bases over all in-dims (GF(2) masks are 64-bit) */

enum axe_linear_in {
#define IN_DIM(id, name, axis) AXE_LINEAR_##id,
#include "linear_dims.def"
#undef IN_DIM
	AXE_LINEAR_NIN
};

extern const char *const axe_linear_in_name[AXE_LINEAR_NIN]; /* "register", ... */
extern const char *const axe_linear_in_axis[AXE_LINEAR_NIN]; /* "reg", ... */

typedef struct axe_linear {
	size_t rank;                            /* tensor dims: out-dims dim0 .. dim<rank-1> */
	bool has_in[AXE_LINEAR_NIN];            /* the in-dim exists (perhaps of size 1) */
	int nbits[AXE_LINEAR_NIN];              /* bases of each in-dim */
	int32_t basis[AXE_LINEAR_NIN][AXE_LINEAR_MAX_BITS][AXE_LINEAR_MAX_RANK];
	size_t nout;                            /* out-dims the layout has, in its order */
	int out_order[AXE_LINEAR_MAX_RANK];
	int out_log2[AXE_LINEAR_MAX_RANK];      /* per tensor dim: log2 of its size */
} axe_linear;

/* The empty layout of "rank" tensor dims: no in-dims, no out-dims. */
void axe_linear_init(axe_linear *L, size_t rank);

/*
 * Triton's builders.  identity1D maps in-dim values [0, size) to the same
 * coordinate on "dim"; zeros1D maps them all to 0 (size 1 on "dim").
 * "size" must be a power of two.  0, or -1 with "err" set.
 */
int axe_linear_identity1d(axe_linear *L, int64_t size, int in, int dim, axe_error *err);
int axe_linear_zeros1d(axe_linear *L, int64_t size, int in, int dim, axe_error *err);

/*
 * Triton's operator*: "a" then "b" (b's out-dims more major).  An in-dim of
 * both gets a's bases, then b's; on an out-dim of both, b's values are
 * multiplied by a's size there.  Out-dims in a's order, then b's new ones.
 * "out" may be "a".  0 or -1.
 */
int axe_linear_mul(axe_linear *out, const axe_linear *a, const axe_linear *b, axe_error *err);

/* *L = *L * (identity1D or zeros1D of "size"); 0 or -1. */
int axe_linear_mul_identity(axe_linear *L, int64_t size, int in, int dim, axe_error *err);
int axe_linear_mul_zeros(axe_linear *L, int64_t size, int in, int dim, axe_error *err);

/* Reorder the out-dims as "order" ("n" dims: the same set); Triton's transposeOuts. */
void axe_linear_transpose_outs(axe_linear *L, const int *order, size_t n);

/* The standard order dim0, dim1, ...: every tensor dim becomes an out-dim. */
void axe_linear_standard_outs(axe_linear *L);

/*
 * Triton's identityStandardND: for i in order, *= identity1D(shape[order[i]],
 * in, order[i]) (order[0] is the fastest dim).
 */
int axe_linear_identity_nd(axe_linear *L, int in, const int64_t *shape, const int *order,
			   axe_error *err);

/*
 * Triton's ensureLayoutNotSmallerThan: each out-dim (in the layout's order)
 * smaller than shape[d] grows by identity bases of in-dim "in" (register
 * for register layouts, offset for shared ones).
 */
int axe_linear_not_smaller(axe_linear *L, int in, const int64_t *shape, axe_error *err);

/* The out-dim size of tensor dim "d" (1 when it is not an out-dim). */
int64_t axe_linear_out_size(const axe_linear *L, int d);

/*
 * Check that L is a layout of "shape" (every dim a power of two equal to
 * the out-dim size, every basis inside it) and small enough for GF(2)
 * masks.  "what" names the layout in messages.  0 or -1.
 */
int axe_linear_check(const axe_linear *L, const axe_shape *shape, axe_error *err);

/*
 * Triton's ensureLayoutNotLargerThan as its lib/Tools/LayoutUtils.cpp has
 * it today (commit e3b5495253313e42ad074906ea8e2063b70dcc69): each out-dim
 * shrinks to min(its size, shape[d]) and every basis coordinate at or above
 * the new size becomes 0.  With "broadcast_registers" false a register
 * basis that this makes all zero is dropped (one that was zero stays).
 */
void axe_linear_fit_not_larger(axe_linear *L, const int64_t *shape, bool broadcast_registers);

/*
 * Triton's reshapeLayout (LayoutUtils.cpp): the coordinates read as a
 * row-major index and written back on "shape" ("rank" dims, the same
 * number of elements; powers of two).  Out-dims in the standard order.
 */
int axe_linear_reshape(axe_linear *L, const int64_t *shape, size_t rank, axe_error *err);

/*
 * Triton's transposeLinearLayout: new dim i takes old dim order[i] of
 * every basis (and its size).  Out-dims in the standard order.
 */
void axe_linear_permute_dims(axe_linear *L, const int *order);

#endif
