/*
 * flat.h: the view of a Triton LinearLayout that Triton's shared-memory
 * lowering works on: every out-dim flattened into one (LinearLayout::
 * flattenOuts, dim0 the most minor, as toLinearLayout orders them), so a
 * basis is one GF(2) vector of tensor-index bits; the GF(2) list operations
 * of lib/Tools/GenericSwizzling.cpp (triton-lang/triton @ e3b5495) that the
 * LinearLayout algebra has no counterpart of (nullspaceBasis,
 * intersectionBasis, complementBasis); largestVectorisation of
 * lib/Tools/LayoutUtils.cpp; and the names of the instructions.  Composing
 * and dividing layouts is linear/algebra.h's (axe_ll): audit_flat_ll gives
 * a flattened layout as one.  Used by swizzle.c and local.c.
 */
#ifndef AXE_AUDIT_FLAT_H
#define AXE_AUDIT_FLAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../linear/algebra.h"
#include "../linear/linear.h"

#define AUDIT_MAX_BASES 64 /* a GF(2) list: at most this many vectors */

typedef struct audit_flat {
	bool has[AXE_LINEAR_NIN];                        /* the in-dim exists */
	int n[AXE_LINEAR_NIN];                           /* bases of each in-dim */
	uint32_t b[AXE_LINEAR_NIN][AXE_LINEAR_MAX_BITS]; /* each basis, flattened */
	int out_bits;                                    /* bits of the flat out-dim */
} audit_flat;

/*
 * Flatten L, reading its coordinates on a tensor whose dim d has 2^log2[d]
 * elements (the allocation's shape for a view inside a buffer).  0 or -1.
 */
int audit_flat_of(const axe_linear *L, const int *log2, size_t rank, audit_flat *F,
		  axe_error *err);

/* The coordinates of flat index "v" on the shape "log2" ("rank" dims) into "coord". */
void audit_flat_unflatten(uint32_t v, const int *log2, size_t rank, int32_t *coord);

/* Triton's actionRemoveBroadcastedRegs: drop the register bases that are zero. */
void audit_flat_drop_zero_regs(audit_flat *F);

/*
 * F as a LinearLayout (axe_ll): its in-dims in Triton's order, one out-dim
 * "flat" of F->out_bits bits.  0, or -1 with "err" set.
 */
int audit_flat_ll(const audit_flat *F, axe_ll *L, axe_error *err);

/*
 * Triton's a.invertAndCompose(b) (axe_ll_invert_and_compose) with its
 * out-dims flattened: for every basis of "a", the in-dim value of "b" that
 * maps to the same tensor index, b's in-dims concatenated in their order
 * (offset below block for shared layouts) as the bits of one index.  0, or
 * -1 with "err" set (a reaches an element b does not hold).
 */
int audit_flat_invert_compose(const audit_flat *a, const audit_flat *b, audit_flat *out,
			      axe_error *err);

/* Reorder the register bases: new basis i is old basis perm[i]. */
void audit_flat_permute_regs(audit_flat *F, const int *perm);

/* True when "x" is one of v[0..n). */
bool audit_gf2_contains(const uint32_t *v, int n, uint32_t x);

/*
 * Triton's intersectionBasis: a basis of span(b1) and span(b2) in the
 * order Triton returns it (b1's order when every vector is a power of two,
 * else the null space of the null spaces).  Returns its length.
 */
int audit_gf2_intersection(const uint32_t *b1, int n1, const uint32_t *b2, int n2, int dim,
			   uint32_t *out);

/* Triton's complementBasis: the unit vectors of the non-pivot columns of b. */
int audit_gf2_complement(const uint32_t *b, int n, int dim, uint32_t *out);

/*
 * Triton's largestVectorisation of "cvt" (register, lane, warp, block ->
 * offset): the most elements (at most 128 bits, or "max_elems" when it is
 * positive, then without reordering registers) that one instruction moves,
 * and the register order it needs in perm[] (perm[i]: old index): the
 * widest identity tile of registers onto the lowest offsets that
 * regPermForDivide and axe_ll_divide_left find.  0, or -1 with "err" set.
 */
int audit_largest_vectorisation(const audit_flat *cvt, int bitwidth, int max_elems, int *perm,
				int *elems, axe_error *err);

/*
 * The PTX names Triton's NVIDIA backend emits: ld.shared / st.shared of
 * "elems" elements of "bitwidth" bits packed into 32-bit words (64-bit
 * elements stay whole), "st.shared.v4.b32"; ldmatrix / stmatrix moving
 * "tiles" 8x8 tiles per instruction, "ldmatrix.x4.trans".
 */
void audit_ldst_name(char *buf, size_t size, bool store, int elems, int bitwidth);
void audit_matrix_name(char *buf, size_t size, bool store, int tiles, bool trans);

#endif
