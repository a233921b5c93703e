/*
 * algebra.h: Triton's LinearLayout algebra over GF(2), on layouts whose
 * in-dims and out-dims are named freely (axe_ll), as Triton's are.
 *
 * linear.h's axe_linear fixes its in-dims (offset, register, lane, warp,
 * block) and its out-dims (the tensor dims): enough for an encoding, not for
 * the algebra, where a layout's out-dims become another's in-dims (compose),
 * invertAndCompose maps hardware dims to hardware dims, and Triton's own
 * tests name dims "in1", "out2".  axe_ll holds up to AXE_LL_MAX_DIMS in-dims
 * and as many out-dims, each with a name; axe_ll_of_linear and
 * axe_ll_to_linear convert.  A layout maps the XOR of the bases of the set
 * bits of each in-dim value; out-dim d has 2^out_log2[d] values.
 *
 * The meaning is Triton's (lib/Tools/LinearLayout.cpp and LayoutUtils.cpp,
 * github.com/triton-lang/triton at commit
 * 0b47bc5b105c0db7cf321719cccd5f23190d3fe8; algebra.c says which function
 * follows which).  Where Triton asserts a precondition, these functions
 * return -1 with "err" set instead.  Dim lists are written as one string of
 * names separated by commas ("register,lane"; "" is the empty list).
 * Matrices are 64-bit rows, so a layout has at most 64 in-bits and 64
 * out-bits in all (AXE_ERR_LIMIT beyond).
 */
#ifndef AXE_LINEAR_ALGEBRA_H
#define AXE_LINEAR_ALGEBRA_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/error.h"
#include "linear.h"

#define AXE_LL_MAX_DIMS 10    /* in-dims, and out-dims, of one layout (Triton's tests use 9) */
#define AXE_LL_NAME_SIZE 16   /* a dim name with its NUL */

typedef struct axe_ll {
	int nin, nout;
	char in_name[AXE_LL_MAX_DIMS][AXE_LL_NAME_SIZE];
	int in_log2[AXE_LL_MAX_DIMS];  /* bases of each in-dim: its size is 2^in_log2 */
	char out_name[AXE_LL_MAX_DIMS][AXE_LL_NAME_SIZE];
	int out_log2[AXE_LL_MAX_DIMS]; /* each out-dim's size is 2^out_log2 */
	int32_t basis[AXE_LL_MAX_DIMS][AXE_LINEAR_MAX_BITS][AXE_LL_MAX_DIMS];
} axe_ll;

/* ---- building ---------------------------------------------------------- */

/* Triton's LinearLayout::empty(): no in-dims, no out-dims. */
void axe_ll_init(axe_ll *L);

/* Append an in-dim of "nbits" zero bases; its index, or -1 (name taken, too many). */
int axe_ll_add_in(axe_ll *L, const char *name, int nbits, axe_error *err);

/* Append an out-dim of size 2^log2; its index, or -1. */
int axe_ll_add_out(axe_ll *L, const char *name, int log2, axe_error *err);

/* The index of a dim by name, or -1. */
int axe_ll_in_index(const axe_ll *L, const char *name);
int axe_ll_out_index(const axe_ll *L, const char *name);

/*
 * Triton's identity1D(size, in, out) (size 0 gives the empty layout) and
 * zeros1D(size, in, out, outSize).  Sizes are powers of two.  0 or -1.
 */
int axe_ll_identity1d(axe_ll *L, int64_t size, const char *in, const char *out,
		      axe_error *err);
int axe_ll_zeros1d(axe_ll *L, int64_t size, const char *in, const char *out, int64_t out_size,
		   axe_error *err);

/*
 * Triton's operator*: "inner" then "outer" (outer's bases follow inner's on
 * a shared in-dim and are scaled by inner's size on a shared out-dim); dims
 * in the order of Triton's supremum of the two orders (an error when the
 * orders disagree).  "out" may alias an operand.  0 or -1.
 */
int axe_ll_mul(axe_ll *out, const axe_ll *inner, const axe_ll *outer, axe_error *err);

/* The layout of an axe_linear (in-dims in Triton's order, out-dims "dim<d>"). */
int axe_ll_of_linear(axe_ll *out, const axe_linear *L, axe_error *err);

/*
 * Back to an axe_linear of "rank" tensor dims: every in-dim must be one of
 * linear_dims.def's names and every out-dim "dim<d>" with d < rank.  0 or -1.
 */
int axe_ll_to_linear(axe_linear *out, const axe_ll *L, size_t rank, axe_error *err);

/* ---- reading ----------------------------------------------------------- */

int axe_ll_total_in_log2(const axe_ll *L);
int axe_ll_total_out_log2(const axe_ll *L);

/*
 * Triton's apply: in[i] is the value of in-dim i (L's order; bits above
 * its size are ignored); out[d] gets the value of out-dim d.
 */
void axe_ll_apply(const axe_ll *L, const int32_t *in, int32_t *out);

/* Triton's operator== (names, orders, bases and out-dim sizes). */
bool axe_ll_equal(const axe_ll *a, const axe_ll *b);

/* Triton's equalIgnoringOutDimSizes. */
bool axe_ll_equal_ignoring_out_sizes(const axe_ll *a, const axe_ll *b);

/*
 * Surjective: every out value is reached; injective: no two in values meet;
 * invertible: both (Triton's isSurjective, isInjective, isInvertible).  The
 * answer is written to *yes; 0, or -1 when the layout is too large.
 */
