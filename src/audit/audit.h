/*
 * audit.h: what Triton's NVIDIA backend does, and what it costs, for each op
 * of a module that moves data between layouts.  One file per op family,
 * each citing the Triton file and commit whose rule it follows:
 *   convert.c  ttg.convert_layout: noop / registers / shuffle / shared
 *   local.c    ttg.local_load, local_store, local_alloc: instruction,
 *              vector width, bank conflicts as Triton counts them
 *   swizzle.c  the scratch layout Triton's optimal swizzling picks
 *   tma.c      TMA copies and descriptor loads/stores
 *   mma.c      warp_group_dot, tc_gen5_mma: each shared operand's descriptor
 *   report.c   walks a module (mlir/), dispatches, writes text/JSON/HTML
 * Layouts enter as Triton LinearLayouts (linear/): distributed layouts map
 * register, lane, warp, block to tensor coordinates; shared layouts map
 * offset (in elements), block to tensor coordinates.
 */
#ifndef AXE_AUDIT_AUDIT_H
#define AXE_AUDIT_AUDIT_H

#include <stdbool.h>
#include <stdint.h>

#include "../core/error.h"
#include "../linear/linear.h"

/* The GPU generation the lowering targets: 80, 90, 100 (sm_80, sm_90, sm_100). */
typedef int axe_audit_arch;

/* One side of a shared-memory access, per thread over the whole op. */
typedef struct axe_audit_smem {
	char instr[32];        /* "st.shared.v4.b32", "ldmatrix.x4", "stmatrix.x4.trans" */
	int vector_bits;       /* bits one thread moves per instruction */
	int64_t instructions;  /* per thread, for the whole op */
	int64_t conflicts;     /* extra wavefronts per wavefront; 0 when conflict-free */
} axe_audit_smem;

typedef enum axe_audit_cvt_class {
	AXE_CVT_NOOP,      /* same layout up to Triton's quotient: nothing emitted */
	AXE_CVT_REGISTERS, /* a permutation of each thread's registers */
	AXE_CVT_SHUFFLE,   /* warp shuffles */
	AXE_CVT_SHARED,    /* a round trip through shared memory */
} axe_audit_cvt_class;

typedef struct axe_audit_convert {
	axe_audit_cvt_class cls;
	int64_t shuffles;       /* per thread (AXE_CVT_SHUFFLE) */
	/* AXE_CVT_SHARED only: */
	int64_t scratch_bytes;
	int rounds;             /* store/load rounds through the scratch buffer */
	axe_audit_smem store, load;
	char barrier[32];       /* "bar.sync" (CTA), "bar.warp.sync", ... */
	axe_linear scratch;     /* the swizzled scratch layout (offset -> tensor) */
} axe_audit_convert;

/*
 * What ttg.convert_layout from "src" to "dst" (register/lane/warp/block
 * LinearLayouts of the same tensor shape) lowers to for elements of
 * "elem_bits" bits on "arch".  0, or -1 with "err" set when the layouts
 * cannot be analysed (the reason in the message).
 */
int axe_audit_convert_layout(const axe_linear *src, const axe_linear *dst, int elem_bits,
			     axe_audit_arch arch, axe_audit_convert *out, axe_error *err);

/*
 * The shared-memory half of a convert_layout that Triton lowers through
 * shared memory (swizzle.c): the scratch layout Triton's optimal swizzling
 * picks for "src" and "dst" (register/lane/warp/block LinearLayouts of the
 * same shape), its bytes and rounds, the store and load instructions with
 * their bank conflicts.  "elem_bits" is the element width (pointers are 64;
 * sub-byte elements travel as 8 bits, as Triton's do).  Fills
 * out->scratch_bytes, rounds, store, load and scratch and leaves the rest
 * of "out" alone: the barrier between stores and loads is
 * axe_audit_convert_layout's.  0, or -1 with "err" set.
 */
int axe_audit_convert_shared(const axe_linear *src, const axe_linear *dst, int elem_bits,
			     axe_audit_arch arch, axe_audit_convert *out, axe_error *err);

/*
 * A local_load ("store" false) or local_store/local_alloc ("store" true)
 * between the distributed layout "regs" and the shared layout "shared"
 * (laid out on the allocation shape; "regs" already on the view's place in
 * it) of "elem_bits"-bit elements.  0, or -1 with "err" set.
 */
int axe_audit_local(const axe_linear *regs, const axe_linear *shared, int elem_bits,
		    bool store, axe_audit_arch arch, axe_audit_smem *out, axe_error *err);

#endif