int axe_ll_is_surjective(const axe_ll *L, bool *yes, axe_error *err);
int axe_ll_is_injective(const axe_ll *L, bool *yes, axe_error *err);
int axe_ll_is_invertible(const axe_ll *L, bool *yes, axe_error *err);

/*
 * Triton's getFreeVariableMasks: mask[i] has bit j set when basis j of
 * in-dim i is a free variable (linearly dependent on the bases before it,
 * in-dims in order).  0 or -1.
 */
int axe_ll_free_variable_masks(const axe_ll *L, int32_t *mask, axe_error *err);

/*
 * Triton's getNumConsecutiveInOut: how many consecutive values of the first
 * in-dim map to consecutive values of the first out-dim, a power of two
 * (the widest vector a thread can move at once).
 */
int32_t axe_ll_num_consecutive_in_out(const axe_ll *L);

/* ---- reshaping --------------------------------------------------------- */

/* Triton's transposeIns / transposeOuts: reorder the dims as "dims" (the same set). */
int axe_ll_transpose_ins(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err);
int axe_ll_transpose_outs(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err);

/*
 * Triton's reshapeIns / reshapeOuts: new dims "dims" with sizes 2^log2[i]
 * of the same total size, taking the flattened bases (ins) or the flattened
 * values (outs) in order.  0 or -1.
 */
int axe_ll_reshape_ins(axe_ll *out, const axe_ll *L, const char *dims, const int *log2,
		       axe_error *err);
int axe_ll_reshape_outs(axe_ll *out, const axe_ll *L, const char *dims, const int *log2,
			axe_error *err);

/* Triton's flattenIns / flattenOuts: one dim, named as the first. */
int axe_ll_flatten_ins(axe_ll *out, const axe_ll *L, axe_error *err);
int axe_ll_flatten_outs(axe_ll *out, const axe_ll *L, axe_error *err);

/*
 * Triton's concatIns (same out-dims and sizes; "b"'s in-dims after "a"'s)
 * and concatOuts (same in-dims and sizes; "b"'s out-dims after "a"'s).
 */
int axe_ll_concat_ins(axe_ll *out, const axe_ll *a, const axe_ll *b, axe_error *err);
int axe_ll_concat_outs(axe_ll *out, const axe_ll *a, const axe_ll *b, axe_error *err);

/*
 * Triton's sublayout: only the in-dims "ins" and the out-dims "outs" (each
 * a subset of L's, kept in L's order).  0 or -1.
 */
int axe_ll_sublayout(axe_ll *out, const axe_ll *L, const char *ins, const char *outs,
		     axe_error *err);

/* Triton's sublayoutIsZero: every basis of "ins" is 0 on "outs" (names not in L are ignored). */
bool axe_ll_sublayout_is_zero(const axe_ll *L, const char *ins, const char *outs);

/*
 * LayoutUtils' squareSublayoutIsIdentity: each of "dims" is an in-dim and an
 * out-dim of the same size, and restricted to them L is the identity.
 */
bool axe_ll_square_sublayout_is_identity(const axe_ll *L, const char *dims);

/* Triton's isTrivialOver: L acts as the identity on "dims" and mixes them with nothing else. */
bool axe_ll_is_trivial_over(const axe_ll *L, const char *dims);

/*
 * Triton's quotient: L without "dims" (in and out) when L is trivial over
 * them.  1 with *out filled, 0 when it is not, -1 on error.
 */
int axe_ll_quotient(axe_ll *out, const axe_ll *L, const char *dims, axe_error *err);

/* Remove the zero bases of in-dim "dim" (Triton's removeZeroBasesAlongDim). */
int axe_ll_remove_zero_bases(axe_ll *out, const axe_ll *L, const char *dim, axe_error *err);

/* ---- composing and inverting ------------------------------------------- */

/*
 * Triton's compose: outer(L(x)).  L's out-dims are outer's in-dims (as a
 * set), each no larger.  The result has L's in-dims and outer's out-dims.
 */
int axe_ll_compose(axe_ll *out, const axe_ll *L, const axe_ll *outer, axe_error *err);

/*
 * Triton's invertAndCompose: C with L(x) = outer(C(x)), from L's in-dims to
 * outer's in-dims.  The out-dims of both are the same set of the same sizes
 * and outer reaches every value L takes (Triton asks that outer be
 * surjective).  In-dims on which both layouts agree map to
 * themselves; the rest is the least-squares solution of minimal norm (free
 * variables 0), so that broadcast data is read from one place.  0 or -1.
 */
int axe_ll_invert_and_compose(axe_ll *out, const axe_ll *L, const axe_ll *outer,
			      axe_error *err);

/* Triton's pseudoinvert (L surjective: a right inverse) and invert (L invertible). */
int axe_ll_pseudoinvert(axe_ll *out, const axe_ll *L, axe_error *err);
int axe_ll_invert(axe_ll *out, const axe_ll *L, axe_error *err);

/*
 * Triton's divideLeft: C with A = B * C, and divideRight: C with A = C * B.
 * C has A's dims.  1 with *out filled, 0 when no such C exists, -1 on error.
 */
int axe_ll_divide_left(axe_ll *out, const axe_ll *A, const axe_ll *B, axe_error *err);
int axe_ll_divide_right(axe_ll *out, const axe_ll *A, const axe_ll *B, axe_error *err);

#endif
